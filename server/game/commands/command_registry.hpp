#pragma once

#include <algorithm>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/game/commands/arguments.hpp"
#include "server/game/role.hpp"
#include "server/text/ascii.hpp"

namespace dw::game {

/// One command: an entry in a table. Adding a command is adding an entry. `parse` reads the arguments
/// first (and may refuse them with a message for the person); `func` acts on what it read, receiving a
/// context that carries only what that table's commands may touch.
template <typename Context>
struct command_entry {
  std::string name;
  std::vector<std::string> aliases;
  role min_role = role::player;
  std::string summary;  ///< one line, shown by `help`
  std::string help;     ///< full text, shown by `help <command>`
  arguments::parser parse = arguments::raw;
  std::function<void(Context&)> func;
  /// Which family it was registered in (command_table::begin_family): an index into the table's
  /// families(), set by add(). The metrics count commands by family, a short fixed list of names, never by
  /// what was typed.
  std::size_t family = 0;
};

/// Result of looking a word up: found, ambiguous between several, or unknown.
template <typename Context>
struct command_lookup {
  const command_entry<Context>* found = nullptr;
  std::vector<const command_entry<Context>*> candidates;  ///< when ambiguous
};

/// A table of commands with aliases, unique-prefix abbreviation and role checks. Pure.
template <typename Context>
class command_table {
 public:
  using entry = command_entry<Context>;

  /// Commands added from now on belong to `family` ("movement", "talk", ...: the set they are registered
  /// with). A name given before is its family again. Until the first call they belong to "other".
  void begin_family(std::string_view family) {
    const auto it = std::find(families_.begin(), families_.end(), family);
    current_family_ = static_cast<std::size_t>(it - families_.begin());
    if (it == families_.end()) {
      families_.emplace_back(family);
    }
  }
  /// The families' names, by index (command_entry::family); the first is "other".
  const std::vector<std::string>& families() const { return families_; }

  /// Adds a command; names and aliases are lower case.
  void add(entry e) {
    e.family = current_family_;
    entries_.push_back(std::move(e));
  }

  /// Finds a command visible to `who`: exact name or alias first, then a unique prefix of a name.
  /// An `@` prefix is ignored, so `@who` and `who` both work. Commands above `who`'s role are invisible,
  /// so they look unknown exactly like a typo.
  command_lookup<Context> find(std::string_view word, role who) const {
    command_lookup<Context> result;
    auto visible_to = [who](const entry& c) { return static_cast<int>(c.min_role) <= static_cast<int>(who); };
    if (!word.empty() && word.front() == '@') {
      // "@who" names the administrators' who when there is one; otherwise the @ is just decoration.
      for (const entry& c : entries_) {
        if (visible_to(c) && text::iequals(c.name, word)) {
          result.found = &c;
          return result;
        }
      }
      word.remove_prefix(1);
    }
    if (word.empty()) {
      return result;
    }
    for (const entry& c : entries_) {
      if (!visible_to(c)) {
        continue;
      }
      const bool alias = std::any_of(c.aliases.begin(), c.aliases.end(),
                                     [word](const std::string& a) { return text::iequals(a, word); });
      if (text::iequals(c.name, word) || alias) {
        result.found = &c;
        return result;
      }
    }
    for (const entry& c : entries_) {
      if (visible_to(c) && text::istarts_with(c.name, word)) {
        result.candidates.push_back(&c);
      }
    }
    if (result.candidates.size() == 1) {
      result.found = result.candidates.front();
      result.candidates.clear();
    }
    return result;
  }

  /// Every command visible to `who`, in name order.
  std::vector<const entry*> visible(role who) const {
    std::vector<const entry*> out;
    for (const entry& c : entries_) {
      if (static_cast<int>(c.min_role) <= static_cast<int>(who)) {
        out.push_back(&c);
      }
    }
    std::sort(out.begin(), out.end(), [](const entry* a, const entry* b) { return a->name < b->name; });
    return out;
  }

 private:
  std::vector<entry> entries_;
  std::vector<std::string> families_{"other"};
  std::size_t current_family_ = 0;
};

struct command_context;
/// The commands of characters in play.
using command_def = command_entry<command_context>;
using command_registry = command_table<command_context>;

/// Builds an entry of the play table (the registration files read as tables of these).
inline command_def make_command(std::string name, std::vector<std::string> aliases, role min_role, std::string summary,
                                std::string help, arguments::parser parse,
                                std::function<void(command_context&)> func) {
  command_def c;
  c.name = std::move(name);
  c.aliases = std::move(aliases);
  c.min_role = min_role;
  c.summary = std::move(summary);
  c.help = std::move(help);
  c.parse = std::move(parse);
  c.func = std::move(func);
  return c;
}

}  // namespace dw::game
