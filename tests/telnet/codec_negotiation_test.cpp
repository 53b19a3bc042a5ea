// Option negotiation through the codec: the support table, RFC 1143 behaviour, hostile clients.
#include <gtest/gtest.h>

#include "server/telnet/codec.hpp"
#include "tests/telnet/wire.hpp"

namespace dw::telnet::test {
namespace {

const std::string ttype_send = wire({IAC, SB, opt::TTYPE, ttype::SEND, IAC, SE});

TEST(CodecNegotiation, StartAsksForTheMudOptionsAndNothingElse) {
  codec c;
  std::string out;
  c.start(out);
  EXPECT_EQ(out, wire({IAC, WILL, opt::EOR, IAC, WILL, opt::GMCP, IAC, WILL, opt::CHARSET, IAC, WILL, opt::MSSP, IAC,
                       WILL, opt::MCCP2, IAC, DO, opt::NAWS, IAC, DO, opt::TTYPE}));
  EXPECT_EQ(out.find(static_cast<char>(NOP)), std::string::npos);  // bug 15: no keep-alive NOPs
}

TEST(CodecNegotiation, OpeningDoesNotOfferSgaSoLineModeClientsStayInLineMode) {
  // GNU inetutils telnet accepts an offered WILL SGA and drops into character-at-a-time mode
  // with local echo ("^M" after each line, "^?" for backspace). The server must never offer it.
  harness h;
  std::string opening;
  h.c.start(opening);
  EXPECT_EQ(opening.find(wire({IAC, WILL, opt::SGA})), std::string::npos);
  EXPECT_EQ(opening.find(wire({IAC, DO, opt::SGA})), std::string::npos);
  EXPECT_EQ(h.c.local_state(opt::SGA), q_state::no);
  EXPECT_EQ(h.c.remote_state(opt::SGA), q_state::no);

  // The password echo toggle asks for ECHO only, never SGA as a side effect.
  std::string toggle;
  h.c.set_hidden_input(true, toggle);
  EXPECT_EQ(toggle, wire({IAC, WILL, opt::ECHO}));
  EXPECT_TRUE(h.feed(wire({IAC, DO, opt::ECHO})).empty());
  toggle.clear();
  h.c.set_hidden_input(false, toggle);
  EXPECT_EQ(toggle, wire({IAC, WONT, opt::ECHO}));
  EXPECT_TRUE(h.feed(wire({IAC, DONT, opt::ECHO})).empty());
  EXPECT_EQ(h.c.local_state(opt::SGA), q_state::no);
  EXPECT_FALSE(h.c.client().sga);

  // Without EOR or SGA the prompt still ends with GA.
  h.feed(wire({IAC, DONT, opt::EOR}));
  std::string prompt;
  h.c.end_prompt(prompt);
  EXPECT_EQ(prompt, wire({IAC, GA}));

  // A client that asks for SGA itself still gets it, and then the prompt carries no GA.
  EXPECT_EQ(h.feed(wire({IAC, DO, opt::SGA})), wire({IAC, WILL, opt::SGA}));
  EXPECT_TRUE(h.c.client().sga);
  EXPECT_EQ(h.c.local_state(opt::SGA), q_state::yes);
  prompt.clear();
  h.c.end_prompt(prompt);
  EXPECT_TRUE(prompt.empty());
}

TEST(CodecNegotiation, AgreementSettlesOptionsWithoutReplies) {
  harness h;
  std::string opening;
  h.c.start(opening);
  // SGA was not offered: the client's DO SGA is a request of its own and is granted.
  const std::string out =
      h.feed(wire({IAC, DO, opt::SGA, IAC, DO, opt::EOR, IAC, DO, opt::GMCP, IAC, WILL, opt::NAWS}));
  EXPECT_EQ(out, wire({IAC, WILL, opt::SGA}));
  EXPECT_EQ(only<option_event>(h.events),
            (std::vector<option_event>{{opt::SGA, true, true},
                                       {opt::EOR, true, true},
                                       {opt::GMCP, true, true},
                                       {opt::NAWS, true, false}}));
  const client_info& info = h.c.client();
  EXPECT_TRUE(info.sga);
  EXPECT_TRUE(info.eor);
  EXPECT_TRUE(info.gmcp);
  EXPECT_TRUE(info.naws);
  EXPECT_FALSE(info.echo_hidden);
}

TEST(CodecNegotiation, AlreadyAgreedStateIsNotAnswered) {
  harness h = agreed_harness();
  EXPECT_TRUE(h.feed(wire({IAC, DO, opt::SGA, IAC, DO, opt::GMCP, IAC, WILL, opt::NAWS})).empty());
  EXPECT_TRUE(h.events.empty());
}

TEST(CodecNegotiation, DontAfterAgreementTurnsTheOptionOff) {
  // Bug 12: a late DONT is an ordinary state change, never a reason to drop the client.
  harness h = agreed_harness();
  EXPECT_EQ(h.feed(wire({IAC, DONT, opt::GMCP})), wire({IAC, WONT, opt::GMCP}));
  EXPECT_EQ(only<option_event>(h.events), (std::vector<option_event>{{opt::GMCP, false, true}}));
  EXPECT_FALSE(h.c.client().gmcp);
  std::string gmcp;
  EXPECT_FALSE(h.c.encode_gmcp("Room.Info", "{}", gmcp));
  EXPECT_TRUE(gmcp.empty());
  EXPECT_TRUE(h.feed(wire({IAC, DONT, opt::GMCP})).empty());  // already off: no answer
  h.feed("still here\r\n");
  EXPECT_EQ(h.texts(), (std::vector<std::string>{"still here"}));
}

TEST(CodecNegotiation, LateWontTurnsTheClientOptionOff) {
  harness h = agreed_harness();
  EXPECT_EQ(h.feed(wire({IAC, WONT, opt::NAWS})), wire({IAC, DONT, opt::NAWS}));
  EXPECT_FALSE(h.c.client().naws);
  EXPECT_TRUE(h.feed(wire({IAC, WONT, opt::NAWS})).empty());
}

TEST(CodecNegotiation, RefusalOfOurRequestsIsQuiet) {
  harness h;
  std::string opening;
  h.c.start(opening);
  EXPECT_TRUE(h.feed(wire({IAC, DONT, opt::EOR, IAC, WONT, opt::NAWS, IAC, DONT, opt::GMCP})).empty());
  EXPECT_EQ(only<option_event>(h.events), (std::vector<option_event>{{opt::EOR, false, true},
                                                                     {opt::NAWS, false, false},
                                                                     {opt::GMCP, false, true}}));
  EXPECT_EQ(h.c.local_state(opt::EOR), q_state::no);
}

TEST(CodecNegotiation, UnsupportedOptionsAreRefused) {
  harness h;
  EXPECT_EQ(h.feed(wire({IAC, DO, 69})), wire({IAC, WONT, 69}));  // MSDP
  EXPECT_EQ(h.feed(wire({IAC, DO, 91})), wire({IAC, WONT, 91}));  // MXP
  EXPECT_EQ(h.feed(wire({IAC, WILL, opt::CHARSET})), wire({IAC, DONT, opt::CHARSET}));  // their side of CHARSET
  EXPECT_EQ(h.feed(wire({IAC, WILL, opt::MCCP2})), wire({IAC, DONT, opt::MCCP2}));      // and of MCCP2
  EXPECT_EQ(h.feed(wire({IAC, DO, 99})), wire({IAC, WONT, 99}));
  EXPECT_EQ(h.feed(wire({IAC, WILL, 99})), wire({IAC, DONT, 99}));
  EXPECT_EQ(h.feed(wire({IAC, WILL, opt::GMCP})), wire({IAC, DONT, opt::GMCP}));  // their side of GMCP
  EXPECT_EQ(h.feed(wire({IAC, DO, opt::NAWS})), wire({IAC, WONT, opt::NAWS}));    // our side of NAWS
  EXPECT_EQ(h.feed(wire({IAC, DO, opt::TTYPE})), wire({IAC, WONT, opt::TTYPE}));
  EXPECT_EQ(h.feed(wire({IAC, WILL, opt::ECHO})), wire({IAC, DONT, opt::ECHO}));
  EXPECT_TRUE(h.events.empty());
}

TEST(CodecNegotiation, UnsolicitedRequestsForSupportedOptionsAreAccepted) {
  harness h;
  EXPECT_EQ(h.feed(wire({IAC, WILL, opt::SGA})), wire({IAC, DO, opt::SGA}));
  EXPECT_EQ(h.feed(wire({IAC, DO, opt::SGA})), wire({IAC, WILL, opt::SGA}));
  EXPECT_EQ(h.feed(wire({IAC, DO, opt::EOR})), wire({IAC, WILL, opt::EOR}));
  EXPECT_EQ(h.feed(wire({IAC, WILL, opt::NAWS})), wire({IAC, DO, opt::NAWS}));
  EXPECT_EQ(h.c.remote_state(opt::SGA), q_state::yes);
  EXPECT_TRUE(h.c.client().eor);
}

TEST(CodecNegotiation, EchoIsOnlyAcceptedInHiddenMode) {
  harness h = agreed_harness();
  EXPECT_EQ(h.feed(wire({IAC, DO, opt::ECHO})), wire({IAC, WONT, opt::ECHO}));
  EXPECT_FALSE(h.c.client().echo_hidden);
}

TEST(CodecNegotiation, HiddenInputTogglesEchoThroughTheQMethod) {
  harness h = agreed_harness();
  std::string out;
  h.c.set_hidden_input(true, out);
  EXPECT_EQ(out, wire({IAC, WILL, opt::ECHO}));
  out.clear();
  h.c.set_hidden_input(true, out);
  EXPECT_TRUE(out.empty());  // already asked
  EXPECT_TRUE(h.feed(wire({IAC, DO, opt::ECHO})).empty());
  EXPECT_TRUE(h.c.client().echo_hidden);
  h.c.set_hidden_input(false, out);
  EXPECT_EQ(out, wire({IAC, WONT, opt::ECHO}));
  EXPECT_FALSE(h.c.client().echo_hidden);
  EXPECT_TRUE(h.feed(wire({IAC, DONT, opt::ECHO})).empty());
  out.clear();
  h.c.set_hidden_input(false, out);
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(only<option_event>(h.events), (std::vector<option_event>{{opt::ECHO, true, true},
                                                                     {opt::ECHO, false, true}}));
}

TEST(CodecNegotiation, ClientRefusingEchoIsNotAskedInALoop) {
  harness h = agreed_harness();
  std::string out;
  h.c.set_hidden_input(true, out);
  EXPECT_TRUE(h.feed(wire({IAC, DONT, opt::ECHO})).empty());
  EXPECT_FALSE(h.c.client().echo_hidden);
  EXPECT_TRUE(h.feed(wire({IAC, DONT, opt::ECHO})).empty());
}

TEST(CodecNegotiation, ChangeOfMindDuringEchoNegotiation) {
  harness h = agreed_harness();
  std::string out;
  h.c.set_hidden_input(true, out);
  h.c.set_hidden_input(false, out);
  // The second wish goes out at once: held back for an answer, it would wait for ever with a
  // client that does not answer (codec_echo_test.cpp). Both answers are then taken quietly.
  EXPECT_EQ(out, wire({IAC, WILL, opt::ECHO, IAC, WONT, opt::ECHO}));
  EXPECT_EQ(h.c.local_state(opt::ECHO), q_state::want_no);
  EXPECT_TRUE(h.feed(wire({IAC, DO, opt::ECHO})).empty());
  EXPECT_FALSE(h.c.client().echo_hidden);
  EXPECT_TRUE(h.feed(wire({IAC, DONT, opt::ECHO})).empty());
  EXPECT_EQ(h.c.local_state(opt::ECHO), q_state::no);
}

TEST(CodecNegotiation, TtypeMttsCycleOverTheWire) {
  harness h;
  std::string opening;
  h.c.start(opening);
  EXPECT_EQ(h.feed(wire({IAC, WILL, opt::TTYPE})), ttype_send);
  const auto answer = [](std::string_view name) {
    return wire({IAC, SB, opt::TTYPE, ttype::IS}) + std::string(name) + wire({IAC, SE});
  };
  EXPECT_EQ(h.feed(answer("MUDLET")), ttype_send);
  EXPECT_EQ(h.feed(answer("XTERM-256COLOR")), ttype_send);
  EXPECT_TRUE(h.feed(answer("MTTS 141")).empty());  // 1+4+8+128
  EXPECT_EQ(only<ttype_event>(h.events).size(), 3u);
  const client_info& info = h.c.client();
  EXPECT_EQ(info.client_name, "MUDLET");
  EXPECT_EQ(info.terminal_type, "XTERM-256COLOR");
  EXPECT_EQ(info.mtts, 141u);
  EXPECT_TRUE(info.ttype_done);
  EXPECT_TRUE(info.utf8);
  EXPECT_TRUE(info.ansi);
  EXPECT_TRUE(info.xterm256);
  EXPECT_FALSE(info.truecolour);
  // Answers after the cycle ended change nothing.
  EXPECT_TRUE(h.feed(answer("EVIL")).empty());
  EXPECT_EQ(only<ttype_event>(h.events).size(), 3u);
  EXPECT_EQ(h.c.client().client_name, "MUDLET");
}

TEST(CodecNegotiation, TtypeClientWithoutCycleStopsAtTheRepeat) {
  harness h;
  std::string opening;
  h.c.start(opening);
  h.feed(wire({IAC, WILL, opt::TTYPE}));
  const std::string answer = wire({IAC, SB, opt::TTYPE, ttype::IS}) + "XTERM" + wire({IAC, SE});
  EXPECT_EQ(h.feed(answer), ttype_send);
  EXPECT_TRUE(h.feed(answer).empty());
  EXPECT_TRUE(h.c.client().ttype_done);
  EXPECT_EQ(h.c.client().terminal_type, "XTERM");
}

/// A hostile client: answers every negotiation it receives with the opposite, forever.
std::string opposite_answers(std::string_view out) {
  std::string answers;
  for (std::size_t i = 0; i + 2 < out.size(); ++i) {
    if (static_cast<std::uint8_t>(out[i]) != IAC) {
      continue;
    }
    const auto verb = static_cast<std::uint8_t>(out[i + 1]);
    const auto option = static_cast<std::uint8_t>(out[i + 2]);
    int reply = 0;
    switch (verb) {
      case DO:
        reply = WONT;
        break;
      case DONT:
        reply = WILL;
        break;
      case WILL:
        reply = DONT;
        break;
      case WONT:
        reply = DO;
        break;
      default:
        continue;
    }
    answers += wire({IAC, reply, option});
    i += 2;
  }
  return answers;
}

TEST(CodecNegotiation, HostileOppositeClientCannotMakeItLoop) {
  harness h;
  std::string out;
  h.c.start(out);
  h.c.set_hidden_input(true, out);
  // The client also opens with requests of its own, for supported and unsupported options.
  std::string from_client = wire({IAC, WILL, opt::NAWS, IAC, WILL, opt::SGA, IAC, DO, opt::ECHO, IAC, DO, opt::MSSP,
                                  IAC, WILL, 99, IAC, DO, opt::EOR, IAC, WILL, opt::TTYPE});
  from_client += opposite_answers(out);
  std::size_t total = out.size();
  int rounds = 0;
  // Several phases, each opened by a change of the hidden-input wish; each must fall quiet.
  for (int phase = 0; phase < 20; ++phase) {
    while (!from_client.empty() && rounds < 1000) {
      out = h.feed(from_client);
      total += out.size();
      from_client = opposite_answers(out);
      ++rounds;
    }
    std::string toggle;
    h.c.set_hidden_input(phase % 2 == 1, toggle);
    total += toggle.size();
    from_client = opposite_answers(toggle);
  }
  EXPECT_LT(rounds, 200);
  EXPECT_LT(total, 2000u);
  // Still usable afterwards.
  h.feed("look\r\n");
  EXPECT_EQ(h.texts().back(), "look");
}

TEST(CodecNegotiation, FloodOfRequestsForOneOptionIsBounded) {
  harness h;
  std::string flood;
  for (int i = 0; i < 1000; ++i) {
    flood += wire({IAC, WILL, opt::NAWS, IAC, WONT, opt::NAWS, IAC, DO, 77, IAC, DONT, 77});
  }
  const std::string out = h.feed(flood);
  EXPECT_LE(out.size(), 3u * 2u * q_option::unsolicited_reply_budget);
}

}  // namespace
}  // namespace dw::telnet::test
