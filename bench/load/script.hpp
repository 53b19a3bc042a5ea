#pragma once

// The login script: how a client gets from connecting to playing, so any telnet MUD can be measured.
// One step a line:
//   expect <text>        wait until <text> has come (after what the previous expect matched)
//   send <text>          send the line (`send` alone sends an empty line)
//   on <text> => <line>  at any point of the script, once <text> comes, send <line> (once)
//   marker <text>        logged in once <text> has come (`marker` alone: at the next prompt marker)
// '#' starts a comment line. Placeholders: {name}, {password}, {n} (the client's number from 0) and
// {login} (create or connect, from --login).
#include <filesystem>
#include <string>
#include <vector>

namespace dw::load {

struct script_step {
  enum class kind { expect, send, marker } what;
  std::string text;
};

struct script_rule {
  std::string when;
  std::string send;
};

struct script {
  std::vector<script_step> steps;
  std::vector<script_rule> rules;
};

/// Reads a script file; throws std::runtime_error naming the line that is wrong.
script read_script(const std::filesystem::path& file);

/// `text` with the placeholders filled in.
std::string fill(std::string text, const std::string& name, const std::string& password, int n,
                 const std::string& login);

/// The name of client `n`: the prefix and the number in letters (base 26, "a" = 0), at least 3 letters,
/// as wide as the largest number needs, so all names have one length.
std::string client_name(const std::string& prefix, int n, int clients);

}  // namespace dw::load
