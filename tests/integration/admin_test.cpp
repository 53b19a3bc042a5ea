// In-game administration over a real telnet connection: who may use the commands, moderation (kick,
// bans, wizlock, wall), travel, inspection, roles, live settings, the dungeon tools, the countdown
// shutdown, the audit trail and the hot reboot that keeps everyone connected.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "content/content_loader.hpp"
#include "tests/support/content_seeds.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;
using namespace std::chrono_literals;

namespace {

constexpr std::string_view prompt = "hp] > ";
constexpr std::uint8_t WILL = 251, WONT = 252, ECHO = 1;

/// Wide enough that no line of @who or @stat is wrapped, so lines can be checked whole.
client_options wide_client(std::uint16_t height = 40) {
  client_options o;
  o.width = 200;
  o.height = height;
  return o;
}

bool contains(const std::string& text, std::string_view needle) { return text.find(needle) != std::string::npos; }

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t nl = text.find('\n', start);
    out.push_back(text.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
    if (nl == std::string::npos) {
      break;
    }
    start = nl + 1;
  }
  return out;
}

/// The first line of `text` that contains `needle` (empty if none).
std::string line_with(const std::string& text, std::string_view needle) {
  for (const std::string& line : lines_of(text)) {
    if (contains(line, needle)) {
      return line;
    }
  }
  return {};
}

/// Sends a command whose answer starts with `first` and returns its whole answer up to the prompt.
std::string answer(telnet_client& c, std::string_view command, std::string_view first) {
  c.send_line(command);
  std::string out = c.expect(first);
  out += c.expect(prompt);
  return out.substr(out.find(first));
}

/// The hit points in the last prompt of `text` ("[12/40 hp] > "), or -1.
int prompt_hp(const std::string& text) {
  static const std::regex pattern(R"(\[(-?\d+)/(\d+) hp\] > )");
  int hp = -1;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern); it != std::sregex_iterator(); ++it) {
    hp = std::stoi((*it)[1]);
  }
  return hp;
}

/// What the process has open, one "fd -> target" per descriptor.
std::vector<std::string> open_files(pid_t pid) {
  std::vector<std::string> out;
  const std::filesystem::path dir = "/proc/" + std::to_string(pid) + "/fd";
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::error_code link_ec;
    out.push_back(entry.path().filename().string() + " -> " +
                  std::filesystem::read_symlink(entry.path(), link_ec).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::size_t count_open(const std::vector<std::string>& files, std::string_view target) {
  return static_cast<std::size_t>(
      std::count_if(files.begin(), files.end(), [&](const std::string& f) { return f.ends_with(target); }));
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) {
    out += line + "\n";
  }
  return out;
}

/// True while the process runs (it is neither gone nor a zombie); reaps nothing.
bool process_running(pid_t pid) {
  siginfo_t info{};
  if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0) {
    return false;
  }
  return info.si_pid == 0;
}

const dw::content::content_tables& tables() {
  static const dw::content::content_tables loaded = [] {
    auto result = dw::content::load_content(DW_CONTENT_DIR);
    return std::get<dw::content::content_tables>(std::move(result));
  }();
  return loaded;
}

/// A world seed whose first room of East branch 1 holds monsters.
std::int64_t monster_seed() { return dw::testing::seed_with_monsters(tables(), false); }

/// A world seed whose first room of East branch 1 holds monsters that survive one round against a
/// bare-handed character of `hp` hit points, who survives it too: a fight that is still going on.
std::int64_t long_fight_seed(int hp) {
  for (std::int64_t seed = 1; seed < 5000; ++seed) {
    const dw::content::tape tape(dw::content::tape_seed(static_cast<std::uint64_t>(seed), 1, 1, 0));
    const auto rolled = dw::content::roll_room(tables(), tape, 1, {});
    if (rolled.event != dw::content::room_event::monster) {
      continue;
    }
    auto fight = dw::content::start_fight(rolled);
    const std::vector<dw::content::fighter> me{{1, hp, hp, std::nullopt, std::nullopt}};
    const auto round = dw::content::fight_round(tables(), tape, *fight, me);
    if (!round.won && !round.fighters.empty() && !round.fighters[0].out) {
      return seed;
    }
  }
  return -1;
}

std::string seed_config(std::int64_t seed, std::string_view more = {}) {
  return "[dungeon]\nworld_seed = " + std::to_string(seed) + "\n" + std::string(more);
}

/// Climbs down the well and walks east into East branch 1 at (1,0); returns what was shown.
std::string walk_into_east_branch(telnet_client& c) {
  c.send_line("down");
  c.expect("The Bottom of the Well");
  c.expect(prompt);
  c.send_line("east");
  std::string seen = c.expect("[East branch 1, 1,0, depth 1]");
  seen += c.expect(prompt);
  return seen;
}

