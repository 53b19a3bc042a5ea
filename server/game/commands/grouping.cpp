// Travelling together: follow, group (invite, accept, decline, kick, leave) and gtell. The tables and
// rules are the groups part's (server/game/groups); this set reads the names people type.
#include <algorithm>

#include "server/game/commands/command_context.hpp"
#include "server/game/commands/grouping_set.hpp"
#include "server/game/groups/following.hpp"
#include "server/game/groups/group_news.hpp"
#include "server/game/groups/membership.hpp"
#include "server/game/output/channels.hpp"
#include "server/game/output/style.hpp"
#include "server/game/roster/roster.hpp"
#include "server/text/ascii.hpp"

namespace dw::game {
namespace {

/// The one character among `candidates` that `name` means: an exact name, else the unique start of one.
/// `why` says what went wrong otherwise; `where` ends "There is nobody called 'x' <where>."
character* named(roster& people, const std::vector<std::int64_t>& candidates, std::string_view name,
                 std::string_view where, std::string& why) {
  std::vector<std::int64_t> fits;
  for (const std::int64_t account : candidates) {
    const character* c = people.find_character(account);
    if (c == nullptr) {
      continue;
    }
    if (text::iequals(c->name, name)) {
      fits = {account};
      break;
    }
    if (text::istarts_with(c->name, name)) {
      fits.push_back(account);
    }
  }
  if (fits.size() != 1) {
    why = fits.empty() ? "There is nobody called '" + std::string(name) + "' " + std::string(where) + ".\n"
                       : "More than one person " + std::string(where) + " is called '" + std::string(name) +
                             "'; say more of the name.\n";
    return nullptr;
  }
  return people.find_character(fits.front());
}

/// Everyone playing, for an invitation (it reaches wherever they are).
std::vector<std::int64_t> everyone(roster& people) {
  std::vector<std::int64_t> all;
  for (const character* c : people.online()) {
    all.push_back(c->account_id);
  }
  return all;
}

void follow(const group_parts& p, command_context& ctx) {
  const std::string_view name = ctx.args.raw;
  if (name.empty()) {
    const std::int64_t followed = p.followers.followed_by(ctx.actor.account_id);
    const character* leader = followed == 0 ? nullptr : p.people.find_character(followed);
    ctx.reply(leader == nullptr ? "You follow nobody. 'follow <name>' walks after someone here.\n"
                                : "You follow " + leader->name + ". 'follow self' stops it.\n");
    return;
  }
  if (text::iequals(name, "self") || text::iequals(name, "me") || text::iequals(name, ctx.actor.name)) {
    p.followers.follow(ctx.actor, ctx.actor);
    return;
  }
  std::string why;
  character* leader = named(p.people, p.people.occupants(ctx.actor.where.room_id), name, "here", why);
  if (leader == nullptr) {
    ctx.reply(why);
    return;
  }
  p.followers.follow(ctx.actor, *leader);
}

constexpr std::string_view group_usage =
    "Usage: group   group invite <name>   group accept   group decline   group kick <name>   group leave\n";

void group(const group_parts& p, command_context& ctx) {
  const auto& words = ctx.args.words;
  if (words.empty()) {
    ctx.reply(p.news.describe(ctx.actor));
    return;
  }
  const std::string_view verb = words[0];
  const bool named_verb = text::iequals(verb, "invite") || text::iequals(verb, "kick");
  if (named_verb != (words.size() == 2) || words.size() > 2) {
    ctx.reply(std::string(group_usage));
    return;
  }
  std::string why;
  if (text::iequals(verb, "invite")) {
    character* who = named(p.people, everyone(p.people), words[1], "playing", why);
    if (who == nullptr) {
      ctx.reply(why);
      return;
    }
    p.members.invite(ctx.actor, *who);
  } else if (text::iequals(verb, "kick")) {
    // (a member, or someone following: kick stops either)
    std::vector<std::int64_t> known = p.members.members_of(ctx.actor.account_id);
    for (const std::int64_t f : p.followers.followers_of(ctx.actor.account_id)) {
      known.push_back(f);
    }
    character* who = named(p.people, known, words[1], "in your group or following you", why);
    if (who == nullptr) {
      ctx.reply(why);
      return;
    }
    p.members.kick(ctx.actor, *who);
  } else if (text::iequals(verb, "accept") || text::iequals(verb, "join")) {
    p.members.accept(ctx.actor);
  } else if (text::iequals(verb, "decline")) {
    p.members.decline(ctx.actor);
  } else if (text::iequals(verb, "leave")) {
    p.members.leave_group(ctx.actor);
  } else {
    ctx.reply(std::string(group_usage));
  }
}

void gtell(const group_parts& p, command_context& ctx) {
  const std::vector<std::int64_t> members = p.members.members_of(ctx.actor.account_id);
  if (members.empty()) {
    ctx.reply("You are not in a group. 'group invite <name>' asks someone to join you.\n");
    return;
  }
  if (!channel_on(ctx.actor.prefs, "group")) {
    ctx.reply(
        "Your group channel is off, so you can neither hear nor use it. Type 'channels on group' to turn it on.\n");
    return;
  }
  std::string line;
  append_styled(line, style::channel, "[group] ");
  append_styled(line, style::player, ctx.actor.name);
  append_styled(line, style::channel, ": " + ctx.args.text);
  line += '\n';
  for (const std::int64_t m : members) {
    const character* c = p.people.find_character(m);
    if (c == nullptr || !channel_on(c->prefs, "group")) {
      continue;
    }
    if (connection* conn = p.people.find_connection(c->connection)) {
      send_channel_line(ctx.out, *conn, "group", ctx.actor.name, line);
    }
  }
}

}  // namespace

void register_group_commands(command_registry& r, group_parts p) {
  const role P = role::player;
  r.add(make_command(
      "follow", {}, P, "Walk after someone: where they walk, you walk.",
      "follow <name>\nFrom now on, whenever that person (who must be here) walks out of the room you are both "
      "in, you take the same step after them, into the same dungeon branch. A step you could not take yourself "
      "(you are fighting, the way is blocked) is refused with the reason, and they go on without you; you keep "
      "following and walk with them again once you stand where they are. A fight holds you until you flee.\n"
      "follow self   (or: follow me)\nStop following.\nfollow\nWhom you follow.",
      arguments::raw, [p](command_context& ctx) { follow(p, ctx); }));
  r.add(make_command(
      "group", {}, P, "Your group: invite, accept, decline, kick, leave.",
      "group\nYour group, its leader and each member's hit points, whom you follow and who follows you.\n"
      "group invite <name>\nAsks someone playing to join the group you lead (or to found one with you at its "
      "head).\ngroup accept   group decline\nAnswer an invitation. Joining, you follow the leader.\n"
      "group kick <name>\nThe leader removes a member (or stops someone following).\n"
      "group leave\nLeave your group; a leader's group passes to the member who joined first.\n"
      "Members in the room when a fight is won share its silver and experience, fighting or not. 'gtell' talks "
      "to the whole group, wherever they are.",
      arguments::words, [p](command_context& ctx) { group(p, ctx); }));
  r.add(make_command("gtell", {"gt"}, P, "Talk to your group, wherever its members are.",
                     "gtell <text>\nEvery member of your group hears it ('[group] Ann: text'), wherever they are. "
                     "'channels off group' stops you hearing it.",
                     arguments::speech("Tell your group what?"), [p](command_context& ctx) { gtell(p, ctx); }));
}

}  // namespace dw::game
