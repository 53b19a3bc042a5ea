#include "content/puzzle.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <numeric>

#include "content/monster_group.hpp"

namespace dw::content {

namespace {

/// Index in [0, n) for die roll `v` in [0,1).
std::size_t pick(double v, std::size_t n) {
  const auto i = static_cast<std::size_t>(v * static_cast<double>(n));
  return std::min(i, n - 1);
}

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') {
      ++i;
    }
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ') {
      ++i;
    }
    if (i > start) {
      out.push_back(text.substr(start, i - start));
    }
  }
  return out;
}

template <class Int>
bool parse_int(std::string_view s, Int& out) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

bool rune_name(std::string_view s) {
  return !s.empty() && s.size() <= 24 && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

/// " sun moon eye": the runes as they end an encoded lock or hint.
void append_runes(std::string& out, const std::vector<std::string>& runes) {
  for (const std::string& r : runes) {
    out += ' ';
    out += r;
  }
}

/// The runes that end an encoded lock or hint, from word `first` on; false if one is not a rune name.
bool read_runes(const std::vector<std::string_view>& words, std::size_t first, std::vector<std::string>& runes) {
  for (std::size_t i = first; i < words.size(); ++i) {
    if (!rune_name(words[i])) {
      return false;
    }
    runes.emplace_back(words[i]);
  }
  return true;
}

}  // namespace

tape puzzle_tape(const tape& room_tape) noexcept { return tape(seed::mix64(room_tape.seed() ^ puzzle_salt)); }

std::string rune_lock::encode() const {
  std::string out = "p1 " + std::to_string(hint_x) + " " + std::to_string(hint_y) + " " + (solved ? "1" : "0");
  append_runes(out, sequence);
  return out;
}

std::optional<rune_lock> rune_lock::decode(std::string_view text) {
  const std::vector<std::string_view> w = words_of(text);
  if (w.size() < 5 || w[0] != "p1") {
    return std::nullopt;
  }
  rune_lock lock;
  int solved = 0;
  if (!parse_int(w[1], lock.hint_x) || !parse_int(w[2], lock.hint_y) || !parse_int(w[3], solved) || solved < 0 ||
      solved > 1) {
    return std::nullopt;
  }
  lock.solved = solved == 1;
  if (!read_runes(w, 4, lock.sequence)) {
    return std::nullopt;
  }
  return lock;
}

std::string rune_lock::word() const {
  std::string out;
  for (const std::string& r : sequence) {
    out += letters_only(r);
  }
  return out;
}

std::vector<std::string> rune_lock::shown() const {
  std::vector<std::string> out = sequence;
  std::sort(out.begin(), out.end());
  return out;
}

std::string rune_hint::encode() const {
  std::string out = "h1 " + std::to_string(lock_x) + " " + std::to_string(lock_y);
  append_runes(out, sequence);
  return out;
}

std::optional<rune_hint> rune_hint::decode(std::string_view text) {
  const std::vector<std::string_view> w = words_of(text);
  if (w.size() < 4 || w[0] != "h1") {
    return std::nullopt;
  }
  rune_hint hint;
  if (!parse_int(w[1], hint.lock_x) || !parse_int(w[2], hint.lock_y) || !read_runes(w, 3, hint.sequence)) {
    return std::nullopt;
  }
  return hint;
}

const puzzle_depth* puzzle_depth_at(const puzzle_rules& rules, int depth) noexcept {
  const puzzle_depth* found = nullptr;
  for (const puzzle_depth& row : rules.depths) {
    if (row.min_depth <= depth) {
      found = &row;
    }
  }
  return found;
}

