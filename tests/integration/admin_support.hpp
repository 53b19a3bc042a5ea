#pragma once

// What the administration integration tests share: wide clients, reading answers, seeds whose first
// dungeon room holds a fight, and walking into the east branch.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "content/content_loader.hpp"
#include "tests/support/content_seeds.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

namespace dw::testing::admin_flow {

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;
using namespace std::chrono_literals;

inline constexpr std::string_view prompt = "hp] > ";
inline constexpr std::uint8_t WILL = 251, WONT = 252, ECHO = 1;

/// Wide enough that no line of @who or @stat is wrapped, so lines can be checked whole.
inline client_options wide_client(std::uint16_t height = 40) {
  client_options o;
  o.width = 200;
  o.height = height;
  return o;
}

inline bool contains(const std::string& text, std::string_view needle) { return text.find(needle) != std::string::npos; }

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t nl = text.find('\n', start);
    out.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) {
      break;
    }
    start = nl + 1;
  }
  return out;
}

/// The first line of `text` that contains `needle` (empty if none).
inline std::string line_with(const std::string& text, std::string_view needle) {
  for (const std::string& line : lines_of(text)) {
    if (contains(line, needle)) {
      return line;
    }
  }
  return {};
}

/// Sends a command whose answer starts with `first` and returns its whole answer up to the prompt.
inline std::string answer(telnet_client& c, std::string_view command, std::string_view first) {
  c.send_line(command);
  std::string out = c.expect(first);
  out += c.expect(prompt);
  return out.substr(out.find(first));
}

/// The hit points in the last prompt of `text` ("[12/40 hp] > "), or -1.
inline int prompt_hp(const std::string& text) {
  static const std::regex pattern(R"(\[(-?\d+)/(\d+) hp\] > )");
  int hp = -1;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern); it != std::sregex_iterator(); ++it) {
    hp = std::stoi((*it)[1]);
  }
  return hp;
}

/// What the process has open, one "fd -> target" per descriptor.
inline std::vector<std::string> open_files(pid_t pid) {
  std::vector<std::string> out;
  const std::filesystem::path dir = "/proc/" + std::to_string(pid) + "/fd";
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::error_code link_ec;
    out.push_back(entry.path().filename().string() + " -> " +
                  std::filesystem::read_symlink(entry.path(), link_ec).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::size_t count_open(const std::vector<std::string>& files, std::string_view target) {
  return static_cast<std::size_t>(
      std::count_if(files.begin(), files.end(), [&](const std::string& f) { return f.ends_with(target); }));
}

inline std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) {
    out += line + "\n";
  }
  return out;
}

/// True while the process runs (it is neither gone nor a zombie); reaps nothing.
inline bool process_running(pid_t pid) {
  siginfo_t info{};
  if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
    return false;
  }
  return info.si_pid == 0;
}

inline const dw::content::content_tables& tables() {
  static const dw::content::content_tables loaded = [] {
    auto result = dw::content::load_content(DW_CONTENT_DIR);
    return std::get<dw::content::content_tables>(std::move(result));
  }();
  return loaded;
}

/// A world seed whose first room of East branch 1 holds monsters.
inline std::int64_t monster_seed() { return dw::testing::seed_with_monsters(tables(), false); }

/// A world seed whose first room of East branch 1 holds monsters that survive one round against a
/// bare-handed character of `hp` hit points, who survives it too: a fight that is still going on.
inline std::int64_t long_fight_seed(int hp) {
  return dw::testing::seed_with_first_round(
      tables(), hp, [](const dw::content::fight_state&, const dw::content::round_result& round) {
        return !round.won && !round.fighters.empty() && !round.fighters[0].out;
      });
}

inline std::string seed_config(std::int64_t seed, std::string_view more = {}) {
  return "[dungeon]\nworld_seed = " + std::to_string(seed) + "\n" + std::string(more);
}

/// Climbs down the well and walks east into East branch 1 at (1,0); returns what was shown.
inline std::string walk_into_east_branch(telnet_client& c) {
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.expect(prompt);
  c.send_line("east");
  std::string seen = c.expect("[East branch 1, 1,0, depth 1]");
  seen += c.expect(prompt);
  return seen;
}

/// The directions marked "(unexplored)" on the "Exits:" line of a room text.
inline std::vector<std::string> unexplored_exits(const std::string& room_text) {
  std::vector<std::string> out;
  std::string line = line_with(room_text, "Exits: ");
  static const std::regex pattern(R"((north|east|south|west) \(unexplored\))");
  for (auto it = std::sregex_iterator(line.begin(), line.end(), pattern); it != std::sregex_iterator(); ++it) {
    out.push_back((*it)[1]);
  }
  return out;
}

/// Waits at the login screen until telnet negotiation is over: each "who" round trip lets the client
/// answer what the server asked before it (the terminal-type cycle takes a few), so later the
/// client has nothing left to answer, and the server has read the answers.
inline void settle_at_login_screen(telnet_client& c) {
  c.expect("quit");
  for (int i = 0; i < 4; ++i) {
    c.send_line("who");
    c.expect(" player");
  }
}

/// Connects with a bare socket that answers no negotiation and returns every byte received until the
/// server closed the connection; nullopt if it was still open after `timeout`. (A telnet_client
/// answering the opening negotiation of a connection that is refused at once may find it closed.)
inline std::optional<std::string> everything_until_closed(std::uint16_t port, std::chrono::milliseconds timeout) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) {
    throw std::runtime_error("socket() failed");
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    throw std::runtime_error("connect failed");
  }
  std::string received;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd p{fd, POLLIN, 0};
    if (left.count() <= 0 || ::poll(&p, 1, static_cast<int>(left.count())) <= 0) {
      ::close(fd);
      return std::nullopt;
    }
    char buf[4096];
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) {
      ::close(fd);
      return received;
    }
    received.append(buf, static_cast<std::size_t>(n));
  }
}

}  // namespace dw::testing::admin_flow
