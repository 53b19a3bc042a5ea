// The way out of play, the mirror of admission.cpp: a connection that closes takes its character out of
// the game in one order, which every part's state relies on.

#include "server/game/login/login_flow.hpp"
#include "server/game/progression/progression.hpp"
#include "server/log/log.hpp"

namespace dw::game::login_flow {

void leave_play(login_context& w, connection& conn) {
  if (conn.stage != login_stage::playing) {
    return;
  }
  character* ch = w.people.find_character(conn.account_id);
  if (ch == nullptr || ch->connection != conn.id) {
    return;  // taken over: the character plays on from its new connection
  }
  // Everything the character did was saved by its own events; this saves where it rests. If that cannot
  // be saved, the last saved place stands: nothing is taken back, the character has gone.
  w.events.run_event(0, [&] {
    log::info("{} left the game (connection {})", ch->name, conn.id);
    w.door.last_round(*ch);  // a dropped connection does not escape a fight either
    if (w.company != nullptr) {
      w.company->leave_play(ch->account_id);
    }
    w.door.leave_play(*ch);  // (the room sees it fade, it leaves the room, is saved, and is taken from it)
  });
  if (w.progress != nullptr) {
    w.progress->leave(conn.account_id);
  }
  if (w.board != nullptr) {
    w.board->leave(conn.account_id);
  }
  w.people.remove_character(conn.account_id);
}

}  // namespace dw::game::login_flow
