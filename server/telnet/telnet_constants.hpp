#pragma once

#include <cstdint>

// Names follow the RFCs (IAC, WILL, ...) so the code reads like the specifications.
namespace dw::telnet {

/// Telnet command bytes (RFC 854, RFC 885 for EOR).
namespace cmd {
inline constexpr std::uint8_t IAC = 255;
inline constexpr std::uint8_t DONT = 254;
inline constexpr std::uint8_t DO = 253;
inline constexpr std::uint8_t WONT = 252;
inline constexpr std::uint8_t WILL = 251;
inline constexpr std::uint8_t SB = 250;
inline constexpr std::uint8_t GA = 249;
inline constexpr std::uint8_t EL = 248;
inline constexpr std::uint8_t EC = 247;
inline constexpr std::uint8_t AYT = 246;
inline constexpr std::uint8_t AO = 245;
inline constexpr std::uint8_t IP = 244;
inline constexpr std::uint8_t BRK = 243;
inline constexpr std::uint8_t DM = 242;
inline constexpr std::uint8_t NOP = 241;
inline constexpr std::uint8_t SE = 240;
inline constexpr std::uint8_t EOR = 239;
}  // namespace cmd

/// Telnet option codes, including the MUD extensions.
namespace opt {
inline constexpr std::uint8_t ECHO = 1;
inline constexpr std::uint8_t SGA = 3;
inline constexpr std::uint8_t TTYPE = 24;
inline constexpr std::uint8_t EOR = 25;
inline constexpr std::uint8_t NAWS = 31;
inline constexpr std::uint8_t CHARSET = 42;
inline constexpr std::uint8_t MSSP = 70;
inline constexpr std::uint8_t MCCP2 = 86;
inline constexpr std::uint8_t GMCP = 201;
}  // namespace opt

/// TTYPE subnegotiation verbs (RFC 1091).
namespace ttype {
inline constexpr std::uint8_t IS = 0;
inline constexpr std::uint8_t SEND = 1;
}  // namespace ttype

/// CHARSET subnegotiation verbs (RFC 2066).
namespace charset {
inline constexpr std::uint8_t REQUEST = 1;
inline constexpr std::uint8_t ACCEPTED = 2;
inline constexpr std::uint8_t REJECTED = 3;
inline constexpr std::uint8_t TTABLE_IS = 4;
inline constexpr std::uint8_t TTABLE_REJECTED = 5;
}  // namespace charset

}  // namespace dw::telnet