/// The directions marked "(unexplored)" on the "Exits:" line of a room text.
std::vector<std::string> unexplored_exits(const std::string& room_text) {
  std::vector<std::string> out;
  std::string line = line_with(room_text, "Exits: ");
  static const std::regex pattern(R"((north|east|south|west) \(unexplored\))");
  for (auto it = std::sregex_iterator(line.begin(), line.end(), pattern); it != std::sregex_iterator(); ++it) {
    out.push_back((*it)[1]);
  }
  return out;
}

/// Waits at the login screen until telnet negotiation is over: each "who" round trip lets the client
/// answer what the server asked before it (the terminal-type cycle takes a few), so later the
/// client has nothing left to answer, and the server has read the answers.
void settle_at_login_screen(telnet_client& c) {
  c.expect("quit");
  for (int i = 0; i < 4; ++i) {
    c.send_line("who");
    c.expect(" player");
  }
}

/// Connects with a bare socket that answers no negotiation and returns every byte received until the
/// server closed the connection; nullopt if it was still open after `timeout`. (A telnet_client
/// answering the opening negotiation of a connection that is refused at once may find it closed.)
std::optional<std::string> everything_until_closed(std::uint16_t port, std::chrono::milliseconds timeout) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) {
    throw std::runtime_error("socket() failed");
  }
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    throw std::runtime_error("connect failed");
  }
  std::string received;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd p{fd, POLLIN, 0};
    if (left.count() <= 0 || ::poll(&p, 1, static_cast<int>(left.count())) <= 0) {
      ::close(fd);
      return std::nullopt;
    }
    char buf[4096];
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) {
      ::close(fd);
      return received;
    }
    received.append(buf, static_cast<std::size_t>(n));
  }
}

}  // namespace

// ---------------------------------------------------------------- 1. who may use them

TEST(AdminPermissions, PlayersGetTheTypoAnswerAndSeeNoAdminCommandInHelp) {
  server_process server;
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port(), wide_client());
  bob.create("Bob", "bobpassword");

  for (std::string_view word : {"@kick", "@ban", "@config", "@reboot", "@shutdown", "@wall", "@who", "@stat", "@goto",
                                "@promote", "@branches", "@spawn", "@audit", "kick", "ban", "reboot"}) {
    bob.send_line(std::string(word) + " Ann");
    // "@who" falls back to the players' "who" for a player, which is fine: it is not the admin @who.
    if (word == "@who") {
      const std::string who = bob.expect("players.");
      EXPECT_FALSE(contains(who, "127.0.0.1")) << "a player must not see addresses: " << who;
      continue;
    }
    bob.expect("Unknown command '" + std::string(word) + "'. Type 'help'.");
  }
  bob.send_line("@shutdown 1");
  bob.expect("Unknown command '@shutdown'. Type 'help'.");

  const std::string player_help = answer(bob, "help", "Commands (");
  for (std::string_view admin_only : {"  @who ", "  ban ", "  kick ", "  config ", "  reboot ", "  shutdown ",
                                      "  wall ", "  audit ", "  branches ", "  spawn ", "  stat ", "  promote "}) {
    EXPECT_FALSE(contains(player_help, admin_only)) << admin_only << " listed for a player:\n" << player_help;
  }
  EXPECT_TRUE(contains(player_help, "  look ")) << player_help;
  bob.send_line("help kick");
  bob.expect("There is no help on 'kick'");

  const std::string admin_help = answer(ann, "help", "Commands (");
  for (std::string_view listed : {"  @who ", "  ban ", "  kick ", "  config ", "  reboot ", "  shutdown ", "  look "}) {
    EXPECT_TRUE(contains(admin_help, listed)) << listed << " missing for the admin:\n" << admin_help;
  }
  ann.send_line("help ban");
  ann.expect("A banned account cannot log in");

  // Nothing Bob typed happened: Ann is still here, no shutdown is counting down.
  ann.send_line("look");
  ann.expect("The Village Square");
  ann.expect(prompt);
  EXPECT_FALSE(contains(ann.all_text(), "[Announcement]")) << ann.all_text();
}

// ---------------------------------------------------------------- 2. @who

