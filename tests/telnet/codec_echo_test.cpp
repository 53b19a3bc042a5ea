// Hidden input (our side of ECHO) with every kind of client: ones that never answer, ones that
// answer only WILL (TinTin++ 2.02), strict RFC 1143 ones (Mudlet), late answers, and hot reboot.
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "server/telnet/codec.hpp"
#include "tests/telnet/wire.hpp"

namespace dw::telnet::test {
namespace {

const std::string will_echo = wire({IAC, WILL, opt::ECHO});
const std::string wont_echo = wire({IAC, WONT, opt::ECHO});
const std::string do_echo = wire({IAC, DO, opt::ECHO});
const std::string dont_echo = wire({IAC, DONT, opt::ECHO});

/// What set_hidden_input wrote for one wish.
std::string toggle(codec& c, bool hidden) {
  std::string out;
  c.set_hidden_input(hidden, out);
  return out;
}

/// What set_hidden_input wrote for several wishes in a row, in order (the operands of `+` have
/// no evaluation order, so toggle(c, a) + toggle(c, b) would not do).
std::string toggles(codec& c, std::initializer_list<bool> wishes) {
  std::string out;
  for (const bool hidden : wishes) {
    c.set_hidden_input(hidden, out);
  }
  return out;
}

/// The ECHO commands (WILL/WONT/DO/DONT ECHO) in `bytes`, in order, as (verb, option) pairs.
std::vector<std::uint8_t> echo_verbs(std::string_view bytes) {
  std::vector<std::uint8_t> verbs;
  for (std::size_t i = 0; i + 2 < bytes.size(); ++i) {
    const auto b = static_cast<std::uint8_t>(bytes[i]);
    const auto verb = static_cast<std::uint8_t>(bytes[i + 1]);
    if (b == IAC && verb >= WILL && verb <= DONT && static_cast<std::uint8_t>(bytes[i + 2]) == opt::ECHO) {
      verbs.push_back(verb);
      i += 2;
    }
  }
  return verbs;
}

/// The client side of our ECHO as a strict RFC 1143 client (Mudlet) keeps it: it answers every
/// request that changes its state and counts the requests that did not (RFC 854: never
/// acknowledged; a server that sends them is out of step with the client).
struct strict_client {
  bool accepts = true;
  bool server_echoes = false;  ///< the client's view: true = local echo off
  int redundant_requests = 0;
  int redundant_wills = 0;

  /// Answers what the server sent (only the ECHO commands matter here).
  std::string answer(std::string_view from_server) {
    std::string reply;
    for (const std::uint8_t verb : echo_verbs(from_server)) {
      if (verb == WILL) {
        if (server_echoes) {
          ++redundant_requests;
          ++redundant_wills;
        } else if (accepts) {
          server_echoes = true;
          reply += do_echo;
        } else {
          reply += dont_echo;
        }
      } else if (verb == WONT) {
        if (!server_echoes) {
          ++redundant_requests;
        } else {
          server_echoes = false;
          reply += dont_echo;
        }
      }
    }
    return reply;
  }
};

/// TinTin++ 2.02 as observed on the wire: WILL ECHO turns local echo off and is answered DO ECHO
/// (only when its state changes), WONT ECHO turns local echo back on and is never answered.
struct tintin_client {
  bool server_echoes = false;

