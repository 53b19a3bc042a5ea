// generator: a loaded script making maps. One call draws the size, cuts the regions and runs the
// explorers in order, every random choice from generators forked off the seed up front, so an explorer
// that draws more never shifts what the next one draws.
#include <algorithm>
#include <stdexcept>

#include "mapgen/explorer_run.hpp"
#include "mapgen/region_dividers.hpp"
#include "mapgen/script.hpp"
#include "mapgen/script_model.hpp"
#include "seed/mix64.hpp"

namespace dw::mapgen {

namespace {

std::vector<rect> make_regions(const detail::divider& d, rng& random, rect map) {
  switch (d.kind) {
    case detail::divider_kind::none:
      return {};
    case detail::divider_kind::equal:
      return pick_regions(random, divide_equal(random, map, d.min, d.max), d.number);
    case detail::divider_kind::bsp:
      return pick_regions(random, divide_bsp(random, map, d.min, d.max, d.number), d.number);
    case detail::divider_kind::sampling:
      return sample_regions(random, map, d.min, d.max, d.number, d.trials);
  }
  return {};
}

// One attempt: a map of the given size (or the drawn one) from one seed. True when the entities'
// minimum counts are met.
bool attempt(const detail::script& s, std::uint64_t seed, const std::pair<int, int>* size, detail::work& budget,
             detail::scratch& space, tile_map& out) {
  rng root(seed);
  rng size_random(root.fork());
  rng region_random(root.fork());
  const noise_field noise(root.fork());
  int width = size_random.between(s.min_size.first, s.max_size.first);
  int height = size_random.between(s.min_size.second, s.max_size.second);
  if (size != nullptr) {
    width = size->first;
    height = size->second;
  }
  out = tile_map(width, height);
  detail::board b(out, s);
  const std::vector<rect> regions = make_regions(s.regions, region_random, out.bounds());
  detail::explorer_env env{s, b, noise, budget, space};
  for (const detail::explorer& x : s.explorers) {
    rng random(root.fork());
    detail::run_explorer(x, regions, env, random);
  }
  return b.meets_minimums();
}

tile_map run(const detail::script& s, std::uint64_t seed, const std::pair<int, int>* size) {
  detail::work budget(detail::work_budget);
  detail::scratch space;
  tile_map map;
  // Marahel's `min` counts: a map that misses one is made again from a seed derived from the first, a
  // bounded number of times; the last one is returned whatever it holds.
  for (int k = 0; k < detail::generation_attempts; ++k) {
    const std::uint64_t attempt_seed = k == 0 ? seed : seed::mix64(seed + seed::golden_gamma * static_cast<std::uint64_t>(k));
    if (attempt(s, attempt_seed, size, budget, space, map) || budget.exhausted()) {
      break;
    }
  }
  return map;
}

}  // namespace

generator::generator(std::unique_ptr<detail::script> compiled) : script_(std::move(compiled)) {}
generator::generator(generator&&) noexcept = default;
generator& generator::operator=(generator&&) noexcept = default;
generator::~generator() = default;

const std::vector<std::string>& generator::entities() const noexcept { return script_->entities; }

std::optional<entity_id> generator::entity(std::string_view name) const noexcept {
  const auto it = std::find(script_->entities.begin(), script_->entities.end(), name);
  if (it == script_->entities.end()) {
    return std::nullopt;
  }
  return static_cast<entity_id>(it - script_->entities.begin());
}

std::pair<int, int> generator::min_size() const noexcept { return script_->min_size; }
std::pair<int, int> generator::max_size() const noexcept { return script_->max_size; }
const std::vector<std::string>& generator::warnings() const noexcept { return script_->warnings; }

tile_map generator::generate(std::uint64_t seed) const { return run(*script_, seed, nullptr); }

tile_map generator::generate(std::uint64_t seed, int width, int height) const {
  if (width < 1 || height < 1 || width > detail::max_side || height > detail::max_side) {
    throw std::invalid_argument("a generated map's sides must be from 1 to " + std::to_string(detail::max_side) + ", not " +
                                std::to_string(width) + "x" + std::to_string(height));
  }
  const std::pair<int, int> size{width, height};
  return run(*script_, seed, &size);
}

}  // namespace dw::mapgen
