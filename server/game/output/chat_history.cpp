#include "server/game/output/chat_history.hpp"

// What `chat history` shows: the last lines said on chat (chat_history.hpp).

namespace dw::game {

void chat_history::add(std::int64_t at, std::string talker, std::string text) {
  if (lines_.size() == capacity) {
    lines_.pop_front();
  }
  lines_.push_back({at, std::move(talker), std::move(text)});
}

}  // namespace dw::game
