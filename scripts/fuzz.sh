#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) in ./build-fuzz with clang and runs each one for a bounded
# time on a temporary copy of its seed corpus; fails naming the target and the saved input on any
# finding (crash, sanitizer report, broken invariant, timeout, leak).
#   scripts/fuzz.sh                      every target, DEEPWELL_FUZZ_SECONDS (default 30) each
#   scripts/fuzz.sh fuzz_text fuzz_config  only these
# Nothing is written into the repository: new corpus entries and findings go to a temporary folder
# (kept, and printed, when something is found).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh

seconds="${DEEPWELL_FUZZ_SECONDS:-30}"
# Longest input per target: a little above what each surface accepts or what its seeds need.
declare -A max_len=(
  [fuzz_telnet_codec]=4096
  [fuzz_ws_wire]=4096
  [fuzz_command_line]=1024
  [fuzz_duration]=64
  [fuzz_gmcp_json]=4096
  [fuzz_text]=1024
  [fuzz_config]=8192
  [fuzz_content]=16384
  [fuzz_mapgen_script]=8192
)
all_targets=(fuzz_telnet_codec fuzz_ws_wire fuzz_command_line fuzz_duration fuzz_gmcp_json fuzz_text fuzz_config fuzz_content fuzz_mapgen_script)
targets=("${all_targets[@]}")
if [ $# -gt 0 ]; then
  targets=("$@")
fi
for target in "${targets[@]}"; do
  if [ -z "${max_len[$target]:-}" ]; then
    echo "fuzz: unknown target '$target' (known: ${all_targets[*]})" >&2
    exit 2
  fi
done

# The fuzz targets compile the pure sources they need themselves: DEEPWELL_ONLY=fuzz builds no module.
if [ ! -f build-fuzz/build.ninja ]; then
  CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDEEPWELL_FUZZ=ON \
    -DDEEPWELL_ONLY=fuzz -DDEEPWELL_BUILD_TESTS=OFF -DDEEPWELL_BUILD_BENCH=OFF
fi
cmake --build build-fuzz -j "$(nproc)" --target "${targets[@]}"
echo "fuzz: build-fuzz up to date after $SECONDS s"

work="$(mktemp -d "${TMPDIR:-/tmp}/deepwell-fuzz.XXXXXX")"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1"

# Seeds: the files under tests/fuzz/corpus/<target>, plus the project's own config file and content
# tables, which are inputs of those two targets as they stand.
seed_corpus() {
  local target="$1" dir="$2"
  mkdir -p "$dir"
  cp tests/fuzz/corpus/"$target"/* "$dir"/
  case "$target" in
    fuzz_config)
      cp config/deepwell.toml "$dir"/deepwell.toml
      ;;
    fuzz_content)
      # Input = a character picking the table (content/*.toml in name order, as in fuzz_content.cpp) and
      # the tables around it ('0'.. the real ones, 'a'.. the small ones in tests/fuzz/content_small), then
      # the table's text.
      local i=0 table name digits=(0 1 2 3 4 5 6 7 8 9 : ';' '<' '=' '>' '?' '@' A) letters=(a b c d e f g h i j k l m n o p q r)
      for table in $(LC_ALL=C ls content/*.toml); do
        name="$(basename "$table")"
        { printf '%s' "${digits[$i]}"; cat "$table"; } >"$dir/real_$name"
        { printf '%s' "${letters[$i]}"; cat "tests/fuzz/content_small/$name"; } >"$dir/small_$name"
        i=$((i + 1))
      done
      ;;
  esac
}

failed=()
for target in "${targets[@]}"; do
  corpus="$work/corpus/$target"
  findings="$work/findings/$target"
  log="$work/$target.log"
  seed_corpus "$target" "$corpus"
  mkdir -p "$findings"
  # -timeout: one input taking this long is a finding too (a client or a reload must never hang).
  status=0
  ./build-fuzz/tests/fuzz/"$target" "$corpus" -max_total_time="$seconds" -max_len="${max_len[$target]}" \
    -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1 || status=$?
  saved=("$findings"/*)
  if [ "$status" -ne 0 ] || [ -e "${saved[0]}" ]; then
    echo "fuzz: $target FAILED (exit $status); the sanitizer or invariant report:" >&2
    grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|INITED|RELOAD)' "$log" | tail -n 40 >&2
    for input in "${saved[@]}"; do
      if [ -e "$input" ]; then
        echo "fuzz: $target: input saved as $input (replay: ./build-fuzz/tests/fuzz/$target $input)" >&2
      fi
    done
    failed+=("$target")
  else
    runs="$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 runs in \2 s/p' "$log")"
    echo "fuzz: $target: ${runs:-done}, no findings"
  fi
done

if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz: findings in ${failed[*]}; logs, corpora and saved inputs are in $work" >&2
  exit 1
fi
rm -rf "$work"
