#pragma once

// Where the economy invariant test's silver and goods are: each character's silver and items (by name),
// the fallen packs and what lies in the village square, as one value (economy) that the books build
// from what players were told and read_economy() builds from the database file, so the two compare with ==.
#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "content/artefact_registry.hpp"
#include "content/content_tables.hpp"
#include "content/scroll.hpp"
#include "tests/integration/sqlite_read.hpp"
#include "tests/integration/told_state.hpp"

namespace dw::testing {

// ---------------------------------------------------------------- where things are

/// A knocked-out character's pack, left where it fell: the room, its silver and its scrolls' names.
struct fallen_pack {
  std::string owner;
  long long room = 0;
  std::int64_t silver = 0;
  std::multiset<std::string> scrolls;
  auto operator<=>(const fallen_pack&) const = default;
};

/// Every character's silver and goods (item names), the fallen packs and what lies in the village square.
struct economy {
  std::map<std::string, std::int64_t> silver;
  std::map<std::string, std::multiset<std::string>> items;
  std::multiset<fallen_pack> packs;
  std::multiset<std::string> square_floor;
  bool operator==(const economy&) const = default;

  /// Silver held: by the characters and in fallen packs.
  std::int64_t held() const {
    std::int64_t sum = 0;
    for (const auto& [name, s] : silver) {
      sum += s;
    }
    for (const fallen_pack& p : packs) {
      sum += p.silver;
    }
    return sum;
  }
};

inline std::string describe(const fallen_pack& p) {
  return p.owner + "'s pack in room " + std::to_string(p.room) + " (" + std::to_string(p.silver) + " silver, scrolls " +
         describe(p.scrolls) + ")";
}

/// What differs between the books (`told`) and the database (`stored`), one line each.
inline std::string difference(const economy& told, const economy& stored) {
  std::string out;
  std::set<std::string> names;
  for (const auto* e : {&told, &stored}) {
    for (const auto& [name, s] : e->silver) {
      names.insert(name);
    }
    for (const auto& [name, i] : e->items) {
      names.insert(name);
    }
  }
  const auto silver_of = [](const economy& e, const std::string& n) {
    auto it = e.silver.find(n);
    return it == e.silver.end() ? std::string("none") : std::to_string(it->second);
  };
  const auto items_of = [](const economy& e, const std::string& n) {
    auto it = e.items.find(n);
    return it == e.items.end() ? std::multiset<std::string>{} : it->second;
  };
  for (const std::string& n : names) {
    if (silver_of(told, n) != silver_of(stored, n)) {
      out += "  " + n + ": told " + silver_of(told, n) + " silver, stored " + silver_of(stored, n) + "\n";
    }
    if (items_of(told, n) != items_of(stored, n)) {
      out += "  " + n + ": told they carry " + describe(items_of(told, n)) + ", stored " +
             describe(items_of(stored, n)) + "\n";
    }
  }
  if (told.packs != stored.packs) {
    std::string t;
    std::string s;
    for (const fallen_pack& p : told.packs) {
      t += "\n    " + describe(p);
    }
    for (const fallen_pack& p : stored.packs) {
      s += "\n    " + describe(p);
    }
    out += "  fallen packs told:" + (t.empty() ? std::string(" none") : t) +
           "\n  stored:" + (s.empty() ? std::string(" none") : s) + "\n";
  }
  if (told.square_floor != stored.square_floor) {
    out += "  the village square's floor: told " + describe(told.square_floor) + ", stored " +
           describe(stored.square_floor) + "\n";
  }
  return out;
}

/// Scrolls are what a fallen pack takes: their names are "a <quality> <material> scroll tube".
inline bool is_scroll_name(const std::string& name) { return name.ends_with("scroll tube"); }

// ---------------------------------------------------------------- the database

/// The economy as the database file holds it, item names made as the game makes them.
struct stored_economy {
  economy e;
  std::string integrity;  ///< PRAGMA integrity_check, when asked for
};

inline std::string item_name(const content::content_tables& tables, const content::artefact_registry& artefacts,
                             const std::string& kind, const std::string& key, std::uint64_t seed) {
  if (kind == "supply") {
    const content::supply_def* def = tables.merchant.find_supply(key);
    return def != nullptr ? def->name : "a spoilt supply";
  }
  if (kind == "weapon" || kind == "armour") {
    const content::item_def* def = tables.find_item(key);
    return def != nullptr ? def->name : "a battered " + kind;
  }
  const auto a = artefacts.generate(tables, kind, seed);
  return a ? a->short_description : "something strange";
}

/// Reads characters' silver, carried items, fallen packs and the square's floor from the file.
inline std::optional<stored_economy> read_economy(const std::filesystem::path& path,
                                                  const content::content_tables& tables, bool check_integrity) {
  const sqlite_handle db = open_read_only(path);
  if (!db) {
    return std::nullopt;
  }
  content::artefact_registry artefacts;
  content::register_scroll(artefacts);
  stored_economy out;
  // One read transaction: a running server's commits land wholly before or wholly after it.
  sqlite3_exec(db.get(), "BEGIN", nullptr, nullptr, nullptr);
  if (check_integrity) {
    out.integrity = integrity_of(db.get());
  }
  const auto text = [](sqlite3_stmt* st, int col) {
    const unsigned char* t = sqlite3_column_text(st, col);
    return t == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(t));
  };
  {
    const statement_handle st =
        prepare(db.get(), "SELECT a.name, c.silver FROM characters c JOIN accounts a ON a.id = c.account_id");
    while (st && sqlite3_step(st.get()) == SQLITE_ROW) {
      out.e.silver[text(st.get(), 0)] = sqlite3_column_int64(st.get(), 1);
      out.e.items[text(st.get(), 0)];
    }
  }
  struct row {
    std::int64_t id;
    std::string kind;
    std::string key;
    std::uint64_t seed;
    std::string owner;
    std::int64_t room;
    std::int64_t container;
    std::int64_t amount;
  };
  std::vector<row> rows;
  {
    const statement_handle st = prepare(db.get(),
                                        "SELECT i.id, i.kind, i.key, i.seed, a.name, i.room_id, i.container_id, "
                                        "i.amount FROM items i LEFT JOIN accounts a ON a.id = i.owner_account");
    while (st && sqlite3_step(st.get()) == SQLITE_ROW) {
      rows.push_back({sqlite3_column_int64(st.get(), 0), text(st.get(), 1), text(st.get(), 2),
                      static_cast<std::uint64_t>(sqlite3_column_int64(st.get(), 3)), text(st.get(), 4),
                      sqlite3_column_int64(st.get(), 5), sqlite3_column_int64(st.get(), 6),
                      sqlite3_column_int64(st.get(), 7)});
    }
  }
  sqlite3_exec(db.get(), "COMMIT", nullptr, nullptr, nullptr);
  std::map<std::int64_t, fallen_pack> packs;
  for (const row& r : rows) {
    if (r.kind == "pack") {
      packs[r.id] = fallen_pack{r.key, r.room, r.amount, {}};
    }
  }
  for (const row& r : rows) {
    if (r.kind == "pack") {
      continue;
    }
    const std::string name = item_name(tables, artefacts, r.kind, r.key, r.seed);
    if (r.container != 0) {
      if (auto p = packs.find(r.container); p != packs.end()) {
        p->second.scrolls.insert(name);
      }
    } else if (!r.owner.empty()) {
      out.e.items[r.owner].insert(name);
    } else if (r.room == 1) {  // the village square
      out.e.square_floor.insert(name);
    }
  }
  for (auto& [id, p] : packs) {
    out.e.packs.insert(std::move(p));
  }
  return out;
}

}  // namespace dw::testing