TEST(AdminModeration, WhoShowsEveryConnectionWithRoleAddressClientAndWindow) {
  server_process server;
  telnet_client ann(server.port(), wide_client(50));
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  telnet_client cid(server.port());
  settle_at_login_screen(cid);

  const std::string who = answer(ann, "@who", " conn  name");
  EXPECT_TRUE(contains(who, "3 connections.")) << who;
  const std::string ann_line = line_with(who, " Ann ");
  EXPECT_TRUE(contains(ann_line, " admin ")) << who;
  EXPECT_TRUE(contains(ann_line, " 127.0.0.1 ")) << who;
  EXPECT_TRUE(contains(ann_line, " DWTEST ")) << who;
  EXPECT_TRUE(contains(ann_line, "200x50")) << who;
  EXPECT_TRUE(contains(ann_line, "The Village Square")) << who;
  const std::string bob_line = line_with(who, " Bob ");
  EXPECT_TRUE(contains(bob_line, " player ")) << who;
  EXPECT_TRUE(contains(bob_line, " 127.0.0.1 ")) << who;
  EXPECT_TRUE(contains(bob_line, " DWTEST ")) << who;
  EXPECT_TRUE(contains(bob_line, "100x40")) << who;
  const std::string cid_line = line_with(who, "(logging in)");
  ASSERT_FALSE(cid_line.empty()) << who;
  EXPECT_TRUE(contains(cid_line, " 127.0.0.1 ")) << who;
  EXPECT_TRUE(contains(cid_line, " DWTEST ")) << who;
  // "who" without the @ is the players' list, for the admin too.
  const std::string plain = answer(ann, "who", "Playing now:");
  EXPECT_TRUE(contains(plain, "2 players.")) << plain;
}

// ---------------------------------------------------------------- 3. @kick

TEST(AdminModeration, KickTellsThePlayerWhoAndWhyAndClosesTheConnection) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  ann.send_line("@kick Nobody");
  ann.expect("Nobody called 'Nobody' is playing.");
  ann.send_line("@kick Bob being rude");
  ann.expect("You kick Bob out.");
  bob.expect("You have been kicked out by Ann: being rude");
  EXPECT_TRUE(bob.wait_closed());
  ann.send_line("look");
  ann.expect("The Village Square");
  // Bob may come back: a kick is not a ban.
  telnet_client again(server.port());
  again.connect("Bob", "bobpassword");
}

// ---------------------------------------------------------------- 4 and 5. bans

TEST(AdminModeration, AddressBanKeepsNewConnectionsOutAndDropsOthersButNotTheAdmin) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  telnet_client cid(server.port());
  settle_at_login_screen(cid);

  // Others on the address are named first, and nothing happens without "confirm".
  ann.send_line("@ban 127.0.0.* 30m testing");
  ann.expect("would disconnect Bob (127.0.0.1), 1 connection at the login");
  ann.send_line("@ban 127.0.0.* 30m testing confirm");
  ann.expect("Banned address 127.0.0.* for 30m.");
  bob.expect("You have been banned for 30m: testing");
  EXPECT_TRUE(bob.wait_closed());
  cid.expect("You have been banned for 30m: testing");
  EXPECT_TRUE(cid.wait_closed());

  const std::optional<std::string> refused = everything_until_closed(server.port(), 20s);
  ASSERT_TRUE(refused.has_value()) << "a banned address must be disconnected";
  EXPECT_TRUE(contains(*refused, "Your address is banned from Deepwell for another 30 minutes. Reason: testing"))
      << *refused;

  // The admin's own connection stays, and the ban is listed.
  const std::string bans = answer(ann, "@bans", "  address");
  EXPECT_TRUE(contains(bans, "address 127.0.0.*, by Ann, 30 min left: testing")) << bans;

  ann.send_line("@unban 127.0.0.*");
  ann.expect("Lifted 1 ban(s) on 127.0.0.*.");
  ann.send_line("@bans");
  ann.expect("No bans.");
  telnet_client back(server.port());
  back.connect("Bob", "bobpassword");
  ann.send_line("@unban 127.0.0.*");
  ann.expect("No ban on '127.0.0.*'.");
}

