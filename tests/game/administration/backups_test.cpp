// The backup schedule (administration/backups.hpp) with a services fake that records what is asked of the
// backup thread and answers when the test says: when scheduled backups begin, one at a time, @backup's refusal
// while one runs, and a live change of backup.interval_seconds.
#include "server/game/administration/backups.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "server/game/roster/roster.hpp"

namespace dw::game {
namespace {

class recording_services final : public services {
 public:
  void run_blocking(std::function<void(storage::loader&)>, std::function<void(const read_result&)>) override {}
  std::uint64_t commit(storage::batch, std::function<void(const commit_result&)>) override { return 0; }
  void after_commit(std::function<void()>) override {}
  void after(std::chrono::milliseconds, std::function<void()>) override {}
  std::int64_t now() override { return 0; }
  void stop_server() override {}
  void reboot(std::uint64_t) override {}
  void take_backup(std::int64_t keep, std::function<void(const backup_report&)> done) override {
    kept.push_back(keep);
    pending.push_back(std::move(done));
  }
  /// The backup thread answers the oldest request.
  void finish(bool ok) {
    auto done = std::move(pending.front());
    pending.erase(pending.begin());
    done(backup_report{ok, ok ? "b/deepwell-x.db" : "", 2048, 10, ok ? "" : "the disk is full", {}});
  }
  std::vector<std::int64_t> kept;
  std::vector<std::function<void(const backup_report&)>> pending;
};

class inline_events final : public event_runner {
 public:
  void run_event(std::uint64_t, const std::function<void()>& work) override {
    work();
    ++events;
  }
  void commit_now(storage::change, std::uint64_t, std::function<void(const commit_result&)>) override {}
  void storage_failed(const read_result&) override {}
  void defer_until_loaded(const load_request&) override {}
  int events = 0;
};

struct fixture {
  config::settings defaults() {
    config::settings s;
    s.backup.interval_seconds = 100;
    s.backup.keep = 3;
    return s;
  }
  live_settings settings{defaults()};
  roster people;
  output out{people, settings};
  recording_services svc;
  inline_events events;
  backups schedule{svc, out, events, settings, 1000};
};

TEST(BackupSchedule, TheFirstIsDueOneIntervalAfterStartUpAndTheNextOneAfterTheLastBegan) {
  fixture f;
  f.schedule.tick(1099);
  EXPECT_TRUE(f.svc.pending.empty());
  f.schedule.tick(1100);
  ASSERT_EQ(f.svc.pending.size(), 1U);
  EXPECT_EQ(f.svc.kept, std::vector<std::int64_t>{3});
  EXPECT_EQ(f.schedule.running_since(), 1100);
  f.schedule.tick(1250);  // one at a time: the running one is not doubled however late it is
  EXPECT_EQ(f.svc.pending.size(), 1U);
  f.svc.finish(true);
  EXPECT_FALSE(f.schedule.running_since());
  EXPECT_EQ(f.events.events, 1);  // the news was an event of its own
  f.schedule.tick(1199);
  EXPECT_TRUE(f.svc.pending.empty());
  f.schedule.tick(1200);
  EXPECT_EQ(f.svc.pending.size(), 1U);
}

TEST(BackupSchedule, BackupNowIsRefusedWhileOneRunsAndRestartsTheCount) {
  fixture f;
  EXPECT_TRUE(f.schedule.take_now("Ann", 1050));
  EXPECT_FALSE(f.schedule.take_now("Bob", 1051));
  EXPECT_EQ(f.svc.pending.size(), 1U);
  f.svc.finish(false);  // a failure is news too, and the next one can begin
  EXPECT_EQ(f.events.events, 1);
  f.schedule.tick(1149);
  EXPECT_TRUE(f.svc.pending.empty());
  f.schedule.tick(1150);
  EXPECT_EQ(f.svc.pending.size(), 1U);
}

TEST(BackupSchedule, IntervalZeroSchedulesNoneAndALiveChangeTakesEffectAtOnce) {
  fixture f;
  config::settings off = f.settings.get();
  off.backup.interval_seconds = 0;
  ASSERT_FALSE(f.settings.change(off));
  f.schedule.tick(1000000);
  EXPECT_TRUE(f.svc.pending.empty());
  EXPECT_TRUE(f.schedule.take_now("Ann", 1000000));  // @backup still works
  f.svc.finish(true);
  config::settings often = f.settings.get();
  often.backup.interval_seconds = 5;
  often.backup.keep = 7;
  ASSERT_FALSE(f.settings.change(often));
  f.schedule.tick(1000005);
  ASSERT_EQ(f.svc.pending.size(), 1U);
  EXPECT_EQ(f.svc.kept.back(), 7);
}

TEST(BackupSchedule, SizesReadAsPeopleWriteThem) {
  EXPECT_EQ(backups::size_text(512), "512 bytes");
  EXPECT_EQ(backups::size_text(2048), "2 KB");
  EXPECT_EQ(backups::size_text(45686784), "43.6 MB");
}

}  // namespace
}  // namespace dw::game
