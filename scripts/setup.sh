#!/usr/bin/env bash
# Shared by scripts/run and scripts/test: install what is missing, then configure and build.
# Idempotent: installed packages are not reinstalled, a current build is not rebuilt.
#
# COMMCHECK_SETUP_FOR says what for: "run" (scripts/run) installs and builds only what commcheck
# and commgen need; "test" (scripts/test, the default) also the test suite's tools and targets.
# COMMCHECK_NINJA_TARGETS overrides the targets built.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${COMMCHECK_BUILD_DIR:-$ROOT/build}"
BUILD_TYPE="${COMMCHECK_BUILD_TYPE:-Release}"
SETUP_FOR="${COMMCHECK_SETUP_FOR:-test}"
case "$SETUP_FOR" in
  run|test) ;;
  *) echo "setup: COMMCHECK_SETUP_FOR must be run or test, not '$SETUP_FOR'" >&2; exit 2 ;;
esac

# The compiler of a fresh build folder: clang++-19 (it comes with clang-19, which the build needs
# anyway, and compiles the checker about 18 % faster than g++: README), unless CXX says otherwise.
COMPILER="${CXX:-clang++-19}"
# To build commcheck (against clang's static archives) and commgen.
APT_PACKAGES=(cmake ninja-build libclang-19-dev llvm-19-dev libclang-cpp19-dev clang-19
              libzstd-dev zlib1g-dev nlohmann-json3-dev libz3-dev)
case "$COMPILER" in *clang*) ;; *) APT_PACKAGES+=(g++) ;; esac
if [ "$SETUP_FOR" = test ]; then
  # The test suite: its libraries, the tools it runs the product against, and the Debian package
  # test's tools (dpkg-shlibdeps, file).
  APT_PACKAGES+=(clang-tools-19 clang-tidy-19 libclang-rt-19-dev libgtest-dev googletest
                 libbenchmark-dev pre-commit dpkg-dev file chromium)
fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm may come with a Node.js that is not Debian's (it conflicts with Debian's npm package).
if [ "$SETUP_FOR" = test ] && ! command -v npm >/dev/null 2>&1; then
  missing+=(nodejs npm)
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# npm's tools (tests only), into a folder of the checkout (not committed): the official SARIF
# validator, and Mermaid's renderer (the sequence diagrams of the Markdown report must render) with
# Debian's chromium as its browser (puppeteer's own download off). Each is checked after the
# install, not only looked for: an install cut short left an `mmdc` whose modules were missing
# (files npm took for installed), which the tests ran and failed on and a later setup took for
# installed. Where the check fails the folder starts again from nothing, once; where it still
# fails, what the tests look for is removed, so that they skip, and setup says so.
TOOLS="$ROOT/.tools"
SARIF="$TOOLS/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
MMDC="$TOOLS/node_modules/.bin/mmdc"
tools_ok() { [ -x "$SARIF" ] && "$MMDC" --version >/dev/null 2>&1; }
if [ "$SETUP_FOR" = test ] && [ "${COMMCHECK_SKIP_NPM:-0}" != 1 ] && ! tools_ok; then
  echo "setup: installing @microsoft/sarif-multitool-linux and @mermaid-js/mermaid-cli" >&2
  export PUPPETEER_SKIP_DOWNLOAD=1
  mkdir -p "$TOOLS"
  for attempt in 1 2; do
    (cd "$TOOLS" && npm install --silent --no-audit --no-fund --prefix "$TOOLS" \
        @microsoft/sarif-multitool-linux @mermaid-js/mermaid-cli >/dev/null 2>&1) && tools_ok && break
    rm -rf "$TOOLS/node_modules" "$TOOLS/package.json" "$TOOLS/package-lock.json"
  done
  [ -x "$SARIF" ] || echo "setup: sarif validator not installed" >&2
  "$MMDC" --version >/dev/null 2>&1 || { rm -f "$MMDC"; echo "setup: mermaid-cli not installed" >&2; }
fi

# A fresh build folder set up to run is configured without the tests (their packages may be
# missing); setting up to test turns them on in a folder that has them off. It is a unity build at
# -O2 (README: both cut the build's CPU time; -O3 made no measurable difference to run time, which
# is clang's own code from its archives); COMMCHECK_UNITY_BUILD=OFF gives one object a file, for
# editing and rebuilding.
if [ ! -f "$BUILD/build.ninja" ]; then
  TESTING=ON; [ "$SETUP_FOR" = run ] && TESTING=OFF
  CXX="$COMPILER" cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE" \
    -DBUILD_TESTING="$TESTING" -DCOMMCHECK_UNITY_BUILD="${COMMCHECK_UNITY_BUILD:-ON}" \
    -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" >/dev/null
elif [ "$SETUP_FOR" = test ] && grep -q '^BUILD_TESTING:BOOL=OFF' "$BUILD/CMakeCache.txt"; then
  cmake -S "$ROOT" -B "$BUILD" -DBUILD_TESTING=ON >/dev/null
fi
if ! ninja -C "$BUILD" ${COMMCHECK_NINJA_TARGETS:-} > "$BUILD/ninja.log" 2>&1; then
  cat "$BUILD/ninja.log" >&2
  exit 1
fi
grep -q "no work to do" "$BUILD/ninja.log" || echo "setup: built in $BUILD" >&2
