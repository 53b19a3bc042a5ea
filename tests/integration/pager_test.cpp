// The pager end to end over real connections: a telnet client that told its window's height with NAWS gets
// long output a page at a time, each page ending in a --More-- prompt (marked as a prompt); Enter, q and
// another command answer it; a new NAWS height changes the pages; `pager off` is kept across logins; a
// client reporting a screen reader (MTTS) and the web client's WebSocket get everything at once.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/support/server_process.hpp"
#include "tests/support/telnet_client.hpp"
#include "tests/support/ws_client.hpp"

using dw::testing::client_options;
using dw::testing::server_process;
using dw::testing::telnet_client;
using dw::testing::ws_client;
using dw::testing::ws_options;

namespace {

constexpr std::string_view prompt = "hp] > ";
constexpr std::string_view more = "--More--";

std::size_t lines_in(std::string_view text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

/// What follows the last line end of an answer: its prompt.
std::string_view prompt_of(std::string_view answer) { return answer.substr(answer.rfind('\n') + 1); }

/// The lines of an answer without its prompt.
std::string body_of(const std::string& answer) { return answer.substr(0, answer.rfind('\n') + 1); }

client_options window(std::uint16_t width, std::uint16_t height) {
  client_options o;
  o.width = width;
  o.height = height;
  return o;
}

/// IAC SB NAWS <width> <height> IAC SE: the client's window changed.
std::string naws(std::uint16_t width, std::uint16_t height) {
  const char bytes[] = {'\xff', '\xfa', 31, static_cast<char>(width >> 8), static_cast<char>(width & 0xff),
                        static_cast<char>(height >> 8), static_cast<char>(height & 0xff), '\xff', '\xf0'};
  return std::string(bytes, sizeof bytes);
}

}  // namespace

TEST(PagerOverTelnet, NawsHeightCutsHelpIntoPagesThatEnterQAndOtherCommandsAnswer) {
  server_process server;
  telnet_client admin(server.port(), window(100, 200));
  admin.create("Ann", "annpassword");  // (the first account; Pagey below is a player)
  telnet_client c(server.port(), window(100, 30));
  c.create("Pagey", "pageypassword");

  // The whole help, read page by page with Enter: each page fills the 30-line window but for the prompt.
  c.send_line("help");
  std::string page = c.expect_prompt();
  ASSERT_TRUE(contains(prompt_of(page), more)) << page;
  EXPECT_TRUE(contains(prompt_of(page), "Enter for more, q to stop")) << page;
  EXPECT_EQ(lines_in(page), 29U) << page;
  std::string paged = body_of(page);
  int pages = 1;
  while (contains(prompt_of(page), more) && pages < 50) {
    c.send_line("");
    page = c.expect_prompt();
    paged += body_of(page);
    ++pages;
    if (contains(prompt_of(page), more)) {
      EXPECT_EQ(lines_in(page), 29U) << page;
    }
  }
  EXPECT_TRUE(contains(prompt_of(page), prompt)) << "the player's own prompt once the last page is out:\n" << page;
  EXPECT_GE(pages, 2);
  EXPECT_TRUE(contains(paged, "Hold a weapon (more damage).")) << "the end of the list:\n" << paged;

  // q drops the rest: the next thing is the player's prompt.
  c.send_line("help");
  ASSERT_TRUE(contains(prompt_of(c.expect_prompt()), more));
  c.send_line("q");
  EXPECT_EQ(c.expect_prompt(), "[40/40 hp] > ");

  // Another command ends the paging and runs; the window grew meanwhile (NAWS), and the next help's first
  // page is as tall as the window now is.
  c.send_line("help");
  ASSERT_TRUE(contains(prompt_of(c.expect_prompt()), more));
  c.send_raw(naws(100, 40));
  c.send_line("say done reading");
  const std::string said = c.expect_prompt();
  EXPECT_TRUE(contains(said, "You say, 'done reading'")) << said;
  EXPECT_TRUE(contains(prompt_of(said), prompt)) << said;
  c.send_line("help");
  page = c.expect_prompt();
  ASSERT_TRUE(contains(prompt_of(page), more)) << page;
  EXPECT_EQ(lines_in(page), 39U) << page;

  // Someone talking while the player reads: their line comes at once, then --More-- again.
  admin.send_line("chat hello reader");
  EXPECT_NO_THROW(c.expect("[chat] Ann: hello reader"));
  EXPECT_TRUE(contains(prompt_of(c.expect_prompt()), more));

  // pager off is kept with the character: after logging in again the whole help comes at once.
  c.send_line("pager off");
  EXPECT_NO_THROW(c.expect("The pager is now off"));
  c.expect_prompt();
  c.send_line("quit");
  ASSERT_TRUE(c.wait_closed());
  telnet_client again(server.port(), window(100, 30));
  again.connect("Pagey", "pageypassword");
  again.send_line("help");
  const std::string whole = again.expect_prompt();
  EXPECT_TRUE(contains(prompt_of(whole), prompt)) << whole;
  EXPECT_EQ(body_of(whole), paged) << "the pages together are the whole help";
}

TEST(PagerOverTelnet, AScreenReaderAndTheWebClientGetLongOutputAllAtOnce) {
  server_process server;
  client_options reader = window(100, 24);
  reader.ttype_answers = {"DWTEST", "XTERM-256COLOR", "MTTS 2895"};  // 2831 + 64: a screen reader
  telnet_client c(server.port(), reader);
  c.expect("quit");
  c.send_line("create Reader readerpassword");
  c.expect("Welcome to Deepwell");
  c.expect("40 of 40 hp: ");  // (the screen-reader prompt: words)
  c.send_line("help");
  const std::string heard = c.expect_prompt();
  EXPECT_FALSE(contains(heard, more)) << heard;
  EXPECT_TRUE(contains(prompt_of(heard), "40 of 40 hp: ")) << heard;
  EXPECT_GT(lines_in(heard), 50U);

  ws_options gmcp;
  gmcp.subprotocols = {"gmcp.mudstandards.org"};
  ws_client web(server.web_port(), gmcp);
  web.expect("quit");
  web.send_binary("create Webby webbypassword");
  web.expect("Welcome to Deepwell, Webby");
  web.expect(prompt);
  web.send_binary("help");
  const std::string listed = web.expect(prompt);
  EXPECT_TRUE(contains(listed, "Hold a weapon (more damage).")) << listed;
  EXPECT_FALSE(contains(listed, more)) << listed;
  web.send_binary("pager");
  EXPECT_NO_THROW(web.expect("never on in the web client"));
}
