#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "server/game/roster/names.hpp"

namespace dw::game {

/// argon2id hash in libsodium's string format. Slow on purpose: call on a worker thread.
std::string hash_password(std::string_view password, unsigned long long ops_limit, std::size_t memory_bytes);
/// Constant-time check of a password against a stored hash. Slow: worker thread.
bool verify_password(std::string_view password, const std::string& stored_hash);

}  // namespace dw::game
