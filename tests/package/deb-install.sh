#!/usr/bin/env bash
# The Debian package, built and used as a CI pipeline of a kernel repository would: `cpack -G DEB`
# writes commcheck_<version>_amd64.deb; its control data names the dependencies the binaries
# really need; installed by dpkg itself into a scratch root (below), the installed commcheck finds
# its own shim and catalogue under the install prefix and verifies a kernel the installed commgen
# wrote, and a kernel through a compile database.
#
# The install: dpkg -i with --instdir on the scratch root and --admindir on a copy of this
# machine's dpkg database, so dpkg checks the package's Depends against what is installed here
# (a dependency it lacks fails the install, as it would for a user) and records the package in the
# copy only: nothing outside the scratch folder changes, and no root rights are needed
# (--force-not-root). The package has no maintainer scripts; the man-db trigger its man pages
# activate is left pending in the copy (--no-triggers).
#
#   deb-install.sh <build dir> <version>
set -euo pipefail
BUILD="$1"
VERSION="$2"
fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in cpack dpkg-deb dpkg-shlibdeps file; do
  command -v "$tool" >/dev/null || fail "$tool is not installed (scripts/setup.sh installs dpkg-dev and file)"
done

SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/commcheck-deb.XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT

# 1. The package.
cpack -G DEB -B "$SCRATCH/pkg" --config "$BUILD/CPackConfig.cmake" > "$SCRATCH/cpack.log" 2>&1 ||
  { cat "$SCRATCH/cpack.log" >&2; fail "cpack -G DEB failed"; }
DEB="$SCRATCH/pkg/commcheck_${VERSION}_amd64.deb"
[ -f "$DEB" ] || { ls "$SCRATCH/pkg" >&2; fail "cpack did not write commcheck_${VERSION}_amd64.deb"; }
[ "$(dpkg-deb -f "$DEB" Package)" = commcheck ] || fail "Package is not commcheck"
[ "$(dpkg-deb -f "$DEB" Version)" = "$VERSION" ] || fail "Version is not $VERSION"
[ "$(dpkg-deb -f "$DEB" Architecture)" = amd64 ] || fail "Architecture is not amd64"

# 2. Its dependencies: every library the binaries load (ldd/objdump), and what the parse reads.
DEPENDS="$(dpkg-deb -f "$DEB" Depends)"
echo "Depends: $DEPENDS"
# The package that owns a library, by its path as ldconfig lists it or as resolved (usrmerge: dpkg
# knows some files under /lib, others under /usr/lib).
owner() {
  local p
  for p in "$1" "$(readlink -f "$1")" "/usr$1" "${1#/usr}"; do
    dpkg -S "$p" 2>/dev/null | sed -n '1s/:.*//p' | grep . && return 0
  done
  return 1
}
# Whether Depends has the clause $1 (alternatives "a | b" as written, versions left out).
has_dep() {
  tr ',' '\n' <<<"$DEPENDS" | sed -e 's/ *([^)]*)//g' -e 's/^ *//' -e 's/ *$//' | grep -xF -- "$1" >/dev/null
}
for need in libclang-common-19-dev "g++ | libstdc++-dev" libc6 libstdc++6 libgcc-s1; do
  has_dep "$need" || fail "Depends lacks $need"
done
ROOT="$SCRATCH/root"
mkdir -p "$ROOT" "$SCRATCH/admin"
cp -a /var/lib/dpkg/. "$SCRATCH/admin/" || fail "cannot copy the dpkg database /var/lib/dpkg"
rm -f "$SCRATCH/admin"/lock*
here_before="$(dpkg-query -W -f='${Status} ${Version}' commcheck 2>/dev/null || true)"
dpkg --admindir="$SCRATCH/admin" --instdir="$ROOT" --force-not-root --no-triggers --log=/dev/null \
  -i "$DEB" > "$SCRATCH/dpkg.log" 2>&1 || { cat "$SCRATCH/dpkg.log" >&2; fail "dpkg -i failed (its Depends?)"; }
status="$(dpkg-query --admindir="$SCRATCH/admin" -W -f='${Status}' commcheck)"
[ "$status" = "install ok installed" ] || fail "dpkg left commcheck '$status', not installed"
[ "$(dpkg-query -W -f='${Status} ${Version}' commcheck 2>/dev/null || true)" = "$here_before" ] ||
  fail "the install changed this machine's own dpkg database"
