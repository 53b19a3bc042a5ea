#include "server/game/event_batch.hpp"

#include <memory>
#include <utility>

namespace dw::game {

event_batch::change event_batch::take_changes() {
  if (changes_.size() == 1) {
    return std::exchange(changes_, {}).front();
  }
  // Shared, not moved into the closure: the writer may run a batch twice (after a neighbour's failure)
  // and copies the closure it keeps.
  auto all = std::make_shared<std::vector<change>>(std::exchange(changes_, {}));
  return [all](store::database& db) {
    for (const change& c : *all) {
      c(db);
    }
  };
}

int event_batch::roll_back(std::vector<undo_step>& steps) noexcept {
  int threw = 0;
  for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
    try {
      (*it)();
    } catch (...) {
      ++threw;
    }
  }
  return threw;
}

}  // namespace dw::game
