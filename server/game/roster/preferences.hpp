#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dw::game {

/// A player's own settings (colour, screen reader, prompt, muted channels...), loaded with the account
/// and saved through storage::save_preference whenever one changes. Keys are named by the part that
/// owns the setting; an absent key means that part's default. A handful of entries: a sorted vector.
class preferences {
 public:
  preferences() = default;
  template <typename Records>
  explicit preferences(const Records& records) {
    for (const auto& r : records) {
      set(r.key, r.value);
    }
  }

  /// The stored value, or empty when the default applies.
  std::string_view get(std::string_view key) const {
    auto it = find(key);
    return it != values_.end() && it->first == key ? std::string_view(it->second) : std::string_view();
  }
  /// Sets `key`; an empty value removes it.
  void set(std::string_view key, std::string_view value) {
    auto it = find(key);
    const bool present = it != values_.end() && it->first == key;
    if (value.empty()) {
      if (present) {
        values_.erase(it);
      }
    } else if (present) {
      it->second = value;
    } else {
      values_.emplace(it, std::string(key), std::string(value));
    }
  }

 private:
  using entry = std::pair<std::string, std::string>;
  std::vector<entry>::const_iterator find(std::string_view key) const {
    return std::lower_bound(values_.begin(), values_.end(), key,
                            [](const entry& e, std::string_view k) { return e.first < k; });
  }
  std::vector<entry>::iterator find(std::string_view key) {
    return std::lower_bound(values_.begin(), values_.end(), key,
                            [](const entry& e, std::string_view k) { return e.first < k; });
  }

  std::vector<entry> values_;
};

}  // namespace dw::game
