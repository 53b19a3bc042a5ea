#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mapgen/tile_map.hpp"

// Generator scripts in Marahel's JSON language (metadata, regions, entities, neighbourhoods, explorers
// with "conditions -> executers" rules, plus named steps), checked and compiled once at load; a loaded
// script then makes maps from seeds without parsing or allocating per tile.
namespace dw::mapgen {

namespace detail {
struct script;
}

/// A script that cannot be used: what() is "<file>: <json path>: <message>", e.g.
/// "content/interiors/caves.json: explorers[2].rules[0]: no neighbourhood called \"plsu\"".
/// JSON syntax errors use "<file>:<line>:<column>: <message>" instead (path = "").
struct script_error : std::runtime_error {
  script_error(std::string file, std::string path, const std::string& message);
  std::string file;
  std::string path;
};

/// A loaded, checked script; move-only; generate() is const and thread-compatible.
class generator {
 public:
  generator(generator&&) noexcept;
  generator& operator=(generator&&) noexcept;
  generator(const generator&) = delete;
  generator& operator=(const generator&) = delete;
  ~generator();

  /// The script's entities by index (tile values 0..n-1; mapgen::unknown = -1 for unwritten tiles).
  [[nodiscard]] const std::vector<std::string>& entities() const noexcept;
  /// The entity called `name`, or std::nullopt.
  [[nodiscard]] std::optional<entity_id> entity(std::string_view name) const noexcept;
  /// metadata min and max sizes ("WxH").
  [[nodiscard]] std::pair<int, int> min_size() const noexcept;
  [[nodiscard]] std::pair<int, int> max_size() const noexcept;
  /// What the script says that this engine ignores, as Marahel does (a parameter an explorer does not
  /// use), one line each, "<file>: <json path>: <message>", in script order; made once, at load. The
  /// caller shows or logs them (this module does neither).
  [[nodiscard]] const std::vector<std::string>& warnings() const noexcept;
  /// A map: size drawn from [min, max] by the seed, then regions, then explorers in order.
  [[nodiscard]] tile_map generate(std::uint64_t seed) const;
  /// The same at a size the caller chooses (each side 1..200).
  /// Throws std::invalid_argument for a side outside 1..200.
  [[nodiscard]] tile_map generate(std::uint64_t seed, int width, int height) const;

 private:
  friend generator load_script(std::string_view json_text, std::string_view file);
  explicit generator(std::unique_ptr<detail::script> compiled);

  std::unique_ptr<detail::script> script_;
};

/// Parses and checks a script; throws script_error. `file` is only used in messages.
generator load_script(std::string_view json_text, std::string_view file);

}  // namespace dw::mapgen
