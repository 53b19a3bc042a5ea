#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dw::testing {

/// How the test client answers the server's negotiation, like a real MUD client would.
struct client_options {
  bool gmcp = true;
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
  /// Every GMCP message received so far, in order, whether or not expect_gmcp() has consumed it.
  const std::vector<gmcp_message>& all_gmcp() const { return gmcp_; }
  bool closed() const { return closed_; }
  /// ANSI escape sequences received so far (whether kept in the text or not).
  int escapes_seen() const { return escapes_seen_; }

 private:
  bool pump(std::chrono::steady_clock::time_point deadline);
  void parse(std::string_view bytes);
  void answer(std::uint8_t command, std::uint8_t option);
  void subnegotiation(std::uint8_t option, const std::string& payload);
  void write_all(std::string_view bytes);
  void answer_bytes(std::string_view bytes);
  void data_byte(char ch);

  int fd_ = -1;
  client_options options_;
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
  int escape_ = 0;  ///< 0: text, 1: after ESC, 2: inside ESC [ ...
  int escapes_seen_ = 0;
  // parser state
  enum class state { data, iac, command, sb, sb_data, sb_iac } state_ = state::data;
  std::uint8_t pending_command_ = 0;
  std::uint8_t sb_option_ = 0;
  std::string sb_payload_;
};

}  // namespace dw::testing
