#include "server/app/listing.hpp"

namespace dw::app {

telnet::mssp_facts listing_facts(const config::settings& settings, std::uint16_t port, std::uint16_t ssl_port,
                                 std::int64_t started_at) {
  const config::settings::mssp_section& m = settings.mssp;
  telnet::mssp_facts f;
  f.name = m.name;
  f.hostname = m.hostname;
  f.contact = m.contact;
  f.website = m.website;
  f.language = m.language;
  f.family = m.family;
  f.genre = m.genre;
  f.gameplay = m.gameplay;
  f.status = m.status;
  f.created = m.created;
  f.crawl_delay = m.crawl_delay;
  f.codebase = "Deepwell";
  f.port = port;
  f.ssl_port = ssl_port;
  f.started_at = started_at;
  // Colour is rendered at every depth a client reports (the [colours] theme, brought down to 256 and 16).
  f.ansi = true;
  f.xterm256 = true;
  f.truecolour = true;
  f.utf8 = true;
  f.gmcp = true;
  f.mccp = settings.server.mccp2_level > 0;
  f.mssp = true;
  return f;
}

std::vector<game::listing_entry> mssp_listing::entries(std::size_t players) const {
  std::vector<game::listing_entry> out;
  for (telnet::mssp_variable& v : telnet::mssp_variables(facts_, players)) {
    out.push_back({std::move(v.name), std::move(v.value)});
  }
  return out;
}

std::string mssp_listing::plain_reply(std::size_t players) const {
  return telnet::mssp_plain_reply(telnet::mssp_variables(facts_, players));
}

}  // namespace dw::app
