#include "server/text/nearest_words.hpp"

#include <algorithm>
#include <array>

#include "server/text/ascii.hpp"

namespace dw::text {
namespace {

constexpr std::size_t longest = 64;

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
  if (a.size() > longest || b.size() > longest) {
    return std::max(a.size(), b.size());
  }
  // Three rows of the table (the optimal string alignment distance): two back, one back, this one.
  std::array<std::size_t, longest + 1> two{};
  std::array<std::size_t, longest + 1> one{};
  std::array<std::size_t, longest + 1> row{};
  for (std::size_t j = 0; j <= b.size(); ++j) {
    one[j] = j;
  }
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const bool same = lower(a[i - 1]) == lower(b[j - 1]);
      row[j] = std::min({one[j] + 1, row[j - 1] + 1, one[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1])) {
        row[j] = std::min(row[j], two[j - 2] + 1);
      }
    }
    two = one;
    one = row;
  }
  return one[b.size()];
}

std::vector<std::string> nearest_words(std::string_view word, const std::vector<spelling>& candidates,
                                       std::size_t limit) {
  std::vector<std::string> out;
  if (word.empty() || word.size() > longest || limit == 0) {
    return out;
  }
  // Near enough: one slip in a short word, up to three in a long one.
  const std::size_t near = std::min<std::size_t>(3, 1 + word.size() / 4);
  std::size_t best = near + 1;
  for (const spelling& c : candidates) {
    const std::size_t d = edit_distance(word, c.word);
    if (d > near || d > best || d >= std::max(word.size(), c.word.size())) {
      continue;
    }
    if (d < best) {
      best = d;
      out.clear();
    }
    if (out.size() < limit &&
        std::none_of(out.begin(), out.end(), [&c](const std::string& o) { return iequals(o, c.shown); })) {
      out.emplace_back(c.shown);
    }
  }
  return out;
}

std::vector<std::string> nearest_words(std::string_view word, const std::vector<std::string>& candidates,
                                       std::size_t limit) {
  std::vector<spelling> spelled;
  spelled.reserve(candidates.size());
  for (const std::string& c : candidates) {
    spelled.push_back({c, c});
  }
  return nearest_words(word, spelled, limit);
}

}  // namespace dw::text
