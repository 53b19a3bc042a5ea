#pragma once

// Crowds: who comes and goes in a room, as the room hears it. In a room holding more than game.crowd_size
// people, walks, logins and quits are gathered and told once game.crowd_flush_ms has passed, one line for
// those who left and one for those who came, instead of a line a person. Its own state (the batches
// gathering, by room id) is kept here and nowhere else. World thread only.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "server/game/events/event_sink.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/output/output.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"

namespace dw::game {

/// One person's coming or going as the room hears it. Alone it is `text`; in a crowded room's batch it is
/// their name among others before `together` (or, when the batch's people did not all go alike, before
/// the plain verb: "leave", "arrive").
struct passing {
  std::string text;      ///< "Ann leaves north.\n" (empty: the room is told nothing)
  std::string name;      ///< "Ann"
  std::string together;  ///< "leave north", "climb up the ladder" (empty: never batched, always told at once)
};

/// A walk, login or quit waiting in a crowded room's batch.
struct crowd_entry {
  std::int64_t account = 0;
  std::uint64_t serial = 0;  ///< finds it again when the move is taken back
  passing news;
};

class crowds {
 public:
  crowds(const live_settings& settings, roster& people, output& out, change_sink& changes, event_runner& events,
         services& svc)
      : settings_(settings), people_(people), out_(out), changes_(changes), events_(events), services_(svc) {}
  crowds(const crowds&) = delete;
  crowds& operator=(const crowds&) = delete;

  /// Tells room `room_id` of `p` (someone of `account` coming, or going) at once, or adds it to the room's
  /// batch when the room is crowded or its batch is already gathering; taken out of the batch again if the
  /// event cannot be saved.
  void tell_passing(std::int64_t room_id, const passing& p, std::int64_t account, bool arriving);
  /// How many rooms have a batch gathering.
  std::size_t gathering() const { return batches_.size(); }

 private:
  /// tell_passing's undo: the entry `serial` leaves the batch of `room_id` (if it has not been told yet).
  void take_out_of_batch(std::int64_t room_id, std::uint64_t serial, bool arriving);
  /// Tells a room its batch: one line for those who left and one for those who came.
  void flush(std::int64_t room_id);
  /// One line of a batch to everyone in the room; one of the batch still there hears of the others only.
  void tell_batch(std::int64_t room_id, const std::vector<crowd_entry>& batch, std::string_view verb);

  const live_settings& settings_;
  roster& people_;
  output& out_;
  change_sink& changes_;
  event_runner& events_;
  services& services_;
  /// A crowded room's comings and goings not told yet, by room id; each has its one flush timer pending.
  struct room_batch {
    std::vector<crowd_entry> leaving;
    std::vector<crowd_entry> arriving;
  };
  std::unordered_map<std::int64_t, room_batch> batches_;
  std::uint64_t next_serial_ = 1;
};

}  // namespace dw::game
