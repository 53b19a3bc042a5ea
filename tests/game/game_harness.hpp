#pragma once

// A harness for command tests: the real world, fed lines by fake connections, with services that run
// inline against an in-memory store. Completions queue up until drain(), so order is explicit. Output
// is held per batch exactly as the network layer holds it: take() shows only what a client would see.
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "content/content_loader.hpp"
#include "server/config/settings.hpp"
#include "server/game/places/dungeon_bridge.hpp"
#include "server/game/places/static_rooms.hpp"
#include "server/game/services.hpp"
#include "server/game/roster/session_port.hpp"
#include "server/game/encounters/encounters.hpp"
#include "server/game/login/login.hpp"  // (and through it the parts login takes: roster, output, administration, ...)
#include "server/game/places/places.hpp"
#include "server/game/world.hpp"
#include "server/store/database.hpp"
#include "server/store/game_changes.hpp"
#include "server/store/game_loader.hpp"
#include "server/store/store_error.hpp"
#include "server/store/transaction.hpp"

namespace dw::testing {

class fake_port final : public game::session_port {
 public:
  /// `resolved` is the last batch ticket the store has resolved (committed or failed).
  explicit fake_port(const std::uint64_t* resolved = nullptr) : resolved_(resolved) {}
  void write_text(std::string_view text) override { pending_ += text; }
  void write_gmcp(std::string_view package, std::string_view json) override {
    gmcp.push_back(std::string(package) + " " + std::string(json));
  }
  void write_prompt_end() override { ++prompt_marks; }
  void flush(std::uint64_t ticket) override {
    held_.push_back({ticket, pending_});
    pending_.clear();
    ++flushes;
    release();
  }
  void discard(std::uint64_t ticket) override {
    std::erase_if(held_, [ticket](const chunk& c) { return c.ticket == ticket; });
  }
  void discard_unflushed() override { pending_.clear(); }
  void set_hidden_input(bool h) override { hidden = h; }
  void close() override { closed = true; }
  const game::client_abilities& client() const override { return info; }
  std::string_view address() const override { return address_text; }

  /// Everything released to the client since the last call.
  std::string take() {
    release();
    std::string out = output.substr(taken_);
    taken_ = output.size();
    return out;
  }
  /// Moves held chunks whose batch has been resolved to `output`, in order.
  void release() {
    while (!held_.empty() && (held_.front().ticket == 0 || (resolved_ != nullptr && held_.front().ticket <= *resolved_))) {
      output += held_.front().text;
      held_.erase(held_.begin());
    }
  }

  game::client_abilities info;
  std::string address_text = "192.0.2.1";  ///< where the client connects from
  std::string output;
  std::vector<std::string> gmcp;
  int prompt_marks = 0;
  int flushes = 0;
  bool hidden = false;
  bool closed = false;

 private:
  struct chunk {
    std::uint64_t ticket;
    std::string text;
  };
  const std::uint64_t* resolved_;
  std::vector<chunk> held_;
  std::string pending_;
  std::size_t taken_ = 0;
};

class inline_services final : public game::services {
 public:
  inline_services() : db_(store::database::open(":memory:")) {}
  void run_blocking(std::function<void(game::storage::loader&)> work,
                    std::function<void(const game::read_result&)> done) override {
    game::read_result result;
    try {
      store::game_loader loader(db_);
      work(loader);
    } catch (const store::store_error& e) {
      result = {false, e.code(), e.what()};
    } catch (const std::exception& e) {
      result = {false, 0, e.what()};
    }
    auto answer = [done = std::move(done), result = std::move(result)] { done(result); };
    (hold_reads ? held_reads_ : queue_).push_back(std::move(answer));
  }
  /// While true, reads (password checks, loads) run at once but their answers wait for release_reads():
  /// whatever the test does meanwhile happens in the window between a read and its answer.
  bool hold_reads = false;
  void release_reads() {
    hold_reads = false;
    while (!held_reads_.empty()) {
      queue_.push_back(std::move(held_reads_.front()));
      held_reads_.pop_front();
    }
    drain();
  }
  /// Runs the batch at once in a real transaction on the in-memory database (so `PRAGMA query_only`
  /// makes it fail as a read-only file would); its result arrives at the next drain().
  std::uint64_t commit(game::storage::batch changes, std::function<void(const game::commit_result&)> done) override {
    game::commit_result result;
    result.ticket = ++ticket_;
    try {
      store::transaction tx(db_);
      store::apply(db_, changes);
      tx.commit();
    } catch (const store::store_error& e) {
      result.ok = false;
      result.code = e.code();
      result.message = e.what();
    } catch (const std::exception& e) {
      result.ok = false;
      result.message = e.what();
    }
    ++unresolved_;
    queue_.push_back([this, result, done = std::move(done)] {
      resolved = result.ticket;
      --unresolved_;
      done(result);
    });
    return result.ticket;
  }
  void after_commit(std::function<void()> fn) override { queue_.push_back(std::move(fn)); }
  /// Makes every later write fail (SQLITE_READONLY) until called with false.
  void refuse_writes(bool refuse) { db_.exec(refuse ? "PRAGMA query_only = ON" : "PRAGMA query_only = OFF"); }
  std::uint64_t resolved = 0;  ///< last batch ticket resolved
  void after(std::chrono::milliseconds, std::function<void()> fn) override {
    (hold_timers ? held_timers_ : queue_).push_back(std::move(fn));
  }
  /// While true, timers (fight rounds, crowd flushes) wait for run_timers() instead of running at the next
  /// drain(): a fight then lasts one round per run_timers(), as on a real clock.
  bool hold_timers = false;
  /// Runs the timers set so far (not those they set in turn), then drains.
  void run_timers() {
    std::deque<std::function<void()>> due;
    due.swap(held_timers_);
    for (auto& fn : due) {
      queue_.push_back(std::move(fn));
    }
    drain();
  }
  /// Runs the oldest held timer, then everything it queued (timers it sets are held again); false when
  /// none was held.
  bool run_timer() {
    if (held_timers_.empty()) {
      return false;
    }
    auto fn = std::move(held_timers_.front());
    held_timers_.pop_front();
    fn();
    drain();
    return true;
  }
  std::int64_t now() override {
    const std::int64_t t = clock;
    clock += clock_step;
    return t;
  }
  std::int64_t steady_ms() override { return steady; }
  void stop_server() override { stopped = true; }
  void reboot(std::uint64_t) override { reboot_requested = true; }
  bool reboot_requested = false;
  bool stopped = false;
  void drain() {
    while (!queue_.empty()) {
      auto fn = std::move(queue_.front());
      queue_.pop_front();
      fn();
    }
  }
  store::database& db() { return db_; }
  std::int64_t clock = 1'800'000'000;
  std::int64_t clock_step = 0;  ///< seconds the clock moves on after each reading (a slow, loaded machine)
  std::int64_t steady = 1'000'000;  ///< milliseconds; tests move it by hand

