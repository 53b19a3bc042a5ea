// Login built alone (issue 29): the login part over the real roster, output, settings, administration and event
// loop, the harness's inline services (password hashes and checks run at once, against a real in-memory store),
// and a fake play_door in place of the world's rooms and fights, which records every call login makes of it in
// order and answers need_branch and room_exists as the test says. No world, no places, no encounters: lines are
// typed through the event loop, as the world hands them to login, and password answers come back through the
// password queue and the event loop as they do in the server.
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/game/administration/administration.hpp"
#include "server/game/events/event_loop.hpp"
#include "server/game/login/login.hpp"
#include "server/game/login/play_door.hpp"
#include "server/game/places/static_rooms.hpp"
#include "server/store/accounts.hpp"
#include "server/store/characters.hpp"
#include "server/store/game_loader.hpp"
#include "tests/game/game_harness.hpp"

namespace {

using namespace dw::game;
using dw::testing::fake_port;
using dw::testing::has;
using calls = std::vector<std::string>;

/// The rooms and fights as login sees them, faked: every call is kept in order as "<call> <name> <account>"
/// (restored arrivals and item lists end in " restored"; the branch and room calls name their id). It stands for
/// places as the event loop's load_target too, as places does in the world: a branch read after need_branch said
/// it was missing (by login again, or by the event loop for a deferred line) is in memory from then on.
class recording_door final : public play_door, public load_target {
 public:
  /// What need_branch answers for its branch until that branch is read after the answer (none: every branch is
  /// in memory). A read before the answer does not count: it is the read that raced with the branch leaving.
  std::optional<load_request> missing;
  /// What room_exists answers.
  bool rooms_exist = true;
  /// Every call, in order.
  calls seen;
  /// The branches the event loop read and handed over (load_target::branch_loaded), in order.
  std::vector<std::int64_t> loaded;

  /// The calls since the last take, forgotten.
  calls take() {
    calls since(seen.begin() + static_cast<std::ptrdiff_t>(taken_), seen.end());
    taken_ = seen.size();
    return since;
  }

  // ---- play_door
  void branch_read(const storage::branch_snapshot& snapshot) override {
    seen.push_back("branch_read " + std::to_string(snapshot.branch_id));
    if (said_missing_ && missing && missing->branch == snapshot.branch_id) {
      missing.reset();
    }
  }
  std::optional<load_request> need_branch(std::int64_t branch_id) override {
    seen.push_back("need_branch " + std::to_string(branch_id));
    if (missing && missing->branch == branch_id) {
      said_missing_ = true;
      return missing;
    }
    return std::nullopt;
  }
  bool room_exists(const location& where) override {
    seen.push_back("room_exists " + std::to_string(where.room_id));
    return rooms_exist;
  }
  void place(const character& ch) override { seen.push_back("place " + who(ch)); }
  void unplace(const character& ch) override { seen.push_back("unplace " + who(ch)); }
  void save_place(const character& ch) override { seen.push_back("save_place " + who(ch)); }
  void show_arrival(const character& ch, bool restored) override {
    seen.push_back("show_arrival " + who(ch) + (restored ? " restored" : ""));
  }
  void send_status(const character& ch) override { seen.push_back("send_status " + who(ch)); }
  void send_item_lists(const character& ch, bool restored) override {
    seen.push_back("send_item_lists " + who(ch) + (restored ? " restored" : ""));
  }
  void resume_fight(character& ch, connection&) override { seen.push_back("resume_fight " + who(ch)); }
  void last_round(character& ch) override { seen.push_back("last_round " + who(ch)); }
  void leave_play(const character& ch) override { seen.push_back("leave_play " + who(ch)); }
  void forget(const character& ch) override { seen.push_back("forget " + who(ch)); }

  // ---- load_target
  std::optional<load_request> needed_for(const connection&) override { return std::nullopt; }
  void branch_loaded(const storage::branch_snapshot& snapshot) override {
    loaded.push_back(snapshot.branch_id);
    if (missing && missing->branch == snapshot.branch_id) {
      missing.reset();  // (read, even empty: what the branch holds is in memory now)
    }
  }
  void room_missing(std::int64_t) override {}

  static std::string who(const character& ch) { return ch.name + " " + std::to_string(ch.account_id); }

 private:
  std::size_t taken_ = 0;
  bool said_missing_ = false;
};

/// Login on the fakes, with the real parts it takes. Connections are made, fed and closed as world does it.
struct login_alone {
  explicit login_alone(dw::config::settings s = dw::testing::fast_settings()) : settings(std::move(s)) {
    // A line of a connection not in play is login's; one in play would be the commands' (none here).
    events.connect(
        [this](connection& conn, std::string_view line) {
          if (conn.stage != login_stage::playing) {
            entry.handle_line(conn, line);
          }
        },
        door);
  }

