#include "server/telnet/mssp.hpp"

#include "server/telnet/telnet_constants.hpp"

namespace dw::telnet {

namespace {

std::string safe(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    const auto byte = static_cast<std::uint8_t>(c);
    if (byte < 0x20 || byte == 0x7F || byte == cmd::IAC) {
      c = '?';
    }
  }
  return out;
}

const char* flag(bool on) { return on ? "1" : "0"; }

}  // namespace

bool mssp_safe(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<std::uint8_t>(c);
    if (byte < 0x20 || byte == 0x7F || byte == cmd::IAC) {
      return false;
    }
  }
  return true;
}

std::vector<mssp_variable> mssp_variables(const mssp_facts& facts, std::size_t players) {
  std::vector<mssp_variable> v;
  v.reserve(24);
  const auto add = [&v](std::string_view name, std::string_view value) { v.push_back({safe(name), safe(value)}); };
  add("NAME", facts.name);
  add("PLAYERS", std::to_string(players));
  add("UPTIME", std::to_string(facts.started_at));
  add("CODEBASE", facts.codebase);
  add("CONTACT", facts.contact);
  add("CRAWL DELAY", std::to_string(facts.crawl_delay));
  add("HOSTNAME", facts.hostname);
  add("PORT", std::to_string(facts.port));
  add("LANGUAGE", facts.language);
  add("FAMILY", facts.family);
  add("GENRE", facts.genre);
  add("GAMEPLAY", facts.gameplay);
  add("STATUS", facts.status);
  add("WEBSITE", facts.website);
  add("CREATED", facts.created);
  add("ANSI", flag(facts.ansi));
  add("UTF-8", flag(facts.utf8));
  add("GMCP", flag(facts.gmcp));
  add("MCCP", flag(facts.mccp));
  add("MSSP", flag(facts.mssp));
  // MSSP's SSL: the TLS port, or "0" when there is none.
  add("SSL", std::to_string(facts.ssl_port));
  add("XTERM 256 COLORS", flag(facts.xterm256));
  add("XTERM TRUE COLORS", flag(facts.truecolour));
  return v;
}

void encode_mssp(const std::vector<mssp_variable>& variables, std::string& out) {
  out.push_back(static_cast<char>(cmd::IAC));
  out.push_back(static_cast<char>(cmd::SB));
  out.push_back(static_cast<char>(opt::MSSP));
  for (const mssp_variable& var : variables) {
    out.push_back(static_cast<char>(mssp::VAR));
    out.append(safe(var.name));
    out.push_back(static_cast<char>(mssp::VAL));
    out.append(safe(var.value));
  }
  out.push_back(static_cast<char>(cmd::IAC));
  out.push_back(static_cast<char>(cmd::SE));
}

std::string mssp_plain_reply(const std::vector<mssp_variable>& variables) {
  std::string out = "MSSP-REPLY-START\n";
  for (const mssp_variable& var : variables) {
    out.append(safe(var.name));
    out.push_back('\t');
    out.append(safe(var.value));
    out.push_back('\n');
  }
  out.append("MSSP-REPLY-END\n");
  return out;
}

}  // namespace dw::telnet
