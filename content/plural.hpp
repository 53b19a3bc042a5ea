#pragma once

// The plural of a thing's name, for lists that count ("2 healing draughts"). Pure.

#include <string>
#include <string_view>

namespace dw::content {

/// "a healing draught" -> "healing draughts", "a coat of scale mail" -> "coats of scale mail", "a rusty knife"
/// -> "rusty knives", "a plate harness" -> "plate harnesses": the article dropped and the head noun (the last
/// word, or the word before "of") made plural by the ordinary English rules.
std::string plural_of(std::string_view noun_phrase);

/// `noun_phrase` itself for one, else "<n> " and its plural: "a healing draught", "2 healing draughts".
std::string counted(int n, std::string_view noun_phrase);

}  // namespace dw::content
