#pragma once

#include <cstdint>
#include <optional>

namespace dw::store {

class database;

/// What is fixed once the world is made (schema version 9): its seed.
namespace world {

/// The world seed recorded in the database, or nullopt when none is: a new database, or one made before
/// seeds were recorded, until the server's first start records one.
std::optional<std::int64_t> recorded_seed(database& db);

/// Records `seed` as the world's seed at unix time `now`, only when none is recorded yet. Returns false,
/// changing nothing, when one already is.
bool record_seed(database& db, std::int64_t seed, std::int64_t now);

}  // namespace world
}  // namespace dw::store
