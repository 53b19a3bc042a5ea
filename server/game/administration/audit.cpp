#include "server/game/administration/audit.hpp"


#include "server/log/log.hpp"
#include "server/text/log_safe.hpp"

namespace dw::game {
namespace {
/// The first line of what a command said, without its line end.
std::string_view first_line(std::string_view text) {
  text = text.substr(0, text.find('\n'));
  return text.substr(0, 400);
}
}  // namespace

audit_entry::audit_entry(administration& admin, std::string actor, std::string action)
    : admin_(admin), actor_(std::move(actor)), action_(std::move(action)) {}

audit_entry::~audit_entry() {
  const std::string result = reported_ ? result_ : std::string("no result reported");
  try {
    log::info("admin {}: {} -> {}", actor_, log_safe(action_), log_safe(result));
    admin_.audit(actor_, action_, result);
  } catch (...) {
    // A destructor must not throw; the event this belonged to is being taken back anyway.
  }
}

void audit_entry::succeeded(std::string_view result) {
  reported_ = true;
  result_ = "ok: " + std::string(first_line(result));
}

void audit_entry::failed(std::string_view why) {
  reported_ = true;
  result_ = "failed: " + std::string(first_line(why));
}

}  // namespace dw::game
