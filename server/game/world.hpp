#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "content/content_tables.hpp"
#include "content/room_description.hpp"
#include "dungeon/dungeon.hpp"
#include "server/config/settings.hpp"
#include "server/game/administration.hpp"
#include "server/game/character.hpp"
#include "server/game/command_registry.hpp"
#include "server/game/connection.hpp"
#include "server/game/content_play.hpp"
#include "server/game/storage/event_batch.hpp"
#include "server/game/login_flow.hpp"
#include "server/game/login_throttle.hpp"
#include "server/game/password_queue.hpp"
#include "server/game/services.hpp"
#include "server/game/static_rooms.hpp"
#include "server/game/storage/storage_health.hpp"

namespace dw::game {

struct command_context {
  class world& world;
  connection& conn;
  character& actor;
  std::string_view verb;
  std::string_view args;
};

/// The game: connections, characters in play, rooms and commands. Everything here runs on the world
/// thread, so nothing is locked. The network layer reports events; the world answers through
/// session_port and asks `services` for blocking work and persistence.
/// What the world is built from besides settings and services.
struct world_parts {
  std::shared_ptr<const content::content_tables> content;
  storage::world_snapshot startup;  ///< what storage held at start-up (branches, bans, settings, ...)
  std::size_t password_workers = 2;  ///< worker threads available for password checks
};

class world {
 public:
  world(config::settings settings, services& services, world_parts parts);
  world(const world&) = delete;
  world& operator=(const world&) = delete;

  // ---- events from the network layer (each ends by flushing every connection that got output)
  std::uint64_t on_connect(session_port& port);
  void on_line(std::uint64_t conn_id, std::string_view line);
  void on_line_too_long(std::uint64_t conn_id, std::size_t bytes);
  void on_gmcp(std::uint64_t conn_id, std::string_view package, std::string_view json);
  void on_disconnect(std::uint64_t conn_id);
  /// Once a second: idle warnings and disconnects.
  void tick();
  /// Tells everyone `message`, saves every character in play (the caller then flushes the store).
  void shutdown(std::string_view message);
  /// Saves every character in play.
  void save_all();
  /// A hot reboot could not happen: the game goes on, and whoever asked is told why.
  void reboot_failed(std::uint64_t requested_by, std::string_view why);

  /// What a connection carries across a hot reboot.
  struct saved_connection {
    std::int64_t account_id = 0;  ///< 0: it was not playing
    std::int64_t connected_at = 0;
    std::int64_t last_input = 0;
    bool fighting = false;  ///< its character was in a fight, which goes on after the reboot
  };
  saved_connection save_connection(std::uint64_t conn_id) const;
  /// Takes a connection over from the previous image of the server, putting its character back into play.
  std::uint64_t on_restore(session_port& port, const saved_connection& saved);

  /// Ends an event: its changes are handed to the writer as one batch, and every connection that got
  /// output gets its prompt and one write, held back until that batch has committed. Then lines typed
  /// ahead by connections that are no longer busy run, each as an event of its own.
  /// Entry points call it themselves; deferred work (completions, timers) uses run_event or event_scope.
  void flush_output();

  /// Runs deferred work (a completion, a timer) as one event on behalf of connection `actor` (0: nobody):
  /// if it throws, everything it did is taken back and the actor is told; then the event ends.
  void run_event(std::uint64_t actor, const std::function<void()>& work);

  // ---- persistence: every change an event makes joins that event's batch
  /// Adds a change to the current event's batch (applied on the writer thread).
  void persist(storage::change change) { batch_.add(std::move(change)); }
  /// Adds how to put memory back if the current event's batch cannot be saved.
  void on_rollback(event_batch::undo_step undo) { batch_.on_rollback(std::move(undo)); }
  /// Saves `change` on its own, outside the current event's batch, then runs `done` as an event of its own
  /// on behalf of `actor` (whose later lines wait meanwhile). For replies that depend on what the database
  /// answers, such as a new account's id or whether a name was free.
  void commit_now(storage::change change, std::uint64_t actor, std::function<void(const commit_result&)> done);
  /// A read on a worker failed: noted as a storage fault (logged once, administrators told).
  void storage_failed(const read_result& result);
  /// True while saving is failing (so callers can say so up front).
  const storage_health& storage() const { return storage_; }

