#pragma once

#include <string>
#include <string_view>

// ASCII helpers for what people type (command words, names). Pure.
namespace dw::text {

/// Trims spaces and tabs from both ends.
std::string_view trim(std::string_view s);
/// ASCII case-insensitive equality and prefix test.
bool iequals(std::string_view a, std::string_view b);
bool istarts_with(std::string_view text, std::string_view prefix);
/// ASCII lower-case copy.
std::string lower_copy(std::string_view s);

}  // namespace dw::text
