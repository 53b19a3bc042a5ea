// line_server: the least a telnet MUD can do, as a baseline for mudload. Every line gets the same
// ~900-byte room text (after the line itself) and a prompt "> " ended by IAC EOR (IAC GA if the client did not agree to EOR).
// Any line is answered, so Deepwell's login script works against it too.
// (first: the termios headers that CLI11 brings in define ECHO as a macro)
#include "server/telnet/telnet_constants.hpp"

#include <CLI/CLI.hpp>
#include <boost/asio.hpp>
#include <cstdio>
#include <memory>
#include <string>


namespace {
namespace asio = boost::asio;
using tcp = asio::ip::tcp;
namespace cmd = dw::telnet::cmd;
namespace opt = dw::telnet::opt;

std::string room_text() {
  std::string text =
      "Welcome to the line server.\r\n"
      "The Baseline Room\r\n";
  const std::string filler =
      "Rough stone walls close in on every side, wet with water that seeps down from far above. ";
  while (text.size() < 820) {
    text += filler;
  }
  text += "\r\nExits: north, east (unexplored), up (to the well).\r\n";
  return text;
}

const std::string greeting =
    "Line server: every line gets the same answer.\r\nType one of:\r\n  create <name> <password>\r\n";

class session : public std::enable_shared_from_this<session> {
 public:
  session(tcp::socket s, const std::string& room) : socket_(std::move(s)), room_(room) {}

  void start() {
    boost::system::error_code ignored;
    socket_.set_option(tcp::no_delay(true), ignored);
    send(std::string{static_cast<char>(cmd::IAC), static_cast<char>(cmd::WILL), static_cast<char>(opt::EOR)} +
         greeting);
    read();
  }

 private:
  void read() {
    socket_.async_read_some(asio::buffer(buf_), [self = shared_from_this()](boost::system::error_code err,
                                                                             std::size_t n) {
      if (err) {
        return;
      }
      self->parse(std::string_view(self->buf_.data(), n));
      self->read();
    });
  }

  void parse(std::string_view bytes) {
    for (char ch : bytes) {
      const auto b = static_cast<std::uint8_t>(ch);
      switch (state_) {
        case 0:  // text
          if (b == cmd::IAC) {
            state_ = 1;
          } else if (b == '\n') {
            answer();
            line_.clear();
          } else if (b != '\r' && line_.size() < 200) {
            line_ += ch;
          }
          break;
        case 1:  // after IAC
          if (b == cmd::DO || b == cmd::DONT || b == cmd::WILL || b == cmd::WONT) {
            verb_ = b;
            state_ = 2;
          } else if (b == cmd::SB) {
            state_ = 3;
          } else {
            state_ = 0;
          }
          break;
        case 2:  // the option of a negotiation
          if (b == opt::EOR && (verb_ == cmd::DO || verb_ == cmd::DONT)) {
            eor_ = verb_ == cmd::DO;
          }
          state_ = 0;
          break;
        case 3:  // inside SB
          state_ = b == cmd::IAC ? 4 : 3;
          break;
        case 4:  // IAC inside SB
          state_ = b == cmd::SE ? 0 : 3;
          break;
        default:
          state_ = 0;
      }
    }
  }

  void answer() {
    // The line comes back first, as a MUD's "You say, '...'" does: mudload's chat waits for its own words.
    std::string reply = "You typed: " + line_ + "\r\n" + room_;
    reply += "> ";
    reply += static_cast<char>(cmd::IAC);
    reply += static_cast<char>(eor_ ? cmd::EOR : cmd::GA);
    send(std::move(reply));
  }

  void send(std::string bytes) {
    outbox_ += bytes;
    flush();
  }

  void flush() {
    if (writing_ || outbox_.empty()) {
      return;
    }
    writing_ = true;
    in_flight_.swap(outbox_);
    asio::async_write(socket_, asio::buffer(in_flight_),
                      [self = shared_from_this()](boost::system::error_code err, std::size_t) {
                        self->writing_ = false;
                        self->in_flight_.clear();
                        if (!err) {
                          self->flush();
                        }
                      });
  }

  tcp::socket socket_;
  const std::string& room_;
  std::array<char, 4096> buf_{};
  std::string line_;
  std::string outbox_;
  std::string in_flight_;
  bool writing_ = false;
  bool eor_ = false;
  int state_ = 0;
  std::uint8_t verb_ = 0;
};

void accept(tcp::acceptor& acceptor, const std::string& room) {
  acceptor.async_accept([&acceptor, &room](boost::system::error_code err, tcp::socket s) {
    if (!err) {
      std::make_shared<session>(std::move(s), room)->start();
    } else if (err == asio::error::no_descriptors) {
      std::fprintf(stderr, "line_server: out of file descriptors\n");
    }
    accept(acceptor, room);
  });
}

}  // namespace

int main(int argc, char** argv) {
  std::string host = "127.0.0.1";
  std::uint16_t port = 0;
  std::string port_file;
  CLI::App app{"line_server: a minimal telnet line server, the baseline for mudload"};
  app.add_option("--host", host, "address to listen on")->capture_default_str();
  app.add_option("--port", port, "port (0: a free one, printed)")->capture_default_str();
  app.add_option("--port-file", port_file, "also write the port to this file");
  CLI11_PARSE(app, argc, argv);

  asio::io_context io(1);
  tcp::acceptor acceptor(io, tcp::endpoint(asio::ip::make_address(host), port));
  acceptor.listen(asio::socket_base::max_listen_connections);
  const std::string room = room_text();
  const unsigned bound = acceptor.local_endpoint().port();
  std::printf("line_server listening on %s port %u\n", host.c_str(), bound);
  std::fflush(stdout);
  if (!port_file.empty()) {
    if (FILE* f = std::fopen(port_file.c_str(), "w")) {
      std::fprintf(f, "%u\n", bound);
      std::fclose(f);
    }
  }
  accept(acceptor, room);
  asio::signal_set stop(io, SIGINT, SIGTERM);
  stop.async_wait([&](boost::system::error_code, int) { io.stop(); });
  io.run();
  return 0;
}
