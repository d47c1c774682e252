#!/bin/sh
# tests/kernels/checkasm: every kernel for every ISA built in and usable
# here against the scalar reference, each case in a child of its own.
# Then what it ran is held against the tools' own account of the ISAs
# (ct-fma --list-isa, ct-stream --list-isa): every usable ISA ran and
# passed, every other was skipped with its reason, and no ISA is missing;
# and a case that dies of SIGILL (checkasm --crash) fails by its kernel
# and ISA while the other cases still run.  CT_EXEC runs the binaries
# (e.g. "qemu-aarch64 -L /usr/aarch64-linux-gnu" for a cross build).
. "${top_srcdir:-..}/tests/lib.sh"

CHECKASM=$top_builddir/tests/kernels/checkasm
st=0
${CT_EXEC:-} "$CHECKASM" >"$tmp/out" 2>"$tmp/err" || st=$?
cat "$tmp/out"
[ "$st" -eq 0 ] || fail "checkasm exited $st: $(cat "$tmp/err")"

for tool in fma stream; do
	eval "bin=\$CT_$(echo "$tool" | tr a-z A-Z)"
	${CT_EXEC:-} "$bin" --list-isa >"$tmp/list" || fail "ct-$tool --list-isa failed"
	sed 1d "$tmp/list" >"$tmp/isas"
	[ -s "$tmp/isas" ] || fail "ct-$tool --list-isa lists no ISA"
	while read -r isa compiled usable; do
		if [ "$usable" = yes ]; then
			want="$tool $isa: ok"
		elif [ "$compiled" = yes ]; then
			want="$tool $isa: skipped: built, but this cpu (or its OS) cannot run it"
		else
			want="$tool $isa: skipped: not built into this"
		fi
		grep -q -F -x "$want" "$tmp/out" || grep -q -F "$want " "$tmp/out" ||
			fail "ct-$tool --list-isa says $isa compiled $compiled, usable $usable; checkasm does not say '$want'"
	done <"$tmp/isas"
	n=$(grep -c "^$tool " "$tmp/out")
	[ "$n" -eq "$(wc -l <"$tmp/isas")" ] ||
		fail "checkasm has $n $tool cases, ct-$tool --list-isa $(wc -l <"$tmp/isas") ISAs"
done
grep -q '^addchain [^ ]*: ok$' "$tmp/out" || fail "checkasm ran no add chain"

# A case killed by SIGILL: named, the run failed, the next case still run.
st=0
${CT_EXEC:-} "$CHECKASM" --crash fma/scalar >"$tmp/crash" 2>&1 || st=$?
cat "$tmp/crash"
[ "$st" -eq 1 ] || fail "checkasm --crash fma/scalar exited $st, expected 1"
grep -q -x 'fma scalar: FAIL: killed by SIGILL (an instruction this cpu lacks)' "$tmp/crash" ||
	fail "the SIGILL in fma/scalar is not named"
grep -q -x 'stream scalar: ok' "$tmp/crash" || fail "the cases after a crash did not run"
exit 0
