// deepwell-mapgen: runs a map generator script and prints its maps, for content authors tuning a script.
//   deepwell-mapgen SCRIPT.json [--seed N] [--count K] [--stats] [--quiet] [--size WxH] [--glyph NAME=C]
// Maps and statistics go to stdout; usage mistakes, script errors and the script's warnings (parameters
// it ignores) to stderr.
// Exit codes: 0 done, 1 bad command line, 2 the script cannot be read or loaded (its message on stderr).
#include <CLI/CLI.hpp>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "mapgen/features.hpp"
#include "mapgen/render.hpp"
#include "mapgen/script.hpp"
#include "mapgen/step.hpp"
#include "mapgen/tool/feature_summary.hpp"

namespace {

using namespace dw::mapgen;

constexpr int exit_bad_usage = 1;
constexpr int exit_bad_script = 2;
constexpr int max_side = 200;  // generator::generate's bound on each side
constexpr std::uint64_t max_count = 100'000;

// "WxH" with each side in 1..max_side, or std::nullopt.
std::optional<std::pair<int, int>> parse_size(const std::string& text) {
  int w = 0;
  int h = 0;
  char x = 0;
  std::istringstream in(text);
  if (!(in >> w >> x >> h) || (x != 'x' && x != 'X') || !in.eof() || w < 1 || h < 1 || w > max_side || h > max_side) {
    return std::nullopt;
  }
  return std::pair{w, h};
}

// "name=c": a glyph override.
std::optional<std::pair<std::string, char>> parse_glyph(const std::string& text) {
  const std::size_t eq = text.rfind('=');
  if (eq == std::string::npos || eq == 0 || eq + 2 != text.size()) {
    return std::nullopt;
  }
  return std::pair{text.substr(0, eq), text[eq + 1]};
}

std::string steps_help() {
  std::string text = "Named steps (an explorer \"type\" besides Marahel's own):\n";
  for (const step_kind& k : step_kinds()) {
    text += "  " + std::string(k.name) + ": " + std::string(k.summary) + "\n";
  }
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App cli{"Runs a Deepwell map generator script (Marahel's JSON language) and prints its maps"};
  std::string script_path;
  std::uint64_t seed = 1;
  std::uint64_t count = 1;
  bool stats = false;
  bool quiet = false;
  std::string size_text;
  std::vector<std::string> glyph_texts;
  cli.add_option("script", script_path, "The script, e.g. content/interiors/flooded_tunnels.json")->required();
  cli.add_option("--seed", seed, "Seed of the first map; the next ones take seed+1, seed+2, ... (default 1)");
  cli.add_option("--count", count, "How many maps (default 1)")->check(CLI::Range(std::uint64_t{1}, max_count));
  cli.add_flag("--stats", stats, "Print each map's measured features, then min/median/max over all maps");
  cli.add_flag("--quiet", quiet, "With --stats: print only the summary");
  cli.add_option("--size", size_text, "Generate at this size (WxH) instead of one drawn from the script's min..max");
  cli.add_option("--glyph", glyph_texts, "Show an entity with another glyph, e.g. --glyph water=w (repeatable)");
  cli.footer(steps_help());
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 prints the help or the mistake; its own exit codes (100 and up) are folded into one.
    return cli.exit(e) == 0 ? 0 : exit_bad_usage;
  }

  std::optional<std::pair<int, int>> size;
  if (!size_text.empty()) {
    size = parse_size(size_text);
    if (!size) {
      std::cerr << "--size: expected WxH with each side 1.." << max_side << ", got \"" << size_text << "\"\n";
      return exit_bad_usage;
    }
  }
  std::vector<std::pair<std::string, char>> overrides;
  for (const std::string& g : glyph_texts) {
    const auto parsed = parse_glyph(g);
    if (!parsed) {
      std::cerr << "--glyph: expected NAME=C (one character), got \"" << g << "\"\n";
      return exit_bad_usage;
    }
    overrides.push_back(*parsed);
  }

  std::ifstream file(script_path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  if (!file) {
    std::cerr << script_path << ": cannot be read\n";
    return exit_bad_script;
  }
  std::optional<generator> script;
  try {
    script.emplace(load_script(text.str(), script_path));
  } catch (const script_error& e) {
    std::cerr << e.what() << "\n";
    return exit_bad_script;
  }
  for (const std::string& w : script->warnings()) {
    std::cerr << "warning: " << w << "\n";
  }

  const glyph_set glyphs = make_glyphs(script->entities(), overrides);
  const legend names = make_legend(script->entities());
  run_summary run;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t s = seed + i;
    const tile_map map = size ? script->generate(s, size->first, size->second) : script->generate(s);
    const interior_features features = measure(map, names);
    if (stats) {
      run.add(map, features);
    }
    if (stats && quiet) {
      continue;
    }
    std::cout << "seed " << s << "  " << map.width() << "x" << map.height() << "\n";
    for (const std::string& line : render(map, glyphs)) {
      std::cout << line << "\n";
    }
    std::cout << render_legend(map, glyphs) << "\n";
    if (stats) {
      for (const std::string& line : features_lines(features)) {
        std::cout << line << "\n";
      }
    }
    std::cout << "\n";
  }
  if (stats) {
    std::cout << "over " << run.maps() << " map(s) from seed " << seed << ":\n";
    for (const std::string& line : summary_table(run)) {
      std::cout << line << "\n";
    }
  }
  return 0;
}
