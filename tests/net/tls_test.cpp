// server/net/tls on its own: the self-signed pair (made once, then reused untouched; key mode 0600), the
// context refusing files it cannot use (naming which), and a handshake with a deadline over loopback.
#include "server/net/tls.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>

namespace {

namespace asio = boost::asio;
namespace fs = std::filesystem;
using asio::ip::tcp;
using namespace std::chrono_literals;

struct temp_folder {
  fs::path path;
  temp_folder() {
    std::string pattern = (fs::temp_directory_path() / "deepwell-tls-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      throw std::runtime_error("mkdtemp failed");
    }
    path = pattern;
  }
  ~temp_folder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST(TlsKeys, SelfSignedPairIsMadeOnceThenReusedUntouched) {
  temp_folder tmp;
  bool created = false;
  const dw::net::tls_key_files files = dw::net::ensure_self_signed(tmp.path, "mud.example", created);
  EXPECT_TRUE(created);
  EXPECT_EQ(files.certificate, tmp.path / "tls-cert.pem");
  EXPECT_EQ(files.private_key, tmp.path / "tls-key.pem");
  struct stat st{};
  ASSERT_EQ(::stat(files.private_key.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  EXPECT_NE(read_all(files.private_key).find("-----BEGIN PRIVATE KEY-----"), std::string::npos);
  const std::string fingerprint = dw::net::certificate_fingerprint(files.certificate);
  EXPECT_EQ(fingerprint.size(), 32u * 3 - 1) << fingerprint;  // SHA-256: 32 hex pairs joined by ':'
  const std::string key_text = read_all(files.private_key);

  const dw::net::tls_key_files again = dw::net::ensure_self_signed(tmp.path, "mud.example", created);
  EXPECT_FALSE(created);
  EXPECT_EQ(dw::net::certificate_fingerprint(again.certificate), fingerprint);
  EXPECT_EQ(read_all(again.private_key), key_text);
  EXPECT_NO_THROW(dw::net::tls_server{again});

  fs::remove(files.certificate);  // half a pair is not reused: a new pair is made
  dw::net::ensure_self_signed(tmp.path, "mud.example", created);
  EXPECT_TRUE(created);
  EXPECT_NE(dw::net::certificate_fingerprint(files.certificate), fingerprint);
}

TEST(TlsKeys, FilesThatCannotBeUsedAreNamed) {
  temp_folder tmp;
  auto which = [](const dw::net::tls_key_files& f) -> std::optional<dw::net::tls_file> {
    try {
      dw::net::tls_server server(f);
    } catch (const dw::net::tls_file_error& e) {
      return e.which();
    }
    return std::nullopt;
  };
  bool created = false;
  EXPECT_THROW(dw::net::ensure_self_signed(tmp.path / "no" / "such", "x.example", created), dw::net::tls_file_error);
  fs::create_directories(tmp.path / "a");
  fs::create_directories(tmp.path / "b");
  const auto a = dw::net::ensure_self_signed(tmp.path / "a", "a.example", created);
  const auto b = dw::net::ensure_self_signed(tmp.path / "b", "b.example", created);
  std::ofstream(tmp.path / "junk.pem") << "not PEM at all\n";
  EXPECT_EQ(which(a), std::nullopt);
  EXPECT_EQ(which({tmp.path / "missing.pem", a.private_key}), dw::net::tls_file::certificate);
  EXPECT_EQ(which({a.certificate, tmp.path / "missing.key"}), dw::net::tls_file::private_key);
  EXPECT_EQ(which({tmp.path / "junk.pem", a.private_key}), dw::net::tls_file::certificate);
  EXPECT_EQ(which({a.certificate, tmp.path / "junk.pem"}), dw::net::tls_file::private_key);
  EXPECT_EQ(which({a.certificate, b.private_key}), dw::net::tls_file::private_key) << "a key of another pair";
}
