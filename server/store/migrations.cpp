#include "server/store/migrations.hpp"

#include <sqlite3.h>

#include <array>
#include <string>

#include "server/store/database.hpp"
#include "server/store/store_error.hpp"
#include "server/store/transaction.hpp"

namespace dw::store {

namespace {

// Version 1: accounts, their characters and the administration tables.
constexpr std::string_view schema_v1 = R"sql(
CREATE TABLE accounts (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL COLLATE NOCASE UNIQUE,
  password_hash TEXT NOT NULL,
  role          TEXT NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'builder', 'admin')),
  created_at    INTEGER NOT NULL,
  last_login    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE characters (
  account_id      INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  room_id         INTEGER NOT NULL,
  branch_id       INTEGER NOT NULL DEFAULT 0,
  x               INTEGER NOT NULL DEFAULT 0,
  y               INTEGER NOT NULL DEFAULT 0,
  hp              INTEGER NOT NULL,
  max_hp          INTEGER NOT NULL,
  last_seen       INTEGER NOT NULL DEFAULT 0,
  pending_message TEXT NOT NULL DEFAULT ''
);
CREATE INDEX characters_by_branch ON characters(branch_id);
CREATE TABLE bans (
  id         INTEGER PRIMARY KEY,
  kind       TEXT NOT NULL CHECK (kind IN ('account', 'address')),
  target     TEXT NOT NULL,
  reason     TEXT NOT NULL DEFAULT '',
  banned_by  TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE audit (
  id     INTEGER PRIMARY KEY,
  at     INTEGER NOT NULL,
  actor  TEXT NOT NULL,
  action TEXT NOT NULL,
  result TEXT NOT NULL
);
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
)sql";

// Version 2: the dungeon. Room ids are allocated by the game's in-memory model, so rooms.id is a
// plain INTEGER PRIMARY KEY. The static rooms (1 village square, 2 start room) get rows with a NULL
// branch so items can lie in them; deleting a branch cascades to its rooms and their items.
constexpr std::string_view schema_v2 = R"sql(
CREATE TABLE branches (
  id            INTEGER PRIMARY KEY,
  direction     INTEGER NOT NULL,
  number        INTEGER NOT NULL,
  sequence      INTEGER NOT NULL,
  seed          INTEGER NOT NULL,
  created_at    INTEGER NOT NULL,
  window_end    INTEGER NOT NULL,
  last_occupied INTEGER NOT NULL,
  unexplored    INTEGER NOT NULL,
  room_count    INTEGER NOT NULL
);
CREATE TABLE rooms (
  id        INTEGER PRIMARY KEY,
  branch_id INTEGER REFERENCES branches(id) ON DELETE CASCADE,
  x         INTEGER NOT NULL,
  y         INTEGER NOT NULL,
  depth     INTEGER NOT NULL DEFAULT 0,
  clear     INTEGER NOT NULL DEFAULT 0,
  exit_n    INTEGER NOT NULL DEFAULT 0,
  exit_e    INTEGER NOT NULL DEFAULT 0,
  exit_s    INTEGER NOT NULL DEFAULT 0,
  exit_w    INTEGER NOT NULL DEFAULT 0,
  event     INTEGER NOT NULL DEFAULT 0,
  contents  TEXT NOT NULL DEFAULT '',
  UNIQUE (branch_id, x, y)
);
INSERT INTO rooms (id, branch_id, x, y) VALUES (1, NULL, 0, 0), (2, NULL, 0, 0);
CREATE TABLE items (
  id            INTEGER PRIMARY KEY,
  kind          TEXT NOT NULL,
  key           TEXT NOT NULL,
  seed          INTEGER NOT NULL,
  owner_account INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
  room_id       INTEGER REFERENCES rooms(id) ON DELETE CASCADE,
  equipped      INTEGER NOT NULL DEFAULT 0,
  CHECK (owner_account IS NULL OR room_id IS NULL)
);
CREATE INDEX items_by_room ON items(room_id);
CREATE INDEX items_by_owner ON items(owner_account);
)sql";

// Version 3: named counters the game must never reuse across restarts (next room id, branch numbers).
constexpr std::string_view schema_v3 = R"sql(
CREATE TABLE counters (
  name  TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

// Version 4: failed logins per account (told to the owner at the next login) and the lock-out that
// follows repeated failures (an administrator can lift it).
constexpr std::string_view schema_v4 = R"sql(
ALTER TABLE accounts ADD COLUMN failed_logins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN lock_failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN locked_until INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 5: each player's own settings (colour, screen reader, prompt, muted channels...), as keys the
// game names; they go with the account.
constexpr std::string_view schema_v5 = R"sql(
CREATE TABLE preferences (
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  key        TEXT NOT NULL,
  value      TEXT NOT NULL,
  PRIMARY KEY (account_id, key)
) WITHOUT ROWID;
)sql";

