#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/game/roster/character.hpp"
#include "server/game/roster/connection.hpp"

namespace dw::game {

/// Who is here: the connections, the characters in play, and who stands in which room. It keeps
/// records only; the rules about entering and leaving belong to places and login. World thread only.
class roster {
 public:
  /// A new connection (its id is the next free one).
  connection& add_connection(session_port& port, std::int64_t connected_at);
  void remove_connection(std::uint64_t id);
  connection* find_connection(std::uint64_t id);
  const connection* find_connection(std::uint64_t id) const;
  const std::unordered_map<std::uint64_t, std::unique_ptr<connection>>& connections() const { return connections_; }

  /// Puts `ch` in play (replacing any character of the same account) and returns it. Not yet in a room.
  character& add_character(character ch);
  void remove_character(std::int64_t account_id);
  character* find_character(std::int64_t account_id);
  const character* find_character(std::int64_t account_id) const;
  character* find_character_by_name(std::string_view name);
  /// Every character in play, sorted by name.
  std::vector<const character*> online() const;
  /// How many characters are in play.
  std::size_t playing() const { return characters_.size(); }
  /// Calls fn(character&) for each character in play, in no particular order.
  template <typename F>
  void for_each_character(F&& fn) {
    for (auto& [account, ch] : characters_) {
      fn(ch);
    }
  }

  /// Records that `ch` stands in its room (`ch.where`), or no longer does.
  void occupy(const character& ch);
  void vacate(const character& ch);
  /// The account ids of those standing in a room, in arrival order (empty when nobody).
  const std::vector<std::int64_t>& occupants(std::int64_t room_id) const;
  std::vector<const character*> characters_in(std::int64_t room_id) const;

 private:
  std::uint64_t next_connection_id_ = 1;
  std::unordered_map<std::uint64_t, std::unique_ptr<connection>> connections_;
  std::unordered_map<std::int64_t, character> characters_;                 // by account id, in play only
  std::unordered_map<std::int64_t, std::vector<std::int64_t>> occupants_;  // room id -> account ids
};

/// The list of who is playing, as shown before login and by `who`.
/// `level_of` (when given) puts each player's level beside the name.
std::string who_text(const roster& people, const std::function<int(std::int64_t account)>& level_of = {});

}  // namespace dw::game
