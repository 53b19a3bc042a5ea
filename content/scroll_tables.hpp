#pragma once

#include <string>
#include <vector>

namespace dw::content {

/// One row of a scroll attribute table: the word as it reads in a description, its price multiplier,
/// its relative chance, (where the table needs it) whether it reads as good or poor, and what it adds to
/// the artefact's weight.
struct word_row {
  std::string word;
  double multiplier = 1.0;
  int weight = 1;
  bool good = true;
  double pounds = 0.0;  ///< what the part weighs (optional "pounds"; 0 when not given)

  bool operator==(const word_row&) const = default;
};

/// scroll_tubes.toml, scroll_paper.toml, scroll_writing.toml.
struct scroll_tables {
  std::vector<word_row> tube_materials;     ///< "golden"
  std::vector<word_row> tube_qualities;     ///< "very ornate"
  std::vector<word_row> paper_materials;    ///< "vellum"
  std::vector<word_row> paper_conditions;   ///< "has torn a bit" (flagged good/poor)
  std::vector<word_row> writing_qualities;  ///< "good-quality" (flagged good/poor)
  std::vector<word_row> writing_details;    ///< "is decorative"
  std::vector<std::string> texts;           ///< what a scroll says; {name} and {place} are filled in

  bool operator==(const scroll_tables&) const = default;
};

}  // namespace dw::content