  // ---- used by commands and the login conversation
  /// Marks a connection as owed a prompt and a flush at the end of this event.
  void touch(connection& conn);
  void send(connection& conn, std::string_view text);
  void send(std::uint64_t conn_id, std::string_view text);
  /// Sends to everyone in the room but `except` (an account id, 0 for nobody).
  void send_room(std::int64_t room_id, std::string_view text, std::int64_t except_account = 0);
  void send_all(std::string_view text);
  void send_gmcp(connection& conn, std::string_view package, std::string_view json);
  /// Sends the room description to `ch` (and GMCP Room.Info).
  void show_room(character& ch);
  void send_room_info(character& ch);
  /// Moves a character to `to`, telling both rooms, saving the new location, showing the room.
  void move_character(character& ch, const store::location& to, std::string_view leave_text,
                      std::string_view arrive_text);
  /// Disconnects with a farewell line.
  void disconnect(connection& conn, std::string_view farewell);
  /// Persists a character's saved state (location, hit points). The caller registers the undo of
  /// whatever it changed.
  void save_character(const character& ch);
  /// Puts a character loaded by the login conversation into play on `conn`.
  void enter_play(connection& conn, character ch, login_flow::entry_kind kind, std::string pending_message);

  // ---- the dungeon
  dungeon::dungeon& dungeon() { return *dungeon_; }
  /// Persists what a dungeon operation changed.
  void persist_changes(const dungeon::change_set& changes);
  /// Whether a newly spawned room starts clear (the content layer's decision).
  bool decide_clear(const dungeon::room& r);
  /// Called once a new room exists (content populates it).
  void room_created(const dungeon::room& r, bool fresh);
  /// The room's name and description (content tables, by depth).
  content::room_description describe(const dungeon::room& r) const;
  /// Extra lines of a room's description from the content layer (monsters, items).
  std::string room_extras(const dungeon::room& r, const character& viewer);
  /// True while `ch` is fighting.
  bool in_combat(const character& ch) const;
  /// A branch collapsed (nobody online was inside).
  void branch_collapsed(dungeon::branch_id b);
  /// Tests may override the content layer's decision (e.g. every room holds a challenge).
  void set_clear_decider(std::function<bool(const dungeon::room&)> decide) { clear_decider_ = std::move(decide); }
  const content::content_tables& content() const { return *content_; }
  /// Swaps in reloaded tables (already validated).
  void set_content(std::shared_ptr<const content::content_tables> tables) { content_ = std::move(tables); }
  content_play& play() { return *play_; }
  administration& admin() { return *admin_; }
  /// Throws storage::load_needed unless every room of branch `b` is in memory (an unknown branch is fine:
  /// there is nothing to load). Play calls it before it touches a branch's rooms.
  void require_branch(std::int64_t b);
  /// Puts a branch read from storage into memory (what is already resident is kept, being newer).
  void apply_branch(const storage::branch_snapshot& snapshot);
  /// True (once) when a lookup of this room id found it in no branch: the caller says so.
  bool room_known_missing(std::int64_t room_id);
  /// Applies changed live settings (administration). Returns why not, changing nothing, if unusable.
  std::optional<std::string> apply_settings(const config::settings& changed);

  connection* find_connection(std::uint64_t conn_id);
  character* find_character(std::int64_t account_id);
  character* find_character_by_name(std::string_view name);
  std::vector<const character*> characters_in(std::int64_t room_id) const;
  /// Names of the characters in play, sorted.
  std::vector<const character*> online() const;
  const std::unordered_map<std::uint64_t, std::unique_ptr<connection>>& connections() const { return connections_; }

  const command_registry& commands() const { return commands_; }
  command_registry& commands() { return commands_; }
  const config::settings& settings() const { return settings_; }
  services& svc() { return services_; }
  login_throttle& throttle() { return throttle_; }
  password_queue& passwords() { return passwords_; }
  creation_limit& creations() { return creations_; }
  const static_rooms& rooms() const { return rooms_; }

