#pragma once

// What characters achieve, told by the parts whose rules decide it (fights, places, puzzles, the
// merchant) to the parts that reward it (progression, bounties). The parts that tell do not know who
// listens: the world connects them through a deed_relay.
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "server/game/roster/character.hpp"

namespace dw::game {

/// A won fight: its monsters, who was still standing at the end, in the order they joined, and who shares
/// its rewards.
struct fight_won {
  std::string_view monster_key;  ///< monsters.toml's key
  int depth = 0;                 ///< of the fight's room
  int monsters = 0;              ///< how many were defeated
  bool wanderer = false;         ///< a wanderer's fight, not the room's own challenge
  std::span<character* const> standing;
  /// `standing`, then the members of their groups in the room, fighting or not (groups::sharers).
  std::span<character* const> sharing;
};

class deeds {
 public:
  /// The fight in a room was won (every monster defeated).
  virtual void won(const fight_won& fight) = 0;
  /// `ch` walked into a room deeper than any it had reached before (`depth` is the new deepest).
  virtual void reached(character& ch, int depth) = 0;
  /// `ch` came into a room at `depth`, another depth than the room it left (told after `reached`, and for
  /// depths reached before too). Listeners that do not care need not say so.
  virtual void arrived(character& /*ch*/, int /*depth*/) {}
  /// `ch` opened a rune door at `depth`.
  virtual void opened(character& ch, int depth) = 0;
  /// `ch` sold a scroll of the kind `effect` (scroll_effects.toml key; empty when it has none).
  virtual void sold_scroll(character& ch, std::string_view effect) = 0;

 protected:
  ~deeds() = default;
};

/// Hands every deed to each listener in the order they were added. World thread only.
class deed_relay final : public deeds {
 public:
  void listen(deeds& listener) { listeners_.push_back(&listener); }
  void won(const fight_won& fight) override {
    for (deeds* l : listeners_) {
      l->won(fight);
    }
  }
  void reached(character& ch, int depth) override {
    for (deeds* l : listeners_) {
      l->reached(ch, depth);
    }
  }
  void arrived(character& ch, int depth) override {
    for (deeds* l : listeners_) {
      l->arrived(ch, depth);
    }
  }
  void opened(character& ch, int depth) override {
    for (deeds* l : listeners_) {
      l->opened(ch, depth);
    }
  }
  void sold_scroll(character& ch, std::string_view effect) override {
    for (deeds* l : listeners_) {
      l->sold_scroll(ch, effect);
    }
  }

 private:
  std::vector<deeds*> listeners_;
};

}  // namespace dw::game
