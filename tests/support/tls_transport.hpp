#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace dw::testing {

/// The TLS client side of a test connection (Boost.Asio SSL over OpenSSL, as a MUD client would use):
/// takes over a connected socket, does the handshake, then reads and writes with deadlines. It verifies
/// nothing (the server's pair is self-signed) but tells what it was shown.
class tls_transport {
 public:
  /// Takes `fd` (connected) and completes the handshake within `timeout`; throws std::runtime_error.
  tls_transport(int fd, std::chrono::milliseconds timeout);
  ~tls_transport();
  tls_transport(const tls_transport&) = delete;
  tls_transport& operator=(const tls_transport&) = delete;

  /// Writes every byte; throws std::runtime_error when the connection is gone.
  void write(std::string_view bytes);
  /// Waits until `deadline` for decrypted bytes: how many were read into `out` (at most `size`), 0 when
  /// the connection ended, -1 when the deadline passed first (the read stays pending for the next call).
  long read(char* out, std::size_t size, std::chrono::steady_clock::time_point deadline);
  /// True once the server ended the connection with close_notify (not just a dropped socket).
  bool closed_cleanly() const;
  /// The certificate the server presented: its SHA-256 fingerprint (hex pairs joined by ':') and subject CN.
  std::string peer_fingerprint() const;
  std::string peer_common_name() const;
  /// The TLS version agreed ("TLSv1.3").
  std::string version() const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace dw::testing
