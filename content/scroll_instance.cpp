#include <algorithm>
#include <cmath>

#include "content/scroll.hpp"
#include "content/text_helpers.hpp"

namespace dw::content {

namespace {

/// The part's picks, if it has at least `count` and each fits its table.
bool fits(const blueprint_part* part, std::initializer_list<std::size_t> table_sizes) {
  if (part == nullptr || part->picks.size() < table_sizes.size()) {
    return false;
  }
  std::size_t i = 0;
  for (const std::size_t size : table_sizes) {
    if (part->picks[i++] >= size) {
      return false;
    }
  }
  return true;
}

std::string fill_text(std::string_view pattern, std::string_view name, std::string_view place) {
  std::string out;
  out.reserve(pattern.size() + 32);
  while (!pattern.empty()) {
    const auto open = pattern.find('{');
    out += pattern.substr(0, open);
    if (open == std::string_view::npos) {
      break;
    }
    pattern = pattern.substr(open);
    if (pattern.starts_with("{name}")) {
      out += name;
      pattern.remove_prefix(6);
    } else if (pattern.starts_with("{place}")) {
      out += place;
      pattern.remove_prefix(7);
    } else {
      out += '{';  // validation allows no other placeholder; keep stray braces as written
      pattern.remove_prefix(1);
    }
  }
  return out;
}

}  // namespace

std::string describe_paper_and_writing(const word_row& paper, const word_row& condition, const word_row& quality,
                                       const word_row& detail) {
  std::string out = capitalise(paper.word);
  out += ' ';
  out += condition.word;
  out += condition.good == quality.good ? " and " : " but ";
  out += quality.word;
  out += " writing ";
  out += detail.word;
  return out;
}

std::optional<artefact> instantiate_scroll(const content_tables& tables, const blueprint& print) {
  const scroll_tables& s = tables.scrolls;
  const blueprint_part* name_part = print.part("name");
  const blueprint_part* tube = print.part("tube");
  const blueprint_part* paper = print.part("paper");
  const blueprint_part* writing = print.part("writing");
  const blueprint_part* effect = print.part("effect");
  if (!fits(effect, {tables.scroll_effects.size()}) || print.type != scroll_type || name_part == nullptr || name_part->words.size() < 2 ||
      !fits(tube, {s.tube_qualities.size(), s.tube_materials.size()}) ||
      !fits(paper, {s.paper_materials.size(), s.paper_conditions.size()}) ||
      !fits(writing, {s.writing_qualities.size(), s.writing_details.size(), s.texts.size()})) {
    return std::nullopt;
  }
  const word_row& tube_quality = s.tube_qualities[tube->picks[0]];
  const word_row& tube_material = s.tube_materials[tube->picks[1]];
  const word_row& paper_material = s.paper_materials[paper->picks[0]];
  const word_row& paper_condition = s.paper_conditions[paper->picks[1]];
  const word_row& writing_quality = s.writing_qualities[writing->picks[0]];
  const word_row& writing_detail = s.writing_details[writing->picks[1]];
  const std::string& subject = name_part->words[0];
  const std::string& place = name_part->words[1];

  artefact a;
  a.type = print.type;
  a.seed = print.seed;
  a.name = "the Scroll of " + subject;
  a.short_description = with_article(tube_quality.word + " " + tube_material.word + " scroll tube");
  a.appearance = capitalise(a.short_description) + ". Rolled up inside it is " + a.name + ". " +
                 describe_paper_and_writing(paper_material, paper_condition, writing_quality, writing_detail) + ".";
  a.text = fill_text(s.texts[writing->picks[2]], subject, place);
  a.attributes = {{"tube quality", tube_quality.word, tube_quality.multiplier},
                  {"tube material", tube_material.word, tube_material.multiplier},
                  {"paper", paper_material.word, paper_material.multiplier},
                  {"paper condition", paper_condition.word, paper_condition.multiplier},
                  {"writing quality", writing_quality.word, writing_quality.multiplier},
                  {"writing detail", writing_detail.word, writing_detail.multiplier}};
  a.base_price = tables.fights.scroll_base_price;
  double factor = 1.0;
  for (const artefact_attribute& attribute : a.attributes) {
    factor *= attribute.multiplier;
  }
  // The effect's multiplier comes last, so the craft's product is what it was before effects.
  const scroll_effect& what = tables.scroll_effects[effect->picks[0]];
  a.effect = what.key;
  a.effect_name = what.name;
  a.effect_multiplier = what.multiplier;
  a.price = std::max<std::int64_t>(1, std::llround(a.base_price * factor * what.multiplier));
  return a;
}

}  // namespace dw::content
