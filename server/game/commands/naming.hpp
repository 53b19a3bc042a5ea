#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace dw::game {

/// How players name things they see: "plain iron" (several words), "crawler" for "mud crawlers" (any
/// word, by its start), "2.tube" (the second of those that match), "all" and "all.scroll". Pure.
struct object_query {
  bool all = false;        ///< every match ("all", "all.scroll")
  std::size_t nth = 1;     ///< which match, counting from 1 ("2.tube")
  std::string_view words;  ///< what to match; empty with `all`: everything
};

/// Reads what a player typed; nullopt when it names nothing ("", "0.tube", "all." alone is "all").
std::optional<object_query> parse_object_query(std::string_view text);

/// True when every word of `words` starts a word of `name`, in the same order, each on its own word
/// ("plain iron" and "pl ir" match "a plain iron sword"; "iron plain" does not). Case-insensitive. Empty
/// `words` match everything.
bool name_matches(std::string_view name, std::string_view words);

/// Walks `items` calling `name_of(item)` and `pick(index)` for each item `query` selects (all matches,
/// or only the nth). Returns how many were picked.
template <typename Items, typename NameOf, typename Pick>
std::size_t select_objects(const Items& items, const object_query& query, NameOf&& name_of, Pick&& pick) {
  std::size_t seen = 0;
  std::size_t picked = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!name_matches(name_of(items[i]), query.words)) {
      continue;
    }
    ++seen;
    if (query.all || seen == query.nth) {
      pick(i);
      ++picked;
      if (!query.all) {
        break;
      }
    }
  }
  return picked;
}

}  // namespace dw::game
