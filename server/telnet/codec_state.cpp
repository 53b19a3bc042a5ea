// codec::save_state and codec::restore_state: the hot-reboot snapshot of a codec.
#include <charconv>

#include "server/telnet/codec.hpp"

namespace dw::telnet {

namespace {

/// Versioned so that a future layout change is rejected rather than misread. Version 2 added the
/// ECHO fields of echo_option; version 3 added the CHARSET outcome at the end. Versions 1 and 2
/// (written by servers before them) are still read, so a hot reboot into this code keeps its
/// connections' telnet state. (MCCP2 and MSSP need no field of their own: their Q-method states are
/// written like every option's, and compression always ends before a reboot.)
constexpr std::string_view state_magic = "DWTELNET3";
constexpr std::string_view state_magic_v2 = "DWTELNET2";
constexpr std::string_view state_magic_v1 = "DWTELNET1";

/// Writes space-separated fields: decimal numbers, and strings as "<length>:<bytes>", so any
/// byte may appear in a string.
class state_writer {
 public:
  explicit state_writer(std::string& out) : out_(out) {}
  void number(std::uint64_t value) {
    out_.append(std::to_string(value));
    out_.push_back(' ');
  }
  void text(std::string_view value) {
    out_.append(std::to_string(value.size()));
    out_.push_back(':');
    out_.append(value);
    out_.push_back(' ');
  }

 private:
  std::string& out_;
};

/// Reads what state_writer wrote; any malformed field makes every later read fail.
class state_reader {
 public:
  explicit state_reader(std::string_view in) : in_(in) {}

  std::optional<std::uint64_t> number(std::uint64_t max) {
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(in_.data(), in_.data() + in_.size(), value);
    if (error != std::errc{} || end == in_.data() + in_.size() || *end != ' ' || value > max) {
      return fail<std::uint64_t>();
    }
    in_.remove_prefix(static_cast<std::size_t>(end - in_.data()) + 1);
    return value;
  }
  std::optional<bool> flag() {
    const auto value = number(1);
    if (!value) {
      return std::nullopt;
    }
    return *value == 1;
  }
  std::optional<std::string> text(std::size_t max) {
    std::size_t length = 0;
    const auto [end, error] = std::from_chars(in_.data(), in_.data() + in_.size(), length);
    if (error != std::errc{} || end == in_.data() + in_.size() || *end != ':' || length > max) {
      return fail<std::string>();
    }
    const auto start = static_cast<std::size_t>(end - in_.data()) + 1;
    if (in_.size() < start + length + 1 || in_[start + length] != ' ') {
      return fail<std::string>();
    }
    std::string value(in_.substr(start, length));
    in_.remove_prefix(start + length + 1);
    return value;
  }
  bool at_end() const { return in_.empty(); }

 private:
  template <typename T>
  std::optional<T> fail() {
    in_ = "\x01";  // no later field can parse from this
    return std::nullopt;
  }

