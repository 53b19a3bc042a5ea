#include "tests/support/telnet_client.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <zlib.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace dw::testing {
namespace {
constexpr std::uint8_t IAC = 255, DONT = 254, DO = 253, WONT = 252, WILL = 251, SB = 250, GA = 249, SE = 240,
                       EOR_CMD = 239;
constexpr std::uint8_t OPT_ECHO = 1, OPT_SGA = 3, OPT_TTYPE = 24, OPT_EOR = 25, OPT_NAWS = 31, OPT_GMCP = 201,
                       OPT_CHARSET = 42, OPT_MSSP = 70, OPT_MCCP2 = 86;
}  // namespace

/// The zlib side of MCCP2: one inflate stream from IAC SB 86 IAC SE to its end.
struct telnet_client::inflater {
  z_stream z{};
  inflater() {
    if (inflateInit(&z) != Z_OK) {
      throw std::runtime_error("inflateInit failed");
    }
  }
  ~inflater() { inflateEnd(&z); }
  inflater(const inflater&) = delete;
  inflater& operator=(const inflater&) = delete;
};

bool telnet_client::compressing() const { return inflate_ != nullptr; }

void telnet_client::receive(std::string_view bytes) {
  while (!bytes.empty()) {
    if (!inflate_) {
      const std::size_t used = parse(bytes);
      raw_.append(bytes.substr(0, used));
      bytes.remove_prefix(used);
      continue;
    }
    // Compressed: inflate what arrived; bytes after the end of the stream are plain again.
    compressed_bytes_ += bytes.size();
    z_stream& z = inflate_->z;
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    z.avail_in = static_cast<uInt>(bytes.size());
    bool ended = false;
    std::string plain;
    char out[16384];
    do {
      z.next_out = reinterpret_cast<Bytef*>(out);
      z.avail_out = sizeof out;
      const int rc = inflate(&z, Z_SYNC_FLUSH);
      if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
        throw std::runtime_error("MCCP2 stream corrupt: zlib error " + std::to_string(rc));
      }
      plain.append(out, sizeof out - z.avail_out);
      ended = rc == Z_STREAM_END;
    } while (!ended && z.avail_out == 0);  // room left over: zlib has given all it can
    const std::size_t left = z.avail_in;
    inflated_bytes_ += plain.size();
    compressed_bytes_ -= left;
    const std::string_view rest = bytes.substr(bytes.size() - left);
    if (ended) {
      inflate_.reset();
      ++compression_ends_;
    }
    // A new stream can only start after this one ended, in the plain bytes that follow it.
    if (parse(plain) != plain.size()) {
      throw std::runtime_error("MCCP2 started inside a compressed stream");
    }
    raw_.append(plain);
    bytes = rest;
    if (!ended && !rest.empty()) {
      throw std::runtime_error("zlib left input unused");
    }
  }
}


telnet_client::telnet_client(std::uint16_t port, client_options options) : options_(std::move(options)) {
  fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) {
    throw std::runtime_error("socket() failed");
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (!options_.source_address.empty()) {
    // Any 127.x.y.z is this machine: binding to one makes the connection come from that address.
    sockaddr_in from{};
    from.sin_family = AF_INET;
    if (::inet_pton(AF_INET, options_.source_address.c_str(), &from.sin_addr) != 1 ||
        ::bind(fd_, reinterpret_cast<sockaddr*>(&from), sizeof from) != 0) {
      const std::string why = std::strerror(errno);
      ::close(fd_);
      fd_ = -1;
      throw std::runtime_error("cannot connect from " + options_.source_address + ": " + why);
    }
  }
  if (::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd_);
    fd_ = -1;
    throw std::runtime_error("connect to port " + std::to_string(port) + " failed: " + why);
  }
  int one = 1;
  ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (options_.tls) {
    const int fd = std::exchange(fd_, -1);  // the transport owns it from here, even if the handshake fails
    tls_ = std::make_unique<tls_transport>(fd, default_timeout);
  }
}

telnet_client::~telnet_client() {
  if (fd_ >= 0) {
    ::close(fd_);
  }
}

