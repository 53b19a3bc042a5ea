#pragma once

#include <string_view>
#include <vector>
#include <string>

#include "server/game/content_source.hpp"
#include "server/game/deeds.hpp"
#include "server/game/encounters/item_news.hpp"
#include "server/game/encounters/room_contents.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/places.hpp"

namespace dw::game {

/// Rune locks: pressing runes and speaking the word of opening. A solved lock clears its room and drops
/// its reward; both are saved before anyone is told. World thread only.
class puzzles {
 public:
  puzzles(const live_settings& settings, const content_source& content, output& out, change_sink& changes,
          places& where, room_contents& contents, item_news& news);

  /// `press <rune> <rune> ...` in the room `ch` is in.
  void press(character& ch, connection& conn, std::string_view runes);
  /// Something `ch` said aloud: the word of opening (or the runes in order) opens a lock here. Returns
  /// whether it did; anything else said is just speech.
  bool hear(character& ch, std::string_view words);

  /// Who hears of a door opened (set once).
  void set_deeds(deeds& told) { deeds_ = &told; }

 private:
  void solve(character& ch, room_contents::room_state& state, std::string_view how);

  const live_settings& settings_;
  const content_source& content_;
  output& out_;
  change_sink& changes_;
  places& places_;
  room_contents& contents_;
  item_news& news_;
  deeds* deeds_ = nullptr;
};

}  // namespace dw::game
