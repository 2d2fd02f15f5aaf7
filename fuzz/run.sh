#!/usr/bin/env bash
# Runs one bounded libFuzzer campaign: fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags...]
#   TARGET: config | nolint | catalogue | line_filter | checker
# Builds the target in build-asan (cmake --preset asan) if needed, seeds a working corpus from
# the fixtures and fixtures/fuzz/TARGET, and fuzzes for SECONDS (default 300). New inputs go to
# build-asan/fuzz-corpus/TARGET (not committed); crashes, timeouts and leaks to
# build-asan/fuzz-artifacts/TARGET. Copy each finding into fixtures/fuzz/TARGET/ once fixed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${COMMCHECK_FUZZ_BUILD:-$ROOT/build-asan}"
TARGET="${1:?usage: fuzz/run.sh config|nolint|catalogue|line_filter|checker [SECONDS] [flags...]}"
SECONDS_BUDGET="${2:-300}"
shift $(( $# >= 2 ? 2 : 1 ))

if [ "${COMMCHECK_FUZZ_NO_BUILD:-0}" != 1 ]; then
  [ -f "$BUILD/build.ninja" ] || cmake --preset asan >/dev/null
  ninja -C "$BUILD" "fuzz_$TARGET" >/dev/null
fi

CORPUS="$BUILD/fuzz-corpus/$TARGET"
ART="$BUILD/fuzz-artifacts/$TARGET"
SEEDS="$BUILD/fuzz-seeds/$TARGET"
mkdir -p "$CORPUS" "$ART" "$SEEDS"
# Seeds: a copy, so that libFuzzer never writes into the source tree.
case "$TARGET" in
  checker) find "$ROOT/fixtures" -name '*.cpp' -not -path '*/fuzz/*' -exec cp {} "$SEEDS/" \; ;;
  config) cp "$ROOT"/fuzz/seeds/config/* "$SEEDS/" ;;
  nolint) find "$ROOT/fixtures" -name '*.cpp' -not -path '*/fuzz/*' -exec cp {} "$SEEDS/" \;
          cp "$ROOT"/fuzz/seeds/nolint/* "$SEEDS/" ;;
  catalogue) cp "$ROOT/rules/intrinsics.json" "$SEEDS/bundled.json"
             cp "$ROOT"/fuzz/seeds/catalogue/* "$SEEDS/" ;;
  line_filter) cp "$ROOT"/fuzz/seeds/line_filter/* "$SEEDS/" ;;
  *) echo "unknown target $TARGET" >&2; exit 2 ;;
esac
[ -d "$ROOT/fixtures/fuzz/$TARGET" ] && cp "$ROOT/fixtures/fuzz/$TARGET"/* "$SEEDS/" 2>/dev/null || true

FLAGS=(-max_total_time="$SECONDS_BUDGET" -artifact_prefix="$ART/" -print_final_stats=1
       -rss_limit_mb=6144 -timeout=60)
case "$TARGET" in
  checker) FLAGS+=(-dict="$ROOT/fuzz/pto.dict" -max_len=16384 -timeout=120) ;;
  nolint) FLAGS+=(-dict="$ROOT/fuzz/pto.dict" -max_len=16384) ;;
esac
# Leaks: see fuzz/README.md (lsan.supp covers libclang/libLLVM internals only).
export LSAN_OPTIONS="suppressions=$ROOT/fuzz/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
exec "$BUILD/fuzz/fuzz_$TARGET" "${FLAGS[@]}" "$@" "$CORPUS" "$SEEDS"
