#!/usr/bin/env bash
# The soak: Deepwell run for an hour under a steady mix of players, to find what grows. A fresh server
# (the bench config, with the changes below), mudload's `soak` scenario (of every seven clients five
# explore, one chats in the square, one idles; clients quit every few hundred commands and the next of
# --relay characters takes the place, so that --explorers stay online while each character rests for
# longer than collapse takes, as real players come and go), a row of round trips, memory and
# descriptors every --interval, and the database sampled beside it (file size, rooms and branches
# alive). At the end the four checks, each PASS or FAIL:
#   RSS       the server's RSS at the end within 10% of its level after the first --edge seconds
#   p99       the round trip p99 of the last --edge seconds within 1.5x of the first --edge seconds
#   fds       no growth in the server's open file descriptors (at the end <= after the first --edge + 2%)
#   database  its size bounded by what is alive: branches collapsed and their rooms deleted, the file at
#             the end within 1.25x of the most the live rows ever took (SQLite reuses the pages collapse
#             freed), and the WAL no larger than after the first --edge seconds (or 16 MiB)
# Builds nothing: build deepwell and mudload first. Exit 0 if every check passed, 1 if one failed.
#
#   bench/load/soak.sh [options]
# Options:
#   --minutes M           minutes measured (default 60), after the ramp and a minute's warm-up
#   --explorers N         explorers (default 1000); chatters and idlers are N/5 each
#   --think MS            an explorer's pause after each reply (default 1000)
#   --chat-think MS       a chatter's pause (default 5000)
#   --session-commands N  an explorer quits and logs in again after about N commands (default 300)
#   --relay K             characters taking turns at each client's place (default 4): a character who
#                         quits rests for K-1 sessions of the others, at least (K-1) x N/2 commands' time
#   --collapse S          branch_idle_collapse_seconds (default 300, so that collapse happens within the hour)
#   --interval S          seconds a row covers (default 60); --edge S: seconds compared at each end (600)
#   --deepwell PATH, --mudload PATH, --content DIR   default build/server/deepwell, build/bench/load/mudload, content/
#   --out DIR             keep the run's folder here (default: a new folder under /tmp, kept and named)
#   --smoke               a 30-second run of 21 clients that checks the soak's own mechanics, not the server
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
deepwell=$root/build/server/deepwell
mudload=$root/build/bench/load/mudload
content=$root/content
minutes=60
explorers=1000
think=1000
chat_think=5000
session_commands=300
relay=4
collapse=300
interval=60
edge=600
out=""
smoke=0
usage() { sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --minutes) minutes=$2; shift 2 ;;
    --explorers) explorers=$2; shift 2 ;;
    --think) think=$2; shift 2 ;;
    --chat-think) chat_think=$2; shift 2 ;;
    --session-commands) session_commands=$2; shift 2 ;;
    --relay) relay=$2; shift 2 ;;
    --collapse) collapse=$2; shift 2 ;;
    --interval) interval=$2; shift 2 ;;
    --edge) edge=$2; shift 2 ;;
    --deepwell) deepwell=$2; shift 2 ;;
    --mudload) mudload=$2; shift 2 ;;
    --content) content=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --smoke) smoke=1; shift ;;
    -h|--help) usage ;;
    *) echo "soak.sh: unknown option $1" >&2; usage ;;
  esac
done
if [[ $smoke == 1 ]]; then
  minutes=0.5 explorers=15 think=100 chat_think=300 session_commands=20 relay=2 collapse=5 interval=5 edge=10
fi
for bin in "$deepwell" "$mudload"; do
  [[ -x $bin ]] || { echo "soak.sh: $bin is missing: build it first" >&2; exit 2; }
done
command -v sqlite3 > /dev/null || { echo "soak.sh: sqlite3 (Debian package sqlite3) is needed" >&2; exit 2; }

