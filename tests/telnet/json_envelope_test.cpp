// The envelope of json.mudstandards.org, read and written without a JSON library.
#include <gtest/gtest.h>

#include "server/telnet/json_envelope.hpp"

using namespace dw::telnet;

TEST(JsonEnvelope, WhatIsWrittenReadsBackTheSame) {
  const std::string data = "{\"hp\":20,\"name\":\"Ann \\\"the bold\\\"\"}\n\ttab \x01 é ✓";
  const std::string text = encode_envelope("gmcp", "Char.Vitals", data);
  const auto back = decode_envelope(text);
  ASSERT_TRUE(back) << text;
  EXPECT_EQ(back->proto, "gmcp");
  EXPECT_EQ(back->id, "Char.Vitals");
  EXPECT_EQ(back->data, data);
  EXPECT_EQ(text.find('\n'), std::string::npos) << "control characters are escaped";
  EXPECT_EQ(text.find('\x01'), std::string::npos);
}

TEST(JsonEnvelope, DataMayBeAnObjectAndOtherMembersAreSkipped) {
  const auto e = decode_envelope(
      R"( { "extra": [1, 2.5e3, true, null, {"a": "b"}], "proto" : "gmcp", "id": "Core.Hello",
            "data": {"client": "x", "list": [1, 2]} } )");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->proto, "gmcp");
  EXPECT_EQ(e->id, "Core.Hello");
  EXPECT_EQ(e->data, R"({"client": "x", "list": [1, 2]})");
}

TEST(JsonEnvelope, EscapesAndSurrogatePairsDecodeToUtf8) {
  const auto e = decode_envelope(R"({"proto":"gmcp","id":"A","data":"\u00e9\ud83d\ude00\/\\"})");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->data, "é\xF0\x9F\x98\x80/\\");
}

TEST(JsonEnvelope, AnythingButOneWholeObjectWithAProtoIsRefused) {
  for (const char* bad : {"", "[]", "\"gmcp\"", "{", "{\"proto\":\"gmcp\"", "{\"proto\":\"gmcp\"} x",
                          "{\"id\":\"A\",\"data\":\"b\"}", "{\"proto\":1}", "{\"proto\":\"a\",}",
                          "{\"proto\":\"a\",\"data\":\"\\ud800\"}", "{\"proto\":\"a\",\"data\":\"\\q\"}",
                          "{\"proto\":\"a\",\"data\":tru}", "{\"proto\":\"a\nb\"}"}) {
    EXPECT_FALSE(decode_envelope(bad)) << bad;
  }
  std::string deep = "{\"proto\":\"a\",\"data\":";
  deep += std::string(100, '[') + std::string(100, ']') + "}";
  EXPECT_FALSE(decode_envelope(deep)) << "nesting is bounded";
}
