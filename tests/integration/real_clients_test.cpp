// Real MUD clients against the real server. TinTin++ (tt++, Debian package tintin++) runs inside a
// detached tmux so its screen can be read: passwords must never appear on it, including after a
// failed login (tt++ never answers WONT ECHO, which once left the second password in clear).
// GNU inetutils telnet runs under expect (tests/integration/clients/*.exp) for echo and line editing.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::server_process;
using dw::testing::telnet_client;

namespace {

using namespace std::chrono_literals;

/// Generous: the machine running the suite may be busy, and nothing here waits longer than needed.
constexpr auto screen_timeout = 30s;

/// The first executable called `name` on PATH or in `extra_dirs` (Debian puts tt++ in /usr/games,
/// which is often missing from PATH).
std::optional<std::filesystem::path> find_program(std::string_view name,
                                                  std::initializer_list<std::string_view> extra_dirs = {}) {
  std::vector<std::filesystem::path> dirs;
  if (const char* path = std::getenv("PATH")) {
    std::string_view rest = path;
    while (!rest.empty()) {
      const std::size_t colon = rest.find(':');
      dirs.emplace_back(rest.substr(0, colon));
      rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    }
  }
  for (const std::string_view dir : extra_dirs) {
    dirs.emplace_back(dir);
  }
  for (const auto& dir : dirs) {
    const auto candidate = dir / name;
    if (!dir.empty() && ::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
  }
  return std::nullopt;
}

struct command_result {
  int status = -1;
  std::string output;  ///< stdout and stderr together
};

/// Runs a program to completion without a shell (no quoting to get wrong), with HOME replaced so
/// neither tmux nor tt++ reads or writes the user's own files, and TMUX_TMPDIR too so that the
/// tmux socket (which tmux leaves behind after kill-server) goes away with that folder.
command_result run(const std::vector<std::string>& argv, const std::filesystem::path& home) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) {
    return {-1, "pipe failed"};
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    return {-1, "fork failed"};
  }
  if (pid == 0) {
    ::dup2(pipe_fds[1], 1);
    ::dup2(pipe_fds[1], 2);
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    ::setenv("HOME", home.c_str(), 1);
    ::setenv("TMUX_TMPDIR", home.c_str(), 1);
    ::setenv("TERM", "xterm-256color", 1);
    ::unsetenv("TMUX");  // a test run from inside tmux must still get its own server
    std::vector<char*> args;
    for (const std::string& a : argv) {
      args.push_back(const_cast<char*>(a.c_str()));
    }
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  ::close(pipe_fds[1]);
  command_result result;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(pipe_fds[0], buffer, sizeof buffer);
    if (n > 0) {
      result.output.append(buffer, static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  ::close(pipe_fds[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

std::size_t count_of(std::string_view text, std::string_view needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string_view::npos; at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

/// tt++ running in a detached tmux on its own socket. The destructor kills that tmux server (and
/// with it tt++) whatever happened, and removes the temporary HOME.
class tintin_in_tmux {
 public:
  tintin_in_tmux(std::filesystem::path tmux, std::filesystem::path tintin)
      : tmux_(std::move(tmux)), tintin_(std::move(tintin)) {
    static std::atomic<int> counter{0};
    socket_ = "dw-tintin-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    std::string pattern = (std::filesystem::temp_directory_path() / "deepwell-tintin-XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) {
      home_ = pattern;
    }
  }
  ~tintin_in_tmux() {
    if (started_) {
      tmux({"kill-server"});
    }
    std::error_code ec;
    if (!home_.empty()) {
      std::filesystem::remove_all(home_, ec);
    }
  }
  tintin_in_tmux(const tintin_in_tmux&) = delete;
  tintin_in_tmux& operator=(const tintin_in_tmux&) = delete;

  /// Starts tt++ already connecting to the server (-e runs the command at start-up, so no keys are
  /// typed before tt++ reads its terminal). Returns an error message, empty on success.
  /// `setup` holds tt++ commands run before the session opens (each ending in ';').
  std::string start(std::uint16_t port, const std::string& setup = {}) {
    if (home_.empty()) {
      return "mkdtemp failed";
    }
    started_ = true;
    const command_result r = tmux({"new-session", "-d", "-s", "tt", "-x", "120", "-y", "40", tintin_.string(), "-G",
                                   "-e", setup + "#session deepwell 127.0.0.1 " + std::to_string(port)});
    return r.status == 0 ? std::string{} : "tmux new-session failed: " + r.output;
  }

  /// Types `text` and Enter into tt++.
  void type_line(std::string_view text) {
    tmux({"send-keys", "-t", "tt", "-l", std::string(text)});
    tmux({"send-keys", "-t", "tt", "Enter"});
  }

  /// Everything tt++ has shown: the scrollback and the visible screen, wrapped lines joined. Every
  /// capture is kept so that the test can check each one.
  std::string screen() {
    const command_result r = tmux({"capture-pane", "-p", "-J", "-S", "-", "-t", "tt"});
    captures_.push_back(r.status == 0 ? r.output : "(capture-pane failed: " + r.output + ")");
    return captures_.back();
  }

  /// The screen with its colours, as escape sequences (what tt++ drew).
  std::string screen_with_colours() {
    const command_result r = tmux({"capture-pane", "-p", "-e", "-J", "-S", "-", "-t", "tt"});
    return r.output;
  }

  /// Polls the screen until `needle` appears at least `count` times; false at the deadline.
  bool wait_for(std::string_view needle, std::size_t count = 1) {
    const auto deadline = std::chrono::steady_clock::now() + screen_timeout;
    while (count_of(screen(), needle) < count) {
      if (std::chrono::steady_clock::now() >= deadline) {
        return false;
      }
      std::this_thread::sleep_for(50ms);  // poll interval, not a synchronisation
    }
    return true;
  }

  const std::vector<std::string>& captures() const { return captures_; }

 private:
  command_result tmux(std::vector<std::string> args) {
    args.insert(args.begin(), {tmux_.string(), "-L", socket_, "-f", "/dev/null"});
    return run(args, home_);
  }

  std::filesystem::path tmux_;
  std::filesystem::path tintin_;
  std::filesystem::path home_;
  std::string socket_;
  bool started_ = false;
  std::vector<std::string> captures_;
};

}  // namespace

TEST(Tintin, PasswordsStayHiddenAcrossAFailedLogin) {
  const auto tmux = find_program("tmux");
  const auto tintin = find_program("tt++", {"/usr/games", "/usr/local/games"});
  ASSERT_TRUE(tmux.has_value()) << "tmux is not installed: run scripts/install-deps.sh (Debian package tmux)";
  ASSERT_TRUE(tintin.has_value())
      << "tt++ is not installed (looked on PATH and in /usr/games): run scripts/install-deps.sh (Debian package "
         "tintin++)";

  const std::string right = "Rightpass7Q";
  const std::string wrong = "Wrongpass4Z";
  server_process server;
  {
    telnet_client setup(server.port());
    setup.create("Tina", right);
    setup.send_line("quit");
    ASSERT_TRUE(setup.wait_closed());
  }

  tintin_in_tmux tt(*tmux, *tintin);
  const std::string started = tt.start(server.port());
  ASSERT_TRUE(started.empty()) << started;
  ASSERT_TRUE(tt.wait_for("create  or  connect")) << "no login menu in tt++:\n" << tt.screen();

  // First attempt, step by step, with the wrong password.
  tt.type_line("connect");
  ASSERT_TRUE(tt.wait_for("Name:")) << tt.screen();
  tt.type_line("Tina");
  ASSERT_TRUE(tt.wait_for("Password:")) << tt.screen();
  // What is typed while the server does not echo is shown: the capture would show a password.
  EXPECT_NE(tt.screen().find("Name: Tina"), std::string::npos) << tt.screen();
  tt.type_line(wrong);
  ASSERT_TRUE(tt.wait_for("Wrong name or password.")) << tt.screen();

  // Second attempt, the right password: this prompt is the one tt++ used to show in clear.
  tt.type_line("connect");
  ASSERT_TRUE(tt.wait_for("Name:", 2)) << tt.screen();
  tt.type_line("Tina");
  ASSERT_TRUE(tt.wait_for("Password:", 2)) << tt.screen();
  tt.type_line(right);
  ASSERT_TRUE(tt.wait_for("Welcome back, Tina")) << tt.screen();

  // Echo is back after the login: a command typed now is shown.
  tt.type_line("look");
  ASSERT_TRUE(tt.wait_for("> look")) << "tt++ was left typing blind after the login:\n" << tt.screen();

  tt.screen();
  // Each capture holds the whole scrollback, so a password that was ever shown is in all later
  // ones: report the first capture that has it.
  for (const std::string& secret : {wrong, right}) {
    for (std::size_t i = 0; i < tt.captures().size(); ++i) {
      if (tt.captures()[i].find(secret) != std::string::npos) {
        ADD_FAILURE() << "the password '" << secret << "' is on the tt++ screen (capture " << i + 1 << " of "
                      << tt.captures().size() << "):\n"
                      << tt.captures()[i];
        break;
      }
    }
  }
}

TEST(InetutilsTelnet, PasswordIsNotEchoedAndLineEditingWorks) {
  const auto expect = find_program("expect");
  const auto telnet = find_program("telnet");
  ASSERT_TRUE(expect.has_value()) << "expect is not installed: run scripts/install-deps.sh (Debian package expect)";
  ASSERT_TRUE(telnet.has_value())
      << "telnet is not installed: run scripts/install-deps.sh (Debian package inetutils-telnet)";
  std::string pattern = (std::filesystem::temp_directory_path() / "deepwell-telnet-XXXXXX").string();
  ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
  const std::filesystem::path home = pattern;

  server_process server;
  const std::string password = "Hiddenpass42";
  const command_result r =
      run({expect->string(), std::string(DW_SOURCE_DIR) + "/tests/integration/clients/telnet_session.exp",
           telnet->string(), std::to_string(server.port()), "Telly", password},
          home);
  std::error_code ec;
  std::filesystem::remove_all(home, ec);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("DONE"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find(password), std::string::npos) << "the password was echoed on the terminal:\n" << r.output;
  EXPECT_TRUE(server.wait_log("Telly quit")) << "the server saw the session end with quit";
}

// A whole session in TinTin++ with everything on: TTYPE (name, terminal, MTTS), NAWS, GMCP (turned on
// by a tt++ event, with Core.Supports sent by the script), MCCP2 (tt++ accepts it by itself), colour.
// It creates a character, chats with a friend who is in a dungeon branch, walks, and quits.
TEST(Tintin, ASessionWithEveryProtocolOnChatsWalksAndQuits) {
  const auto tmux = find_program("tmux");
  const auto tintin = find_program("tt++", {"/usr/games", "/usr/local/games"});
  ASSERT_TRUE(tmux.has_value()) << "tmux is not installed: run scripts/install-deps.sh (Debian package tmux)";
  ASSERT_TRUE(tintin.has_value()) << "tt++ is not installed: run scripts/install-deps.sh (Debian package tintin++)";

  server_process server;
  telnet_client friend_(server.port());
  friend_.create("Friend", "friendpassword");  // the first account: an administrator, for @who
  friend_.send_line("down");
  friend_.expect("The Bottom of the Well");
  friend_.send_line("east");
  friend_.expect("East branch");

  tintin_in_tmux tt(*tmux, *tintin);
  const std::string setup =
      "#config {debug telnet} on;"
      "#event {IAC WILL GMCP} {#send {\\xFF\\xFD\\xC9\\}};"
      "#event {IAC SB GMCP Comm.Channel.Text IAC SE} {#showme {CHANNEL-GMCP %0}};";
  const std::string started = tt.start(server.port(), setup);
  ASSERT_TRUE(started.empty()) << started;
  ASSERT_TRUE(tt.wait_for("create  or  connect")) << tt.screen();
  ASSERT_TRUE(tt.wait_for("INFO MCCP2 INITIALIZED")) << "tt++ turned MCCP2 on:\n" << tt.screen();
  ASSERT_TRUE(tt.wait_for("SENT IAC SB NAWS")) << tt.screen();
  ASSERT_TRUE(tt.wait_for("SENT IAC SB TTYPE MTTS")) << tt.screen();
  tt.type_line(R"(#send {\xFF\xFA\xC9Core.Supports.Set ["Char 1", "Room 1", "Comm.Channel 1"]\xFF\xF0})");
  tt.type_line("create Tinny tinnypass1");
  ASSERT_TRUE(tt.wait_for("Welcome to Deepwell, Tinny")) << tt.screen();

  // Chat both ways between the village and a dungeon branch, as text and as GMCP.
  tt.type_line("chat hello from tintin");
  ASSERT_NO_THROW(friend_.expect("[chat] Tinny: hello from tintin"));
  ASSERT_TRUE(tt.wait_for("CHANNEL-GMCP {channel}{chat}{talker}{Tinny}")) << tt.screen();
  friend_.send_line("chat welcome down here");
  ASSERT_TRUE(tt.wait_for("[chat] Friend: welcome down here")) << tt.screen();
  ASSERT_TRUE(tt.wait_for("CHANNEL-GMCP {channel}{chat}{talker}{Friend}")) << tt.screen();

  // Walk: down the well and into a branch of its own (not the friend's).
  tt.type_line("down");
  ASSERT_TRUE(tt.wait_for("The Bottom of the Well")) << tt.screen();
  tt.type_line("west");
  ASSERT_TRUE(tt.wait_for("West branch")) << tt.screen();
  friend_.send_line("@who");
  ASSERT_NO_THROW(friend_.expect("TINTIN++")) << "TTYPE's first answer reached the server";
  ASSERT_NO_THROW(friend_.expect("120x40")) << "NAWS reached the server";

  // tt++ reported 256 colours (MTTS), so the room names it drew were coloured.
  EXPECT_NE(tt.screen_with_colours().find("\x1b[38;"), std::string::npos) << "no colour on the tt++ screen";

  tt.type_line("quit");
  ASSERT_TRUE(tt.wait_for("Goodbye, Tinny")) << tt.screen();
  EXPECT_TRUE(server.wait_log("Tinny quit"));
}

// The pager in TinTin++: tt++ tells the server its window (NAWS, 40 lines in this tmux), so the long help
// stops after a page at --More--; Enter shows the rest, and q stops a second help where it stands.
TEST(Tintin, LongHelpStopsAtMoreAndEnterAndQAnswerIt) {
  const auto tmux = find_program("tmux");
  const auto tintin = find_program("tt++", {"/usr/games", "/usr/local/games"});
  ASSERT_TRUE(tmux.has_value()) << "tmux is not installed: run scripts/install-deps.sh (Debian package tmux)";
  ASSERT_TRUE(tintin.has_value()) << "tt++ is not installed: run scripts/install-deps.sh (Debian package tintin++)";

  server_process server;
  telnet_client first(server.port());
  first.create("Warden", "wardenpassword");  // (the first account; Pager is a player)
  tintin_in_tmux tt(*tmux, *tintin);
  const std::string started = tt.start(server.port());
  ASSERT_TRUE(started.empty()) << started;
  ASSERT_TRUE(tt.wait_for("create  or  connect")) << tt.screen();
  tt.type_line("create Pager pagerpass1");
  ASSERT_TRUE(tt.wait_for("Welcome to Deepwell, Pager")) << tt.screen();
  ASSERT_TRUE(tt.wait_for("hp] >")) << tt.screen();

  // The list's last commands wait behind one --More-- or more, each answered with Enter.
  constexpr std::string_view last_line = "Hold a weapon (more damage).";
  tt.type_line("help");
  ASSERT_TRUE(tt.wait_for("--More--")) << tt.screen();
  EXPECT_EQ(count_of(tt.screen(), last_line), 0U) << "the end of the help waits behind --More--:\n"
                                                  << tt.captures().back();
  std::size_t pages = 1;
  while (count_of(tt.screen(), last_line) == 0 && pages < 5) {
    tt.type_line("");
    ++pages;
    const auto deadline = std::chrono::steady_clock::now() + screen_timeout;
    while (count_of(tt.screen(), last_line) == 0 && count_of(tt.captures().back(), "--More--") < pages &&
           std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(50ms);  // poll interval, not a synchronisation
    }
  }
  ASSERT_TRUE(tt.wait_for(last_line)) << tt.screen();
  ASSERT_TRUE(tt.wait_for("hp] >", 2)) << "the player's prompt after the last page:\n" << tt.screen();
  const std::size_t mores = count_of(tt.screen(), "--More--");

  tt.type_line("help");
  ASSERT_TRUE(tt.wait_for("--More--", mores + 1)) << tt.screen();
  tt.type_line("q");
  ASSERT_TRUE(tt.wait_for("hp] >", 3)) << tt.screen();
  tt.type_line("say after the pager");
  ASSERT_TRUE(tt.wait_for("You say, 'after the pager'")) << tt.screen();
  EXPECT_EQ(count_of(tt.screen(), last_line), 1U) << "q dropped the rest of the second help:\n" << tt.captures().back();
}
