// The session's way out: the writer coroutine, the direct write of a plain connection's ready output at the
// end of a handler (output_batch), and MCCP2's compressed wire. The rest of the session is session.cpp.
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "server/log/log.hpp"
#include "server/net/session.hpp"
#include "server/text/log_safe.hpp"

namespace dw::net {
namespace asio = boost::asio;
using asio::use_awaitable;

asio::awaitable<void> session::write_loop() {
  std::vector<asio::const_buffer> buffers;
  try {
    // Once shut, the socket is closed: nothing more can leave. Output still held for its batch would
    // otherwise keep this loop waiting for a wake-up that a closed session never gets.
    while (!shut_) {
      // In order: a chunk waits for its own batch, and everything after it waits for it.
      const std::size_t ready = queue_.ready(commits_);
      if (ready == 0) {
        if (queue_.empty() && closing_) {
          break;
        }
        boost::system::error_code ec;
        parked_ = true;
        co_await wake_.async_wait(asio::redirect_error(use_awaitable, ec));
        parked_ = false;
        wake_.expires_at(asio::steady_timer::time_point::max());
        continue;
      }
      if (gather_plain(ready, buffers)) {
        // One gathered write for everything that is ready: a command's output and its prompt together.
        co_await stream_->write(buffers);
        count_written(asio::buffer_size(buffers));
      } else {
        // MCCP2: compressed here, at write time, so only what really leaves goes into the stream (a chunk
        // of a failed batch was emptied before it got here), and flushed once per write.
        build_wire(ready);
        const asio::const_buffer wire = asio::buffer(wire_);
        co_await stream_->write(std::span(&wire, 1));
        count_written(wire_.size());
      }
      queue_.pop(ready);
    }
    if (deflate_.active() && !shut_) {
      // Closing: the compressed stream ends cleanly (Z_FINISH) before the socket shuts.
      wire_.clear();
      deflate_.finish(wire_);
      const asio::const_buffer wire = asio::buffer(wire_);
      co_await stream_->write(std::span(&wire, 1));
      count_written(wire_.size());
    }
  } catch (const boost::system::system_error& e) {
    if (e.code() != asio::error::operation_aborted && e.code() != asio::error::broken_pipe &&
        e.code() != asio::error::connection_reset && e.code() != asio::error::bad_descriptor) {
      log::debug("connection {} write error: {}", id_, e.code().message());
    }
  } catch (const std::exception& e) {
    // zlib failing (out of memory): this connection cannot go on, nobody else is touched.
    log::error("connection {} ({}): output compression failed: {}", id_, address_, log_safe(e.what()));
  }
  shut();
}

bool session::gather_plain(std::size_t ready, std::vector<asio::const_buffer>& buffers) const {
  if (deflate_.active()) {
    return false;
  }
  buffers.clear();
  bool switches = false;
  queue_.each(ready, [&](const std::string& bytes, write_queue::stream_switch after) {
    buffers.push_back(asio::buffer(bytes));
    switches = switches || after != write_queue::stream_switch::none;
  });
  return !switches;
}

void session::build_wire(std::size_t ready) {
  wire_.clear();
  queue_.each(ready, [this](const std::string& bytes, write_queue::stream_switch after) {
    if (deflate_.active()) {
      deflate_.write(bytes, wire_, false);
    } else {
      wire_.append(bytes);
    }
    switch (after) {
      case write_queue::stream_switch::compress_after:
        deflate_.start();  // the chunk just written ended with IAC SB MCCP2 IAC SE
        break;
      case write_queue::stream_switch::plain_after:
        deflate_.finish(wire_);
        break;
      case write_queue::stream_switch::none:
        break;
    }
  });
  if (deflate_.active()) {
    deflate_.write({}, wire_, true);  // Z_SYNC_FLUSH: prompts show at once
  }
}

void session::count_written(std::size_t bytes) {
  if (traffic_ == nullptr) {
    return;
  }
  traffic_->output_bytes[static_cast<std::size_t>(traffic_kind_)] += bytes;
  traffic_->mccp2_in += deflate_.bytes_in() - counted_compressed_in_;
  traffic_->mccp2_out += deflate_.bytes_out() - counted_compressed_out_;
  counted_compressed_in_ = deflate_.bytes_in();
  counted_compressed_out_ = deflate_.bytes_out();
}

void session::commits_advanced() {
  if (!queue_.empty()) {
    write_soon();
  }
}

void session::write_soon() {
  if (write_wanted_ || shut_) {
    return;
  }
  write_wanted_ = true;
  batch_.add(shared_from_this(), stream_->get_executor());
}

void session::write_now() {
  write_wanted_ = false;
  if (shut_ || !parked_) {
    return;  // gone, or the writer is writing and looks at the queue again when that write is done
  }
  const std::size_t ready = queue_.ready(commits_);
  if (ready == 0) {
    if (closing_ && queue_.empty()) {
      wake_.cancel();  // the writer closes the connection
    }
    return;  // what is queued waits for its batch to commit
  }
  // The kernel usually takes a reply whole: written here, with no coroutine to wake and no extra turn of
  // the event loop (issue 14: the CPU of a `look`). What it does not take, the writer waits to write.
  thread_local std::vector<asio::const_buffer> buffers;
  asio::ip::tcp::socket* socket = stream_->plain_socket();
  if (socket == nullptr || !gather_plain(ready, buffers)) {
    wake_.cancel();  // the writer coroutine: compression, TLS or WebSocket
    return;
  }
  const std::size_t total = asio::buffer_size(buffers);
  boost::system::error_code ec;
  const std::size_t written = socket->write_some(buffers, ec);
  if (ec) {
    wake_.cancel();  // would_block: the writer waits until the socket takes more; otherwise it meets the error
    return;
  }
  count_written(written);
  if (written == total) {
    queue_.pop(ready);
  } else {
    queue_.consume(written);
  }
  if (!queue_.empty() || closing_) {
    wake_.cancel();
  }
}

}  // namespace dw::net
