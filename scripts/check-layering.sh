#!/usr/bin/env bash
# Checks the layering rules of ARCHITECTURE.md ("Rules of the house") on the sources and the CMake files.
#
#   scripts/check-layering.sh [--allow FILE] [--link-closure FILE] [ROOT]
#
# ROOT is the source tree (default: this script's repository). It fails, naming file, line and include,
# when:
#   - a pure module (seed/, mapgen/, dungeon/, content/, server/telnet/, server/config/, server/text/) includes
#     Boost.Asio or Beast, SQLite or spdlog, or anything under server/ but its own folder; or dungeon/
#     includes content/ (the server wires the two); or seed/ (beneath all) includes another; or mapgen/
#     includes dungeon/ or content/;
#   - anything under server/game/ includes server/net/, server/app/, server/telnet/ (the telnet codec: only
#     server/net and server/app use it), Boost.Asio or Beast, or SQLite;
#   - anything under server/game/ includes server/store/ (the game owns its records and the storage port's
#     types, server/game/storage/; server/store implements the port and depends on them, never the reverse);
#   - a part of the game (a folder under server/game/) includes world.hpp, or a part it may not use (the
#     table in server/game/README.md: roster and storage use no other part, output only roster, ...);
#   - a file of server/game/commands/ includes, of server/game's headers, anything but: the commands
#     folder's own headers, of which the set headers (<set>_set.hpp) only its own set's (its own name's, or
#     the set command_set_of names for it) and no header that includes another set's; the root headers but
#     world.hpp and network_port.hpp; and the public headers of the parts it may use (commands_part_headers
#     below: each part's classes, value types and ports, never an umbrella that world builds, such as
#     encounters/encounters.hpp, places/places.hpp or groups/groups.hpp (a set takes the concept classes,
#     such as places' walking or groups' membership, or a port such as ground), nor a part's internals);
#     command_sets.hpp, the old umbrella of every set, is gone;
#   - anything under server/net/ includes a header of server/game/ other than the game's port to the network
#     (server/game/network_port.hpp) and the game's view of a connection (server/game/roster/session_port.hpp);
#   - anything under server/ includes spdlog but server/log/log.cpp and the logging set-up of server/app
#     (logging.cpp and its sinks): the rest logs through server/log/log.hpp;
#   - a file under server/game/ but server/game/events/ calls on_rollback( (outside a comment): what an event
#     changes is undone by the typed changes of server/game/events/undoable.hpp, not by a lambda at the site;
#   - a pure module's CMakeLists.txt does not define its own library target (from its own sources), or
#     any CMake file links that target to Boost, SQLite, spdlog or a server/ library;
#   - with --link-closure: the generated list of everything each pure target links, directly or not
#     (tests/layering/CMakeLists.txt writes it at configure time), names one of those.
# The server/game rule honours an allow-list of known exceptions (default:
# ROOT/tests/layering/known_violations.txt, one "file:include" a line); an entry that no longer occurs
# fails the check too, so the list only shrinks. The pure rules take no exceptions.
# Plain bash, grep and sed: nothing to install.
set -uo pipefail
set -f  # no globbing: words split from CMake calls must stay as written

usage() {
  echo "usage: $0 [--allow FILE] [--link-closure FILE] [ROOT]" >&2
  exit 2
}

root=""
allow_file=""
closure_file=""
while [ $# -gt 0 ]; do
  case "$1" in
    --allow) [ $# -ge 2 ] || usage; allow_file=$2; shift 2 ;;
    --link-closure) [ $# -ge 2 ] || usage; closure_file=$2; shift 2 ;;
    -h | --help) usage ;;
    -*) usage ;;
    *) [ -z "$root" ] || usage; root=$1; shift ;;
  esac
done
[ -n "$root" ] || root="$(dirname "$0")/.."
root=$(cd "$root" && pwd) || exit 2
if [ -z "$allow_file" ]; then
  allow_file="$root/tests/layering/known_violations.txt"  # no such file: no exceptions
elif [ ! -f "$allow_file" ]; then
  echo "$0: no allow-list $allow_file" >&2
  exit 2
