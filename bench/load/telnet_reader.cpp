#include "bench/load/telnet_reader.hpp"

#include "server/telnet/telnet_constants.hpp"

namespace dw::load {
namespace cmd = dw::telnet::cmd;
namespace opt = dw::telnet::opt;

namespace {
constexpr std::size_t max_subneg = 1 << 20;  // a server sending more is broken; drop the rest
}

telnet_reader::telnet_reader(handlers h) : on_(std::move(h)) {}

telnet_reader::~telnet_reader() {
  if (inflating_) {
    inflateEnd(&zs_);
  }
}

bool telnet_reader::feed(std::string_view bytes) {
  if (inflating_) {
    return inflate_all(bytes);
  }
  const std::size_t used = parse(bytes);
  if (used < bytes.size() || inflating_) {
    return inflate_all(bytes.substr(used));
  }
  return true;
}

bool telnet_reader::inflate_all(std::string_view bytes) {
  char out[16384];
  zs_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  zs_.avail_in = static_cast<uInt>(bytes.size());
  while (zs_.avail_in > 0) {
    zs_.next_out = reinterpret_cast<Bytef*>(out);
    zs_.avail_out = sizeof out;
    const int rc = inflate(&zs_, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
      return false;
    }
    const std::size_t produced = sizeof out - zs_.avail_out;
    // (the server ends compression only with the stream: anything after Z_STREAM_END is plain again)
    parse(std::string_view(out, produced));
    if (rc == Z_STREAM_END) {
      std::string_view rest(reinterpret_cast<const char*>(zs_.next_in), zs_.avail_in);
      inflateEnd(&zs_);
      inflating_ = false;
      return feed(rest);
    }
    if (produced == 0 && rc == Z_BUF_ERROR) {
      break;
    }
  }
  return true;
}

std::size_t telnet_reader::parse(std::string_view bytes) {
  auto flush_text = [this] {
    if (!text_.empty()) {
      on_.text(text_);
      text_.clear();
    }
  };
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto b = static_cast<std::uint8_t>(bytes[i]);
    switch (state_) {
      case state::data:
        if (b == cmd::IAC) {
          state_ = state::iac;
        } else {
          text_ += static_cast<char>(b);
        }
        break;
      case state::iac:
        state_ = state::data;
        if (b == cmd::IAC) {
          text_ += static_cast<char>(b);
        } else if (b == cmd::EOR || b == cmd::GA) {
          flush_text();
          on_.prompt();
        } else if (b == cmd::WILL || b == cmd::WONT || b == cmd::DO || b == cmd::DONT) {
          verb_ = b;
          state_ = state::option;
        } else if (b == cmd::SB) {
          state_ = state::sb_option;
        }
        break;
      case state::option:
        state_ = state::data;
        flush_text();
        on_.negotiate(verb_, b);
        break;
      case state::sb_option:
        sb_option_ = b;
        sb_.clear();
        state_ = state::sb;
        break;
      case state::sb:
        if (b == cmd::IAC) {
          state_ = state::sb_iac;
        } else if (sb_.size() < max_subneg) {
          sb_ += static_cast<char>(b);
        }
        break;
      case state::sb_iac:
        if (b == cmd::IAC) {
          if (sb_.size() < max_subneg) {
            sb_ += static_cast<char>(b);
          }
          state_ = state::sb;
        } else if (b == cmd::SE) {
          state_ = state::data;
          flush_text();
          if (sb_option_ == opt::MCCP2 && !inflating_) {
            zs_ = z_stream{};
            if (inflateInit(&zs_) == Z_OK) {
              inflating_ = true;
              return i + 1;
            }
          }
          on_.subnegotiation(sb_option_, sb_);
        } else {
          state_ = state::sb;  // (a stray IAC inside SB: ignore it)
        }
        break;
    }
  }
  flush_text();
  return bytes.size();
}

}  // namespace dw::load
