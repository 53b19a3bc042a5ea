#pragma once

// A harness for command tests: the real world, fed lines by fake connections, with services that run
// inline against an in-memory store. Completions queue up until drain(), so order is explicit.
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "content/content_loader.hpp"
#include "server/config/settings.hpp"
#include "server/game/dungeon_bridge.hpp"
#include "server/game/services.hpp"
#include "server/game/session_port.hpp"
#include "server/game/world.hpp"
#include "server/store/database.hpp"

namespace dw::testing {

class fake_port final : public game::session_port {
 public:
  void write_text(std::string_view text) override { pending_ += text; }
  void write_gmcp(std::string_view package, std::string_view json) override {
    gmcp.push_back(std::string(package) + " " + std::string(json));
  }
  void write_prompt_end() override { ++prompt_marks; }
  void flush() override {
    output += pending_;
    pending_.clear();
    ++flushes;
  }
  void set_hidden_input(bool h) override { hidden = h; }
  void close() override {
    flush();
    closed = true;
  }
  const telnet::client_info& client() const override { return info; }
  std::string_view address() const override { return "192.0.2.1"; }

  /// Everything flushed since the last call.
  std::string take() {
    std::string out = output.substr(taken_);
    taken_ = output.size();
    return out;
  }

  telnet::client_info info;
  std::string output;
  std::vector<std::string> gmcp;
  int prompt_marks = 0;
  int flushes = 0;
  bool hidden = false;
  bool closed = false;

 private:
  std::string pending_;
  std::size_t taken_ = 0;
};

class inline_services final : public game::services {
 public:
  inline_services() : db_(store::database::open(":memory:")) {}
  void run_blocking(std::function<void(store::database&)> work, std::function<void()> done) override {
    work(db_);
    queue_.push_back(std::move(done));
  }
  std::uint64_t persist(std::function<void(store::database&)> change) override {
    change(db_);
    return ++ticket_;
  }
  void after_commit(std::function<void()> fn) override { queue_.push_back(std::move(fn)); }
  void after(std::chrono::milliseconds, std::function<void()> fn) override { queue_.push_back(std::move(fn)); }
  std::int64_t now() override { return clock; }
  void stop_server() override { stopped = true; }
  void reboot(std::uint64_t) override { reboot_requested = true; }
  bool reboot_requested = false;
  bool stopped = false;
  void drain() {
    while (!queue_.empty()) {
      auto fn = std::move(queue_.front());
      queue_.pop_front();
      fn();
    }
  }
  store::database& db() { return db_; }
  std::int64_t clock = 1'800'000'000;

 private:
  store::database db_;
  std::deque<std::function<void()>> queue_;
  std::uint64_t ticket_ = 0;
};

inline config::settings fast_settings() {
  config::settings s;
  s.accounts.hash_ops_limit = 1;
  s.accounts.hash_memory_kib = 8192;
  s.server.max_commands_per_second = 1000;
  return s;
}

inline std::shared_ptr<const content::content_tables> real_content() {
  auto loaded = content::load_content(DW_CONTENT_DIR);
  if (auto* error = std::get_if<content::content_error>(&loaded)) {
    throw std::runtime_error(error->to_string());
  }
  return std::make_shared<const content::content_tables>(std::get<content::content_tables>(std::move(loaded)));
}

/// The world with its fake connections.
class game_harness {
 public:
  explicit game_harness(config::settings s = fast_settings())
      : loader(services.db()), world(std::move(s), services, game::world_parts{&loader, &services.db(), real_content()}) {}

  struct player {
    std::uint64_t id;
    fake_port* port;
  };
  player connect() {
    ports_.push_back(std::make_unique<fake_port>());
    fake_port* p = ports_.back().get();
    return {world.on_connect(*p), p};
  }
  void line(const player& p, std::string_view text) {
    world.on_line(p.id, text);
    services.drain();
  }
  /// Connects and creates a character, returning the player with its output consumed.
  player create(std::string_view name, std::string_view password = "password123") {
    player p = connect();
    line(p, "create " + std::string(name) + " " + std::string(password));
    p.port->take();
    return p;
  }
  void disconnect(const player& p) { world.on_disconnect(p.id); }

  inline_services services;
  game::store_room_loader loader;
  game::world world;

 private:
  std::vector<std::unique_ptr<fake_port>> ports_;
};

}  // namespace dw::testing