fi
allow_name=${allow_file#"$root"/}  # as messages show it

# The pure modules and their library targets.
pure_modules=(seed mapgen dungeon content server/telnet server/config server/text)
declare -A target_of=(
  [seed]=dw_seed [mapgen]=dw_mapgen [dungeon]=dw_dungeon [content]=dw_content [server/telnet]=dw_telnet [server/config]=dw_config
  [server/text]=dw_text
)

violations=()  # "where: what" lines
allowed=()     # game-rule violations waived by the allow-list
note() { violations+=("$1"); }

# ---- includes -------------------------------------------------------------------------------------

# The parts of the game and the other parts each may include (server/game/README.md).
declare -A game_part_uses=(
  [roster]="storage" [storage]="" [output]="roster" [events]="roster output storage"
  [progression]="roster output events storage" [bounties]="roster output events progression storage"
  [places]="roster output events progression storage" [groups]="roster output places"
  [encounters]="roster output events places progression groups storage"
  [administration]="roster output events storage"
  [login]="roster output events places groups encounters administration progression bounties commands storage"
  [commands]="roster output events places groups encounters administration progression bounties storage"
)

# Sets `reason` when `file`, in a part of the game, includes `inc` from a part it may not use.
game_part_rule() {
  local file=$1 inc=$2 part other
  [[ "$file" == server/game/*/* ]] || return  # the root (world and its headers) may use every part
  part=${file#server/game/}
  part=${part%%/*}
  if [ "$inc" = server/game/world.hpp ]; then
    reason="a part of the game never sees the world (the composition root)"
    return
  fi
  [[ "$inc" == server/game/*/* ]] || return
  other=${inc#server/game/}
  other=${other%%/*}
  [ "$other" != "$part" ] || return
  [ -n "${game_part_uses[$part]+set}" ] || return  # a folder the table does not name yet
  case " ${game_part_uses[$part]} " in
    *" $other "*) return ;;
  esac
  reason="server/game/$part may not use server/game/$other (see the table in server/game/README.md)"
}

# A command set includes its own set header and the headers of the parts its commands call (issue 29):
# what a set needs of a part is named in its <set>_set.hpp (declared, not included), and only the set's
# own files include the part. The files of a set that are not named after it:
declare -A command_set_of=(
  [merchant]=economy [consumables]=economy [score]=economy [giving]=economy [gear_trade]=economy
  [economy_support]=economy [inspection]=world_admin
)
# The parts' public headers, the only headers of other parts that a file of commands/ may include (paths
# under server/game/). Not listed, so internal to their part or the root's: roster/session_port.hpp and
# client_abilities.hpp (the network's view), output/gmcp*.hpp, pager.hpp and text_wrap.hpp, events/event_loop.hpp,
# event_batch.hpp and storage_health.hpp, places/dungeon_bridge.hpp, crowd_text.hpp and
# room_hooks.hpp, the umbrellas world builds (encounters/encounters.hpp, and places/places.hpp: a set takes
# the places classes its commands call, place_directory, room_view, walking, ..., or the ground port), and
# everything of login/.
commands_part_headers=" roster/roster.hpp roster/character.hpp roster/connection.hpp roster/item.hpp roster/names.hpp
  roster/preferences.hpp output/output.hpp output/channels.hpp output/chat_history.hpp output/colour.hpp output/style.hpp
  events/event_sink.hpp events/undoable.hpp progression/progression.hpp bounties/bounties.hpp
  places/place.hpp places/place_directory.hpp places/room_view.hpp places/interior_view.hpp places/map_view.hpp
  places/walking.hpp places/collapse.hpp places/crowds.hpp places/ground.hpp
  places/static_rooms.hpp places/steps.hpp places/hall_of_fame.hpp
  groups/following.hpp groups/membership.hpp groups/group_news.hpp encounters/fights.hpp
  encounters/fight_table.hpp encounters/danger.hpp
  encounters/fight_news.hpp
  encounters/puzzles.hpp encounters/rest.hpp encounters/room_stock.hpp encounters/item_news.hpp encounters/rune_locks.hpp
  encounters/wanderers.hpp administration/administration.hpp administration/audit.hpp administration/backups.hpp
  administration/address_pattern.hpp administration/duration.hpp storage/changes.hpp storage/failure.hpp
  storage/reads.hpp storage/records.hpp "
commands_part_headers=${commands_part_headers//$'\n'/ }

# Sets `reason` when `file`, in server/game/commands/, includes `inc` (a server/game header) that the rule
# above does not give it.
command_set_rule() {
  local file=$1 inc=$2 stem own name other
  [[ "$file" == server/game/commands/* && "$inc" == server/game/* ]] || return
  stem=${file##*/}
  stem=${stem%.*}
  own=${command_set_of[$stem]:-$stem}
  name=${inc#server/game/}
  case "$name" in
    commands/command_sets.hpp)
      reason="command_sets.hpp (the umbrella of every set) is gone: a set includes its own ${own}_set.hpp and the parts it calls"
      return ;;
    commands/*_set.hpp)
      other=${name#commands/}
      other=${other%_set.hpp}
      [ "$other" = "$own" ] ||
        reason="a command set includes only its own set header (${own}_set.hpp), not the $other set's"
      return ;;
    commands/*)
      # A support header that includes a set header belongs to that set (economy_support.hpp: economy).
      if [ -f "$root/$inc" ]; then
        other=$(grep -oE '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]server/game/commands/[A-Za-z0-9_]+_set\.hpp' "$root/$inc" |
          sed -E 's|.*/([A-Za-z0-9_]+)_set\.hpp$|\1|' | grep -vxF -- "$own" | head -n 1)
        [ -z "$other" ] || reason="${name#commands/} belongs to the $other set (it includes ${other}_set.hpp): a command set includes only its own"
      fi
      return ;;
    */*) ;;
    world.hpp | network_port.hpp)
      reason="a command set never sees the world nor the network's port"
      return ;;
    *) return ;;  # the root headers: services.hpp, live_settings.hpp, deeds.hpp, ...
  esac
  case "$commands_part_headers" in
    *" $name "*) return ;;
  esac
  reason="a command set includes only the public headers of the parts it calls (commands_part_headers in scripts/check-layering.sh), not $name"
}

# Sets `reason` to why `module` may not include `inc` (the include as written, resolved to the tree
# when relative), or to nothing when it may. (A variable, not output: it runs for every include.)
include_rule() {
  local module=$1 inc=$2 file=${3:-}
  reason=""
  if [ "$module" = server/game ]; then
    case "$inc" in
      boost/asio | boost/asio.hpp | boost/asio/* | boost/beast | boost/beast.hpp | boost/beast/* | asio.hpp | asio/*)
        reason="the world thread does not touch sockets (Boost.Asio/Beast)" ;;
      server/net/*) reason="server/game sees a connection only through game::session_port, never server/net/" ;;
      server/app/*) reason="server/game does not know the binary around it (server/app/)" ;;
      server/telnet/*)
        reason="only server/telnet knows telnet bytes: the game sees what it needs through its own types" ;;
      sqlite3*.h) reason="only server/store speaks SQL (SQLite)" ;;
    esac
    # ---- store is never included by game code (issue 29). The game's records and the storage port's
    # types live in server/game/storage/ (and the root's location.hpp, role.hpp); server/store includes
    # them and implements the port. Only server/app, which wires the two together, includes both.
    if [ -z "$reason" ] && [[ "$inc" == server/store/* ]]; then
      reason="game code never includes server/store: it uses the storage port's types (server/game/storage/), which the store implements"
    fi
    [ -n "$reason" ] || game_part_rule "$file" "$inc"
    [ -n "$reason" ] || command_set_rule "$file" "$inc"
    return
  fi
  case "$inc" in
    boost/asio | boost/asio.hpp | boost/asio/* | boost/beast | boost/beast.hpp | boost/beast/* | asio.hpp | asio/*)
      reason="pure module includes Boost.Asio/Beast"; return ;;
    sqlite3*.h) reason="pure module includes SQLite"; return ;;
    spdlog/*) reason="pure module includes spdlog"; return ;;
    "$module"/*) return ;;
    server/*) reason="pure module includes from server/ (only its own folder is allowed)"; return ;;
  esac
  if [ "$module" = dungeon ] && [[ "$inc" == content/* ]]; then
    reason="the dungeon does not know the content layer (the server wires them)"
  fi
  if [ "$module" = seed ] && [[ "$inc" == dungeon/* || "$inc" == content/* || "$inc" == mapgen/* ]]; then
    reason="seed/ sits beneath the dungeon, the content layer and the map generator: it includes none of them"
  fi
  if [ "$module" = mapgen ] && [[ "$inc" == dungeon/* || "$inc" == content/* ]]; then
    reason="mapgen/ knows only maps: the content layer uses it, not the other way round"
  fi
}

# The C++ files checked, for find and for grep.
source_names=(-name '*.hpp' -o -name '*.cpp' -o -name '*.h' -o -name '*.cc' -o -name '*.ipp' -o -name '*.inl' -o -name '*.tpp')
include_names=(--include='*.hpp' --include='*.cpp' --include='*.h' --include='*.cc' --include='*.ipp' --include='*.inl'
  --include='*.tpp')

declare -A allow_entries=()  # "file:include" -> allow-list line number
declare -A allow_used=()
if [ -f "$allow_file" ]; then
  n=0
  while IFS= read -r raw || [ -n "$raw" ]; do
    n=$((n + 1))
    entry=${raw%%#*}
    entry=${entry//[[:space:]]/}
    [ -n "$entry" ] || continue
    if [[ "$entry" != server/game/*:* ]]; then
      note "$allow_name:$n: '$entry' is not 'server/game/<file>:<include>' (only the server/game rule takes exceptions)"
      continue
    fi
    allow_entries[$entry]=$n
  done <"$allow_file"
fi

files_checked=0
# Calls `$2 file line spelled include` for every #include directive of the sources under folder $1 (a
# commented-out one starts with //, so it is not one). `spelled` is the include as written ("x.hpp" or
# <x.hpp>); a quoted include is resolved next to the including file first, as the compiler does
# ("../game/world.hpp" becomes server/game/world.hpp).
for_each_include() {
  local dir=$1 handler=$2 hit file rest line text q inc spelled
  [ -d "$root/$dir" ] || return 0
  files_checked=$((files_checked + $(cd "$root" && find "$dir" -type f \( "${source_names[@]}" \) | wc -l)))
  while IFS= read -r hit; do
    file=${hit%%:*}
    rest=${hit#*:}
    line=${rest%%:*}
    text=${rest#*:}
    [[ "$text" =~ ^[[:space:]]*#[[:space:]]*include[[:space:]]*([\"\<])([^\"\>]+)[\"\>] ]] || continue
    q=${BASH_REMATCH[1]}
    inc=${BASH_REMATCH[2]}
    if [ "$q" = '"' ]; then
      spelled="\"$inc\""
      if [ -e "$root/${file%/*}/$inc" ]; then
        inc=$(realpath -m --relative-to="$root" "$root/${file%/*}/$inc")
      fi
    else
      spelled="<$inc>"
    fi
    "$handler" "$file" "$line" "$spelled" "$inc"
  done < <(cd "$root" && grep -rnE "${include_names[@]}" '^[[:space:]]*#[[:space:]]*include' "$dir" | LC_ALL=C sort -t: -k1,1 -k2,2n)
}

# A pure module's or the game's include: the rules of include_rule, and the game's allow-list.
module_checked=""
check_module_include() {
  local file=$1 line=$2 spelled=$3 inc=$4 key
  include_rule "$module_checked" "$inc" "$file"
  [ -n "$reason" ] || return 0
  key="$file:$inc"
  if [ "$module_checked" = server/game ] && [ -n "${allow_entries[$key]:-}" ]; then
    allowed+=("$file:$line: includes $spelled (known exception, $allow_name:${allow_entries[$key]})")
    allow_used[$key]=1
    return 0
  fi
  note "$file:$line: includes $spelled: $reason"
}

for module_checked in "${pure_modules[@]}" server/game; do
  for_each_include "$module_checked" check_module_include
done

# ---- server/net sees the game only through its port ------------------------------------------------
# The network layer reports events through game::network_port and is answered through game::session_port;
# any other game header (world.hpp above all) would make the sessions compile with the whole game, and
# recompile at every change inside it (issue 29). No exceptions: this rule does not read the allow-list.
net_game_headers_allowed=(server/game/network_port.hpp server/game/roster/session_port.hpp)
check_net_include() {
  local file=$1 line=$2 spelled=$3 inc=$4 allowed_inc
  [[ "$inc" == server/game/* ]] || return 0
  for allowed_inc in "${net_game_headers_allowed[@]}"; do
    [ "$inc" = "$allowed_inc" ] && return 0
  done
  note "$file:$line: includes $spelled: server/net sees the game only through server/game/network_port.hpp (and roster/session_port.hpp)"
}
for_each_include server/net check_net_include

# ---- spdlog only where the log is written or set up --------------------------------------------------
# Each file that calls spdlog compiles its formatting templates again: about three seconds at -O2 for the
# first call in a file. The server logs through server/log/log.hpp; spdlog is included by log.cpp, which
# hands it the text, and by the logging set-up of server/app (its sinks and logging.cpp). No exceptions.
spdlog_includers=(server/log/log.cpp server/app/logging.cpp server/app/nonblocking_fd_sink.hpp
  server/app/nonblocking_fd_sink.cpp server/app/drop_reporting_sink.hpp server/app/drop_reporting_sink.cpp)
check_spdlog_include() {
  local file=$1 line=$2 spelled=$3 inc=$4 allowed_file
  [[ "$inc" == spdlog/* ]] || return 0
  for allowed_file in "${spdlog_includers[@]}"; do
    [ "$file" = "$allowed_file" ] && return 0
  done
  note "$file:$line: includes $spelled: the server logs through server/log/log.hpp (spdlog's templates cost each file that calls them seconds of compile)"
}
for_each_include server check_spdlog_include

# ---- undo by construction -------------------------------------------------------------------------------
# A change that must be undone when an event's batch cannot be saved is undone by a typed change
# (server/game/events/undoable.hpp: keep, keep_entry, keep_new_entry, erase_kept, ..., or a part's own undo,
# named for what it puts back and registered through undo_with), never by a lambda a site hands to
# change_sink::on_rollback itself (issue 29). Only server/game/events/ calls it. Comments do not count.
while IFS= read -r hit; do
  file=${hit%%:*}
  rest=${hit#*:}
  line=${rest%%:*}
  text=${rest#*:}
  text=${text%%//*}
  case "$file" in server/game/events/*) continue ;; esac
  if grep -qE 'on_rollback[[:space:]]*\(' <<<"$text"; then
    note "$file:$line: calls on_rollback(: a change is undone by a typed change (server/game/events/undoable.hpp), not a lambda at the site"
  fi
done < <(cd "$root" && grep -rnE --include='*.cpp' --include='*.hpp' 'on_rollback[[:space:]]*\(' server/game)
# (the files under server/ that no rule above read were read by this one: count each file once)
files_checked=$(cd "$root" && find "${pure_modules[@]}" server -type f \( "${source_names[@]}" \) 2>/dev/null | wc -l)

for key in "${!allow_entries[@]}"; do
  if [ -z "${allow_used[$key]:-}" ]; then
    note "$allow_name:${allow_entries[$key]}: '$key' no longer occurs: remove it from the allow-list"
  fi
done

# ---- CMake ----------------------------------------------------------------------------------------

# Every CMake file of the tree, without comments, as one line (calls may span lines).
flat_cmake() {
  sed -e 's/#.*$//' "$1" | tr '\n\t' '  '
}

# The library targets defined under server/: a pure module links none of them (but its own).
server_targets=()
while IFS= read -r t; do
  server_targets+=("$t")
done < <(cd "$root" && find server -name CMakeLists.txt -exec sed -e 's/#.*$//' {} + 2>/dev/null |
  grep -oE 'add_library\([[:space:]]*[A-Za-z0-9_]+' | sed -E 's/add_library\([[:space:]]*//' | LC_ALL=C sort -u)

# Why pure target `target` (of module `module`) may not link `lib`; prints nothing when it may.
link_rule() {
  local module=$1 target=$2 lib=$3 t
  case "$lib" in
    PUBLIC | PRIVATE | INTERFACE | LINK_PUBLIC | LINK_PRIVATE | LINK_INTERFACE_LIBRARIES | "") return ;;
  esac
  case "$lib" in
    *[Bb]oost* | *asio*) echo "links Boost"; return ;;
    *[Ss][Qq][Ll]ite*) echo "links SQLite"; return ;;
    *spdlog*) echo "links spdlog"; return ;;
  esac
  for t in "${server_targets[@]}" dw_server dw_net dw_game dw_store dw_logging; do
    if [ "$lib" = "$t" ] && [ "$lib" != "$target" ]; then
      echo "links the server library $lib"
      return
    fi
  done
  if [ "$module" = dungeon ] && [ "$lib" = dw_content ]; then
    echo "links the content layer (the dungeon does not know it)"
  fi
  if [ "$module" = seed ] && { [ "$lib" = dw_dungeon ] || [ "$lib" = dw_content ]; }; then
    echo "links $lib (seed/ sits beneath it)"
  fi
}

