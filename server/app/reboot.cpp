#include "server/app/reboot.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <boost/json.hpp>
#include <cerrno>
#include <chrono>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace dw::app {
namespace json = boost::json;

namespace {

std::string to_hex(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (unsigned char c : bytes) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
  return out;
}

std::string from_hex(std::string_view hex) {
  auto value = [](char c) -> int {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    throw std::runtime_error("bad hex in reboot state");
  };
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    out.push_back(static_cast<char>(value(hex[i]) * 16 + value(hex[i + 1])));
  }
  return out;
}

std::vector<std::string> without_reboot_flags(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--reboot-state") {
      ++i;  // and its value
      continue;
    }
    if (args[i] == "--check" || args[i].rfind("--reboot-state=", 0) == 0) {
      continue;
    }
    out.push_back(args[i]);
  }
  return out;
}

std::vector<char*> to_argv(const std::string& exe, std::vector<std::string>& args) {
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(exe.c_str()));
  for (std::string& a : args) {
    argv.push_back(a.data());
  }
  argv.push_back(nullptr);
  return argv;
}

}  // namespace

void write_reboot_state(const std::string& path, const reboot_state& state) {
  json::object root;
  root["listen_fd"] = state.listen_fd;
  root["started_at"] = state.started_at;
  root["tls_listen_fd"] = state.tls_listen_fd;
  root["web_listen_fd"] = state.web_listen_fd;
  json::array conns;
  for (const handed_connection& c : state.connections) {
    json::object o;
    o["fd"] = c.fd;
    o["codec"] = to_hex(c.codec_state);
    o["account_id"] = c.saved.account_id;
    o["connected_at"] = c.saved.connected_at;
    o["last_input"] = c.saved.last_input;
    o["fighting"] = c.saved.fighting;
    json::array supports;
    for (const std::string& m : c.saved.gmcp_supports) {
      supports.push_back(json::value(m));
    }
    o["gmcp_supports"] = std::move(supports);
    conns.push_back(std::move(o));
  }
  root["connections"] = std::move(conns);
  std::ofstream out(path, std::ios::trunc);
  out << json::serialize(root);
  if (!out.flush()) {
    throw std::runtime_error("cannot write " + path);
  }
}

reboot_state read_reboot_state(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    throw std::runtime_error("cannot read reboot state " + path);
  }
  std::stringstream text;
  text << in.rdbuf();
  ::unlink(path.c_str());
  boost::system::error_code ec;
  const json::value v = json::parse(text.str(), ec);
  if (ec || !v.is_object()) {
    throw std::runtime_error("malformed reboot state " + path);
  }
  reboot_state state;
  const json::object& root = v.get_object();
  state.listen_fd = static_cast<int>(root.at("listen_fd").to_number<std::int64_t>());
  if (const json::value* started = root.if_contains("started_at"); started != nullptr && started->is_int64()) {
    state.started_at = started->as_int64();  // (absent in the state of an image from before it was kept)
  }
  if (const json::value* tls = root.if_contains("tls_listen_fd"); tls != nullptr && tls->is_int64()) {
    state.tls_listen_fd = static_cast<int>(tls->as_int64());  // (absent in the state of an image without TLS)
  }
  if (const json::value* web = root.if_contains("web_listen_fd"); web != nullptr && web->is_int64()) {
    state.web_listen_fd = static_cast<int>(web->as_int64());  // (absent in the state of an image without it)
  }
  for (const json::value& item : root.at("connections").as_array()) {
    const json::object& o = item.as_object();
    handed_connection c;
    c.fd = static_cast<int>(o.at("fd").to_number<std::int64_t>());
    c.codec_state = from_hex(o.at("codec").as_string());
    c.saved.account_id = o.at("account_id").to_number<std::int64_t>();
    c.saved.connected_at = o.at("connected_at").to_number<std::int64_t>();
    c.saved.last_input = o.at("last_input").to_number<std::int64_t>();
    if (const json::value* fighting = o.if_contains("fighting"); fighting != nullptr && fighting->is_bool()) {
      c.saved.fighting = fighting->as_bool();  // (absent in the state of an image from before it was kept)
    }
    if (const json::value* supports = o.if_contains("gmcp_supports"); supports != nullptr && supports->is_array()) {
      for (const json::value& m : supports->get_array()) {
        if (m.is_string()) {
          c.saved.gmcp_supports.emplace_back(m.get_string().c_str());
        }
      }
    }
    state.connections.push_back(std::move(c));
  }
  return state;
}

void keep_across_exec(int fd, bool keep) {
  const int flags = ::fcntl(fd, F_GETFD);
  if (flags >= 0) {
    ::fcntl(fd, F_SETFD, keep ? (flags & ~FD_CLOEXEC) : (flags | FD_CLOEXEC));
  }
}

void close_everything_on_exec() {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd", ec)) {
    int fd = -1;
    const std::string name = entry.path().filename().string();
    if (std::from_chars(name.data(), name.data() + name.size(), fd).ec == std::errc{} && fd > 2) {
      keep_across_exec(fd, false);
    }
  }
}

std::string preflight(const std::string& exe, const std::vector<std::string>& args) {
  std::vector<std::string> check = without_reboot_flags(args);
  check.emplace_back("--check");
  int pipefd[2];
  if (::pipe2(pipefd, O_CLOEXEC) != 0) {
    return std::string("pipe: ") + std::strerror(errno);
  }
  std::vector<char*> argv = to_argv(exe, check);
  const pid_t pid = ::fork();
  if (pid < 0) {
    return std::string("fork: ") + std::strerror(errno);
  }
  if (pid == 0) {
    ::dup2(pipefd[1], 1);
    ::dup2(pipefd[1], 2);
    ::execv(exe.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(pipefd[1]);
  ::fcntl(pipefd[0], F_SETFL, O_NONBLOCK);
  std::string output;
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  bool done = false;
  while (!done) {
    char buf[4096];
    ssize_t n = 0;
    while ((n = ::read(pipefd[0], buf, sizeof buf)) > 0) {
      output.append(buf, static_cast<std::size_t>(n));
    }
    done = ::waitpid(pid, &status, WNOHANG) == pid;
    if (!done && std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      ::close(pipefd[0]);
      return "the new binary did not finish its start-up check in 30 s";
    }
    if (!done) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  ::close(pipefd[0]);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    return {};
  }
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) {
    output.pop_back();
  }
  return "the new binary failed its start-up check" + (output.empty() ? std::string() : ": " + output);
}

std::string exec_self(const std::string& exe, const std::vector<std::string>& args, const std::string& state_path) {
  std::vector<std::string> next = without_reboot_flags(args);
  next.emplace_back("--reboot-state");
  next.push_back(state_path);
  std::vector<char*> argv = to_argv(exe, next);
  ::execv(exe.c_str(), argv.data());
  return "exec " + exe + ": " + std::strerror(errno);
}

}  // namespace dw::app
