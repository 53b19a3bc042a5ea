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

/// One record read back, or a piece of a long one; `payload` points into the reader's buffer until the
/// next call.
struct record {
  record_kind kind;
  std::string_view payload;  ///< all of it, or (for a record longer than the reader keeps) this piece, perhaps empty
  std::size_t length = 0;    ///< the whole record's payload length
  bool first = true;         ///< the record's first piece (a whole record is first and last)
  bool last = true;          ///< its last piece
};

/// Reads records from bytes that may arrive in any pieces.
class record_reader {
 public:
  /// A record of up to `max_payload` bytes is handed on whole; a longer one (the WebSocket bounds it by
  /// web.max_message_bytes) is handed on in pieces as its bytes arrive, so the reader never holds more
  /// than that much. An unknown kind fails the reader (a stream that breaks the format is a bug: the
  /// session closes).
  explicit record_reader(std::size_t max_payload);
  void feed(std::string_view bytes);
  /// The next whole record, or the next piece of a long one, if it has arrived.
  std::optional<record> next();
  bool failed() const { return failed_; }
  /// The longest record handed on whole.
  std::size_t max_payload() const { return max_payload_; }
  /// Bytes of memory held.
  std::size_t capacity() const { return buffer_.capacity(); }

 private:
  std::size_t max_payload_;
  std::string buffer_;
  std::size_t read_ = 0;  ///< bytes of buffer_ already handed out
  bool failed_ = false;
  record_kind long_kind_ = record_kind::binary;  ///< the long record being handed on in pieces
  std::size_t long_length_ = 0;
  std::size_t long_left_ = 0;  ///< its payload bytes not yet handed on (0: none under way)
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
