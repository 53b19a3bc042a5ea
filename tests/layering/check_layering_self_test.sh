#!/usr/bin/env bash
# Tests scripts/check-layering.sh itself: it passes on a copy of the tree, and fails, naming the file,
# the line and the include (or the link), on each violation planted in a fresh copy.
#
#   tests/layering/check_layering_self_test.sh CHECK_SCRIPT SOURCE_ROOT
set -euo pipefail

check=$1
source_root=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# What the check reads: the modules' sources and CMake files, and the allow-list.
mkdir -p "$work/pristine/tests"
(cd "$source_root" && cp -a CMakeLists.txt seed dungeon content server "$work/pristine/")
cp -a "$source_root/tests/layering" "$work/pristine/tests/"
tree="$work/tree"

failures=0
fresh() {
  rm -rf "$tree"
  cp -a "$work/pristine" "$tree"
}
# Puts `text` on line `line` of `file` (inside the copy).
plant() {
  local file=$1 line=$2 text=$3
  sed -i "${line}i\\
$text" "$tree/$file"
}
run_check() {
  set +e
  output=$(bash "$check" "$@" "$tree" 2>&1)
  status=$?
  set -e
}
expect_pass() {
  local what=$1
  shift
  run_check "$@"
  if [ "$status" -ne 0 ]; then
    echo "FAIL: $what: the check failed (status $status):"
    echo "$output" | sed 's/^/    /'
    failures=$((failures + 1))
  else
    echo "ok:   $what"
  fi
}
# Every further argument must appear in the check's output.
expect_fail() {
  local what=$1 needle
  shift
  run_check
  if [ "$status" -ne 1 ]; then
    echo "FAIL: $what: the check did not fail (status $status):"
    echo "$output" | sed 's/^/    /'
    failures=$((failures + 1))
    return
  fi
  for needle in "$@"; do
    if ! grep -qF -- "$needle" <<<"$output"; then
      echo "FAIL: $what: the output does not name '$needle':"
      echo "$output" | sed 's/^/    /'
      failures=$((failures + 1))
      return
    fi
  done
  echo "ok:   $what"
}

fresh
expect_pass "the tree as it is passes"

fresh
plant dungeon/direction.hpp 3 '#include <boost/asio/ip/tcp.hpp>'
expect_fail "dungeon includes Boost.Asio" "dungeon/direction.hpp:3: includes <boost/asio/ip/tcp.hpp>"

fresh
plant content/tape.hpp 2 '#include "server/store/records.hpp"'
expect_fail "content includes server/" 'content/tape.hpp:2: includes "server/store/records.hpp"'

fresh
plant server/telnet/codec.cpp 2 '#include <spdlog/spdlog.h>'
expect_fail "server/telnet includes spdlog" "server/telnet/codec.cpp:2: includes <spdlog/spdlog.h>"

fresh
plant server/config/setting_defs.cpp 2 '  #  include <sqlite3.h>'
expect_fail "server/config includes SQLite (spaced directive)" "server/config/setting_defs.cpp:2: includes <sqlite3.h>"

fresh
plant server/config/settings.hpp 2 '#include "server/telnet/codec.hpp"'
expect_fail "server/config includes another server folder" 'server/config/settings.hpp:2: includes "server/telnet/codec.hpp"'

fresh
plant server/telnet/codec.cpp 2 '#include <boost/beast/http.hpp>'
expect_fail "server/telnet includes Beast" "server/telnet/codec.cpp:2: includes <boost/beast/http.hpp>"

fresh
plant dungeon/dungeon.hpp 2 '#include "content/tape.hpp"'
expect_fail "dungeon includes content" 'dungeon/dungeon.hpp:2: includes "content/tape.hpp"'

fresh
plant seed/mix64.hpp 2 '#include "dungeon/coord.hpp"'
expect_fail "seed includes the dungeon" 'seed/mix64.hpp:2: includes "dungeon/coord.hpp"'

fresh
plant seed/mix64.hpp 2 '#include <spdlog/spdlog.h>'
expect_fail "seed includes spdlog" "seed/mix64.hpp:2: includes <spdlog/spdlog.h>"

fresh
echo "target_link_libraries(dw_seed INTERFACE dw_content)" >>"$tree/seed/CMakeLists.txt"
expect_fail "dw_seed links the content layer" "dw_seed links dw_content (seed/ sits beneath it)"

