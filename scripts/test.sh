#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest; then runs the whole suite again
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

stage build ./scripts/build.sh
stage ctest run_ctest
stage sanitize ./scripts/sanitize.sh
stage fuzz ./scripts/fuzz.sh
