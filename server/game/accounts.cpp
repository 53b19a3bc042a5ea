#include "server/game/accounts.hpp"

#include <sodium.h>
#include <array>
#include <stdexcept>

namespace dw::game {
namespace {

constexpr std::array<std::string_view, 28> reserved{
    "admin", "administrator", "all",    "anyone",  "builder", "connect", "create", "deepwell", "everyone", "god",
    "guest", "help",          "here",   "look",    "me",      "new",     "nobody", "none",     "player",   "quit",
    "root",  "self",          "server", "someone", "sysop",   "system",  "wizard", "who"};

void ensure_sodium() {
  // sodium_init is idempotent and thread-safe; it only fails when the system has no entropy source.
  if (sodium_init() < 0) {
    throw std::runtime_error("libsodium could not be initialised");
  }
}

}  // namespace

std::string lower_name(std::string_view name) {
  std::string out(name);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') {
      c = static_cast<char>(c - 'A' + 'a');
    }
  }
  return out;
}

std::string canonical_name(std::string_view name) {
  std::string out = lower_name(name);
  if (!out.empty()) {
    out[0] = static_cast<char>(out[0] - 'a' + 'A');
  }
  return out;
}

std::optional<std::string> check_name(std::string_view name) {
  if (name.size() < 3 || name.size() > 20) {
    return "A name has 3 to 20 letters.";
  }
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
      return "A name has only letters (A to Z), no spaces, digits or punctuation.";
    }
  }
  const std::string lower = lower_name(name);
  for (std::string_view word : reserved) {
    if (lower == word) {
      return "'" + std::string(name) + "' is reserved; choose another name.";
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_password(std::string_view password) {
  if (password.size() < 8) {
    return "A password has at least 8 characters.";
  }
  if (password.size() > 256) {
    return "A password has at most 256 characters.";
  }
  return std::nullopt;
}

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
