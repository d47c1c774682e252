#!/bin/sh
# cross-macos.sh - the macOS build without a Mac: zig cc cross-compiles
# and links the five tools for aarch64-macos (Apple silicon) and
# x86_64-macos (Intel Macs) against the real macOS libc headers and
# libSystem stubs that zig ships (pthread/qos.h, libproc.h, sys/sysctl.h,
# mach-o/dyld.h, arm_neon.h), from a copy of the source tree (make
# distdir), with --enable-werror.  zig has no CoreFoundation or IOKit: the
# declarations and .tbd link stubs in tests/tools/cross-macos/ stand in for
# exactly what src/lib/machine/live-darwin.c calls, and the product's code is
# compiled unchanged.  This proves compilation and linking, not behaviour:
# nothing here runs.
#
# Checked for each architecture: configure built the SIMD kernels (neon;
# avx2 and avx512), not a silent fall-back to scalar, and kept taskpolicy
# for ct-place's process-background; each tool is a 64-bit Mach-O
# executable of the right cpu type (header magic and cputype read with od)
# that holds the kernels' symbols and loads the two frameworks from their
# macOS paths.
#
# Usage: tests/tools/cross-macos.sh   (from a configured build directory)
#        KEEP=DIR tests/tools/cross-macos.sh   leaves DIR/arm64/ct-* and DIR/x86_64/ct-*
# Needs zig (0.11) as $ZIG or on PATH; exits 77 without it.  .ci/run
# installs it from npm and runs this.
set -eu
export LC_ALL=C
say() { printf 'cross-macos: %s\n' "$*" >&2; }
fail() { say "FAIL: $*"; exit 1; }

zig=${ZIG:-}
if [ -z "$zig" ]; then
	command -v zig >/dev/null 2>&1 || { say "SKIP: no zig (set ZIG or put zig on PATH)"; exit 77; }
	zig=zig
fi
"$zig" version >/dev/null 2>&1 || fail "$zig does not run"
[ -f Makefile ] || { say "run from a configured build directory"; exit 99; }
build=$(pwd)
keep=${KEEP:-}
case $keep in
'' | /*) ;;
*) keep=$build/$keep ;;
esac
work=$(mktemp -d "${TMPDIR:-/tmp}/ct-macos.XXXXXX")
trap 'rm -rf "$work"' EXIT
tools="ct-clock ct-compare ct-fma ct-latency ct-place ct-stream"
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)

say "zig $("$zig" version); source copy (make distdir)"
make -s distdir distdir="$work/coretype" >/dev/null
src=$work/coretype
# The stand-in frameworks, as shipped in the tarball.
fw=$src/tests/tools/cross-macos
[ -f "$fw/IOKit.framework/IOKit.tbd" ] || fail "tests/tools/cross-macos is not in the tarball"

# The first 16 bytes of a Mach-O header as od prints them: magic
# MH_MAGIC_64 (0xfeedfacf), cputype, cpusubtype, filetype MH_EXECUTE (2),
# each a little-endian 32-bit word.  The cpusubtype is not checked.
macho_word() { od -A n -t x1 -j "$2" -N 4 "$1" | tr -d ' \n'; }

# The exported names of a binary's string table, one a line.
symbols() { tr '\0' '\n' <"$1"; }

for arch in arm64 x86_64; do
	case $arch in
	arm64)
		host=aarch64-apple-darwin target=aarch64-macos
		cputype=0c000001 isas=neon ;;	# CPU_TYPE_ARM64 0x0100000c
	x86_64)
		host=x86_64-apple-darwin target=x86_64-macos
		cputype=07000001 isas="avx2 avx512" ;;	# CPU_TYPE_X86_64 0x01000007
	esac
	mkdir "$work/$arch"
	cd "$work/$arch"
	# configure sees no frameworks, as with a toolchain that lacks them:
	# none of its probes may need them (only make gets the stand-ins).
	say "$arch: configure --host=$host CC='zig cc -target $target' --enable-werror"
	"$src/configure" -q --host="$host" --enable-werror \
		CC="$zig cc -target $target" AR="$zig ar" RANLIB="$zig ranlib" \
		>config.out 2>&1 || { cat config.out >&2; fail "$arch: configure"; }
	for isa in $isas; do
		uisa=$(echo "$isa" | tr a-z A-Z)
		grep -q "^#define CT_HAVE_$uisa 1" config.h ||
			{ cat config.out >&2; fail "$arch: configure left out the $isa kernels"; }
	done
	grep -q '^#define CT_TASKPOLICY_PATH "/usr/sbin/taskpolicy"' config.h ||
		fail "$arch: no taskpolicy: ct-place would lose process-background"
	say "$arch: make ($tools)"
	make -s -j"$jobs" CPPFLAGS="-F$fw" LDFLAGS="-F$fw" $tools >make.out 2>&1 ||
		{ cat make.out >&2; fail "$arch: make"; }
	for t in $tools; do
		[ -f "$t" ] || fail "$arch: $t was not built"
		[ "$(macho_word "$t" 0)" = cffaedfe ] || fail "$arch: $t is not a 64-bit Mach-O file"
		[ "$(macho_word "$t" 4)" = "$cputype" ] ||
			fail "$arch: $t has cputype $(macho_word "$t" 4), not $cputype"
		[ "$(macho_word "$t" 12)" = 02000000 ] || fail "$arch: $t is not an executable"
	done
	# The kernels are in the tools that run them, not only in config.h.
	for isa in $isas; do
		symbols ct-fma | grep -qx "_ct_fma_$isa" || fail "$arch: ct-fma has no _ct_fma_$isa"
		symbols ct-stream | grep -qx "_ct_stream_$isa" || fail "$arch: ct-stream has no _ct_stream_$isa"
	done
	# ct-place reads the live core kinds through the IORegistry, loads the
	# frameworks from where macOS has them, and re-runs under taskpolicy.
	symbols ct-place | grep -qx _ct_topo_read_live || fail "$arch: ct-place has no live topology reader"
	for f in CoreFoundation IOKit; do
		symbols ct-place | grep -qx "/System/Library/Frameworks/$f.framework/Versions/A/$f" ||
			fail "$arch: ct-place does not load $f"
	done
	symbols ct-place | grep -qx /usr/sbin/taskpolicy || fail "$arch: ct-place has no taskpolicy path"
	say "$arch: $tools: Mach-O executables (cputype $cputype), kernels scalar $isas"
	if [ -n "$keep" ]; then
		mkdir -p "$keep/$arch"
		cp $tools "$keep/$arch/"
	fi
done
cd "$build"
[ -z "$keep" ] || say "kept in $keep/arm64 and $keep/x86_64"
say "PASS: macOS builds for arm64 and x86_64 compile and link (-Werror); nothing ran"
