#include "server/game/world.hpp"


#include "server/game/administration/administration.hpp"
#include "server/game/administration/backups.hpp"
#include "server/game/bounties/bounties.hpp"
#include "server/game/commands/backup_set.hpp"
#include "server/game/commands/basic_set.hpp"
#include "server/game/commands/bounty_board_set.hpp"
#include "server/game/commands/economy_set.hpp"
#include "server/game/commands/fights_set.hpp"
#include "server/game/commands/grouping_set.hpp"
#include "server/game/commands/help_set.hpp"
#include "server/game/commands/items_set.hpp"
#include "server/game/commands/moderation_set.hpp"
#include "server/game/commands/movement_set.hpp"
#include "server/game/commands/preferences_set.hpp"
#include "server/game/commands/puzzles_set.hpp"
#include "server/game/commands/talk_set.hpp"
#include "server/game/commands/world_admin_set.hpp"
#include "server/game/commands/dispatcher.hpp"
#include "server/game/encounters/encounters.hpp"
#include "server/game/events/event_loop.hpp"
#include "server/game/groups/groups.hpp"
#include "server/game/login/login.hpp"
#include "server/game/output/gmcp.hpp"
#include "server/game/output/gmcp_parse.hpp"
#include "server/game/output/output.hpp"
#include "server/game/places/places.hpp"
#include "server/game/progression/progression.hpp"
#include "server/game/roster/roster.hpp"
#include "server/log/log.hpp"

namespace dw::game {

class world::prompt_sources final : public prompt_facts {
 public:
  prompt_sources(places& where, const progression& levels) : where_(where), levels_(levels) {}
  int depth(const character& ch) override { return where_.depth(ch); }
  void exits(const character& ch, std::string& out) override { where_.exits(ch, out); }
  int level(const character& ch) override { return levels_.standing_of(ch.account_id).level; }
  std::int64_t experience(const character& ch) override { return levels_.standing_of(ch.account_id).xp; }

 private:
  places& where_;
  const progression& levels_;
};

/// Login's play_door: it forwards to places and encounters (and talk, on leaving play), in the order login
/// takes a character into play and out of it; the rules stay in login.
class world::login_door final : public play_door {
 public:
  login_door(places& where, encounters& play, last_tellers& tellers) : where_(where), play_(play), tellers_(tellers) {}

  void branch_read(const storage::branch_snapshot& snapshot) override { where_.branch_loaded(snapshot); }
  std::optional<load_request> need_branch(std::int64_t branch_id) override { return where_.needs_load(branch_id); }
  bool room_exists(const location& where) override { return where_.at(where).has_value(); }
  void place(const character& ch) override { where_.directory.enter(ch); }
  void unplace(const character& ch) override { where_.directory.leave(ch, false); }
  void save_place(const character& ch) override { where_.save_character(ch); }
  void show_arrival(const character& ch, bool restored) override {
    where_.view.send_room_map(ch);  // (before the room: what is known of the branch, then where they stand)
    if (restored) {
      where_.view.send_room_info(ch);  // the room is where they left it: no new description, nobody "appears"
      return;
    }
    // (in a crowded room with the other comings and goings: 3,000 logins in the square would otherwise be
    // 3,000 lines, each with its prompt, to each of 3,000 people)
    where_.crowds.tell_passing(ch.where.room_id, passing{ch.name + " appears.\n", ch.name, "appear"}, ch.account_id,
                               true);
    where_.view.show_room(ch);
  }
  void send_status(const character& ch) override { where_.send_status(ch); }
  void send_item_lists(const character& ch, bool restored) override {
    play_.news.send_list(ch, "inv");
    if (restored) {
      play_.news.send_list(ch, "room");  // (show_room sends it otherwise)
    }
  }
  void resume_fight(character& ch, connection& conn) override { play_.fights.resume(ch, conn); }
  void last_round(character& ch) override { play_.fights.last_round(ch); }
  void leave_play(const character& ch) override {
    where_.crowds.tell_passing(ch.where.room_id, passing{ch.name + " fades away.\n", ch.name, "fade away"},
                               ch.account_id, false);
    play_.leave_room(ch);
    where_.save_character(ch);
    where_.directory.leave(ch);
    forget(ch);
  }
  void forget(const character& ch) override {
    where_.left_play(ch);
    play_.fights.left_play(ch);
    tellers_.left_play(ch.account_id);
  }

