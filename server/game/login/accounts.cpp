#include "server/game/login/accounts.hpp"

#include <sodium.h>
#include <array>
#include <stdexcept>

namespace dw::game {
namespace {

void ensure_sodium() {
  // sodium_init is idempotent and thread-safe; it only fails when the system has no entropy source.
  if (sodium_init() < 0) {
    throw std::runtime_error("libsodium could not be initialised");
  }
}

}  // namespace

std::string hash_password(std::string_view password, unsigned long long ops_limit, std::size_t memory_bytes) {
  ensure_sodium();
  std::array<char, crypto_pwhash_STRBYTES> out{};
  if (crypto_pwhash_str(out.data(), password.data(), password.size(), ops_limit, memory_bytes) != 0) {
    throw std::runtime_error("password hashing ran out of memory");
  }
  return std::string(out.data());
}

bool verify_password(std::string_view password, const std::string& stored_hash) {
  ensure_sodium();
  return crypto_pwhash_str_verify(stored_hash.c_str(), password.data(), password.size()) == 0;
}

}  // namespace dw::game
