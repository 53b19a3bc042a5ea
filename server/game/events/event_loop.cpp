#include "server/game/events/event_loop.hpp"

#include <algorithm>
#include <memory>
#include <utility>

#include "server/game/storage/failure.hpp"
#include "server/log/log.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game {
namespace {
constexpr std::string_view not_now = "The world could not do that right now; nothing changed. Try again in a moment.\n";
constexpr std::string_view went_wrong =
    "Something went wrong, so nothing happened. If it keeps happening, tell an administrator.\n";
}  // namespace

event_loop::event_loop(const live_settings& settings, roster& people, output& out, services& svc)
    : settings_(settings), people_(people), out_(out), services_(svc), inputs_(settings, people, out, svc) {}

void event_loop::connect(line_handler handler, load_target& loads) {
  handle_line_ = std::move(handler);
  loads_ = &loads;
}

// ---------------------------------------------------------------- lines typed

void event_loop::line(connection& conn, std::string_view text) {
  if (conn.closing) {
    return;
  }
  out_.fresh_line(conn);  // the person pressed Enter: their client is on a fresh line
  if (inputs_.arrived(conn, text) != input_queue::verdict::run) {
    flush();  // (dropped for speed, or kept for later: what the input queue said about it leaves now)
    return;
  }
  const std::string copy(text);
  event_line_ = &copy;
  run_event(conn.id, [&] { run_line(conn, copy); });
}

void event_loop::line_too_long(connection& conn, std::size_t bytes) {
  out_.fresh_line(conn);
  log::warn("connection {} ({}) sent a line of {} bytes; discarded", conn.id, conn.port->address(), bytes);
  out_.send(conn, "That line was too long (" + std::to_string(bytes) + " bytes; the limit is " +
                      std::to_string(settings_.get().server.max_line_bytes) + "). It was ignored.\n");
  flush();
}

void event_loop::connection_gone(std::uint64_t conn_id) {
  out_.forget(conn_id);
  inputs_.forget(conn_id);
}

// ---------------------------------------------------------------- events

void event_loop::run_event(std::uint64_t actor, const std::function<void()>& work) {
  event_actor_ = actor;
  guarded(work);
  event_line_ = nullptr;
  flush();
}

void event_loop::guarded(const std::function<void()>& work) {
  // (an event run from inside another's work, as a test's inline completion is, keeps its own request)
  const std::optional<load_request> outer = std::exchange(deferred_, std::nullopt);
  try {
    work();
  } catch (const storage::failure& e) {
    deferred_ = outer;  // (a failure wins over a request made before it)
    abort_event(e.what(), e.code() == 0 ? 1 : e.code());
    return;
  } catch (const std::exception& e) {
    deferred_ = outer;
    abort_event(e.what(), 0);
    return;
  } catch (...) {
    deferred_ = outer;
    abort_event("unknown exception", 0);
    return;
  }
  // A part that found what it needs not in memory asked for it and returned: the event waits for it.
  if (const std::optional<load_request> need = std::exchange(deferred_, outer)) {
    take_back_until_loaded(*need);
  }
}

void event_loop::take_back_event() {
  std::vector<event_batch::undo_step> undo = batch_.take_undo();
  batch_.clear();
  out_.discard_event();
  event_batch::roll_back(undo);
}

void event_loop::defer_until_loaded(const load_request& need) {
  // (the first request counts: the caller returns at once, so a second one is rare, and served on the rerun)
  if (!deferred_) {
    deferred_ = need;
  }
}

void event_loop::take_back_until_loaded(const load_request& need) {
  // Nothing of this event happens now: it is taken back silently and its line runs again, whole, once
  // what it needs is in memory (read on a worker, never here).
  take_back_event();
  // Room lookups (an administrator's "@goto 1234") are keyed apart from branches.
  const std::int64_t key = need.branch != 0 ? need.branch : -need.room;
  pending_load& pending = loading_[key];
  const bool start = pending.waiting.empty() && !pending.started;
  if (connection* actor = people_.find_connection(event_actor_); actor != nullptr && !actor->closing) {
    // (an event that is no line has nothing to run again; a line that keeps waiting gives up)
    if (event_line_ == nullptr || !inputs_.wait_for_load(*actor, *event_line_)) {
      log::error("connection {}: what it asked for could not be loaded (branch {}, room {})", actor->id,
                 need.branch, need.room);
      out_.send(*actor, went_wrong);
    } else {
      pending.waiting.push_back(actor->id);
    }
  }
  if (!start) {
    return;
  }
  pending.started = true;
  auto snapshot = std::make_shared<storage::branch_snapshot>();
  auto missing_room = std::make_shared<bool>(false);
  services_.run_blocking(
      [need, snapshot, missing_room](storage::loader& l) {
        std::int64_t b = need.branch;
        if (b == 0) {
          b = l.branch_of_room(need.room);
          *missing_room = b == 0;
        }
        if (b != 0) {
          *snapshot = l.branch(b);
        }
      },
      [this, key, snapshot, missing_room, room = need.room](const read_result& result) {
        run_event(0, [&] {
          if (!result.ok) {
            storage_failed(result);
          } else {
            loads_->branch_loaded(*snapshot);
            if (*missing_room) {
              loads_->room_missing(room);
            }
          }
          if (auto it = loading_.find(key); it != loading_.end()) {
            for (std::uint64_t id : it->second.waiting) {
              // Its line runs again when this event ends; one that cannot run is dropped, and its sender told.
              if (connection* c = people_.find_connection(id); c != nullptr && inputs_.load_done(id, result.ok)) {
                out_.send(*c, not_now);
              }
            }
            loading_.erase(it);
          }
        });
      });
}

