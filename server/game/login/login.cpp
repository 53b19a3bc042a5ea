// The login part's face to the rest of the game: a new connection welcomed or refused, the lines typed before
// play handed to the conversation (login_flow.cpp), a connection's way into play after a hot reboot
// (admission.cpp) and out of it when it closes (departure.cpp).

#include "server/game/login/login.hpp"

#include "server/game/login/login_flow.hpp"
#include "server/log/log.hpp"

namespace dw::game {

login_context::login_context(live_settings& s, roster& people_in, output& out_in, event_runner& events_in,
                             change_sink& changes_in, services& svc_in, administration& admin_in, play_door& door_in,
                             std::size_t password_workers)
    : settings(s),
      people(people_in),
      out(out_in),
      events(events_in),
      changes(changes_in),
      svc(svc_in),
      admin(admin_in),
      door(door_in),
      throttle(s.get().accounts.failed_login_base_delay_ms, s.get().accounts.failed_login_max_delay_ms),
      passwords(password_workers, static_cast<std::size_t>(s.get().accounts.max_pending_logins_per_address),
                static_cast<std::size_t>(s.get().accounts.max_pending_logins)) {
  login_flow::register_menu(menu);
  s.on_change([this](const config::settings& changed) -> std::optional<std::string> {
    throttle.set_limits(changed.accounts.failed_login_base_delay_ms, changed.accounts.failed_login_max_delay_ms);
    passwords.set_limits(static_cast<std::size_t>(changed.accounts.max_pending_logins_per_address),
                         static_cast<std::size_t>(changed.accounts.max_pending_logins));
    return std::nullopt;
  });
}

login::login(live_settings& settings, roster& people, output& out, event_runner& events, change_sink& changes,
             services& svc, administration& admin, play_door& door, std::size_t password_workers)
    : ctx_(settings, people, out, events, changes, svc, admin, door, password_workers) {}

std::vector<listing_entry> login::listing() const {
  return ctx_.listing ? ctx_.listing->entries(ctx_.people.online().size()) : std::vector<listing_entry>{};
}

void login::welcome(connection& conn) {
  login_context& w = ctx_;
  const std::string_view address = conn.port->address();
  if (auto refusal = w.admin.address_refusal(address)) {
    log::warn("refused banned address {} (connection {})", address, conn.id);
    w.out.disconnect(conn, *refusal + "\n");
    return;
  }
  // Connections at the login screen are bounded per address, so one address cannot hold the slots (or
  // the login screen) of everyone else; players already in the game do not count.
  const std::int64_t waiting = at_login_screen(address);  // (this one included)
  if (waiting > w.settings.get().server.max_unauthenticated_per_address) {
    log::warn("refused connection {} from {}: {} connections from that address are at the login screen", conn.id,
                 address, waiting - 1);
    w.out.disconnect(conn, "Too many connections from your address are at the login screen. Log in on one of them, "
                           "or close some, and try again.\n");
    return;
  }
  greet(conn);
}

std::int64_t login::at_login_screen(std::string_view address) const {
  std::int64_t waiting = 0;
  for (const auto& [id, other] : ctx_.people.connections()) {
    waiting += other->stage != login_stage::playing && !other->closing && other->port->address() == address;
  }
  return waiting;
}

void login::greet(connection& conn) { login_flow::greet(ctx_, conn); }

void login::handle_line(connection& conn, std::string_view line) { login_flow::handle_line(ctx_, conn, line); }

void login::connection_gone(connection& conn) { login_flow::connection_gone(ctx_, conn); }

void login::restore(connection& conn, const saved_connection& saved) { login_flow::restore(ctx_, conn, saved); }

void login::leave_play(connection& conn) { login_flow::leave_play(ctx_, conn); }

}  // namespace dw::game
