#include "server/app/server.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

#include "content/content_tables.hpp"
#include "server/app/logging.hpp"
#include "server/app/reboot.hpp"
#include "server/game/places/dungeon_bridge.hpp"
#include "server/game/services.hpp"
#include "server/game/world.hpp"
#include "server/net/commit_tracker.hpp"
#include "server/net/session.hpp"
#include "server/store/database.hpp"
#include "server/store/game_changes.hpp"
#include "server/store/game_loader.hpp"
#include "server/text/log_safe.hpp"
#include "server/store/settings.hpp"
#include "server/store/store_error.hpp"
#include "server/store/writer.hpp"

namespace dw::app {
namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

/// Read connections for worker threads; a worker borrows one for the duration of a job.
class reader_pool {
 public:
  explicit reader_pool(std::string path) : path_(std::move(path)) {}
  std::unique_ptr<store::database> acquire() {
    {
      std::lock_guard lock(mutex_);  // worker threads only, never the world thread
      if (!idle_.empty()) {
        auto db = std::move(idle_.back());
        idle_.pop_back();
        return db;
      }
    }
    return std::make_unique<store::database>(store::database::open(path_));
  }
  void release(std::unique_ptr<store::database> db) {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(db));
  }

 private:
  std::string path_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<store::database>> idle_;
};

/// Live settings an administrator changed with @config are kept in the database and win over the
/// config file (whose values are the defaults). A stored value that no longer validates is skipped.
config::settings with_stored_settings(config::settings s, const game::storage::world_snapshot& startup) {
  for (const store::setting_record& rec : startup.settings) {
    if (rec.key.rfind("config.", 0) != 0) {
      continue;
    }
    const config::setting_def* def = config::find_setting(std::string_view(rec.key).substr(7));
    if (def == nullptr || !def->live) {
      spdlog::warn("stored setting {} is not a live setting; ignored", rec.key);
      continue;
    }
    try {
      config::apply_setting_text(s, *def, rec.value);
      spdlog::info("setting {} = {} (changed in game)", def->full_name(), rec.value);
    } catch (const config::config_error& e) {
      spdlog::warn("stored setting ignored: {}", e.what());
    }
  }
  return s;
}

/// game::services on top of Asio, the worker pool and the store's writer.
class server_services final : public game::services {
 public:
  server_services(asio::io_context& io, asio::thread_pool& workers, reader_pool& readers, store::writer& writer,
                  net::commit_tracker& commits)
      : io_(io), workers_(workers), readers_(readers), writer_(writer), commits_(commits) {}

  void run_blocking(std::function<void(game::storage::loader&)> work,
                    std::function<void(const game::read_result&)> done) override {
    asio::post(workers_, [this, work = std::move(work), done = std::move(done)]() mutable {
      game::read_result result;
      try {
        auto db = readers_.acquire();
        store::game_loader loader(*db);
        work(loader);
        readers_.release(std::move(db));
      } catch (const store::store_error& e) {
        result = {false, e.code(), e.what()};
      } catch (const std::exception& e) {
        result = {false, 0, e.what()};
      }
      if (!result.ok) {
        spdlog::error("a read on a worker failed: {}", log_safe(result.message));
      }
      asio::post(io_, [done = std::move(done), result = std::move(result)] { done(result); });
    });
  }

  std::uint64_t commit(game::storage::batch changes, std::function<void(const game::commit_result&)> done) override {
    // Shared: the writer may keep a copy of the closure to run a failed batch's changes one by one.
    auto shared = std::make_shared<const game::storage::batch>(std::move(changes));
    const std::uint64_t ticket = writer_.submit([shared](store::database& db) { store::apply(db, *shared); });
    commits_.submitted(ticket);
    waiting_.push_back({ticket, std::move(done)});
    return ticket;
  }

  /// The writer resolved every batch up to `last`; those in `failed` (ticket order) were rolled back.
  /// Tells each batch's event how it ended. World thread.
  void resolved(std::uint64_t last, const std::vector<store::write_failure>& failed) {
    std::size_t next_failure = 0;
    while (!waiting_.empty() && waiting_.front().ticket <= last) {
      pending p = std::move(waiting_.front());
      waiting_.pop_front();
      game::commit_result result;
      result.ticket = p.ticket;
      while (next_failure < failed.size() && failed[next_failure].ticket < p.ticket) {
        ++next_failure;
      }
      if (next_failure < failed.size() && failed[next_failure].ticket == p.ticket) {
        result.ok = false;
        result.code = failed[next_failure].code;
        result.message = failed[next_failure].message;
      }
      if (p.done) {
        p.done(result);
      }
    }
  }

  void after_commit(std::function<void()> fn) override { commits_.when_committed(std::move(fn)); }

