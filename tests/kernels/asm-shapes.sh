#!/bin/sh
# Every kernel's inner loop as compiled (asm/, from make asm), for every
# ISA built in: one check per row of tests/kernels/checkasm --facts, by
# tests/kernels/asm-KERNEL.sh ISA (fma, stream: the loop against the
# kernel's description; addchain: the chain as assembled).  Each check
# says what it found; this fails when any fails, and skips (77) only when
# every one skipped (a sanitizer build, the portable add chain alone).
# CT_EXEC runs the binaries (e.g. "qemu-aarch64 -L /usr/aarch64-linux-gnu"
# for a cross build).
. "${top_srcdir:-..}/tests/lib.sh"

${CT_EXEC:-} "$top_builddir/tests/kernels/checkasm" --facts >"$tmp/facts" ||
	fail "tests/kernels/checkasm --facts failed"
awk -F'\t' '!/^#/ { print $1, $2 }' "$tmp/facts" >"$tmp/cases"
[ -s "$tmp/cases" ] || fail "tests/kernels/checkasm --facts lists no kernel"
failed="" ran=0
while read -r kernel isa; do
	st=0
	ISA=$isa ${SHELL:-sh} "$top_srcdir/tests/kernels/asm-$kernel.sh" >"$tmp/out" 2>&1 </dev/null || st=$?
	sed "s/^/$kernel $isa: /" "$tmp/out"
	case $st in
	0) echo "$kernel $isa: ok"; ran=$((ran + 1)) ;;
	77) echo "$kernel $isa: skipped" ;;
	*) echo "$kernel $isa: FAIL (exit $st)"; failed="$failed $kernel/$isa" ;;
	esac
done <"$tmp/cases"
[ -z "$failed" ] || fail "inner loops without their shape:$failed"
[ "$ran" -gt 0 ] || skip "every shape check skipped"
exit 0
