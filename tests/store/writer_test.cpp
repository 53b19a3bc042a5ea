#include "server/store/writer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "server/store/accounts.hpp"
#include "server/store/database.hpp"
#include "server/store/stored_settings.hpp"
#include "server/store/store_error.hpp"
#include "tests/store/temp_dir.hpp"

namespace dw::store {
namespace {

using testing::temp_dir;

// Holds the writer thread inside a change until released, so the test knows exactly which
// changes queue up behind it and form the next batch. No sleeping involved.
class gate {
 public:
  writer::change blocker() {
    return [started = started_, open = open_.get_future().share()](database&) {
      started->set_value();
      open.wait();
    };
  }
  void wait_until_blocked() { started_future_.wait(); }
  void release() { open_.set_value(); }

 private:
  std::shared_ptr<std::promise<void>> started_ = std::make_shared<std::promise<void>>();
  std::future<void> started_future_ = started_->get_future();
  std::promise<void> open_;
};

writer::change set_setting(std::string key, std::string value) {
  return [key = std::move(key), value = std::move(value)](database& db) { settings::set(db, key, value); };
}

struct recorder {
  std::mutex mutex;
  std::vector<std::uint64_t> committed;
  std::vector<std::pair<std::uint64_t, std::string>> errors;
  std::vector<int> codes;

  writer::batch_handler handler() {
    return [this](std::uint64_t last, std::vector<write_failure> failed) {
      std::lock_guard lock(mutex);
      committed.push_back(last);
      for (const write_failure& f : failed) {
        errors.emplace_back(f.ticket, f.message);
        codes.push_back(f.code);
      }
    };
  }
};

TEST(Writer, TicketsIncreaseFromOne) {
  temp_dir dir;
  writer w(dir.file("deepwell.db"), {});
  EXPECT_EQ(w.committed(), 0u);
  EXPECT_EQ(w.submit(set_setting("a", "1")), 1u);
  EXPECT_EQ(w.submit(set_setting("b", "2")), 2u);
  EXPECT_EQ(w.submit(set_setting("c", "3")), 3u);
  EXPECT_EQ(w.submitted(), 3u);
  w.flush();
  EXPECT_EQ(w.committed(), 3u);
}

TEST(Writer, DataIsVisibleFromASecondConnectionAfterFlush) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  database reader = database::open(path);
  writer w(path, {});
  w.submit([](database& db) { accounts::create(db, "Writer", "h", role::player, 1); });
  w.submit(set_setting("motd", "persisted"));
  w.flush();
  EXPECT_TRUE(accounts::find_by_name(reader, "writer"));
  EXPECT_EQ(settings::get(reader, "motd"), "persisted");
}

TEST(Writer, ManySubmitsFromSeveralThreadsAllCommit) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  recorder rec;
  constexpr int threads = 4;
  constexpr int per_thread = 500;
  std::vector<std::vector<std::uint64_t>> tickets(threads);
  {
    writer w(path, rec.handler());
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        for (int i = 0; i < per_thread; ++i) {
          tickets[static_cast<std::size_t>(t)].push_back(
              w.submit(set_setting('t' + std::to_string(t) + "-" + std::to_string(i), "v")));
        }
      });
    }
    for (auto& worker : workers) {
      worker.join();
    }
    w.flush();
    EXPECT_EQ(w.committed(), static_cast<std::uint64_t>(threads * per_thread));
  }
  std::set<std::uint64_t> unique;
  for (const auto& list : tickets) {
    for (std::size_t i = 1; i < list.size(); ++i) {
      EXPECT_LT(list[i - 1], list[i]);  // increasing as seen by each submitting thread
    }
    unique.insert(list.begin(), list.end());
  }
  EXPECT_EQ(unique.size(), static_cast<std::size_t>(threads * per_thread));
  EXPECT_TRUE(rec.errors.empty());
  database db = database::open(path);
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM settings"), threads * per_thread);
}

