#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/game/roster/character.hpp"

// Prompts: the formats players may set (prompt, preferences.cpp), checked and expanded here; output sends
// the prompt at the end of each event (output::send_prompt). Pure but for prompt_facts, which the rooms and
// progression answer.

namespace dw::game {

/// The prompt everyone had before prompts were configurable, and the one a screen-reader user gets: words,
/// no brackets or arrows repeated at every line.
inline constexpr std::string_view default_prompt = "[%h/%H hp] > ";
inline constexpr std::string_view default_screen_reader_prompt = "%h of %H hp: ";
/// The longest prompt format a player may set.
inline constexpr std::size_t max_prompt_length = 80;

/// What a prompt shows that only the rooms know (places implements it).
class prompt_facts {
 public:
  /// Depth of the room `ch` is in (0 above the dungeon).
  virtual int depth(const character& ch) = 0;
  /// Appends the exits of `ch`'s room in short form ("n e? d": '?' marks an unexplored one).
  virtual void exits(const character& ch, std::string& out) = 0;
  /// `ch`'s level and experience (the world answers from progression).
  virtual int level(const character&) { return 1; }
  virtual std::int64_t experience(const character&) { return 0; }

 protected:
  ~prompt_facts() = default;
};

/// Checks a prompt format a player typed: nullopt when usable, otherwise why not. Pure.
std::optional<std::string> check_prompt_format(std::string_view format);
/// Expands %h (hp), %H (max hp), %d (depth), %x (exits), %l (level), %e (experience), %n (a new line) and
/// %% into `out`; any other character stands for itself. `facts` is asked only when the format needs it.
void expand_prompt(std::string_view format, const character& ch, prompt_facts* facts, std::string& out);

}  // namespace dw::game
