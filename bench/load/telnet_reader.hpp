#pragma once

// The client side of telnet for the load generator: bytes from the server in, text and events out.
// Keeps its state across reads, so IAC IAC, commands and SB ... IAC SE may be split anywhere; after
// IAC SB COMPRESS2 IAC SE everything that follows is inflated (MCCP2) before it is parsed.
#include <zlib.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace dw::load {

class telnet_reader {
 public:
  struct handlers {
    std::function<void(std::string_view)> text;                         ///< plain text (IAC IAC as one 255)
    std::function<void()> prompt;                                       ///< IAC EOR or IAC GA
    std::function<void(std::uint8_t, std::uint8_t)> negotiate;          ///< WILL/WONT/DO/DONT, option
    std::function<void(std::uint8_t, std::string_view)> subnegotiation;  ///< option, payload (IAC IAC undone)
  };

  explicit telnet_reader(handlers h);
  ~telnet_reader();
  telnet_reader(const telnet_reader&) = delete;
  telnet_reader& operator=(const telnet_reader&) = delete;

  /// Parses bytes as they came from the socket. Returns false if the compressed stream is broken.
  bool feed(std::string_view bytes);
  bool compressing() const { return inflating_; }

 private:
  /// Parses plain (already inflated) bytes; returns how many it used: fewer than all when MCCP2 starts.
  std::size_t parse(std::string_view bytes);
  bool inflate_all(std::string_view bytes);

  enum class state : std::uint8_t { data, iac, option, sb_option, sb, sb_iac };
  handlers on_;
  state state_ = state::data;
  std::uint8_t verb_ = 0;
  std::uint8_t sb_option_ = 0;
  std::string sb_;
  std::string text_;
  bool inflating_ = false;
  z_stream zs_{};
};

}  // namespace dw::load
