#include "server/game/bounties/bounties.hpp"


#include <algorithm>
#include <boost/json.hpp>

#include "server/game/events/undoable.hpp"
#include "server/log/log.hpp"

namespace dw::game {

namespace {

constexpr std::string_view where_the_board_is =
    "The bounty board hangs by the merchant's stall in the village square, up the ladder from the bottom of the "
    "well.";

std::string reward_text(const content::bounty_task& task) {
  std::string out;
  if (task.silver > 0) {
    out += std::to_string(task.silver) + " silver";
  }
  if (task.xp > 0) {
    out += (out.empty() ? "" : " and ") + std::to_string(task.xp) + " experience";
  }
  return out;
}

storage::bounty_book_record record_of_book(std::int64_t account, const bounty_book& book) {
  storage::bounty_book_record out;
  out.account_id = account;
  out.completed = book.completed;
  for (const held_bounty& h : book.tasks) {
    storage::bounty_record r;
    r.day = h.day;
    r.slot = h.slot;
    r.kind = std::string(content::bounty_kind_name(h.task.kind));
    r.target = h.task.target;
    r.depth = h.task.depth;
    r.count = h.task.count;
    r.progress = h.progress;
    r.silver = h.task.silver;
    r.xp = h.task.xp;
    r.turned_in = h.turned_in;
    out.tasks.push_back(std::move(r));
  }
  return out;
}

}  // namespace

bounties::bounties(const live_settings& settings, const content_source& content, roster& people, output& out,
                   change_sink& changes, services& svc, progression& levels)
    : settings_(settings),
      content_(content),
      people_(people),
      out_(out),
      changes_(changes),
      services_(svc),
      levels_(levels) {}

// ---------------------------------------------------------------- coming and going

void bounties::enter(const character& ch, const storage::login_record* stored) {
  if (books_.contains(ch.account_id)) {
    return;  // a take-over: what is in play is newer than what was read
  }
  bounty_book book;
  if (stored != nullptr && stored->bounties) {
    book.completed = stored->bounties->completed;
    for (const storage::bounty_record& r : stored->bounties->tasks) {
      const auto kind = content::bounty_kind_named(r.kind);
      if (!kind) {
        log::warn("{}'s bounty {}/{} is of a kind this server does not know ('{}'); dropped", ch.name, r.day, r.slot,
                     r.kind);
        continue;
      }
      held_bounty h;
      h.day = r.day;
      h.slot = r.slot;
      h.task = content::bounty_task{*kind, r.target, r.depth, std::max(1, r.count), r.silver, r.xp};
      h.progress = std::clamp(r.progress, 0, h.task.count);
      h.turned_in = r.turned_in;
      book.tasks.push_back(std::move(h));
    }
  }
  // (stored rows of past days turned in go with the next save)
  forget_past(book, today());
  in_board_order(book);
  books_.emplace(ch.account_id, std::move(book));
}

void bounties::leave(std::int64_t account) { books_.erase(account); }

const bounty_book* bounties::book_of(std::int64_t account) const {
  const auto it = books_.find(account);
  return it == books_.end() ? nullptr : &it->second;
}

std::int64_t bounties::today() { return content::game_day(services_.now()); }

std::vector<content::bounty_task> bounties::board(std::int64_t day) const {
  return content::board_of_day(content_.get(), static_cast<std::uint64_t>(settings_.get().dungeon.world_seed), day);
}

void bounties::forget_past(bounty_book& book, std::int64_t day) {
  std::erase_if(book.tasks, [day](const held_bounty& h) { return h.turned_in && h.day < day; });
}

void bounties::in_board_order(bounty_book& book) {
  std::sort(book.tasks.begin(), book.tasks.end(), [](const held_bounty& a, const held_bounty& b) {
    return a.day != b.day ? a.day < b.day : a.slot < b.slot;
  });
}

std::vector<held_bounty*> bounties::open_tasks(bounty_book& book) {
  std::vector<held_bounty*> out;
  for (held_bounty& h : book.tasks) {
    if (!h.turned_in) {
      out.push_back(&h);
    }
  }
  return out;
}

std::string bounties::describe(const content::bounty_task& task) const {
  return content::describe_bounty(content_.get(), task);
}

std::string bounties::progress_text(const held_bounty& held) const {
  if (held.done()) {
    return "done: hand it in at the board";
  }
  if (held.task.kind == content::bounty_kind::reach) {
    return "not yet";
  }
  return std::to_string(held.progress) + " of " + std::to_string(held.task.count);
}

void bounties::changed(const character& ch, const bounty_book& before) {
  keep_entry(changes_, books_, ch.account_id, before);
  bounty_book& book = books_[ch.account_id];
  changes_.persist(storage::save_bounties{record_of_book(ch.account_id, book)});
  send_gmcp(ch);
}

// ---------------------------------------------------------------- the board

int bounties::visit_board(character& ch) {
  const std::int64_t day = today();
  bounty_book& book = books_[ch.account_id];
  // First the reward for whatever is done.
  int paid = 0;
  const bounty_book before = book;
  std::int64_t silver = 0;
  std::int64_t xp = 0;
  std::string told;
  for (held_bounty& h : book.tasks) {
    if (h.turned_in || !h.done()) {
      continue;
    }
    h.turned_in = true;
    ++book.completed;
    ++paid;
    silver += h.task.silver;
    xp += h.task.xp;
    told += "You hand in your bounty: " + describe(h.task) + ".";
    told +=
        h.task.silver > 0 ? " The merchant counts out " + std::to_string(h.task.silver) + " silver for you.\n" : "\n";
    log::info("{} completed the bounty '{}' ({} silver, {} experience)", ch.name, describe(h.task), h.task.silver,
                 h.task.xp);
  }
  if (paid > 0) {
    forget_past(book, day);
    keep(changes_, people_, ch, &character::silver);
    ch.silver += silver;
    changes_.persist(storage::save_character{record_of(ch, services_.now())});
    changed(ch, before);
    out_.send(ch.connection, told);
    levels_.award(ch, xp, paid == 1 ? "completing a bounty" : "completing " + std::to_string(paid) + " bounties");
  }
  // Then the board.
  const std::vector<content::bounty_task> tasks = board(day);
  std::string out = "The bounty board (the notices change at midnight UTC):\n";
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    const int slot = static_cast<int>(i + 1);
    out += "  " + std::to_string(slot) + ". " + describe(tasks[i]) + " - " + reward_text(tasks[i]);
    for (const held_bounty& h : book.tasks) {
      if (h.day == day && h.slot == slot) {
        out += h.turned_in ? " (done today)" : " (yours)";
      }
    }
    out += "\n";
  }
  out += "Type 'accept <number>' to take one; you may hold " + std::to_string(content_.get().bounties.most_held) +
         " at a time.\n";
  out_.send(ch.connection, out);
  show_own(ch, true);
  return paid;
}