std::optional<rune_lock> roll_rune_lock(const content_tables& tables, const tape& room_tape, int depth, std::int32_t x,
                                        std::int32_t y) {
  const puzzle_rules& rules = tables.puzzles;
  const puzzle_depth* row = puzzle_depth_at(rules, depth);
  if (row == nullptr || row->runes <= 0 || rules.runes.size() < static_cast<std::size_t>(row->runes)) {
    return std::nullopt;
  }
  tape_reader reader(puzzle_tape(room_tape));
  if (reader.next() >= row->chance) {
    return std::nullopt;
  }
  const auto span = static_cast<std::size_t>(rules.hint_max_distance - rules.hint_min_distance + 1);
  const int distance = rules.hint_min_distance + static_cast<int>(pick(reader.next(), span));
  // The 4d points at Manhattan distance d, quarter by quarter: (d-k, k), (-k, d-k), (k-d, -k), (k, k-d).
  const std::size_t ring = pick(reader.next(), static_cast<std::size_t>(4 * distance));
  const auto k = static_cast<std::int64_t>(ring % static_cast<std::size_t>(distance));
  const auto d = static_cast<std::int64_t>(distance);
  std::int64_t dx = 0;
  std::int64_t dy = 0;
  switch (ring / static_cast<std::size_t>(distance)) {
    case 0:
      dx = d - k;
      dy = k;
      break;
    case 1:
      dx = -k;
      dy = d - k;
      break;
    case 2:
      dx = k - d;
      dy = -k;
      break;
    default:
      dx = k;
      dy = k - d;
      break;
  }
  const std::int64_t hx = x + dx;
  const std::int64_t hy = y + dy;
  constexpr std::int64_t lo = std::numeric_limits<std::int32_t>::min();
  constexpr std::int64_t hi = std::numeric_limits<std::int32_t>::max();
  if (hx < lo || hx > hi || hy < lo || hy > hi) {
    return std::nullopt;
  }
  rune_lock lock;
  lock.hint_x = static_cast<std::int32_t>(hx);
  lock.hint_y = static_cast<std::int32_t>(hy);
  // The first `runes` of a shuffle of the rune table (partial Fisher-Yates), in the order drawn.
  std::vector<std::size_t> order(rules.runes.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  for (std::size_t i = 0; i < static_cast<std::size_t>(row->runes); ++i) {
    const std::size_t j = i + pick(reader.next(), order.size() - i);
    std::swap(order[i], order[j]);
    lock.sequence.push_back(rules.runes[order[i]]);
  }
  return lock;
}

room_contents as_monster_room(const content_tables& tables, const tape& room_tape, int depth) {
  room_contents room;
  room.depth = depth < 0 ? 0 : depth;
  room.event = room_event::monster;
  room.monsters = make_room_monsters(tables, room.depth, room_tape.at(2), room_tape.at(3));
  room.tape_position = room_tape_values;
  return room;
}

puzzle_roll roll_room_with_puzzle(const content_tables& tables, const tape& room_tape, int depth, std::int32_t x,
                                  std::int32_t y, carrier who,
                                  const std::function<bool(std::int32_t, std::int32_t)>& taken) {
  puzzle_roll out;
  out.room = roll_room(tables, room_tape, depth, who);
  std::optional<rune_lock> lock = roll_rune_lock(tables, room_tape, depth, x, y);
  if (!lock) {
    return out;
  }
  if ((lock->hint_x == 0 && lock->hint_y == 0) || (taken && taken(lock->hint_x, lock->hint_y))) {
    // The solution could never be written anywhere a player can reach: a monster guards the room instead.
    out.room = as_monster_room(tables, room_tape, depth);
    return out;
  }
  room_contents locked;
  locked.depth = depth < 0 ? 0 : depth;
  locked.event = room_event::rune_lock;
  out.room = std::move(locked);
  out.lock = std::move(lock);
  return out;
}

std::string letters_only(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (std::isalpha(static_cast<unsigned char>(c)) != 0) {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

std::string rune_list(const std::vector<std::string>& runes) {
  std::string out;
  for (std::size_t i = 0; i < runes.size(); ++i) {
    if (i > 0) {
      out += i + 1 == runes.size() ? " and " : ", ";
    }
    out += runes[i];
  }
  return out;
}

}  // namespace dw::content
