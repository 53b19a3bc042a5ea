#pragma once

#include <cstddef>

namespace dw::telnet {

/// Input bounds of one connection's codec (its buffers never grow past them), and the one option the
/// configuration may switch off.
struct codec_limits {
  std::size_t max_line_bytes = 4096;
  std::size_t max_subneg_bytes = 8192;
  /// MCCP2 is offered (WILL) and a client's DO is accepted; off: it is refused like any unknown option.
  bool mccp2 = true;
};

}  // namespace dw::telnet