void bounties::accept(character& ch, int number) {
  const std::int64_t day = today();
  const std::vector<content::bounty_task> tasks = board(day);
  if (number < 1 || number > static_cast<int>(tasks.size())) {
    out_.send(ch.connection, "The board has no bounty " + std::to_string(number) + "; its notices are numbered 1 to " +
                                 std::to_string(tasks.size()) + ".\n");
    return;
  }
  bounty_book& book = books_[ch.account_id];
  for (const held_bounty& h : book.tasks) {
    if (h.day == day && h.slot == number) {
      out_.send(ch.connection, h.turned_in ? "You have done that one today; the board changes at midnight UTC.\n"
                                           : "You have already taken that one.\n");
      return;
    }
  }
  const int most = content_.get().bounties.most_held;
  if (static_cast<int>(open_tasks(book).size()) >= most) {
    out_.send(ch.connection,
              "You already hold " + std::to_string(most) +
                  " bounties, the most you may; finish one or give one up ('bounties drop <number>').\n");
    return;
  }
  const bounty_book before = book;
  forget_past(book, day);
  const content::bounty_task& task = tasks[static_cast<std::size_t>(number - 1)];
  book.tasks.push_back(held_bounty{day, number, task, 0, false});
  in_board_order(book);
  changed(ch, before);
  log::info("{} accepted the bounty '{}'", ch.name, describe(task));
  out_.send(ch.connection, "You take down notice " + std::to_string(number) + ": " + describe(task) +
                               ". Reward: " + reward_text(task) + ", paid here once it is done.\n");
}

// ---------------------------------------------------------------- anywhere

void bounties::show_own(character& ch, bool at_board) {
  bounty_book& book = books_[ch.account_id];
  const std::int64_t day = today();
  const std::vector<held_bounty*> mine = open_tasks(book);
  std::string out;
  if (mine.empty()) {
    out = "You hold no bounties.\n";
  } else {
    out = "Your bounties:\n";
    for (std::size_t i = 0; i < mine.size(); ++i) {
      const held_bounty& h = *mine[i];
      out += "  " + std::to_string(i + 1) + ". " + describe(h.task) + " (" + progress_text(h) +
             (h.day < day ? "; from an earlier board" : "") + ") - " + reward_text(h.task) + "\n";
    }
    out += "'bounties drop <number>' gives one up.\n";
  }
  if (!at_board) {
    out += std::string(where_the_board_is) + "\n";
  }
  out_.send(ch.connection, out);
}

