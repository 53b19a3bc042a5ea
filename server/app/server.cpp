#include "server/app/server.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <fstream>
#include <optional>
#include <unistd.h>

#include "content/content_tables.hpp"
#include "server/app/listing.hpp"
#include "server/app/logging.hpp"
#include "server/app/metrics_endpoint.hpp"
#include "server/app/reader_pool.hpp"
#include "server/app/reboot.hpp"
#include "server/app/report_inbox.hpp"
#include "server/app/server_services.hpp"
#include "server/app/session_table.hpp"
#include "server/app/startup.hpp"
#include "server/app/tls_port.hpp"
#include "server/app/web_port.hpp"
#include "server/game/world.hpp"
#include "server/log/log.hpp"
#include "server/net/commit_tracker.hpp"
#include "server/net/listener.hpp"
#include "server/net/tls.hpp"
#include "server/store/writer.hpp"

namespace dw::app {
namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

class server {
 public:
  server(const config::settings& settings, const run_options& options,
         std::shared_ptr<const content::content_tables> content)
      : settings_(settings),
        options_(options),
        signals_(io_, SIGINT, SIGTERM),
        listener_(
            io_, [this] { return limits(); },
            [this](tcp::socket socket, const std::string& address) {
              if (auto session = make_session(std::make_shared<net::tcp_stream>(std::move(socket)), address)) {
                session->start();
              }
            },
            &counts_),
        tick_timer_(io_),
        shutdown_deadline_(io_),
        workers_(2),
        readers_(settings.storage.path),
        writer_(open_with_lock_wait(settings.storage.path, settings.storage.lock_wait_ms),
                [this](std::uint64_t last, std::vector<store::write_failure> failed) {
                  // Writer thread: hand the news to the world thread (which logs a fault once, not per change).
                  if (reports_.put({last, std::move(failed)})) {
                    asio::post(io_, [this] { take_reports(); });
                  }
                }),
        backups_(settings.storage.path, settings.backup.folder),
        services_(io_, workers_, readers_, writer_, commits_, backups_),
        startup_(read_startup(settings.storage.path)),
        world_(with_stored_settings(settings, startup_), services_, game::world_parts{std::move(content), startup_}),
        sessions_(world_, commits_, [this](const std::string& address) {
          listener_.closed(address);
          if (stopping_ && sessions_.empty()) {
            finish_shutdown();
          }
        }) {
    log::info("dungeon restored: {} branches (their rooms are read when someone enters)", startup_.branches.size());
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
      listener_.adopt(endpoint.protocol(), handed->listen_fd);
    } else if (options_.telnet_listen_fd >= 0) {
      listener_.adopt(endpoint.protocol(), options_.telnet_listen_fd);  // bound by main (bind_listeners)
    } else {
      listener_.listen(endpoint);
    }
    const auto bound = listener_.local_endpoint();
    log::info("Deepwell listening on {}:{} (database {})", bound.address().to_string(), bound.port(),
                 settings_.storage.path);
    // Uptime counts from the first image: a hot reboot hands its start time on.
    started_at_ = handed && handed->started_at > 0 ? handed->started_at : services_.now();
    listen_tls(address, handed ? handed->tls_listen_fd : options_.tls_listen_fd);
    listen_web(address, handed ? handed->web_listen_fd : options_.web_listen_fd);
    world_.set_listing(std::make_shared<mssp_listing>(
        listing_facts(settings_, bound.port(), tls_ ? tls_->port() : std::uint16_t{0}, started_at_)));
    if (!options_.port_file.empty()) {
      std::ofstream(options_.port_file) << bound.port() << "\n";
    }
    signals_.async_wait([this](const boost::system::error_code& ec, int signal) {
      if (!ec) {
        log::info("signal {} received: shutting down", signal);
        begin_shutdown();
      }
    });
    if (handed) {
      for (const handed_connection& c : handed->connections) {
        tcp::socket socket(io_);
        boost::system::error_code ec;
        socket.assign(endpoint.protocol(), c.fd, ec);
        if (ec) {
          log::warn("reboot: connection fd {} could not be taken over: {}", c.fd, ec.message());
          continue;
        }
        keep_across_exec(c.fd, false);
        const auto remote = socket.remote_endpoint(ec);
        const std::string address = ec ? std::string("unknown") : remote.address().to_string();
        listener_.count_handed_over(address);
        if (auto session = make_session(std::make_shared<net::tcp_stream>(std::move(socket)), address)) {
          session->start_restored(c.codec_state, c.saved);
        }
      }
      keep_across_exec(handed->listen_fd, false);
      log::info("hot reboot complete: {} connections taken over", handed->connections.size());
    }
    listener_.start();
    if (tls_) {
      tls_->start();
    }
    if (web_) {
      web_->start();
    }
    schedule_tick();
    // Returns once nothing is left to do: shutdown ends every operation (see finish_shutdown()).
    io_.run();
    writer_.flush();
    workers_.join();
    log::info("Deepwell stopped");
    return 0;
  }

