// libFuzzer target for the WebSocket message subprotocols (server/telnet/message_wire, ws_records,
// json_envelope): every message a browser or another WebSocket client sends passes through them.
// Input: one control byte, then messages, each a kind byte (odd: text, even: binary), a length byte and
// that many bytes. The control byte's low 2 bits pick the subprotocol (gmcp, json, terminal, gmcp), the
// next 4 the size of the pieces the records arrive in (sequences split between reads get explored).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "fuzz_support.hpp"
#include "input_events.hpp"
#include "server/telnet/json_envelope.hpp"
#include "server/telnet/message_wire.hpp"
#include "server/telnet/ws_records.hpp"

namespace {

using namespace dw::telnet;

constexpr codec_limits limits{80, 64};  // the smallest the configuration allows: overflows come quickly
constexpr std::array<subprotocol, 4> wires{subprotocol::gmcp, subprotocol::json, subprotocol::terminal,
                                           subprotocol::gmcp};

void check_event(const event& e) {
  // Nothing else comes from a message wire: no NAWS, no negotiation.
  FUZZ_CHECK(dw::fuzz::check_common_event(e, limits) || std::holds_alternative<subneg_overflow_event>(e));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = dw::fuzz::as_text(data, size);
  if (input.empty()) {
    return 0;
  }
  const auto control = static_cast<std::uint8_t>(input[0]);
  message_wire wire(wires[control & 3U], limits);
  const std::size_t piece = 1 + ((control >> 2) & 15U) * 7;

  // The messages, as the WebSocket stream writes them into records.
  std::string records;
  std::vector<std::string> texts;
  for (std::size_t i = 1; i + 1 < input.size();) {
    const bool text = (static_cast<std::uint8_t>(input[i]) & 1U) != 0;
    const std::size_t length = static_cast<std::uint8_t>(input[i + 1]);
    const std::string_view payload = input.substr(i + 2, length);
    append_record(text ? record_kind::text : record_kind::binary, payload, records);
    if (text) {
      texts.emplace_back(payload);
    }
    i += 2 + payload.size();
  }
  std::vector<event> events;
  for (std::size_t at = 0; at < records.size(); at += piece) {
    FUZZ_CHECK(wire.feed(std::string_view(records).substr(at, piece), events));
    for (const event& e : events) {
      check_event(e);
    }
    events.clear();
    FUZZ_CHECK(wire.buffered_capacity() <= 8 * (limits.max_line_bytes + limits.max_subneg_bytes) + 4096);
  }

  // An envelope read back is written the same way and reads back equal.
  for (const std::string& t : texts) {
    if (const auto e = decode_envelope(t)) {
      const auto again = decode_envelope(encode_envelope(e->proto, e->id, e->data));
      FUZZ_CHECK(again.has_value());
      FUZZ_CHECK(again->proto == e->proto && again->data == e->data);
      FUZZ_CHECK(again->id == e->id);
    }
  }

  // What the server sends is whole records whose messages say what was given.
  std::string out;
  message_wire::encode_text(input.substr(1), out);
  wire.encode_gmcp("Char.Vitals", input.substr(1), out);
  wire.set_hidden_input(true, out);
  std::vector<frame> frames;
  FUZZ_CHECK(frames_of(out, frames));
  FUZZ_CHECK(!frames.empty());
  FUZZ_CHECK(!frames[0].text);
  FUZZ_CHECK(frames[0].payload.find('\r') == std::string::npos ||
             frames[0].payload.find("\r\n") != std::string::npos);
  return 0;
}
