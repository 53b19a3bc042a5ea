#include "content/fight_odds.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>

#include "content/fight_round.hpp"
#include "content/tape.hpp"
#include "seed/mix64.hpp"

namespace dw::content {

namespace {

/// Keeps the simulated tapes apart from every other tape the game derives.
constexpr std::uint64_t consider_salt = 0xC0A5'1DE5'0DD5'0000ULL;

/// Hit points no round can take away (a round takes at most max_count x monster_stat_cap).
constexpr int unfelled_hp = std::numeric_limits<int>::max() / 2;

/// "1 round", "6 rounds".
std::string rounds_text(double mean) {
  const long n = std::max(1L, std::lround(mean));
  return std::to_string(n) + (n == 1 ? " round" : " rounds");
}

void fill(std::string& text, std::string_view placeholder, const std::string& value) {
  if (const std::size_t at = text.find(placeholder); at != std::string::npos) {
    text.replace(at, placeholder.size(), value);
  }
}

}  // namespace

double fight_odds::win_chance() const noexcept {
  const int decided = won + fell;
  return decided > 0 ? static_cast<double>(won) / static_cast<double>(decided) : 0.5;
}

std::uint64_t consider_tape_seed(int run) noexcept {
  return seed::mix64(consider_salt + static_cast<std::uint64_t>(run) + seed::golden_gamma);
}

fight_odds weigh_fight(const content_tables& tables, const fight_state& state, const fighter& f) {
  const consider_rules& rules = tables.combat.consider;
  fight_odds out;
  out.runs = rules.runs;
  const std::int64_t hp = std::max(f.hp, 0);
  double win_rounds = 0.0;
  int finished = 0;
  double lose_rounds = 0.0;
  for (int run = 0; run < rules.runs; ++run) {
    fight_state sim = state;
    sim.tape_position = 0;
    const tape simulated(consider_tape_seed(run));
    fighter me = f;
    me.choice = fight_choice::attack;
    std::int64_t taken = 0;
    int fell_in = 0;  // 0: not felled
    int round = 0;
    if (hp == 0) {
      fell_in = 1;
    }
    while (round < rules.most_rounds && !sim.won()) {
      ++round;
      me.hp = unfelled_hp;
      const round_result result = fight_round(tables, simulated, sim, std::span(&me, 1));
      const fighter_outcome& o = result.fighters.front();
      me.ward_points = o.ward_points;
      me.ward_rounds = o.ward_rounds;
      taken += o.damage_taken + o.behaviour_taken;
      if (fell_in == 0 && taken >= hp) {
        fell_in = round;
      }
    }
    if (sim.won()) {
      ++finished;
      win_rounds += round;
    }
    if (fell_in > 0) {
      ++out.fell;
      lose_rounds += fell_in;
    } else if (sim.won()) {
      ++out.won;
    }
  }
  if (finished * 2 >= rules.runs && finished > 0) {
    out.rounds_to_win = win_rounds / finished;
  }
  if (out.fell > 0) {
    out.rounds_to_lose = lose_rounds / out.fell;
  }
  return out;
}

odds verdict(const content_tables& tables, const fight_odds& o) noexcept {
  const consider_rules& rules = tables.combat.consider;
  const double chance = o.win_chance();
  for (std::size_t i = 0; i < rules.at_least.size(); ++i) {
    if (chance >= rules.at_least[i]) {
      return static_cast<odds>(i);
    }
  }
  return odds::hopeless;
}

std::string consider_words(const content_tables& tables, const fight_odds& o) {
  const consider_rules& rules = tables.combat.consider;
  std::string text = rules.words[static_cast<std::size_t>(verdict(tables, o))];
  std::string rounds;
  if (o.rounds_to_win && o.rounds_to_lose) {
    rounds = rules.both;
  } else if (o.rounds_to_win) {
    rounds = rules.safe;
  } else if (o.rounds_to_lose) {
    rounds = rules.cannot_finish;
  } else {
    rounds = rules.stalemate;
  }
  if (o.rounds_to_win) {
    fill(rounds, "{win}", rounds_text(*o.rounds_to_win));
  }
  if (o.rounds_to_lose) {
    fill(rounds, "{lose}", rounds_text(*o.rounds_to_lose));
  }
  return text + " " + rounds;
}

}  // namespace dw::content
