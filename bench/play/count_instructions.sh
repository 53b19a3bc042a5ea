#!/usr/bin/env bash
# Instructions, not time: runs play_bench's (d) (steps into new rooms) or (a) (look, say, down/up) once against
# each of two servers under callgrind, and prints the instructions each server executed in all, in the world's
# handling of lines (world::on_line, the world thread) and in the store's writer thread, with after / before.
# Unlike CPU time, instruction counts do not move with the machine's load, so a difference of a per cent or
# two, within the CPU clock's round-to-round spread on a shared machine, can be seen and traced to functions
# (callgrind_annotate the files it keeps). Needs valgrind (Debian: valgrind). Takes a few minutes.
#
#   bench/play/count_instructions.sh <before deepwell> <before content> <after deepwell> <after content> \
#       [n|a] [new rooms (n) or commands of each kind (a)]
#
# Both servers get the same seed and the same walk, so they do the same work; the figures include start-up
# (loading content, migrating the database), the same in both.
set -euo pipefail

if [[ $# -lt 4 ]]; then
  sed -n '2,12p' "$0" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")/../.." && pwd)
bench=${PLAY_BENCH:-$here/build/bench/play/play_bench}
mode=${5:-n}
size=${6:-300}
work=$(mktemp -d /tmp/deepwell-instructions-XXXXXX)
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
[[ -x "$bench" ]] || { echo "no $bench: build the play_bench target first" >&2; exit 1; }

# Counts one server: $1 name, $2 binary, $3 content. play_bench kills the server it started at the end
# (SIGKILL, which callgrind cannot survive to write its file), so the server runs under a shell that waits
# for it: the shell is killed, callgrind runs on, and is stopped here with SIGTERM, which it writes its file on.
count() {
  local name=$1 binary=$2 content=$3 out="$work/$1.callgrind"
  cat >"$work/$name.sh" <<EOF
#!/bin/sh
valgrind --tool=callgrind --callgrind-out-file=$out "$binary" "\$@" &
wait
EOF
  chmod +x "$work/$name.sh"
  local only=(--only n --rounds 1 --new-rooms "$size")
  [[ $mode == a ]] && only=(--only a --rounds 1 --batch "$size")
  "$bench" --server "$work/$name.sh" --content "$content" "${only[@]}" --min-gap-us 2000 >"$work/$name.bench" 2>&1 || {
    cat "$work/$name.bench" >&2
    exit 1
  }
  local pid
  pid=$(pgrep -f -- "--callgrind-out-file=$out" | head -1 || true)
  if [[ -n $pid ]]; then
    kill -TERM "$pid"
    while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
  fi
  callgrind_annotate --auto=no --inclusive=yes "$out" >"$work/$name.annotated" 2>/dev/null
}

# The inclusive instruction count of the first function matching $2 in $1's annotation (0 if none).
inclusive() {
  grep -E "$2" "$work/$1.annotated" | head -1 | awk '{gsub(",", "", $1); print $1 + 0}'
}

count before "$1" "$2"
count after "$3" "$4"
printf '| | before | after | after / before |\n|---|---|---|---|\n'
for row in "whole process|PROGRAM TOTALS" "world thread: world::on_line|dw::game::world::on_line\\(" \
  "store writer thread|dw::store::writer::run\\(\\)"; do
  label=${row%%|*}
  pattern=${row#*|}
  b=$(inclusive before "$pattern")
  a=$(inclusive after "$pattern")
  ratio=$(awk -v a="$a" -v b="$b" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "-" }')
  printf '| %s | %s | %s | %s |\n' "$label" "$b" "$a" "$ratio"
done
echo "(mode $mode, $size; callgrind files and play_bench's output kept in $work)"
