#include "server/telnet/codec.hpp"

#include <algorithm>

#include "server/telnet/ascii_fallback.hpp"
#include "server/telnet/bounded_append.hpp"
#include "server/telnet/gmcp_message.hpp"
#include "server/telnet/option_support.hpp"
#include "server/telnet/utf8_decoder.hpp"

namespace dw::telnet {

namespace {

constexpr char iac_char = static_cast<char>(cmd::IAC);

void put(std::string& out, std::uint8_t byte) { out.push_back(static_cast<char>(byte)); }

void send_negotiation(std::uint8_t verb, std::uint8_t option, std::string& out) {
  put(out, cmd::IAC);
  put(out, verb);
  put(out, option);
}

/// Appends `bytes` with every 255 doubled, so no data byte reads as IAC.
void append_escaped(std::string_view bytes, std::string& out) {
  std::size_t from = 0;
  for (;;) {
    const std::size_t iac = bytes.find(iac_char, from);
    if (iac == std::string_view::npos) {
      out.append(bytes.substr(from));
      return;
    }
    out.append(bytes.substr(from, iac + 1 - from));
    out.push_back(iac_char);
    from = iac + 1;
  }
}

bool accepts(acceptance policy, bool requested) {
  switch (policy) {
    case acceptance::accept:
      return true;
    case acceptance::when_requested:
      return requested;
    case acceptance::refuse:
      return false;
  }
  return false;
}


}  // namespace

codec::codec(codec_limits limits) : limits_(limits), lines_(limits.max_line_bytes) {}

void codec::start(std::string& out) {
  // No WILL SGA here: line-mode clients such as GNU inetutils telnet accept it and switch to
  // character-at-a-time mode with local echo ("^M" after every line, "^?" for backspace).
  // SGA is still granted when the client asks for it (see option_support.hpp).
  std::vector<event> none;  // requests settle nothing, so no event can appear
  apply(local_[opt::EOR].request_enable(), opt::EOR, true, none, out);
  apply(local_[opt::GMCP].request_enable(), opt::GMCP, true, none, out);
  apply(local_[opt::CHARSET].request_enable(), opt::CHARSET, true, none, out);
  apply(local_[opt::MSSP].request_enable(), opt::MSSP, true, none, out);
  if (limits_.mccp2) {
    apply(local_[opt::MCCP2].request_enable(), opt::MCCP2, true, none, out);
  }
  apply(remote_[opt::NAWS].request_enable(), opt::NAWS, false, none, out);
  apply(remote_[opt::TTYPE].request_enable(), opt::TTYPE, false, none, out);
}

void codec::offer_compression_again(std::string& out) {
  if (!limits_.mccp2) {
    return;
  }
  // The old image ended the stream (Z_FINISH) before it went: compression is off whatever the saved
  // state says, and the client is asked again.
  local_[opt::MCCP2] = q_option{};
  std::vector<event> none;
  apply(local_[opt::MCCP2].request_enable(), opt::MCCP2, true, none, out);
}

void codec::feed(std::string_view bytes, std::vector<event>& events, std::string& out) {
  std::size_t i = 0;
  while (i < bytes.size()) {
    i = step(bytes, i, events, out);
  }
}

std::size_t codec::step(std::string_view bytes, std::size_t i, std::vector<event>& events, std::string& out) {
  const auto byte = static_cast<std::uint8_t>(bytes[i]);
  switch (state_) {
    case parse_state::data: {
      // Hand the whole run up to the next IAC to the line decoder at once.
      const std::size_t iac = std::min(bytes.find(iac_char, i), bytes.size());
      lines_.feed(bytes.substr(i, iac - i), events);
      if (iac < bytes.size()) {
        state_ = parse_state::iac;
        return iac + 1;
      }
      return iac;
    }
    case parse_state::iac:
      state_ = parse_state::data;
      switch (byte) {
        case cmd::IAC:
          lines_.feed(std::string_view(&iac_char, 1), events);  // data byte 255
          break;
        case cmd::WILL:
          state_ = parse_state::will;
          break;
        case cmd::WONT:
          state_ = parse_state::wont;
          break;
        case cmd::DO:
          state_ = parse_state::do_;
          break;
        case cmd::DONT:
          state_ = parse_state::dont;
          break;
        case cmd::SB:
          state_ = parse_state::sb_option;
          break;
        default:
          handle_command(byte, out);
          break;
      }
      return i + 1;
    case parse_state::will:
    case parse_state::wont:
    case parse_state::do_:
    case parse_state::dont: {
      const parse_state verb = state_;
      state_ = parse_state::data;
      handle_negotiation(verb, byte, events, out);
      return i + 1;
    }
    case parse_state::sb_option:
      subneg_option_ = byte;
      subneg_.clear();
      state_ = parse_state::sb_data;
      return i + 1;
    case parse_state::sb_data: {
      const std::size_t iac = std::min(bytes.find(iac_char, i), bytes.size());
      const std::size_t room = limits_.max_subneg_bytes - subneg_.size();
      const std::size_t take = std::min(iac - i, room);
      bounded_append(subneg_, bytes.substr(i, take), limits_.max_subneg_bytes);
      if (take < iac - i) {
        // Over the cap: drop it and read the rest as data at once, so an unterminated
        // subnegotiation cannot swallow everything after it.
        events.emplace_back(subneg_overflow_event{subneg_option_});
        subneg_.clear();
        state_ = parse_state::data;
        return i + take;
      }
      if (iac < bytes.size()) {
        state_ = parse_state::sb_iac;
        return iac + 1;
      }
      return iac;
    }
    case parse_state::sb_iac:
      if (byte == cmd::IAC) {
        state_ = parse_state::sb_data;
        if (subneg_.size() >= limits_.max_subneg_bytes) {
          events.emplace_back(subneg_overflow_event{subneg_option_});
          subneg_.clear();
          state_ = parse_state::data;
          return i + 1;  // the escaped 255 belonged to the dropped subnegotiation
        }
        bounded_append(subneg_, std::string_view(&iac_char, 1), limits_.max_subneg_bytes);
        return i + 1;
      }
      finish_subnegotiation(events, out);
      if (byte == cmd::SE) {
        state_ = parse_state::data;
        return i + 1;
      }
      // A client that forgot IAC SE: the subnegotiation ends here and the byte is a command.
      state_ = parse_state::iac;
      return i;
  }
  return i + 1;
}

void codec::handle_command(std::uint8_t command, std::string& out) {
  switch (command) {
    case cmd::EC:
      lines_.erase_character();
      break;
    case cmd::EL:
      lines_.erase_line();
      break;
    case cmd::AYT:
      out.append("[Yes]\r\n");
      break;
    default:
      break;  // NOP, GA, EOR, DM, BRK, IP, AO, SE and unknown bytes carry nothing for us
  }
}

void codec::handle_negotiation(parse_state verb, std::uint8_t option, std::vector<event>& events, std::string& out) {
  const option_policy& policy = option_policies[option];
  switch (verb) {
    case parse_state::will:
      apply(remote_[option].receive_enable(accepts(policy.remote, false)), option, false, events, out);
      break;
    case parse_state::wont:
      apply(remote_[option].receive_disable(), option, false, events, out);
      break;
    case parse_state::do_:
      if (option == opt::ECHO) {
        apply(echo_.receive_enable(accepts(policy.local, echo_.wanted())), option, true, events, out);
      } else {
        const bool allowed = option != opt::MCCP2 || limits_.mccp2;
        apply(local_[option].receive_enable(allowed && accepts(policy.local, false)), option, true, events, out);
      }
      break;
    case parse_state::dont:
      if (option == opt::ECHO) {
        apply(echo_.receive_disable(), option, true, events, out);
      } else {
        apply(local_[option].receive_disable(), option, true, events, out);
      }
      break;
    default:
      break;
  }
}

void codec::apply(const q_outcome& outcome, std::uint8_t option, bool local, std::vector<event>& events,
                  std::string& out) {
  if (outcome.send == q_send::positive) {
    send_negotiation(local ? cmd::WILL : cmd::DO, option, out);
  } else if (outcome.send == q_send::negative) {
    send_negotiation(local ? cmd::WONT : cmd::DONT, option, out);
  }
  refresh_option_flags();
  if (outcome.settled == q_settled::unchanged) {
    return;
  }
  const bool enabled = outcome.settled == q_settled::enabled;
  events.emplace_back(option_event{option, enabled, local});
  if (local && option == opt::CHARSET) {
    if (enabled) {
      // RFC 2066: we offer the one character set we write. The answer may come at any time, or never.
      put(out, cmd::IAC);
      put(out, cmd::SB);
      put(out, opt::CHARSET);
      put(out, charset::REQUEST);
      out.append(";UTF-8");
      put(out, cmd::IAC);
      put(out, cmd::SE);
    } else if (charset_ == charset_state::unknown) {
      charset_ = charset_state::refused;
    }
    refresh_option_flags();
  }
  if (!local && option == opt::TTYPE && enabled && !ttype_.done()) {
    put(out, cmd::IAC);
    put(out, cmd::SB);
    put(out, opt::TTYPE);
    put(out, ttype::SEND);
    put(out, cmd::IAC);
    put(out, cmd::SE);
  }
}

void codec::finish_subnegotiation(std::vector<event>& events, std::string& out) {
  switch (subneg_option_) {
    case opt::GMCP:
      handle_gmcp(events);
      break;
    case opt::NAWS:
      handle_naws(events);
      break;
    case opt::TTYPE:
      handle_ttype(events, out);
      break;
    case opt::CHARSET:
      handle_charset(events, out);
      break;
    default:
      break;  // subnegotiations of options we never agreed to are ignored
  }
  subneg_.clear();
}

void codec::handle_gmcp(std::vector<event>& events) {
  if (!local_[opt::GMCP].enabled() || subneg_.empty()) {
    return;
  }
  if (std::optional<gmcp_event> message = parse_gmcp(subneg_)) {
    events.emplace_back(std::move(*message));
  }
}

void codec::handle_naws(std::vector<event>& events) {
  if (subneg_.size() != 4) {
    return;  // malformed: keep the old size
  }
  const auto byte = [this](std::size_t i) { return static_cast<std::uint16_t>(static_cast<std::uint8_t>(subneg_[i])); };
  const auto width = static_cast<std::uint16_t>((byte(0) << 8) | byte(1));
  const auto height = static_cast<std::uint16_t>((byte(2) << 8) | byte(3));
  // Zero means the client does not know: keep what we had.
  if (width != 0) {
    info_.width = width;
  }
  if (height != 0) {
    info_.height = height;
  }
  events.emplace_back(naws_event{info_.width, info_.height});
}

void codec::handle_ttype(std::vector<event>& events, std::string& out) {
  if (subneg_.empty() || static_cast<std::uint8_t>(subneg_[0]) != ttype::IS || ttype_.done()) {
    return;
  }
  const bool ask_again = ttype_.on_answer(std::string_view(subneg_).substr(1), info_);
  refresh_option_flags();  // MTTS bits decide ascii_only too
  events.emplace_back(ttype_event{});
  if (ask_again) {
    put(out, cmd::IAC);
    put(out, cmd::SB);
    put(out, opt::TTYPE);
    put(out, ttype::SEND);
    put(out, cmd::IAC);
    put(out, cmd::SE);
  }
}

void codec::refresh_option_flags() {
  info_.ascii_only = charset_ != charset_state::accepted && !info_.utf8 &&
                     (charset_ == charset_state::rejected || info_.mtts != 0);
  info_.gmcp = local_[opt::GMCP].enabled();
  info_.eor = local_[opt::EOR].enabled();
  info_.sga = local_[opt::SGA].enabled();
  info_.echo_hidden = echo_.enabled();
  info_.naws = remote_[opt::NAWS].enabled();
}

void codec::encode_text(std::string_view text, std::string& out) {
  out.reserve(out.size() + text.size() + text.size() / 16);
  // Game text almost never holds a '\r' or a 0xFF byte: when it holds neither, only its newlines change,
  // and memchr (vectorised) finds them far faster than a byte-at-a-time test of three values, which was
  // 43% of the game side's instructions per `look` (BENCHMARKS.md, issue 14).
  if (text.find('\r') == std::string_view::npos && text.find('\xFF') == std::string_view::npos) {
    std::size_t from = 0;
    for (std::size_t nl = text.find('\n'); nl != std::string_view::npos; nl = text.find('\n', from)) {
      out.append(text.substr(from, nl - from));
      out.append("\r\n");
      from = nl + 1;
    }
    out.append(text.substr(from));
    return;
  }
  std::size_t from = 0;
  for (;;) {
    std::size_t special = from;
    while (special < text.size() && text[special] != '\n' && text[special] != '\r' &&
           static_cast<unsigned char>(text[special]) != 0xFFU) {
      ++special;
    }
    if (special == text.size()) {
      out.append(text.substr(from));
      return;
    }
    out.append(text.substr(from, special - from));
    switch (text[special]) {
      case '\n':
        out.append("\r\n");
        break;
      case '\r':
        break;  // every '\n' brings its own '\r'; a lone one would need "\r\0"
      default:
        out.push_back(iac_char);
        out.push_back(iac_char);
        break;
    }
    from = special + 1;
  }
}

void codec::encode_text_for_client(std::string_view text, std::string& out) {
  if (!info_.ascii_only) {
    encode_text(text, out);
    return;
  }
  scratch_.clear();
  append_ascii_fallback(text, scratch_);
  encode_text(scratch_, out);
}

void codec::encode_compression_start(std::string& out) {
  put(out, cmd::IAC);
  put(out, cmd::SB);
  put(out, opt::MCCP2);
  put(out, cmd::IAC);
  put(out, cmd::SE);
}

bool codec::encode_mssp(const std::vector<mssp_variable>& variables, std::string& out) const {
  if (!local_[opt::MSSP].enabled()) {
    return false;
  }
  telnet::encode_mssp(variables, out);
  return true;
}

void codec::end_prompt(std::string& out) const {
  if (local_[opt::EOR].enabled()) {
    put(out, cmd::IAC);
    put(out, cmd::EOR);
  } else if (!local_[opt::SGA].enabled()) {
    put(out, cmd::IAC);
    put(out, cmd::GA);
  }
}

bool codec::encode_gmcp(std::string_view package, std::string_view json, std::string& out) const {
  if (!local_[opt::GMCP].enabled()) {
    return false;
  }
  // Sized in bytes: multi-byte text must never push IAC SE off the end.
  out.reserve(out.size() + package.size() + json.size() + 8);
  put(out, cmd::IAC);
  put(out, cmd::SB);
  put(out, opt::GMCP);
  append_escaped(package, out);
  if (!json.empty()) {
    out.push_back(' ');
    append_escaped(json, out);
  }
  put(out, cmd::IAC);
  put(out, cmd::SE);
  return true;
}

void codec::set_hidden_input(bool hidden, std::string& out) {
  // Not the Q-method's request_enable/request_disable: those hold a request until the previous one
  // is answered, and TinTin++ never answers WONT ECHO, so its second password prompt got no WILL
  // ECHO and the password was shown. echo_option sends every change of wish at once and matches
  // the answers that do come; its class comment gives the whole rule.
  std::vector<event> none;  // requests settle nothing, so no event can appear
  apply(q_outcome{echo_.request(hidden), q_settled::unchanged}, opt::ECHO, true, none, out);
}

}  // namespace dw::telnet
