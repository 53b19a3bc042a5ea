#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>

namespace dw::game {

/// The last lines said on chat, oldest first, for `chat history`. In memory only: a restart empties it.
class chat_history {
 public:
  static constexpr std::size_t capacity = 20;
  struct line {
    std::int64_t at = 0;  ///< unix seconds
    std::string talker;
    std::string text;
  };
  void add(std::int64_t at, std::string talker, std::string text);
  const std::deque<line>& lines() const { return lines_; }

 private:
  std::deque<line> lines_;
};

}  // namespace dw::game