  struct player {
    fake_port* port = nullptr;
    std::uint64_t id = 0;
  };
  /// A new connection from 192.0.2.1, welcomed as world::on_connect welcomes one (its greeting taken).
  player connect() {
    ports_.push_back(std::make_unique<fake_port>(&services.resolved));
    connection& conn = people.add_connection(*ports_.back(), services.now());
    const std::uint64_t id = conn.id;
    events.run_event(id, [&] { entry.welcome(conn); });
    services.drain();
    ports_.back()->take();
    return player{ports_.back().get(), id};
  }
  /// `p` types `line` (and every answer that follows from it arrives); what it was told.
  std::string type(const player& p, std::string_view line) {
    events.line(*people.find_connection(p.id), line);
    services.drain();
    return p.port->take();
  }
  /// The network closes `p`'s connection: what world::on_disconnect does, in its order.
  void close(const player& p) {
    connection* conn = people.find_connection(p.id);
    ASSERT_NE(conn, nullptr);
    events.run_event(0, [&] { entry.connection_gone(*conn); });
    entry.leave_play(*conn);
    events.connection_gone(p.id);
    people.remove_connection(p.id);
    events.flush();
    services.drain();
  }
  /// A new connection on which `name` was created (on one line) and is in play; the door's calls so far are
  /// forgotten.
  player playing(std::string_view name) {
    const player p = connect();
    type(p, "create " + std::string(name) + " password123");
    door.take();
    return p;
  }
  /// `name`'s account made (password "password123") and its connection closed: stored, not in play, and the
  /// door's calls so far forgotten.
  void stored(std::string_view name) {
    close(playing(name));
    door.take();
  }
  /// The stored character `name` (not in play) rests at `where`, as if it had left play there.
  void rests_at(std::string_view name, const location& where) {
    dw::store::game_loader loader(services.db());
    auto record = loader.login_by_name(std::string(name));
    ASSERT_TRUE(record && record->character);
    dw::game::storage::character_record rec = *record->character;
    rec.where = where;
    dw::store::characters::save(services.db(), rec);
  }
  /// The account id of `name` in play, or 0 when it is not in play.
  std::int64_t in_play(std::string_view name) {
    const character* ch = people.find_character_by_name(name);
    return ch == nullptr ? 0 : ch->account_id;
  }
  /// `name` as the door's calls name it ("<name> <account>"), while it is in play.
  std::string who(std::string_view name) { return std::string(name) + " " + std::to_string(in_play(name)); }
  /// The calls a character of `who` ("<name> <account>") coming into play makes of the door, past its room check
  /// (need_branch and room_exists come first; a login also hands over the branch it read, before them).
  static calls arrival(const std::string& who) {
    return {"place " + who, "show_arrival " + who, "send_status " + who, "send_item_lists " + who};
  }

  dw::testing::inline_services services;
  live_settings settings;
  roster people;
  output out{people, settings};
  event_loop events{settings, people, out, services};
  administration admin{services, events, out, dw::testing::startup(services.db())};
  recording_door door;
  login entry{settings, people, out, events, events, services, admin, door, 2};

