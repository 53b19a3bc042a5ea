#include "server/app/session_table.hpp"

#include <utility>

namespace dw::app {

session_table::session_table(game::network_port& game, net::commit_tracker& commits,
                             std::function<void(const std::string& address)> closed)
    : game_(game), commits_(commits), closed_(std::move(closed)) {}

std::shared_ptr<net::session> session_table::open(std::shared_ptr<net::stream> stream, const std::string& address,
                                                  const net::session_limits& limits) {
  auto session = std::make_shared<net::session>(std::move(stream), game_, commits_, limits, nullptr);
  session->count_traffic(&traffic_);
  traffic_.opened[static_cast<std::size_t>(session->traffic_kind())] += 1;
  net::session* raw = session.get();
  session->set_on_closed([this, raw, address] {
    sessions_.erase(raw);
    closed_(address);
  });
  sessions_.emplace(raw, session);
  return session;
}

std::array<std::uint64_t, net::connection_kinds> session_table::open_by_kind() const {
  std::array<std::uint64_t, net::connection_kinds> open{};
  for (const auto& [raw, session] : sessions_) {
    open[static_cast<std::size_t>(session->traffic_kind())] += 1;
  }
  return open;
}

std::vector<std::shared_ptr<net::session>> session_table::all() const {
  std::vector<std::shared_ptr<net::session>> found;
  found.reserve(sessions_.size());
  for (const auto& [raw, session] : sessions_) {
    found.push_back(session);
  }
  return found;
}

// (both walk a copy: a session may leave the table while it closes)
void session_table::close_all() {
  for (const std::shared_ptr<net::session>& session : all()) {
    session->close();
  }
}

void session_table::abort_all() {
  for (const std::shared_ptr<net::session>& session : all()) {
    session->abort();
  }
}

std::vector<std::shared_ptr<net::session>> session_table::unhandable() const {
  std::vector<std::shared_ptr<net::session>> found;
  for (const auto& [raw, session] : sessions_) {
    if (!session->can_hand_over()) {
      found.push_back(session);
    }
  }
  return found;
}

std::pair<std::size_t, std::size_t> session_table::say_goodbye_to_unhandable() {
  std::size_t tls_count = 0;
  std::size_t web_count = 0;
  for (const std::shared_ptr<net::session>& session : unhandable()) {
    const bool web = session->kind() != "TLS";
    (web ? web_count : tls_count) += 1;
    session->write_text(web ? "\nDeepwell is rebooting. A web connection cannot be carried over a reboot: it "
                              "reconnects in a moment. Your character is saved.\n"
                            : "\nDeepwell is rebooting. An encrypted (TLS) connection cannot be carried over a "
                              "reboot: please reconnect in a moment. Your character is saved.\n");
    session->flush(0);
    session->close();
  }
  return {tls_count, web_count};
}

void session_table::abort_unhandable() {
  for (const std::shared_ptr<net::session>& session : unhandable()) {
    session->abort();
  }
}

bool session_table::drained() const {
  for (const auto& [raw, session] : sessions_) {
    if (!session->drained()) {
      return false;
    }
  }
  return true;
}

void session_table::end_compression_for_handover() {
  for (auto& [raw, session] : sessions_) {
    session->end_compression_for_handover();
  }
}

std::vector<handed_connection> session_table::hand_over(
    const std::function<game::saved_connection(std::uint64_t conn_id)>& save) const {
  std::vector<handed_connection> handed;
  handed.reserve(sessions_.size());
  for (const auto& [raw, session] : sessions_) {
    handed_connection c;
    c.fd = session->native_handle();
    c.codec_state = session->codec_state();
    c.saved = save(session->id());
    handed.push_back(std::move(c));
  }
  return handed;
}

void session_table::handover_failed() {
  for (auto& [raw, session] : sessions_) {
    session->handover_failed();
  }
}

}  // namespace dw::app
