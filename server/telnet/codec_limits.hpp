#pragma once

#include <cstddef>

namespace dw::telnet {

/// Input bounds of one connection's codec; the codec's buffers never grow past them.
struct codec_limits {
  std::size_t max_line_bytes = 4096;
  std::size_t max_subneg_bytes = 8192;
};

}  // namespace dw::telnet