TEST(AdminModeration, AccountBanDropsThePlayerRefusesLoginsAndPersistsAcrossRestarts) {
  server_process server;
  {
    telnet_client ann(server.port());
    ann.create("Ann", "annpassword");
    telnet_client bob(server.port());
    bob.create("Bob", "bobpassword");
    ann.send_line("@ban Bob 2h cheating");
    ann.expect("Banned account Bob for 2h.");
    bob.expect("You have been banned for 2h: cheating");
    EXPECT_TRUE(bob.wait_closed());
    // An address pattern that matches nobody here, to see address bans survive the restart too.
    ann.send_line("@ban 10.9.* none");
    ann.expect("Banned address 10.9.* for good.");

    telnet_client again(server.port());
    again.expect("quit");
    again.send_line("connect Bob bobpassword");
    again.expect("This character is banned for another 2 hours. Reason: cheating");
    EXPECT_TRUE(again.wait_closed());

    const std::string bans = answer(ann, "@bans", "  ");
    EXPECT_TRUE(contains(bans, "account Bob, by Ann, 120 min left: cheating")) << bans;
    EXPECT_TRUE(contains(bans, "address 10.9.*, by Ann, for good")) << bans;
  }
  ASSERT_EQ(server.stop(), 0);
  server.start();

  telnet_client ann(server.port());
  ann.connect("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.expect("quit");
  bob.send_line("connect Bob bobpassword");
  bob.expect("This character is banned for another 2 hours. Reason: cheating");
  EXPECT_TRUE(bob.wait_closed());
  const std::string bans = answer(ann, "@bans", "  ");
  EXPECT_TRUE(contains(bans, "account Bob, by Ann, ")) << bans;
  EXPECT_TRUE(contains(bans, "address 10.9.*, by Ann, for good")) << bans;

  ann.send_line("@unban bob");
  ann.expect("Lifted 1 ban(s) on bob.");
  telnet_client welcome(server.port());
  welcome.connect("Bob", "bobpassword");
}

// ---------------------------------------------------------------- 6. @wizlock

TEST(AdminModeration, WizlockKeepsPlayersOutUntilLiftedAndSurvivesARestart) {
  server_process server;
  {
    telnet_client ann(server.port());
    ann.create("Ann", "annpassword");
    telnet_client bob(server.port());
    bob.create("Bob", "bobpassword");
    bob.send_line("quit");
    ASSERT_TRUE(bob.wait_closed());

    ann.send_line("@wizlock");
    ann.expect("Logins are open to everyone.");
    ann.send_line("@wizlock admin");
    ann.expect("Only admins and above may log in now.");
    ann.send_line("@wizlock");
    ann.expect("Logins are locked to admins and above.");
    ann.send_line("@wizlock wizards");
    ann.expect("Usage: @wizlock");

    telnet_client refused(server.port());
    refused.expect("quit");
    refused.send_line("connect Bob bobpassword");
    refused.expect("The game is locked to admins and above");
    EXPECT_TRUE(refused.wait_closed());
  }
  ASSERT_EQ(server.stop(), 0);
  server.start();

  telnet_client ann(server.port());
  ann.connect("Ann", "annpassword");  // an admin still gets in
  telnet_client refused(server.port());
  refused.expect("quit");
  refused.send_line("connect Bob bobpassword");
  refused.expect("The game is locked to admins and above");
  EXPECT_TRUE(refused.wait_closed());

  ann.send_line("@wizlock off");
  ann.expect("Logins are open to everyone again.");
  telnet_client bob(server.port());
  bob.connect("Bob", "bobpassword");
}

// ---------------------------------------------------------------- 7. @wall

TEST(AdminModeration, WallReachesEveryPlayer) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  telnet_client cid(server.port());
  cid.create("Cid", "cidpassword");
  cid.send_line("down");
  cid.expect("The Bottom of the Well");
  ann.send_line("@wall");
  ann.expect("Usage: @wall <message>");
  ann.send_line("@wall hello all");
  for (telnet_client* c : {&ann, &bob, &cid}) {
    c->expect("[Announcement from Ann] hello all");
  }
}

// ---------------------------------------------------------------- 8. travel

TEST(AdminTravel, GotoSummonAndTelMoveCharactersAndShowThemTheirNewRoom) {
  server_process server;
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port(), wide_client());
  bob.create("Bob", "bobpassword");
  bob.send_line("down");
  bob.expect("The Bottom of the Well");
  bob.expect(prompt);

  ann.send_line("@goto Bob");
  ann.expect("The Bottom of the Well");
  bob.expect("Ann appears in a swirl of dust.");

  ann.send_line("@tel Bob 1");
  ann.expect("You send Bob away.");
  bob.expect("The Village Square");
  bob.send_line("look");
  bob.expect("The Village Square");

  ann.send_line("@summon Bob");
  ann.expect("You summon Bob.");
  bob.expect("Ann summons you.");
  bob.expect("The Bottom of the Well");
  const std::string here = answer(bob, "look", "The Bottom of the Well");
  EXPECT_TRUE(contains(here, "Here: Ann.")) << here;

  ann.send_line("@goto 1");
  ann.expect("The Village Square");
  ann.send_line("@goto 2");
  ann.expect("The Bottom of the Well");

  // Into the dungeon: by player name and by branch coordinates.
  bob.send_line("east");
  bob.expect("[East branch 1, 1,0, depth 1]");
  bob.expect(prompt);
  ann.send_line("@goto Bob");
  ann.expect("[East branch 1, 1,0, depth 1]");
  ann.send_line("@goto 1");
  ann.expect("The Village Square");
  ann.send_line("@goto 1 1,0");
  ann.expect("[East branch 1, 1,0, depth 1]");
  ann.send_line("@tel Bob 2");
  bob.expect("The Bottom of the Well");

  ann.send_line("@goto 999");
  ann.expect("There is no room 999.");
  ann.send_line("@goto 1 5,5");
  ann.expect("Branch 1 has no room at 5,5.");
  ann.send_line("@summon Nobody");
  ann.expect("Nobody called 'Nobody' is playing.");
}