clients=$(( explorers * 7 / 5 ))
duration=$(awk -v m="$minutes" 'BEGIN { printf "%d", m * 60 }')
ramp=200
warmup=$(( clients / ramp + 60 ))
[[ $smoke == 1 ]] && warmup=$(( clients / ramp + 3 ))
sample_every=$interval
work=${out:-$(mktemp -d /tmp/soak.XXXXXX)}
mkdir -p "$work"
server_pid=""
sampler_pid=""
cleanup() {
  [[ -n $sampler_pid ]] && kill "$sampler_pid" 2>/dev/null || true
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null || true
  [[ -n $server_pid ]] && wait "$server_pid" 2>/dev/null || true
  [[ $smoke == 1 ]] && rm -rf "$work" || echo "soak.sh: the run's folder is $work" >&2
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The bench config (cheap hashing, room for thousands from few addresses), with: absolute paths; the web
# port on a free port for /metrics only (the soak plays over telnet; the sampler reads SQLite's memory
# there); idle players kept past the hour; branches collapsing after --collapse idle seconds, so the
# database's bound is tested within the run.
sed -e "s|^dir = \"../../content\"|dir = \"$content\"|" -e "s|^root = \"../../web\"|root = \"$root/web\"|" \
  -e "s/^idle_timeout_seconds = .*/idle_timeout_seconds = 86400/" \
  -e "s/^branch_idle_collapse_seconds = .*/branch_idle_collapse_seconds = $collapse/" \
  -e "/^\[web\]/,/^\[/ s/^enabled = false/enabled = true/" \
  "$here/deepwell-bench.toml" > "$work/deepwell.toml"
grep -q "^\[metrics\]" "$work/deepwell.toml" \
  || printf '\n[metrics]\nenabled = true\nallowed_addresses = "127.0.0.0/8"\n' >> "$work/deepwell.toml"
grep -q "^branch_idle_collapse_seconds = $collapse$" "$work/deepwell.toml" \
  || { echo "soak.sh: could not set branch_idle_collapse_seconds in the bench config" >&2; exit 2; }
db=$work/data/deepwell.db
"$deepwell" --config "$work/deepwell.toml" --db "$db" --log-dir "$work/data/logs" --host 127.0.0.1 --port 0 \
  --port-file "$work/deepwell.port" --web-port 0 --web-port-file "$work/web.port" > "$work/deepwell.out" 2>&1 &
server_pid=$!
for _ in $(seq 1 600); do
  [[ -s $work/deepwell.port ]] && break
  kill -0 "$server_pid" 2>/dev/null || { echo "soak.sh: deepwell did not start:" >&2; tail -20 "$work/deepwell.out" >&2; exit 1; }
  sleep 0.1
done
[[ -s $work/deepwell.port ]] || { echo "soak.sh: deepwell did not print its port in 60 s" >&2; exit 1; }
port=$(cat "$work/deepwell.port")
for _ in $(seq 1 100); do [[ -s $work/web.port ]] && break; sleep 0.1; done
web_port=$(cat "$work/web.port" 2>/dev/null || echo 0)

# One gauge from the server's /metrics (the web port, loopback), or 0.
metric() {
  python3 - "$web_port" "$1" <<'PY' 2>/dev/null || echo 0
import sys, urllib.request
text = urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/metrics", timeout=10).read().decode()
print(next((l.split()[-1] for l in text.splitlines() if l.split(" ")[0] == sys.argv[2]), "0"))
PY
}

# The database beside the run, every --interval from mudload's start: the file and its WAL, the pages
# in use, and the rows that say what is alive (a read-only connection: it reads a snapshot, blocks no writer).
sample_db() {
  local t0 now sql
  t0=$(date +%s.%N)
  sql="SELECT (SELECT page_count FROM pragma_page_count()), (SELECT freelist_count FROM pragma_freelist_count()),
       (SELECT page_size FROM pragma_page_size()), (SELECT count(*) FROM branches), (SELECT count(*) FROM rooms),
       (SELECT coalesce(max(id), 0) FROM rooms), (SELECT count(*) FROM items), (SELECT count(*) FROM characters);"
  echo "t_s,db_bytes,wal_bytes,page_count,freelist_count,page_size,branches,rooms,max_room_id,items,characters,sqlite_bytes,rss_bytes" \
    > "$work/db.csv"
  while kill -0 "$server_pid" 2>/dev/null; do
    sleep "$sample_every"
    now=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
    local row
    row=$(sqlite3 -readonly -separator , "file:$db?mode=ro" "$sql" 2>/dev/null) || continue
    echo "$now,$(stat -c %s "$db" 2>/dev/null || echo 0),$(stat -c %s "$db-wal" 2>/dev/null || echo 0),$row,$(metric \
      deepwell_sqlite_memory_bytes),$(metric deepwell_process_resident_memory_bytes)" >> "$work/db.csv"
  done
}
# Every character the relay will use is made before the measured run, as a server in service has its
# accounts already: otherwise the accounts keep being created all hour, and the database file, and with
# it SQLite's page caches (each connection's fills as the file it reads grows), grow with them. One idle
# run of mudload for each turn of the relay: never more connections at once than the soak itself opens.
everyone=$(( clients * relay ))
settle=20
[[ $smoke == 1 ]] && settle=5
made=0
for turn in $(seq 0 $(( relay - 1 ))); do
  "$mudload" --port "$port" -s idle -c "$clients" --first-name $(( turn * clients )) --ramp "$ramp" -d 1 \
    --warmup $(( clients / ramp + settle )) -q --json "$work/characters.json" >> "$work/characters.txt" 2>&1 || true
  logged=$(grep -o '"logged_in":[0-9]*' "$work/characters.json" 2>/dev/null | head -1 | cut -d: -f2) || true
  made=$(( made + ${logged:-0} ))
  rm -f "$work/characters.json"
done
echo "soak.sh: $made of $everyone characters made before the run" >&2

sample_db &
sampler_pid=$!

echo "soak.sh: $clients clients ($explorers explorers) for $duration s after $warmup s; folder $work" >&2
progress=()
[[ $smoke == 1 ]] && progress=(-q)
"$mudload" --port "$port" --server-pid "$server_pid" --json "$work/mudload.json" -s soak -c "$clients" \
  --ramp "$ramp" -d "$duration" --warmup "$warmup" --think "$think" --chat-think "$chat_think" \
  --session-commands "$session_commands" --relay "$relay" --interval "$interval" --edge "$edge" --reply-timeout 10 \
  "${progress[@]}" > "$work/mudload.txt" 2> "$work/mudload.err"
cat "$work/mudload.txt"
kill "$sampler_pid" 2>/dev/null || true
wait "$sampler_pid" 2>/dev/null || true
sampler_pid=""

# The smoke run checks the soak's own mechanics, in shell (no Python needed where ctest runs it): rows,
# sessions ended and begun again, no errors, the server probed, the database sampled.
if [[ $smoke == 1 ]]; then
  json=$(cat "$work/mudload.json")
  field() { grep -o "\"$1\":[-0-9.]*" <<< "$json" | head -1 | cut -d: -f2; }
  rows=$(grep -o '"end_s":' <<< "$json" | wc -l)
  samples=$(( $(wc -l < "$work/db.csv") - 1 ))
  failed=0
  expect() {  # name, condition (arithmetic), text
    if (( $2 )); then echo "  $1 PASS  $3"; else echo "  $1 FAIL  $3"; failed=1; fi
  }
  expect rows "rows >= 3" "$rows intervals"
  expect sessions "$(field quits) >= 1 && $(field reconnects) >= 1" "$(field quits) quit, $(field reconnects) logged in again"
  expect errors "$(field errors) == 0 && $(field disconnects) == 0" "$(field errors) errors, $(field disconnects) disconnects"
  expect probe "$(field rss_first_kib) > 0 && $(field fds_first) > 0" "RSS $(field rss_first_kib) KiB, $(field fds_first) fds"
  expect database "samples >= 2" "$samples samples"
  characters=$(tail -1 "$work/db.csv" | cut -d, -f11)
  expect relay "${characters:-0} > $clients" "${characters:-0} characters for $clients clients (--relay $relay)"
  expect made "${made:-0} == $everyone" "${made:-0} of $everyone characters made before the run"
  sqlite=$(tail -1 "$work/db.csv" | cut -d, -f12)
  expect metrics "${sqlite%.*} > 0" "SQLite holds ${sqlite:-0} bytes (/metrics)"
  exit "$failed"
fi

python3 - "$work/mudload.json" "$work/db.csv" "$warmup" "$edge" <<'PY'
import csv, json, sys
m = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
warmup, edge = float(sys.argv[3]), float(sys.argv[4])
ok = True
def check(name, passed, text):
    global ok
    ok = ok and passed
    print(f"  {name:10} {'PASS' if passed else 'FAIL'}  {text}")

e = m.get("edges")
if not e:
    print("soak: mudload reported no intervals"); sys.exit(1)
print("== the database (every sample: seconds from mudload's start)")
print(f"  {'t s':>6} {'file MiB':>9} {'WAL MiB':>8} {'in use MiB':>10} {'branches':>8} {'rooms':>7} {'rooms made':>10} {'items':>7} {'chars':>6} {'SQLite MiB':>10} {'RSS MiB':>8}")
in_use = []
for r in rows:
    used = (int(r["page_count"]) - int(r["freelist_count"])) * int(r["page_size"])
    in_use.append(used)
    print(f"  {r['t_s']:>6} {int(r['db_bytes'])/2**20:9.2f} {int(r['wal_bytes'])/2**20:8.2f} {used/2**20:10.2f} "
          f"{r['branches']:>8} {r['rooms']:>7} {r['max_room_id']:>10} {r['items']:>7} {r['characters']:>6} "
          f"{int(float(r['sqlite_bytes']))/2**20:10.2f} {int(float(r['rss_bytes']))/2**20:8.2f}")
print("== checks")
rss = e["rss_last_kib"] / e["rss_first_kib"]
check("RSS", rss <= 1.10, f"{e['rss_first_kib']/1024:.1f} MiB after {edge:.0f} s, {e['rss_last_kib']/1024:.1f} MiB at the end ({rss:.3f}x, limit 1.10x)")
p99 = e["p99_last_ms"] / e["p99_first_ms"] if e["p99_first_ms"] > 0 else float("inf")
check("p99", p99 <= 1.5, f"first {edge:.0f} s {e['p99_first_ms']:.2f} ms, last {edge:.0f} s {e['p99_last_ms']:.2f} ms ({p99:.2f}x, limit 1.5x)")
check("fds", e["fds_last"] <= e["fds_first"] * 1.02, f"{e['fds_first']} after {edge:.0f} s, {e['fds_last']} at the end")
if rows:
    last = rows[-1]
    made, alive = int(last["max_room_id"]), int(last["rooms"])
    size, wal = int(last["db_bytes"]), int(last["wal_bytes"])
    peak = max(in_use)
    wal_first = next((int(r["wal_bytes"]) for r in rows if float(r["t_s"]) >= warmup + edge), int(rows[0]["wal_bytes"]))
    wal_ok = wal <= max(1.1 * wal_first, 16 * 2**20)
    check("database", made > alive and size <= 1.25 * peak and wal_ok,
          f"{made} rooms made, {alive} alive in {last['branches']} branches; the file {size/2**20:.1f} MiB against "
          f"the live rows' most {peak/2**20:.1f} MiB ({size/peak:.2f}x, limit 1.25x); the WAL {wal/2**20:.1f} MiB "
          f"(after the first {edge:.0f} s {wal_first/2**20:.1f} MiB; limit the larger of 1.1x that and 16 MiB)")
else:
    check("database", False, "no samples")
print(f"  errors {m['errors']}, disconnects {m['disconnects']}, sessions {m['quits']} quit / {m['reconnects']} again "
      f"({m.get('relay', 1)} characters in turn at each place, {rows[-1]['characters'] if rows else '?'} characters in all; "
      f"{m.get('lost', 0)} explorers lost on the way back), "
      f"{m['commands']} commands ({m['commands_per_s']:.0f}/s)")
sys.exit(0 if ok else 1)
PY
