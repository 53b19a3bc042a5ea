#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include "server/store/accounts.hpp"
#include "server/store/branches.hpp"
#include "server/store/database.hpp"
#include "server/store/rooms.hpp"
#include "server/store/writer.hpp"
#include "tests/store/store_fixtures.hpp"
#include "tests/store/temp_dir.hpp"

namespace dw::store {
namespace {

using testing::make_branch;
using testing::make_room;
using testing::temp_dir;

constexpr int room_count = 300;

// Runs in the forked child: commits through a writer, says "ok" from on_committed, then waits to be killed.
[[noreturn]] void child_main(const std::string& path, int ready_fd) {
  try {
    const std::uint64_t last_ticket = 2 + room_count;
    writer w(path, [ready_fd, last_ticket](std::uint64_t committed, std::vector<write_failure>) {
      if (committed >= last_ticket) {
        [[maybe_unused]] const auto written = ::write(ready_fd, "ok", 2);
      }
    });
    w.submit([](database& db) { accounts::create(db, "Survivor", "hash", role::player, 42); });
    w.submit([](database& db) { branches::upsert(db, make_branch(1)); });
    for (int i = 0; i < room_count; ++i) {
      w.submit([i](database& db) { rooms::upsert(db, make_room(100 + i, 1, i, -i)); });
    }
    for (;;) {
      ::pause();  // SIGKILL ends us here, with the writer thread alive and the connection open
    }
  } catch (...) {
    [[maybe_unused]] const auto written = ::write(ready_fd, "xx", 2);
    ::_exit(1);
  }
}

TEST(Durability, CommittedDataSurvivesSigkill) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::close(fds[0]);
    child_main(path, fds[1]);
  }
  ::close(fds[1]);
  char reply[2] = {0, 0};
  std::size_t got = 0;
  while (got < sizeof reply) {
    const auto n = ::read(fds[0], reply + got, sizeof reply - got);
    if (n <= 0) {
      break;
    }
    got += static_cast<std::size_t>(n);
  }
  ::close(fds[0]);
  ::kill(pid, SIGKILL);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_EQ(std::string(reply, got), "ok");
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGKILL);

  database db = database::open(path);
  const auto account = accounts::find_by_name(db, "survivor");
  ASSERT_TRUE(account);
  EXPECT_EQ(account->created_at, 42);
  EXPECT_EQ(rooms::count_in_branch(db, 1), room_count);
  const auto last_room = rooms::load(db, 1, room_count - 1, -(room_count - 1));
  ASSERT_TRUE(last_room);
  EXPECT_EQ(last_room->contents, "m:goblin,3;f:0");
}

}  // namespace
}  // namespace dw::store
