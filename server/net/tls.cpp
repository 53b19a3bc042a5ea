#include "server/net/tls.hpp"

#include <fcntl.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <sys/stat.h>
#include <unistd.h>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "server/log/log.hpp"

namespace dw::net {
namespace asio = boost::asio;

namespace {

/// The oldest error OpenSSL has queued, in words; the queue is emptied.
std::string openssl_error() {
  const unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (code == 0) {
    return "unknown OpenSSL error";
  }
  char text[256];
  ERR_error_string_n(code, text, sizeof text);
  return text;
}

struct pkey_free {
  void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
};
struct x509_free {
  void operator()(X509* p) const { X509_free(p); }
};
struct bn_free {
  void operator()(BIGNUM* p) const { BN_free(p); }
};
struct file_close {
  void operator()(FILE* f) const { std::fclose(f); }
};

/// Throws when a file cannot be opened for reading, with the system's reason.
void require_readable(tls_file which, const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw tls_file_error(which, "cannot read " + path.string() + ": " + std::strerror(errno));
  }
}

/// Writes `path` atomically (a temporary file renamed over it) with `mode`, through `write` (a PEM writer).
template <typename Write>
void write_pem(tls_file which, const std::filesystem::path& path, mode_t mode, Write write) {
  const std::string tmp = path.string() + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
  if (fd < 0) {
    throw tls_file_error(which, "cannot create " + tmp + ": " + std::strerror(errno));
  }
  ::fchmod(fd, mode);  // whatever the umask
  std::unique_ptr<FILE, file_close> file(::fdopen(fd, "w"));
  if (!file) {
    ::close(fd);
    throw tls_file_error(which, "cannot write " + tmp + ": " + std::strerror(errno));
  }
  if (write(file.get()) != 1 || std::fflush(file.get()) != 0 || ::fsync(fd) != 0) {
    file.reset();
    ::unlink(tmp.c_str());
    throw tls_file_error(which, "cannot write " + tmp + ": " + openssl_error());
  }
  file.reset();
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    throw tls_file_error(which, "cannot write " + path.string() + ": " + std::strerror(err));
  }
}

/// A self-signed certificate for `key`: CN and subjectAltName `host`, valid from an hour ago for ten years.
std::unique_ptr<X509, x509_free> self_signed(EVP_PKEY* key, const std::string& host) {
  std::unique_ptr<X509, x509_free> cert(X509_new());
  std::unique_ptr<BIGNUM, bn_free> serial(BN_new());
  if (!cert || !serial || X509_set_version(cert.get(), 2) != 1 ||  // 2: version 3 (extensions)
      BN_rand(serial.get(), 64, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) != 1 ||
      BN_to_ASN1_INTEGER(serial.get(), X509_get_serialNumber(cert.get())) == nullptr ||
      X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600) == nullptr ||
      X509_gmtime_adj(X509_getm_notAfter(cert.get()), 10L * 365 * 24 * 3600) == nullptr ||
      X509_set_pubkey(cert.get(), key) != 1) {
    throw tls_file_error(tls_file::certificate, "cannot make a certificate: " + openssl_error());
  }
  X509_NAME* name = X509_get_subject_name(cert.get());
  const std::string cn = host.substr(0, 64);  // the longest common name X.509 allows
  if (X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8, reinterpret_cast<const unsigned char*>("Deepwell"), -1, -1,
                                 0) != 1 ||
      X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, reinterpret_cast<const unsigned char*>(cn.c_str()), -1,
                                 -1, 0) != 1 ||
      X509_set_issuer_name(cert.get(), name) != 1) {
    throw tls_file_error(tls_file::certificate, "cannot name the certificate " + host + ": " + openssl_error());
  }
  boost::system::error_code ec;
  asio::ip::make_address(host, ec);
  const std::string san = (ec ? "DNS:" : "IP:") + host;
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, cert.get(), cert.get(), nullptr, nullptr, 0);
  if (X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, NID_subject_alt_name, san.c_str())) {
    X509_add_ext(cert.get(), ext, -1);
    X509_EXTENSION_free(ext);
  } else {
    ERR_clear_error();  // a host name the extension cannot hold: the common name alone will do
  }
  if (X509_sign(cert.get(), key, EVP_sha256()) == 0) {
    throw tls_file_error(tls_file::certificate, "cannot sign the certificate: " + openssl_error());
  }
  return cert;
}

}  // namespace

tls_key_files self_signed_paths(const std::filesystem::path& dir) {
  return {dir / "tls-cert.pem", dir / "tls-key.pem"};
}

tls_key_files ensure_self_signed(const std::filesystem::path& dir, const std::string& host, bool& created) {
  const tls_key_files files = self_signed_paths(dir);
  std::error_code ec;
  created = false;
  if (std::filesystem::exists(files.certificate, ec) && std::filesystem::exists(files.private_key, ec)) {
    return files;
  }
  std::unique_ptr<EVP_PKEY, pkey_free> key(EVP_EC_gen("P-256"));
  if (!key) {
    throw tls_file_error(tls_file::private_key, "cannot make an EC P-256 key: " + openssl_error());
  }
  const auto cert = self_signed(key.get(), host);
  // The key first: a pair is only complete (and reused) once its certificate is there too.
  write_pem(tls_file::private_key, files.private_key, 0600, [&](FILE* f) {
    return PEM_write_PrivateKey(f, key.get(), nullptr, nullptr, 0, nullptr, nullptr);
  });
  write_pem(tls_file::certificate, files.certificate, 0644, [&](FILE* f) { return PEM_write_X509(f, cert.get()); });
  created = true;
  return files;
}