// ---------------------------------------------------------------- 9. @stat

TEST(AdminInspection, StatShowsPlayersRoomsBranchesAndItems) {
  server_process server;
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");

  const std::string player = answer(ann, "@stat Bob", "Bob (account");
  EXPECT_TRUE(contains(player, "Bob (account 2, player)")) << player;
  EXPECT_TRUE(contains(player, "hp 40/40")) << player;
  EXPECT_TRUE(contains(player, "from 127.0.0.1, client DWTEST, 100x40")) << player;

  const std::string square = answer(ann, "@stat room", "Room ");
  EXPECT_TRUE(contains(square, "The Village Square (static")) << square;

  walk_into_east_branch(ann);
  const std::string room = answer(ann, "@stat room", "Room ");
  EXPECT_TRUE(contains(room, "of branch 1 at (1,0), depth 1")) << room;
  EXPECT_TRUE(contains(room, "Tape seed: ")) << room;
  EXPECT_TRUE(contains(room, "Exits:")) << room;
  EXPECT_TRUE(contains(room, "  west: to the well")) << room;

  const std::string branch = answer(ann, "@stat branch 1", "East branch 1");
  EXPECT_TRUE(contains(branch, "East branch 1 (id 1)")) << branch;
  EXPECT_TRUE(contains(branch, "inside 1")) << branch;
  ann.send_line("@stat branch 9");
  ann.expect("Usage: @stat branch <id>");

  ann.send_line("@spawn scroll 777");
  ann.expect("(seed 777)");
  const std::string item = answer(ann, "@stat item scroll", "Item ");
  EXPECT_TRUE(contains(item, "seed 777")) << item;
  EXPECT_TRUE(contains(item, "blueprint")) << item;
  EXPECT_TRUE(contains(item, "price ")) << item;
  EXPECT_TRUE(contains(item, "= base 40 x ")) << item;
  EXPECT_FALSE(contains(item, ".000000")) << "numbers as a person writes them: " << item;

  ann.send_line("@stat Nobody");
  ann.expect("Usage: @stat <player | room | item <id|name> | branch <id>>");
}

// ---------------------------------------------------------------- 10. roles

TEST(AdminRoles, PromoteAndDemoteTellThePlayerAndTheLastAdminStays) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");

  ann.send_line("@promote Bob builder");
  ann.expect("Bob is now a builder.");
  bob.expect("You are now a builder.");
  const std::string who = answer(ann, "who", "Playing now:");
  EXPECT_TRUE(contains(who, "Bob (builder)")) << who;

  ann.send_line("@demote Bob");
  ann.expect("Bob is now a player.");
  bob.expect("You are now a player.");

  ann.send_line("@demote Ann");
  ann.expect("Ann is the last administrator and stays one.");
  ann.send_line("@promote Nobody admin");
  ann.expect("There is no account called Nobody.");
  ann.send_line("@promote Bob emperor");
  ann.expect("Usage: @promote <name> <player | builder | admin>");

  // A second administrator can use the commands at once, and then the first may step down.
  ann.send_line("@promote Bob admin");
  bob.expect("You are now a");  // (the server says "a admin")
  bob.expect("admin.");
  bob.send_line("@who");
  bob.expect("2 connections.");
  bob.send_line("@demote Ann");
  bob.expect("Ann is now a player.");
  ann.expect("You are now a player.");
  ann.send_line("@kick Bob");
  ann.expect("Unknown command '@kick'. Type 'help'.");
}

// ---------------------------------------------------------------- 11. @config

TEST(AdminSettings, ConfigValidatesSavesAndSurvivesARestart) {
  server_process server;
  {
    telnet_client ann(server.port());
    ann.create("Ann", "annpassword");
    ann.send_line("@config max_unexplored_exits 2");
    ann.expect("dungeon.max_unexplored_exits = 2 (saved");
    ann.send_line("@config max_unexplored_exits 0");
    ann.expect("dungeon.max_unexplored_exits: must be between 1 and 64");
    ann.send_line("@config max_unexplored_exits many");
    ann.expect("dungeon.max_unexplored_exits: must be an integer");
    ann.send_line("@config server.port 5");
    ann.expect("server.port can only be changed in the config file");
    ann.send_line("@config no_such_key 1");
    ann.expect("There is no single setting called 'no_such_key'");
    const std::string all = answer(ann, "@config", "Settings (");
    EXPECT_TRUE(contains(all, "dungeon.max_unexplored_exits = 2")) << all;
    EXPECT_TRUE(contains(all, "server.port = ")) << all;
  }
  ASSERT_EQ(server.stop(), 0);
  server.start();
  telnet_client ann(server.port());
  ann.connect("Ann", "annpassword");
  ann.send_line("@config max_unexplored_exits");
  ann.expect("dungeon.max_unexplored_exits = 2\n");
}

