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
    : settings_(settings), people_(people), out_(out), services_(svc) {}

void event_loop::connect(line_handler handler, load_target& loads) {
  handle_line_ = std::move(handler);
  loads_ = &loads;
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
    input_state& in = input_of(*actor);
    if (event_line_ == nullptr || ++in.deferrals > 3) {
      log::error("connection {}: what it asked for could not be loaded (branch {}, room {})", actor->id,
                 need.branch, need.room);
      out_.send(*actor, went_wrong);
    } else {
      if (in.typed_ahead.empty()) {
        typed_ahead_conns_.push_back(actor->id);
      }
      in.typed_ahead.push_front(*event_line_);
      in.typed_ahead_bytes += event_line_->size();
      in.awaiting_load = true;
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
              connection* c = people_.find_connection(id);
              if (input_state* in = find_input(id); c != nullptr && in != nullptr) {
                in->awaiting_load = false;  // its line runs again when this event ends
                if (!result.ok && !in->typed_ahead.empty()) {
                  // The line that waited cannot run: it is dropped, and its sender told.
                  in->typed_ahead_bytes -= in->typed_ahead.front().size();
                  in->typed_ahead.pop_front();
                  out_.send(*c, not_now);
                }
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
    input_of(*waiting).awaiting_commit = true;
  }
  storage::batch one;
  one.push_back(std::move(change));
  services_.commit(std::move(one), [this, actor, done = std::move(done)](const commit_result& result) {
    note_storage(result);
    if (input_state* waiting = find_input(actor)) {
      waiting->awaiting_commit = false;
    }
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
  for (std::size_t i = 0; i < typed_ahead_conns_.size(); ++i) {
    connection* conn = people_.find_connection(typed_ahead_conns_[i]);
    input_state* in = conn == nullptr ? nullptr : find_input(conn->id);
    if (in == nullptr || conn->closing || in->typed_ahead.empty()) {
      if (in != nullptr) {
        in->typed_ahead.clear();
        in->typed_ahead_bytes = 0;
      }
      typed_ahead_conns_.erase(typed_ahead_conns_.begin() + static_cast<std::ptrdiff_t>(i));
      --i;
      continue;
    }
    if (busy(*conn, *in)) {
      continue;
    }
    const std::string line = std::move(in->typed_ahead.front());
    in->typed_ahead.pop_front();
    in->typed_ahead_bytes -= line.size();
    if (in->typed_ahead.empty()) {
      in->typed_ahead_warned = false;
      typed_ahead_conns_.erase(typed_ahead_conns_.begin() + static_cast<std::ptrdiff_t>(i));
    }
    event_actor_ = conn->id;
    event_line_ = &line;
    guarded([&] { run_line(*conn, line); });
    event_line_ = nullptr;
    return true;
  }
  return false;
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
      input_of(*waiting).awaiting_commit = true;
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
    connection* waiting = actor == 0 ? nullptr : people_.find_connection(actor);
    input_state* in = waiting == nullptr ? nullptr : find_input(actor);
    if (in != nullptr) {
      in->awaiting_commit = false;
    }
    if (result.ok) {
      note_storage(result);
      return;
    }
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
      if (in != nullptr && !in->typed_ahead.empty()) {
        // They were typed expecting the refused command to have happened.
        // (appended piece by piece: GCC 12 -O3 misreads "(" + std::string as an overlapping copy)
        text += '(';
        text += std::to_string(in->typed_ahead.size());
        text += in->typed_ahead.size() == 1 ? " line" : " lines";
        text += " you typed meanwhile did not run.)\n";
        in->typed_ahead.clear();
        in->typed_ahead_bytes = 0;
      }
      out_.send(*waiting, text);
    }
    note_storage(result);  // after the actor's own answer: an administrator reads why right below it
  });
}

}  // namespace dw::game
