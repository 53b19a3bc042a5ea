#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "server/net/stream.hpp"

// TLS for the second listener (Boost.Asio SSL over OpenSSL): the server's key pair, the context, and the
// stream a TLS session reads and writes through. The game never sees any of it.
namespace dw::net {

/// Which of the two key files a problem is about.
enum class tls_file { certificate, private_key };

/// A key file that cannot be read or used; the caller names the setting it came from.
class tls_file_error : public std::runtime_error {
 public:
  tls_file_error(tls_file which, const std::string& message) : std::runtime_error(message), which_(which) {}
  tls_file which() const { return which_; }

 private:
  tls_file which_;
};

/// The certificate (PEM, chain allowed) and private key (PEM) files the server presents.
struct tls_key_files {
  std::filesystem::path certificate;
  std::filesystem::path private_key;
};

/// The self-signed pair kept in `dir` (tls-cert.pem, tls-key.pem): made with the OpenSSL API (EC P-256,
/// SHA-256, CN and subjectAltName = `host`, ten years) when either file is missing, else reused as it
/// is. The key file is mode 0600. `created` says which happened. Throws tls_file_error.
tls_key_files ensure_self_signed(const std::filesystem::path& dir, const std::string& host, bool& created);
/// The same files without making anything (for a check that must not write).
tls_key_files self_signed_paths(const std::filesystem::path& dir);

/// The SHA-256 fingerprint of the certificate in `certificate_pem_file`, as hex pairs joined by ':'.
std::string certificate_fingerprint(const std::filesystem::path& certificate_pem_file);

/// The server side of TLS: one context (TLS 1.2 and later) holding the certificate and key, and the
/// count of TLS connections still open (a hot reboot waits until they have said goodbye).
class tls_server {
 public:
  /// Loads and checks the pair. Throws tls_file_error naming the file that cannot be read or used.
  explicit tls_server(const tls_key_files& files);

  boost::asio::ssl::context& context() { return context_; }
  /// TLS streams alive now: handshaking, in play, or saying close_notify.
  std::int64_t open_streams() const { return *open_; }

 private:
  boost::asio::ssl::context context_;
  std::shared_ptr<std::int64_t> open_ = std::make_shared<std::int64_t>(0);
  friend class tls_stream;
};

/// One TLS connection: the handshake (with a deadline), then the stream a session uses.
class tls_stream final : public stream, public std::enable_shared_from_this<tls_stream> {
 public:
  tls_stream(boost::asio::ip::tcp::socket socket, tls_server& server);
  ~tls_stream() override;

  /// Runs the server handshake; `done` gets its outcome (an error when it failed or when `limit` passed
  /// first: the socket is closed then). The stream stays alive until `done` has run.
  void handshake(std::chrono::milliseconds limit, std::function<void(const boost::system::error_code&)> done);

  boost::asio::ip::tcp::socket& socket() override { return ssl_.next_layer(); }
  boost::asio::awaitable<std::size_t> read_some(boost::asio::mutable_buffer buffer) override;
  boost::asio::awaitable<void> write(std::span<const boost::asio::const_buffer> buffers) override;
  /// Cancels what is pending, sends close_notify and waits (at most a second) for the client's; then
  /// closes the socket. Before the handshake has finished it closes at once.
  void close() override;
  bool is_tls() const override { return true; }

 private:
  void close_socket();

  boost::asio::ssl::stream<boost::asio::ip::tcp::socket> ssl_;
  boost::asio::steady_timer deadline_;  ///< the handshake's, then the goodbye's
  std::shared_ptr<std::int64_t> open_;
  bool established_ = false;
  bool timed_out_ = false;  ///< the handshake's deadline passed
  bool closing_ = false;
};

}  // namespace dw::net
