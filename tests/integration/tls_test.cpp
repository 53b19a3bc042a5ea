// The TLS port: the same game over TLS (a Boost.Asio SSL client, and openssl s_client), its key pair
// (self-signed and kept, or configured), a handshake deadline that frees the slot, bad key files stopping
// start-up, and a hot reboot that tells TLS players to reconnect while the port stays open.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/files.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/spawn.hpp"
#include "tests/support/telnet_client.hpp"

namespace {

using dw::testing::client_options;
using dw::testing::run_deepwell;
using dw::testing::run_program;
using dw::testing::server_process;
using dw::testing::telnet_client;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

constexpr std::string_view prompt = "hp] > ";
const std::string tls_on = "[tls]\nenabled = true\nport = 0\n";

client_options over_tls() {
  client_options o;
  o.tls = true;
  return o;
}

std::size_t count_of(const std::string& text, std::string_view needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    ++n;
  }
  return n;
}

/// A config file for a run that is expected to stop at start-up: everything else valid.
fs::path failing_config(const fs::path& dir, const std::string& tls_section) {
  const fs::path file = dir / "tls.toml";
  std::ofstream(file) << "[log]\ndir = \"" << (dir / "logs").string() << "\"\n"
                      << "[content]\ndir = \"" << DW_CONTENT_DIR << "\"\n"
                      << tls_section;
  return file;
}

}  // namespace

TEST(Tls, PlayOverTlsAndSeePlainPlayers) {
  server_process server(tls_on);
  ASSERT_NE(server.tls_port(), 0) << "the TLS port was not reported";
  ASSERT_NE(server.tls_port(), server.port());
  telnet_client tess(server.tls_port(), over_tls());
  ASSERT_NE(tess.tls(), nullptr);
  EXPECT_EQ(tess.tls()->version().rfind("TLSv1.", 0), 0u) << tess.tls()->version();
  tess.create("Tess", "tesspassword");  // telnet negotiation, login and play, all inside TLS
  EXPECT_GT(tess.prompt_marks(), 0) << "prompts are marked (IAC EOR/GA) inside TLS too";
  tess.send_line("look");
  tess.expect("The Village Square");
  tess.expect(prompt);

  telnet_client pat(server.port());
  pat.create("Pat", "patpassword");
  tess.expect("Pat appears.");
  tess.send_line("say Hello from TLS!");
  tess.expect("You say, 'Hello from TLS!'");
  pat.expect("Tess says, 'Hello from TLS!'");
  pat.send_line("say Hello from telnet.");
  tess.expect("Pat says, 'Hello from telnet.'");
  tess.send_line("@who");  // Tess is the first account: the administrator
  const std::string who = tess.expect("2 connections.");
  const auto line_of = [&](std::string_view name) {
    const std::size_t at = who.find(name);
    return at == std::string::npos ? std::string() : who.substr(at, who.find('\n', at) - at);
  };
  EXPECT_NE(line_of("Tess").find("TLS DWTEST"), std::string::npos) << who;
  EXPECT_EQ(line_of("Pat").find("TLS"), std::string::npos) << who;
  EXPECT_NE(line_of("Pat").find("DWTEST"), std::string::npos) << who;
  tess.send_line("@stat Tess");
  tess.expect("from 127.0.0.1 over TLS, client DWTEST");
  EXPECT_TRUE(server.wait_log("TLS connection from 127.0.0.1 established"));
  EXPECT_TRUE(server.wait_log("Deepwell listening for TLS on 127.0.0.1:" + std::to_string(server.tls_port())));
  tess.send_line("quit");
  EXPECT_TRUE(tess.wait_closed());
  EXPECT_TRUE(tess.tls()->closed_cleanly()) << "quitting ends TLS with close_notify, not a dropped socket";
}

TEST(Tls, OffByDefaultWithPlainTelnetOnly) {
  server_process server;
  EXPECT_EQ(server.tls_port(), 0);
  EXPECT_FALSE(fs::exists(server.dir() / "tls-key.pem"));
  telnet_client c(server.port());
  c.create("Plain", "plainpassword");
}

