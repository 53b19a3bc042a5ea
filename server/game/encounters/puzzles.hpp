#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dw::content {
struct rune_lock;
}

namespace dw::game {

// What puzzles works with is declared only: the command set that calls press (commands/puzzles.cpp) and
// whoever else includes this header do not parse the parts behind it (puzzles.cpp includes them).
class content_source;
class deeds;
class item_news;
class room_stock;
class rune_locks;
class change_sink;
class output;
class ground;
class roster;
struct character;
struct connection;

/// Rune locks: pressing runes and speaking the word of opening. A solved lock clears its room and drops
/// its reward; both are saved before anyone is told. A wrong order (content/rune_attempt.hpp) sets the door's
/// ward on whoever tried it, harder for each wrong order tried at that door (puzzles.toml). World thread only.
class puzzles {
 public:
  puzzles(const content_source& content, roster& people, output& out, change_sink& changes, ground& where,
          room_stock& contents, rune_locks& locks, item_news& news);

  /// `press <rune> <rune> ...` in the room `ch` is in.
  void press(character& ch, connection& conn, std::string_view runes);
  /// Something `ch` said aloud: the word of opening (or the runes in order) opens a lock here. Returns
  /// whether it did. The door's runes in a wrong order are a wrong try, and some of them an answered one;
  /// anything else said is just speech.
  bool hear(character& ch, std::string_view words);
  /// What `look <words>` sees of the door and its runes (a rune lock room), or of the scratched order (its
  /// hint room); nullopt for anything else.
  std::optional<std::string> look_at(const character& ch, std::string_view words);

  /// Who hears of a door opened (set once).
  void set_deeds(deeds& told) { deeds_ = &told; }

 private:
  /// The door opens for `ch`: `mine` is how `ch` reads what it did ("You press the runes in turn"), `theirs`
  /// how the others in the room do ("presses the runes in turn", after the name).
  void solve(character& ch, std::uint64_t branch, std::string_view mine, std::string_view theirs);
  /// The sealed or open door of the room `ch` is in (nullptr if none); reads the branch first if need be.
  const content::rune_lock* lock_here(const character& ch);
  /// A wrong order: the ward strikes `ch` (saved, and taken back if the event cannot be saved).
  void ward(character& ch, const std::string& mine, std::string_view theirs);
  /// ward's undo: the wrong tries at `room_id` are `earlier` again (even if forgotten meanwhile).
  void put_back_tries(std::int64_t room_id, int earlier);

  const content_source& content_;
  roster& people_;
  output& out_;
  change_sink& changes_;
  ground& ground_;
  room_stock& contents_;
  rune_locks& locks_;  ///< the puzzles' state: each lock and hint room
  item_news& news_;
  deeds* deeds_ = nullptr;
  /// Per lock room: wrong orders tried since it was last opened or the server started (what the next costs).
  std::unordered_map<std::int64_t, int> wrong_tries_;
};

}  // namespace dw::game
