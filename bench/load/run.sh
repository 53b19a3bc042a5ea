#!/usr/bin/env bash
# Runs one mudload scenario with the same parameters against Deepwell (a fresh data folder, the bench
# config deepwell-bench.toml, a free port) and against line_server (the minimal telnet line server),
# prints both reports and the ratios Deepwell / baseline. Builds nothing: build the three binaries first.
#
#   bench/load/run.sh [options] SCENARIO CLIENTS DURATION [RATE|closed] [-- more mudload options]
#
#   SCENARIO  idle, rtt, chat, explore, mixed or soak    CLIENTS   connections
#   DURATION  seconds measured                      RATE      commands/s per client (open loop), or closed
# Options:
#   --deepwell PATH     default build/server/deepwell
#   --mudload PATH      default build/bench/load/mudload
#   --line-server PATH  default build/bench/load/line_server
#   --content DIR       Deepwell's content tables; default content/ of this tree
#   --warmup S          seconds left out at the start; default: the ramp's length + 2
#   --ramp N            connections opened per second (default 200)
#   --pin               both servers on CPU 0 (taskset -c 0), mudload on CPU 1
#   --real-argon2       the shipped password hashing instead of the bench's cheap one
#   --only deepwell|baseline   run one side only
#   --keep              keep the run's folder (configs, server output, JSON) and name it
#   --progress          mudload's line each second on stderr
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
deepwell=$root/build/server/deepwell
mudload=$root/build/bench/load/mudload
line_server=$root/build/bench/load/line_server
content=$root/content
warmup=""
ramp=200
pin=0
real_argon2=0
only=""
keep=0
quiet=(-q)
usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

positional=()
extra=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --deepwell) deepwell=$2; shift 2 ;;
    --mudload) mudload=$2; shift 2 ;;
    --line-server) line_server=$2; shift 2 ;;
    --content) content=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --ramp) ramp=$2; shift 2 ;;
    --pin) pin=1; shift ;;
    --real-argon2) real_argon2=1; shift ;;
    --only) only=$2; shift 2 ;;
    --keep) keep=1; shift ;;
    --progress) quiet=(); shift ;;
    -h|--help) usage ;;
    --) shift; extra=("$@"); break ;;
    -*) echo "run.sh: unknown option $1" >&2; usage ;;
    *) positional+=("$1"); shift ;;
  esac
done
[[ ${#positional[@]} -ge 3 ]] || usage
scenario=${positional[0]}
clients=${positional[1]}
duration=${positional[2]}
rate=${positional[3]:-closed}
[[ -z $warmup ]] && warmup=$(( clients / ramp + 2 ))
for bin in "$mudload" "$line_server"; do
  [[ -x $bin ]] || { echo "run.sh: $bin is missing: build it first" >&2; exit 2; }
done
[[ $only == baseline || -x $deepwell ]] || { echo "run.sh: $deepwell is missing: build it first" >&2; exit 2; }

work=$(mktemp -d /tmp/mudload-run.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do
    kill "$p" 2>/dev/null || true
  done
  for p in "${pids[@]}"; do
    wait "$p" 2>/dev/null || true
  done
  if [[ $keep == 1 ]]; then echo "run.sh: the run's folder is $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

server_cpu=() gen_cpu=()
if [[ $pin == 1 ]]; then
  server_cpu=(taskset -c 0)
  gen_cpu=(taskset -c 1)
fi

wait_port() {  # file, pid, name
  for _ in $(seq 1 600); do
    [[ -s $1 ]] && return 0
    kill -0 "$2" 2>/dev/null || { echo "run.sh: $3 did not start:" >&2; tail -20 "$work/$3.out" >&2; exit 1; }
    sleep 0.1
  done
  echo "run.sh: $3 did not print its port in 60 s" >&2
  exit 1
}

load_args=(-s "$scenario" -c "$clients" -d "$duration" --warmup "$warmup" --ramp "$ramp" "${quiet[@]}")
[[ $rate != closed ]] && load_args+=(--rate "$rate")

run_against() {  # name, port, pid, more mudload options
  local name=$1 port=$2 pid=$3
  shift 3
  "${gen_cpu[@]}" "$mudload" --port "$port" --server-pid "$pid" --json "$work/$name.json" "${load_args[@]}" "$@" \
    "${extra[@]}" > "$work/$name.txt"
  echo "== $name"
  cat "$work/$name.txt"
}

if [[ $only != deepwell ]]; then
  "${server_cpu[@]}" "$line_server" --port 0 --port-file "$work/line.port" > "$work/line_server.out" 2>&1 &
  pids+=($!)
  wait_port "$work/line.port" "$!" line_server
  # (line_server sends nothing unasked: any prompt ends a round trip, and it has none of Deepwell's words)
  run_against baseline "$(cat "$work/line.port")" "${pids[-1]}" --match prompt
  kill "${pids[-1]}" 2>/dev/null || true
fi

if [[ $only != baseline ]]; then
  # The bench config, with its relative paths made absolute for this folder.
  sed -e "s|^dir = \"../../content\"|dir = \"$content\"|" -e "s|^root = \"../../web\"|root = \"$root/web\"|" \
    "$here/deepwell-bench.toml" > "$work/deepwell.toml"
  if [[ $real_argon2 == 1 ]]; then
    sed -i -e 's/^hash_ops_limit = 1$/hash_ops_limit = 2/' -e 's/^hash_memory_kib = 8$/hash_memory_kib = 65536/' \
      "$work/deepwell.toml"
  fi
  "${server_cpu[@]}" "$deepwell" --config "$work/deepwell.toml" --db "$work/data/deepwell.db" \
    --log-dir "$work/data/logs" --host 127.0.0.1 --port 0 --port-file "$work/deepwell.port" \
    > "$work/deepwell.out" 2>&1 &
  pids+=($!)
  wait_port "$work/deepwell.port" "$!" deepwell
  run_against deepwell "$(cat "$work/deepwell.port")" "${pids[-1]}"
fi

if [[ -z $only ]]; then
  python3 - "$work/deepwell.json" "$work/baseline.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
def ratio(x, y):
    return f"{x / y:8.2f}" if x is not None and y not in (None, 0) and x >= 0 and y > 0 else "       -"
def cpu(r):
    s = r.get("server")
    return s["cpu_us_per_command"] if s and s["cpu_us_per_command"] >= 0 else None
print("== Deepwell / baseline")
print(f"  {'server CPU per command':24} {ratio(cpu(d), cpu(b))}")
print(f"  {'round trip p50':24} {ratio(d['rtt_ms']['p50'], b['rtt_ms']['p50'])}")
print(f"  {'round trip p99':24} {ratio(d['rtt_ms']['p99'], b['rtt_ms']['p99'])}")
print(f"  {'commands per second':24} {ratio(d['commands_per_s'], b['commands_per_s'])}")
rss = lambda r: r["server"]["rss_kib"] if r.get("server") else None
print(f"  {'server RSS at the end':24} {ratio(rss(d), rss(b))}")
PY
fi