// ---------------------------------------------------------------- 12. branches

TEST(AdminDungeon, BranchesMapAndCollapseWithAPlayerInside) {
  server_process server;
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");

  ann.send_line("@branches");
  ann.expect("No branch is open");
  walk_into_east_branch(bob);

  const std::string list = answer(ann, "@branches", " id  branch");
  EXPECT_TRUE(contains(list, "East branch 1")) << list;
  EXPECT_TRUE(contains(list, "1 branch.")) << list;
  const std::string map = answer(ann, "@branch 1", "East branch 1 (id 1)");
  EXPECT_TRUE(contains(map, "[W]-[")) << map;
  // The unexplored exits out of the outermost room are drawn too (one cell of margin round the branch).
  EXPECT_TRUE(contains(map, "?")) << map;
  ann.send_line("@branch 7");
  ann.expect("Usage: @branch <id>");

  ann.send_line("@collapse 1");
  ann.expect("Branch 1 collapsed (1 characters evacuated to the well).");
  bob.expect("thrown back to the well");
  bob.expect("The Bottom of the Well");
  bob.send_line("look");
  bob.expect("The Bottom of the Well");
  ann.send_line("@branches");
  ann.expect("No branch is open");
  ann.send_line("@collapse 1");
  ann.expect("Usage: @collapse <id>");

  // The well opens a new branch afterwards.
  bob.send_line("east");
  bob.expect("[East branch ");
}

// ---------------------------------------------------------------- 13. @clear

TEST(AdminDungeon, ClearOpensTheWayOutOfAMonsterRoom) {
  const std::int64_t seed = monster_seed();
  ASSERT_GT(seed, 0);
  server_process server(seed_config(seed));
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  ann.send_line("@clear");
  ann.expect("Only dungeon rooms can be cleared.");

  const std::string first = walk_into_east_branch(ann);
  ASSERT_TRUE(contains(first, "The way forward is blocked until this room is cleared.")) << first;
  const std::vector<std::string> ways = unexplored_exits(first);
  ASSERT_FALSE(ways.empty()) << first;
  const std::string way = ways.front();
  ann.send_line(way);
  ann.expect("The way " + way + " is blocked until this room is cleared.");

  ann.send_line("@clear");
  ann.expect("the room is clear");
  ann.expect("You clear the room with a word.");
  const std::string look = answer(ann, "look", "[East branch 1, 1,0");
  EXPECT_FALSE(contains(look, "blocked")) << look;
  EXPECT_FALSE(contains(look, "Type 'fight'")) << look;

  ann.send_line(way);
  const std::string walked = ann.expect(prompt);
  EXPECT_FALSE(contains(walked, "The way " + way + " is blocked")) << walked;
  EXPECT_TRUE(contains(walked, "[East branch 1, ")) << walked;
  EXPECT_FALSE(contains(walked, "[East branch 1, 1,0,")) << "still in the first room: " << walked;
}

// ---------------------------------------------------------------- 14. shutdown

TEST(AdminShutdown, CountdownWarnsEveryoneThenStopsTheServerCleanly) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");

  ann.send_line("@shutdown 12 maintenance");
  ann.expect("Shutdown in 12 seconds.");
  for (telnet_client* c : {&ann, &bob}) {
    c->expect("[Announcement] Deepwell will shut down in 12 seconds: maintenance");
  }
  // The next warning comes at 10 seconds (one-second ticks; a late tick may make it 9).
  for (telnet_client* c : {&ann, &bob}) {
    c->expect("[Announcement] Deepwell will shut down in ", 30s);
    const std::string left = c->expect(" seconds: maintenance", 5s);
    const int seconds = std::stoi(left.substr(0, left.find(' ')));
    EXPECT_LE(seconds, 10);
    EXPECT_GE(seconds, 1);
  }
  for (telnet_client* c : {&ann, &bob}) {
    c->expect("Deepwell is shutting down now.", 60s);
    EXPECT_TRUE(c->wait_closed(60s));
  }
  EXPECT_EQ(server.stop(), 0);
}

