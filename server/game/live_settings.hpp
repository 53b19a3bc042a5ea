#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "server/config/settings.hpp"

namespace dw::game {

/// The settings in force, which administrators may change while the game runs (@config). Parts read
/// them through a const reference, and those that keep derived state register to hear of a change.
class live_settings {
 public:
  /// Checks a change and, if usable, applies it; returns why not (changing nothing) otherwise.
  using listener = std::function<std::optional<std::string>(const config::settings&)>;

  explicit live_settings(config::settings s) : current_(std::move(s)) {}
  const config::settings& get() const { return current_; }
  /// Listeners run in the order they were added; only the first ones may refuse (before anything changed).
  void on_change(listener l) { listeners_.push_back(std::move(l)); }
  /// Applies `changed`, or returns why it cannot be (nothing changed then).
  std::optional<std::string> change(const config::settings& changed) {
    for (const listener& l : listeners_) {
      if (auto why = l(changed)) {
        return why;
      }
    }
    current_ = changed;
    return std::nullopt;
  }

 private:
  config::settings current_;
  std::vector<listener> listeners_;
};

}  // namespace dw::game
