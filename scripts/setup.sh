#!/usr/bin/env bash
# Shared by scripts/run and scripts/test: install what is missing, then configure and build.
# Idempotent: installed packages are not reinstalled, a current build is not rebuilt.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${COMMCHECK_BUILD_DIR:-$ROOT/build}"
BUILD_TYPE="${COMMCHECK_BUILD_TYPE:-Release}"

APT_PACKAGES=(cmake ninja-build g++ git libclang-19-dev llvm-19-dev libclang-cpp19-dev clang-19
              clang-tools-19 clang-tidy-19 libclang-rt-19-dev libzstd-dev zlib1g-dev nlohmann-json3-dev libgtest-dev googletest libbenchmark-dev
              pre-commit)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm may come with a Node.js that is not Debian's (it conflicts with Debian's npm package).
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# The official SARIF validator, from npm, into a folder of the checkout (not committed).
TOOLS="$ROOT/.tools"
if [ ! -x "$TOOLS/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool" ] && [ "${COMMCHECK_SKIP_NPM:-0}" != 1 ]; then
  echo "setup: installing @microsoft/sarif-multitool-linux" >&2
  mkdir -p "$TOOLS"
  (cd "$TOOLS" && npm install --silent --no-audit --no-fund --prefix "$TOOLS" \
      @microsoft/sarif-multitool-linux >/dev/null 2>&1) || echo "setup: sarif validator not installed" >&2
fi

if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE" >/dev/null
fi
if ! ninja -C "$BUILD" ${COMMCHECK_NINJA_TARGETS:-} > "$BUILD/ninja.log" 2>&1; then
  cat "$BUILD/ninja.log" >&2
  exit 1
fi
grep -q "no work to do" "$BUILD/ninja.log" || echo "setup: built in $BUILD" >&2
