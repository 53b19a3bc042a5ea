// Records: whole WebSocket messages through a byte stream, and back into messages.
#include <gtest/gtest.h>

#include "server/telnet/ws_records.hpp"

using namespace dw::telnet;

TEST(WsRecords, RecordsReadBackWholeWhateverPiecesTheBytesComeIn) {
  std::string bytes;
  append_record(record_kind::binary, "look\r\n", bytes);
  append_record(record_kind::text, "Core.Hello {\"client\":\"x\"}", bytes);
  append_record(record_kind::binary_alone, std::string("\xff\xfb\x01", 3), bytes);
  append_record(record_kind::binary, "", bytes);
  for (std::size_t piece = 1; piece <= bytes.size(); ++piece) {
    record_reader reader(1024);
    std::vector<std::pair<record_kind, std::string>> got;
    for (std::size_t at = 0; at < bytes.size(); at += piece) {
      reader.feed(std::string_view(bytes).substr(at, piece));
      while (const auto r = reader.next()) {
        got.emplace_back(r->kind, std::string(r->payload));
      }
    }
    ASSERT_FALSE(reader.failed());
    ASSERT_EQ(got.size(), 4U) << "pieces of " << piece;
    EXPECT_EQ(got[0], std::make_pair(record_kind::binary, std::string("look\r\n")));
    EXPECT_EQ(got[1], std::make_pair(record_kind::text, std::string("Core.Hello {\"client\":\"x\"}")));
    EXPECT_EQ(got[2], std::make_pair(record_kind::binary_alone, std::string("\xff\xfb\x01", 3)));
    EXPECT_EQ(got[3], std::make_pair(record_kind::binary, std::string()));
  }
}

TEST(WsRecords, AnUnknownKindFailsTheReader) {
  record_reader unknown(1024);
  unknown.feed(std::string("\x07\0\0\0\x01x", 6));
  EXPECT_FALSE(unknown.next());
  EXPECT_TRUE(unknown.failed());
}

TEST(WsRecords, ARecordLongerThanTheReaderKeepsIsHandedOnInPiecesNeverHeldWhole) {
  std::string bytes;
  append_record(record_kind::binary, std::string(20000, 'a') + "z", bytes);
  append_record(record_kind::text, "Core.Ping", bytes);
  for (const std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{4096}, bytes.size()}) {
    record_reader reader(1024);
    std::string joined;
    int firsts = 0;
    int lasts = 0;
    std::vector<std::pair<record_kind, std::string>> whole;
    for (std::size_t at = 0; at < bytes.size(); at += piece) {
      reader.feed(std::string_view(bytes).substr(at, piece));
      while (const auto r = reader.next()) {
        if (r->length <= reader.max_payload()) {
          EXPECT_TRUE(r->first && r->last);
          whole.emplace_back(r->kind, std::string(r->payload));
          continue;
        }
        EXPECT_EQ(r->kind, record_kind::binary);
        EXPECT_EQ(r->length, 20001U);
        firsts += r->first;
        lasts += r->last;
        joined += r->payload;
      }
      EXPECT_LT(reader.capacity(), 1024U + 2 * piece + 64) << "pieces of " << piece;
    }
    ASSERT_FALSE(reader.failed());
    EXPECT_EQ(firsts, 1);
    EXPECT_EQ(lasts, 1);
    EXPECT_EQ(joined, std::string(20000, 'a') + "z") << "pieces of " << piece;
    ASSERT_EQ(whole.size(), 1U) << "the record after the long one is whole";
    EXPECT_EQ(whole[0], std::make_pair(record_kind::text, std::string("Core.Ping")));
  }
}

TEST(WsRecords, AdjacentGameTextLeavesAsOneMessageAndTheRestStayApart) {
  std::string bytes;
  append_record(record_kind::binary, "The Village Square\r\n", bytes);
  append_record(record_kind::binary, "[20/20 hp] > ", bytes);
  append_record(record_kind::text, "Char.Vitals {\"hp\":20}", bytes);
  append_record(record_kind::binary, "Password: ", bytes);
  append_record(record_kind::binary_alone, std::string("\xff\xfb\x01", 3), bytes);
  append_record(record_kind::binary, "after", bytes);
  std::vector<frame> frames;
  ASSERT_TRUE(frames_of(bytes, frames));
  const std::vector<frame> want{{false, "The Village Square\r\n[20/20 hp] > "},
                                {true, "Char.Vitals {\"hp\":20}"},
                                {false, "Password: "},
                                {false, std::string("\xff\xfb\x01", 3)},
                                {false, "after"}};
  EXPECT_EQ(frames, want);
}

TEST(WsRecords, BytesThatAreNotWholeRecordsAreRefused) {
  std::string bytes;
  append_record(record_kind::binary, "hello", bytes);
  std::vector<frame> frames;
  EXPECT_FALSE(frames_of(std::string_view(bytes).substr(0, bytes.size() - 1), frames));
  frames.clear();
  EXPECT_FALSE(frames_of("\x09xyz", frames));
  frames.clear();
  EXPECT_TRUE(frames_of("", frames));
  EXPECT_TRUE(frames.empty());
}
