#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "server/store/records.hpp"

namespace dw::store {

class database;

/// The append-only audit log of administrative actions.
namespace audit {

/// Appends an entry; returns its id.
std::int64_t append(database& db, std::int64_t at, std::string_view actor, std::string_view action,
                    std::string_view result);
/// The newest `n` entries, oldest first (ready to print as a log).
std::vector<audit_record> last(database& db, std::int64_t n);

}  // namespace audit
}  // namespace dw::store
