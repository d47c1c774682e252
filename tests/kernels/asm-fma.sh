#!/bin/sh
# asm-fma.sh ISA (or ISA=... in the environment): the FMA kernel of ISA as
# the compiler really built it (asm/fma-ISA.s, written by make asm with the
# binary's flags), checked in its inner loop against what the kernel's
# file says of it (its struct ct_kernel, read through
# tests/kernels/checkasm --facts):
#   - avx512, avx2, neon: the loop is whole iterations as described: groups
#     of one load and exactly `accumulators` FMAs, each the described
#     instruction (mnemonic) on the described register class (reg), into
#     as many distinct registers, each squaring the vector its group's
#     load brought in; loads, bytes, FMAs (ops) and flops in the
#     description's proportions, each FMA 2 x lanes flops; no other FP
#     arithmetic;
#   - scalar (as compiled): whatever the compiler made of it (SSE, FMA,
#     plain), the flops executed per byte loaded are the description's;
#   - no stack access (a spill) and no call in the loop, no store;
#   - the flops per byte loaded equal what ct-fma reports (flops_per_byte)
#     when the ISA can run here.
# Then the checker itself is shown to fail on broken copies of the loop.
# Skips (77) when ISA is not built into ct-fma.  CT_EXEC runs the binaries
# (e.g. "qemu-aarch64 -L /usr/aarch64-linux-gnu" for a cross build).
. "${top_srcdir:-..}/tests/lib.sh"
. "$top_srcdir/tests/kernels/asm-lib.sh"

isa=${ISA:-${1:-}}
[ -n "$isa" ] || { echo "usage: asm-fma.sh ISA" >&2; exit 99; }
run_fma() { ${CT_EXEC:-} "$CT_FMA" "$@"; }

run_fma --list-isa >"$tmp/list" || fail "ct-fma --list-isa failed"
compiled=$(awk -v i="$isa" '$1 == i { print $2 }' "$tmp/list")
usable=$(awk -v i="$isa" '$1 == i { print $3 }' "$tmp/list")
[ -n "$compiled" ] || fail "ct-fma --list-isa does not know $isa"
[ "$compiled" = yes ] || skip "$isa is not built into this ct-fma"
s=$top_builddir/asm/fma-$isa.s
[ -f "$s" ] || { echo "no $s: make asm did not run" >&2; exit 99; }
arch=$(asm_arch "$s")

fact() { kernel_fact fma "$isa" "$1"; }
acc=$(fact accumulators) lanes=$(fact lanes) reg=$(fact reg) fmare=$(fact mnemonic)
d_loads=$(fact loads) d_load_bytes=$(fact load_bytes) d_bytes=$(fact bytes)
d_flops=$(fact flops) d_ops=$(fact ops) as_compiled=$(fact as_compiled)
facts_are_counts acc lanes d_loads d_load_bytes d_bytes d_flops d_ops

# What ct-fma counts: flops per byte the kernel loads, from its record.
# (A run that fails is reported after the loop's own check.)
reported=
run_failed=
if [ "$usable" = yes ]; then
	if run_fma -q --isa "$isa" -f tsv -r 1 --settle 0 >"$tmp/rec" 2>"$tmp/rec.err"; then
		reported=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } }
			NR == 2 { print $c["flops_per_byte"] }' "$tmp/rec")
		[ -n "$reported" ] || fail "no flops_per_byte in ct-fma's record"
	else
		run_failed="ct-fma --isa $isa failed: $(cat "$tmp/rec.err")"
	fi
fi