TEST(Writer, OnCommittedSeesTheLastTicketInIncreasingOrder) {
  temp_dir dir;
  recorder rec;
  writer w(dir.file("deepwell.db"), rec.handler());
  std::uint64_t last = 0;
  for (int i = 0; i < 200; ++i) {
    last = w.submit(set_setting('k' + std::to_string(i), "v"));
  }
  w.flush();
  std::lock_guard lock(rec.mutex);
  ASSERT_FALSE(rec.committed.empty());
  EXPECT_EQ(rec.committed.back(), last);
  for (std::size_t i = 1; i < rec.committed.size(); ++i) {
    EXPECT_LT(rec.committed[i - 1], rec.committed[i]);
  }
}

TEST(Writer, QueuedChangesCommitTogetherInOneBatch) {
  temp_dir dir;
  recorder rec;
  writer w(dir.file("deepwell.db"), rec.handler());
  gate g;
  const auto first = w.submit(g.blocker());
  g.wait_until_blocked();
  std::uint64_t last = 0;
  for (int i = 0; i < 50; ++i) {
    last = w.submit(set_setting('k' + std::to_string(i), "v"));
  }
  g.release();
  w.flush();
  std::lock_guard lock(rec.mutex);
  EXPECT_EQ(rec.committed, (std::vector<std::uint64_t>{first, last}));
}

TEST(Writer, CountsWhatWaitsBatchesChangesFailuresAndCommitTimes) {
  temp_dir dir;
  writer w(dir.file("deepwell.db"), {});
  EXPECT_EQ(w.read_stats().batches, 0u);
  EXPECT_EQ(w.read_stats().commit_time.count(), 0u);
  gate g;
  w.submit(g.blocker());
  g.wait_until_blocked();
  for (int i = 0; i < 5; ++i) {
    w.submit(set_setting('k' + std::to_string(i), "v"));
  }
  w.submit([](database&) { throw std::runtime_error("no"); });
  EXPECT_EQ(w.read_stats().queued, 7u) << "the blocked batch and the six behind it";
  g.release();
  w.flush();
  const writer::stats s = w.read_stats();
  EXPECT_EQ(s.queued, 0u);
  EXPECT_EQ(s.batches, 2u) << "the blocker alone, then the six together (re-run one by one, counted once)";
  EXPECT_EQ(s.changes, 7u);
  EXPECT_EQ(s.failed, 1u);
  EXPECT_EQ(s.commit_time.count(), 2u);
  EXPECT_GT(s.commit_time.sum_ns(), 0u);
  std::uint64_t in_buckets = 0;
  for (const std::uint64_t n : s.commit_time.counts()) {
    in_buckets += n;
  }
  EXPECT_EQ(in_buckets, 2u);
}

TEST(Writer, OneFailingChangeDoesNotLoseTheOthers) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  recorder rec;
  writer w(path, rec.handler());
  gate g;
  w.submit(g.blocker());
  g.wait_until_blocked();
  w.submit(set_setting("before", "1"));
  const auto bad = w.submit([](database& db) {
    settings::set(db, "half-done", "must be rolled back");
    throw std::runtime_error("the rules say no");
  });
  const auto duplicate = w.submit([](database& db) {
    db.exec("INSERT INTO rooms (id, branch_id, x, y) VALUES (1, NULL, 5, 5)");  // room 1 exists: constraint error
  });
  const auto after = w.submit(set_setting("after", "2"));
  g.release();
  w.flush();

  EXPECT_EQ(w.committed(), after);
  {
    std::lock_guard lock(rec.mutex);
    ASSERT_EQ(rec.errors.size(), 2u);
    EXPECT_EQ(rec.errors[0].first, bad);
    EXPECT_EQ(rec.errors[0].second, "the rules say no");
    EXPECT_EQ(rec.errors[1].first, duplicate);
    EXPECT_NE(rec.errors[1].second.find("UNIQUE"), std::string::npos) << rec.errors[1].second;
    EXPECT_EQ(rec.committed.back(), after);
  }
  database reader = database::open(path);
  EXPECT_EQ(settings::get(reader, "before"), "1");
  EXPECT_EQ(settings::get(reader, "after"), "2");
  EXPECT_FALSE(settings::get(reader, "half-done"));
}

