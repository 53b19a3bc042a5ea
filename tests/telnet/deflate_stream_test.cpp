// deflate_stream: the MCCP2 compressor, checked against zlib's own inflate.
#include "server/telnet/deflate_stream.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

namespace dw::telnet {
namespace {

/// Inflates `bytes` (one zlib stream or its start); `ended` says whether the stream's end was seen and
/// `rest` gets what followed it.
std::string inflate_all(const std::string& bytes, bool& ended, std::string* rest = nullptr) {
  z_stream z{};
  EXPECT_EQ(inflateInit(&z), Z_OK);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  std::string out;
  char buf[4096];
  int rc = Z_OK;
  do {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_SYNC_FLUSH);
    EXPECT_TRUE(rc == Z_OK || rc == Z_STREAM_END || rc == Z_BUF_ERROR) << rc;
    out.append(buf, sizeof buf - z.avail_out);
  } while (rc != Z_STREAM_END && z.avail_out == 0);
  ended = rc == Z_STREAM_END;
  if (rest != nullptr) {
    *rest = bytes.substr(bytes.size() - z.avail_in);
  }
  inflateEnd(&z);
  return out;
}

TEST(DeflateStream, EachSyncFlushedWriteInflatesCompletelyAtOnce) {
  deflate_stream d(4);
  d.start();
  std::string wire;
  d.write("Welcome to Deepwell.\r\n", wire, true);
  bool ended = false;
  // A client can show the first write without waiting for anything else.
  EXPECT_EQ(inflate_all(wire, ended), "Welcome to Deepwell.\r\n");
  EXPECT_FALSE(ended);
  d.write("> ", wire, true);
  EXPECT_EQ(inflate_all(wire, ended), "Welcome to Deepwell.\r\n> ");
  EXPECT_FALSE(ended);
  // A sync flush ends on the 00 00 FF FF marker.
  EXPECT_EQ(wire.substr(wire.size() - 4), std::string("\x00\x00\xff\xff", 4));
}

TEST(DeflateStream, FinishEndsTheStreamAndLaterBytesArePlain) {
  deflate_stream d;
  d.start();
  std::string wire;
  d.write("compressed part", wire, true);
  d.finish(wire);
  EXPECT_FALSE(d.active());
  wire += "plain after";
  bool ended = false;
  std::string rest;
  EXPECT_EQ(inflate_all(wire, ended, &rest), "compressed part");
  EXPECT_TRUE(ended);
  EXPECT_EQ(rest, "plain after");
}

TEST(DeflateStream, RestartsWithAFreshStreamAfterFinish) {
  deflate_stream d(1);
  for (int round = 0; round < 3; ++round) {
    d.start();
    std::string wire;
    d.write("round " + std::to_string(round), wire, false);
    d.finish(wire);
    bool ended = false;
    EXPECT_EQ(inflate_all(wire, ended), "round " + std::to_string(round));
    EXPECT_TRUE(ended);
  }
}

TEST(DeflateStream, LargeOutputRoundTripsAndShrinks) {
  std::string text;
  for (int i = 0; text.size() < 3 * 1024 * 1024; ++i) {
    text += "A goblin (" + std::to_string(i) + ") stands here, looking for trouble.\r\n";
  }
  deflate_stream d(4);
  d.start();
  std::string wire;
  for (std::size_t at = 0; at < text.size(); at += 10000) {
    d.write(std::string_view(text).substr(at, 10000), wire, true);
  }
  d.finish(wire);
  bool ended = false;
  EXPECT_EQ(inflate_all(wire, ended), text);
  EXPECT_TRUE(ended);
  EXPECT_LT(wire.size(), text.size() / 4);
  EXPECT_EQ(d.bytes_in(), text.size());
  EXPECT_EQ(d.bytes_out(), wire.size());
}

TEST(DeflateStream, FinishWithoutAStreamDoesNothing) {
  deflate_stream d;
  std::string wire;
  d.finish(wire);
  EXPECT_TRUE(wire.empty());
  EXPECT_FALSE(d.active());
  EXPECT_THROW(d.write("x", wire, true), std::logic_error);
}

}  // namespace
}  // namespace dw::telnet
