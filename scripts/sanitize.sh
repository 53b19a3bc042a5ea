#!/usr/bin/env bash
# Builds everything (tests included, benchmarks left out) in ./build-asan under AddressSanitizer and
# UndefinedBehaviorSanitizer (-DDEEPWELL_SANITIZE=ON, g++), then runs the whole suite through ctest.
# The integration tests start the deepwell binary of this same build, so the server runs sanitized too.
# Fails when a test fails or when any process (a test or a server it started) made a sanitizer report.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
# -O1 -g1, ASan's own advice: line tables are all a report's stack needs, and the build takes about half
# the time of -O2 -g (web_listener.cpp: 264 s -> 128 s; a test file: 33 s -> 18 s).
if [ ! -f build-asan/build.ninja ]; then
  CXX=g++ cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDEEPWELL_SANITIZE=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DDEEPWELL_BUILD_BENCH=OFF
fi
cmake --build build-asan -j "$(nproc)"
echo "sanitize: build-asan up to date after $SECONDS s"

# Reports go to files, one per process: a server that a test stops with SIGKILL, or whose log folder
# the test removes, would otherwise take its report with it. The first report ends the process.
reports="$(mktemp -d "${TMPDIR:-/tmp}/deepwell-sanitize.XXXXXX")"
export ASAN_OPTIONS="log_path=$reports/asan:halt_on_error=1:detect_leaks=1:strict_string_checks=1"
export UBSAN_OPTIONS="log_path=$reports/ubsan:halt_on_error=1:print_stacktrace=1"
status=0
ctest --test-dir build-asan --output-on-failure -j "$(nproc)" --timeout 900 || status=$?

found=("$reports"/*)
if [ -e "${found[0]}" ]; then
  for report in "${found[@]}"; do
    echo "sanitize: report $report:" >&2
    cat "$report" >&2
  done
  echo "sanitize: ${#found[@]} sanitizer report(s), kept in $reports" >&2
  exit 1
fi
rm -rf "$reports"
if [ "$status" -ne 0 ]; then
  echo "sanitize: ctest failed (exit $status)" >&2
fi
exit "$status"
