#!/usr/bin/env bash
# Start-up time of the real server on a large world: from exec until the first byte of the login screen
# arrives over a loopback connection. The world is made once by bench_persisted (the real orchestrator
# and store) and kept under $DW_STARTUP_DIR (default /tmp/dw-startup), then the server is started on it
# `runs` times (each run kills it with SIGKILL and starts again on the same file, as after a crash).
# Usage: bench/game/startup.sh [rooms (1000000)] [runs (5)]   (after ./scripts/build.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
rooms=${1:-1000000}
runs=${2:-5}
dir=${DW_STARTUP_DIR:-/tmp/dw-startup}
db="$dir/world-$rooms.db"
mkdir -p "$dir"
if [ ! -f "$db" ]; then
  echo "making a world of $rooms rooms at $db ..." >&2
  ./build/bench/game/bench_persisted --keep-db "$db" "$rooms" >&2
fi
echo "rooms in the file: $(sqlite3 "$db" 'select count(*) from rooms' 2>/dev/null || echo '?') ($(du -h "$db" | cut -f1))"
now_ns() { date +%s%N; }
for run in $(seq 1 "$runs"); do
  rm -f "$dir/port"
  start=$(now_ns)
  ./build/server/deepwell --config config/deepwell.toml --db "$db" --log-dir "$dir" --port 0 --web-port 0 \
    --port-file "$dir/port" >"$dir/stdout.log" 2>&1 &
  pid=$!
  while [ ! -s "$dir/port" ]; do
    if ! kill -0 "$pid" 2>/dev/null; then echo "the server stopped; see $dir/stdout.log" >&2; exit 1; fi
    sleep 0.002
  done
  port=$(cat "$dir/port")
  listening=$(now_ns)
  # The first byte of the login screen: the server accepts and answers.
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  head -c 1 <&3 >/dev/null
  answered=$(now_ns)
  exec 3<&-
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true
  printf 'run %d: listening after %.0f ms, first byte after %.0f ms\n' "$run" \
    "$(echo "($listening - $start) / 1000000" | bc -l)" "$(echo "($answered - $start) / 1000000" | bc -l)"
done
