#include "server/store/statement_lease.hpp"

#include <utility>

namespace dw::store {

statement_lease::statement_lease(std::unique_ptr<statement> owned) noexcept
    : st_(owned.get()), owned_(std::move(owned)) {}

statement_lease::statement_lease(statement_lease&& other) noexcept
    : st_(std::exchange(other.st_, nullptr)),
      busy_(std::exchange(other.busy_, nullptr)),
      owned_(std::move(other.owned_)) {}

statement_lease::~statement_lease() {
  if (st_ != nullptr) {
    st_->reset();
  }
  if (busy_ != nullptr) {
    *busy_ = false;
  }
}

}  // namespace dw::store
