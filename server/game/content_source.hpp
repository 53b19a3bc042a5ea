#pragma once

#include <memory>
#include <utility>

#include "content/content_tables.hpp"

namespace dw::game {

/// The content tables in use. `@reload content` swaps in new ones (already validated); parts read the
/// current ones through this holder at the moment they need them.
class content_source {
 public:
  explicit content_source(std::shared_ptr<const content::content_tables> tables) : tables_(std::move(tables)) {}
  const content::content_tables& get() const { return *tables_; }
  void set(std::shared_ptr<const content::content_tables> tables) { tables_ = std::move(tables); }

 private:
  std::shared_ptr<const content::content_tables> tables_;
};

}  // namespace dw::game
