// Cost of a room interior: each shipped script's map generated (seeds varying) at the script's own size
// and at 21x11, the largest interior, and measure() on such maps. The target is a median under 1 ms per
// 21x11 interior generated and measured (BENCHMARKS.md).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "mapgen/features.hpp"
#include "mapgen/script.hpp"

namespace {

using namespace dw::mapgen;

struct shipped {
  std::string name;  // the file's stem, e.g. flooded_tunnels
  std::shared_ptr<const generator> script;
};

std::vector<shipped> load_shipped() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(DW_INTERIORS_DIR)) {
    if (entry.path().extension() == ".json") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<shipped> out;
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    out.push_back({path.stem().string(), std::make_shared<const generator>(load_script(text.str(), path.string()))});
  }
  return out;
}

// Maps from seeds 1, 2, 3, ...: at the script's own size (drawn from its min..max), or at 21x11.
void generate(benchmark::State& state, const shipped& s, bool at_21x11) {
  std::uint64_t seed = 1;
  for (auto _ : state) {
    tile_map map = at_21x11 ? s.script->generate(seed++, 21, 11) : s.script->generate(seed++);
    benchmark::DoNotOptimize(map);
  }
  state.SetItemsProcessed(state.iterations());
}

// What the game pays per room: the interior and its features.
void interior_21x11(benchmark::State& state, const shipped& s) {
  const legend names = make_legend(s.script->entities());
  std::uint64_t seed = 1;
  for (auto _ : state) {
    const tile_map map = s.script->generate(seed++, 21, 11);
    interior_features f = measure(map, names);
    benchmark::DoNotOptimize(f);
  }
  state.SetItemsProcessed(state.iterations());
}

void measure_21x11(benchmark::State& state, const shipped& s) {
  const legend names = make_legend(s.script->entities());
  std::vector<tile_map> maps;
  for (std::uint64_t seed = 1; seed <= 64; ++seed) {
    maps.push_back(s.script->generate(seed, 21, 11));
  }
  std::size_t i = 0;
  for (auto _ : state) {
    interior_features f = measure(maps[i++ % maps.size()], names);
    benchmark::DoNotOptimize(f);
  }
  state.SetItemsProcessed(state.iterations());
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
    return 1;
  }
  // Registered at run time: one row per shipped script, whatever the folder holds.
  const std::vector<shipped> scripts = load_shipped();
  for (const shipped& s : scripts) {
    benchmark::RegisterBenchmark(("generate_own_size/" + s.name).c_str(), generate, s, false)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("generate_21x11/" + s.name).c_str(), generate, s, true)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("interior_21x11/" + s.name).c_str(), interior_21x11, s)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("measure_21x11/" + s.name).c_str(), measure_21x11, s)->Unit(benchmark::kMicrosecond);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
