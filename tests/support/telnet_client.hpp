#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tests/support/tls_transport.hpp"

namespace dw::testing {

/// How the test client answers the server's negotiation, like a real MUD client would.
struct client_options {
  bool gmcp = true;
  /// Sent as Core.Supports.Set right after agreeing GMCP, as Mudlet does (empty: no Core.Supports at all,
  /// and the server sends only the Core package).
  std::vector<std::string> gmcp_supports = {"Char 1", "Room 1", "Comm.Channel 1"};
  bool eor = true;
  bool naws = true;
  bool ttype = true;
  std::uint16_t width = 100;
  std::uint16_t height = 40;
  std::vector<std::string> ttype_answers = {"DWTEST", "XTERM-256COLOR", "MTTS 2831"};
  /// Keep ANSI escape sequences (colour) in the text received; by default they are taken out, so tests
  /// read words (escapes_seen() still counts them).
  bool keep_escapes = false;
  /// Loopback address to connect from ("127.0.0.66"): the server sees it as another client's address.
  std::string source_address;
  /// Answer WILL MCCP2 with DO (otherwise DONT). Output is decompressed from IAC SB 86 IAC SE on either way.
  bool mccp2 = false;
  /// Answer WILL MSSP with DO and keep the variables (otherwise DONT).
  bool mssp = false;
  /// How to answer WILL CHARSET and its REQUEST: refuse (DONT), accept UTF-8, or reject.
  enum class charset_reply { refuse, accept, reject } charset = charset_reply::refuse;
  /// Speak TLS (the server's TLS port): the same telnet inside it, as Mudlet or TinTin++ with SSL do.
  bool tls = false;
};

struct gmcp_message {
  std::string package;
  std::string json;
};

/// A blocking telnet client over a real loopback socket, for integration tests. Every wait has a
/// deadline; nothing sleeps for a fixed time.
class telnet_client {
 public:
  static constexpr std::chrono::seconds default_timeout{20};

  explicit telnet_client(std::uint16_t port, client_options options = {});
  ~telnet_client();
  telnet_client(const telnet_client&) = delete;
  telnet_client& operator=(const telnet_client&) = delete;

  /// Sends text followed by CR LF (byte 255 doubled as telnet requires).
  void send_line(std::string_view text);
  /// Sends bytes exactly as given.
  void send_raw(std::string_view bytes);
  /// Sends one GMCP message (`package json`), IAC doubled.
  void send_gmcp(std::string_view package, std::string_view json);

  /// Waits until the text received since the last expect contains `needle`; returns that text
  /// (through the needle) and consumes it. Throws std::runtime_error with everything received on timeout.
  std::string expect(std::string_view needle, std::chrono::milliseconds timeout = default_timeout);
  /// Waits for the next prompt marker (IAC EOR or IAC GA) after the text consumed so far; returns the
  /// text from there up to that marker and consumes it. Throws like expect() on timeout.
  std::string expect_prompt(std::chrono::milliseconds timeout = default_timeout);
  /// Waits for a GMCP message with this package (consuming messages before it); returns its JSON.
  std::string expect_gmcp(std::string_view package, std::chrono::milliseconds timeout = default_timeout);
  /// Waits for the server to close the connection; true if it did in time.
  bool wait_closed(std::chrono::milliseconds timeout = default_timeout);
  /// Waits until the server has sent IAC <command> <option> (e.g. WILL ECHO); consumes it.
  bool expect_command(std::uint8_t command, std::uint8_t option, std::chrono::milliseconds timeout = default_timeout);

  /// Logs in with `create name password` or `connect name password` and waits for the prompt.
  void create(std::string_view name, std::string_view password);
  void connect(std::string_view name, std::string_view password);

  /// Forgets the text and prompt markers already consumed and every GMCP message received so far, so
  /// that a long run (a benchmark) does not keep every byte; all_text() and all_gmcp() start afresh.
  void discard_consumed();

