// Crowds: a room holding more than game.crowd_size people hears walks, logins and quits gathered, one line
// for those who left and one for those who came once game.crowd_flush_ms has passed, instead of a line a
// person (3,000 people coming into the square would otherwise send 3,000 lines to each of 3,000 people).
#include "server/game/places/crowds.hpp"

#include <algorithm>
#include <chrono>
#include <unordered_map>

#include "server/game/events/undoable.hpp"
#include "server/game/output/style.hpp"
#include "server/game/places/crowd_text.hpp"

namespace dw::game {
namespace {

/// "Ann, Bob and 14 others arrive.\n": the `count` people of `batch` but `skip`, at most `cap` named.
std::string batch_line(const std::vector<crowd_entry>& batch, std::int64_t skip, std::size_t count, std::size_t cap,
                       std::string_view together) {
  std::vector<std::string> names;
  for (const crowd_entry& e : batch) {
    if (names.size() == cap) {
      break;
    }
    if (e.account != skip) {
      names.push_back(styled(style::player, e.news.name));
    }
  }
  std::string line = name_list(names, count - names.size(), true);
  line += ' ';
  line += together;
  line += ".\n";
  return line;
}

}  // namespace

void crowds::tell_passing(std::int64_t room_id, const passing& p, std::int64_t account, bool arriving) {
  if (p.text.empty()) {
    return;
  }
  const bool gathering = batches_.contains(room_id);
  const bool crowded = static_cast<std::int64_t>(people_.occupants(room_id).size()) > settings_.get().game.crowd_size;
  if (p.together.empty() || (!gathering && !crowded)) {
    out_.send_room(room_id, p.text, account);
    return;
  }
  // (once a batch gathers, every walk in that room joins it until it is told, so nothing overtakes it)
  room_batch& batch = batches_[room_id];
  if (!gathering) {
    // The room's one timer, on the game's own timers: the batch is told as an event of its own.
    services_.after(std::chrono::milliseconds(settings_.get().game.crowd_flush_ms),
                    [this, room_id] { events_.run_event(0, [this, room_id] { flush(room_id); }); });
  }
  const std::uint64_t serial = next_serial_++;
  (arriving ? batch.arriving : batch.leaving).push_back(crowd_entry{account, serial, p});
  // A move that cannot be saved was never made: it leaves the batch (if the batch has not been told yet).
  undo_with<&crowds::take_out_of_batch>(changes_, this, room_id, serial, arriving);
}

void crowds::take_out_of_batch(std::int64_t room_id, std::uint64_t serial, bool arriving) {
  if (auto it = batches_.find(room_id); it != batches_.end()) {
    std::erase_if(arriving ? it->second.arriving : it->second.leaving,
                  [serial](const crowd_entry& e) { return e.serial == serial; });
  }
}

void crowds::flush(std::int64_t room_id) {
  auto found = batches_.find(room_id);
  if (found == batches_.end()) {
    return;
  }
  const room_batch told = std::move(found->second);
  batches_.erase(found);
  tell_batch(room_id, told.leaving, "leave");
  tell_batch(room_id, told.arriving, "arrive");
}

void crowds::tell_batch(std::int64_t room_id, const std::vector<crowd_entry>& batch, std::string_view verb) {
  if (batch.empty()) {
    return;
  }
  if (batch.size() == 1) {
    out_.send_room(room_id, batch.front().news.text, batch.front().account);  // one reads as it always has
    return;
  }
  // All gone the same way: "Ann and Bob leave north."; else the way is dropped: "Ann and Bob leave."
  const std::string& first = batch.front().news.together;
  const bool alike =
      std::all_of(batch.begin(), batch.end(), [&first](const crowd_entry& e) { return e.news.together == first; });
  const std::string_view together = alike ? std::string_view(first) : verb;
  const auto cap = static_cast<std::size_t>(std::max<std::int64_t>(1, settings_.get().game.crowd_names));
  std::unordered_map<std::int64_t, std::size_t> times;  // how often each person is in the batch
  for (const crowd_entry& e : batch) {
    ++times[e.account];
  }
  const std::string line = batch_line(batch, 0, batch.size(), cap, together);  // built once for the onlookers
  for (const std::int64_t account : people_.occupants(room_id)) {
    const character* ch = people_.find_character(account);
    if (ch == nullptr) {
      continue;
    }
    const auto mine = times.find(account);
    if (mine == times.end()) {
      out_.send(ch->connection, line);
      continue;
    }
    // One of the batch knows where they went: they hear of the others only.
    const std::size_t rest = batch.size() - mine->second;
    if (rest == 1) {
      const auto other =
          std::find_if(batch.begin(), batch.end(), [account](const crowd_entry& e) { return e.account != account; });
      out_.send(ch->connection, other->news.text);
    } else if (rest > 1) {
      out_.send(ch->connection, batch_line(batch, account, rest, cap, together));
    }
  }
}

}  // namespace dw::game
