// The console sink on a pipe nobody reads: it drops and counts instead of blocking.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <spdlog/logger.h>
#include <unistd.h>
#include <chrono>
#include <future>
#include <stdexcept>
#include <string>

#include "server/app/nonblocking_fd_sink.hpp"

using dw::app::nonblocking_fd_sink;

namespace {

/// A pipe closed by the destructor; the test decides when (and whether) the read end is read.
struct test_pipe {
  int read_end = -1;
  int write_end = -1;
  test_pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
      throw std::runtime_error("pipe failed");
    }
    read_end = fds[0];
    write_end = fds[1];
    ::fcntl(read_end, F_SETFL, O_NONBLOCK);  // the test's own end: reading must not wait either
  }
  ~test_pipe() {
    close_read_end();
    ::close(write_end);
  }
  void close_read_end() {
    if (read_end >= 0) {
      ::close(read_end);
      read_end = -1;
    }
  }
  /// Everything the pipe holds right now.
  std::string drain() const {
    std::string out;
    char buf[4096];
    ssize_t n = 0;
    while ((n = ::read(read_end, buf, sizeof buf)) > 0) {
      out.append(buf, static_cast<std::size_t>(n));
    }
    return out;
  }
};

/// A synchronous logger straight onto the sink: whatever the sink does, the caller waits for.
std::shared_ptr<spdlog::logger> logger_on(std::shared_ptr<nonblocking_fd_sink> sink) {
  auto logger = std::make_shared<spdlog::logger>("test", std::move(sink));
  logger->set_pattern("%v");
  return logger;
}

}  // namespace

TEST(NonblockingFdSink, NeverBlocksOnAPipeNobodyReadsAndRecoversOnceItIsRead) {
  test_pipe pipe;
  auto sink = std::make_shared<nonblocking_fd_sink>(pipe.write_end);
  auto logger = logger_on(sink);
  const std::string payload(100, 'x');
  // About 1 MB, far beyond the 64 KiB a Linux pipe holds. Run on another thread so that a sink
  // that blocks fails this test instead of hanging it.
  auto flood = std::async(std::launch::async, [&] {
    for (int i = 0; i < 10000; ++i) {
      logger->info("{:05} {}", i, payload);
    }
  });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  const bool returned = flood.wait_until(deadline) == std::future_status::ready;
  std::string drained = pipe.drain();
  if (!returned) {
    // Unblock the writer so the test can end, then fail.
    while (flood.wait_for(std::chrono::milliseconds(10)) != std::future_status::ready) {
      drained += pipe.drain();
    }
  }
  ASSERT_TRUE(returned) << "logging 10,000 lines into a full pipe must not block";
  EXPECT_GT(sink->dropped(), 0u);
  EXPECT_LT(sink->dropped(), 10000u) << "lines go through until the pipe is full";
  ASSERT_FALSE(drained.empty());
  EXPECT_EQ(drained.back(), '\n') << "the pipe holds whole lines";
  EXPECT_EQ(drained.rfind("00000 xxx", 0), 0u) << "the first lines went through: " << drained.substr(0, 40);

  // Once the pipe is read again, lines get through, after a note of what was lost.
  const std::uint64_t dropped = sink->dropped();
  logger->info("after the drain");
  EXPECT_EQ(sink->dropped(), dropped);
  const std::string after = pipe.drain();
  EXPECT_EQ(after, std::to_string(dropped) + " log lines were dropped here: this output was not being read\n" +
                       "after the drain\n");
}

TEST(NonblockingFdSink, ALinePartlyWrittenIsFinishedBeforeTheNext) {
  test_pipe pipe;
  auto sink = std::make_shared<nonblocking_fd_sink>(pipe.write_end);
  auto logger = logger_on(sink);
  // Bigger than the pipe: the first part fits, the rest must wait for the reader.
  const std::string big(200 * 1024, 'b');
  logger->info("{}", big);
  EXPECT_EQ(sink->dropped(), 0u) << "a line that was partly written is not dropped";
  std::string read = pipe.drain();
  ASSERT_LT(read.size(), big.size());
  logger->info("next");  // writes more of the tail first; probably not all of it yet
  for (int round = 0; round < 10 && read.size() < big.size() + 1; ++round) {
    read += pipe.drain();
    logger->info("next");
  }
  read += pipe.drain();
  ASSERT_GT(read.size(), big.size());
  EXPECT_EQ(read.substr(0, big.size() + 1), big + "\n") << "the long line arrives whole, before anything else";
  const std::string rest = read.substr(big.size() + 1);
  EXPECT_EQ(rest.find("bb"), std::string::npos) << "nothing after it is interleaved with it";
  EXPECT_NE(rest.find("next\n"), std::string::npos) << rest;
}

TEST(NonblockingFdSink, AReaderThatLeftCostsLinesNotTheProcess) {
  test_pipe pipe;
  auto sink = std::make_shared<nonblocking_fd_sink>(pipe.write_end);
  auto logger = logger_on(sink);
  pipe.close_read_end();
  // A plain write() here would raise SIGPIPE and end this test program.
  logger->info("nobody will read this");
  EXPECT_EQ(sink->dropped(), 1u);
}

TEST(NonblockingFdSink, AFileGetsEveryLine) {
  char path[] = "/tmp/deepwell-sink-XXXXXX";
  const int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  {
    auto sink = std::make_shared<nonblocking_fd_sink>(fd);
    auto logger = logger_on(sink);
    for (int i = 0; i < 2000; ++i) {
      logger->info("line {}", i);
    }
    EXPECT_EQ(sink->dropped(), 0u);
  }
  EXPECT_EQ(::lseek(fd, 0, SEEK_END), static_cast<off_t>(10 * 7 + 90 * 8 + 900 * 9 + 1000 * 10));
  ::close(fd);
  ::unlink(path);
}
