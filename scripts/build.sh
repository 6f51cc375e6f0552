#!/usr/bin/env bash
# Configures and builds DLC into build/ (RelWithDebInfo), build-sanitize/
# with --sanitize (ASan + UBSan), or build-release/ with --release (Release,
# -O3: the optimiser's warnings, e.g. -Wstringop-overflow, are errors too).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/build"
type=RelWithDebInfo
extra=()
case "${1:-}" in
--sanitize)
  dir="$root/build-sanitize"
  extra=(-DDLC_SANITIZE=ON)
  ;;
--release)
  dir="$root/build-release"
  type=Release
  ;;
esac
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=$type ${extra[@]+"${extra[@]}"} >/dev/null
cmake --build "$dir"
echo "$dir"
