#include "server/game/roster/character.hpp"

namespace dw::game {

std::string join_identified(const std::set<std::string>& kinds) {
  std::string out;
  for (const std::string& k : kinds) {
    if (!out.empty()) {
      out += ' ';
    }
    out += k;
  }
  return out;
}

std::set<std::string> split_identified(std::string_view text) {
  std::set<std::string> out;
  while (!text.empty()) {
    const auto space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    if (!word.empty()) {
      out.emplace(word);
    }
    text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
  }
  return out;
}

storage::character_record record_of(const character& ch, std::int64_t last_seen) {
  storage::character_record rec;
  rec.account_id = ch.account_id;
  rec.where = ch.where;
  rec.hp = ch.hp;
  rec.max_hp = ch.max_hp;
  rec.last_seen = last_seen;
  rec.silver = ch.silver;
  rec.deepest = ch.deepest;
  rec.deepest_at = ch.deepest_at;
  rec.kills = ch.kills;
  rec.scrolls_sold = ch.scrolls_sold;
  rec.identified = join_identified(ch.identified);
  return rec;
}

void take_record(character& ch, const storage::character_record& rec) {
  ch.where = rec.where;
  ch.hp = rec.hp;
  ch.max_hp = rec.max_hp;
  ch.silver = rec.silver;
  ch.deepest = rec.deepest;
  ch.deepest_at = rec.deepest_at;
  ch.kills = rec.kills;
  ch.scrolls_sold = rec.scrolls_sold;
  ch.identified = split_identified(rec.identified);
}

}  // namespace dw::game