 private:
  places& where_;
  encounters& play_;
  last_tellers& tellers_;
};

world::world(config::settings settings, services& svc, world_parts parts)
    : settings_(std::move(settings)),
      content_(std::move(parts.content)),
      services_(svc),
      people_(std::make_unique<roster>()),
      out_(std::make_unique<output>(*people_, settings_)),
      events_(std::make_unique<event_loop>(settings_, *people_, *out_, svc)),
      progression_(std::make_unique<progression>(content_, *people_, *out_, *events_, svc)),
      bounties_(std::make_unique<bounties>(settings_, content_, *people_, *out_, *events_, svc, *progression_)),
      places_(std::make_unique<places>(settings_, content_, *people_, *out_, *events_, *events_, svc, parts.startup)),
      groups_(std::make_unique<groups>(settings_, *people_, *out_, *places_)),
      encounters_(std::make_unique<encounters>(settings_, content_, *people_, *out_, *events_, *events_, svc,
                                               *places_, parts.startup)),
      admin_(std::make_unique<administration>(svc, *events_, *out_, parts.startup)),
      backups_(std::make_unique<backups>(svc, *out_, *events_, settings_, svc.now())),
      tellers_(std::make_unique<last_tellers>()),
      login_door_(std::make_unique<login_door>(*places_, *encounters_, *tellers_)),
      login_(std::make_unique<login>(settings_, *people_, *out_, *events_, *events_, svc, *admin_, *login_door_,
                                     parts.password_workers)),
      commands_(std::make_unique<dispatcher>(*people_, *out_, *admin_)) {
  places_->set_hooks(*encounters_);
  deeds_.listen(*progression_);
  deeds_.listen(*bounties_);
  places_->set_progress(deeds_, *progression_);
  encounters_->set_progress(deeds_, *progression_);
  login_->set_progress(*progression_);
  login_->set_bounties(*bounties_);
  login_->set_groups(*groups_);
  places_->set_step_watch(*groups_);
  out_->set_vitals_watch(*groups_);
  encounters_->fight_rounds.set_groups(*groups_);
  prompt_sources_ = std::make_unique<prompt_sources>(*places_, *progression_);
  out_->set_prompt_facts(*prompt_sources_);
  events_->connect(
      [this](connection& conn, std::string_view line) {
        if (conn.stage == login_stage::playing) {
          if (!out_->answer_pager(conn, line)) {  // (Enter and q while paging are the pager's)
            commands_->run(conn, line);
          }
        } else {
          login_->handle_line(conn, line);
        }
      },
      *places_);
  settings_.on_change([](const config::settings& changed) -> std::optional<std::string> {
    log::set_level(changed.log.level);
    return std::nullopt;
  });
  // Each set is a family of its own in the metrics (commands by family: a short fixed list of names).
  command_registry& r = commands_->commands();
  r.begin_family("basic");
  register_basic_commands(r, {*people_, encounters_->fights, &encounters_->puzzles, progression_.get()});
  r.begin_family("help");
  register_help_command(r, {r, content_});
  r.begin_family("movement");
  register_movement_commands(r, {places_->moves, places_->maps, places_->insides, places_->directory, svc});
  r.begin_family("items");
  register_item_commands(r, {places_->directory, places_->view, places_->insides, *people_, encounters_->contents,
                             encounters_->fights, *events_, encounters_->news, &encounters_->puzzles});
  r.begin_family("economy");
  register_economy_commands(r, {*places_, places_->maps, places_->moves.fame(), *people_, encounters_->contents,
                                encounters_->locks, encounters_->fights, *events_, encounters_->news, deeds_,
                                *progression_, bounties_.get()});
  r.begin_family("bounties");
  register_bounty_commands(r, {*bounties_, places_->view});
  r.begin_family("fights");
  register_fight_commands(r, {encounters_->fights});
  r.begin_family("puzzles");
  register_puzzle_commands(r, {encounters_->puzzles});
  r.begin_family("talk");
  register_talk_commands(r, {*people_, *events_, svc, *tellers_});
  r.begin_family("groups");
  register_group_commands(r, {*people_, groups_->followers, groups_->members, groups_->news});
  r.begin_family("settings");
  register_preference_commands(r, {*people_, *events_, *places_});
  r.begin_family("moderation");
  register_moderation_commands(r, {*people_, *out_, *admin_, places_->directory, *events_, svc});
  r.begin_family("admin");
  register_backup_commands(r, {*backups_, svc, *events_, *out_, settings_});
  register_world_admin_commands(
      r, {*people_, *out_, places_->directory, places_->moves, places_->view, places_->maps, places_->collapses,
          encounters_->contents, encounters_->locks, encounters_->fights, encounters_->wanderers, *events_,
          *events_, svc, settings_, content_});
}

world::~world() = default;

std::uint64_t world::on_connect(session_port& port) {
  connection& conn = people_->add_connection(port, services_.now());
  const std::uint64_t id = conn.id;
  events_->run_event(id, [&] { login_->welcome(conn); });
  return id;
}

void world::on_line(std::uint64_t conn_id, std::string_view line) {
  if (connection* conn = people_->find_connection(conn_id)) {
    events_->line(*conn, line);
  }
}

void world::on_line_too_long(std::uint64_t conn_id, std::size_t bytes) {
  if (connection* conn = people_->find_connection(conn_id)) {
    events_->line_too_long(*conn, bytes);
  }
}

void world::on_gmcp(std::uint64_t conn_id, std::string_view package, std::string_view json) {
  if (connection* conn = people_->find_connection(conn_id)) {
    if (conn->closing) {
      return;
    }
    // A GMCP message is a command like a line typed: the same rate holds (issue 25: 20,000
    // Char.Items.Inv in one burst were all answered).
    if (events_->over_command_rate(*conn)) {
      events_->flush();
      return;
    }
    // GMCP traffic gets no prompt: it is not something the person typed.
    events_->run_event(conn_id, [&] { handle_gmcp(*out_, encounters_->news, *conn, package, json); });
  }
}

void world::on_disconnect(std::uint64_t conn_id) {
  connection* conn = people_->find_connection(conn_id);
  if (conn == nullptr) {
    return;
  }
  events_->run_event(0, [&] { login_->connection_gone(*conn); });
  login_->leave_play(*conn);
  log::info("connection {} from {} closed", conn_id, conn->port->address());
  events_->connection_gone(conn_id);
  people_->remove_connection(conn_id);
  events_->flush();
}

void world::tick() {
  encounters_->wanderers.start();  // renews the wanderers' step timers (game.wander_step_ms)
  // Each duty is an event of its own, so one that cannot be saved takes nothing else down with it.
  events_->run_event(0, [this] { events_->idle_tick(); });
  events_->run_event(0, [this] { places_->collapses.collapse_idle(); });
  events_->run_event(0, [this] { encounters_->rest.tick(); });
  events_->run_event(0, [this] { admin_->tick(); });
  backups_->tick(services_.now());  // (only asks the backup thread: nothing to save, no output)
}

void world::save_all() {
  people_->for_each_character([this](const character& ch) { places_->save_character(ch); });
}

void world::shutdown(std::string_view message) {
  if (const std::size_t dropped = login_->drop_waiting_checks(); dropped > 0) {
    log::info("shutdown: {} password checks still waiting were dropped", dropped);
  }
  out_->send_all(message);
  events_->flush();  // the farewell does not wait for the saves below: each event already saved its own
  save_all();
  events_->flush();
}

void world::reboot_failed(std::uint64_t requested_by, std::string_view why) {
  log::error("hot reboot failed: {}", why);
  out_->send_all("[Announcement] The reboot did not happen; the game goes on.\n");
  out_->send(requested_by, "Reboot failed: " + std::string(why) + "\n");
  events_->flush();
}

saved_connection world::save_connection(std::uint64_t conn_id) const {
  saved_connection saved;
  const connection* c = people_->find_connection(conn_id);
  if (c == nullptr) {
    return saved;
  }
  saved.account_id = c->stage == login_stage::playing ? c->account_id : 0;
  if (const character* ch = people_->find_character(saved.account_id)) {
    saved.fighting = encounters_->in_combat(*ch);
  }
  saved.connected_at = c->connected_at;
  saved.last_input = c->last_input;
  saved.gmcp_supports = out_->gmcp_supports_of(*c);
  return saved;
}

std::uint64_t world::on_restore(session_port& port, const saved_connection& saved) {
  connection& conn = people_->add_connection(port, saved.connected_at);
  conn.last_input = saved.last_input;
  if (!saved.gmcp_supports.empty()) {
    std::vector<std::string>& supports = out_->gmcp_supports(conn);
    supports = saved.gmcp_supports;
    if (supports.size() > max_gmcp_supports) {
      supports.resize(max_gmcp_supports);
    }
  }
  login_->restore(conn, saved);
  return conn.id;
}

void world::flush_output() { events_->flush(); }

const dispatcher& world::commands() const { return *commands_; }

void world::set_listing(std::shared_ptr<const listing_source> listing) { login_->set_listing(std::move(listing)); }

std::vector<listing_entry> world::listing() const { return login_->listing(); }

std::int64_t world::at_login_screen(std::string_view address) const { return login_->at_login_screen(address); }

}  // namespace dw::game