  std::string_view in_;
};

bool is_default(const q_option& side) {
  return side.state() == q_state::no && side.queue() == q_queue::empty &&
         side.budget() == q_option::unsolicited_reply_budget;
}

/// Our side of ECHO as a version 1 snapshot left it (a plain Q-method state): the last request
/// sent is the one the state waits on, or the one that holds. A queued change of mind was never
/// sent; the game's next wish sends it under the new rule.
echo_option echo_from_v1(bool hidden, const q_option& old) {
  switch (old.state()) {
    case q_state::yes:
      return {hidden, true, 0, true, old.budget()};
    case q_state::want_yes:
      return {hidden, true, 1, false, old.budget()};
    case q_state::want_no:
      return {hidden, false, 1, false, old.budget()};
    case q_state::no:
      break;
  }
  return {hidden, false, 0, false, old.budget()};
}

}  // namespace

std::string codec::save_state() const {
  std::string saved(state_magic);
  saved.push_back(' ');
  state_writer writer(saved);
  writer.number(echo_.wanted() ? 1 : 0);
  writer.number(echo_.sent_on() ? 1 : 0);
  writer.number(echo_.unanswered());
  writer.number(echo_.enabled() ? 1 : 0);
  writer.number(echo_.budget());

  // Only the options that ever moved are written: most of the 512 sides never do.
  std::size_t moved = 0;
  for (std::size_t option = 0; option < 256; ++option) {
    moved += (is_default(local_[option]) ? 0 : 1) + (is_default(remote_[option]) ? 0 : 1);
  }
  writer.number(moved);
  const auto write_side = [&writer](std::size_t side, std::size_t option, const q_option& q) {
    if (is_default(q)) {
      return;
    }
    writer.number(side);
    writer.number(option);
    writer.number(static_cast<std::uint64_t>(q.state()));
    writer.number(static_cast<std::uint64_t>(q.queue()));
    writer.number(q.budget());
  };
  for (std::size_t option = 0; option < 256; ++option) {
    write_side(0, option, local_[option]);
    write_side(1, option, remote_[option]);
  }

  writer.number(ttype_.answers());
  writer.number(ttype_.done() ? 1 : 0);
  writer.text(ttype_.last_answer());

  writer.text(info_.client_name);
  writer.text(info_.terminal_type);
  writer.number(info_.mtts);
  for (const bool flag : {info_.utf8, info_.ansi, info_.xterm256, info_.truecolour, info_.screen_reader}) {
    writer.number(flag ? 1 : 0);
  }
  writer.number(info_.width);
  writer.number(info_.height);
  writer.number(static_cast<std::uint64_t>(charset_));
  return saved;
}

std::optional<codec> codec::restore_state(std::string_view saved, codec_limits limits) {
  static_assert(state_magic.size() == state_magic_v1.size() && state_magic.size() == state_magic_v2.size());
  const std::string_view magic = saved.substr(0, state_magic.size());
  if ((magic != state_magic && magic != state_magic_v2 && magic != state_magic_v1) ||
      saved.size() == state_magic.size() || saved[state_magic.size()] != ' ') {
    return std::nullopt;
  }
  const bool v1 = magic == state_magic_v1;
  const bool v3 = magic == state_magic;
  state_reader reader(saved.substr(state_magic.size() + 1));
  codec restored(limits);

  const auto hidden = reader.flag();
  if (!hidden) {
    return std::nullopt;
  }
  if (v1) {
    // Version 1 kept only the wish here; its ECHO record, if ECHO ever moved, follows below.
    restored.echo_ = echo_from_v1(*hidden, q_option{});
  } else {
    const auto sent_on = reader.flag();
    const auto unanswered = reader.number(echo_option::max_unanswered);
    const auto agreed = reader.flag();
    const auto echo_budget = reader.number(q_option::unsolicited_reply_budget);
    if (!sent_on || !unanswered || !agreed || !echo_budget) {
      return std::nullopt;
    }
    restored.echo_ = echo_option(*hidden, *sent_on, static_cast<std::uint8_t>(*unanswered), *agreed,
                                 static_cast<std::uint8_t>(*echo_budget));
    if (!restored.echo_.valid()) {
      return std::nullopt;
    }
  }
  const auto moved = reader.number(512);
  if (!moved) {
    return std::nullopt;
  }
  for (std::uint64_t record = 0; record < *moved; ++record) {
    const auto side = reader.number(1);
    const auto option = reader.number(255);
    const auto state = reader.number(static_cast<std::uint64_t>(q_state::want_yes));
    const auto queue = reader.number(static_cast<std::uint64_t>(q_queue::opposite));
    const auto budget = reader.number(q_option::unsolicited_reply_budget);
    if (!side || !option || !state || !queue || !budget) {
      return std::nullopt;
    }
    // The queue bit only means something while a negotiation is under way.
    const bool negotiating = *state == static_cast<std::uint64_t>(q_state::want_no) ||
                             *state == static_cast<std::uint64_t>(q_state::want_yes);
    if (*queue == static_cast<std::uint64_t>(q_queue::opposite) && !negotiating) {
      return std::nullopt;
    }
    const q_option side_state(static_cast<q_state>(*state), static_cast<q_queue>(*queue),
                              static_cast<std::uint8_t>(*budget));
    if (*side == 0 && *option == opt::ECHO) {
      // Our ECHO side lives in echo_: version 2 never writes it here, version 1 did once it moved.
      if (!v1) {
        return std::nullopt;
      }
      restored.echo_ = echo_from_v1(*hidden, side_state);
      continue;
    }
    auto& table = *side == 0 ? restored.local_ : restored.remote_;
    table[*option] = side_state;
  }

  const auto answers = reader.number(ttype_cycle::max_answers);
  const auto done = reader.flag();
  auto last_answer = reader.text(ttype_cycle::max_name_bytes);
  if (!answers || !done || !last_answer) {
    return std::nullopt;
  }
  auto cycle = ttype_cycle::restore(static_cast<std::uint8_t>(*answers), *done, std::move(*last_answer));
  if (!cycle) {
    return std::nullopt;
  }
  restored.ttype_ = std::move(*cycle);

  client_info& info = restored.info_;
  auto client_name = reader.text(ttype_cycle::max_name_bytes);
  auto terminal_type = reader.text(ttype_cycle::max_name_bytes);
  const auto mtts = reader.number(UINT32_MAX);
  const auto utf8 = reader.flag();
  const auto ansi = reader.flag();
  const auto xterm256 = reader.flag();
  const auto truecolour = reader.flag();
  const auto screen_reader = reader.flag();
  const auto width = reader.number(UINT16_MAX);
  const auto height = reader.number(UINT16_MAX);
  // Versions 1 and 2 had no CHARSET: it was never offered, so nothing is known.
  const auto charset = v3 ? reader.number(static_cast<std::uint64_t>(charset_state::refused))
                          : std::optional<std::uint64_t>(0);
  if (!client_name || !terminal_type || !mtts || !utf8 || !ansi || !xterm256 || !truecolour || !screen_reader ||
      !width || !height || !charset || !reader.at_end()) {
    return std::nullopt;
  }
  restored.charset_ = static_cast<charset_state>(*charset);
  info.client_name = std::move(*client_name);
  info.terminal_type = std::move(*terminal_type);
  info.mtts = static_cast<std::uint32_t>(*mtts);
  info.utf8 = *utf8;
  info.ansi = *ansi;
  info.xterm256 = *xterm256;
  info.truecolour = *truecolour;
  info.screen_reader = *screen_reader;
  info.width = static_cast<std::uint16_t>(*width);
  info.height = static_cast<std::uint16_t>(*height);
  info.ttype_done = restored.ttype_.done();
  restored.refresh_option_flags();
  return restored;
}

}  // namespace dw::telnet
