#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "server/game/output/output.hpp"
#include "server/game/roster/preferences.hpp"

namespace dw::game {

/// A talk channel: chat (everyone in play), shout (everyone in your branch, or in the fixed rooms), tell
/// (one person) and group (the members of your group, with gtell). Each can be turned off by each player;
/// a channel that is off is neither shown to them nor usable by them until they turn it on again.
struct channel_def {
  std::string_view name;     ///< "chat": the word in `channels on chat` and in GMCP
  std::string_view caption;  ///< "Chat"
  std::string_view command;  ///< how to talk on it, for GMCP Comm.Channel.List
  std::string_view reach;    ///< who hears it, for `channels`
};

/// Every channel, in the order `channels` lists them.
inline constexpr std::array<channel_def, 4> channel_defs{{
    {"chat", "Chat", "chat", "everyone in play"},
    {"shout", "Shout", "shout", "everyone in your branch, or in the village and the well"},
    {"tell", "Tell", "tell", "one person (reply answers the last who told you)"},
    {"group", "Group", "gtell", "the members of your group, wherever they are (gtell)"},
}};
/// The channel called `name` (case-insensitive), or nullptr.
const channel_def* find_channel(std::string_view name);

/// The preference key that holds whether `channel` is off ("channel.chat"; "off", or absent for on).
std::string channel_preference_key(std::string_view channel);
/// Whether a player with these settings has `channel` on (every channel is on by default).
bool channel_on(const preferences& prefs, std::string_view channel);

/// GMCP `Comm.Channel.List`: [{"name","caption","command"}...] for every channel.
std::string gmcp_channel_list();
/// GMCP `Comm.Channel.Text` {"channel","talker","text"}; `text` is the line as the person is shown it.
std::string gmcp_channel_text(std::string_view channel, std::string_view talker, std::string_view text);

/// Sends one channel line to a person: the text (with its style markup, rendered by output) and, for
/// a client with GMCP, Comm.Channel.Text with the line without markup and without its line end.
void send_channel_line(output& out, connection& conn, std::string_view channel, std::string_view talker,
                       std::string_view line);

}  // namespace dw::game