# The first line of `file` that matches the extended regex `pattern` (to point messages somewhere useful).
line_of() {
  local n
  n=$(grep -nE -- "$2" "$1" | head -n 1 | cut -d: -f1)
  echo "${n:-1}"
}

cmake_files=()
declare -A cmake_flat=()  # file -> its text without comments, as one line
while IFS= read -r f; do
  cmake_files+=("$f")
  cmake_flat[$f]=$(flat_cmake "$root/$f")
done < <(cd "$root" && find . \( -name build -o -name 'build-*' -o -name .git \) -prune -o \
  \( -name CMakeLists.txt -o -name '*.cmake' \) -type f -print | sed 's|^\./||' | LC_ALL=C sort)

for module in "${pure_modules[@]}"; do
  target=${target_of[$module]}
  lists="$module/CMakeLists.txt"
  [ -d "$root/$module" ] || continue
  if [ ! -f "$root/$lists" ]; then
    note "$lists: missing (each module is its own library target, $target)"
    continue
  fi
  call=$(grep -oE "add_library\([[:space:]]*${target}[[:space:]][^)]*\)" <<<"${cmake_flat[$lists]:-}" | head -n 1)
  if [ -z "$call" ]; then
    note "$lists:1: does not define its library target $target"
  else
    for word in $call; do
      # A path that climbs out (..) or is built from a CMake variable ("${...}/...").
      # shellcheck disable=SC2016
      case "$word" in
        *..* | *'${'*/*)
          note "$lists:$(line_of "$root/$lists" "add_library\\("): $target compiles $word, from outside its folder" ;;
      esac
    done
  fi
  for f in "${cmake_files[@]}"; do
    while IFS= read -r call; do
      call=${call#*(}
      call=${call%)}
      for lib in $call; do
        [ "$lib" != "$target" ] || continue
        reason=$(link_rule "$module" "$target" "$lib")
        [ -n "$reason" ] && note "$f:$(line_of "$root/$f" "target_link_libraries\\([[:space:]]*$target"): $target $reason ($lib)"
      done
    done < <(grep -oE "target_link_libraries\([[:space:]]*${target}[[:space:]][^)]*\)" <<<"${cmake_flat[$f]}")
  done
done

if [ -n "$closure_file" ]; then
  if [ ! -f "$closure_file" ]; then
    note "$closure_file: missing (written when CMake configures tests/layering)"
  else
    while IFS= read -r entry || [ -n "$entry" ]; do
      target=${entry%%:*}
      if [ -z "$target" ] || [ "$target" = "$entry" ]; then
        continue
      fi
      module=""
      for m in "${pure_modules[@]}"; do
        [ "${target_of[$m]}" = "$target" ] && module=$m
      done
      [ -n "$module" ] || continue
      for lib in ${entry#*:}; do
        reason=$(link_rule "$module" "$target" "$lib")
        [ -n "$reason" ] && note "$closure_file: $target $reason ($lib, as CMake resolves its links)"
      done
    done <"$closure_file"
  fi
fi

# ---- report ---------------------------------------------------------------------------------------

if [ ${#allowed[@]} -gt 0 ]; then
  echo "Known exceptions (to be removed; listed in $allow_name):"
  printf '  %s\n' "${allowed[@]}"
fi
if [ ${#violations[@]} -gt 0 ]; then
  echo "Layering violations (the rules are listed at the top of scripts/check-layering.sh):"
  printf '  %s\n' "${violations[@]}"
  echo "layering: FAILED: ${#violations[@]} violation(s) in $files_checked source files and ${#cmake_files[@]} CMake files"
  exit 1
fi
echo "layering: OK: $files_checked source files and ${#cmake_files[@]} CMake files checked, ${#allowed[@]} known exception(s)"
