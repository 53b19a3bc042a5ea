#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <cstdint>
#include <functional>
#include <string>

#include "server/net/connection_counts.hpp"

namespace dw::net {

/// The listening socket and its accept loop. Each new connection is admitted within the limits (a
/// refused one is told why and closed) and handed on with its remote address; whoever takes it reports
/// its end with closed(). Runs on the world thread (the io_context's one thread), so it needs no lock.
class listener {
 public:
  /// Receives each admitted connection and its remote address.
  using admitted_handler = std::function<void(boost::asio::ip::tcp::socket socket, const std::string& address)>;

  /// `limits` is asked at every accept: an administrator may change them while the server runs.
  /// `shared_counts`, when given, is the bookkeeping of another listener too (the TLS port counts
  /// against the same limits as the telnet one); it must outlive this listener.
  listener(boost::asio::io_context& io, std::function<admission_limits()> limits, admitted_handler admitted,
           connection_counts* shared_counts = nullptr);

  /// Opens, binds (reusing the address) and listens on `endpoint`. Throws boost::system::system_error.
  void listen(const boost::asio::ip::tcp::endpoint& endpoint);
  /// Takes over a socket that is listening already: the one a hot reboot handed over. Throws on failure.
  void adopt(boost::asio::ip::tcp protocol, int fd);
  /// Starts the accept loop. It holds `this`: the listener must outlive the io_context's run().
  void start();
  /// Stops accepting. The accept loop ends, and with it all of this listener's work on the io_context.
  void close();

  /// While turning away, each new connection is told `notice` and closed uncounted (a hot reboot is
  /// under way); welcome() admits again.
  void turn_away(std::string notice);
  void welcome();
  /// Refusals and turning away close the connection without a word (logged): on a TLS port a plain-text
  /// notice before the handshake would only be noise to the client.
  void refuse_silently() { silent_ = true; }

  /// Counts a connection that did not come through this listener (one handed over by a hot reboot).
  void count_handed_over(const std::string& address);
  /// The connection from `address` has ended: it no longer counts against the limits.
  void closed(const std::string& address);

  boost::asio::ip::tcp::endpoint local_endpoint() const { return acceptor_.local_endpoint(); }
  /// The listening descriptor, for a hot reboot to hand over.
  int native_handle() { return acceptor_.native_handle(); }
  /// Connections open now (admitted or handed over, not yet closed).
  std::int64_t open_connections() const { return counts_->total(); }

 private:
  boost::asio::awaitable<void> accept_loop();
  void admit(boost::asio::ip::tcp::socket socket);

  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retry_;  ///< the pause after a failed accept (out of descriptors, say)
  std::function<admission_limits()> limits_;
  admitted_handler admitted_;
  connection_counts own_counts_;
  connection_counts* counts_;  ///< own_counts_, or the ones shared with another listener
  std::string notice_;  ///< what a connection is told while turning away
  bool turning_away_ = false;
  bool silent_ = false;
};

}  // namespace dw::net
