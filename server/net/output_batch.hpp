#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/execution_context.hpp>
#include <memory>
#include <vector>

namespace dw::net {

class session;

/// The sessions of one io_context whose output may be written now, tried once at the end of the handler
/// that made it: everything one handler did to a connection leaves in one write, with no coroutine woken
/// and no extra turn of the event loop (issue 14: the CPU of a command). While a session handles input the
/// session tries them itself when it is done; otherwise one posted handler does. An Asio service: one per
/// io_context, and whatever it still holds goes with it. World thread only.
class output_batch : public boost::asio::execution_context::service {
 public:
  static inline boost::asio::execution_context::id id;

  explicit output_batch(boost::asio::execution_context& owner) : service(owner) {}
  /// The batch of the io_context `executor` runs on.
  static output_batch& of(const boost::asio::any_io_executor& executor);

  /// `s` has output that may leave.
  void add(std::shared_ptr<session> s, const boost::asio::any_io_executor& executor);
  /// A session starts handling input: what is added meanwhile waits for end_input().
  void begin_input() { in_input_ = true; }
  /// The input is handled: tries every session added.
  void end_input();
  /// The input's handling threw: a posted handler tries what was added.
  void abandon_input(const boost::asio::any_io_executor& executor);

 private:
  void shutdown() override;
  void post_try(const boost::asio::any_io_executor& executor);
  void try_all();

  std::vector<std::shared_ptr<session>> sessions_;
  std::vector<std::shared_ptr<session>> trying_;  ///< reused: swapped with sessions_ while they are tried
  bool posted_ = false;
  bool in_input_ = false;
};

}  // namespace dw::net
