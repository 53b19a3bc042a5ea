#include "server/telnet/deflate_stream.hpp"

#include <zlib.h>
#include <algorithm>
#include <stdexcept>

namespace dw::telnet {

struct deflate_stream::state {
  z_stream z{};
  bool initialised = false;
  ~state() {
    if (initialised) {
      deflateEnd(&z);
    }
  }
};

deflate_stream::deflate_stream(int level) : level_(std::clamp(level, min_level, max_level)) {}
deflate_stream::~deflate_stream() = default;
deflate_stream::deflate_stream(deflate_stream&&) noexcept = default;
deflate_stream& deflate_stream::operator=(deflate_stream&&) noexcept = default;

void deflate_stream::start() {
  if (active_) {
    return;
  }
  if (!z_) {
    z_ = std::make_unique<state>();
  }
  if (z_->initialised) {
    if (deflateReset(&z_->z) != Z_OK) {
      throw std::runtime_error("zlib: deflateReset failed");
    }
  } else {
    // windowBits 15, memLevel 8: zlib's defaults (a standard zlib stream, as MCCP2 clients expect).
    if (deflateInit2(&z_->z, level_, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
      throw std::runtime_error("zlib: deflateInit failed");
    }
    z_->initialised = true;
  }
  active_ = true;
}

void deflate_stream::run(std::string_view in, std::string& out, int flush) {
  z_stream& z = z_->z;
  // zlib reads through a non-const pointer but never writes the input.
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  bytes_in_ += in.size();
  const std::size_t before = out.size();
  for (;;) {
    // Grow `out` by a bound of what this step can produce, then give the unused part back.
    const std::size_t room = std::max<std::size_t>(deflateBound(&z, z.avail_in) + 64, 256);
    const std::size_t used = out.size();
    out.resize(used + room);
    z.next_out = reinterpret_cast<Bytef*>(out.data() + used);
    z.avail_out = static_cast<uInt>(room);
    const int rc = deflate(&z, flush);
    out.resize(used + room - z.avail_out);
    if (rc == Z_STREAM_END) {
      break;
    }
    if (rc != Z_OK && rc != Z_BUF_ERROR) {
      throw std::runtime_error("zlib: deflate failed");
    }
    // Done when the input is used up and zlib had room to spare (so the flush is complete).
    if (z.avail_in == 0 && z.avail_out != 0) {
      break;
    }
  }
  bytes_out_ += out.size() - before;
}

void deflate_stream::write(std::string_view in, std::string& out, bool sync_flush) {
  if (!active_) {
    throw std::logic_error("deflate_stream::write without an active stream");
  }
  if (in.empty() && !sync_flush) {
    return;
  }
  run(in, out, sync_flush ? Z_SYNC_FLUSH : Z_NO_FLUSH);
}

void deflate_stream::finish(std::string& out) {
  if (!active_) {
    return;
  }
  run({}, out, Z_FINISH);
  active_ = false;
}

}  // namespace dw::telnet