 private:
  store::database db_;
  std::deque<std::function<void()>> queue_;
  std::deque<std::function<void()>> held_reads_;
  std::deque<std::function<void()>> held_timers_;
  std::uint64_t ticket_ = 0;
  int unresolved_ = 0;
};

/// True when `text` contains `part` (what a player was told).
inline bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

inline config::settings fast_settings() {
  config::settings s;
  s.accounts.hash_ops_limit = 1;
  s.accounts.hash_memory_kib = 8192;
  s.server.max_commands_per_second = 1000;
  return s;
}

/// What the server reads at start-up, from the harness's database.
inline game::storage::world_snapshot startup(store::database& db) {
  store::game_loader loader(db);
  return loader.world(1'800'000'000, {game::village_square_id, game::start_room_id});
}

inline game::storage::world_snapshot prepared_startup(store::database& db,
                                                      const std::function<void(store::database&)>& prepare) {
  if (prepare) {
    prepare(db);
  }
  return startup(db);
}

inline std::shared_ptr<const content::content_tables> real_content() {
  auto loaded = content::load_content(DW_CONTENT_DIR);
  if (auto* error = std::get_if<content::content_error>(&loaded)) {
    throw std::runtime_error(error->to_string());
  }
  return std::make_shared<const content::content_tables>(std::get<content::content_tables>(std::move(loaded)));
}

/// The world with its fake connections.
class game_harness {
 public:
  explicit game_harness(config::settings s = fast_settings()) : game_harness(std::move(s), {}) {}
  /// `prepare` writes to the database before the world starts, as if it held that from an earlier run.
  game_harness(config::settings s, const std::function<void(store::database&)>& prepare)
      : world(std::move(s), services, game::world_parts{real_content(), prepared_startup(services.db(), prepare)}) {}

  struct player {
    std::uint64_t id;
    fake_port* port;
  };
  /// A client that agreed GMCP and sends `supports` as Core.Supports.Set, as Mudlet does on connecting
  /// (an empty list: the client sends no Core.Supports and gets only the Core package).
  player connect(std::string_view supports = default_supports) { return connect_from("192.0.2.1", supports); }
  /// The same, from `address` (every other client comes from 192.0.2.1).
  player connect_from(std::string_view address, std::string_view supports = default_supports) {
    ports_.push_back(std::make_unique<fake_port>(&services.resolved));
    fake_port* p = ports_.back().get();
    p->address_text = std::string(address);
    p->info.gmcp = true;
    const player made{world.on_connect(*p), p};
    if (!supports.empty()) {
      world.on_gmcp(made.id, "Core.Supports.Set", supports);
      services.drain();
    }
    return made;
  }
  static constexpr std::string_view default_supports = R"(["Char 1", "Room 1", "Comm.Channel 1"])";
  void line(const player& p, std::string_view text) {
    world.on_line(p.id, text);
    services.drain();
  }
  /// Connects and creates a character, returning the player with its output consumed.
  player create(std::string_view name, std::string_view password = "password123") {
    return create_from("192.0.2.1", name, password);
  }
  /// The same, from `address`.
  player create_from(std::string_view address, std::string_view name, std::string_view password = "password123") {
    player p = connect_from(address);
    line(p, "create " + std::string(name) + " " + std::string(password));
    p.port->take();
    return p;
  }
  void disconnect(const player& p) { world.on_disconnect(p.id); }

  inline_services services;
  game::world world;

 private:
  std::vector<std::unique_ptr<fake_port>> ports_;
};

}  // namespace dw::testing
