#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "server/game/events/event_batch.hpp"
#include "server/game/services.hpp"
#include "server/game/storage/changes.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

struct connection;

/// What must be read into memory before a line can run: a dungeon branch, or (branch 0) the branch of a
/// room id, which the worker looks up first (an administrator's "@goto 1234").
struct load_request {
  std::int64_t branch = 0;
  std::int64_t room = 0;
};

/// How a part records what the current event changed: one batch per event, saved in one transaction.
class change_sink {
 public:
  using undo_step = event_batch::undo_step;
  /// Adds a change to the current event's batch (applied on the writer thread).
  virtual void persist(storage::change change) = 0;
  /// Adds how to put memory back if the current event's batch cannot be saved.
  virtual void on_rollback(undo_step undo) = 0;

 protected:
  ~change_sink() = default;
};

/// How deferred work (a completion, a timer) becomes an event of its own.
class event_runner {
 public:
  /// Runs `work` as one event on behalf of connection `actor` (0: nobody): if it throws, everything it did
  /// is taken back and the actor is told; then the event ends (its batch is handed over, output leaves).
  virtual void run_event(std::uint64_t actor, const std::function<void()>& work) = 0;
  /// Saves `change` on its own, outside the current event's batch, then runs `done` as an event of its own
  /// on behalf of `actor` (whose later lines wait meanwhile). For answers that depend on the database.
  virtual void commit_now(storage::change change, std::uint64_t actor,
                          std::function<void(const commit_result&)> done) = 0;
  /// A read on a worker failed: noted as a storage fault (logged once, administrators told).
  virtual void storage_failed(const read_result& result) = 0;
  /// The current event needs `need` in memory, and it is not: the caller returns at once, and when the
  /// event's work returns, everything it did is taken back (no change saved, no output sent), `need` is read
  /// on a worker, and the line that made the event runs again, whole, once it is in. An event that is not a
  /// line (a timer, a completion), or a line that has waited too often already, is refused with a message.
  virtual void defer_until_loaded(const load_request& need) = 0;

 protected:
  ~event_runner() = default;
};

/// Where branches read for a waiting event go, and what a line needs in memory before it runs (the places part).
class load_target {
 public:
  /// What must be read before a line typed on `conn` runs: the branch its character stands in, if that is not
  /// in memory (nobody's is, normally: a character comes into play with its branch; the rare exceptions are a
  /// collapse taken back after its evacuation, or rooms evicted). Nothing for a connection not in play.
  virtual std::optional<load_request> needed_for(const connection& conn) = 0;
  /// A branch read from storage, to put into memory.
  virtual void branch_loaded(const storage::branch_snapshot& snapshot) = 0;
  /// A room id asked for (by an administrator) is in no branch.
  virtual void room_missing(std::int64_t room_id) = 0;

 protected:
  ~load_target() = default;
};

}  // namespace dw::game
