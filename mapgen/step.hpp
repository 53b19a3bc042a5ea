#pragma once

#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mapgen/rng.hpp"
#include "mapgen/tile_map.hpp"

// Named steps: the classic map algorithms (room placement, BSP, Delaunay + spanning tree, A* corridors,
// cellular automata, drunkard's walk) that a script uses as an explorer `type` where the rule language
// does not reach, e.g. {"type": "drunkard", "region": "map", "parameters": {"floor": "empty", "share": "0.4"}}.
// A step is made once when the script loads (its parameters checked then) and run on each generation.
namespace dw::mapgen {

/// A parameter a step cannot use; the script loader adds the file and the JSON path before `key`.
struct param_error : std::runtime_error {
  param_error(std::string key_name, const std::string& message) : std::runtime_error(message), key(std::move(key_name)) {}
  std::string key;  ///< the parameter's name, e.g. "rooms"
};

/// An explorer's `parameters` as text (Marahel writes numbers as strings; both are accepted), and the
/// script's entity names. Every read checks the value and throws `param_error` naming the key.
class param_reader {
 public:
  param_reader(std::vector<std::pair<std::string, std::string>> params, std::vector<std::string> entity_names)
      : params_(std::move(params)), entities_(std::move(entity_names)) {}

  /// An integer in [lo, hi]; `fallback` when absent.
  [[nodiscard]] int integer(std::string_view key, int fallback, int lo, int hi) const;
  /// A number in [lo, hi]; `fallback` when absent.
  [[nodiscard]] double real(std::string_view key, double fallback, double lo, double hi) const;
  /// One of the script's entities by name; `fallback` (a name) when absent.
  [[nodiscard]] entity_id entity(std::string_view key, std::string_view fallback) const;
  /// A size "WxH", each side in [lo, hi]; `fallback` when absent.
  [[nodiscard]] std::pair<int, int> size(std::string_view key, std::pair<int, int> fallback, int lo, int hi) const;
  /// The raw text of a parameter, or nullptr.
  [[nodiscard]] const std::string* find(std::string_view key) const;
  /// Throws for every parameter that is not in `known` (a misspelt key is a mistake, not a default).
  void only(std::initializer_list<std::string_view> known) const;

 private:
  std::vector<std::pair<std::string, std::string>> params_;
  std::vector<std::string> entities_;
};

/// One configured step, ready to run.
class step {
 public:
  virtual ~step() = default;
  /// Changes `map` inside `area` (the explorer's region, or the whole map), drawing only from `random`.
  virtual void run(tile_map& map, rect area, rng& random) const = 0;
};

/// Makes a step from its parameters, or throws `param_error`.
using step_factory = std::unique_ptr<step> (*)(const param_reader&);

struct step_kind {
  std::string_view name;     ///< the explorer `type` that selects it
  step_factory make;
  std::string_view summary;  ///< one line for `deepwell-mapgen --help` and the README
};

/// Every named step (steps/step_table.cpp).
std::span<const step_kind> step_kinds();

/// The step called `name`, or nullptr.
const step_kind* find_step(std::string_view name);

}  // namespace dw::mapgen
