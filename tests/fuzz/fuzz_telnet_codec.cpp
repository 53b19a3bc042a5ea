// libFuzzer target for the telnet codec (server/telnet): every byte a client sends passes through it.
// Input: one control byte, then the client's bytes. The control byte's low 6 bits pick the read size
// (so sequences split between reads get explored), its top 2 bits one of four limit pairs.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "fuzz_support.hpp"
#include "input_events.hpp"
#include "server/telnet/codec.hpp"
#include "server/telnet/telnet_constants.hpp"

namespace {

using namespace dw::telnet;

/// The smallest limits the configuration allows (server.max_line_bytes >= 80, max_subneg_bytes >= 64)
/// reach the overflow paths quickly; the defaults are the last pair. Below about 30 bytes the promise
/// on buffered_capacity() cannot hold: libstdc++ never allocates a heap string under 2 x 15 bytes.
constexpr std::array<codec_limits, 4> limit_choices{
    codec_limits{80, 64}, codec_limits{128, 256}, codec_limits{100, 4096}, codec_limits{4096, 8192}};

std::uint8_t at(std::string_view s, std::size_t i) { return static_cast<std::uint8_t>(s[i]); }

/// What the server writes must be whole telnet commands: every IAC starts IAC IAC, a negotiation
/// (IAC WILL/WONT/DO/DONT option), IAC GA / EOR / NOP, or a subnegotiation closed by IAC SE inside
/// which every IAC is doubled. A lone IAC would make the client read the next bytes as a command.
void check_server_stream(std::string_view out) {
  std::size_t i = 0;
  while (i < out.size()) {
    if (at(out, i) != cmd::IAC) {
      ++i;
      continue;
    }
    FUZZ_CHECK(i + 1 < out.size());  // an IAC at the end of a write
    const std::uint8_t command = at(out, i + 1);
    switch (command) {
      case cmd::IAC:
      case cmd::GA:
      case cmd::EOR:
      case cmd::NOP:
        i += 2;
        break;
      case cmd::WILL:
      case cmd::WONT:
      case cmd::DO:
      case cmd::DONT:
        FUZZ_CHECK(i + 2 < out.size());  // a negotiation without its option
        i += 3;
        break;
      case cmd::SB: {
        FUZZ_CHECK(i + 2 < out.size());  // a subnegotiation without its option
        std::size_t j = i + 3;
        for (;;) {
          FUZZ_CHECK(j < out.size());  // a subnegotiation never closed
          if (at(out, j) != cmd::IAC) {
            ++j;
            continue;
          }
          FUZZ_CHECK(j + 1 < out.size());
          FUZZ_CHECK(at(out, j + 1) == cmd::IAC || at(out, j + 1) == cmd::SE);
          j += 2;
          if (at(out, j - 1) == cmd::SE) {
            break;
          }
        }
        i = j;
        break;
      }
      default:
        FUZZ_CHECK(false && "IAC followed by a command the server never sends");
    }
  }
}

void check_event(const event& e, const codec_limits& limits) {
  if (dw::fuzz::check_common_event(e, limits)) {
    return;
  }
  if (const auto* naws = std::get_if<naws_event>(&e)) {
    FUZZ_CHECK(naws->width > 0 && naws->height > 0);  // a 0 from the client keeps the old size
  }
}

void check_client_info(const client_info& info) {
  for (const std::string* name : {&info.client_name, &info.terminal_type}) {
    FUZZ_CHECK(name->size() <= ttype_cycle::max_name_bytes);
    for (const char c : *name) {
      FUZZ_CHECK(dw::fuzz::is_printable_ascii(c));  // they reach logs and GMCP
    }
  }
  FUZZ_CHECK(info.width > 0 && info.height > 0);
}

/// encode_text's contract, written out: "\n" -> "\r\n", "\r" dropped, 255 doubled, all else as is.
std::string expected_text(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\n') {
      out += "\r\n";
    } else if (c == '\r') {
      continue;
    } else if (static_cast<std::uint8_t>(c) == cmd::IAC) {
      out += "\xff\xff";
    } else {
      out += c;
    }
  }
  return out;
}

std::string doubled_iac(std::string_view bytes) {
  std::string out;
  for (const char c : bytes) {
    out += c;
    if (static_cast<std::uint8_t>(c) == cmd::IAC) {
      out += c;
    }
  }
  return out;
}

void check_encoders(const codec& c, std::string_view input) {
  std::string text;
  codec::encode_text(input, text);
  FUZZ_CHECK(text == expected_text(input));
  check_server_stream(text);

  std::string prompt;
  c.end_prompt(prompt);
  const std::string expected_prompt = c.client().eor    ? std::string("\xff\xef")
                                      : !c.client().sga ? std::string("\xff\xf9")
                                                        : std::string();
  FUZZ_CHECK(prompt == expected_prompt);

  const std::size_t space = input.find(' ');
  const std::string_view package = input.substr(0, space);
  const std::string_view json = space == std::string_view::npos ? std::string_view() : input.substr(space + 1);
  std::string gmcp;
  const bool sent = c.encode_gmcp(package, json, gmcp);
  FUZZ_CHECK(sent == c.client().gmcp);
  if (sent) {
    std::string expected = "\xff\xfa\xc9" + doubled_iac(package);
    if (!json.empty()) {
      expected += ' ' + doubled_iac(json);
    }
    expected += "\xff\xf0";
    FUZZ_CHECK(gmcp == expected);
    check_server_stream(gmcp);
  } else {
    FUZZ_CHECK(gmcp.empty());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) {
    return 0;
  }
  const codec_limits limits = limit_choices[data[0] >> 6];
  const std::size_t chunk = 1 + (data[0] & 0x3F);
  const std::string_view input = dw::fuzz::as_text(data + 1, size - 1);

  codec c(limits);
  std::string out;
  c.start(out);
  check_server_stream(out);
  std::vector<event> events;
  std::size_t feeds = 0;
  for (std::size_t from = 0; from < input.size(); from += chunk) {
    out.clear();
    events.clear();
    c.feed(input.substr(from, chunk), events, out);
    if (++feeds % 8 == 0) {
      c.set_hidden_input(feeds % 16 == 0, out);
    }
    // Each write must stand on its own: a command is never split between two writes.
    check_server_stream(out);
    FUZZ_CHECK(c.buffered_capacity() <= limits.max_line_bytes + limits.max_subneg_bytes);
    for (const event& e : events) {
      check_event(e, limits);
    }
  }
  check_client_info(c.client());

  // Whatever the input did, the hot-reboot snapshot must restore to an equal codec.
  const auto restored = codec::restore_state(c.save_state(), limits);
  FUZZ_CHECK(restored.has_value() && restored->client() == c.client());
  check_encoders(c, input);
  return 0;
}