 private:
  void dispatch(connection& conn, std::string_view line);
  bool rate_limited(connection& conn);
  void send_prompt(connection& conn);
  /// Puts a character into its room's occupants (and its branch's count). `record` persists the
  /// branch's occupancy; undo steps pass false.
  void place(character& ch, bool record = true);
  void unplace(const character& ch, bool record = true);
  /// Undoes everything the current event did so far: its changes are never saved, memory goes back, and
  /// its unflushed output is dropped.
  void take_back_event();
  /// Takes back the current event and runs its line again once what it needed has been loaded.
  void defer_until_loaded(const storage::load_needed& need);
  /// Runs `work`; if it throws, aborts the current event (without ending it).
  void guarded(const std::function<void()>& work);
  /// Idle warnings and disconnects (part of tick).
  void idle_tick();
  /// Logging in, its last command being saved, or a branch being read for it.
  static bool busy(const connection& conn);
  /// Queues a line that arrived while its connection was busy.
  void type_ahead(connection& conn, std::string_view line);
  /// Runs one typed-ahead line of a connection that is no longer busy; false when there is none.
  bool run_one_typed_ahead();
  /// Hands the event's batch to the writer and flushes every touched connection with its ticket.
  void finish_event();
  /// The batch `result.ticket` of an event has been resolved.
  void batch_resolved(const commit_result& result, std::vector<event_batch::undo_step>& undo,
                      const std::vector<std::uint64_t>& touched, std::uint64_t actor);
  /// Something in the current event threw: take it all back and tell the actor.
  void abort_event(std::string_view what, int store_code);
  /// Records a storage failure or success; logs and tells administrators when a fault starts or ends.
  void note_storage(const commit_result& result);
  void tell_admins(std::string_view text);

  config::settings settings_;
  services& services_;
  std::shared_ptr<const content::content_tables> content_;
  std::unique_ptr<dungeon::dungeon> dungeon_;
  std::unique_ptr<content_play> play_;
  std::unique_ptr<administration> admin_;
  /// The dungeon's loader: rooms are never read on the world thread, so a miss on a branch that is not
  /// fully in memory asks for it to be loaded (see storage::load_needed).
  class resident_only_loader final : public dungeon::room_loader {
   public:
    std::optional<dungeon::room> load(dungeon::branch_id b, dungeon::coord) override {
      throw storage::load_needed(static_cast<std::int64_t>(b));
    }
  };
  resident_only_loader room_loader_;
  std::string audit_capture_;                 ///< what an admin command told its actor, for the audit trail
  std::uint64_t audit_connection_ = 0;        ///< whose output is being captured (0: nobody)
  const character* current_actor_ = nullptr;  ///< whose command is running (the mover for new rooms)
  std::function<bool(const dungeon::room&)> clear_decider_;
  command_registry commands_;
  static_rooms rooms_;
  login_throttle throttle_;
  password_queue passwords_;
  creation_limit creations_;
  std::uint64_t next_connection_id_ = 1;
  std::unordered_map<std::uint64_t, std::unique_ptr<connection>> connections_;
  std::unordered_map<std::int64_t, character> characters_;                 // by account id, in play only
  std::unordered_map<std::int64_t, std::vector<std::int64_t>> occupants_;  // room id -> account ids
  std::vector<std::uint64_t> touched_;
  std::string wrap_buffer_;  ///< reused by send()
  bool flushing_ = false;
  event_batch batch_;                    ///< the current event's changes
  std::uint64_t event_actor_ = 0;        ///< the connection whose line or completion this event serves
  const std::string* event_line_ = nullptr;  ///< the line this event runs (to run it again after a load)
  struct pending_load {
    std::vector<std::uint64_t> waiting;  ///< connections whose line runs again once it is in
    bool started = false;
  };
  std::unordered_set<std::int64_t> missing_rooms_;  ///< room ids a lookup found in no branch
  std::unordered_map<std::int64_t, pending_load> loading_;  ///< branches being read, by id
  std::vector<std::uint64_t> typed_ahead_conns_;  ///< connections with lines waiting
  storage_health storage_;
};

using world_saved_connection = world::saved_connection;

/// Ends an event when deferred work that cannot throw (a completion or a timer) finishes. Work that may
/// throw uses world::run_event instead.
class event_scope {
 public:
  explicit event_scope(world& w) : world_(w) {}
  ~event_scope() { world_.flush_output(); }
  event_scope(const event_scope&) = delete;
  event_scope& operator=(const event_scope&) = delete;

 private:
  world& world_;
};

}  // namespace dw::game
