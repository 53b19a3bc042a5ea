#include "server/app/delayed_calls.hpp"

#include <utility>

namespace dw::app {

void delayed_calls::after(std::chrono::milliseconds delay, std::function<void()> fn) {
  if (cancelled_) {
    return;
  }
  const auto timer = timers_.emplace(timers_.end(), io_, delay);
  timer->async_wait([this, timer, fn = std::move(fn)](const boost::system::error_code& ec) {
    // Asio has moved this handler out of the timer's operation before calling it: the timer may go.
    timers_.erase(timer);
    if (!ec && !cancelled_) {  // (a call already due when cancel_all() came is cancelled too)
      fn();
    }
  });
}

void delayed_calls::cancel_all() {
  cancelled_ = true;
  for (boost::asio::steady_timer& timer : timers_) {
    timer.cancel();
  }
}

}  // namespace dw::app