fresh
plant dungeon/direction.hpp 2 '// #include <boost/asio.hpp>'
plant content/tape.hpp 2 '#include <string>  // not <spdlog/spdlog.h>'
plant server/game/places/crowds.cpp 2 '// (not changes_.on_rollback(...): undone by construction)'
expect_pass "a commented-out include (or on_rollback call) is no violation"

fresh
plant server/game/world.hpp 2 '#include "server/net/session.hpp"'
expect_fail "a new server/game violation fails" 'server/game/world.hpp:2: includes "server/net/session.hpp"'

fresh
plant server/game/output/output.cpp 2 '#include "../../app/server.hpp"'
expect_fail "a relative include is resolved as the compiler does" \
  'server/game/output/output.cpp:2: includes "../../app/server.hpp"'

fresh
plant server/game/login/login.hpp 2 '#include "server/telnet/mssp.hpp"'
expect_fail "server/game includes the telnet codec" \
  'server/game/login/login.hpp:2: includes "server/telnet/mssp.hpp": only server/telnet knows telnet bytes'

fresh
plant server/game/output/gmcp.cpp 2 '#include "../../telnet/codec.hpp"'
expect_fail "server/game includes the telnet codec (relative include)" \
  'server/game/output/gmcp.cpp:2: includes "../../telnet/codec.hpp"'

fresh
plant server/game/output/gmcp.cpp 2 '#include <boost/asio/post.hpp>'
expect_fail "server/game includes Boost.Asio" "server/game/output/gmcp.cpp:2: includes <boost/asio/post.hpp>"

# Store is never included by game code: the game owns the storage port's types (issue 29). That game
# code may use those types (roster/character.hpp includes storage/records.hpp) the pristine tree shows.
fresh
plant server/game/storage/changes.hpp 2 '#include "server/store/records.hpp"'
expect_fail "game code includes the store" \
  'server/game/storage/changes.hpp:2: includes "server/store/records.hpp": game code never includes server/store'
fresh
plant server/game/events/event_loop.cpp 2 '#include "../../store/store_error.hpp"'
expect_fail "game code includes the store (relative include)" \
  'server/game/events/event_loop.cpp:2: includes "../../store/store_error.hpp": game code never includes server/store'

fresh
plant server/game/roster/roster.cpp 2 '#include "server/game/places/places.hpp"'
expect_fail "a part uses a part it may not" \
  'server/game/roster/roster.cpp:2: includes "server/game/places/places.hpp": server/game/roster may not use server/game/places'

fresh
plant server/game/encounters/rest.cpp 2 '#include "server/game/world.hpp"'
expect_fail "a part includes the composition root" 'server/game/encounters/rest.cpp:2: includes "server/game/world.hpp"'

# A command set includes its own set header and only the public headers of the parts it calls (issue 29).
# (Several plants in one copy: each copy of the tree costs seconds on a loaded machine.)
fresh
plant server/game/commands/puzzles.cpp 2 '#include "server/game/commands/command_sets.hpp"'
plant server/game/commands/fights.cpp 2 '#include "server/game/commands/basic_set.hpp"'
plant server/game/commands/talk.cpp 2 '#include "../world.hpp"'
plant server/game/commands/grouping.cpp 2 '#include "server/game/network_port.hpp"'
plant server/game/commands/world_admin.cpp 2 '#include "server/game/encounters/encounters.hpp"'
plant server/game/commands/items.cpp 2 '#include "../places/dungeon_bridge.hpp"'
plant server/game/commands/help.cpp 2 '#include "server/game/commands/economy_support.hpp"'
plant server/game/commands/merchant.cpp 2 '#include "server/game/commands/world_admin_set.hpp"'
plant server/game/commands/movement.cpp 2 '#include "server/game/places/places.hpp"'
plant server/game/commands/grouping.cpp 3 '#include "server/game/groups/groups.hpp"'
expect_fail "a command set includes the old umbrella, another set's header, the world, the network's port, an umbrella part header (encounters, places, groups), a part's internal header (relative include), another set's support header" \
  'server/game/commands/puzzles.cpp:2: includes "server/game/commands/command_sets.hpp": command_sets.hpp (the umbrella of every set) is gone' \
  'server/game/commands/fights.cpp:2: includes "server/game/commands/basic_set.hpp": a command set includes only its own set header (fights_set.hpp)' \
  'server/game/commands/talk.cpp:2: includes "../world.hpp": a part of the game never sees the world' \
  'server/game/commands/grouping.cpp:2: includes "server/game/network_port.hpp": a command set never sees the world nor the network' \
  'server/game/commands/world_admin.cpp:2: includes "server/game/encounters/encounters.hpp": a command set includes only the public headers' \
  'server/game/commands/items.cpp:2: includes "../places/dungeon_bridge.hpp": a command set includes only the public headers' \
  'server/game/commands/help.cpp:2: includes "server/game/commands/economy_support.hpp": economy_support.hpp belongs to the economy set' \
  'server/game/commands/merchant.cpp:2: includes "server/game/commands/world_admin_set.hpp": a command set includes only its own set header (economy_set.hpp)' \
  'server/game/commands/movement.cpp:2: includes "server/game/places/places.hpp": a command set includes only the public headers' \
  'server/game/commands/grouping.cpp:3: includes "server/game/groups/groups.hpp": a command set includes only the public headers'

