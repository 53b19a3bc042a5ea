#!/usr/bin/env bash
# Installs what is missing, builds the server (the deepwell target and what it links: not the tests or
# the benchmarks), and starts Deepwell on 127.0.0.1:4000 with its database at ./data/deepwell.db.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh deepwell
mkdir -p data
exec ./build/server/deepwell --config config/deepwell.toml "$@"
