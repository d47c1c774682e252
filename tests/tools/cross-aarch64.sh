#!/bin/sh
# cross-aarch64.sh - Arm without Arm hardware: cross-build coretype for
# aarch64 from a copy of the source tree (make distdir: automake refuses a
# VPATH build from a source tree that is configured in place), then under
# qemu-aarch64 run the NEON kernel's QUICK run and its verification, the
# FMA verifier's unit test, and the inner-loop shape tests of the neon and
# scalar kernels and of the add chain as the cross compiler built them;
# the same for ct-stream.
# Correctness only: never quote a timing from an emulator.
#
# Usage: tests/tools/cross-aarch64.sh   (from a configured build directory)
# Needs gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user; exits
# 77 when they are missing.  .ci/run installs them and runs this.
set -eu
host=aarch64-linux-gnu
sysroot=${CT_CROSS_SYSROOT:-/usr/$host}
say() { printf 'cross-aarch64: %s\n' "$*" >&2; }
fail() { say "FAIL: $*"; exit 1; }

for t in "$host-gcc" qemu-aarch64; do
	command -v "$t" >/dev/null 2>&1 || { say "SKIP: no $t"; exit 77; }
done
[ -f Makefile ] || { say "run from a configured build directory"; exit 99; }
build=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/ct-cross.XXXXXX")
trap 'rm -rf "$work"' EXIT

say "source copy (make distdir)"
make -s distdir distdir="$work/coretype" >/dev/null
mkdir "$work/build"
cd "$work/build"
say "configure --host=$host"
"$work/coretype/configure" -q --host="$host" >config.out 2>&1 || { cat config.out >&2; fail "configure"; }
grep -q '^#define CT_HAVE_NEON 1' config.h || fail "the cross build has no neon kernels"
say "make"
make -s -j"$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)" >make.out 2>&1 || { cat make.out >&2; fail "make"; }
make -s asm tests/fma/unit-fma tests/kernels/checkasm >>make.out 2>&1 ||
	{ cat make.out >&2; fail "make asm tests/fma/unit-fma tests/kernels/checkasm"; }
make -s tests/stream/unit-stream >>make.out 2>&1 || { cat make.out >&2; fail "make tests/stream/unit-stream"; }
file ct-fma 2>/dev/null | grep -q -i 'aarch64' || [ ! -x /usr/bin/file ] || fail "ct-fma is not an aarch64 binary"

QEMU="qemu-aarch64 -L $sysroot"
export QUICK=1 LC_ALL=C

say "ct-fma --list-isa under qemu"
$QEMU ./ct-fma --list-isa | tee list.out >&2
awk '$1 == "neon" && $2 == "yes" && $3 == "yes" { ok = 1 } END { exit !ok }' list.out ||
	fail "neon is not built and usable under qemu"

say "ct-fma --isa neon (QUICK) under qemu"
$QEMU ./ct-fma -q --isa neon -f json >neon.json || fail "ct-fma --isa neon exited $?"
[ "$(grep -c '"record":"summary".*"isa":"neon".*"verified":true' neon.json)" -eq 2 ] ||
	{ cat neon.json >&2; fail "the neon run is not verified"; }

say "ct-fma --all-isa (QUICK) under qemu: neon and scalar agree"
$QEMU ./ct-fma -q --all-isa -f json >all.json || fail "ct-fma --all-isa exited $?"
[ "$(grep -c '"record":"summary".*"verified":true' all.json)" -eq 4 ] ||
	{ cat all.json >&2; fail "--all-isa: not 4 verified summaries (neon, scalar)"; }
[ "$(sed -n 's/.*"checksum":"\([^"]*\)".*/\1/p' all.json | sort -u | wc -l)" -eq 1 ] ||
	fail "neon and scalar sums differ"
# A real ISA the binary lacks: exit 3.
st=0
$QEMU ./ct-fma -q --isa avx512 >/dev/null 2>&1 || st=$?
[ "$st" -eq 3 ] || fail "--isa avx512 on aarch64 exited $st, expected 3"

say "the verifier's unit test under qemu"
$QEMU tests/fma/unit-fma >unit.out 2>&1 || { cat unit.out >&2; fail "tests/fma/unit-fma"; }
grep 'neon' unit.out >&2 || fail "unit-fma did not test neon"

say "every kernel and ISA against the scalar reference under qemu (checkasm)"
st=0
top_builddir=$work/build top_srcdir=$work/coretype CT_EXEC="$QEMU" \
	sh "$work/coretype/tests/kernels/checkasm.sh" >checkasm.out 2>&1 || st=$?
cat checkasm.out >&2
[ "$st" -eq 0 ] || fail "checkasm.sh exited $st"
for k in fma stream; do
	grep -q -x "$k neon: ok" checkasm.out || fail "checkasm did not run the $k neon kernel"
done

# ct-stream: the neon kernel runs and verifies, agrees with scalar over the
# same array, sweeps sizes; its verifier's unit test; its loop shapes.
say "ct-stream --isa neon (QUICK) under qemu"
$QEMU ./ct-stream -q --isa neon -f json >stream-neon.json || fail "ct-stream --isa neon exited $?"
[ "$(grep -c '"record":"summary".*"isa":"neon".*"verified":true' stream-neon.json)" -eq 2 ] ||
	{ cat stream-neon.json >&2; fail "the neon stream run is not verified"; }
say "ct-stream --all-isa over a sweep (QUICK) under qemu: neon and scalar agree"
$QEMU ./ct-stream -q --all-isa -b 4K,64K,1M -f json >stream-all.json || fail "ct-stream --all-isa exited $?"
[ "$(grep -c '"record":"summary".*"verified":true' stream-all.json)" -eq 12 ] ||
	{ cat stream-all.json >&2; fail "--all-isa -s: not 12 verified summaries (3 sizes, neon and scalar)"; }
[ "$(sed -n 's/.*"size_bytes":\([0-9]*\).*"checksum":"\([^"]*\)".*/\1 \2/p' stream-all.json | sort -u | wc -l)" -eq 3 ] ||
	fail "neon and scalar stream sums differ"
say "the stream verifier's unit test under qemu"
$QEMU tests/stream/unit-stream >unit-stream.out 2>&1 || { cat unit-stream.out >&2; fail "tests/stream/unit-stream"; }
grep 'neon' unit-stream.out >&2 || fail "unit-stream did not test neon"
say "every kernel's inner loop as the cross compiler and assembler built it"
st=0
top_builddir=$work/build top_srcdir=$work/coretype CT_EXEC="$QEMU" \
	sh "$work/coretype/tests/kernels/asm-shapes.sh" >asm-shapes.out 2>&1 || st=$?
cat asm-shapes.out >&2
[ "$st" -eq 0 ] || fail "asm-shapes.sh exited $st"
for k in fma stream; do
	grep -q -x "$k neon: ok" asm-shapes.out || fail "asm-shapes.sh did not check the $k neon loop"
done
grep -q -x "addchain aarch64: ok" asm-shapes.out || fail "asm-shapes.sh did not check the add chain"
cd "$build"
say "PASS: aarch64 build, neon verified under qemu, kernel shapes checked"
