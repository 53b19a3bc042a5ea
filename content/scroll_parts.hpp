#pragma once
// How each part of a scroll reads its tables (scroll_instance.cpp); register_scroll registers them.
// Internal to the scroll files: the rest of the code reaches scrolls through the registry.

#include <span>

#include "content/artefact_registry.hpp"

namespace dw::content {

/// "name": the subject and the place its text names.
bool read_scroll_name(const content_tables& tables, const blueprint_part& part, artefact_draft& draft);
/// "tube": quality and material (the short description; two price attributes; the material's pounds).
bool read_scroll_tube(const content_tables& tables, const blueprint_part& part, artefact_draft& draft);
/// "paper": material and condition (two price attributes; the material's pounds).
bool read_scroll_paper(const content_tables& tables, const blueprint_part& part, artefact_draft& draft);
/// "writing": quality, detail and which text (two price attributes; the text pattern).
bool read_scroll_writing(const content_tables& tables, const blueprint_part& part, artefact_draft& draft);
/// "effect": what reading it does, and its price multiplier.
bool read_scroll_effect(const content_tables& tables, const blueprint_part& part, artefact_draft& draft);
/// ("paper", "writing") together: the one sentence describe_paper_and_writing makes of them.
bool read_paper_with_writing(const content_tables& tables, std::span<const blueprint_part* const> parts,
                             artefact_draft& draft);
/// The scroll's name, short description, appearance and text from its parts' words.
bool finish_scroll(const content_tables& tables, artefact_draft& draft);

}  // namespace dw::content
