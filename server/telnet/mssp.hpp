#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dw::telnet {

/// What the server tells MUD crawlers (MSSP): the listing fields from the configuration's [mssp]
/// section and the facts about what this build offers. Filled in one place at start-up (server/app);
/// nothing here is hard-coded, so a listing never advertises what is off.
struct mssp_facts {
  // Listing fields ([mssp] in the configuration).
  std::string name;
  std::string hostname;
  std::string contact;
  std::string website;
  std::string language;
  std::string family;
  std::string genre;
  std::string gameplay;
  std::string status;
  std::string created;
  std::int64_t crawl_delay = -1;  ///< hours between crawls the crawler may pick (-1: its own choice)
  std::string codebase;           ///< "Deepwell"
  // Live facts of this server.
  std::int64_t port = 0;             ///< the real telnet port
  std::int64_t ssl_port = 0;         ///< the TLS port, 0 when TLS is off
  std::int64_t started_at = 0;       ///< unix time the server started (kept across hot reboots)
  bool ansi = false;                 ///< ANSI colour is sent
  bool xterm256 = false;             ///< xterm 256 colours are sent
  bool truecolour = false;           ///< 24-bit colour is sent
  bool utf8 = true;                  ///< UTF-8 text (CHARSET offered)
  bool gmcp = true;                  ///< GMCP offered
  bool mccp = false;                 ///< MCCP2 offered (enabled in the configuration)
  bool mssp = true;                  ///< MSSP offered
};

struct mssp_variable {
  std::string name;
  std::string value;
  bool operator==(const mssp_variable&) const = default;
};

/// The MSSP variables, in a fixed order, for `players` online now. Every name and value is safe for the
/// wire: bytes 0, 1, 2 (NUL, MSSP_VAR, MSSP_VAL) and 255 (IAC) are replaced by '?', and so are CR, LF and
/// TAB, which would break the plain-text reply.
std::vector<mssp_variable> mssp_variables(const mssp_facts& facts, std::size_t players);

/// Appends IAC SB MSSP (MSSP_VAR name MSSP_VAL value)... IAC SE.
void encode_mssp(const std::vector<mssp_variable>& variables, std::string& out);

/// The plain-text reply to a "MSSP-REQUEST" line typed at the login screen: "MSSP-REPLY-START", one
/// "NAME<TAB>VALUE" line per variable, "MSSP-REPLY-END" ("\n" line ends).
std::string mssp_plain_reply(const std::vector<mssp_variable>& variables);

/// True when `text` may appear inside an MSSP name or value (no bytes 0-31, 127 or 255).
bool mssp_safe(std::string_view text);

namespace mssp {
inline constexpr std::uint8_t VAR = 1;
inline constexpr std::uint8_t VAL = 2;
}  // namespace mssp

}  // namespace dw::telnet
