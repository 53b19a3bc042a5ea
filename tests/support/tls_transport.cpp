#include "tests/support/tls_transport.hpp"

#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <boost/asio/buffer.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/write.hpp>
#include <optional>
#include <stdexcept>

namespace dw::testing {
namespace asio = boost::asio;

struct tls_transport::impl {
  asio::io_context io;
  asio::ssl::context context{asio::ssl::context::tls_client};
  asio::ssl::stream<asio::ip::tcp::socket> ssl{io, context};
  char buffer[8192];
  bool reading = false;                   ///< a read is pending
  std::optional<std::size_t> read_bytes;  ///< a finished read's count, not yet taken
  boost::system::error_code read_error;
  bool ended = false;
  bool clean_end = false;

  void start_read() {
    reading = true;
    ssl.async_read_some(asio::buffer(buffer), [this](const boost::system::error_code& ec, std::size_t n) {
      reading = false;
      read_error = ec;
      read_bytes = n;
    });
  }

  /// Runs the io_context until `done` or the deadline; true when done.
  template <typename Done>
  bool run_until(Done done, std::chrono::steady_clock::time_point deadline) {
    while (!done()) {
      if (std::chrono::steady_clock::now() >= deadline) {
        return false;
      }
      io.restart();
      io.run_one_until(deadline);
    }
    return true;
  }
};

tls_transport::tls_transport(int fd, std::chrono::milliseconds timeout) : impl_(std::make_unique<impl>()) {
  impl_->context.set_verify_mode(asio::ssl::verify_none);  // a self-signed test pair: looked at, not trusted
  impl_->ssl.next_layer().assign(asio::ip::tcp::v4(), fd);
  bool done = false;
  boost::system::error_code result;
  impl_->ssl.async_handshake(asio::ssl::stream_base::client, [&](const boost::system::error_code& ec) {
    result = ec;
    done = true;
  });
  if (!impl_->run_until([&] { return done; }, std::chrono::steady_clock::now() + timeout)) {
    throw std::runtime_error("TLS handshake did not finish in time");
  }
  if (result) {
    throw std::runtime_error("TLS handshake failed: " + result.message());
  }
}

tls_transport::~tls_transport() {
  boost::system::error_code ec;
  impl_->ssl.next_layer().close(ec);
  impl_->io.restart();
  impl_->io.poll();  // the cancelled read completes while its buffer still exists
}

void tls_transport::write(std::string_view bytes) {
  bool done = false;
  boost::system::error_code result;
  asio::async_write(impl_->ssl, asio::buffer(bytes.data(), bytes.size()),
                    [&](const boost::system::error_code& ec, std::size_t) {
                      result = ec;
                      done = true;
                    });
  if (!impl_->run_until([&] { return done; }, std::chrono::steady_clock::now() + std::chrono::seconds(20)) ||
      result) {
    throw std::runtime_error("send failed: connection closed");
  }
}

long tls_transport::read(char* out, std::size_t size, std::chrono::steady_clock::time_point deadline) {
  if (impl_->ended) {
    return 0;
  }
  if (!impl_->reading && !impl_->read_bytes) {
    impl_->start_read();
  }
  if (!impl_->run_until([&] { return impl_->read_bytes.has_value(); }, deadline)) {
    return -1;
  }
  const std::size_t n = *impl_->read_bytes;
  impl_->read_bytes.reset();
  if (impl_->read_error) {
    impl_->ended = true;
    impl_->clean_end = impl_->read_error == asio::error::eof;  // the server's close_notify
    return 0;
  }
  const std::size_t take = std::min(n, size);
  std::copy(impl_->buffer, impl_->buffer + take, out);
  return static_cast<long>(take);
}

bool tls_transport::closed_cleanly() const { return impl_->clean_end; }

std::string tls_transport::peer_fingerprint() const {
  X509* cert = SSL_get0_peer_certificate(impl_->ssl.native_handle());
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (cert == nullptr || X509_digest(cert, EVP_sha256(), digest, &size) != 1) {
    return {};
  }
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned int i = 0; i < size; ++i) {
    if (i != 0) {
      out += ':';
    }
    out += hex[digest[i] >> 4];
    out += hex[digest[i] & 15];
  }
  return out;
}

std::string tls_transport::peer_common_name() const {
  X509* cert = SSL_get0_peer_certificate(impl_->ssl.native_handle());
  if (cert == nullptr) {
    return {};
  }
  char name[256] = {};
  X509_NAME_get_text_by_NID(X509_get_subject_name(cert), NID_commonName, name, sizeof name);
  return name;
}

std::string tls_transport::version() const { return SSL_get_version(impl_->ssl.native_handle()); }

}  // namespace dw::testing
