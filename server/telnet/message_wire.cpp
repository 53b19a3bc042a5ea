#include "server/telnet/message_wire.hpp"

#include <algorithm>
#include <array>

#include "server/telnet/gmcp_message.hpp"
#include "server/telnet/json_envelope.hpp"
#include "server/telnet/telnet_constants.hpp"

namespace dw::telnet {
namespace {

constexpr std::array<std::string_view, 4> names{"gmcp.mudstandards.org", "telnet.mudstandards.org",
                                                "json.mudstandards.org", "terminal.mudstandards.org"};

client_info info_for(subprotocol wire) {
  client_info info;
  info.client_name = "WEBSOCKET";
  info.terminal_type = std::string(name_of(wire));
  info.utf8 = info.ansi = info.xterm256 = info.truecolour = true;
  info.ttype_done = true;
  info.gmcp = wire == subprotocol::gmcp || wire == subprotocol::json;
  return info;
}

bool ends_a_line(std::string_view text) { return !text.empty() && (text.back() == '\n' || text.back() == '\r'); }

}  // namespace

std::string_view name_of(subprotocol p) { return names[static_cast<std::size_t>(p)]; }

std::optional<subprotocol> subprotocol_named(std::string_view name) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) {
      return static_cast<subprotocol>(i);
    }
  }
  return std::nullopt;
}

message_wire::message_wire(subprotocol wire, codec_limits limits)
    : wire_(wire),
      limits_(limits),
      info_(info_for(wire)),
      // A record holds at most one message: a line, or GMCP, with room for an envelope around it.
      records_(std::max(limits.max_line_bytes, limits.max_subneg_bytes) * 2 + 1024),
      lines_(limits.max_line_bytes) {}

bool message_wire::feed(std::string_view records, std::vector<event>& events) {
  records_.feed(records);
  while (const std::optional<record> r = records_.next()) {
    if (r->kind != record_kind::text || wire_ == subprotocol::terminal) {
      take_typed(*r, events);
    } else if (r->length > records_.max_payload()) {
      // GMCP or an envelope longer than any the reader keeps whole: dropped, as an oversized
      // subnegotiation is on telnet (said once, at its end).
      if (r->last) {
        events.emplace_back(subneg_overflow_event{opt::GMCP});
      }
    } else if (wire_ == subprotocol::gmcp) {
      take_gmcp(r->payload, events);
    } else {
      take_envelope(r->payload, events);
    }
  }
  return !records_.failed();
}

void message_wire::take_typed(const record& r, std::vector<event>& events) {
  // A long message comes in pieces: the line decoder bounds the line (a line over the limit is reported
  // with its length, as on telnet), and the end of the message ends its line.
  if (r.first) {
    typed_ends_line_ = false;
  }
  if (!r.payload.empty()) {
    lines_.feed(r.payload, events);
    typed_ends_line_ = ends_a_line(r.payload);
  }
  if (r.last && !typed_ends_line_) {
    lines_.feed("\n", events);
  }
}

void message_wire::take_gmcp(std::string_view payload, std::vector<event>& events) const {
  if (payload.size() > limits_.max_subneg_bytes) {
    events.emplace_back(subneg_overflow_event{opt::GMCP});
    return;
  }
  if (std::optional<gmcp_event> message = parse_gmcp(payload)) {
    events.emplace_back(std::move(*message));
  }
}

void message_wire::take_envelope(std::string_view json, std::vector<event>& events) const {
  const std::optional<json_envelope> e = decode_envelope(json);
  if (!e || e->proto != "gmcp" || e->id.empty()) {
    return;  // only GMCP travels in envelopes from a client
  }
  take_gmcp(e->data.empty() ? e->id : e->id + " " + e->data, events);
}

void message_wire::encode_text(std::string_view text, std::string& out) {
  out.reserve(out.size() + text.size() + text.size() / 16 + 8);
  const std::size_t start = begin_record(record_kind::binary, out);
  std::size_t from = 0;
  for (std::size_t at = text.find_first_of("\r\n"); at != std::string_view::npos; at = text.find_first_of("\r\n", from)) {
    out.append(text.substr(from, at - from));
    if (text[at] == '\n') {
      out += "\r\n";
    }  // (a '\r' is dropped: every '\n' brings its own)
    from = at + 1;
  }
  out.append(text.substr(from));
  end_record(start, out);
}

bool message_wire::encode_gmcp(std::string_view package, std::string_view json, std::string& out) const {
  if (wire_ == subprotocol::gmcp) {
    std::string text(package);
    if (!json.empty()) {
      text.push_back(' ');
      text.append(json);
    }
    append_record(record_kind::text, text, out);
    return true;
  }
  if (wire_ == subprotocol::json) {
    append_record(record_kind::text, encode_envelope("gmcp", package, json), out);
    return true;
  }
  return false;
}

void message_wire::set_hidden_input(bool hidden, std::string& out) {
  info_.echo_hidden = hidden;
  if (wire_ == subprotocol::gmcp) {
    const char bytes[] = {static_cast<char>(cmd::IAC), static_cast<char>(hidden ? cmd::WILL : cmd::WONT),
                          static_cast<char>(opt::ECHO)};
    append_record(record_kind::binary_alone, std::string_view(bytes, sizeof bytes), out);
  } else if (wire_ == subprotocol::json) {
    append_record(record_kind::text, encode_envelope("telnet", "ECHO", hidden ? "WILL" : "WONT"), out);
  }
}

}  // namespace dw::telnet
