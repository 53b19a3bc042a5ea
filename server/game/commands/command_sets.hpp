#pragma once

// The command sets, by topic. Each is registered with only the parts its commands use.
#include "server/game/administration/administration.hpp"
#include "server/game/administration/backups.hpp"
#include "server/game/bounties/bounties.hpp"
#include "server/game/commands/command_registry.hpp"
#include "server/game/content_source.hpp"
#include "server/game/encounters/encounters.hpp"
#include "server/game/events/event_sink.hpp"
#include "server/game/groups/groups.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/places/places.hpp"
#include "server/game/progression/progression.hpp"
#include "server/game/roster/roster.hpp"
#include "server/game/services.hpp"

namespace dw::game {

/// say, emote, who, quit.
struct basic_parts {
  roster& people;
  game::fights& fights;  ///< quitting mid-fight fights one more round
  game::puzzles* puzzles = nullptr;  ///< hears what is said (a rune door's word of opening)
  const progression* levels = nullptr;  ///< levels beside the names in `who`
};
void register_basic_commands(command_registry& r, basic_parts parts);

/// help (help.cpp): the commands and the help topics of content/help.toml.
struct help_parts {
  const command_registry& commands;
  const content_source& content;  ///< the topics, as reloaded by @reload content
};
void register_help_command(command_registry& r, help_parts parts);

/// The six directions, go, map and @branches.
struct movement_parts {
  places& where;
  services& svc;
};
void register_movement_commands(command_registry& r, movement_parts parts);

/// look, get, drop, wield, wear, remove, inventory, examine.
struct item_parts {
  places& where;  ///< for look without a thing
  roster& people;
  room_contents& contents;
  const game::fights& fights;
  change_sink& changes;
  item_news& news;  ///< GMCP Char.Items as things move
  /// look door, look runes at a rune door (and the scratched order in its hint room)
  game::puzzles* puzzles = nullptr;
};
void register_item_commands(command_registry& r, item_parts parts);

/// press (puzzles.cpp).
struct puzzle_parts {
  game::puzzles& puzzles;
};
void register_puzzle_commands(command_registry& r, puzzle_parts parts);
/// list, buy, sell, value, identify (the merchant in the village square), quaff, apply, read, score,
/// deepest (economy.cpp registers merchant.cpp, consumables.cpp and score.cpp; give and compare too).
struct economy_parts {
  places& where;  ///< saving characters, Char.Status, the map and return scrolls, the board by the well
  roster& people;
  room_contents& contents;
  const rune_locks& locks;  ///< the sealed doors a scroll of seeing shows
  game::fights& fights;  ///< using something mid-fight costs the next round
  change_sink& changes;
  item_news& news;
  deeds& told;                  ///< a scroll sold
  const progression& levels;    ///< level and experience in `score`
  const bounties* board = nullptr;  ///< bounties held and completed in `score`
};
void register_economy_commands(command_registry& r, economy_parts parts);
/// give (giving.cpp): an item or silver to someone in the same room.
void register_give_command(command_registry& r, economy_parts parts);

/// bounties, accept (bounty_board.cpp): the bounty board in the village square.
struct bounty_parts {
  bounties& board;
  places& where;  ///< Char.Status once a reward is paid
};
void register_bounty_commands(command_registry& r, bounty_parts parts);

/// fight, attack, defend, flee, consider.
struct fight_parts {
  game::fights& fights;
};
void register_fight_commands(command_registry& r, fight_parts parts);

/// tell, reply, chat, shout, channels (talk.cpp).
struct talk_parts {
  roster& people;
  change_sink& changes;  ///< a channel turned on or off is saved as a preference
  services& svc;         ///< the clock, for chat's history
};
void register_talk_commands(command_registry& r, talk_parts parts);
/// follow, group, gtell (grouping.cpp).
struct group_parts {
  roster& people;
  groups& company;
};
void register_group_commands(command_registry& r, group_parts parts);

/// colour, screenreader, brief, pager, prompt, wimpy: the players' own settings (preferences.cpp).
struct preference_parts {
  roster& people;
  change_sink& changes;
  prompt_facts& facts;  ///< for showing what a prompt looks like now
};
void register_preference_commands(command_registry& r, preference_parts parts);

/// @who, kick, ban, unban, bans, wizlock, wall, shutdown, reboot, audit.
struct moderation_parts {
  roster& people;
  output& out;
  administration& admin;
  places& where;
  event_runner& events;
  services& svc;
};
void register_moderation_commands(command_registry& r, moderation_parts parts);

/// @backup (backup.cpp): an online backup now, or the list of those kept.
struct backup_parts {
  backups& schedule;
  services& svc;
  event_runner& events;
  output& out;
  const live_settings& settings;
};
void register_backup_commands(command_registry& r, backup_parts parts);

/// goto, summon, tel, stat, promote, demote, unlock, config, branch, collapse, clear, spawn, reload.
struct world_admin_parts {
  roster& people;
  output& out;
  places& where;
  encounters& play;
  change_sink& changes;
  event_runner& events;
  services& svc;
  live_settings& settings;
  content_source& content;
};
void register_world_admin_commands(command_registry& r, world_admin_parts parts);
/// @stat (inspection.cpp), registered with the world administration set.
void register_stat_command(command_registry& r, world_admin_parts parts);

}  // namespace dw::game
