// Fights: joining, the choices, consider, ambushes, spent turns, leaving, the last round, resuming, @clear.
#include "server/game/encounters/fights.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "content/fight_judgement.hpp"
#include "content/fight_odds.hpp"
#include "content/text_helpers.hpp"
#include "server/game/content_source.hpp"
#include "server/game/encounters/fight_outcomes.hpp"
#include "server/game/encounters/fight_rounds.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/output/output.hpp"
#include "server/game/output/style.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/roster/roster.hpp"

namespace dw::game {

fights::fights(const content_source& content, roster& people, output& out, ground& where, room_stock& contents,
               fight_table& table, fight_outcomes& outcomes, fight_rounds& rounds)
    : content_(content),
      people_(people),
      out_(out),
      ground_(where),
      contents_(contents),
      table_(table),
      outcomes_(outcomes),
      rounds_(rounds) {}

bool fights::keeps_wanderers_out(std::int64_t room_id) const { return contents_.keeps_wanderers_out(room_id); }

ward fights::ward_of(const character& ch) const { return table_.ward_of(ch.account_id); }

void fights::read_ward(const character& ch, std::int32_t points, std::int32_t rounds) {
  table_.set_ward(ch.account_id, ward{points, rounds});
}

void fights::left_play(const character& ch) { table_.left_play(ch.account_id); }

bool fights::in_combat(const character& ch) const {
  const room_fight* fight = table_.find(ch.where.room_id);
  if (fight == nullptr || !fight->active) {
    return false;
  }
  return std::find(fight->fighters.begin(), fight->fighters.end(), ch.account_id) != fight->fighters.end();
}

void fights::leave_room(const character& ch) {
  outcomes_.forget_warnings(ch.account_id);
  table_.leave(ch.where.room_id, ch.account_id);
}

void fights::join(character& ch, connection& conn) {
  room_fight* state = contents_.state_of(ch) != nullptr ? table_.find(ch.where.room_id) : nullptr;
  if (state == nullptr || state->monsters.won()) {
    out_.send(conn, "There is nothing here to fight.\n");
    return;
  }
  auto& f = state->fighters;
  const bool joined = std::find(f.begin(), f.end(), ch.account_id) != f.end();
  const std::int64_t room_id = ch.where.room_id;
  if (joined && state->active) {
    // Rounds come only on the timer: typing faster must not make a fight go faster.
    out_.send(conn, "You are already fighting; rounds come every few seconds.\n");
    return;
  }
  if (!joined) {
    f.push_back(ch.account_id);
  }
  state->choices.erase(ch.account_id);
  const std::string foes = styled(style::monster, contents_.monsters_text(state->monsters));
  out_.send(conn, "You attack " + foes + "!\n");
  out_.send_room(room_id, styled(style::player, ch.name) + " attacks " + foes + "!\n", ch.account_id);
  rounds_.send_combat(ch, state, true);
  rounds_.start(room_id, *state);
}

void fights::set_choice(character& ch, connection& conn, content::fight_choice choice, std::string_view told) {
  room_fight* state = contents_.state_of(ch) != nullptr ? table_.find(ch.where.room_id) : nullptr;
  if (state == nullptr || !in_combat(ch)) {
    out_.send(conn, "You are not fighting anything.\n");
    return;
  }
  state->choices[ch.account_id] = choice;
  out_.send(conn, std::string(told));
}

void fights::attack(character& ch, connection& conn) {
  if (!in_combat(ch)) {
    join(ch, conn);
    return;
  }
  set_choice(ch, conn, content::fight_choice::attack, "You will attack in the next round.\n");
}

void fights::defend(character& ch, connection& conn) {
  set_choice(ch, conn, content::fight_choice::defend,
             "You will defend from the next round: you take less, and deal less.\n");
}

void fights::consider(const character& ch, connection& conn, std::string_view what) {
  const room_fight* found = table_.find(ch.where.room_id);
  if (found == nullptr || found->monsters.won()) {
    out_.send(conn, "There is nothing here to consider.\n");
    return;
  }
  const content::fight_state& monsters = found->monsters;
  const auto [one, many] = rounds_.monster_names(monsters);
  const content::leader_def* leader = content_.get().find_leader(monsters.monster_key);
  // (by any word of its names, in any case: "consider gnawbone" finds "Old Gnawbone, the rat-king")
  const auto names = [&](std::string_view name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    std::string wanted(what);
    std::transform(wanted.begin(), wanted.end(), wanted.begin(), [](unsigned char c) { return std::tolower(c); });
    return lower.find(wanted) != std::string::npos;
  };
  if (!what.empty() && what != "monster" && what != "monsters" && what != "them" && !names(one) && !names(many) &&
      (leader == nullptr || !names(leader->title))) {
    out_.send(conn, "You see no " + std::string(what) + " here.\n");
    return;
  }
  const content::fight_odds odds = content::weigh_fight(content_.get(), monsters, rounds_.fighter_of(ch));
  std::string text = "You size up " + styled(style::monster, contents_.monsters_text(monsters)) + ". ";
  if (const content::monster_def* kind = content_.get().find_monster(monsters.monster_key)) {
    text += kind->description + " ";  // (what look shows too: consider is a look with the odds)
  }
  text += health_sentence(content_.get(), monsters, one, many) + " ";
  // Each behaviour in a short phrase (the odds above already include them: the simulation fights with them).
  for (std::size_t b = 0; b < content::behaviour_count; ++b) {
    const content::behaviour_rule& rule = content_.get().combat.behaviours[b];
    if (monsters.behaviours.has(static_cast<content::behaviour>(b)) && !rule.consider.empty()) {
      std::string phrase = rule.consider;
      if (const std::size_t at = phrase.find("{monster}"); at != std::string::npos) {
        phrase.replace(at, 9, one);
      }
      text += phrase + " ";
    }
  }
  text += content::consider_words(content_.get(), odds) + "\n";
  out_.send(conn, text);
}

void fights::arrived(character& ch) {
  const room_fight* fight = table_.find(ch.where.room_id);
  if (fight == nullptr || fight->monsters.won() || fight->active) {
    return;
  }
  const content::tape tape = contents_.tape_of(fight->branch, ch.where.x, ch.where.y);
  if (content::aggressive(content_.get(), tape, fight->monsters.depth)) {
    ambush(ch.where.room_id, ch);
  }
}

void fights::last_round(character& ch) {
  if (!in_combat(ch)) {
    return;
  }
  if (connection* conn = people_.find_connection(ch.connection)) {
    out_.send(*conn, "You cannot escape a fight by leaving: the fight goes on for one more round with you in it.\n");
  }
  // The round is fought now rather than on the timer, so the character never outlives its connection
  // in the fight; everyone in that fight has this round a little early.
  room_fight* fight = table_.find(ch.where.room_id);
  fight->choices.erase(ch.account_id);
  std::erase(fight->busy, ch.account_id);
  rounds_.fight_now(ch.where.room_id);
  leave_room(ch);  // (if the round knocked it out, it has already left)
}

bool fights::start_wanderer_fight(std::int64_t room_id, content::fight_state fight, std::uint32_t wanderer) {
  const room_stock::room_state* state = contents_.find_state(room_id);
  if (state == nullptr) {
    return false;
  }
  table_.start(room_id, state->branch, std::move(fight)).wanderer = wanderer;
  return true;
}

void fights::claim_fight(std::int64_t room_id, std::uint32_t wanderer) {
  if (room_fight* fight = table_.find(room_id)) {
    fight->wanderer = wanderer;
  }
}

void fights::end_fight(std::int64_t room_id, bool save) {
  table_.end(room_id);
  if (save) {
    contents_.save_contents(room_id);
  }
}

bool fights::ambush(std::int64_t room_id, character& target) {
  room_fight* state = table_.find(room_id);
  if (state == nullptr || state->monsters.won() || target.where.room_id != room_id) {
    return false;
  }
  auto& f = state->fighters;
  if (std::find(f.begin(), f.end(), target.account_id) == f.end()) {
    f.push_back(target.account_id);
  }
  const std::string foes = styled(style::monster, content::capitalise(contents_.monsters_text(state->monsters)));
  const char* verb = state->monsters.alive() == 1 ? " attacks " : " attack ";
  out_.send(target.connection, foes + verb + "you!\n");
  out_.send_room(room_id, foes + verb + styled(style::player, target.name) + "!\n", target.account_id);
  rounds_.start(room_id, *state);
  return true;
}

void fights::spend_turn(const character& ch) {
  room_fight* state = table_.find(ch.where.room_id);
  if (state == nullptr || !state->active) {
    return;
  }
  if (std::find(state->busy.begin(), state->busy.end(), ch.account_id) == state->busy.end()) {
    state->busy.push_back(ch.account_id);
  }
}

void fights::resume(character& ch, connection& conn) {
  room_fight* state = contents_.state_of(ch) != nullptr ? table_.find(ch.where.room_id) : nullptr;
  if (state == nullptr || state->monsters.won()) {
    return;  // it ended, or the room went back to before the fight when the last round was not saved
  }
  auto& f = state->fighters;
  if (std::find(f.begin(), f.end(), ch.account_id) == f.end()) {
    f.push_back(ch.account_id);
  }
  out_.send(conn, "You are still fighting " + styled(style::monster, contents_.monsters_text(state->monsters)) +
                      "!\n");
  rounds_.resume(ch.where.room_id, *state);
}

void fights::flee(character& ch, connection& conn) {
  if (!in_combat(ch)) {
    out_.send(conn, "You are not fighting anything.\n");
    return;
  }
  const room_fight* fight = table_.find(ch.where.room_id);  // (in combat: there is one)
  const content::tape tape = contents_.tape_of(fight->branch, ch.where.x, ch.where.y);
  if (!outcomes_.way_out(ch, tape, fight->monsters.round)) {
    out_.send(conn, "There is nowhere to flee to!\n");
    return;
  }
  set_choice(ch, conn, content::fight_choice::flee,
             "You look for a way out: from the next round you try to flee, every round until you get away.\n");
}

bool fights::clear_room(character& ch) {
  const room_stock::room_state* state = contents_.state_of(ch);
  if (state == nullptr) {
    return false;
  }
  const std::int64_t room_id = ch.where.room_id;
  if (const room_fight* fight = table_.find(room_id)) {
    // The fight ends with its row (a timer set for it finds none); the table puts it back as it was if the
    // clearing cannot be saved.
    for (std::int64_t account : fight->fighters) {
      outcomes_.forget_warnings(account);
    }
    table_.end(room_id);
  }
  rounds_.ended(room_id);
  contents_.save_contents(room_id);
  ground_.mark_clear(state->branch, {ch.where.x, ch.where.y});
  out_.send_room(ch.where.room_id, "A hush falls; the room is clear, and the way on is open.\n");
  ground_.refresh_room_info(ch.where.room_id);
  return true;
}

}  // namespace dw::game
