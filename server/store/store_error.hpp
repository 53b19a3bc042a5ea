#pragma once

#include <string>

#include "server/game/storage/failure.hpp"

namespace dw::store {

/// Any storage failure: carries the SQLite result code (extended where SQLite gave one) and a message
/// that names what was being done. Storage errors are exceptions; player mistakes never reach here.
/// It is the game's storage::failure (the port's error type), so game code catches it without knowing
/// the store.
class store_error : public game::storage::failure {
 public:
  store_error(int code, const std::string& message) : failure(code, message) {}
};

}  // namespace dw::store