void event_loop::abort_event(std::string_view what, int store_code) {
  // Whatever the event did is taken back: its changes are never saved, its output never leaves.
  take_back_event();
  if (store_code != 0) {
    note_storage(commit_result{0, false, store_code, std::string(what)});
  } else {
    log::error("an event failed and was taken back: {}", log_safe(what));
  }
  if (connection* actor = people_.find_connection(event_actor_); actor != nullptr && !actor->closing) {
    out_.send(*actor, store_code != 0 ? not_now : went_wrong);
  }
}

void event_loop::commit_now(storage::change change, std::uint64_t actor,
                            std::function<void(const commit_result&)> done) {
  if (const connection* waiting = people_.find_connection(actor)) {
    inputs_.await_commit(*waiting);
  }
  storage::batch one;
  one.push_back(std::move(change));
  services_.commit(std::move(one), [this, actor, done = std::move(done)](const commit_result& result) {
    note_storage(result);
    inputs_.commit_done(actor);
    run_event(actor, [&] { done(result); });
  });
}

void event_loop::storage_failed(const read_result& result) {
  note_storage(commit_result{0, false, result.code, result.message});
}

void event_loop::note_storage(const commit_result& result) {
  const std::int64_t now = services_.now();
  if (result.ok) {
    if (auto text = storage_.succeeded(now)) {
      log::warn("storage: {}", log_safe(*text));
      out_.tell_admins("[Storage] " + *text + "\n");
    }
    return;
  }
  if (auto text = storage_.failed(result.code, result.message, now)) {
    log::error("storage: {}", log_safe(*text));
    out_.tell_admins("[Storage] " + *text + "\n");
  } else {
    log::debug("storage: change {} refused ({} in this fault so far): {}", result.ticket, storage_.failures(),
                  log_safe(result.message));
  }
}

// ---------------------------------------------------------------- the end of an event

bool event_loop::run_one_typed_ahead() {
  if (!inputs_.any_typed_ahead()) {
    return false;
  }
  const input_queue::ready_line ready = inputs_.next_ready();
  if (ready.conn == nullptr) {
    return false;
  }
  event_actor_ = ready.conn->id;
  event_line_ = &ready.text;
  guarded([&] { run_line(*ready.conn, ready.text); });
  event_line_ = nullptr;
  return true;
}

void event_loop::run_line(connection& conn, const std::string& line) {
  // Every part may then take the actor's own branch to be in memory (places' lookups rely on it).
  if (auto need = loads_->needed_for(conn)) {
    defer_until_loaded(*need);
    return;
  }
  handle_line_(conn, line);
}

void event_loop::flush() {
  if (flushing_) {
    return;  // a flush that leads to a disconnect must not start a second pass over the touched connections
  }
  flushing_ = true;
  finish_event();
  // Lines typed ahead by connections that are no longer busy run now, each as an event of its own.
  while (run_one_typed_ahead()) {
    finish_event();
  }
  flushing_ = false;
}

void event_loop::finish_event() {
  const std::uint64_t actor = std::exchange(event_actor_, 0);
  std::uint64_t ticket = 0;
  if (!batch_.empty()) {
    // The actor's next line waits for this batch: set before commit(), which may call back at once.
    if (const connection* waiting = actor == 0 ? nullptr : people_.find_connection(actor)) {
      inputs_.await_commit(*waiting);
    }
    auto undo = std::make_shared<std::vector<event_batch::undo_step>>(batch_.take_undo());
    auto touched = std::make_shared<std::vector<std::uint64_t>>(out_.touched());
    ticket = services_.commit(batch_.take_changes(), [this, undo, touched, actor](const commit_result& result) {
      batch_resolved(result, *undo, *touched, actor);
    });
  } else {
    batch_.clear();  // undo steps of an event that saved nothing have nothing to undo
  }
  // Every connection that got output during this event gets its prompt and one write, released once the
  // event's batch has committed (at once when it saved nothing).
  out_.end_event(ticket);
}

void event_loop::batch_resolved(const commit_result& result, std::vector<event_batch::undo_step>& undo,
                                const std::vector<std::uint64_t>& touched, std::uint64_t actor) {
  run_event(0, [&] {  // an event of its own: what it says leaves at once
    if (actor != 0) {
      inputs_.commit_done(actor);  // (nothing when it has gone meanwhile)
    }
    if (result.ok) {
      note_storage(result);
      return;
    }
    connection* waiting = actor == 0 ? nullptr : people_.find_connection(actor);
    // Nobody sees what the event said, and memory goes back to what the database holds.
    for (std::uint64_t id : touched) {
      if (connection* c = people_.find_connection(id)) {
        c->port->discard(result.ticket);
        out_.stop_paging(id);  // (a page that never left must not be continued)
      }
    }
    if (const int threw = event_batch::roll_back(undo); threw > 0) {
      log::error("{} undo steps of refused change {} failed", threw, result.ticket);
    }
    if (waiting != nullptr && !waiting->closing) {
      out_.fresh_line(*waiting);  // the prompt that went with the discarded output never left
      std::string text = "The world could not record that; nothing changed. Try again in a moment.\n";
      // Lines typed meanwhile were typed expecting the refused command to have happened.
      if (const std::size_t dropped = inputs_.drop_typed_ahead(actor); dropped > 0) {
        // (appended piece by piece: GCC 12 -O3 misreads "(" + std::string as an overlapping copy)
        text += '(';
        text += std::to_string(dropped);
        text += dropped == 1 ? " line" : " lines";
        text += " you typed meanwhile did not run.)\n";
      }
      out_.send(*waiting, text);
    }
    note_storage(result);  // after the actor's own answer: an administrator reads why right below it
  });
}

}  // namespace dw::game
