#include <algorithm>
#include <cmath>
#include <span>

#include "content/scroll.hpp"
#include "content/scroll_parts.hpp"
#include "content/tape.hpp"
#include "content/weighted_pick.hpp"

namespace dw::content {

namespace {

std::uint32_t pick(const std::vector<word_row>& rows, double roll) {
  return static_cast<std::uint32_t>(pick_weighted_any(std::span<const word_row>(rows), roll));
}

blueprint_part make_name_part(const content_tables& tables, std::uint64_t seed) {
  const tape t(seed);
  return {"name", seed, {}, {tables.names.generate(t.bits(0)), tables.names.generate(t.bits(1))}};
}

blueprint_part make_tube_part(const content_tables& tables, std::uint64_t seed) {
  const tape t(seed);
  return {"tube", seed, {pick(tables.scrolls.tube_qualities, t.at(0)), pick(tables.scrolls.tube_materials, t.at(1))}, {}};
}

blueprint_part make_paper_part(const content_tables& tables, std::uint64_t seed) {
  const tape t(seed);
  return {"paper", seed,
          {pick(tables.scrolls.paper_materials, t.at(0)), pick(tables.scrolls.paper_conditions, t.at(1))}, {}};
}

blueprint_part make_writing_part(const content_tables& tables, std::uint64_t seed) {
  const tape t(seed);
  const auto text_count = static_cast<double>(std::max<std::size_t>(tables.scrolls.texts.size(), 1));
  const auto text = static_cast<std::uint32_t>(std::min(text_count - 1.0, std::floor(t.at(2) * text_count)));
  return {"writing", seed,
          {pick(tables.scrolls.writing_qualities, t.at(0)), pick(tables.scrolls.writing_details, t.at(1)), text}, {}};
}

blueprint_part make_effect_part(const content_tables& tables, std::uint64_t seed) {
  const tape t(seed);
  return {"effect", seed, {static_cast<std::uint32_t>(pick_weighted_any(std::span<const scroll_effect>(tables.scroll_effects), t.at(0)))}, {}};
}

}  // namespace

scroll_part_seeds scroll_part_seeds_for(std::uint64_t scroll_seed) noexcept {
  const tape parent(scroll_seed);
  return {parent.bits(0), parent.bits(1), parent.bits(2), parent.bits(3), parent.bits(4)};
}

blueprint make_scroll_blueprint_from_part_seeds(const content_tables& tables, std::uint64_t seed,
                                                const scroll_part_seeds& parts) {
  blueprint print;
  print.type = std::string(scroll_type);
  print.seed = seed;
  print.parts.reserve(5);
  print.parts.push_back(make_name_part(tables, parts.name));
  print.parts.push_back(make_tube_part(tables, parts.tube));
  print.parts.push_back(make_paper_part(tables, parts.paper));
  print.parts.push_back(make_writing_part(tables, parts.writing));
  print.parts.push_back(make_effect_part(tables, parts.effect));
  return print;
}

double scroll_price_factor(const content_tables& tables, std::uint64_t seed) {
  const scroll_part_seeds seeds = scroll_part_seeds_for(seed);
  const scroll_tables& s = tables.scrolls;
  const blueprint_part tube = make_tube_part(tables, seeds.tube);
  const blueprint_part paper = make_paper_part(tables, seeds.paper);
  const blueprint_part writing = make_writing_part(tables, seeds.writing);
  // Same order of multiplication as instantiate_scroll, so the two agree to the last bit.
  return s.tube_qualities[tube.picks[0]].multiplier * s.tube_materials[tube.picks[1]].multiplier *
         s.paper_materials[paper.picks[0]].multiplier * s.paper_conditions[paper.picks[1]].multiplier *
         s.writing_qualities[writing.picks[0]].multiplier * s.writing_details[writing.picks[1]].multiplier;
}

const scroll_effect* scroll_effect_of(const content_tables& tables, std::uint64_t seed) {
  if (tables.scroll_effects.empty()) {
    return nullptr;
  }
  return &tables.scroll_effects[make_effect_part(tables, scroll_part_seeds_for(seed).effect).picks[0]];
}

std::uint64_t scroll_seed_for_depth(const content_tables& tables, std::uint64_t base_seed, int depth) {
  const fight_rules& rules = tables.fights;
  const double reward = tables.scaling.at(depth).reward;
  const int candidates =
      std::clamp(static_cast<int>(std::floor(rules.best_of_per_reward * reward)), 1, std::max(rules.max_best_of, 1));
  const tape chain(base_seed);
  std::uint64_t best = chain.bits(0);
  double best_factor = scroll_price_factor(tables, best);
  for (int i = 1; i < candidates; ++i) {
    const std::uint64_t candidate = chain.bits(static_cast<std::uint64_t>(i));
    const double factor = scroll_price_factor(tables, candidate);
    if (factor > best_factor) {
      best = candidate;
      best_factor = factor;
    }
  }
  return best;
}

void register_scroll(artefact_registry& registry) {
  // The parts in the order their seeds are drawn: a part added later goes last, so no scroll already made
  // changes its name, tube, paper, writing or effect.
  const std::string type(scroll_type);
  registry.register_assembled_type(type, finish_scroll);
  registry.register_part(type, "name", make_name_part, read_scroll_name);
  registry.register_part(type, "tube", make_tube_part, read_scroll_tube);
  registry.register_part(type, "paper", make_paper_part, read_scroll_paper);
  registry.register_part(type, "writing", make_writing_part, read_scroll_writing);
  registry.register_part(type, "effect", make_effect_part, read_scroll_effect);
  registry.register_rule(type, {"paper", "writing"}, read_paper_with_writing);
}

const artefact_registry& scroll_registry() {
  static const artefact_registry registry = [] {
    artefact_registry r;
    register_scroll(r);
    return r;
  }();
  return registry;
}

blueprint make_scroll_blueprint(const content_tables& tables, std::uint64_t seed) {
  return *scroll_registry().make_blueprint(tables, scroll_type, seed);
}

std::optional<artefact> instantiate_scroll(const content_tables& tables, const blueprint& print) {
  if (print.type != scroll_type) {
    return std::nullopt;
  }
  return scroll_registry().instantiate(tables, print);
}

}  // namespace dw::content
