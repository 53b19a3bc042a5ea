#include "bench/play/branch_walk.hpp"

#include <regex>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace dw::bench {
namespace {

constexpr std::array<std::pair<std::string_view, std::string_view>, 4> opposites{
    {{"north", "south"}, {"east", "west"}, {"south", "north"}, {"west", "east"}}};

}  // namespace

std::string back_of(std::string_view dir) {
  for (const auto& [d, back] : opposites) {
    if (d == dir) {
      return std::string(back);
    }
  }
  throw std::runtime_error("no direction " + std::string(dir));
}

std::optional<std::string> first_unexplored(const std::string& room) {
  std::istringstream lines(room);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("Exits: ", 0) != 0) {
      continue;
    }
    std::size_t start = 7;
    while (start < line.size()) {
      const std::size_t comma = line.find(", ", start);
      const std::string item = line.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      if (item.find("(unexplored)") != std::string::npos) {
        return item.substr(0, item.find(' '));
      }
      if (comma == std::string::npos) {
        break;
      }
      start = comma + 2;
    }
  }
  return std::nullopt;
}

std::optional<std::string> place_of(const std::string& room) {
  static const std::regex header(R"(  \[(.+, -?\d+,-?\d+), depth \d+\])");
  std::smatch m;
  if (std::regex_search(room, m, header)) {
    return m[1].str();
  }
  return std::nullopt;
}

}  // namespace dw::bench