TEST(Writer, ALoneFailingChangeIsReportedOnceAndTheWriterCarriesOn) {
  temp_dir dir;
  recorder rec;
  writer w(dir.file("deepwell.db"), rec.handler());
  std::atomic<int> runs{0};
  const auto bad = w.submit([&runs](database&) {
    ++runs;
    throw store_error(1, "broken");
  });
  w.flush();
  EXPECT_EQ(w.committed(), bad);
  const auto good = w.submit(set_setting("k", "v"));
  w.flush();
  EXPECT_EQ(w.committed(), good);
  EXPECT_EQ(runs.load(), 1);
  std::lock_guard lock(rec.mutex);
  ASSERT_EQ(rec.errors.size(), 1u);
  EXPECT_EQ(rec.errors[0].first, bad);
}

TEST(Writer, DestructorCommitsEverythingQueued) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  {
    writer w(path, {});
    gate g;
    w.submit(g.blocker());
    g.wait_until_blocked();
    for (int i = 0; i < 100; ++i) {
      w.submit(set_setting('k' + std::to_string(i), "v"));
    }
    g.release();
  }  // no flush: the destructor must drain
  database db = database::open(path);
  EXPECT_EQ(db.query_int64("SELECT count(*) FROM settings"), 100);
}

TEST(Writer, FlushWithNothingSubmittedReturns) {
  temp_dir dir;
  writer w(dir.file("deepwell.db"), {});
  w.flush();
  EXPECT_EQ(w.committed(), 0u);
}

TEST(Writer, OpenErrorsThrowFromTheConstructor) {
  temp_dir dir;
  EXPECT_THROW(writer(dir.file("missing/dir/deepwell.db"), {}), store_error);
}

TEST(Writer, HandlerThatThrowsDoesNotStopTheWriter) {
  temp_dir dir;
  writer w(dir.file("deepwell.db"),
           [](std::uint64_t, std::vector<write_failure>) { throw std::runtime_error("handler bug"); });
  w.submit(set_setting("a", "1"));
  w.flush();
  const auto second = w.submit(set_setting("b", "2"));
  w.flush();
  EXPECT_EQ(w.committed(), second);
}

TEST(Writer, AFullDiskFailsEachChangeWithItsCodeAndWritingResumesWhenSpaceReturns) {
  temp_dir dir;
  const std::string path = dir.file("deepwell.db");
  database db = database::open(path);
  // A page cap stands in for a full disk: SQLite answers SQLITE_FULL exactly as it does for ENOSPC.
  const std::int64_t pages = db.query_int64("PRAGMA page_count");
  db.exec("PRAGMA max_page_count = " + std::to_string(pages + 2));
  recorder rec;
  writer w(std::move(db), rec.handler());
  const std::string big(64 * 1024, 'x');
  std::vector<std::uint64_t> tickets;
  for (int i = 0; i < 5; ++i) {
    tickets.push_back(w.submit(set_setting("big" + std::to_string(i), big)));
  }
  w.flush();
  {
    std::lock_guard lock(rec.mutex);
    ASSERT_EQ(rec.errors.size(), 5u) << "64 KiB does not fit in two pages";
    for (std::size_t i = 0; i < 5; ++i) {
      EXPECT_EQ(rec.errors[i].first, tickets[i]);
      EXPECT_EQ(rec.codes[i] & 0xff, 13) << "SQLITE_FULL: " << rec.errors[i].second;
    }
  }
  // Space comes back (the cap is lifted on the writer's own connection): the next write commits.
  w.submit([](database& d) { d.exec("PRAGMA max_page_count = 1073741823"); });
  const auto good = w.submit(set_setting("big", big));
  w.flush();
  {
    std::lock_guard lock(rec.mutex);
    EXPECT_EQ(rec.errors.size(), 5u) << "no new failure once space returned";
  }
  database reader = database::open(path);
  EXPECT_EQ(settings::get(reader, "big"), big);
  EXPECT_FALSE(settings::get(reader, "big0"));
  EXPECT_EQ(w.committed(), good);
}

}  // namespace
}  // namespace dw::store