 private:
  net::admission_limits limits() const {
    const auto& server = world_.settings().server;
    return net::admission_limits{server.max_connections, server.max_connections_per_address,
                                 server.max_unauthenticated_per_address};
  }

  // ---- the TLS and web ports: the same game, their connections counted with the telnet port's (counts_)

  /// Opens the TLS port when tls.enabled (adopting `handed_fd`, a hot reboot's); a handed-over socket no
  /// longer wanted (TLS turned off) is closed.
  void listen_tls(const asio::ip::address& host, int handed_fd) {
    if (!settings_.tls.enabled) {
      if (handed_fd >= 0) {
        ::close(handed_fd);
      }
      return;
    }
    tls_ = std::make_unique<tls_port>(
        io_, settings_, host, handed_fd, [this] { return limits(); }, &counts_,
        [this] { return !stopping_ && !rebooting_; },
        [this](std::shared_ptr<net::stream> stream, const std::string& address) {
          if (auto session = make_session(std::move(stream), address)) {
            session->start();
          }
        });
    if (!options_.tls_port_file.empty()) {
      std::ofstream(options_.tls_port_file) << tls_->port() << "\n";
    }
  }

  /// Opens the web port when web.enabled (adopting `handed_fd`, a hot reboot's); a handed-over socket no
  /// longer wanted is closed. Its WebSockets become sessions like any other.
  void listen_web(const asio::ip::address& host, int handed_fd) {
    if (!settings_.web.enabled) {
      if (handed_fd >= 0) {
        ::close(handed_fd);
      }
      return;
    }
    web_ = std::make_unique<web_port>(
        io_, settings_, host, handed_fd, [this] { return limits(); }, &counts_, tls_ ? &tls_->server() : nullptr,
        [this] { return status_json(world_.listing(), services_.now()); }, metrics_.source(),
        [this](const std::string& address) { return world_.at_login_screen(address); },
        [this](std::shared_ptr<net::stream> stream, const std::string& address) {
          if (stopping_ || rebooting_) {
            stream->close();
            listener_.closed(address);  // (the counts are shared)
          } else if (auto session = make_session(std::move(stream), address)) {
            session->start();
          }
        });
    if (handed_fd >= 0) {
      keep_across_exec(handed_fd, false);
    }
    if (!options_.web_port_file.empty()) {
      std::ofstream(options_.web_port_file) << web_->port() << "\n";
    }
  }

  /// Everything /metrics reports, as it is now (metrics_endpoint asks at each allowed request). World thread.
  metrics_reading read_metrics() {
    return app::read_metrics(
        {world_, writer_, services_.failed_reads(), sessions_.traffic(), sessions_.open_by_kind(), started_at_});
  }

