#include "server/game/encounters/puzzles.hpp"

#include <spdlog/spdlog.h>

#include "content/puzzle.hpp"

namespace dw::game {

puzzles::puzzles(const live_settings& settings, const content_source& content, output& out, change_sink& changes,
                 places& where, room_contents& contents, item_news& news)
    : settings_(settings), content_(content), out_(out), changes_(changes), places_(where), contents_(contents),
      news_(news) {}

void puzzles::press(character& ch, connection& conn, std::string_view runes) {
  room_contents::room_state* state = contents_.state_of(ch);
  if (state == nullptr || !state->lock) {
    out_.send(conn, "There is nothing here to press.\n");
    return;
  }
  if (state->lock->solved) {
    out_.send(conn, "The door already stands open.\n");
    return;
  }
  std::vector<std::string> pressed;
  std::string word;
  for (char c : runes) {
    if (c == ' ' || c == ',') {
      if (!word.empty()) {
        pressed.push_back(content::letters_only(word));
        word.clear();
      }
    } else {
      word += c;
    }
  }
  if (!word.empty()) {
    pressed.push_back(content::letters_only(word));
  }
  if (pressed.empty()) {
    out_.send(conn, "Press which runes? The door shows " + content::rune_list(state->lock->shown()) + ".\n");
    return;
  }
  if (pressed != state->lock->sequence) {
    out_.send(conn, "You press the runes. They flicker and go dark.\n");
    out_.send_room(ch.where.room_id, ch.name + " presses runes on the door; they flicker and go dark.\n",
                   ch.account_id);
    return;
  }
  solve(ch, *state, "presses the runes in turn");
}

bool puzzles::hear(character& ch, std::string_view words) {
  if (ch.where.branch_id == 0) {
    return false;
  }
  room_contents::room_state* state = contents_.state_of(ch);
  if (state == nullptr || !state->lock || state->lock->solved) {
    return false;
  }
  if (content::letters_only(words) != state->lock->word()) {
    return false;
  }
  solve(ch, *state, "speaks the word of opening");
  return true;
}

void puzzles::solve(character& ch, room_contents::room_state& state, std::string_view how) {
  const std::int64_t room_id = ch.where.room_id;
  changes_.on_rollback([this, room_id, before = state] {
    if (room_contents::room_state* again = contents_.find_state(room_id)) {
      *again = before;
    }
  });
  state.lock->solved = true;
  contents_.save_contents(room_id, state);
  places_.mark_clear(state.branch, {ch.where.x, ch.where.y});
  spdlog::info("{} opened the rune lock in room {} (branch {} ({},{}))", ch.name, room_id, state.branch, ch.where.x,
               ch.where.y);
  // The reward: scrolls whose seeds lie far along the room's puzzle tape, so the same lock always gives the same.
  const content::tape tape = content::puzzle_tape(room_tape(settings_.get(), state.branch, ch.where.x, ch.where.y));
  std::vector<item> reward;
  for (int i = 0; i < content_.get().puzzles.reward_scrolls; ++i) {
    reward.push_back(contents_.make_scroll(tape.bits(content::puzzle_reward_index + static_cast<std::uint64_t>(i))));
  }
  const room_contents::dropped_loot loot = contents_.drop_loot(std::move(reward), room_id);
  std::string text = ch.name + " " + std::string(how) +
                     ". The runes blaze white, and the door of black stone grinds open: the way on is open!\n";
  if (!loot.text.empty()) {
    text += "Behind it lies:\n" + loot.text;
  }
  out_.send_room(room_id, text);
  for (const item& it : loot.items) {
    news_.room_added(room_id, it);
  }
  places_.refresh_room_info(room_id);
  if (deeds_ != nullptr) {
    deeds_->opened(ch, places_.depth(ch));
  }
}

}  // namespace dw::game
