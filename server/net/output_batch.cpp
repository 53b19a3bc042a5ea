#include "server/net/output_batch.hpp"

#include <boost/asio/execution/context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/query.hpp>

#include "server/net/session.hpp"

namespace dw::net {
namespace asio = boost::asio;

output_batch& output_batch::of(const asio::any_io_executor& executor) {
  return asio::use_service<output_batch>(asio::query(executor, asio::execution::context));
}

void output_batch::add(std::shared_ptr<session> s, const asio::any_io_executor& executor) {
  sessions_.push_back(std::move(s));
  if (!in_input_) {
    post_try(executor);
  }
}

void output_batch::end_input() {
  in_input_ = false;
  try_all();
}

void output_batch::abandon_input(const asio::any_io_executor& executor) {
  in_input_ = false;
  if (!sessions_.empty()) {
    post_try(executor);
  }
}

void output_batch::post_try(const asio::any_io_executor& executor) {
  if (posted_) {
    return;
  }
  posted_ = true;
  asio::post(executor, [this] {
    posted_ = false;
    try_all();
  });
}

void output_batch::try_all() {
  // Swapped out first: a session tried here may make output for others, which waits for the next round.
  trying_.swap(sessions_);
  for (const std::shared_ptr<session>& s : trying_) {
    s->write_now();
  }
  trying_.clear();
}

void output_batch::shutdown() {
  sessions_.clear();
  trying_.clear();
}

}  // namespace dw::net
