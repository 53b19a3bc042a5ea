#include "server/telnet/ws_records.hpp"

#include <algorithm>

namespace dw::telnet {
namespace {

constexpr std::size_t header_bytes = 5;

bool known(std::uint8_t kind) {
  return kind == static_cast<std::uint8_t>(record_kind::text) || kind == static_cast<std::uint8_t>(record_kind::binary) ||
         kind == static_cast<std::uint8_t>(record_kind::binary_alone);
}

std::size_t length_at(std::string_view bytes) {
  std::size_t n = 0;
  for (std::size_t i = 1; i < header_bytes; ++i) {
    n = (n << 8) | static_cast<std::uint8_t>(bytes[i]);
  }
  return n;
}

}  // namespace

void append_record(record_kind kind, std::string_view payload, std::string& out) {
  out.reserve(out.size() + header_bytes + payload.size());
  const std::size_t start = begin_record(kind, out);
  out.append(payload);
  end_record(start, out);
}

std::size_t begin_record(record_kind kind, std::string& out) {
  const std::size_t start = out.size();
  out.push_back(static_cast<char>(kind));
  out.append(header_bytes - 1, '\0');
  return start;
}

void end_record(std::size_t start, std::string& out) {
  const auto n = static_cast<std::uint32_t>(out.size() - start - header_bytes);
  for (std::size_t i = 1; i < header_bytes; ++i) {
    out[start + i] = static_cast<char>((n >> (8 * (header_bytes - 1 - i))) & 0xff);
  }
}

record_reader::record_reader(std::size_t max_payload) : max_payload_(max_payload) {}

void record_reader::feed(std::string_view bytes) {
  if (read_ > 0) {
    buffer_.erase(0, read_);  // what was handed out is no longer referenced
    read_ = 0;
  }
  buffer_.append(bytes);
}

std::optional<record> record_reader::next() {
  const std::string_view rest = std::string_view(buffer_).substr(read_);
  if (failed_) {
    return std::nullopt;
  }
  if (long_left_ > 0) {  // the next piece of a long record: whatever of it has arrived
    if (rest.empty()) {
      return std::nullopt;
    }
    const std::size_t n = std::min(rest.size(), long_left_);
    read_ += n;
    long_left_ -= n;
    return record{long_kind_, rest.substr(0, n), long_length_, false, long_left_ == 0};
  }
  if (rest.size() < header_bytes) {
    return std::nullopt;
  }
  const auto kind = static_cast<std::uint8_t>(rest[0]);
  const std::size_t length = length_at(rest);
  if (!known(kind)) {
    failed_ = true;
    return std::nullopt;
  }
  if (length > max_payload_) {
    // Too long to keep whole: its first piece now (perhaps empty), the rest as it comes.
    const std::size_t n = std::min(rest.size() - header_bytes, length);
    read_ += header_bytes + n;
    long_kind_ = static_cast<record_kind>(kind);
    long_length_ = length;
    long_left_ = length - n;
    return record{long_kind_, rest.substr(header_bytes, n), length, true, long_left_ == 0};
  }
  if (rest.size() < header_bytes + length) {
    return std::nullopt;
  }
  read_ += header_bytes + length;
  return record{static_cast<record_kind>(kind), rest.substr(header_bytes, length), length};
}

bool frames_of(std::string_view records, std::vector<frame>& out) {
  bool join = false;  // the last frame is game text another binary record may extend
  while (!records.empty()) {
    if (records.size() < header_bytes || !known(static_cast<std::uint8_t>(records[0]))) {
      return false;
    }
    const auto kind = static_cast<record_kind>(records[0]);
    const std::size_t length = length_at(records);
    if (records.size() - header_bytes < length) {
      return false;
    }
    const std::string_view payload = records.substr(header_bytes, length);
    if (kind == record_kind::binary && join) {
      out.back().payload.append(payload);
    } else {
      out.push_back(frame{kind == record_kind::text, std::string(payload)});
    }
    join = kind == record_kind::binary;
    records.remove_prefix(header_bytes + length);
  }
  return true;
}

}  // namespace dw::telnet
