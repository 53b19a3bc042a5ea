// The pager: output longer than the window leaves a page at a time behind --More--; Enter shows the next
// page, q drops the rest, any other command ends the paging and runs. Off by choice (kept with the
// character), in screen-reader mode and in the web client. The cutting itself is tested pure first.
#include <gtest/gtest.h>

#include <string>

#include "server/game/output/output.hpp"
#include "server/game/output/pager.hpp"
#include "server/game/output/text_wrap.hpp"
#include "tests/game/game_harness.hpp"

using dw::testing::game_harness;
using dw::testing::has;

namespace {

using player = game_harness::player;
constexpr std::string_view more = "--More--";

/// `n` numbered lines: "line 1\n" ... "line n\n".
std::string numbered(int n) {
  std::string out;
  for (int i = 1; i <= n; ++i) {
    out += "line " + std::to_string(i) + "\n";
  }
  return out;
}

std::size_t lines_in(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

std::string said(game_harness& h, const player& p, std::string_view command) {
  h.line(p, command);
  return p.port->take();
}

/// The text of an answer without its prompt (what follows the last line end).
std::string text_of(const std::string& answer) { return answer.substr(0, answer.rfind('\n') + 1); }

/// Connects a client with a window `height` lines tall and creates `name`.
player create_with_height(game_harness& h, std::string_view name, std::uint16_t height) {
  player p = h.connect();
  p.port->info.height = height;
  h.line(p, "create " + std::string(name) + " password123");
  p.port->take();
  return p;
}

/// Reads a whole paged answer: the first page, then Enter until the player's own prompt comes back.
std::string read_all_pages(game_harness& h, const player& p, std::string first, int* pages) {
  std::string all = text_of(first);
  *pages = 1;
  std::string page = std::move(first);
  while (has(page.substr(page.rfind('\n') + 1), more)) {
    page = said(h, p, "");
    all += text_of(page);
    ++*pages;
    EXPECT_LT(*pages, 100) << "paging never ends";
    if (*pages >= 100) {
      break;
    }
  }
  EXPECT_TRUE(page.ends_with("hp] > ")) << page;
  return all;
}

// ---------------------------------------------------------------- cutting pages (pure)

TEST(Pager, TextThatFitsTheWindowIsNeverCut) {
  EXPECT_EQ(dw::game::page_end("", 23, 80), std::string_view::npos);
  EXPECT_EQ(dw::game::page_end("You say, 'hello'\n", 23, 80), std::string_view::npos);
  EXPECT_EQ(dw::game::page_end(numbered(23), 23, 80), std::string_view::npos);
  const std::string text = numbered(24);
  EXPECT_EQ(dw::game::page_end(text, 23, 80), text.find("line 24"));
}

TEST(Pager, ALineWiderThanTheWindowTakesTheRowsTheTerminalWrapsItInto) {
  // A table row (output leaves lines starting with a space unwrapped) 100 columns wide in an 80-column
  // window takes two rows; escape codes take none.
  const std::string wide = " " + std::string(99, 'x') + "\n";
  EXPECT_EQ(dw::game::rows_of(wide, 80, 100), 2U);
  const std::string coloured = "\x1b[38;5;196m" + std::string(70, 'y') + "\x1b[0m\n";
  EXPECT_EQ(dw::game::rows_of(coloured, 80, 100), 1U);
  // Twelve such lines need 24 rows: a page of 23 rows holds eleven of them (whole lines only).
  std::string rows;
  for (int i = 0; i < 12; ++i) {
    rows += wide;
  }
  EXPECT_EQ(dw::game::page_end(rows, 23, 80), 11 * wide.size());
  // A line longer than a whole page is a page of its own.
  const std::string huge = " " + std::string(3000, 'z') + "\nafter\n";
  EXPECT_EQ(dw::game::page_end(huge, 23, 80), huge.find("after"));
}

TEST(Pager, ChangesMadeInAnEventAreTakenBackWithIt) {
  dw::game::roster people;
  dw::game::pager p{people};
  EXPECT_TRUE(p.idle());
  p.hold(7, numbered(50));
  EXPECT_TRUE(p.holds(7));
  EXPECT_TRUE(p.filling(7));
  p.discard_event();  // the event that began paging was taken back
  EXPECT_FALSE(p.holds(7));
  EXPECT_TRUE(p.idle());

  p.hold(7, numbered(50));
  p.append(7, "tail\n");
  p.end_event();
  EXPECT_FALSE(p.filling(7));  // later events' output no longer goes behind it
  std::string page;
  p.next_page(7, 23, 80, page);
  EXPECT_EQ(lines_in(page), 23U);
  EXPECT_EQ(p.rows_left(7, 80, 1000), 28U);
  p.discard_event();  // that page never left: it comes again
  page.clear();
  p.next_page(7, 23, 80, page);
  EXPECT_TRUE(page.starts_with("line 1\n")) << page;
  p.end_event();
  p.stop(7);
  p.discard_event();
  EXPECT_TRUE(p.holds(7));  // a stop taken back
  p.forget(7);
  EXPECT_FALSE(p.holds(7));
}

// ---------------------------------------------------------------- the pager alone, with a fake connection

/// Puts Ann (account 5, 40 hp) in play on a fake connection through `port`, and nothing else of the world.
dw::game::connection& ann_in_play(dw::game::roster& people, dw::testing::fake_port& port) {
  dw::game::connection& conn = people.add_connection(port, 0);
  conn.stage = dw::game::login_stage::playing;
  conn.account_id = 5;
  dw::game::character ch;
  ch.account_id = 5;
  ch.name = "Ann";
  ch.connection = conn.id;
  ch.hp = ch.max_hp = 40;
  people.add_character(std::move(ch));
  return conn;
}

/// The pager with one character in play on a fake connection (a roster, nothing of output or the world).
struct pager_alone {
  dw::game::roster people;
  dw::game::pager pages{people};
  dw::testing::fake_port port;
  dw::game::connection* conn = &ann_in_play(people, port);

  dw::game::character& ann() { return *people.find_character(5); }
  /// What the pager wrote to the port.
  std::string written() {
    port.flush(0);
    return port.take();
  }
};

TEST(PagerAlone, TextLongerThanTheWindowLeavesItsFirstPageAndTheRestWaits) {
  pager_alone a;
  a.pages.write(*a.conn, "short\n");
  EXPECT_EQ(a.written(), "short\n");
  EXPECT_FALSE(a.pages.holds(a.conn->id));

  a.pages.write(*a.conn, numbered(30));
  EXPECT_EQ(a.written(), numbered(23)) << "a 24-line window: 23 rows and the prompt's";
  EXPECT_TRUE(a.pages.holds(a.conn->id));
  a.pages.write(*a.conn, "after\n");
  EXPECT_EQ(a.written(), "") << "the same event's text goes behind the page";
  std::string prompt;
  a.pages.more_prompt(*a.conn, prompt);
  EXPECT_EQ(prompt, "--More-- (8 more lines: Enter for more, q to stop) ");
  a.pages.end_event();
  a.pages.write(*a.conn, "later\n");
  EXPECT_EQ(a.written(), "later\n") << "a later event's text leaves at once";

  std::string page;
  EXPECT_EQ(a.pages.answer(*a.conn, " ", page), dw::game::pager::reply::next_page);
  EXPECT_EQ(page, numbered(30).substr(numbered(23).size()) + "after\n");
  EXPECT_FALSE(a.pages.holds(a.conn->id)) << "that was the last page";
  EXPECT_EQ(a.pages.answer(*a.conn, "", page), dw::game::pager::reply::for_commands) << "Enter is the commands' again";
}

TEST(PagerAlone, QDropsTheRestAndAnotherCommandEndsThePaging) {
  pager_alone a;
  a.port.info.height = 12;  // pages of 11 rows
  a.pages.write(*a.conn, numbered(50));
  EXPECT_EQ(a.written(), numbered(11));
  std::string page;
  EXPECT_EQ(a.pages.answer(*a.conn, "", page), dw::game::pager::reply::next_page);
  EXPECT_EQ(page, numbered(22).substr(numbered(11).size()));
  std::string prompt;
  a.pages.more_prompt(*a.conn, prompt);
  EXPECT_EQ(prompt, "--More-- (28 more lines: Enter for more, q to stop) ");
  EXPECT_EQ(a.pages.answer(*a.conn, " q ", page), dw::game::pager::reply::stopped);
  EXPECT_FALSE(a.pages.holds(a.conn->id));

  a.pages.write(*a.conn, numbered(50));
  a.written();
  EXPECT_EQ(a.pages.answer(*a.conn, "quit", page), dw::game::pager::reply::for_commands);
  EXPECT_FALSE(a.pages.holds(a.conn->id)) << "the rest is dropped and the line goes to the commands";
}

TEST(PagerAlone, OnlyAPlayerOnTheirOwnConnectionWithThePagerOnIsPaged) {
  pager_alone a;
  using dw::game::paging;
  EXPECT_EQ(dw::game::pager::mode(*a.conn, a.ann()), paging::on);
  a.ann().prefs.set(dw::game::pref::pager, "off");
  EXPECT_EQ(dw::game::pager::mode(*a.conn, a.ann()), paging::off_by_choice);
  a.pages.write(*a.conn, numbered(30));
  EXPECT_EQ(a.written(), numbered(30));
  a.ann().prefs.set(dw::game::pref::pager, "on");

  a.port.info.screen_reader = true;
  EXPECT_EQ(dw::game::pager::mode(*a.conn, a.ann()), paging::off_screen_reader);
  a.ann().prefs.set(dw::game::pref::screen_reader, "off");
  EXPECT_EQ(dw::game::pager::mode(*a.conn, a.ann()), paging::on) << "their own setting over the client's";
  a.port.info.web_page = true;
  EXPECT_EQ(dw::game::pager::mode(*a.conn, a.ann()), paging::off_web_client);
  a.pages.write(*a.conn, numbered(30));
  EXPECT_EQ(a.written(), numbered(30));
  a.port.info.web_page = false;

  a.conn->stage = dw::game::login_stage::menu;  // (the login screen)
  a.pages.write(*a.conn, numbered(30));
  EXPECT_EQ(a.written(), numbered(30));
  a.conn->stage = dw::game::login_stage::playing;
  a.ann().connection = a.conn->id + 1;  // (taken over from another connection)
  a.pages.write(*a.conn, numbered(30));
  EXPECT_EQ(a.written(), numbered(30));
  EXPECT_FALSE(a.pages.holds(a.conn->id));
}

TEST(Pager, ListItemsGoOnIndentedUnderTheirText) {
  std::string out;
  dw::game::wrap_text("- one two three four five six seven eight nine ten eleven twelve", 30, out);
  EXPECT_EQ(out, "- one two three four five six\n  seven eight nine ten eleven\n  twelve");
}

// ---------------------------------------------------------------- output alone, with a fake connection

/// Output with one character in play on a fake connection, and nothing else of the world.
struct output_alone {
  dw::game::roster people;
  dw::game::live_settings settings{dw::testing::fast_settings()};
  dw::game::output out{people, settings};
  dw::testing::fake_port port;
  dw::game::connection* conn = &ann_in_play(people, port);
};

TEST(Pager, WhatTheSameEventSendsAfterAPageWaitsBehindIt) {
  output_alone o;
  o.out.send(*o.conn, numbered(30));
  o.out.send(*o.conn, "after\n");
  o.out.end_event(0);
  const std::string first = o.port.take();
  EXPECT_EQ(first, numbered(23) + "--More-- (8 more lines: Enter for more, q to stop) ");
  o.out.fresh_line(*o.conn);  // (the person pressed Enter: as the event loop notes for every line)
  EXPECT_TRUE(o.out.answer_pager(*o.conn, "   "));  // (blanks are Enter too)
  o.out.end_event(0);
  EXPECT_EQ(o.port.take(), numbered(30).substr(numbered(23).size()) + "after\n[40/40 hp] > ");
  EXPECT_FALSE(o.out.paging_now(*o.conn));
  EXPECT_FALSE(o.out.answer_pager(*o.conn, "")) << "not paging: Enter is the commands' again";
}

TEST(Pager, AnEventTakenBackLeavesNoPagesBehind) {
  output_alone o;
  o.out.send(*o.conn, numbered(30));
  EXPECT_TRUE(o.out.paging_now(*o.conn));
  o.out.discard_event();  // (a line that waits for a branch to load runs again later, whole)
  EXPECT_FALSE(o.out.paging_now(*o.conn));
  o.out.send(*o.conn, "hi\n");
  o.out.end_event(0);
  EXPECT_EQ(o.port.take(), "hi\n[40/40 hp] > ");
  // The connection goes while paging: nothing of it is kept.
  o.out.send(*o.conn, numbered(30));
  o.out.end_event(0);
  o.out.forget(o.conn->id);
  EXPECT_FALSE(o.out.paging_now(*o.conn));
}

// ---------------------------------------------------------------- in play

TEST(Pager, HelpLongerThanTheWindowComesAPageAtATime) {
  game_harness h;
  const player ann = create_with_height(h, "Ann", 24);
  const std::string first = said(h, ann, "help");
  ASSERT_TRUE(has(first, more)) << first;
  // A 24-line window holds 23 rows of text and the --More-- prompt (a line wider than the window takes two).
  EXPECT_EQ(dw::game::rows_of(text_of(first), 80, 1000), 23U) << first;
  EXPECT_TRUE(has(first, "Enter for more, q to stop")) << first;
  EXPECT_FALSE(has(first, "hp] >")) << first;
  int pages = 0;
  const std::string paged = read_all_pages(h, ann, first, &pages);
  EXPECT_GE(pages, 3);

  // The same help with the pager off: all at once, and exactly what the pages held together.
  EXPECT_TRUE(has(said(h, ann, "pager off"), "The pager is now off"));
  const std::string whole = said(h, ann, "help");
  EXPECT_FALSE(has(whole, more));
  EXPECT_EQ(paged, text_of(whole));
}

TEST(Pager, TheWindowHeightTheClientReportsSetsThePage) {
  game_harness h;
  const player tall = create_with_height(h, "Tall", 30);  // (the first account: an administrator's long list)
  const std::string first = said(h, tall, "help");
  ASSERT_TRUE(has(first, more));
  EXPECT_EQ(dw::game::rows_of(text_of(first), 80, 1000), 29U) << first;
  // The window grows (NAWS again): the next page is as tall as the window is now.
  tall.port->info.height = 40;
  EXPECT_EQ(dw::game::rows_of(text_of(said(h, tall, "")), 80, 1000), 39U);
}

TEST(Pager, QStopsAndTheRestIsDropped) {
  game_harness h;
  const player ann = create_with_height(h, "Ann", 24);
  ASSERT_TRUE(has(said(h, ann, "help"), more));
  const std::string stopped = said(h, ann, "q");
  EXPECT_EQ(stopped, "[40/40 hp] > ") << "q answers with a fresh prompt only";
  const std::string enter = said(h, ann, "");
  EXPECT_EQ(enter, "[40/40 hp] > ") << "Enter after q is an empty line again";
}

TEST(Pager, AnotherCommandEndsThePagingAndRuns) {
  game_harness h;
  const player ann = create_with_height(h, "Ann", 24);
  ASSERT_TRUE(has(said(h, ann, "help"), more));
  const std::string answer = said(h, ann, "say still here");
  EXPECT_TRUE(has(answer, "You say, 'still here'")) << answer;
  EXPECT_TRUE(answer.ends_with("[40/40 hp] > ")) << answer;
  EXPECT_EQ(said(h, ann, ""), "[40/40 hp] > ");
  // "quit" is a command like any other (not q).
  ASSERT_TRUE(has(said(h, ann, "help"), more));
  h.line(ann, "quit");
  EXPECT_TRUE(ann.port->closed);
}

TEST(Pager, WhatOthersSayWhilePagingComesAtOnceAndTheMorePromptAgain) {
  game_harness h;
  const player ann = create_with_height(h, "Ann", 24);
  const player bob = create_with_height(h, "Bob", 24);
  ann.port->take();
  ASSERT_TRUE(has(said(h, ann, "help"), more));
  h.line(bob, "say hello Ann");
  const std::string heard = ann.port->take();
  EXPECT_TRUE(has(heard, "Bob says, 'hello Ann'")) << heard;
  EXPECT_TRUE(has(heard.substr(heard.rfind('\n') + 1), more)) << "still paging:\n" << heard;
  // Enter goes on where the pages left off.
  const std::string next = said(h, ann, "");
  EXPECT_FALSE(has(next, "Bob says")) << next;
  EXPECT_FALSE(has(next, "  apply ")) << "the first page does not come again:\n" << next;
}

TEST(Pager, ScreenReaderModeAndTheWebClientNeverPage) {
  game_harness h;
  player reader = h.connect();
  reader.port->info.screen_reader = true;
  h.line(reader, "create Reader password123");
  reader.port->take();
  const std::string heard = said(h, reader, "help");
  EXPECT_FALSE(has(heard, more));
  EXPECT_TRUE(heard.ends_with("40 of 40 hp: ")) << heard;
  EXPECT_TRUE(has(said(h, reader, "pager"), "never on in screen-reader mode"));

  player web = h.connect();
  web.port->info.web_page = true;
  h.line(web, "create Webby password123");
  web.port->take();
  EXPECT_FALSE(has(said(h, web, "help"), more));
  EXPECT_TRUE(has(said(h, web, "pager on"), "never on in the web client"));
  EXPECT_FALSE(has(said(h, web, "help"), more));

  // Turned on by hand, screen-reader mode still keeps it off; turned off, the pager comes back.
  const player ann = create_with_height(h, "Ann", 24);
  said(h, ann, "screenreader on");
  EXPECT_FALSE(has(said(h, ann, "help"), more));
  said(h, ann, "screenreader off");
  EXPECT_TRUE(has(said(h, ann, "help"), more));
}

TEST(Pager, PagerOffIsKeptWithTheCharacter) {
  game_harness h;
  const player ann = create_with_height(h, "Ann", 24);
  EXPECT_TRUE(has(said(h, ann, "pager"), "The pager is on"));
  EXPECT_TRUE(has(said(h, ann, "pager off"), "The pager is now off"));
  EXPECT_TRUE(has(said(h, ann, "pager maybe"), "Usage: pager on, pager off"));
  h.line(ann, "quit");
  h.disconnect(ann);

  player again = h.connect();
  h.line(again, "connect Ann password123");
  again.port->take();
  EXPECT_TRUE(has(said(h, again, "pager"), "The pager is off"));
  EXPECT_FALSE(has(said(h, again, "help"), more));
  EXPECT_TRUE(has(said(h, again, "pager on"), "The pager is now on"));
  EXPECT_TRUE(has(said(h, again, "help"), more));
}

TEST(Pager, ShortOutputAndTheLoginScreenAreNeverPaged) {
  game_harness h;
  player p = h.connect();
  p.port->info.height = 10;  // a tiny window: pages of 9 lines
  const std::string welcome = p.port->take();
  EXPECT_FALSE(has(welcome, more));
  h.line(p, "create Tiny password123");
  p.port->take();
  const std::string look = said(h, p, "look");
  EXPECT_FALSE(has(look, more)) << look;
  EXPECT_TRUE(look.ends_with("hp] > "));
}

}  // namespace
