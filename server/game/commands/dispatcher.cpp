#include "server/game/commands/dispatcher.hpp"

#include <array>
#include <chrono>

#include "server/game/commands/command_context.hpp"
#include "server/game/commands/command_parser.hpp"
#include "server/text/nearest_words.hpp"

namespace dw::game {
namespace {
/// Upper bounds of the command latency buckets, in nanoseconds: most commands take tens of microseconds.
constexpr std::array<std::int64_t, 13> command_bounds_ns{25'000,     50'000,     100'000,    250'000,    500'000,
                                                         1'000'000,  2'500'000,  5'000'000,  10'000'000, 25'000'000,
                                                         100'000'000, 250'000'000, 1'000'000'000};

/// Records how long a line took when its run ends, however it ends (a handler may throw: the event is
/// taken back, but it still took the time), into `into` as it is then: unknown until a command is found.
class timed {
 public:
  explicit timed(latency_histogram* into) : into(into), started_(std::chrono::steady_clock::now()) {}
  ~timed() { into->record(std::chrono::steady_clock::now() - started_); }
  timed(const timed&) = delete;
  timed& operator=(const timed&) = delete;

  latency_histogram* into;

 private:
  std::chrono::steady_clock::time_point started_;
};

// Every name, alias and unique start of every command is a few thousand; past this the memory starts again.
constexpr std::size_t max_remembered_verbs = 4096;

/// "Unknown command 'lok'. Did you mean 'look'? Type 'help'.": the names and aliases `who` may use that are
/// a slip of the fingers away (server/text/nearest_words.hpp, as help's). Words and names shorter than three
/// letters are never compared, and a word with an '@' is compared only with the commands of administrators
/// (none, for a player).
std::string unknown_text(const command_registry& commands, std::string_view verb, role who) {
  std::string_view word = verb;
  const bool staff = !word.empty() && word.front() == '@';
  if (staff) {
    word.remove_prefix(1);
  }
  std::vector<text::spelling> names;  // (each offered by its command's name, as help offers it)
  if (word.size() >= 3) {
    for (const command_def* c : commands.visible(who)) {
      if (staff && c->min_role == role::player) {
        continue;
      }
      if (c->name.size() >= 3) {
        names.push_back({c->name, c->name});
      }
      for (const std::string& alias : c->aliases) {
        if (alias.size() >= 3) {
          names.push_back({alias, c->name});
        }
      }
    }
  }
  const std::vector<std::string> near = text::nearest_words(word, names);
  std::string answer = "Unknown command '" + std::string(verb) + "'.";
  for (std::size_t i = 0; i < near.size(); ++i) {
    answer += (i == 0 ? " Did you mean '" : i + 1 == near.size() ? " or '" : ", '") + near[i] + "'";
  }
  return answer + (near.empty() ? " Type 'help'.\n" : "? Type 'help' for the list.\n");
}
}  // namespace

void dispatcher::run(connection& conn, std::string_view line) {
  character* ch = people_.find_character(conn.account_id);
  if (ch == nullptr) {
    return;
  }
  const parsed_command cmd = parse_command(line);
  if (cmd.verb.empty()) {
    out_.touch(conn);  // an empty line just gets a fresh prompt
    return;
  }
  timed timing(&unknown_timing_);  // until a command is found
  const command_def* known = nullptr;
  if (const auto it = found_.find(cmd.verb); it != found_.end() && it->second.who == ch->account_role) {
    known = it->second.found;
  } else {
    const auto found = commands_.find(cmd.verb, ch->account_role);
    if (found.found == nullptr) {
      if (!found.candidates.empty()) {
        std::string names;
        for (const command_def* c : found.candidates) {
          names += names.empty() ? "" : ", ";
          names += c->name;
        }
        out_.send(conn, '\'' + std::string(cmd.verb) + "' could mean: " + names + ". Type more letters.\n");
      } else {
        out_.send(conn, unknown_text(commands_, cmd.verb, ch->account_role));
      }
      return;
    }
    known = found.found;
    if (found_.size() >= max_remembered_verbs) {
      found_.clear();
    }
    found_.insert_or_assign(std::string(cmd.verb), remembered{ch->account_role, known});
  }
  const command_def& command = *known;
  timing.into = &timing_of(command.family);
  command_args args;
  command_context ctx{conn, *ch, args, out_, nullptr};
  if (command.min_role != role::player) {
    // Written when the last holder lets go: now, or when a command that finishes later is done.
    ctx.audit = std::make_shared<audit_entry>(admin_, ch->name, std::string(line.substr(0, 500)));
  }
  if (auto refused = command.parse(cmd.args, args)) {
    ctx.failed(*refused + "\n");
    return;
  }
  command.func(ctx);  // may disconnect or move the actor
}

std::span<const std::int64_t> dispatcher::timing_bounds() { return command_bounds_ns; }

latency_histogram& dispatcher::timing_of(std::size_t family) {
  if (family >= timings_.size()) {
    timings_.resize(commands_.families().size(), latency_histogram(timing_bounds()));
  }
  return timings_[family];
}

std::vector<dispatcher::family_timing> dispatcher::timings() const {
  std::vector<family_timing> out;
  const std::vector<std::string>& names = commands_.families();
  static const latency_histogram none(timing_bounds());
  for (std::size_t i = 0; i < names.size(); ++i) {
    out.push_back({names[i], i < timings_.size() ? timings_[i] : none});
  }
  out.push_back({"unknown", unknown_timing_});
  return out;
}

}  // namespace dw::game
