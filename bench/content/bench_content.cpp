// Throughput of the content layer's hot paths: populating new rooms, fighting rounds and generating
// scroll artefacts. Google Benchmark prints the table; items_per_second is the figure to report.

#include <benchmark/benchmark.h>

#include <stdexcept>
#include <variant>

#include "content/content_loader.hpp"
#include "content/fight_round.hpp"
#include "content/markov_names.hpp"
#include "content/room_description.hpp"
#include "content/room_interior.hpp"
#include "content/room_roll.hpp"
#include "content/scroll.hpp"
#include "seed/mix64.hpp"

namespace {

using namespace dw::content;

content_tables load_tables() {
  auto loaded = load_content(DW_CONTENT_DIR);
  if (const auto* error = std::get_if<content_error>(&loaded)) {
    throw std::runtime_error(error->to_string());
  }
  return std::get<content_tables>(std::move(loaded));
}

void bm_roll_room(benchmark::State& state) {
  const content_tables tables = load_tables();
  const int depth = static_cast<int>(state.range(0));
  std::int64_t x = 0;
  for (auto _ : state) {
    const tape t(tape_seed(20261122, 1, x++, depth));
    room_contents room = roll_room(tables, t, depth, {});
    benchmark::DoNotOptimize(room);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("rooms");
}
BENCHMARK(bm_roll_room)->Arg(0)->Arg(50)->Arg(150);

void bm_roll_and_describe_room(benchmark::State& state) {
  const content_tables tables = load_tables();
  std::int64_t x = 0;
  for (auto _ : state) {
    const std::uint64_t seed = tape_seed(20261122, 1, x++, 40);
    room_contents room = roll_room(tables, tape(seed), 40, {});
    room_description look = describe_room(tables, 40, seed);
    benchmark::DoNotOptimize(room);
    benchmark::DoNotOptimize(look);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("rooms");
}
BENCHMARK(bm_roll_and_describe_room);

/// A whole room interior as the game makes it on first need: the band's script, the measure, the words, two
/// doors. Depth 0 (flooded tunnels, stone passages), 20 (clay chambers, root caves), 70 (pillared halls,
/// granite vaults).
void bm_make_interior(benchmark::State& state) {
  const content_tables tables = load_tables();
  const auto depth = static_cast<int>(state.range(0));
  std::uint64_t n = 1;
  for (auto _ : state) {
    auto room = make_interior(tables, depth, dw::seed::mix64(n++), side_west | side_east);
    benchmark::DoNotOptimize(room);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("interiors");
}
BENCHMARK(bm_make_interior)->Arg(0)->Arg(20)->Arg(70);

void bm_generate_scroll(benchmark::State& state) {
  const content_tables tables = load_tables();
  artefact_registry registry;
  register_scroll(registry);
  std::uint64_t seed = 1;
  for (auto _ : state) {
    auto scroll = registry.generate(tables, scroll_type, dw::seed::mix64(seed++));
    benchmark::DoNotOptimize(scroll);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("scrolls");
}
BENCHMARK(bm_generate_scroll);

void bm_scroll_blueprint_only(benchmark::State& state) {
  const content_tables tables = load_tables();
  std::uint64_t seed = 1;
  for (auto _ : state) {
    blueprint print = make_scroll_blueprint(tables, dw::seed::mix64(seed++));
    benchmark::DoNotOptimize(print);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("blueprints");
}
BENCHMARK(bm_scroll_blueprint_only);

void bm_scroll_seed_for_depth(benchmark::State& state) {
  const content_tables tables = load_tables();
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t seed = 1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(scroll_seed_for_depth(tables, dw::seed::mix64(seed++), depth));
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("loot scroll seeds");
}
BENCHMARK(bm_scroll_seed_for_depth)->Arg(0)->Arg(100);

void bm_markov_name(benchmark::State& state) {
  const content_tables tables = load_tables();
  std::uint64_t seed = 1;
  for (auto _ : state) {
    std::string name = tables.names.generate(dw::seed::mix64(seed++));
    benchmark::DoNotOptimize(name);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("names");
}
BENCHMARK(bm_markov_name);

void bm_fight_round(benchmark::State& state) {
  const content_tables tables = load_tables();
  const std::vector<fighter> party = {fighter{1, 1'000'000, 1'000'000, "short_sword", "leather_coat"},
                                      fighter{2, 1'000'000, 1'000'000, std::nullopt, std::nullopt}};
  // One long fight: monsters with effectively endless hp, so every iteration is a full round.
  fight_state fight;
  fight.monster_key = "cave_troll";
  fight.size_key = "large";
  fight.depth = 40;
  fight.hp_each = 1'000'000;
  fight.damage_each = 1;
  fight.monster_hp.assign(3, 1'000'000);
  const tape t(tape_seed(1, 1, 1, 1));
  for (auto _ : state) {
    round_result r = fight_round(tables, t, fight, party);
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("rounds (2 fighters)");
}
BENCHMARK(bm_fight_round);

/// The same long fight with every behaviour (issue 27): the extra tape values, events and their state.
void bm_fight_round_behaviours(benchmark::State& state) {
  const content_tables tables = load_tables();
  const std::vector<fighter> party = {fighter{1, 1'000'000, 1'000'000, "short_sword", "leather_coat"},
                                      fighter{2, 1'000'000, 1'000'000, std::nullopt, std::nullopt}};
  fight_state fight;
  fight.monster_key = "cave_troll";
  fight.size_key = "large";
  fight.depth = 40;
  fight.hp_each = 1'000'000;
  fight.damage_each = 1;
  fight.monster_hp.assign(3, 1'000'000);
  for (std::size_t b = 0; b < behaviour_count; ++b) {
    fight.behaviours.add(static_cast<behaviour>(b));
  }
  const tape t(tape_seed(1, 1, 1, 1));
  for (auto _ : state) {
    round_result r = fight_round(tables, t, fight, party);
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("rounds (2 fighters, 8 behaviours)");
}
BENCHMARK(bm_fight_round_behaviours);

void bm_load_content(benchmark::State& state) {
  for (auto _ : state) {
    content_tables tables = load_tables();
    benchmark::DoNotOptimize(tables);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("full loads");
}
BENCHMARK(bm_load_content)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
