#!/usr/bin/env bash
# Installs Deepwell's build and test dependencies from Debian 12 packages (g++'s ASan/UBSan runtimes
# come with build-essential; clang and libclang-rt-14-dev, which holds libFuzzer, are for scripts/fuzz.sh).
# Idempotent: does nothing when every package is already installed, and runs
# `apt-get update` only when something is missing.
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
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
