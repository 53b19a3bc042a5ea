#include "server/net/framing.hpp"

#include "server/telnet/codec.hpp"

namespace dw::net {
namespace {

class telnet_framing final : public framing {
 public:
  explicit telnet_framing(telnet::codec_limits limits) : codec_(limits) {}

  void start(std::string& out) override { codec_.start(out); }
  bool feed(std::string_view bytes, std::vector<telnet::event>& events, std::string& replies) override {
    codec_.feed(bytes, events, replies);  // telnet takes any bytes
    return true;
  }
  const telnet::client_info& client() const override { return codec_.client(); }
  void encode_text(std::string_view text, std::string& out) override { codec_.encode_text_for_client(text, out); }
  void encode_gmcp(std::string_view package, std::string_view json, std::string& out) override {
    codec_.encode_gmcp(package, json, out);
  }
  void end_prompt(std::string& out) override { codec_.end_prompt(out); }
  void set_hidden_input(bool hidden, std::string& out) override { codec_.set_hidden_input(hidden, out); }
  telnet::codec* telnet() override { return &codec_; }
  const telnet::codec* telnet() const override { return &codec_; }

 private:
  telnet::codec codec_;
};

class records_framing final : public framing {
 public:
  records_framing(telnet::subprotocol protocol, telnet::codec_limits limits) : wire_(protocol, limits) {}

  void start(std::string&) override {}  // a message subprotocol has nothing to negotiate
  bool feed(std::string_view bytes, std::vector<telnet::event>& events, std::string&) override {
    return wire_.feed(bytes, events);
  }
  const telnet::client_info& client() const override { return wire_.client(); }
  void encode_text(std::string_view text, std::string& out) override { telnet::message_wire::encode_text(text, out); }
  void encode_gmcp(std::string_view package, std::string_view json, std::string& out) override {
    wire_.encode_gmcp(package, json, out);
  }
  void end_prompt(std::string&) override {}  // the message boundary ends the prompt
  void set_hidden_input(bool hidden, std::string& out) override { wire_.set_hidden_input(hidden, out); }
  telnet::codec* telnet() override { return nullptr; }
  const telnet::codec* telnet() const override { return nullptr; }

 private:
  telnet::message_wire wire_;
};

}  // namespace

std::unique_ptr<framing> make_telnet_framing(telnet::codec_limits limits) {
  return std::make_unique<telnet_framing>(limits);
}

std::unique_ptr<framing> make_message_framing(telnet::subprotocol protocol, telnet::codec_limits limits) {
  return std::make_unique<records_framing>(protocol, limits);
}

}  // namespace dw::net
