#pragma once

// The report of a run, from the totals over the measured window, the server probe and the commands
// still unanswered at the end: a table on stdout for people and, with --json, the same figures as one
// JSON object for tools (run.sh reads it for the Deepwell / baseline ratios).
#include <cstdint>
#include <string>

#include "bench/load/options.hpp"
#include "bench/load/server_probe.hpp"
#include "bench/load/totals.hpp"

namespace dw::load {

/// Nanoseconds as milliseconds with three decimals ("0.317").
std::string ms(std::uint64_t ns);

/// The table, on stdout (flushed).
void print_report(const options& o, const totals& t, const server_probe& probe, std::uint64_t unfinished);
/// The figures as JSON, into the file --json names.
void write_json_report(const options& o, const totals& t, const server_probe& probe, std::uint64_t unfinished);

}  // namespace dw::load