TEST(AdminShutdown, CountdownCanBeCancelled) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");

  ann.send_line("@shutdown cancel");
  ann.expect("No shutdown is counting down.");
  ann.send_line("@shutdown 90000");
  ann.expect("The countdown is 0 to 86400 seconds.");
  ann.send_line("@shutdown 300");
  ann.expect("Shutdown in 300 seconds.");
  bob.expect("[Announcement] Deepwell will shut down in 5 minutes.");
  ann.send_line("@shutdown cancel");
  ann.expect("[Announcement] The shutdown has been cancelled");
  ann.expect("Shutdown cancelled.");
  bob.expect("[Announcement] The shutdown has been cancelled");
  bob.send_line("look");
  bob.expect("The Village Square");
  EXPECT_EQ(server.stop(), 0);
}

// ---------------------------------------------------------------- 15. @audit

TEST(AdminAudit, AuditListsRecentAdminActionsAndFailedLogins) {
  server_process server;
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  telnet_client stranger(server.port());
  stranger.expect("quit");
  stranger.send_line("connect Bob notbobspassword");
  stranger.expect("Wrong name or password.");

  ann.send_line("@wall hello all");
  ann.expect("[Announcement from Ann] hello all");
  ann.send_line("@audit nonsense");
  ann.expect("Usage: @audit [1-1000]");
  const std::string audit = answer(ann, "@audit 5", "Last ");
  EXPECT_TRUE(contains(audit, "Ann: @wall hello all -> [Announcement from Ann] hello all")) << audit;
  EXPECT_TRUE(contains(audit, "Bob: failed login -> 127.0.0.1")) << audit;
  EXPECT_LE(lines_of(audit).size(), 1U + 5U + 1U) << audit;  // the title, five rows, the prompt
  EXPECT_TRUE(server.wait_log("admin Ann: @wall hello all"));
}

// ---------------------------------------------------------------- 16. hot reboot

TEST(AdminReboot, HotRebootKeepsEveryoneConnectedAndTheirState) {
  constexpr int max_hp = 1000;
  const std::int64_t seed = long_fight_seed(max_hp);
  ASSERT_GT(seed, 0);
  server_process server(seed_config(seed, "[game]\nfight_round_ms = 60000\ncharacter_max_hp = 1000\n"));
  const pid_t pid = server.pid();
  telnet_client ann(server.port(), wide_client());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port(), wide_client());
  bob.create("Bob", "bobpassword");
  const std::string bob_room = walk_into_east_branch(bob);
  ASSERT_TRUE(contains(bob_room, "Type 'fight' to attack.")) << bob_room;
  bob.send_line("fight");
  bob.expect("You attack");
  bob.expect(prompt);
  bob.send_line("fight");  // during a fight, strikes at once: one round, which this seed survives
  bob.expect("Round 1:");
  const std::string round = bob.expect(prompt);
  ASSERT_FALSE(contains(round, "The room is clear")) << round;
  const int hp_before = prompt_hp(round);
  ASSERT_GT(hp_before, 0) << round;
  telnet_client cid(server.port());
  settle_at_login_screen(cid);

  ann.send_line("@reboot");
  for (telnet_client* c : {&ann, &bob, &cid}) {
    c->expect("Deepwell is rebooting");
  }
  ann.expect("The world shimmers and settles: Deepwell has rebooted around you.");
  bob.expect("The world shimmers and settles: Deepwell has rebooted around you.");
  bob.expect("You are still fighting");  // the fight came across the reboot
  cid.expect("Deepwell has rebooted; please log in again.");
  EXPECT_TRUE(server.wait_log("hot reboot complete: 3 connections taken over"));
  EXPECT_EQ(server.pid(), pid);
  EXPECT_TRUE(process_running(pid)) << "the reboot replaced the image in place; the process runs on";
  const std::string look = answer(bob, "look", "[East branch 1, 1,0, depth 1]");
  EXPECT_EQ(prompt_hp(look), hp_before) << look;
  EXPECT_TRUE(contains(look, "fighting here!")) << "the monsters are still there, fighting: " << look;
  const std::string who = answer(ann, "who", "Playing now:");
  EXPECT_TRUE(contains(who, "Ann (admin)")) << who;
  EXPECT_TRUE(contains(who, "Bob")) << who;
  EXPECT_TRUE(contains(who, "2 players.")) << who;
  ann.send_line("look");
  ann.expect("The Village Square");
  // Admin rights survive too, and the one at the login screen can log in on the same connection.
  ann.send_line("@who");
  ann.expect("3 connections.");
  // The telnet state came across: Bob's client, window and GMCP are still known.
  const std::string stat = answer(ann, "@stat Bob", "Bob (account");
  EXPECT_TRUE(contains(stat, "client DWTEST, 200x40, GMCP on")) << stat;
  EXPECT_TRUE(contains(stat, "hp " + std::to_string(hp_before) + "/1000, fighting")) << stat;
  const std::string branch = answer(ann, "@stat branch 1", "East branch 1");
  EXPECT_TRUE(contains(branch, "inside 1,")) << branch;
  // The fight goes on where it stopped: Bob is still in it, so "fight" strikes at once, and the round is
  // round 2, not a fresh fight.
  bob.send_line("fight");
  const std::string next_round = bob.expect(prompt);
  EXPECT_FALSE(contains(next_round, "You attack")) << next_round;
  EXPECT_TRUE(contains(next_round, "Round 2:")) << next_round;
  const std::string audit = answer(ann, "@audit 10", "Last ");
  EXPECT_TRUE(contains(audit, "Ann: @reboot -> [Announcement] Deepwell is rebooting")) << audit;
  cid.create("Cid", "cidpassword");

  // The listening socket survived: new connections are accepted on the same port.
  telnet_client dan(server.port());
  dan.create("Dan", "danpassword");
  EXPECT_EQ(server.stop(), 0);
  EXPECT_TRUE(ann.wait_closed());
}