 private:
  std::deque<std::unique_ptr<fake_port>> ports_;
};

/// `first` followed by `rest`.
calls then(calls first, const calls& rest) {
  first.insert(first.end(), rest.begin(), rest.end());
  return first;
}

TEST(LoginAlone, CreatingStepByStepPlacesTheNewCharacterOnceThenShowsItsArrival) {
  login_alone l;
  const auto ann = l.connect();

  EXPECT_EQ(l.type(ann, "create"), "Name: ");
  EXPECT_EQ(l.type(ann, "Ann"), "Password: ") << "asked once the name is known to be free";
  EXPECT_TRUE(ann.port->hidden) << "the password is asked with the echo off";
  EXPECT_EQ(l.type(ann, "password123"), "\nPassword again: ");
  EXPECT_TRUE(l.door.seen.empty()) << "nothing reaches the rooms before the account is made";
  const std::string out = l.type(ann, "password123");

  EXPECT_TRUE(has(out, "Welcome to Deepwell, Ann.")) << out;
  const std::int64_t account = l.in_play("Ann");
  ASSERT_NE(account, 0) << "the character is in the roster";
  const auto stored = dw::store::accounts::find_by_name(l.services.db(), "Ann");
  ASSERT_TRUE(stored) << "the account is in the store";
  EXPECT_EQ(stored->id, account);
  // A new character stands in the village square (branch 0): placed once, then it sees where it arrived.
  EXPECT_EQ(l.door.take(), then({"need_branch 0", "room_exists " + std::to_string(village_square_id)},
                                login_alone::arrival("Ann " + std::to_string(account))));
  EXPECT_EQ(l.people.find_connection(ann.id)->stage, login_stage::playing);
  EXPECT_FALSE(l.entry.in_conversation(ann.id)) << "the conversation ends in play";
}

TEST(LoginAlone, AWrongPasswordTouchesNoRoomAndCountsAgainstTheThrottle) {
  dw::config::settings s = dw::testing::fast_settings();
  s.accounts.failed_login_base_delay_ms = 1000;
  s.accounts.failed_login_max_delay_ms = 8000;
  login_alone l(s);
  l.stored("Dora");
  const auto thief = l.connect();

  std::string out = l.type(thief, "connect Dora wrongpassword");
  EXPECT_TRUE(has(out, "Wrong name or password.")) << out;
  EXPECT_EQ(l.people.find_connection(thief.id)->stage, login_stage::menu);
  l.services.steady += 1000;  // the first failure's wait, over
  out = l.type(thief, "connect Dora wrongpassword");
  EXPECT_TRUE(has(out, "Wrong name or password.")) << out;
  // Two failures in a row: the wait doubled, and even the right password is not checked before it ends.
  out = l.type(thief, "connect Dora password123");
  EXPECT_TRUE(has(out, "Too many failed logins; wait 2 seconds before trying again.")) << out;
  EXPECT_FALSE(has(out, "Welcome")) << out;
  EXPECT_EQ(l.in_play("Dora"), 0);
  EXPECT_EQ(l.door.take(), calls{}) << "a login that fails reaches no room";

  l.services.steady += 2000;
  out = l.type(thief, "connect Dora password123");
  EXPECT_TRUE(has(out, "Welcome back, Dora.")) << out;
  EXPECT_TRUE(has(out, "there were 2 failed attempts to log in as you")) << out;
}

TEST(LoginAlone, AConnectionInPlayThatClosesTakesItsLastRoundThenLeavesPlay) {
  login_alone l;
  const auto ann = l.playing("Ann");
  const std::string ann_who = l.who("Ann");

  l.close(ann);
  EXPECT_EQ(l.door.take(), (calls{"last_round " + ann_who, "leave_play " + ann_who}));
  EXPECT_EQ(l.in_play("Ann"), 0) << "the character has left the roster";

  // Nothing else reaches the rooms for it afterwards, however long the world goes on.
  l.events.run_event(0, [&] { l.events.idle_tick(); });
  l.services.drain();
  EXPECT_EQ(l.door.take(), calls{});
}

TEST(LoginAlone, ATakeOverUnplacesAndPlacesTheCharacterAndNeverLeavesPlay) {
  login_alone l;
  const auto first = l.playing("Ann");
  const std::string ann_who = l.who("Ann");
  const auto second = l.connect();

  const std::string out = l.type(second, "connect Ann password123");
  EXPECT_TRUE(has(out, "You take over your character from your other connection.")) << out;
  EXPECT_TRUE(has(out, "Welcome back, Ann.")) << out;
  EXPECT_TRUE(has(first.port->take(), "Someone has connected to your character from elsewhere. Goodbye."));
  EXPECT_TRUE(first.port->closed);
  const connection* old = l.people.find_connection(first.id);
  EXPECT_EQ(old->stage, login_stage::menu) << "the old connection no longer owns the character";
  EXPECT_EQ(old->account_id, 0);
  // The live character is taken from its room and placed again, by its new connection.
  EXPECT_EQ(l.door.take(), then({"branch_read 0", "unplace " + ann_who, "need_branch 0",
                                 "room_exists " + std::to_string(village_square_id)},
                                login_alone::arrival(ann_who)));
  EXPECT_EQ(l.people.find_character_by_name("Ann")->connection, second.id);

  // The network then closes the old connection: the character plays on, and the rooms hear nothing of it.
  l.close(first);
  EXPECT_EQ(l.door.take(), calls{});
  EXPECT_EQ(l.who("Ann"), ann_who);
  EXPECT_EQ(l.people.find_character_by_name("Ann")->connection, second.id);
}

TEST(LoginAlone, AnUnknownCommandAtTheMenuIsRefusedWithTheChoices) {
  login_alone l;
  const auto p = l.connect();

  const std::string out = l.type(p, "dance");
  EXPECT_TRUE(has(out, "You are not logged in. Type one of:")) << out;
  EXPECT_TRUE(has(out, "create <name> <password>")) << out;
  EXPECT_EQ(l.people.find_connection(p.id)->stage, login_stage::menu);
  EXPECT_EQ(l.door.take(), calls{});
}

TEST(LoginAlone, AGoneRoomWakesTheCharacterAtTheWellAndSavesWhereItIs) {
  login_alone l;
  l.stored("Ann");
  l.door.rooms_exist = false;  // (its branch collapsed while it was away)
  const auto again = l.connect();

  const std::string out = l.type(again, "connect Ann password123");
  EXPECT_TRUE(has(out, "The passages you were in have collapsed. You wake at the bottom of the well.")) << out;
  EXPECT_EQ(l.people.find_character_by_name("Ann")->where.room_id, start_room_id);
  const std::string ann_who = l.who("Ann");
  EXPECT_EQ(l.door.take(), (calls{"branch_read 0", "need_branch 0", "room_exists " + std::to_string(village_square_id),
                                  "place " + ann_who, "save_place " + ann_who, "show_arrival " + ann_who,
                                  "send_status " + ann_who, "send_item_lists " + ann_who}));
}

TEST(LoginAlone, ABranchThatLeftMemoryBeforeTheAnswerIsReadAgainAndTheLoginGoesOn) {
  login_alone l;
  l.stored("Ann");
  // Ann rests in a dungeon branch; the door says it is not in memory when the password's answer comes (the
  // branch left memory after the login's read).
  l.rests_at("Ann", location{500, 5, 3, 4});
  l.door.missing = load_request{5, 0};
  const auto conn = l.connect();

  // Admission runs in a worker's answer, not in a typed line: login reads the branch again itself, and Ann comes
  // in once it is, on the same connection, placed once; nothing went wrong as far as she can tell.
  const std::string out = l.type(conn, "connect Ann password123");
  EXPECT_TRUE(has(out, "Welcome back, Ann.")) << out;
  EXPECT_FALSE(has(out, "Something went wrong")) << out;
  const std::string ann_who = l.who("Ann");
  EXPECT_EQ(l.door.take(), then({"branch_read 5", "need_branch 5", "branch_read 5", "room_exists 500"},
                                login_alone::arrival(ann_who)));
  EXPECT_TRUE(l.door.loaded.empty()) << "login read the branch itself; the event loop had nothing to run again";
  EXPECT_EQ(l.people.find_character_by_name("Ann")->where.branch_id, 5);
  // Her connection is in play, not left waiting with every line held back.
  EXPECT_EQ(l.people.find_connection(conn.id)->stage, login_stage::playing);
}

TEST(LoginAlone, ABranchReadAgainThatHoldsNoRoomForTheCharacterWakesItAtTheWell) {
  login_alone l;
  l.stored("Ann");
  l.rests_at("Ann", location{500, 5, 3, 4});
  // The branch left memory before the answer, and when login reads it again its room is gone too (the branch
  // collapsed meanwhile): the second read is not a third, the character wakes at the well, placed once.
  l.door.missing = load_request{5, 0};
  l.door.rooms_exist = false;
  const auto conn = l.connect();

  const std::string out = l.type(conn, "connect Ann password123");
  EXPECT_TRUE(has(out, "The passages you were in have collapsed. You wake at the bottom of the well.")) << out;
  EXPECT_FALSE(has(out, "Something went wrong")) << out;
  const std::string ann_who = l.who("Ann");
  EXPECT_EQ(l.door.take(), (calls{"branch_read 5", "need_branch 5", "branch_read 5", "room_exists 500",
                                  "place " + ann_who, "save_place " + ann_who, "show_arrival " + ann_who,
                                  "send_status " + ann_who, "send_item_lists " + ann_who}));
  EXPECT_EQ(l.people.find_character_by_name("Ann")->where.room_id, start_room_id);
  EXPECT_EQ(l.people.find_connection(conn.id)->stage, login_stage::playing);
}

TEST(LoginAlone, ALoginThatCannotBeSavedIsTakenBackAndThePartsForgetItsArrival) {
  login_alone l;
  l.stored("Ann");
  const auto conn = l.connect();
  l.services.refuse_writes(true);  // (the login's records and where Ann stands cannot be saved)

  const std::string out = l.type(conn, "connect Ann password123");
  EXPECT_FALSE(has(out, "Welcome back, Ann.")) << out;
  // Ann came in and was shown her room, and the commit failed: she is taken from the room, and the parts forget
  // what her arrival left in them (the room she was shown, for brief mode), as they do when one leaves play.
  EXPECT_EQ(l.door.take(), (calls{"branch_read 0", "need_branch 0", "room_exists " + std::to_string(village_square_id),
                                  "place Ann 1", "show_arrival Ann 1", "send_status Ann 1",
                                  "send_item_lists Ann 1", "unplace Ann 1", "forget Ann 1"}));
  EXPECT_EQ(l.people.find_character_by_name("Ann"), nullptr);
  EXPECT_EQ(l.people.find_connection(conn.id)->stage, login_stage::menu);
}

}  // namespace
