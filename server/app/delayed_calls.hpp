#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstddef>
#include <functional>
#include <list>

namespace dw::app {

/// The world's delayed calls (services::after): a fight's next round, the answer to a failed login.
/// Each is a timer kept here, so that shutdown can cancel them all and the io_context's run() can
/// return by itself instead of waiting for the longest of them. World thread only.
class delayed_calls {
 public:
  explicit delayed_calls(boost::asio::io_context& io) : io_(io) {}
  delayed_calls(const delayed_calls&) = delete;
  delayed_calls& operator=(const delayed_calls&) = delete;

  /// Runs `fn` on the world thread after `delay`, unless cancel_all() comes first. After cancel_all()
  /// it does nothing: the server is stopping, and nothing may keep it waiting.
  void after(std::chrono::milliseconds delay, std::function<void()> fn);
  /// Cancels every pending call (none of them runs) and refuses new ones. Their timers complete at
  /// once, as cancelled.
  void cancel_all();
  /// Calls waiting for their time.
  std::size_t pending() const { return timers_.size(); }

 private:
  boost::asio::io_context& io_;
  std::list<boost::asio::steady_timer> timers_;  ///< a list: each completion erases its own timer by iterator
  bool cancelled_ = false;
};

}  // namespace dw::app