# check_loop LOOPFILE: 0 when the loop has the shape, else 1 with reasons.
check_loop() {
	asm_stats "$arch" <"$1" >"$tmp/stats"
	asm_expect_none "$isa" calls stack stores fp_other
	loads=$(asm_get loads "$tmp/stats")
	lbytes=$(asm_get load_bytes "$tmp/stats")
	flops=$(asm_get flops "$tmp/stats")
	[ "$loads" -ge 1 ] && [ "$flops" -gt 0 ] || why "no load or no FP arithmetic in the loop"
	if [ "$as_compiled" = yes ]; then
		awk -v f="$flops" -v b="$lbytes" -v df="$d_flops" -v db="$d_bytes" \
			'BEGIN { exit !(b > 0 && f * db == df * b) }' ||
			why "$flops flops per $lbytes bytes loaded, the kernel says $d_flops per $d_bytes"
	else
		# Whole iterations as described (a compiler may unroll further).
		fma=$(asm_get fma "$tmp/stats")
		[ $((loads % d_loads)) -eq 0 ] ||
			why "$loads loads, not a whole number of iterations of $d_loads"
		[ $((fma * d_loads)) -eq $((d_ops * loads)) ] ||
			why "$fma FMAs for $loads loads, the kernel says $d_ops per $d_loads"
		[ $((lbytes * d_loads)) -eq $((d_bytes * loads)) ] ||
			why "$loads loads move $lbytes bytes, the kernel says $d_bytes per $d_loads"
		[ "$lbytes" -eq $((loads * d_load_bytes)) ] && [ "$d_load_bytes" -eq $((lanes * 4)) ] ||
			why "$loads loads move $lbytes bytes, expected $((lanes * 4)) each ($lanes lanes)"
		[ $((flops * d_loads)) -eq $((d_flops * loads)) ] ||
			why "$flops flops for $loads loads, the kernel says $d_flops per $d_loads"
		[ "$flops" -eq $((fma * lanes * 2)) ] ||
			why "$flops flops per iteration, expected $((fma * lanes * 2)) ($lanes lanes an FMA)"
		# Every FMA: the ISA's width, v * v from its group's loaded
		# register, into a register of its own; acc FMAs per group.
		awk -v arch="$arch" -v reg="$reg" -v re="$fmare" -v acc="$acc" '
			function num(r) { sub(/\.[0-9]*[a-z]+$/, "", r); gsub(/[^0-9]/, "", r); return r }
			{
				sp = index($0, " "); mn = substr($0, 1, sp - 1); ops = substr($0, sp + 1)
				n = split(ops, o, /, */)
			}
			# A group: one load and the FMAs that square what it loaded,
			# wherever the compiler scheduled them (clang hoists both
			# loads of an fma-avx2 iteration above its 24 FMAs).
			function loaded_into(r) { ngroups++; group[r] = ngroups; ingroup[ngroups] = 0 }
			arch == "x86_64" && /\(/ && mn !~ /^lea/ && o[n] !~ /\(/ { loaded_into(num(o[n])) }
			arch == "aarch64" && mn ~ /^ld/ { split(ops, o2, /[ ,{}]+/); loaded_into(num(o2[1] == "" ? o2[2] : o2[1])) }
			mn ~ /^(vf|fml|fmad)/ {
				if (mn !~ re) { print "  FMA " $0 " is not the expected instruction"; bad = 1 }
				for (i = 1; i <= n; i++)
					if (index(o[i], reg) == 0) { print "  FMA " $0 " is not " reg " wide"; bad = 1 }
				if (arch == "x86_64") { d = num(o[3]); s1 = num(o[1]); s2 = num(o[2]) }
				else { d = num(o[1]); s1 = num(o[2]); s2 = num(o[3]) }
				if (s1 != s2 || !(s1 in group)) { print "  FMA " $0 " does not square a loaded register"; bad = 1 }
				else ingroup[group[s1]]++
				if (!(d in dst)) ndst++
				dst[d] = 1
			}
			END {
				for (g = 1; g <= ngroups; g++)
					if (ingroup[g] != acc) { print "  a load feeding " ingroup[g] " FMAs, expected " acc; bad = 1 }
				if (ndst != acc) { print "  " ndst " distinct FMA destinations, expected " acc; bad = 1 }
				exit bad
			}' "$1" >&2 || bad=1
	fi
	if [ -n "$reported" ]; then
		awk -v f="$flops" -v b="$lbytes" -v r="$reported" 'BEGIN { exit !(b > 0 && f / b == r + 0) }' ||
			why "the loop does $flops flops per $lbytes bytes loaded; ct-fma reports $reported per byte"
	fi
	return $bad
}

asm_inner_loop "$s" "ct_fma_$isa" >"$tmp/loop" || fail "no inner loop found in ct_fma_$isa ($s)"
echo "inner loop of ct_fma_$isa ($s):"
sed 's/^/  /' "$tmp/loop"
check_loop "$tmp/loop" || fail "the $isa kernel's inner loop does not have its shape"
[ -z "$run_failed" ] || fail "$run_failed"

# The checker can fail: one FP instruction fewer, a spill, a call.
if [ "$arch" = x86_64 ]; then
	spill="vmovups 64(%rsp), %${reg:-xmm}1" call="call sqrtf"
else
	spill="ldr q1, [sp, 16]" call="bl sqrtf"
fi
last_fp=$(grep -n -E '^(v?(add|mul)[sp]s|vfmadd[0-9]*ps|fmla|fmadd|fadd|fmul) ' "$tmp/loop" | tail -1 | cut -d: -f1)
[ -n "$last_fp" ] || fail "no FP instruction to remove in the loop"
sed "${last_fp}d" "$tmp/loop" >"$tmp/m1"
sed "1i\\
$spill" "$tmp/loop" >"$tmp/m2"
sed "1i\\
$call" "$tmp/loop" >"$tmp/m3"
for m in m1 m2 m3; do
	if check_loop "$tmp/$m" 2>"$tmp/why"; then
		fail "the checker accepts a broken loop ($m)"
	fi
done
echo "the checker rejects a loop with an FP instruction fewer, a spill, a call"
exit 0
