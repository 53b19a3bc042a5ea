#pragma once

#include "content/content_tables.hpp"

namespace dw::content {

/// The expected difficulty of a monster room at `depth`: the mean, over every die roll the tape can
/// give, of (the group's total hit points × the group's most damage per round). Computed exactly by
/// walking every monster, size class and count with its probability.
double expected_difficulty(const content_tables& tables, int depth);

/// The deepest depth at which any table changes (a band starts or a monster appears); beyond it only
/// the darkness growth acts. Checking difficulty from 0 to one past this covers every step.
int last_table_change_depth(const content_tables& tables);

}  // namespace dw::content