  /// Number of prompt markers (IAC EOR or IAC GA) seen so far.
  int prompt_marks() const { return prompt_marks_; }
  const std::string& all_text() const { return text_; }
  /// Every byte received (telnet commands included), after MCCP2 decompression.
  const std::string& raw_received() const { return raw_; }
  /// Every WILL/WONT/DO/DONT the server sent, in order: (command, option).
  const std::vector<std::pair<std::uint8_t, std::uint8_t>>& commands() const { return commands_; }

  /// Every GMCP message received so far, in order, whether or not expect_gmcp() has consumed it.
  const std::vector<gmcp_message>& all_gmcp() const { return gmcp_; }
  bool closed() const { return closed_; }
  /// The TLS side of a client made with client_options::tls (null otherwise).
  const tls_transport* tls() const { return tls_.get(); }

  /// MCCP2: true while the server's output is a zlib stream; how many streams ended (Z_FINISH seen);
  /// compressed bytes received and the bytes they inflated to.
  bool compressing() const;
  int compression_ends() const { return compression_ends_; }
  std::size_t compressed_bytes() const { return compressed_bytes_; }
  std::size_t inflated_bytes() const { return inflated_bytes_; }
  /// Waits until compression has started (or, with `on` false, a stream has ended); false on timeout.
  bool wait_compression(bool on, std::chrono::milliseconds timeout = default_timeout);
  /// MSSP variables received (IAC SB 70), in order; waits for them with a deadline.
  const std::vector<std::pair<std::string, std::string>>& mssp() const { return mssp_; }
  bool wait_mssp(std::chrono::milliseconds timeout = default_timeout);
  /// CHARSET REQUEST payloads received from the server (after the REQUEST byte, e.g. ";UTF-8").
  const std::vector<std::string>& charset_requests() const { return charset_requests_; }
  /// ANSI escape sequences received so far (whether kept in the text or not).
  int escapes_seen() const { return escapes_seen_; }

 private:
  bool pump(std::chrono::steady_clock::time_point deadline);
  /// Raw bytes from the socket: inflated while compressing, then parsed.
  void receive(std::string_view bytes);
  /// Parses telnet bytes; stops right after IAC SB MCCP2 IAC SE and returns how many bytes it used.
  std::size_t parse(std::string_view bytes);
  void answer(std::uint8_t command, std::uint8_t option);
  void subnegotiation(std::uint8_t option, const std::string& payload);
  void write_all(std::string_view bytes);
  void answer_bytes(std::string_view bytes);
  void data_byte(char ch);

  int fd_ = -1;  ///< the socket; -1 once a TLS client's transport owns it
  std::unique_ptr<tls_transport> tls_;
  client_options options_;
  std::string raw_;           ///< every byte received, decompressed
  std::string text_;          ///< every data byte received
  std::size_t consumed_ = 0;  ///< expect() has consumed text up to here
  std::vector<gmcp_message> gmcp_;
  std::size_t gmcp_consumed_ = 0;
  std::vector<std::pair<std::uint8_t, std::uint8_t>> commands_;
  std::size_t commands_consumed_ = 0;
  int prompt_marks_ = 0;
  std::vector<std::size_t> prompt_ends_;  ///< where in text_ each prompt marker came
  std::size_t prompts_consumed_ = 0;
  bool closed_ = false;
  std::size_t ttype_index_ = 0;
  bool gmcp_greeted_ = false;
  int escape_ = 0;  ///< 0: text, 1: after ESC, 2: inside ESC [ ...
  int escapes_seen_ = 0;
  // parser state
  enum class state { data, iac, command, sb, sb_data, sb_iac } state_ = state::data;
  std::uint8_t pending_command_ = 0;
  std::uint8_t sb_option_ = 0;
  std::string sb_payload_;
  // MCCP2
  struct inflater;
  std::unique_ptr<inflater> inflate_;
  int compression_ends_ = 0;
  std::size_t compressed_bytes_ = 0;
  std::size_t inflated_bytes_ = 0;
  std::vector<std::pair<std::string, std::string>> mssp_;
  std::vector<std::string> charset_requests_;
};

}  // namespace dw::testing