  /// Creates a session, within the limits the world's settings give now, for a connection the listener counts.
  std::shared_ptr<net::session> make_session(std::shared_ptr<net::stream> stream, const std::string& address) {
    net::session_limits limits;
    limits.max_output_queue_bytes = static_cast<std::size_t>(world_.settings().server.max_output_queue_bytes);
    limits.codec.max_line_bytes = static_cast<std::size_t>(world_.settings().server.max_line_bytes);
    limits.codec.max_subneg_bytes = static_cast<std::size_t>(world_.settings().server.max_subneg_bytes);
    limits.codec.mccp2 = settings_.server.mccp2_level > 0 && stream->takes_mccp2();
    limits.mccp2_level = static_cast<int>(settings_.server.mccp2_level);
    return sessions_.open(std::move(stream), address, limits);
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
    listener_.turn_away("Deepwell is rebooting; please connect again in a moment.");
    if (tls_) {
      tls_->listener().turn_away({});
    }
    if (web_) {
      web_->listener().turn_away();
    }
    say_goodbye_to_unhandable();
    world_.save_all();
    world_.flush_output();  // hands the saves to the writer
    sessions_.end_compression_for_handover();  // the new image cannot continue a zlib stream
    writer_.flush();        // everything persisted is on disk before the image is replaced
    take_reports();
    drain_then_exec(requested_by, std::chrono::steady_clock::now() + std::chrono::seconds(2));
  }

  void drain_then_exec(std::uint64_t requested_by, std::chrono::steady_clock::time_point deadline) {
    if (stopping_) {
      // A shutdown began while the connections drained: it wins, and this image stays to finish it.
      rebooting_ = false;
      return;
    }
    // (every TLS connection has said goodbye, and every session written what it owes)
    const bool drained = (tls_ == nullptr || tls_->server().open_streams() == 0) && sessions_.drained();
    if (!drained && std::chrono::steady_clock::now() < deadline) {
      // Let the sessions write what they owe ("rebooting...") before the image goes.
      auto timer = std::make_shared<asio::steady_timer>(io_, std::chrono::milliseconds(10));
      timer->async_wait([this, timer, requested_by, deadline](const boost::system::error_code&) {
        drain_then_exec(requested_by, deadline);
      });
      return;
    }
    if (end_unhandable_sessions()) {
      // Their characters left as at any disconnect: what that saved is on disk before the image goes.
      world_.flush_output();
      writer_.flush();
      take_reports();
    }
    reboot_state state;
    state.listen_fd = listener_.native_handle();
    state.started_at = started_at_;
    state.tls_listen_fd = tls_ ? tls_->listener().native_handle() : -1;
    state.web_listen_fd = web_ ? web_->listener().native_handle() : -1;
    state.connections = sessions_.hand_over([this](std::uint64_t id) { return world_.save_connection(id); });
    const std::string path = settings_.storage.path + ".reboot";
    std::string why;
    try {
      write_reboot_state(path, state);
      close_everything_on_exec();
      keep_across_exec(state.listen_fd, true);
      for (const int fd : {state.tls_listen_fd, state.web_listen_fd}) {
        if (fd >= 0) {
          keep_across_exec(fd, true);
        }
      }
      for (const handed_connection& c : state.connections) {
        keep_across_exec(c.fd, true);
      }
      log::info("hot reboot: handing {} connections to a new image of {}", state.connections.size(),
                   options_.exe_path);
      flush_logging();  // the logging thread writes out its queue before exec() ends it
      why = exec_self(options_.exe_path, options_.args, path);  // returns only on failure
    } catch (const std::exception& e) {
      why = e.what();
    }
    keep_across_exec(state.listen_fd, false);
    for (const int fd : {state.tls_listen_fd, state.web_listen_fd}) {
      if (fd >= 0) {
        keep_across_exec(fd, false);
      }
    }
    for (const handed_connection& c : state.connections) {
      keep_across_exec(c.fd, false);
    }
    ::unlink(path.c_str());
    rebooting_ = false;
    sessions_.handover_failed();
    listener_.welcome();
    if (tls_) {
      tls_->listener().welcome();
    }
    if (web_) {
      web_->listener().welcome();
    }
    world_.reboot_failed(requested_by, why);
  }

  /// A hot reboot cannot carry TLS or WebSocket state across exec(): each such connection is told to
  /// reconnect (the web client does so by itself), then closed once that has left (with close_notify or
  /// a WebSocket close); its character leaves as at any disconnect.
  void say_goodbye_to_unhandable() {
    const auto [tls_count, web_count] = sessions_.say_goodbye_to_unhandable();
    if (tls_) {
      tls_->end_handshakes();
    }
    if (tls_count + web_count > 0) {
      log::info("hot reboot: {} TLS and {} web connections told to reconnect", tls_count, web_count);
    }
  }

