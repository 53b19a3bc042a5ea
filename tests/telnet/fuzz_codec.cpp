// libFuzzer entry point for the telnet codec (built only with -DDEEPWELL_FUZZ=ON and clang):
//   ./fuzz_codec -max_total_time=60
// The first input byte picks the chunk size, so split sequences get explored too.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "server/telnet/codec.hpp"
#include "server/telnet/utf8_decoder.hpp"

namespace {

void check(bool condition) {
  if (!condition) {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dw::telnet;
  if (size == 0) {
    return 0;
  }
  const codec_limits limits{128, 256};
  codec c(limits);
  std::string out;
  c.start(out);
  const std::size_t chunk = 1 + data[0] % 64;
  const std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);
  std::vector<event> events;
  std::size_t feeds = 0;
  for (std::size_t at = 0; at < input.size(); at += chunk) {
    c.feed(input.substr(at, chunk), events, out);
    if (++feeds % 8 == 0) {
      c.set_hidden_input(feeds % 16 == 0, out);
    }
    check(c.buffered_capacity() <= limits.max_line_bytes + limits.max_subneg_bytes);
  }
  for (const event& e : events) {
    if (const auto* line = std::get_if<line_event>(&e)) {
      check(line->text.size() <= limits.max_line_bytes);
      check(is_valid_utf8(line->text));
    }
  }
  // Whatever the input did, the snapshot must restore to an equal codec.
  const auto restored = codec::restore_state(c.save_state(), limits);
  check(restored.has_value() && restored->client() == c.client());
  std::string text;
  codec::encode_text(input, text);
  c.end_prompt(text);
  c.encode_gmcp("Fuzz.Echo", input, text);
  return 0;
}