# An umbrella of sets inside commands/ fails where it includes the second set's header.
fresh
printf '#pragma once\n#include "server/game/commands/basic_set.hpp"\n#include "server/game/commands/talk_set.hpp"\n' \
  >"$tree/server/game/commands/all_sets.hpp"
expect_fail "an umbrella of set headers in commands/" \
  'server/game/commands/all_sets.hpp:2: includes "server/game/commands/basic_set.hpp"' \
  'server/game/commands/all_sets.hpp:3: includes "server/game/commands/talk_set.hpp"'

fresh
plant server/game/commands/score.cpp 2 '#include "server/game/commands/economy_set.hpp"'
plant server/game/commands/inspection.cpp 2 '#include "server/game/commands/world_admin_set.hpp"'
plant server/game/commands/fights.cpp 2 '#include "server/game/commands/item_matching.hpp"'
plant server/game/commands/fights.cpp 3 '#include "../encounters/wanderers.hpp"'
plant server/game/commands/fights.cpp 4 '#include "server/game/storage/records.hpp"'
plant server/game/commands/fights.cpp 5 '#include "server/game/services.hpp"'
plant server/game/world.cpp 2 '#include "server/game/commands/basic_set.hpp"'
plant server/app/logging.cpp 2 '#include <spdlog/sinks/base_sink.h>'
expect_pass "a set's files include their set header, support headers, public part headers and root headers; world every set; the logging set-up includes spdlog"

# The server logs through server/log/log.hpp: spdlog is for log.cpp and the logging set-up only.
fresh
plant server/game/places/walking.cpp 2 '#include <spdlog/spdlog.h>'
plant server/net/session.cpp 2 '#include <spdlog/fmt/ostr.h>'
plant server/app/server.cpp 2 '#include <spdlog/spdlog.h>'
expect_fail "spdlog included by the game, the network and the server's files" \
  'server/game/places/walking.cpp:2: includes <spdlog/spdlog.h>: the server logs through server/log/log.hpp' \
  'server/net/session.cpp:2: includes <spdlog/fmt/ostr.h>: the server logs through server/log/log.hpp' \
  'server/app/server.cpp:2: includes <spdlog/spdlog.h>: the server logs through server/log/log.hpp'

# server/net sees the game only through its port (network_port.hpp, and roster/session_port.hpp).
# (Three plants in one copy: each copy of the tree costs seconds on a loaded machine.)
fresh
plant server/net/session.cpp 2 '#include "server/game/world.hpp"'
plant server/net/listener.hpp 2 '#include "../game/roster/roster.hpp"'
plant server/net/session.hpp 2 '#include <server/game/login/login.hpp>'
expect_fail "net includes the composition root, a part (relative include), a game header (<...>)" \
  'server/net/session.cpp:2: includes "server/game/world.hpp"' \
  'server/net/listener.hpp:2: includes "../game/roster/roster.hpp"' \
  'server/net/session.hpp:2: includes <server/game/login/login.hpp>'

fresh
plant server/net/listener.cpp 2 '#include "server/game/network_port.hpp"'
plant server/net/listener.cpp 3 '#include "server/game/roster/session_port.hpp"'
expect_pass "net may include the game's port and session_port"

fresh
plant server/game/places/place_directory.cpp 2 '#include "../output/output.hpp"'
plant server/game/world.cpp 2 '#include "server/game/commands/dispatcher.hpp"'
expect_pass "a part uses what it may, and the root uses every part"

fresh
plant server/game/world.hpp 2 '#include "server/net/session.hpp"'
echo "server/game/world.hpp:server/net/session.hpp  # planted" >>"$tree/tests/layering/known_violations.txt"
expect_pass "a server/game violation on the allow-list passes"

