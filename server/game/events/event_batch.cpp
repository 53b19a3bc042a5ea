#include "server/game/events/event_batch.hpp"

#include <utility>

namespace dw::game {

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
