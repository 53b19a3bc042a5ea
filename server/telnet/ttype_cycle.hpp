#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/telnet/client_info.hpp"

namespace dw::telnet {

/// The MTTS terminal-type cycle: the 1st TTYPE answer names the client, the 2nd the terminal, the
/// 3rd carries "MTTS <bits>". A repeated answer means the client has nothing more to say.
class ttype_cycle {
 public:
  /// Longest name kept from one answer; longer answers are cut (names end up in logs and GMCP).
  static constexpr std::size_t max_name_bytes = 64;
  /// The cycle asks at most this many times.
  static constexpr std::uint8_t max_answers = 3;

  ttype_cycle() = default;
  /// Rebuilds a saved cycle; returns nothing when the values are inconsistent.
  static std::optional<ttype_cycle> restore(std::uint8_t answers, bool done, std::string last_answer);

  /// Applies one TTYPE IS answer to `info`; returns true when the client should be asked again.
  /// Answers after the cycle has ended are ignored (returns false, `info` untouched).
  bool on_answer(std::string_view answer, client_info& info);
  /// True once the cycle has ended.
  bool done() const { return done_; }
  /// How many answers have been taken.
  std::uint8_t answers() const { return answers_; }
  /// The previous answer (sanitised), to spot a repeat.
  const std::string& last_answer() const { return last_answer_; }

 private:
  std::uint8_t answers_ = 0;
  bool done_ = false;
  std::string last_answer_;
};

/// Parses "MTTS <n>" (case-insensitive); nothing when the text is not an MTTS answer.
std::optional<std::uint32_t> parse_mtts(std::string_view answer);

}  // namespace dw::telnet