fresh
plant server/game/world.hpp 2 '#include "server/net/session.hpp"'
plant server/game/world.cpp 2 '#include "server/net/session.hpp"'
echo "server/game/world.hpp:server/net/session.hpp" >>"$tree/tests/layering/known_violations.txt"
expect_fail "the allow-list waives only the file it names" 'server/game/world.cpp:2: includes "server/net/session.hpp"'

fresh
echo "server/game/world.hpp:server/net/session.hpp" >>"$tree/tests/layering/known_violations.txt"
expect_fail "an allow-list entry that no longer occurs fails" \
  "'server/game/world.hpp:server/net/session.hpp' no longer occurs"

fresh
plant dungeon/direction.hpp 2 '#include <boost/asio.hpp>'
echo "dungeon/direction.hpp:boost/asio.hpp" >>"$tree/tests/layering/known_violations.txt"
expect_fail "the pure modules take no exceptions" "dungeon/direction.hpp:2: includes <boost/asio.hpp>" \
  "only the server/game rule takes exceptions"

fresh
echo "target_link_libraries(dw_dungeon PRIVATE spdlog::spdlog)" >>"$tree/dungeon/CMakeLists.txt"
expect_fail "dw_dungeon links spdlog" "dungeon/CMakeLists.txt:" "dw_dungeon links spdlog (spdlog::spdlog)"

fresh
sed -i 's/target_link_libraries(dw_content PRIVATE dw_warnings/target_link_libraries(dw_content\n  PRIVATE dw_warnings\n  dw_store/' \
  "$tree/content/CMakeLists.txt"
expect_fail "dw_content links a server library (call over several lines)" \
  "dw_content links the server library dw_store (dw_store)"

fresh
printf 'target_link_libraries(dw_config\n  PUBLIC SQLite::SQLite3)\n' >>"$tree/server/CMakeLists.txt"
expect_fail "dw_config linked to SQLite from another CMakeLists" "server/CMakeLists.txt:" "dw_config links SQLite"

fresh
echo "target_link_libraries(dw_telnet PUBLIC Boost::headers)" >>"$tree/server/telnet/CMakeLists.txt"
expect_fail "dw_telnet links Boost" "dw_telnet links Boost (Boost::headers)"

fresh
echo "target_link_libraries(dw_dungeon PUBLIC dw_content)" >>"$tree/dungeon/CMakeLists.txt"
expect_fail "dw_dungeon links the content layer" "dw_dungeon links the content layer"

fresh
sed -i 's/add_library(dw_dungeon /add_library(dw_rules /' "$tree/dungeon/CMakeLists.txt"
expect_fail "a pure module without its own target" "dungeon/CMakeLists.txt:1: does not define its library target dw_dungeon"

fresh
sed -i 's|^  direction.cpp$|  direction.cpp\n  ../server/game/login/names.cpp|' "$tree/dungeon/CMakeLists.txt"
expect_fail "a pure target compiling sources from elsewhere" "dw_dungeon compiles ../server/game/login/names.cpp"

# What an event changes is undone by a typed change, never by a lambda handed to on_rollback at the site.
fresh
plant server/game/places/crowds.cpp 2 '  changes_.on_rollback([this] { batches_.clear(); });'
expect_fail "a game file outside events/ calls on_rollback" \
  'server/game/places/crowds.cpp:2: calls on_rollback(: a change is undone by a typed change'

fresh
printf 'dw_content: dw_warnings tomlplusplus::tomlplusplus\ndw_dungeon: dw_warnings\n' >"$work/closure.txt"
expect_pass "a clean link closure passes" --link-closure "$work/closure.txt"
printf 'dw_content: dw_warnings dw_text spdlog::spdlog\n' >"$work/closure.txt"
run_check --link-closure "$work/closure.txt"
if [ "$status" -eq 1 ] && grep -qF "dw_content links spdlog (spdlog::spdlog, as CMake resolves its links)" <<<"$output"; then
  echo "ok:   a transitive link to spdlog in the link closure fails"
else
  echo "FAIL: a transitive link to spdlog in the link closure was not reported (status $status):"
  echo "$output" | sed 's/^/    /'
  failures=$((failures + 1))
fi

if [ "$failures" -gt 0 ]; then
  echo "check-layering self-test: $failures case(s) FAILED"
  exit 1
fi
echo "check-layering self-test: all cases passed"
