#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest; builds the server once more in
# Release (./build-release, -O3: what a packager builds); then runs the whole suite again
# under AddressSanitizer + UndefinedBehaviorSanitizer (scripts/sanitize.sh, ./build-asan) and every
# libFuzzer target for a bounded time (scripts/fuzz.sh, ./build-fuzz). Stops at the first stage that fails.
set -euo pipefail
cd "$(dirname "$0")/.."

stage() {
  local name="$1" start="$SECONDS"
  shift
  "$@"
  echo "test: $name passed in $((SECONDS - start)) s"
}

run_ctest() {
  ctest --test-dir build --output-on-failure -j "$(nproc)" --timeout 600
}

# The server alone (the deepwell target), Release: -O3 inlines deeper and GCC's flow warnings
# (-Wstringop-overflow, -Warray-bounds) see code that RelWithDebInfo's -O2 does not. ccache keeps a re-run cheap.
build_release() {
  if [ ! -f build-release/build.ninja ]; then
    cmake -S . -B build-release -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DDEEPWELL_BUILD_TESTS=OFF -DDEEPWELL_BUILD_BENCH=OFF
  fi
  cmake --build build-release -j "$(nproc)" --target deepwell
}

stage build ./scripts/build.sh
stage release build_release
stage ctest run_ctest
stage sanitize ./scripts/sanitize.sh
stage fuzz ./scripts/fuzz.sh
