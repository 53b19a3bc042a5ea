#include "server/game/roster/roster.hpp"

#include <algorithm>

#include "server/text/ascii.hpp"

namespace dw::game {

connection& roster::add_connection(session_port& port, std::int64_t connected_at) {
  auto conn = std::make_unique<connection>();
  conn->id = next_connection_id_++;
  conn->port = &port;
  conn->connected_at = connected_at;
  conn->last_input = connected_at;
  connection& c = *conn;
  connections_.emplace(c.id, std::move(conn));
  return c;
}

void roster::remove_connection(std::uint64_t id) { connections_.erase(id); }

connection* roster::find_connection(std::uint64_t id) {
  auto it = connections_.find(id);
  return it == connections_.end() ? nullptr : it->second.get();
}

const connection* roster::find_connection(std::uint64_t id) const {
  auto it = connections_.find(id);
  return it == connections_.end() ? nullptr : it->second.get();
}

character& roster::add_character(character ch) {
  const std::int64_t account = ch.account_id;
  return characters_.insert_or_assign(account, std::move(ch)).first->second;
}

void roster::remove_character(std::int64_t account_id) { characters_.erase(account_id); }

character* roster::find_character(std::int64_t account_id) {
  auto it = characters_.find(account_id);
  return it == characters_.end() ? nullptr : &it->second;
}

const character* roster::find_character(std::int64_t account_id) const {
  auto it = characters_.find(account_id);
  return it == characters_.end() ? nullptr : &it->second;
}

character* roster::find_character_by_name(std::string_view name) {
  for (auto& [id, ch] : characters_) {
    if (text::iequals(ch.name, name)) {
      return &ch;
    }
  }
  return nullptr;
}

std::vector<const character*> roster::online() const {
  std::vector<const character*> out;
  out.reserve(characters_.size());
  for (const auto& [id, ch] : characters_) {
    out.push_back(&ch);
  }
  std::sort(out.begin(), out.end(), [](const character* a, const character* b) { return a->name < b->name; });
  return out;
}

void roster::occupy(const character& ch) { occupants_[ch.where.room_id].push_back(ch.account_id); }

void roster::vacate(const character& ch) {
  auto it = occupants_.find(ch.where.room_id);
  if (it == occupants_.end()) {
    return;
  }
  std::erase(it->second, ch.account_id);
  if (it->second.empty()) {
    occupants_.erase(it);
  }
}

const std::vector<std::int64_t>& roster::occupants(std::int64_t room_id) const {
  static const std::vector<std::int64_t> nobody;
  auto it = occupants_.find(room_id);
  return it == occupants_.end() ? nobody : it->second;
}

std::vector<const character*> roster::characters_in(std::int64_t room_id) const {
  std::vector<const character*> out;
  for (std::int64_t account : occupants(room_id)) {
    if (const character* c = find_character(account)) {
      out.push_back(c);
    }
  }
  return out;
}

std::string who_text(const roster& people, const std::function<int(std::int64_t account)>& level_of) {
  const auto players = people.online();
  if (players.empty()) {
    return "Nobody is playing right now.\n";
  }
  std::string out = "Playing now:\n";
  for (const character* ch : players) {
    out += "  ";
    if (level_of) {
      const std::string level = std::to_string(level_of(ch->account_id));
      out += '[';
      out.append(level.size() < 2 ? 2 - level.size() : 0, ' ');
      out += level;
      out += "] ";
    }
    out += ch->name;
    if (ch->account_role != role::player) {
      out += " (" + std::string(role_name(ch->account_role)) + ")";
    }
    out += "\n";
  }
  out += std::to_string(players.size()) + (players.size() == 1 ? " player.\n" : " players.\n");
  return out;
}

}  // namespace dw::game