void bounties::drop(character& ch, int number) {
  bounty_book& book = books_[ch.account_id];
  std::vector<held_bounty*> mine = open_tasks(book);
  if (mine.empty()) {
    out_.send(ch.connection, "You hold no bounties to give up.\n");
    return;
  }
  if (number < 1 || number > static_cast<int>(mine.size())) {
    out_.send(ch.connection, "You hold no bounty " + std::to_string(number) + "; yours are numbered 1 to " +
                                 std::to_string(mine.size()) + " ('bounties' lists them).\n");
    return;
  }
  const bounty_book before = book;
  const held_bounty gone = *mine[static_cast<std::size_t>(number - 1)];
  std::erase_if(book.tasks, [&gone](const held_bounty& h) { return h == gone; });
  changed(ch, before);
  log::info("{} gave up the bounty '{}'", ch.name, describe(gone.task));
  out_.send(ch.connection, "You give up your bounty: " + describe(gone.task) + ".\n");
}

std::string bounties::score_text(const character& ch) const {
  const bounty_book* book = book_of(ch.account_id);
  if (book == nullptr) {
    return {};
  }
  std::string out = "Bounties completed: " + std::to_string(book->completed) + "\n";
  for (const held_bounty& h : book->tasks) {
    if (!h.turned_in) {
      out += "Bounty: " + describe(h.task) + " (" + progress_text(h) + ")\n";
    }
  }
  return out;
}

void bounties::send_gmcp(const character& ch) {
  connection* conn = people_.find_connection(ch.connection);
  if (conn == nullptr || !out_.gmcp_wanted(*conn, "Char.Bounty")) {
    return;
  }
  const bounty_book* book = book_of(ch.account_id);
  boost::json::array tasks;
  int n = 0;
  if (book != nullptr) {
    for (const held_bounty& h : book->tasks) {
      if (h.turned_in) {
        continue;
      }
      boost::json::object t;
      t["n"] = ++n;
      t["kind"] = content::bounty_kind_name(h.task.kind);
      t["text"] = describe(h.task);
      t["progress"] = h.progress;
      t["count"] = h.task.count;
      t["done"] = h.done();
      t["silver"] = h.task.silver;
      t["xp"] = h.task.xp;
      t["day"] = h.day;
      tasks.push_back(std::move(t));
    }
  }
  boost::json::object o;
  o["tasks"] = std::move(tasks);
  o["most_held"] = content_.get().bounties.most_held;
  o["completed"] = book != nullptr ? book->completed : 0;
  out_.send_gmcp(*conn, "Char.Bounty", boost::json::serialize(o));
}

// ---------------------------------------------------------------- deeds

template <typename Counts>
void bounties::advance(character& ch, int amount, Counts counts) {
  const auto it = books_.find(ch.account_id);
  if (it == books_.end() || amount <= 0) {
    return;
  }
  bounty_book& book = it->second;
  const auto counted = [&counts](const held_bounty& h) { return !h.turned_in && !h.done() && counts(h.task); };
  if (std::none_of(book.tasks.begin(), book.tasks.end(), counted)) {
    return;  // (the common case: costs a look at a few tasks)
  }
  const bounty_book before = book;
  std::string told;
  for (held_bounty& h : book.tasks) {
    if (!counted(h)) {
      continue;
    }
    h.progress = std::min(h.task.count, h.progress + amount);
    if (h.done()) {
      told += "Bounty done: " + describe(h.task) + "! Hand it in at the board in the village square ('bounties').\n";
      log::info("{} finished the bounty '{}'", ch.name, describe(h.task));
    } else {
      told += "Bounty: " + describe(h.task) + " (" + progress_text(h) + ").\n";
    }
  }
  changed(ch, before);
  out_.send(ch.connection, told);
}

void bounties::won(const fight_won& fight) {
  for (character* ch : fight.standing) {
    advance(*ch, fight.monsters, [&fight](const content::bounty_task& t) {
      return t.kind == content::bounty_kind::defeat && t.target == fight.monster_key && fight.depth >= t.depth;
    });
  }
}

void bounties::arrived(character& ch, int depth) {
  advance(ch, 1,
          [depth](const content::bounty_task& t) { return t.kind == content::bounty_kind::reach && depth >= t.depth; });
}

void bounties::opened(character& ch, int depth) {
  advance(ch, 1,
          [depth](const content::bounty_task& t) { return t.kind == content::bounty_kind::open && depth >= t.depth; });
}

void bounties::sold_scroll(character& ch, std::string_view effect) {
  advance(ch, 1, [effect](const content::bounty_task& t) {
    return t.kind == content::bounty_kind::scroll && !effect.empty() && t.target == effect;
  });
}

}  // namespace dw::game
