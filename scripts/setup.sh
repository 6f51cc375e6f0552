#!/usr/bin/env bash
# Installs the Debian bookworm packages DLC needs, if any is missing.
set -euo pipefail
packages=(libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools libisl-dev
          libjansson-dev # JSON (lib/Json); dlc-run links its static archive
          cmake ninja-build gcc pkg-config python3 python3-pytest clang-format
          clang) # clang: the libFuzzer harnesses (fuzz/run.sh)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