  void after(std::chrono::milliseconds delay, std::function<void()> fn) override {
    auto timer = std::make_shared<asio::steady_timer>(io_, delay);
    timer->async_wait([timer, fn = std::move(fn)](const boost::system::error_code& ec) {
      if (!ec) {
        fn();
      }
    });
  }

  std::int64_t now() override {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
  }

  void stop_server() override {
    asio::post(io_, [this] { on_stop(); });
  }
  void reboot(std::uint64_t requested_by) override {
    asio::post(io_, [this, requested_by] { on_reboot(requested_by); });
  }

  std::function<void()> on_stop;  ///< set by the server
  std::function<void(std::uint64_t)> on_reboot;

 private:
  struct pending {
    std::uint64_t ticket;
    std::function<void(const game::commit_result&)> done;
  };
  asio::io_context& io_;
  asio::thread_pool& workers_;
  reader_pool& readers_;
  store::writer& writer_;
  net::commit_tracker& commits_;
  std::deque<pending> waiting_;  ///< batches handed to the writer, in ticket order
};

/// Batch reports from the writer thread, waiting for the world thread. The writer appends and posts a
/// wake-up; the world thread takes them all (also synchronously, before a hot reboot replaces the image).
class report_inbox {
 public:
  struct report {
    std::uint64_t last;
    std::vector<store::write_failure> failed;
  };
  /// Writer thread. True when the inbox was empty (the caller posts one wake-up for the lot).
  bool put(report r) {
    std::lock_guard lock(mutex_);  // writer thread and world thread, never held while calling out
    reports_.push_back(std::move(r));
    return reports_.size() == 1;
  }
  std::vector<report> take() {
    std::lock_guard lock(mutex_);
    return std::exchange(reports_, {});
  }

 private:
  std::mutex mutex_;
  std::vector<report> reports_;
};

/// Reads what the world starts from, once, before anyone plays.
game::storage::world_snapshot read_startup(const std::string& path) {
  store::database db = store::database::open(path);
  store::game_loader loader(db);
  const std::vector<std::int64_t> static_rooms{game::village_square_id, game::start_room_id};
  const auto now =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  return loader.world(now, static_rooms);
}

/// A connection whose waits on another process's lock are bounded by `wait_ms`.
store::database open_with_lock_wait(const std::string& path, std::int64_t wait_ms) {
  store::database db = store::database::open(path);
  db.set_busy_timeout(static_cast<int>(wait_ms));
  return db;
}

class server {
 public:
  server(const config::settings& settings, const run_options& options,
         std::shared_ptr<const content::content_tables> content)
      : settings_(settings),
        options_(options),
        signals_(io_, SIGINT, SIGTERM),
        acceptor_(io_),
        tick_timer_(io_),
        workers_(2),
        readers_(settings.storage.path),
        writer_(open_with_lock_wait(settings.storage.path, settings.storage.lock_wait_ms),
                [this](std::uint64_t last, std::vector<store::write_failure> failed) {
                  // Writer thread: hand the news to the world thread (which logs a fault once, not per change).
                  if (reports_.put({last, std::move(failed)})) {
                    asio::post(io_, [this] { take_reports(); });
                  }
                }),
        services_(io_, workers_, readers_, writer_, commits_),
        startup_(read_startup(settings.storage.path)),
        world_(with_stored_settings(settings, startup_), services_, game::world_parts{std::move(content), startup_}) {
    spdlog::info("dungeon restored: {} branches (their rooms are read when someone enters)", startup_.branches.size());
    startup_ = {};  // the world has taken what it needs
    services_.on_stop = [this] { begin_shutdown(); };
    services_.on_reboot = [this](std::uint64_t requested_by) { reboot(requested_by); };
  }

  int run() {
    const auto address = asio::ip::make_address(settings_.server.host);
    tcp::endpoint endpoint(address, static_cast<unsigned short>(settings_.server.port));
    std::optional<reboot_state> handed;
    if (!options_.reboot_state.empty()) {
      // A hot reboot: the listening socket and the connections come from the previous image.
      handed = read_reboot_state(options_.reboot_state);
      acceptor_.assign(endpoint.protocol(), handed->listen_fd);
    } else {
      acceptor_.open(endpoint.protocol());
      acceptor_.set_option(asio::socket_base::reuse_address(true));
      acceptor_.bind(endpoint);
      acceptor_.listen();
    }
    const auto bound = acceptor_.local_endpoint();
    spdlog::info("Deepwell listening on {}:{} (database {})", bound.address().to_string(), bound.port(),
                 settings_.storage.path);
    if (!options_.port_file.empty()) {
      std::ofstream(options_.port_file) << bound.port() << "\n";
    }
    signals_.async_wait([this](const boost::system::error_code& ec, int signal) {
      if (!ec) {
        spdlog::info("signal {} received: shutting down", signal);
        begin_shutdown();
      }
    });
    if (handed) {
      for (const handed_connection& c : handed->connections) {
        tcp::socket socket(io_);
        boost::system::error_code ec;
        socket.assign(endpoint.protocol(), c.fd, ec);
        if (ec) {
          spdlog::warn("reboot: connection fd {} could not be taken over: {}", c.fd, ec.message());
          continue;
        }
        keep_across_exec(c.fd, false);
        if (auto session = make_session(std::move(socket))) {
          session->start_restored(c.codec_state, c.saved);
        }
      }
      keep_across_exec(handed->listen_fd, false);
      spdlog::info("hot reboot complete: {} connections taken over", handed->connections.size());
    }
    asio::co_spawn(io_, accept_loop(), asio::detached);
    schedule_tick();
    io_.run();
    writer_.flush();
    workers_.join();
    spdlog::info("Deepwell stopped");
    return 0;
  }