TEST(Tls, SelfSignedPairIsMadeOnFirstStartAndReusedAfter) {
  server_process server(tls_on);
  const fs::path key = server.dir() / "tls-key.pem";  // next to the database (server.db_path())
  const fs::path cert = server.dir() / "tls-cert.pem";
  ASSERT_EQ(server.db_path().parent_path(), server.dir());
  ASSERT_TRUE(fs::exists(key));
  ASSERT_TRUE(fs::exists(cert));
  struct stat st{};
  ASSERT_EQ(::stat(key.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u) << "the private key is readable by its owner only";
  std::string first;
  {
    telnet_client c(server.tls_port(), over_tls());
    first = c.tls()->peer_fingerprint();
    EXPECT_EQ(c.tls()->peer_common_name(), "127.0.0.1") << "CN = server.host";
    c.create("Kim", "kimpassword");
  }
  ASSERT_FALSE(first.empty());
  EXPECT_TRUE(server.wait_log("made a new self-signed certificate"));
  EXPECT_TRUE(server.wait_log(first)) << "the log gives the fingerprint to compare with a client's";

  server.restart();
  EXPECT_EQ(count_of(server.log_text(), "made a new self-signed certificate"), 1u) << server.log_text();
  telnet_client c(server.tls_port(), over_tls());
  EXPECT_EQ(c.tls()->peer_fingerprint(), first) << "the second start presents the same certificate";
  c.connect("Kim", "kimpassword");
}

TEST(Tls, ConfiguredPairIsUsed) {
  const fs::path dir = dw::testing::make_temp_dir("tls-pair");
  const auto made = run_program("/usr/bin/openssl",
                                {"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
                                 "/CN=configured.example", "-keyout", (dir / "k.pem").string(), "-out",
                                 (dir / "c.pem").string()},
                                60s);
  ASSERT_EQ(made.status, 0) << made.output;
  server_process server(tls_on + "certificate = \"" + (dir / "c.pem").string() + "\"\nprivate_key = \"" +
                        (dir / "k.pem").string() + "\"\n");
  telnet_client c(server.tls_port(), over_tls());
  EXPECT_EQ(c.tls()->peer_common_name(), "configured.example");
  c.create("Cora", "corapassword");
  EXPECT_FALSE(fs::exists(server.dir() / "tls-cert.pem")) << "no self-signed pair is made when one is configured";
  fs::remove_all(dir);
}

TEST(Tls, KeyFilesThatCannotBeUsedStopStartUpNamingTheKey) {
  const fs::path dir = dw::testing::make_temp_dir("tls-bad");
  const std::vector<std::string> args{"--db", (dir / "x.db").string(), "--port", "0"};
  auto run = [&](const std::string& tls_section) {
    std::vector<std::string> all{"--config", failing_config(dir, tls_section).string()};
    all.insert(all.end(), args.begin(), args.end());
    return run_deepwell(all, 60s);
  };
  const auto missing = run("[tls]\nenabled = true\ncertificate = \"" + (dir / "nope.pem").string() +
                           "\"\nprivate_key = \"" + (dir / "nope.key").string() + "\"\n");
  EXPECT_EQ(missing.status, 2) << missing.output;
  EXPECT_NE(missing.output.find("tls.certificate: cannot read " + (dir / "nope.pem").string()), std::string::npos)
      << missing.output;

  std::ofstream(dir / "junk.pem") << "not a certificate\n";
  const auto junk = run("[tls]\nenabled = true\ncertificate = \"" + (dir / "junk.pem").string() +
                        "\"\nprivate_key = \"" + (dir / "junk.pem").string() + "\"\n");
  EXPECT_EQ(junk.status, 2) << junk.output;
  EXPECT_NE(junk.output.find("tls.certificate:"), std::string::npos) << junk.output;

  const auto half = run("[tls]\nenabled = true\ncertificate = \"" + (dir / "junk.pem").string() + "\"\n");
  EXPECT_EQ(half.status, 2) << half.output;
  EXPECT_NE(half.output.find("tls.private_key: must be set together with tls.certificate"), std::string::npos)
      << half.output;

  const auto bad_value = run("[tls]\nenabled = \"yes\"\n");
  EXPECT_EQ(bad_value.status, 2) << bad_value.output;
  EXPECT_NE(bad_value.output.find("tls.enabled"), std::string::npos) << bad_value.output;
  fs::remove_all(dir);
}

TEST(Tls, AClientThatNeverHandshakesIsDroppedAtTheDeadlineWhilePlainPlayGoesOn) {
  server_process server(tls_on + "handshake_timeout_seconds = 1\n[server]\nmax_connections_per_address = 3\n");
  telnet_client silent(server.tls_port());  // plain TCP to the TLS port: never says a word
  telnet_client garbage(server.tls_port());
  garbage.send_raw("hello, is this telnet?\r\n");
  telnet_client pat(server.port());
  pat.create("Pat", "patpassword");  // the third connection from 127.0.0.1: the limit is full now
  EXPECT_TRUE(garbage.wait_closed(10s)) << "a client that is not speaking TLS is dropped";
  EXPECT_TRUE(server.wait_log("TLS handshake with 127.0.0.1 failed"));
  pat.send_line("look");
  pat.expect("The Village Square");
  EXPECT_TRUE(silent.wait_closed(10s)) << "a client that never handshakes must not hold its slot for ever";
  EXPECT_TRUE(server.wait_log("TLS handshake with 127.0.0.1 failed: timed out"));
  pat.send_line("say still here");
  pat.expect("You say, 'still here'");
  // Both slots are free again: two TLS players get in within the per-address limit of 3.
  telnet_client a(server.tls_port(), over_tls());
  a.create("Ada", "adapassword");
  telnet_client b(server.tls_port(), over_tls());
  b.create("Bea", "beapassword");
  a.expect("Bea appears.");
  // The limit counts both ports together: a fourth connection from the address is refused.
  telnet_client fourth(server.port());
  fourth.expect("Too many connections");
  EXPECT_TRUE(fourth.wait_closed());
}

TEST(Tls, HotRebootTellsTlsPlayersToReconnectAndThePortStaysOpen) {
  server_process server(tls_on);
  const pid_t pid = server.pid();
  const std::uint16_t tls_port = server.tls_port();
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");  // the first account: the administrator
  telnet_client tess(tls_port, over_tls());
  tess.create("Tess", "tesspassword");
  ann.expect("Tess appears.");

  ann.send_line("@reboot");
  tess.expect("An encrypted (TLS) connection cannot be carried over a reboot: please reconnect");
  EXPECT_TRUE(tess.wait_closed());
  EXPECT_TRUE(tess.tls()->closed_cleanly()) << "the TLS session ends with close_notify";
  ann.expect("The world shimmers and settles: Deepwell has rebooted around you.");
  EXPECT_TRUE(server.wait_log("hot reboot: 1 TLS and 0 web connections told to reconnect"));
  EXPECT_TRUE(server.wait_log("hot reboot complete: 1 connections taken over"));
  EXPECT_EQ(server.pid(), pid);

  // The same listening socket came across: the TLS port accepts at once, and Tess was saved.
  telnet_client again(tls_port, over_tls());
  again.connect("Tess", "tesspassword");
  ann.expect("Tess appears.");
  again.send_line("say back again");
  ann.expect("Tess says, 'back again'");
}

TEST(Tls, OpensslSClientPlays) {
  server_process server(tls_on);
  telnet_client pat(server.port());
  pat.create("Pat", "patpassword");
  int to_client[2];
  ASSERT_EQ(::pipe2(to_client, O_CLOEXEC), 0);
  const fs::path out = server.dir() / "s_client.out";
  dw::testing::spawn_options o;
  o.binary = "/usr/bin/openssl";
  o.args = {"s_client", "-connect", "127.0.0.1:" + std::to_string(server.tls_port()), "-quiet", "-ign_eof"};
  o.log_path = out.string();
  o.stdin_fd = to_client[0];
  const pid_t pid = dw::testing::spawn_logged(o);
  ::close(to_client[0]);
  auto type = [&](const std::string& line) {
    const std::string bytes = line + "\r\n";
    ASSERT_EQ(::write(to_client[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  };
  auto seen = [&](std::string_view needle) {
    return dw::testing::poll_until([&] { return dw::testing::read_text(out).find(needle) != std::string::npos; },
                                   20s);
  };
  EXPECT_TRUE(seen("quit")) << dw::testing::read_text(out);  // the login screen, through s_client
  type("create Sol solpassword");
  EXPECT_TRUE(seen("Welcome to Deepwell")) << dw::testing::read_text(out);
  pat.expect("Sol appears.");
  type("say hello from s_client");
  pat.expect("Sol says, 'hello from s_client'");
  type("quit");
  int status = 0;
  const bool exited = dw::testing::poll_until([&] { return ::waitpid(pid, &status, WNOHANG) == pid; }, 20s);
  if (!exited) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  ::close(to_client[1]);
  EXPECT_TRUE(exited) << "s_client ends when the server closes the connection";
}
