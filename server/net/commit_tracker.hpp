#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace dw::net {

/// Knows which persistent changes the writer thread has committed, so that output announcing a
/// change leaves only after the change is on disk. World thread only.
class commit_tracker {
 public:
  /// A change with this ticket was handed to the writer.
  void submitted(std::uint64_t ticket) { submitted_ = ticket; }
  std::uint64_t last_submitted() const { return submitted_; }
  std::uint64_t last_committed() const { return committed_; }
  bool is_committed(std::uint64_t ticket) const { return ticket <= committed_; }

  /// Runs `fn` once everything submitted so far has committed (at once if it already has).
  void when_committed(std::function<void()> fn) { when_committed(submitted_, std::move(fn)); }

  /// Runs `fn` once `ticket` has committed (at once if it already has).
  void when_committed(std::uint64_t ticket, std::function<void()> fn) {
    if (ticket <= committed_) {
      fn();
      return;
    }
    waiting_.push_back({ticket, std::move(fn)});
  }

  /// The writer committed everything up to `ticket` (posted from the writer thread).
  void committed(std::uint64_t ticket) {
    if (ticket > committed_) {
      committed_ = ticket;
    }
    // Callbacks may submit more and wait again: take the ready ones out first.
    std::vector<std::function<void()>> ready;
    std::erase_if(waiting_, [&](waiter& w) {
      if (w.ticket <= committed_) {
        ready.push_back(std::move(w.fn));
        return true;
      }
      return false;
    });
    for (auto& fn : ready) {
      fn();
    }
  }

 private:
  struct waiter {
    std::uint64_t ticket;
    std::function<void()> fn;
  };
  std::uint64_t submitted_ = 0;
  std::uint64_t committed_ = 0;
  std::vector<waiter> waiting_;
};

}  // namespace dw::net
