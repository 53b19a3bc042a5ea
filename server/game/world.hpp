#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

#include "server/config/settings.hpp"
#include "server/game/content_source.hpp"
#include "server/game/deeds.hpp"
#include "server/game/live_settings.hpp"
#include "server/game/login/listing.hpp"
#include "server/game/login/saved_connection.hpp"
#include "server/game/network_port.hpp"
#include "server/game/roster/session_port.hpp"
#include "server/game/services.hpp"
#include "server/game/storage/reads.hpp"

namespace dw::game {

class administration;
class backups;
class bounties;
class dispatcher;
class encounters;
class event_loop;
class groups;
class last_tellers;
class login;
class output;
class places;
class progression;
class roster;

/// What the world is built from besides settings and services.
struct world_parts {
  std::shared_ptr<const content::content_tables> content;
  storage::world_snapshot startup;   ///< what storage held at start-up (branches, bans, settings, ...)
  std::size_t password_workers = 2;  ///< worker threads available for password checks
};

/// The game's composition root: it builds the parts (roster, output, events, progression, bounties, places,
/// groups, encounters, administration, login, commands), wires them together through narrow interfaces, and
/// routes what the network layer reports to them (it is the network layer's `network_port`). It holds no
/// game rules. Everything runs on the world thread.
class world final : public network_port {
 public:
  world(config::settings settings, services& svc, world_parts parts);
  ~world() override;
  world(const world&) = delete;
  world& operator=(const world&) = delete;

  // ---- network_port: events from the network layer (each ends by flushing every connection that got output)
  std::uint64_t on_connect(session_port& port) override;
  void on_line(std::uint64_t conn_id, std::string_view line) override;
  void on_line_too_long(std::uint64_t conn_id, std::size_t bytes) override;
  void on_gmcp(std::uint64_t conn_id, std::string_view package, std::string_view json) override;
  void on_disconnect(std::uint64_t conn_id) override;
  /// Once a second: idle warnings, branch collapse, rest, the shutdown countdown.
  void tick();
  /// Tells everyone `message`, saves every character in play (the caller then flushes the store).
  void shutdown(std::string_view message);
  /// Saves every character in play.
  void save_all();
  /// A hot reboot could not happen: the game goes on, and whoever asked is told why.
  void reboot_failed(std::uint64_t requested_by, std::string_view why);
  /// What a connection carries across a hot reboot, and taking one over from the previous image.
  saved_connection save_connection(std::uint64_t conn_id) const;
  std::uint64_t on_restore(session_port& port, const saved_connection& saved) override;
  /// Ends the current event (what it changed is handed over; output leaves once that has committed).
  void flush_output() override;
  /// What this server tells MUD crawlers, set once at start-up (server/app), and what it gives now.
  void set_listing(std::shared_ptr<const listing_source> listing);
  std::vector<listing_entry> listing() const override;
  /// Connections from `address` at the login screen (login::at_login_screen): the web port bounds them too.
  std::int64_t at_login_screen(std::string_view address) const;

  // ---- the parts, for the server around the game and for tests
  const config::settings& settings() const { return settings_.get(); }
  roster& people() { return *people_; }
  places& where() { return *places_; }
  encounters& play() { return *encounters_; }
  const content::content_tables& content() const { return content_.get(); }
  const login& logins() const { return *login_; }
  progression& progress() { return *progression_; }
  bounties& board() { return *bounties_; }
  groups& company() { return *groups_; }
  /// The command tables and how long their commands took (the metrics).
  const dispatcher& commands() const;

 private:
  live_settings settings_;
  content_source content_;
  services& services_;
  std::unique_ptr<roster> people_;
  std::unique_ptr<output> out_;
  std::unique_ptr<event_loop> events_;
  deed_relay deeds_;  ///< fights, places, puzzles and the merchant tell it; progression and bounties listen
  std::unique_ptr<progression> progression_;
  std::unique_ptr<bounties> bounties_;
  std::unique_ptr<places> places_;
  std::unique_ptr<groups> groups_;  ///< who follows whom, and who travels together; hears every step
  std::unique_ptr<encounters> encounters_;
  std::unique_ptr<administration> admin_;
  std::unique_ptr<backups> backups_;  ///< the backup schedule and @backup's news
  std::unique_ptr<last_tellers> tellers_;  ///< whom each `reply` answers (the talk set's); forgotten on leaving play
  /// Login's way into play and out of it (play_door), forwarded to places, encounters and talk.
  class login_door;
  std::unique_ptr<login_door> login_door_;
  std::unique_ptr<login> login_;
  std::unique_ptr<dispatcher> commands_;
  /// %d and %x from places, %l and %e from progression.
  class prompt_sources;
  std::unique_ptr<prompt_sources> prompt_sources_;
};

}  // namespace dw::game
