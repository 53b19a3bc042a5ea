#pragma once

// Helpers shared by the telnet tests: building wire bytes and sorting events.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "server/telnet/codec.hpp"

namespace dw::telnet::test {

/// Bytes from numbers, e.g. wire({IAC, WILL, opt::NAWS}).
inline std::string wire(std::initializer_list<int> bytes) {
  std::string out;
  for (const int b : bytes) {
    out.push_back(static_cast<char>(static_cast<std::uint8_t>(b)));
  }
  return out;
}

using namespace dw::telnet::cmd;

/// The events of one kind, in order.
template <typename T>
std::vector<T> only(const std::vector<event>& events) {
  std::vector<T> found;
  for (const event& e : events) {
    if (const T* item = std::get_if<T>(&e)) {
      found.push_back(*item);
    }
  }
  return found;
}

/// The text of every line_event, in order.
inline std::vector<std::string> lines(const std::vector<event>& events) {
  std::vector<std::string> texts;
  for (const line_event& line : only<line_event>(events)) {
    texts.push_back(line.text);
  }
  return texts;
}

/// A codec with its event list and output buffer, for feeding in steps.
struct harness {
  explicit harness(codec_limits limits = {}) : c(limits) {}
  /// Feeds bytes; returns only what this feed produced on the wire.
  std::string feed(std::string_view bytes) {
    out.clear();
    c.feed(bytes, events, out);
    return out;
  }
  std::vector<std::string> texts() const { return lines(events); }

  codec c;
  std::vector<event> events;
  std::string out;
};

/// A codec where the client agreed to what start() asked for (EOR, GMCP, NAWS) and asked for SGA itself.
inline harness agreed_harness(codec_limits limits = {}) {
  harness h(limits);
  std::string opening;
  h.c.start(opening);
  h.feed(wire({IAC, DO, opt::SGA, IAC, DO, opt::EOR, IAC, DO, opt::GMCP, IAC, WILL, opt::NAWS}));
  h.events.clear();
  return h;
}

}  // namespace dw::telnet::test