  std::string answer(std::string_view from_server) {
    std::string reply;
    for (const std::uint8_t verb : echo_verbs(from_server)) {
      if (verb == WILL && !server_echoes) {
        server_echoes = true;
        reply += do_echo;
      } else if (verb == WONT) {
        server_echoes = false;
      }
    }
    return reply;
  }
};

TEST(CodecEcho, SilentClientGetsWillEchoAtEveryPasswordPrompt) {
  // A client that never answers ECHO negotiation: every request must still go out, or the
  // second password is typed in clear.
  harness h = agreed_harness();
  for (int prompt = 0; prompt < 4; ++prompt) {
    EXPECT_EQ(toggle(h.c, true), will_echo) << "password prompt " << prompt;
    EXPECT_EQ(toggle(h.c, false), wont_echo) << "after password " << prompt;
  }
  // A repeated wish is still never sent twice.
  EXPECT_TRUE(toggle(h.c, false).empty());
  EXPECT_EQ(toggle(h.c, true), will_echo);
  EXPECT_TRUE(toggle(h.c, true).empty());
}

TEST(CodecEcho, TintinClientThatNeverAnswersWontIsHiddenAtEveryPrompt) {
  // The failed-login sequence that showed passwords in TinTin++: hide, show, hide, show.
  harness h = agreed_harness();
  tintin_client client;
  for (int prompt = 0; prompt < 4; ++prompt) {
    const std::string hide = toggle(h.c, true);
    EXPECT_EQ(hide, will_echo) << "password prompt " << prompt;
    EXPECT_TRUE(h.feed(client.answer(hide)).empty());
    EXPECT_TRUE(client.server_echoes) << "password " << prompt << " would be shown";
    EXPECT_TRUE(h.c.client().echo_hidden);
    const std::string show = toggle(h.c, false);
    EXPECT_EQ(show, wont_echo) << "after password " << prompt;
    EXPECT_TRUE(h.feed(client.answer(show)).empty());
    EXPECT_FALSE(client.server_echoes);
    EXPECT_FALSE(h.c.client().echo_hidden);
  }
}

TEST(CodecEcho, AnsweringClientGetsNoDuplicateOrLoopingNegotiation) {
  harness h = agreed_harness();
  strict_client client;
  std::string all_from_server;
  // Each answer is delivered before the next wish: the ordinary login.
  for (int prompt = 0; prompt < 4; ++prompt) {
    for (const bool hidden : {true, false}) {
      const std::string request = toggle(h.c, hidden);
      EXPECT_EQ(request, hidden ? will_echo : wont_echo);
      const std::string reply = h.feed(client.answer(request));
      EXPECT_TRUE(reply.empty()) << "an answer to our own request is never answered";
      all_from_server += request + reply;
      EXPECT_EQ(client.server_echoes, hidden);
      EXPECT_EQ(h.c.client().echo_hidden, hidden);
      EXPECT_EQ(h.c.local_state(opt::ECHO), hidden ? q_state::yes : q_state::no);
    }
  }
  EXPECT_EQ(client.redundant_requests, 0);
  EXPECT_EQ(echo_verbs(all_from_server).size(), 8u);
  // A repeated DO/DONT after agreement is not acknowledged again.
  EXPECT_TRUE(h.feed(dont_echo).empty());
  EXPECT_EQ(toggle(h.c, true), will_echo);
  EXPECT_TRUE(h.feed(do_echo + do_echo).empty());
}

TEST(CodecEcho, AnsweringClientBehindSeveralRequestsSettlesWithoutReplies) {
  // The login flow can toggle twice before the client's answers arrive ("The passwords differ":
  // WONT then WILL in one write). Each answer must be matched to its request, never re-answered.
  harness h = agreed_harness();
  strict_client client;
  std::string pending = toggle(h.c, true);
  EXPECT_EQ(h.feed(client.answer(pending)), "");
  pending = toggles(h.c, {false, true});
  EXPECT_EQ(pending, wont_echo + will_echo) << "the new prompt must be hidden at once";
  pending += toggles(h.c, {false, true});
  const std::string answers = client.answer(pending);
  EXPECT_EQ(answers, dont_echo + do_echo + dont_echo + do_echo);
  // Byte by byte and all at once give the same quiet result.
  harness split = agreed_harness();
  strict_client other;
  split.feed(other.answer(toggle(split.c, true)));
  const std::string split_pending = toggles(split.c, {false, true, false, true});
  for (const char byte : other.answer(split_pending)) {
    EXPECT_TRUE(split.feed(std::string(1, byte)).empty());
  }
  EXPECT_TRUE(h.feed(answers).empty());
  EXPECT_TRUE(h.c.client().echo_hidden);
  EXPECT_TRUE(split.c.client().echo_hidden);
  EXPECT_EQ(h.c.local_state(opt::ECHO), q_state::yes);
  EXPECT_TRUE(client.server_echoes);
  EXPECT_EQ(client.redundant_requests, 0);
  EXPECT_EQ(other.redundant_requests, 0);
  EXPECT_EQ(only<option_event>(h.events), (std::vector<option_event>{{opt::ECHO, true, true},
                                                                     {opt::ECHO, true, true}}));
}

TEST(CodecEcho, EveryInterleavingOfWishesAndAnswersStaysQuietAndInStep) {
  // Wishes and deliveries of the client's answers in every order over 10 steps. Every request
  // goes out when the game asks for it, never later in reply to an answer (a request held back for
  // an answer waits for ever with a client that does not answer); the server never sends a
  // request an accepting client already holds; once everything is delivered both sides agree with
  // the last wish. (A client that refuses WILL may see one WONT for a state it already holds: the
  // server cannot know of the refusal before it arrives, and RFC 854 has such a request ignored.)
  for (const bool accepts : {true, false}) {
    for (unsigned pattern = 0; pattern < (1U << 10); ++pattern) {
      harness h = agreed_harness();
      strict_client client;
      client.accepts = accepts;
      std::deque<std::string> in_flight;
      const auto deliver_one = [&] {
        const std::string reply = h.feed(in_flight.front());
        in_flight.pop_front();
        EXPECT_TRUE(reply.empty()) << pattern;
        if (!reply.empty()) {
          in_flight.push_back(client.answer(reply));  // still played out, so the end state is checked
        }
      };
      bool hidden = false;
      for (int step = 0; step < 10; ++step) {
        if ((pattern >> step) & 1U) {
          hidden = !hidden;
          in_flight.push_back(client.answer(toggle(h.c, hidden)));
        } else if (!in_flight.empty()) {
          deliver_one();
        }
      }
      for (int rounds = 0; !in_flight.empty() && rounds < 100; ++rounds) {
        deliver_one();
      }
      ASSERT_TRUE(in_flight.empty()) << pattern;
      ASSERT_EQ(client.redundant_wills, 0) << pattern;
      if (accepts) {
        ASSERT_EQ(client.redundant_requests, 0) << pattern;
      }
      EXPECT_EQ(client.server_echoes, hidden && accepts) << pattern;
      EXPECT_EQ(h.c.client().echo_hidden, hidden && accepts) << pattern;
    }
  }
}

TEST(CodecEcho, LateDoAfterWeAskedWontSettlesOff) {
  harness h = agreed_harness();
  EXPECT_EQ(toggle(h.c, true), will_echo);
  // The password came back before the client's DO: echo is given back at once, not queued.
  EXPECT_EQ(toggle(h.c, false), wont_echo);
  EXPECT_TRUE(h.feed(do_echo).empty()) << "the late DO answers our WILL; our WONT is already on its way";
  EXPECT_FALSE(h.c.client().echo_hidden);
  EXPECT_TRUE(h.feed(dont_echo).empty()) << "the DONT answers our WONT";
  EXPECT_FALSE(h.c.client().echo_hidden);
  EXPECT_EQ(h.c.local_state(opt::ECHO), q_state::no);
  // The next prompt is hidden as usual.
  EXPECT_EQ(toggle(h.c, true), will_echo);
  EXPECT_TRUE(h.feed(do_echo).empty());
  EXPECT_TRUE(h.c.client().echo_hidden);
  // A client that changes its mind on its own is still answered (once).
  EXPECT_EQ(h.feed(dont_echo), wont_echo);
  EXPECT_FALSE(h.c.client().echo_hidden);
  EXPECT_TRUE(h.feed(dont_echo).empty());
}

TEST(CodecEcho, LateDoWithoutAnyDontSettlesOff) {
  // TinTin++ with a slow link: its DO arrives after our WONT, and it never answers the WONT.
  harness h = agreed_harness();
  toggle(h.c, true);
  toggle(h.c, false);
  EXPECT_TRUE(h.feed(do_echo).empty());
  EXPECT_FALSE(h.c.client().echo_hidden);
  EXPECT_EQ(toggle(h.c, true), will_echo);
  EXPECT_TRUE(h.feed(do_echo).empty());
  EXPECT_TRUE(h.c.client().echo_hidden);
  EXPECT_EQ(toggle(h.c, false), wont_echo);
}

TEST(CodecEcho, RefusingClientIsAskedOncePerPromptAndNeverInALoop) {
  harness h = agreed_harness();
  for (int prompt = 0; prompt < 3; ++prompt) {
    EXPECT_EQ(toggle(h.c, true), will_echo);
    EXPECT_TRUE(h.feed(dont_echo).empty());
    EXPECT_FALSE(h.c.client().echo_hidden);
    EXPECT_TRUE(toggle(h.c, false).empty()) << "it never agreed: nothing to take back";
  }
}

TEST(CodecEcho, SavedStateKeepsHidingForSilentClients) {
  // Hot reboot between two password prompts of a client that never answers.
  harness h = agreed_harness();
  EXPECT_EQ(toggle(h.c, true), will_echo);
  EXPECT_EQ(toggle(h.c, false), wont_echo);
  auto restored = codec::restore_state(h.c.save_state(), h.c.limits());
  ASSERT_TRUE(restored.has_value());
  EXPECT_EQ(restored->save_state(), h.c.save_state());
  EXPECT_TRUE(toggle(*restored, false).empty()) << "the WONT was already sent before the reboot";
  EXPECT_EQ(toggle(*restored, true), will_echo);
  EXPECT_EQ(toggle(*restored, false), wont_echo);
  EXPECT_EQ(toggle(*restored, true), will_echo);
}

TEST(CodecEcho, SavedStateKeepsMatchingAnswersInFlight) {
  // A strict client's answers to two requests are still on the wire during the reboot.
  harness h = agreed_harness();
  strict_client client;
  h.feed(client.answer(toggle(h.c, true)));
  const std::string answers = client.answer(toggles(h.c, {false, true}));
  auto restored = codec::restore_state(h.c.save_state(), h.c.limits());
  ASSERT_TRUE(restored.has_value());
  harness r;
  r.c = std::move(*restored);
  EXPECT_TRUE(r.feed(answers).empty());
  EXPECT_TRUE(r.c.client().echo_hidden);
  EXPECT_EQ(client.answer(toggle(r.c, false)), dont_echo);
  EXPECT_EQ(client.redundant_requests, 0);
}

TEST(CodecEcho, StuckStateFromTheOldFormatRecovers) {
  // A DWTELNET1 snapshot taken by the old code from TinTin++ after a failed login: our ECHO side
  // (local, option 1) in want_no (2), queue empty, budget 8, hidden input not wanted.
  const auto restored = codec::restore_state("DWTELNET1 0 1 0 1 2 0 8 0 0 0: 0: 0: 0 0 0 0 0 0 80 24 ", {});
  ASSERT_TRUE(restored.has_value());
  codec c = *restored;
  EXPECT_EQ(toggle(c, true), will_echo) << "the next password prompt must be hidden";
  EXPECT_EQ(toggle(c, false), wont_echo);
}

}  // namespace
}  // namespace dw::telnet::test
