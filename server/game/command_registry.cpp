#include "server/game/command_registry.hpp"

#include <algorithm>

#include "server/game/command_parser.hpp"

namespace dw::game {

command_def make_command(std::string name, std::vector<std::string> aliases, role min_role, std::string summary,
                         std::string help, std::function<void(command_context&)> handler) {
  command_def c;
  c.name = std::move(name);
  c.aliases = std::move(aliases);
  c.min_role = min_role;
  c.summary = std::move(summary);
  c.help = std::move(help);
  c.handler = std::move(handler);
  return c;
}

void command_registry::add(command_def def) { commands_.push_back(std::move(def)); }

command_lookup command_registry::find(std::string_view word, role who) const {
  command_lookup result;
  auto visible_to = [who](const command_def& c) { return static_cast<int>(c.min_role) <= static_cast<int>(who); };
  if (!word.empty() && word.front() == '@') {
    // "@who" names the administrators' who when there is one; otherwise the @ is just decoration.
    for (const command_def& c : commands_) {
      if (visible_to(c) && iequals(c.name, word)) {
        result.found = &c;
        return result;
      }
    }
    word.remove_prefix(1);
  }
  if (word.empty()) {
    return result;
  }
  for (const command_def& c : commands_) {
    if (!visible_to(c)) {
      continue;
    }
    if (iequals(c.name, word)) {
      result.found = &c;
      return result;
    }
    for (const std::string& alias : c.aliases) {
      if (iequals(alias, word)) {
        result.found = &c;
        return result;
      }
    }
  }
  for (const command_def& c : commands_) {
    if (visible_to(c) && istarts_with(c.name, word)) {
      result.candidates.push_back(&c);
    }
  }
  if (result.candidates.size() == 1) {
    result.found = result.candidates.front();
    result.candidates.clear();
  }
  return result;
}

std::vector<const command_def*> command_registry::visible(role who) const {
  std::vector<const command_def*> out;
  for (const command_def& c : commands_) {
    if (static_cast<int>(c.min_role) <= static_cast<int>(who)) {
      out.push_back(&c);
    }
  }
  std::sort(out.begin(), out.end(), [](const command_def* a, const command_def* b) { return a->name < b->name; });
  return out;
}

}  // namespace dw::game
