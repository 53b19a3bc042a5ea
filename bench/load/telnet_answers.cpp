#include "bench/load/telnet_answers.hpp"

#include "server/telnet/telnet_constants.hpp"

namespace dw::load {
namespace cmd = dw::telnet::cmd;
namespace opt = dw::telnet::opt;

namespace {

/// Appends `data` with every IAC doubled.
void append_escaped(std::string& out, std::string_view data) {
  for (char c : data) {
    out += c;
    if (static_cast<std::uint8_t>(c) == cmd::IAC) {
      out += c;
    }
  }
}

std::string subnegotiation_bytes(std::uint8_t option, std::string_view payload) {
  std::string out{static_cast<char>(cmd::IAC), static_cast<char>(cmd::SB), static_cast<char>(option)};
  append_escaped(out, payload);
  out += static_cast<char>(cmd::IAC);
  out += static_cast<char>(cmd::SE);
  return out;
}

std::string command_bytes(std::uint8_t verb, std::uint8_t option) {
  return {static_cast<char>(cmd::IAC), static_cast<char>(verb), static_cast<char>(option)};
}

}  // namespace

std::string telnet_answers::negotiate(std::uint8_t verb, std::uint8_t option) {
  std::string out;
  if (verb == cmd::DO) {
    const bool yes = option == opt::TTYPE || option == opt::NAWS;
    if (us_[option] == (yes ? 1 : 2)) {
      return out;  // (already answered so: no loops)
    }
    us_[option] = yes ? 1 : 2;
    out = command_bytes(yes ? cmd::WILL : cmd::WONT, option);
    if (option == opt::NAWS) {
      out += subnegotiation_bytes(opt::NAWS, std::string_view("\0\310\0\062", 4));  // 200 x 50
    }
  } else if (verb == cmd::WILL) {
    const bool yes = option == opt::EOR || (option == opt::GMCP && gmcp_) || (option == opt::MCCP2 && mccp_);
    if (him_[option] == (yes ? 1 : 2)) {
      return out;
    }
    him_[option] = yes ? 1 : 2;
    out = command_bytes(yes ? cmd::DO : cmd::DONT, option);
    if (yes && option == opt::GMCP) {
      out += subnegotiation_bytes(opt::GMCP, R"(Core.Hello {"client":"mudload","version":"1"})");
    }
  } else if (verb == cmd::DONT) {
    us_[option] = 2;
  } else if (verb == cmd::WONT) {
    him_[option] = 2;
  }
  return out;
}

std::string telnet_answers::subnegotiation(std::uint8_t option, std::string_view data) const {
  if (option == opt::TTYPE && !data.empty() && static_cast<std::uint8_t>(data[0]) == dw::telnet::ttype::SEND) {
    return subnegotiation_bytes(opt::TTYPE, std::string_view("\0mudload", 8));
  }
  return {};
}

std::string line_bytes(std::string_view line) {
  std::string out;
  out.reserve(line.size() + 2);
  append_escaped(out, line);
  out += "\r\n";
  return out;
}

}  // namespace dw::load