 private:
  asio::awaitable<void> accept_loop() {
    while (acceptor_.is_open()) {
      boost::system::error_code ec;
      tcp::socket socket = co_await acceptor_.async_accept(asio::redirect_error(asio::use_awaitable, ec));
      if (ec) {
        if (ec == asio::error::operation_aborted) {
          break;
        }
        spdlog::warn("accept failed: {}", ec.message());
        continue;
      }
      admit(std::move(socket));
    }
  }

  void admit(tcp::socket socket) {
    boost::system::error_code ec;
    const auto remote = socket.remote_endpoint(ec);
    if (ec) {
      return;
    }
    if (rebooting_) {
      const std::string text = "Deepwell is rebooting; please connect again in a moment.\r\n";
      socket.write_some(asio::buffer(text), ec);
      return;
    }
    const std::string address = remote.address().to_string();
    auto refuse = [&](std::string_view why) {
      spdlog::warn("refused connection from {}: {}", address, why);
      const std::string text = std::string(why) + "\r\n";
      socket.write_some(asio::buffer(text), ec);  // best effort; a fresh socket's buffer has room
      socket.close(ec);
    };
    if (static_cast<std::int64_t>(sessions_.size()) >= world_.settings().server.max_connections) {
      refuse("Deepwell is full right now. Please try again later.");
      return;
    }
    if (per_address_[address] >= world_.settings().server.max_connections_per_address) {
      refuse("Too many connections from your address.");
      return;
    }
    spdlog::info("connection from {}:{}", address, remote.port());
    if (auto session = make_session(std::move(socket))) {
      session->start();
    }
  }

  /// Creates a session and does the bookkeeping (connection counts, the closed callback).
  std::shared_ptr<net::session> make_session(tcp::socket socket) {
    boost::system::error_code ec;
    const auto remote = socket.remote_endpoint(ec);
    const std::string address = ec ? std::string("unknown") : remote.address().to_string();
    ++per_address_[address];
    net::session_limits limits;
    limits.max_output_queue_bytes = static_cast<std::size_t>(world_.settings().server.max_output_queue_bytes);
    limits.codec.max_line_bytes = static_cast<std::size_t>(world_.settings().server.max_line_bytes);
    limits.codec.max_subneg_bytes = static_cast<std::size_t>(world_.settings().server.max_subneg_bytes);
    auto session = std::make_shared<net::session>(std::move(socket), world_, commits_, limits, nullptr);
    net::session* raw = session.get();
    session->set_on_closed([this, raw, address] {
      sessions_.erase(raw);
      if (--per_address_[address] <= 0) {
        per_address_.erase(address);
      }
      if (stopping_ && sessions_.empty()) {
        finish_shutdown();
      }
    });
    sessions_.emplace(raw, session);
    return session;
  }

  // ---- hot reboot (runs on the world thread, after the event that asked for it)

  void reboot(std::uint64_t requested_by) {
    if (rebooting_ || stopping_) {
      return;
    }
    if (options_.exe_path.empty()) {
      world_.reboot_failed(requested_by, "the server does not know where its binary is");
      return;
    }
    // First make sure the new binary can start with this configuration, content and database. This
    // blocks the world thread for the check (about 0.1 s, at most 30 s): a reboot pauses everyone anyway.
    if (std::string why = preflight(options_.exe_path, options_.args); !why.empty()) {
      world_.reboot_failed(requested_by, why);
      return;
    }
    rebooting_ = true;
    world_.save_all();
    world_.flush_output();  // hands the saves to the writer
    writer_.flush();        // everything persisted is on disk before the image is replaced
    take_reports();
    drain_then_exec(requested_by, std::chrono::steady_clock::now() + std::chrono::seconds(2));
  }