std::string certificate_fingerprint(const std::filesystem::path& certificate_pem_file) {
  require_readable(tls_file::certificate, certificate_pem_file);
  std::unique_ptr<FILE, file_close> file(std::fopen(certificate_pem_file.c_str(), "re"));
  if (!file) {
    throw tls_file_error(tls_file::certificate, "cannot read " + certificate_pem_file.string());
  }
  std::unique_ptr<X509, x509_free> cert(PEM_read_X509(file.get(), nullptr, nullptr, nullptr));
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (!cert || X509_digest(cert.get(), EVP_sha256(), digest, &size) != 1) {
    throw tls_file_error(tls_file::certificate,
                         certificate_pem_file.string() + " holds no PEM certificate: " + openssl_error());
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

tls_server::tls_server(const tls_key_files& files) : context_(asio::ssl::context::tls_server) {
  context_.set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                       asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
                       asio::ssl::context::no_tlsv1_1 | asio::ssl::context::single_dh_use);
  require_readable(tls_file::certificate, files.certificate);
  require_readable(tls_file::private_key, files.private_key);
  boost::system::error_code ec;
  context_.use_certificate_chain_file(files.certificate.string(), ec);
  if (ec) {
    ERR_clear_error();
    throw tls_file_error(tls_file::certificate,
                         files.certificate.string() + " holds no usable PEM certificate: " + ec.message());
  }
  context_.use_private_key_file(files.private_key.string(), asio::ssl::context::pem, ec);
  if (ec) {
    ERR_clear_error();
    throw tls_file_error(tls_file::private_key,
                         files.private_key.string() + " holds no usable PEM private key: " + ec.message());
  }
  if (SSL_CTX_check_private_key(context_.native_handle()) != 1) {
    throw tls_file_error(tls_file::private_key, files.private_key.string() + " is not the key of " +
                                                    files.certificate.string() + ": " + openssl_error());
  }
}

tls_stream::tls_stream(asio::ip::tcp::socket socket, tls_server& server)
    : ssl_(std::move(socket), server.context()), deadline_(ssl_.get_executor()), open_(server.open_) {
  ++*open_;
}

tls_stream::~tls_stream() { --*open_; }

void tls_stream::handshake(std::chrono::milliseconds limit,
                           std::function<void(const boost::system::error_code&)> done) {
  auto self = shared_from_this();
  deadline_.expires_after(limit);
  deadline_.async_wait([self](const boost::system::error_code& ec) {
    if (!ec) {
      self->timed_out_ = true;
      self->close_socket();  // the handshake completes with an error
    }
  });
  ssl_.async_handshake(asio::ssl::stream_base::server,
                       [self, done = std::move(done)](const boost::system::error_code& ec) {
                         self->deadline_.cancel();
                         if (self->timed_out_) {
                           done(asio::error::timed_out);  // whatever the closed socket made of it
                           return;
                         }
                         if (!ec && (self->closing_ || !self->socket().is_open())) {
                           done(asio::error::operation_aborted);  // closed meanwhile (shutdown, reboot)
                           return;
                         }
                         self->established_ = !ec;
                         done(ec);
                       });
}

asio::awaitable<std::size_t> tls_stream::read_some(asio::mutable_buffer buffer) {
  co_return co_await ssl_.async_read_some(buffer, asio::use_awaitable);
}

asio::awaitable<void> tls_stream::write(std::span<const asio::const_buffer> buffers) {
  // One buffer, so that the chunks of one gathered write go out as few records in one send, not one each.
  std::string joined;
  joined.reserve(asio::buffer_size(buffers));
  for (const asio::const_buffer& b : buffers) {
    joined.append(static_cast<const char*>(b.data()), b.size());
  }
  co_await asio::async_write(ssl_, asio::buffer(joined), asio::use_awaitable);
}

void tls_stream::close() {
  if (closing_) {
    return;
  }
  closing_ = true;
  if (!established_) {
    close_socket();
    return;
  }
  boost::system::error_code ec;
  socket().cancel(ec);  // the session's pending read (or stuck write) ends with operation_aborted
  auto self = shared_from_this();
  deadline_.expires_after(std::chrono::seconds(1));
  deadline_.async_wait([self](const boost::system::error_code& waited) {
    if (!waited) {
      self->close_socket();  // the client never answered close_notify
    }
  });
  // Posted: the cancelled operations finish with the engine first.
  asio::post(ssl_.get_executor(), [self] {
    self->ssl_.async_shutdown([self](const boost::system::error_code&) {
      self->deadline_.cancel();
      self->close_socket();
    });
  });
}

void tls_stream::close_socket() {
  boost::system::error_code ec;
  socket().close(ec);
}

}  // namespace dw::net