  /// Aborts the TLS and web sessions still open when a reboot's drain time is up; true when either is on (their
  /// disconnects may have saved something).
  bool end_unhandable_sessions() {
    sessions_.abort_unhandable();
    return tls_ != nullptr || web_ != nullptr;
  }

  /// Applies the writer's batch reports: each batch's event learns how it ended (a failed one's output is
  /// discarded), then the output held for committed batches may leave (the commit tracker wakes the
  /// sessions that hold some). World thread.
  void take_reports() {
    for (report_inbox::report& r : reports_.take()) {
      services_.resolved(r.last, r.failed);
      commits_.committed(r.last);
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

  // ---- shutdown: the io_context's run() returns by itself once every operation has ended. Nothing calls
  // io_context::stop(): what is still running (a save on the writer, a password check on a worker) is
  // finished and its completion run, and everything that waits is closed or cancelled.

  void begin_shutdown() {
    if (stopping_) {
      return;
    }
    stopping_ = true;
    // Whatever happens, stop within the promised 5 seconds: connections still open then are aborted.
    // (Armed first: with nothing to wait for, finish_shutdown() runs below, and must find it to cancel.)
    shutdown_deadline_.expires_after(std::chrono::seconds(3));
    shutdown_deadline_.async_wait([this](const boost::system::error_code& ec) {
      if (!ec) {
        finish_shutdown();
      }
    });
    listener_.close();
    if (web_) {
      web_->close();
    }
    if (tls_) {
      tls_->close();
    }
    tick_timer_.cancel();
    world_.shutdown("\nDeepwell is shutting down now. Your character is saved; come back soon.\n");
    // Once every save has committed, close the connections; they drain their output and go.
    commits_.when_committed([this] {
      sessions_.close_all();
      if (sessions_.empty()) {
        finish_shutdown();
      }
    });
  }

  /// Ends what would still wait: the remaining connections (aborting one ends its reader and writer),
  /// the signal wait, the deadline and the world's delayed calls (a fight round, a failed login's answer).
  void finish_shutdown() {
    if (finished_) {
      return;
    }
    finished_ = true;
    sessions_.abort_all();
    signals_.cancel();
    shutdown_deadline_.cancel();
    services_.cancel_delayed_calls();
  }

  config::settings settings_;
  run_options options_;
  asio::io_context io_{1};
  asio::signal_set signals_;
  net::connection_counts counts_;  ///< connections open on both ports, in all and per address
  net::listener listener_;  ///< admits connections within the limits the world's settings give now
  asio::steady_timer tick_timer_;
  asio::steady_timer shutdown_deadline_;
  asio::thread_pool workers_;
  reader_pool readers_;
  net::commit_tracker commits_;
  report_inbox reports_;
  store::writer writer_;
  backup_runner backups_;  ///< the backup thread (a copy still running at shutdown is abandoned)
  server_services services_;
  /// What storage held at start-up, read once here; the world thread never reads afterwards.
  game::storage::world_snapshot startup_;
  game::world world_;
  session_table sessions_;  ///< every port's sessions (after world_, their game)
  metrics_endpoint metrics_{settings_.metrics, [this] { return read_metrics(); }};  ///< GET /metrics (before web_)
  std::unique_ptr<tls_port> tls_;  ///< the TLS port, when tls.enabled
  std::unique_ptr<web_port> web_;  ///< the web port, when web.enabled (after tls_: it uses its context)
  bool stopping_ = false;
  bool finished_ = false;
  bool rebooting_ = false;
  std::int64_t started_at_ = 0;  ///< unix time the server started (kept across hot reboots)
};

}  // namespace

int run_server(const config::settings& settings, const run_options& options,
               std::shared_ptr<const content::content_tables> content) {
  server s(settings, options, std::move(content));
  return s.run();
}

}  // namespace dw::app
