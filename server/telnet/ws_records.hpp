#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dw::telnet {

/// Whole WebSocket messages passed through the byte interface a session reads and writes: each message
/// is a record, [kind: 1 byte][payload length: 4 bytes, big-endian][payload]. The WebSocket stream turns
/// each message it reads into a record and each record written into a message (frames_of); the
/// message codecs (message_wire) read and write records. Pure: no sockets.
enum class record_kind : std::uint8_t {
  text = 1,          ///< a text message (GMCP, a JSON envelope)
  binary = 2,        ///< game text; adjacent ones leave as one message
  binary_alone = 3,  ///< a binary message of its own, never joined (IAC WILL ECHO on the gmcp wire)
};

/// Appends one record.
void append_record(record_kind kind, std::string_view payload, std::string& out);
/// Starts a record whose payload the caller appends to `out` next; returns where it starts, for end_record.
std::size_t begin_record(record_kind kind, std::string& out);
/// Writes the length of the record begun at `start` (its payload runs to the end of `out`).
void end_record(std::size_t start, std::string& out);

/// One record read back; `payload` points into the reader's buffer until the next call.
struct record {
  record_kind kind;
  std::string_view payload;
};

/// Reads records from bytes that may arrive in any pieces.
class record_reader {
 public:
  /// A record announcing more than `max_payload` bytes fails the reader (a stream that breaks the
  /// format is a bug or an attack: the session closes).
  explicit record_reader(std::size_t max_payload);
  void feed(std::string_view bytes);
  /// The next whole record, if one has arrived.
  std::optional<record> next();
  bool failed() const { return failed_; }
  /// Bytes of memory held.
  std::size_t capacity() const { return buffer_.capacity(); }

 private:
  std::size_t max_payload_;
  std::string buffer_;
  std::size_t read_ = 0;  ///< bytes of buffer_ already handed out
  bool failed_ = false;
};

/// A WebSocket message to send.
struct frame {
  bool text = false;
  std::string payload;
  bool operator==(const frame&) const = default;
};

/// The messages the records in `records` make, in order: adjacent `binary` records joined into one
/// message. False (and `out` as far as it got) when the bytes are not whole records.
bool frames_of(std::string_view records, std::vector<frame>& out);

}  // namespace dw::telnet
