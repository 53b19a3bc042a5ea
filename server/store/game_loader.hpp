#pragma once

#include "server/game/storage/reads.hpp"
#include "server/store/records.hpp"

namespace dw::store {

class database;

/// The store's half of the game's read port: answers the game's reads from one connection. Used on a
/// worker thread (or once at start-up); one read snapshot per call.
class game_loader final : public game::storage::loader {
 public:
  explicit game_loader(database& db) : db_(db) {}
  std::optional<game::storage::login_record> login_by_name(std::string_view name) override;
  std::optional<game::storage::login_record> login_by_id(std::int64_t account_id) override;
  game::storage::branch_snapshot branch(std::int64_t branch_id) override;
  std::int64_t branch_of_room(std::int64_t room_id) override;
  std::vector<audit_record> audit_tail(std::int64_t n) override;
  game::storage::world_snapshot world(std::int64_t now, const std::vector<std::int64_t>& static_rooms) override;

 private:
  database& db_;
};

}  // namespace dw::store