TEST(AdminReboot, TheNewImageInheritsNoStrayDescriptors) {
  server_process server;
  const pid_t pid = server.pid();
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  const std::vector<std::string> before = open_files(pid);
  for (int reboot = 0; reboot < 2; ++reboot) {
    ann.send_line("@reboot");
    ann.expect("The world shimmers and settles: Deepwell has rebooted around you.");
    ann.expect(prompt);
  }
  // Only the listening socket and the connections are handed over. Anything else the old image had
  // open (its log file) must not stay open in the new one, or every reboot leaks one more descriptor.
  const std::vector<std::string> after = open_files(pid);
  EXPECT_EQ(count_open(after, "/logs/deepwell.log"), count_open(before, "/logs/deepwell.log"))
      << "before the reboots:\n"
      << joined(before) << "after two reboots:\n"
      << joined(after);
  EXPECT_EQ(count_open(after, "socket:"), count_open(before, "socket:")) << "before the reboots:\n"
                                                                         << joined(before) << "after two reboots:\n"
                                                                         << joined(after);
}

TEST(AdminReboot, ALoginInterruptedAtThePasswordPromptGetsItsEchoBack) {
  server_process server;
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client cid(server.port());
  settle_at_login_screen(cid);
  cid.send_line("connect");
  cid.expect("Name: ");
  cid.send_line("Ann");
  cid.expect("Password: ");
  ASSERT_TRUE(cid.expect_command(WILL, ECHO)) << "the server hides the password as it is typed";

  ann.send_line("@reboot");
  cid.expect("Deepwell has rebooted; please log in again.");
  cid.expect("quit");
  // Back at the menu, what is typed must be visible again: the server gives the echo back.
  EXPECT_TRUE(cid.expect_command(WONT, ECHO, 5s)) << "the client was left typing blind at the login menu";
  ann.expect("Deepwell has rebooted around you");  // Ann's character is back in play (read on a worker)
  cid.send_line("who");
  cid.expect("1 player.");
}

// ---------------------------------------------------------------- 17. a reboot that cannot happen

TEST(AdminReboot, FailedStartUpCheckKeepsTheOldServerRunning) {
  server_process server;
  const pid_t pid = server.pid();
  telnet_client ann(server.port());
  ann.create("Ann", "annpassword");
  telnet_client bob(server.port());
  bob.create("Bob", "bobpassword");
  const std::filesystem::path config_path = server.dir() / "test.toml";
  std::string good_config;
  {
    std::ifstream in(config_path);
    good_config.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  {
    // The running server read its config at start; the new image would read this broken one.
    std::ofstream config(config_path, std::ios::app);
    config << "\n[nonsense]\nnot_a_key = 1\n";
  }
  ann.send_line("@reboot");
  ann.expect("Reboot failed: the new binary failed its start-up check", 60s);
  bob.expect("[Announcement] The reboot did not happen; the game goes on.", 60s);
  EXPECT_TRUE(process_running(pid));
  bob.send_line("look");
  bob.expect("The Village Square");
  ann.send_line("look");
  ann.expect("The Village Square");
  telnet_client cid(server.port());
  cid.create("Cid", "cidpassword");

  // Once the config is good again, the next reboot goes through.
  std::ofstream(config_path, std::ios::trunc) << good_config;
  ann.send_line("@reboot");
  ann.expect("The world shimmers and settles: Deepwell has rebooted around you.", 60s);
  bob.expect("The world shimmers and settles: Deepwell has rebooted around you.", 60s);
  EXPECT_TRUE(process_running(pid));
  bob.send_line("look");
  bob.expect("The Village Square");
  EXPECT_EQ(server.stop(), 0);
}