void telnet_client::write_all(std::string_view bytes) {
  if (tls_) {
    tls_->write(bytes);
    return;
  }
  while (!bytes.empty()) {
    const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (n <= 0) {
      if (n < 0 && errno == EINTR) {
        continue;
      }
      throw std::runtime_error("send failed: connection closed");
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

void telnet_client::send_raw(std::string_view bytes) { write_all(bytes); }

void telnet_client::send_gmcp(std::string_view package, std::string_view json) {
  std::string sb = {static_cast<char>(IAC), static_cast<char>(SB), static_cast<char>(OPT_GMCP)};
  for (char c : std::string(package) + (json.empty() ? "" : " ") + std::string(json)) {
    sb.push_back(c);
    if (static_cast<std::uint8_t>(c) == IAC) {
      sb.push_back(c);
    }
  }
  sb += {static_cast<char>(IAC), static_cast<char>(SE)};
  write_all(sb);
}

void telnet_client::answer_bytes(std::string_view bytes) {
  // A negotiation answer to a server that has already hung up (a refusal at the door) is lost, as in
  // a real client; what the server sent before closing is still there to read.
  try {
    write_all(bytes);
  } catch (const std::runtime_error&) {
  }
}

void telnet_client::send_line(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  for (char c : text) {
    out.push_back(c);
    if (static_cast<std::uint8_t>(c) == IAC) {
      out.push_back(c);
    }
  }
  out += "\r\n";
  write_all(out);
}

bool telnet_client::pump(std::chrono::steady_clock::time_point deadline) {
  if (closed_) {
    return false;
  }
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  if (left.count() <= 0) {
    return false;
  }
  char buf[8192];
  if (tls_) {
    const long got = tls_->read(buf, sizeof buf, deadline);
    if (got < 0) {
      return false;
    }
    if (got == 0) {
      closed_ = true;
      return false;
    }
    parse(std::string_view(buf, static_cast<std::size_t>(got)));
    return true;
  }
  pollfd p{fd_, POLLIN, 0};
  const int r = ::poll(&p, 1, static_cast<int>(left.count()));
  if (r <= 0) {
    return false;
  }
  const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
  if (n <= 0) {
    closed_ = true;
    return false;
  }
  receive(std::string_view(buf, static_cast<std::size_t>(n)));
  return true;
}

void telnet_client::data_byte(char ch) {
  // ANSI escape sequences (ESC [ ... final byte) are counted, and kept only when the options ask.
  const auto b = static_cast<unsigned char>(ch);
  if (escape_ == 0 && b == 0x1BU) {
    escape_ = 1;
    ++escapes_seen_;
  } else if (escape_ == 1) {
    escape_ = b == '[' ? 2 : 0;
  } else if (escape_ == 2 && b >= 0x40U && b <= 0x7EU) {
    escape_ = 0;
  } else if (escape_ == 0) {
    text_.push_back(ch);
    return;
  }
  if (options_.keep_escapes) {
    text_.push_back(ch);
  }
}

std::size_t telnet_client::parse(std::string_view bytes) {
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    const char ch = bytes[at];
    const auto b = static_cast<std::uint8_t>(ch);
    switch (state_) {
      case state::data:
        if (b == IAC) {
          state_ = state::iac;
        } else if (b != '\r' && b != 0) {
          data_byte(ch);
        }
        break;
      case state::iac:
        if (b == IAC) {
          text_.push_back(ch);
          state_ = state::data;
        } else if (b == WILL || b == WONT || b == DO || b == DONT) {
          pending_command_ = b;
          state_ = state::command;
        } else if (b == SB) {
          state_ = state::sb;
        } else {
          if (b == GA || b == EOR_CMD) {
            ++prompt_marks_;
            prompt_ends_.push_back(text_.size());
          }
          state_ = state::data;
        }
        break;
      case state::command:
        commands_.emplace_back(pending_command_, b);
        answer(pending_command_, b);
        state_ = state::data;
        break;
      case state::sb:
        sb_option_ = b;
        sb_payload_.clear();
        state_ = state::sb_data;
        break;
      case state::sb_data:
        if (b == IAC) {
          state_ = state::sb_iac;
        } else {
          sb_payload_.push_back(ch);
        }
        break;
      case state::sb_iac:
        if (b == SE) {
          subnegotiation(sb_option_, sb_payload_);
          state_ = state::data;
          if (sb_option_ == OPT_MCCP2) {
            // Everything after IAC SB 86 IAC SE, in this read too, is the zlib stream.
            inflate_ = std::make_unique<inflater>();
            return at + 1;
          }
        } else {
          sb_payload_.push_back(ch);
          state_ = state::sb_data;
        }
        break;
    }
  }
  return bytes.size();
}

void telnet_client::answer(std::uint8_t command, std::uint8_t option) {
  auto reply = [this](std::uint8_t c, std::uint8_t o) {
    const char bytes[3] = {static_cast<char>(IAC), static_cast<char>(c), static_cast<char>(o)};
    answer_bytes(std::string_view(bytes, 3));
  };
  if (command == WILL) {
    const bool want = (option == OPT_GMCP && options_.gmcp) || (option == OPT_EOR && options_.eor) ||
                      option == OPT_ECHO || option == OPT_SGA || (option == OPT_MCCP2 && options_.mccp2) ||
                      (option == OPT_MSSP && options_.mssp) ||
                      (option == OPT_CHARSET && options_.charset != client_options::charset_reply::refuse);
    reply(want ? DO : DONT, option);
    if (want && option == OPT_GMCP && !gmcp_greeted_) {
      gmcp_greeted_ = true;
      try {
        send_gmcp("Core.Hello", R"({"client": "DWTEST", "version": "1"})");
        if (!options_.gmcp_supports.empty()) {
          std::string list = "[";
          for (const std::string& m : options_.gmcp_supports) {
            list += (list.size() > 1 ? ", \"" : "\"") + m + "\"";
          }
          send_gmcp("Core.Supports.Set", list + "]");
        }
      } catch (const std::runtime_error&) {
        // a server that has already hung up: as with any answer, lost
      }
    }
  } else if (command == DO) {
    if (option == OPT_NAWS && options_.naws) {
      reply(WILL, option);
      std::string sb = {static_cast<char>(IAC), static_cast<char>(SB), static_cast<char>(OPT_NAWS)};
      for (std::uint16_t v : {options_.width, options_.height}) {
        sb.push_back(static_cast<char>(v >> 8));
        sb.push_back(static_cast<char>(v & 0xFF));
      }
      sb += {static_cast<char>(IAC), static_cast<char>(SE)};
      answer_bytes(sb);
    } else if (option == OPT_TTYPE && options_.ttype) {
      reply(WILL, option);
    } else {
      reply(WONT, option);
    }
  }
  // WONT/DONT need no answer from a client that never asked.
}

void telnet_client::subnegotiation(std::uint8_t option, const std::string& payload) {
  if (option == OPT_GMCP) {
    const std::size_t space = payload.find(' ');
    gmcp_.push_back({payload.substr(0, space), space == std::string::npos ? "" : payload.substr(space + 1)});
  } else if (option == OPT_MSSP) {
    // MSSP_VAR (1) name MSSP_VAL (2) value ...
    std::size_t i = 0;
    while (i < payload.size()) {
      if (payload[i] != 1) {
        ++i;
        continue;
      }
      const std::size_t val = payload.find('\x02', i + 1);
      if (val == std::string::npos) {
        break;
      }
      const std::size_t next = std::min(payload.find('\x01', val + 1), payload.size());
      mssp_.emplace_back(payload.substr(i + 1, val - i - 1), payload.substr(val + 1, next - val - 1));
      i = next;
    }
  } else if (option == OPT_CHARSET && !payload.empty() && payload[0] == 1) {
    charset_requests_.push_back(payload.substr(1));
    std::string sb = {static_cast<char>(IAC), static_cast<char>(SB), static_cast<char>(OPT_CHARSET)};
    if (options_.charset == client_options::charset_reply::accept) {
      sb += '\x02';
      sb += "UTF-8";
    } else {
      sb += '\x03';
    }
    sb += {static_cast<char>(IAC), static_cast<char>(SE)};
    answer_bytes(sb);
  } else if (option == OPT_TTYPE && !payload.empty() && payload[0] == 1) {
    const std::string& name = options_.ttype_answers[std::min(ttype_index_, options_.ttype_answers.size() - 1)];
    ++ttype_index_;
    std::string sb = {static_cast<char>(IAC), static_cast<char>(SB), static_cast<char>(OPT_TTYPE), 0};
    sb += name;
    sb += {static_cast<char>(IAC), static_cast<char>(SE)};
    answer_bytes(sb);
  }
}

}  // namespace dw::testing
