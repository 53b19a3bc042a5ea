#!/usr/bin/env bash
# Configures and builds Deepwell in ./build (Ninja, ccache when present). Installs missing packages first.
#
#   scripts/build.sh [TARGET...]
#
# With no target it builds everything (the server, the tests, the benchmarks); scripts/run.sh asks for
# `deepwell` alone.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
if [ $# -gt 0 ]; then
  cmake --build build -j "$(nproc)" --target "$@"
else
  cmake --build build -j "$(nproc)"
fi
