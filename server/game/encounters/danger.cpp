// Reading danger in a fight. A flight that failed goes on, the warning at a third of one's hit points (once
// a fight), and wimpy (a player's own number of hit points to flee at).
#include "server/game/encounters/danger.hpp"

#include <charconv>
#include <string>

#include "server/game/events/undoable.hpp"
#include "server/game/output/style.hpp"

namespace dw::game {

std::optional<int> wimpy_of(const character& ch) {
  const std::string_view stored = ch.prefs.get(pref::wimpy);
  int hp = 0;
  const auto [end, error] = std::from_chars(stored.data(), stored.data() + stored.size(), hp);
  if (stored.empty() || error != std::errc() || end != stored.data() + stored.size() || hp <= 0) {
    return std::nullopt;
  }
  return hp;
}

void danger::after_round(character& ch, const content::fighter_outcome& o, room_fight& state, const content::tape& tape,
                         std::uint32_t round) {
  std::string text;
  const auto chosen = state.choices.find(ch.account_id);
  const bool fleeing = chosen != state.choices.end() && chosen->second == content::fight_choice::flee;
  if (o.flee_failed && fleeing) {
    text += "You keep looking for a way out ('attack' or 'defend' to fight on).\n";
  }
  // A third of the most hit points or less: said once in a fight, not every round. (An entry for another
  // room is left over from an earlier fight and does not count.)
  const auto warned = warned_.find(ch.account_id);
  const bool told = warned != warned_.end() && warned->second == ch.where.room_id;
  if (ch.hp > 0 && ch.hp * 3 <= ch.max_hp && !told) {
    warned_[ch.account_id] = ch.where.room_id;
    keep_new_entry(changes_, warned_, ch.account_id);
    text += styled(style::combat, "You are badly hurt: " + std::to_string(ch.hp) + " of " + std::to_string(ch.max_hp) +
                                      " hit points left!") +
            "\n";
  }
  const std::optional<int> wimpy = wimpy_of(ch);
  if (wimpy && ch.hp <= *wimpy && !fleeing && ways_.way_out(ch, tape, round + 1)) {
    state.choices[ch.account_id] = content::fight_choice::flee;  // (the round's own undo puts it back)
    text += styled(style::combat, "You panic and will try to flee in the next round!") + " (wimpy " +
            std::to_string(*wimpy) + ")\n";
  }
  if (!text.empty()) {
    out_.send(ch.connection, text);
  }
}

}  // namespace dw::game
