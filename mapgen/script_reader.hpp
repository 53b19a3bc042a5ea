#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "mapgen/json.hpp"
#include "mapgen/rule_parser.hpp"
#include "mapgen/script.hpp"
#include "mapgen/script_model.hpp"

// What the script loader's parts share: checked reads of JSON values that fail with a script_error
// naming the file and the value's JSON path. Internal to mapgen.
namespace dw::mapgen::detail {

class script_reader {
 public:
  explicit script_reader(std::string_view file) : file_(file) {}

  [[nodiscard]] const std::string& file() const noexcept { return file_; }

  /// Throws script_error at `where` (its path; line:column for the root).
  [[noreturn]] void fail(const json::value& where, const std::string& message) const;
  /// Throws script_error at an explicit path.
  [[noreturn]] void fail_at(std::string path, const std::string& message) const;
  /// A warning about `where`, worded as a script_error's what(): "<file>: <json path>: <message>".
  [[nodiscard]] std::string warning(const json::value& where, const std::string& message) const;

  /// `v` must be of kind `k`.
  void expect(const json::value& v, json::kind k) const;
  /// Every key of object `v` must be in `known`; `what` names the object in the message.
  void only_keys(const json::value& v, std::initializer_list<std::string_view> known, std::string_view what) const;
  /// The member `key` of object `v`, which must be there.
  const json::value& required(const json::value& v, std::string_view key) const;

  /// A string, or a number as written (Marahel writes numbers as strings; both are accepted).
  std::string scalar(const json::value& v) const;
  /// A whole number in [lo, hi] (string or number).
  int whole(const json::value& v, int lo, int hi) const;
  /// A number in [lo, hi] (string or number).
  double real(const json::value& v, double lo, double hi) const;
  /// "WxH" with each side in [lo, hi].
  std::pair<int, int> size(const json::value& v, int lo, int hi) const;

 private:
  std::string file_;
};

/// Reads the `explorers` array into `target` (explorer_loader.cpp).
void load_explorers(const script_reader& reader, const json::value& explorers, script& target, rule_parser& rules);

}  // namespace dw::mapgen::detail