  void drain_then_exec(std::uint64_t requested_by, std::chrono::steady_clock::time_point deadline) {
    bool drained = true;
    for (auto& [raw, session] : sessions_) {
      drained = drained && session->drained();
    }
    if (!drained && std::chrono::steady_clock::now() < deadline) {
      // Let the sessions write what they owe ("rebooting...") before the image goes.
      auto timer = std::make_shared<asio::steady_timer>(io_, std::chrono::milliseconds(10));
      timer->async_wait([this, timer, requested_by, deadline](const boost::system::error_code&) {
        drain_then_exec(requested_by, deadline);
      });
      return;
    }
    reboot_state state;
    state.listen_fd = acceptor_.native_handle();
    for (auto& [raw, session] : sessions_) {
      handed_connection c;
      c.fd = session->native_handle();
      c.codec_state = session->codec_state();
      c.saved = world_.save_connection(session->id());
      state.connections.push_back(std::move(c));
    }
    const std::string path = settings_.storage.path + ".reboot";
    std::string why;
    try {
      write_reboot_state(path, state);
      close_everything_on_exec();
      keep_across_exec(state.listen_fd, true);
      for (const handed_connection& c : state.connections) {
        keep_across_exec(c.fd, true);
      }
      spdlog::info("hot reboot: handing {} connections to a new image of {}", state.connections.size(),
                   options_.exe_path);
      flush_logging();  // the logging thread writes out its queue before exec() ends it
      why = exec_self(options_.exe_path, options_.args, path);  // returns only on failure
    } catch (const std::exception& e) {
      why = e.what();
    }
    keep_across_exec(state.listen_fd, false);
    for (const handed_connection& c : state.connections) {
      keep_across_exec(c.fd, false);
    }
    ::unlink(path.c_str());
    rebooting_ = false;
    world_.reboot_failed(requested_by, why);
  }

  /// Applies the writer's batch reports: each batch's event learns how it ended (a failed one's output is
  /// discarded), then the output held for committed batches may leave. World thread.
  void take_reports() {
    for (report_inbox::report& r : reports_.take()) {
      services_.resolved(r.last, r.failed);
      commits_.committed(r.last);
    }
    for (auto& [raw, session] : sessions_) {
      session->commits_advanced();
    }
    world_.flush_output();
  }

  void schedule_tick() {
    tick_timer_.expires_after(std::chrono::seconds(1));
    tick_timer_.async_wait([this](const boost::system::error_code& ec) {
      if (ec || stopping_) {
        return;
      }
      world_.tick();
      schedule_tick();
    });
  }

  void begin_shutdown() {
    if (stopping_) {
      return;
    }
    stopping_ = true;
    boost::system::error_code ec;
    acceptor_.close(ec);
    tick_timer_.cancel();
    world_.shutdown("\nDeepwell is shutting down now. Your character is saved; come back soon.\n");
    // Once every save has committed, close the connections; they drain their output and go.
    commits_.when_committed([this] {
      std::vector<std::shared_ptr<net::session>> all;
      for (auto& [raw, session] : sessions_) {
        all.push_back(session);
      }
      for (auto& session : all) {
        session->close();
      }
      if (sessions_.empty()) {
        finish_shutdown();
      }
    });
    // Whatever happens, stop within the promised 5 seconds.
    tick_timer_.expires_after(std::chrono::seconds(3));
    tick_timer_.async_wait([this](const boost::system::error_code&) { finish_shutdown(); });
  }

  void finish_shutdown() {
    if (finished_) {
      return;
    }
    finished_ = true;
    std::vector<std::shared_ptr<net::session>> all;
    for (auto& [raw, session] : sessions_) {
      all.push_back(session);
    }
    for (auto& session : all) {
      session->abort();
    }
    signals_.cancel();
    io_.stop();
  }

  config::settings settings_;
  run_options options_;
  asio::io_context io_{1};
  asio::signal_set signals_;
  tcp::acceptor acceptor_;
  asio::steady_timer tick_timer_;
  asio::thread_pool workers_;
  reader_pool readers_;
  net::commit_tracker commits_;
  report_inbox reports_;
  store::writer writer_;
  server_services services_;
  /// What storage held at start-up, read once here; the world thread never reads afterwards.
  game::storage::world_snapshot startup_;
  game::world world_;
  std::unordered_map<net::session*, std::shared_ptr<net::session>> sessions_;
  std::unordered_map<std::string, std::int64_t> per_address_;
  bool stopping_ = false;
  bool finished_ = false;
  bool rebooting_ = false;
};

}  // namespace

int run_server(const config::settings& settings, const run_options& options,
               std::shared_ptr<const content::content_tables> content) {
  server s(settings, options, std::move(content));
  return s.run();
}

}  // namespace dw::app
