#include "content/fight_state.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

#include "content/monster_group.hpp"

namespace dw::content {

namespace {

/// Splits off the next space-separated field of `rest`.
std::string_view next_field(std::string_view& rest) {
  const auto space = rest.find(' ');
  std::string_view field = rest.substr(0, space);
  rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
  return field;
}

template <class Int>
std::optional<Int> parse_int(std::string_view field, Int min, Int max) {
  Int v{};
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (ec != std::errc{} || end != field.data() + field.size() || field.empty() || v < min || v > max) {
    return std::nullopt;
  }
  return v;
}

bool is_identifier(std::string_view s) {
  return !s.empty() && s.size() <= 24 && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

/// The f2 fields after the hit points: "<behaviours> <kin_called> <ward_points> <ward_rounds> <poisons>".
bool decode_behaviours(std::string_view& rest, fight_state& s) {
  const auto set = behaviour_set::parse(next_field(rest));
  const auto kin = parse_int<int>(next_field(rest), 0, static_cast<int>(fight_state::most_monsters));
  const auto ward_points = parse_int<int>(next_field(rest), 0, monster_stat_cap);
  const auto ward_rounds = parse_int<int>(next_field(rest), 0, fight_state::most_lasting);
  std::string_view list = next_field(rest);
  if (!set || !kin || !ward_points || !ward_rounds || list.empty()) {
    return false;
  }
  s.behaviours = *set;
  s.kin_called = *kin;
  s.ward_points = *ward_points;
  s.ward_rounds = *ward_rounds;
  if (list == "-") {
    return true;
  }
  while (true) {
    const auto comma = list.find(',');
    const std::string_view entry = list.substr(0, comma);
    const auto colon = entry.find(':');
    if (colon == std::string_view::npos || s.poisons.size() == fight_state::most_poisons) {
      return false;
    }
    const auto id = parse_int<std::uint64_t>(entry.substr(0, colon), 0, std::numeric_limits<std::uint64_t>::max());
    const auto rounds = parse_int<int>(entry.substr(colon + 1), 1, fight_state::most_lasting);
    if (!id || !rounds) {
      return false;
    }
    s.poisons.push_back({*id, *rounds});
    if (comma == std::string_view::npos) {
      return true;
    }
    list = list.substr(comma + 1);
  }
}

}  // namespace

int fight_state::alive() const noexcept {
  return static_cast<int>(std::count_if(monster_hp.begin(), monster_hp.end(), [](int hp) { return hp > 0; }));
}

int fight_state::slain() const noexcept {
  return static_cast<int>(std::count(monster_hp.begin(), monster_hp.end(), 0));
}

std::string fight_state::encode() const {
  // Without behaviours nothing of theirs can have happened: such a fight is written exactly as before.
  const bool v2 = !behaviours.empty() || kin_called != 0 || ward_points != 0 || ward_rounds != 0 ||
                  !poisons.empty() || std::find(monster_hp.begin(), monster_hp.end(), fled_hp) != monster_hp.end();
  std::string out = v2 ? "f2 " : "f1 ";
  out.reserve(64 + monster_hp.size() * 4);
  out += monster_key;
  out += ' ';
  out += size_key;
  for (const std::uint64_t n : {static_cast<std::uint64_t>(depth), static_cast<std::uint64_t>(hp_each),
                                static_cast<std::uint64_t>(damage_each), tape_position,
                                static_cast<std::uint64_t>(round)}) {
    out += ' ';
    out += std::to_string(n);
  }
  out += ' ';
  for (std::size_t i = 0; i < monster_hp.size(); ++i) {
    if (i > 0) {
      out += ',';
    }
    out += std::to_string(monster_hp[i]);
  }
  if (!v2) {
    return out;
  }
  out += ' ';
  out += behaviours.text();
  for (const int n : {kin_called, ward_points, ward_rounds}) {
    out += ' ';
    out += std::to_string(n);
  }
  out += ' ';
  if (poisons.empty()) {
    out += '-';
  }
  for (std::size_t i = 0; i < poisons.size(); ++i) {
    if (i > 0) {
      out += ',';
    }
    out += std::to_string(poisons[i].fighter);
    out += ':';
    out += std::to_string(poisons[i].rounds);
  }
  return out;
}

std::optional<fight_state> fight_state::decode(std::string_view text) {
  std::string_view rest = text;
  const std::string_view version = next_field(rest);
  const bool v2 = version == "f2";
  if (version != "f1" && !v2) {
    return std::nullopt;
  }
  fight_state s;
  s.monster_key = std::string(next_field(rest));
  s.size_key = std::string(next_field(rest));
  const auto depth = parse_int<int>(next_field(rest), 0, 1'000'000'000);
  const auto hp_each = parse_int<int>(next_field(rest), 1, monster_stat_cap);
  const auto damage_each = parse_int<int>(next_field(rest), 1, monster_stat_cap);
  const auto position = parse_int<std::uint64_t>(next_field(rest), 0, std::numeric_limits<std::uint64_t>::max());
  const auto round = parse_int<std::uint32_t>(next_field(rest), 0, std::numeric_limits<std::uint32_t>::max());
  const std::string_view hp_list = next_field(rest);
  if (v2 && !decode_behaviours(rest, s)) {
    return std::nullopt;
  }
  if (!rest.empty() || !is_identifier(s.monster_key) || !is_identifier(s.size_key) || !depth || !hp_each ||
      !damage_each || !position || !round || hp_list.empty()) {
    return std::nullopt;
  }
  s.depth = *depth;
  s.hp_each = *hp_each;
  s.damage_each = *damage_each;
  s.tape_position = *position;
  s.round = *round;
  std::string_view hps = hp_list;
  while (true) {
    const auto comma = hps.find(',');
    const auto hp = parse_int<int>(hps.substr(0, comma), v2 ? fled_hp : 0, s.hp_each);
    if (!hp || s.monster_hp.size() == most_monsters) {
      return std::nullopt;
    }
    s.monster_hp.push_back(*hp);
    if (comma == std::string_view::npos) {
      break;
    }
    hps = hps.substr(comma + 1);
  }
  return s;
}

std::optional<fight_state> start_fight(const room_contents& room) {
  if (!room.monsters.has_value()) {
    return std::nullopt;
  }
  const monster_group& g = *room.monsters;
  fight_state s;
  s.monster_key = g.monster_key;
  s.size_key = g.size_key;
  s.depth = g.depth;
  s.hp_each = g.hp_each;
  s.damage_each = g.damage_each;
  s.monster_hp.assign(static_cast<std::size_t>(g.count), g.hp_each);
  s.behaviours = g.behaviours;
  s.tape_position = room.tape_position;
  s.round = 0;
  return s;
}

}  // namespace dw::content
