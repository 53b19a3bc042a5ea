#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dw::game {

/// Why a name cannot be used, or nullopt when it can. 3-20 ASCII letters, not a reserved word.
std::optional<std::string> check_name(std::string_view name);
/// "aNN" -> "Ann".
std::string canonical_name(std::string_view name);
std::string lower_name(std::string_view name);
/// Why a password cannot be used, or nullopt.
std::optional<std::string> check_password(std::string_view password);

/// argon2id hash in libsodium's string format. Slow on purpose: call on a worker thread.
std::string hash_password(std::string_view password, unsigned long long ops_limit, std::size_t memory_bytes);
/// Constant-time check of a password against a stored hash. Slow: worker thread.
bool verify_password(std::string_view password, const std::string& stored_hash);

}  // namespace dw::game