for exe in "$ROOT/usr/bin/commcheck" "$ROOT/usr/bin/commgen"; do
  [ -x "$exe" ] || fail "the package has no ${exe#"$ROOT"}"
  file "$exe" | grep "not stripped" >/dev/null && fail "${exe#"$ROOT"} is not stripped"
  # Each shared library it needs comes from an installed package the control data depends on.
  for lib in $(objdump -p "$exe" | awk '/NEEDED/ {print $2}'); do
    path="$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64/ && !found {print $NF; found = 1}')"
    [ -n "$path" ] || fail "${exe#"$ROOT"} needs $lib, which is not installed here"
    pkg="$(owner "$path")" || fail "no installed package owns $path (${exe#"$ROOT"} needs it)"
    has_dep "$pkg" || fail "${exe#"$ROOT"} needs $lib ($pkg), which Depends does not name"
  done
done
for f in usr/share/commcheck/intrinsics.json usr/share/commcheck/shim/commcheck_predefs.h \
         usr/share/commcheck/shim/pto/pto-inst.hpp usr/share/commcheck/cmake/CommcheckVerify.cmake \
         usr/share/man/man1/commcheck.1 usr/share/man/man1/commgen.1 usr/share/doc/commcheck/README.md; do
  [ -f "$ROOT/$f" ] || fail "the package has no /$f"
done
head -1 "$ROOT/usr/share/man/man1/commcheck.1" | grep '^\.TH COMMCHECK 1' >/dev/null || fail "commcheck.1 is not a man page"
grep -q -- '--checks=' "$ROOT/usr/share/man/man1/commcheck.1" || fail "commcheck.1 lacks the options"

# 3. The installed tools, with nothing of the build tree on PATH.
export PATH="$ROOT/usr/bin:/usr/bin:/bin"
cd "$SCRATCH"
[ "$(command -v commcheck)" = "$ROOT/usr/bin/commcheck" ] || fail "commcheck on PATH is not the installed one"
commcheck --version | grep "$VERSION" >/dev/null || fail "commcheck --version does not say $VERSION"
commgen allreduce-mesh --ranks 4 --variant optimised -o optimised.cpp
commgen allreduce-mesh --ranks 4 --variant seed -o seed.cpp
# The shim the installed commcheck uses is the installed one.
commcheck --print-compile-command optimised.cpp > args.txt 2>&1 || true
grep -q -- "$ROOT/usr/share/commcheck/shim" args.txt ||
  { cat args.txt >&2; fail "the installed commcheck does not use its installed shim"; }
commcheck optimised.cpp > out.txt 2>&1 || { cat out.txt >&2; fail "the optimised kernel does not verify"; }
rc=0; commcheck seed.cpp > out.txt 2>&1 || rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; fail "the seed kernel: exit $rc, expected 1 (findings)"; }

# 4. A compile database: the kernel needs the entry's -I (its header) and -D (the release).
mkdir -p project/include project/build
cat > project/include/release.h <<'H'
#pragma once
#include <pto/pto-inst.hpp>
inline AICORE void release(__gm__ float *p) {
  dcci((__gm__ void *)p, cache_line_t::SINGLE_CACHE_LINE);
  dsb(DSB_DDR);
}
H
cat > project/kernel.cpp <<'K'
#include <pto/pto-inst.hpp>
#include "release.h"
__global__ AICORE void k(__gm__ float *out, __gm__ int32_t *sig) {
  out[0] = 1.0f;
#ifdef RELEASE_BEFORE_NOTIFY
  release(out);
#endif
  pto::comm::Signal s(sig);
  pto::comm::TNOTIFY(s, 1, pto::comm::NotifyOp::AtomicAdd);
}
K
database() {
  cat > project/build/compile_commands.json <<J
[{"directory": "$SCRATCH/project", "file": "kernel.cpp",
  "command": "ccec -xcce --cce-aicore-arch=dav-c220-vec -O2 $1 -Iinclude -c kernel.cpp -o build/kernel.o"}]
J
}
database "-DRELEASE_BEFORE_NOTIFY"
commcheck -p project/build project/kernel.cpp > out.txt 2>&1 ||
  { cat out.txt >&2; fail "the kernel built with the release does not verify through the database"; }
database ""
rc=0; commcheck -p project/build project/kernel.cpp > out.txt 2>&1 || rc=$?
[ "$rc" = 1 ] && grep -q "comm-publish-before-notify" out.txt ||
  { cat out.txt >&2; fail "the kernel built without the release: exit $rc, expected the race"; }
echo "PASS: $(basename "$DEB") installs into a scratch root and its commcheck verifies"
