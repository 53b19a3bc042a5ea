#pragma once

#include <cstddef>
#include <span>
#include <string>

namespace dw::game {

/// "2,997": a count with a comma between each group of three digits.
std::string count_text(std::size_t n);

/// "1 other", "2,997 others".
std::string others_text(std::size_t n);

/// A crowd's names as a line says them: `names` in order, then `more` people not named. With
/// `and_before_last` the last two are joined by "and" ("Ann, Bob and Cleo"; "Ann and 2 others"); without it
/// the names stay a plain comma list, as the look line has always shown them ("Ann, Bob, Cleo"), and only
/// the unnamed rest is added with "and" ("Ann, Bob, Cleo and 2,997 others"). Pure.
std::string name_list(std::span<const std::string> names, std::size_t more, bool and_before_last);

}  // namespace dw::game
