#include <algorithm>
#include <cmath>

#include "content/scroll.hpp"
#include "content/scroll_parts.hpp"
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

namespace {

bool fits_part(const blueprint_part& part, std::initializer_list<std::size_t> table_sizes) {
  return fits(&part, table_sizes);
}

}  // namespace

bool read_scroll_name(const content_tables&, const blueprint_part& part, artefact_draft& draft) {
  if (part.words.size() < 2) {
    return false;
  }
  draft.words["subject"] = part.words[0];
  draft.words["place"] = part.words[1];
  return true;
}

bool read_scroll_tube(const content_tables& tables, const blueprint_part& part, artefact_draft& draft) {
  const scroll_tables& s = tables.scrolls;
  if (!fits_part(part, {s.tube_qualities.size(), s.tube_materials.size()})) {
    return false;
  }
  const word_row& quality = s.tube_qualities[part.picks[0]];
  const word_row& material = s.tube_materials[part.picks[1]];
  draft.words["tube"] = quality.word + " " + material.word;
  draft.made.attributes.push_back({"tube quality", quality.word, quality.multiplier});
  draft.made.attributes.push_back({"tube material", material.word, material.multiplier});
  draft.made.pounds += quality.pounds + material.pounds;
  return true;
}

bool read_scroll_paper(const content_tables& tables, const blueprint_part& part, artefact_draft& draft) {
  const scroll_tables& s = tables.scrolls;
  if (!fits_part(part, {s.paper_materials.size(), s.paper_conditions.size()})) {
    return false;
  }
  const word_row& material = s.paper_materials[part.picks[0]];
  const word_row& condition = s.paper_conditions[part.picks[1]];
  draft.made.attributes.push_back({"paper", material.word, material.multiplier});
  draft.made.attributes.push_back({"paper condition", condition.word, condition.multiplier});
  draft.made.pounds += material.pounds + condition.pounds;
  return true;
}

bool read_scroll_writing(const content_tables& tables, const blueprint_part& part, artefact_draft& draft) {
  const scroll_tables& s = tables.scrolls;
  if (!fits_part(part, {s.writing_qualities.size(), s.writing_details.size(), s.texts.size()})) {
    return false;
  }
  const word_row& quality = s.writing_qualities[part.picks[0]];
  const word_row& detail = s.writing_details[part.picks[1]];
  draft.made.attributes.push_back({"writing quality", quality.word, quality.multiplier});
  draft.made.attributes.push_back({"writing detail", detail.word, detail.multiplier});
  draft.words["text"] = s.texts[part.picks[2]];
  return true;
}

bool read_scroll_effect(const content_tables& tables, const blueprint_part& part, artefact_draft& draft) {
  if (!fits_part(part, {tables.scroll_effects.size()})) {
    return false;
  }
  const scroll_effect& what = tables.scroll_effects[part.picks[0]];
  draft.made.effect = what.key;
  draft.made.effect_name = what.name;
  draft.made.effect_multiplier = what.multiplier;
  return true;
}

bool read_paper_with_writing(const content_tables& tables, std::span<const blueprint_part* const> parts,
                             artefact_draft& draft) {
  // (both parts were read on their own first, so their picks fit the tables)
  const scroll_tables& s = tables.scrolls;
  const blueprint_part& paper = *parts[0];
  const blueprint_part& writing = *parts[1];
  draft.words["paper and writing"] =
      describe_paper_and_writing(s.paper_materials[paper.picks[0]], s.paper_conditions[paper.picks[1]],
                                 s.writing_qualities[writing.picks[0]], s.writing_details[writing.picks[1]]);
  return true;
}

bool finish_scroll(const content_tables& tables, artefact_draft& draft) {
  artefact& a = draft.made;
  const std::string& subject = draft.word("subject");
  a.name = "the Scroll of " + subject;
  a.short_description = with_article(draft.word("tube") + " scroll tube");
  a.appearance = capitalise(a.short_description) + ". Rolled up inside it is " + a.name + ". " +
                 draft.word("paper and writing") + ".";
  a.text = fill_text(draft.word("text"), subject, draft.word("place"));
  a.base_price = tables.fights.scroll_base_price;
  return true;
}

}  // namespace dw::content
