#pragma once

#include <string>
#include <string_view>

#include "server/game/administration/administration.hpp"

namespace dw::game {

/// One administrative command's entry in the audit trail. The dispatcher opens one per command above
/// the player role; the command says how it ended (succeeded or failed, and what it did), and the entry
/// is written when the guard goes. A command that finishes later (after a read or a commit) keeps the
/// guard alive until then, so the trail records what really happened.
class audit_entry {
 public:
  audit_entry(administration& admin, std::string actor, std::string action);
  ~audit_entry();
  audit_entry(const audit_entry&) = delete;
  audit_entry& operator=(const audit_entry&) = delete;

  /// The command did what was asked: `result` says what ("banned Bob for 2h").
  void succeeded(std::string_view result);
  /// The command was refused or could not be done: `why`.
  void failed(std::string_view why);

 private:
  administration& admin_;
  std::string actor_;
  std::string action_;
  std::string result_;
  bool reported_ = false;
};

}  // namespace dw::game
