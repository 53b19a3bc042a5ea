#!/usr/bin/env bash
# Installs Deepwell's build and test dependencies from Debian 12 packages (g++'s ASan/UBSan runtimes
# come with build-essential; clang and libclang-rt-14-dev, which holds libFuzzer, are for scripts/fuzz.sh;
# chromium and Node.js are for the browser test), then the browser test's npm packages from the npm
# registry (tests/web/package-lock.json, `npm ci`). Idempotent: does nothing when every package is
# already installed, and runs `apt-get update` only when something is missing.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  libboost1.81-dev libboost-json1.81-dev
  libsqlite3-dev sqlite3
  libspdlog-dev libfmt-dev
  libtomlplusplus-dev libcli11-dev
  libsodium-dev zlib1g-dev libssl-dev openssl
  libgtest-dev libbenchmark-dev
  clang libclang-rt-14-dev
  inetutils-telnet expect tintin++ tmux
  chromium
)
# Node.js: Debian's, unless a node is installed already (it may come from elsewhere, with its own npm).
if ! command -v node >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo_cmd=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The browser test's npm packages, exactly as the lockfile pins them; again only when they changed.
web_tests="$(dirname "$0")/../tests/web"
stamp="$web_tests/node_modules/.package-lock.json"
if [ ! -f "$stamp" ] || [ "$web_tests/package-lock.json" -nt "$stamp" ]; then
  echo "install-deps: npm ci in tests/web"
  (cd "$web_tests" && npm ci --no-audit --no-fund --loglevel=error)
fi

