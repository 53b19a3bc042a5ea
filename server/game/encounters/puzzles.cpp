#include "server/game/encounters/puzzles.hpp"

#include <algorithm>

#include "content/puzzle.hpp"
#include "content/rune_attempt.hpp"
#include "content/text_helpers.hpp"
#include "server/game/content_source.hpp"
#include "server/game/deeds.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_stock.hpp"
#include "server/game/encounters/rune_locks.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/output/output.hpp"
#include "server/game/output/style.hpp"
#include "server/game/places/ground.hpp"
#include "server/game/roster/roster.hpp"
#include "server/log/log.hpp"

namespace dw::game {

namespace {

/// "press sun, moon eye" -> {"sun", "moon", "eye"}.
std::vector<std::string> pressed_runes(std::string_view runes) {
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
  std::erase(pressed, std::string());
  return pressed;
}

/// The door's runes in words: "three runes, eye, moon and sun".
std::string runes_shown(const content::rune_lock& lock) {
  const std::vector<std::string> shown = lock.shown();
  return content::count_word(static_cast<int>(shown.size())) + " runes, " + content::rune_list(shown);
}

}  // namespace

puzzles::puzzles(const content_source& content, roster& people, output& out, change_sink& changes, ground& where,
                 room_stock& contents, rune_locks& locks, item_news& news)
    : content_(content),
      people_(people),
      out_(out),
      changes_(changes),
      ground_(where),
      contents_(contents),
      locks_(locks),
      news_(news) {}

const content::rune_lock* puzzles::lock_here(const character& ch) {
  // (state_of reads the branch first if it is not in memory; its locks come with it)
  return contents_.state_of(ch) != nullptr ? locks_.lock_in(ch.where.room_id) : nullptr;
}

void puzzles::press(character& ch, connection& conn, std::string_view runes) {
  const content::rune_lock* here = lock_here(ch);
  if (here == nullptr) {
    out_.send(conn, "There is nothing here to press.\n");
    return;
  }
  if (here->solved) {
    out_.send(conn, "The door already stands open.\n");
    return;
  }
  const content::rune_lock& lock = *here;
  const std::vector<std::string> pressed = pressed_runes(runes);
  if (pressed.empty()) {
    out_.send(conn, "Press which runes? The door shows " + content::rune_list(lock.shown()) + ".\n");
    return;
  }
  const content::rune_attempt attempt = content::judge_press(lock, pressed);
  switch (attempt.kind) {
    case content::attempt_kind::opens:
      solve(ch, contents_.state_of(ch)->branch, "You press the runes in turn", "presses the runes in turn");
      return;
    case content::attempt_kind::unknown_rune:
      out_.send(conn, "There is no '" + attempt.unknown + "' rune on the door; it shows " +
                          content::rune_list(lock.shown()) + ".\n");
      return;
    case content::attempt_kind::partial:
    case content::attempt_kind::not_runes:
      out_.send(conn, "The door carries " + runes_shown(lock) +
                          ": press every one of them once, in the order that opens it.\n");
      return;
    case content::attempt_kind::wrong_order:
      ward(ch, "You press " + content::rune_list(pressed), "presses runes on the door");
      return;
  }
}

bool puzzles::hear(character& ch, std::string_view words) {
  if (ch.where.branch_id == 0) {
    return false;
  }
  const content::rune_lock* lock = lock_here(ch);
  if (lock == nullptr || lock->solved) {
    return false;
  }
  const content::rune_attempt attempt = content::judge_speech(*lock, words);
  switch (attempt.kind) {
    case content::attempt_kind::opens:
      solve(ch, contents_.state_of(ch)->branch, "You speak the word of opening", "speaks the word of opening");
      return true;
    case content::attempt_kind::wrong_order:
      ward(ch, "The runes hear you", "speaks to the door");
      return false;
    case content::attempt_kind::partial:
      out_.send(ch.connection, "The runes stir at their names and settle again: the word of opening names all " +
                                   content::count_word(static_cast<int>(lock->sequence.size())) +
                                   " of them, each once, in the right order.\n");
      return false;
    case content::attempt_kind::unknown_rune:
    case content::attempt_kind::not_runes:
      break;
  }
  return false;  // just speech
}

void puzzles::put_back_tries(std::int64_t room_id, int earlier) { wrong_tries_[room_id] = earlier; }

void puzzles::ward(character& ch, const std::string& mine, std::string_view theirs) {
  const std::int64_t room_id = ch.where.room_id;
  const int earlier = wrong_tries_[room_id];
  const int blow = content::ward_blow(content_.get().puzzles, earlier);
  if (ch.hp <= blow) {
    // Trying every order must cost something: one who cannot pay is refused, not knocked out.
    out_.send(ch.connection, "The ward over the runes crackles as you reach for them: a wrong order would cost " +
                                 std::to_string(blow) + " hit points, and you have " + std::to_string(ch.hp) +
                                 ". Rest before you try again.\n");
    return;
  }
  keep(changes_, people_, ch, &character::hp);
  undo_with<&puzzles::put_back_tries>(changes_, this, room_id, earlier);
  wrong_tries_[room_id] = earlier + 1;
  ch.hp -= blow;
  ground_.save_character(ch);
  log::info("{} tried a wrong order at the rune lock in room {} (wrong try {} there, {} hp)", ch.name, room_id,
            earlier + 1, blow);
  const int next = content::ward_blow(content_.get().puzzles, earlier + 1);
  out_.send(ch.connection,
            mine + ": they flare red and go dark, and the door's ward strikes you for " + std::to_string(blow) +
                " hit points (" + std::to_string(ch.hp) + "/" + std::to_string(ch.max_hp) +
                "). That order does not open it; the next wrong one will cost " + std::to_string(next) + ".\n");
  out_.send_room(room_id,
                 styled(style::player, ch.name) + " " + std::string(theirs) +
                     "; the runes flare red and go dark, and the door's ward strikes " + ch.name + ".\n",
                 ch.account_id);
  out_.send_vitals(ch);
}

std::optional<std::string> puzzles::look_at(const character& ch, std::string_view words) {
  if (ch.where.branch_id == 0 || words.empty()) {
    return std::nullopt;
  }
  if (contents_.find_state(ch.where.room_id) == nullptr) {
    return std::nullopt;
  }
  const std::string word = content::letters_only(words);
  if (const content::rune_lock* here = locks_.lock_in(ch.where.room_id)) {
    const content::rune_lock& lock = *here;
    const bool rune = std::find(lock.sequence.begin(), lock.sequence.end(), word) != lock.sequence.end();
    const bool door =
        word == "door" || word == "doors" || word == "blackdoor" || word == "stonedoor" || word == "doorofblackstone";
    if (!door && !rune && word != "runes" && word != "rune" && word != "ward") {
      return std::nullopt;
    }
    if (lock.solved) {
      return "The door of black stone stands open. Its runes, " + content::rune_list(lock.shown()) +
             ", are dark and cold now.\n";
    }
    if (door) {
      return "A door of black stone seals the way on, smooth and cold, with no handle and no keyhole. It carries " +
             runes_shown(lock) +
             ", under a faint shimmer: a ward. Press the runes in the order that opens it ('press " +
             lock.shown().front() +
             " ...'), or speak them as one word; the order is written somewhere else in this "
             "branch. A wrong order sets the ward on whoever tried it.\n";
    }
    if (rune) {
      return "The " + word + " rune is cut deep into the black stone, one of " + runes_shown(lock) +
             ". Alone it does nothing: the door wants every rune, in its order.\n";
    }
    return "The door carries " + runes_shown(lock) +
           ", each cut deep into the black stone under a faint shimmer: the "
           "door's ward, which strikes whoever tries them in a wrong order. The order that opens it is written "
           "somewhere else in this branch.\n";
  }
  if (locks_.hint_in(ch.where.room_id) != nullptr &&
      (word == "scratches" || word == "scratching" || word == "writing" || word == "runes" || word == "words" ||
       word == "order")) {
    return locks_.text(ch.where.room_id);
  }
  return std::nullopt;
}

void puzzles::solve(character& ch, std::uint64_t branch, std::string_view mine, std::string_view theirs) {
  const std::int64_t room_id = ch.where.room_id;
  locks_.open(room_id);  // (sealed again if the event cannot be saved)
  wrong_tries_.erase(room_id);
  contents_.save_contents(room_id);
  ground_.mark_clear(branch, {ch.where.x, ch.where.y});
  log::info("{} opened the rune lock in room {} (branch {} ({},{}))", ch.name, room_id, branch, ch.where.x, ch.where.y);
  // The reward: scrolls whose seeds lie far along the room's puzzle tape, so the same lock always gives the same.
  const content::tape tape = content::puzzle_tape(contents_.tape_of(branch, ch.where.x, ch.where.y));
  std::vector<item> reward;
  for (int i = 0; i < content_.get().puzzles.reward_scrolls; ++i) {
    reward.push_back(contents_.make_scroll(tape.bits(content::puzzle_reward_index + static_cast<std::uint64_t>(i))));
  }
  const room_stock::dropped_loot loot = contents_.drop_loot(std::move(reward), room_id);
  // "The way on is open" only where the door stood in the way of somewhere new (an unexplored exit).
  const std::optional<place> here = ground_.at(ch.where);
  const bool way_on = here && std::any_of(here->exits.begin(), here->exits.end(),
                                          [](const place_exit& e) { return e.kind == exit_kind::unexplored; });
  std::string opened = ". The runes blaze white, and the door of black stone grinds open";
  opened += way_on ? ": the way on is open!\n" : ".\n";
  if (!loot.text.empty()) {
    opened += "Behind it lies:\n" + loot.text;
  }
  out_.send(ch.connection, std::string(mine) + opened);
  out_.send_room(room_id, ch.name + " " + std::string(theirs) + opened, ch.account_id);
  for (const item& it : loot.items) {
    news_.room_added(room_id, it);
  }
  ground_.refresh_room_info(room_id);
  if (deeds_ != nullptr) {
    deeds_->opened(ch, ground_.depth(ch));
  }
}

}  // namespace dw::game