// Version 6: what a character has gained (silver, the deepest depth reached and when, monsters
// defeated, scrolls sold, the kinds of scroll it has identified), and items that hold an amount of
// silver or lie inside another item (a fallen pack's contents lie in its room, inside the pack).
constexpr std::string_view schema_v6 = R"sql(
ALTER TABLE characters ADD COLUMN silver INTEGER NOT NULL DEFAULT 0;
ALTER TABLE characters ADD COLUMN deepest INTEGER NOT NULL DEFAULT 0;
ALTER TABLE characters ADD COLUMN deepest_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE characters ADD COLUMN kills INTEGER NOT NULL DEFAULT 0;
ALTER TABLE characters ADD COLUMN scrolls_sold INTEGER NOT NULL DEFAULT 0;
ALTER TABLE characters ADD COLUMN identified TEXT NOT NULL DEFAULT '';
ALTER TABLE items ADD COLUMN container_id INTEGER REFERENCES items(id) ON DELETE CASCADE;
ALTER TABLE items ADD COLUMN amount INTEGER NOT NULL DEFAULT 0;
CREATE INDEX items_by_container ON items(container_id);
CREATE INDEX characters_by_deepest ON characters(deepest DESC, deepest_at);
)sql";

// Version 7: experience, kept by the game's progression part (levels follow from it and levels.toml).
constexpr std::string_view schema_v7 = R"sql(
CREATE TABLE progress (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  xp         INTEGER NOT NULL DEFAULT 0
);
)sql";

// Version 8: bounties, kept by the game's bounties part: what each character holds (and turned in on a day
// not yet over), and how many it has completed in all. Saved as a whole, book and rows together.
constexpr std::string_view schema_v8 = R"sql(
CREATE TABLE bounty_books (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  completed  INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE bounties (
  account_id INTEGER NOT NULL REFERENCES bounty_books(account_id) ON DELETE CASCADE,
  day        INTEGER NOT NULL,
  slot       INTEGER NOT NULL,
  kind       TEXT NOT NULL,
  target     TEXT NOT NULL DEFAULT '',
  depth      INTEGER NOT NULL DEFAULT 0,
  count      INTEGER NOT NULL DEFAULT 1,
  progress   INTEGER NOT NULL DEFAULT 0,
  silver     INTEGER NOT NULL DEFAULT 0,
  xp         INTEGER NOT NULL DEFAULT 0,
  turned_in  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, day, slot)
) WITHOUT ROWID;
)sql";

// Version 9 (issue 28): what a branch holds no longer depends on which branches opened first. The random
// tapes of a branch's rooms are keyed by `tape_key`: the game sets it to the branch's own seed for new
// branches; every branch already stored keeps the key its rooms and fights were drawn with, its id. And the
// world's seed is recorded once (at the first start that finds none), so a different dungeon.world_seed
// afterwards is refused at start-up instead of changing every room and saved fight.
constexpr std::string_view schema_v9 = R"sql(
ALTER TABLE branches ADD COLUMN tape_key INTEGER NOT NULL DEFAULT 0;
UPDATE branches SET tape_key = id;
CREATE TABLE world (
  id          INTEGER PRIMARY KEY CHECK (id = 1),
  seed        INTEGER NOT NULL,
  recorded_at INTEGER NOT NULL
);
)sql";

// Version 10: what a generated artefact was made as (its words and price, content::encode_artefact), so that
// a scroll in a player's hands stays what it was when the tables change. Empty for gear and supplies, and for
// artefacts stored before: the game fills those once from the tables in force and then keeps them.
constexpr std::string_view schema_v10 = R"sql(
ALTER TABLE items ADD COLUMN made TEXT NOT NULL DEFAULT '';
)sql";

constexpr std::array<migration, 10> history{{
    {1, schema_v1},
    {2, schema_v2},
    {3, schema_v3},
    {4, schema_v4},
    {5, schema_v5},
    {6, schema_v6},
    {7, schema_v7},
    {8, schema_v8},
    {9, schema_v9},
    {10, schema_v10},
}};

}  // namespace

std::span<const migration> migrations() { return history; }

std::int32_t latest_schema_version() { return history.back().version; }

void migrate(database& db, std::span<const migration> list) {
  const std::int32_t known = list.empty() ? 0 : list.back().version;
  const std::int32_t current = db.schema_version();
  if (current > known) {
    throw store_error(SQLITE_ERROR, db.path() + " was written by a newer Deepwell (schema version " +
                                        std::to_string(current) + "; this binary knows up to " +
                                        std::to_string(known) + ")");
  }
  for (const migration& step : list) {
    if (step.version <= current) {
      continue;
    }
    transaction tx(db);
    // Re-read under the write lock: another connection may have migrated since we looked.
    db.exec(
        "CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);"
        "INSERT OR IGNORE INTO schema_version (id, version) VALUES (1, 0);");
    const std::int32_t now = db.schema_version();
    if (now >= step.version) {
      tx.commit();
      continue;
    }
    try {
      db.exec(step.sql);
    } catch (const store_error& e) {
      throw store_error(e.code(), "migration to schema version " + std::to_string(step.version) + " failed: " + e.what());
    }
    auto update = db.prepare("UPDATE schema_version SET version = ? WHERE id = 1");
    update->bind_all(step.version).run();
    db.exec("PRAGMA application_id = " + std::to_string(deepwell_application_id));
    tx.commit();
  }
}

}  // namespace dw::store
