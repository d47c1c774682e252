#!/bin/sh
# asm-chase.sh: the pointer chase (ct_chase, src/kernels/chase.c) as the
# compiler built it (asm/chase.s, written by make asm with the binary's
# flags), checked in its inner loop against what its file says of it
# (ct_chase_desc, read through tests/kernels/checkasm --facts):
#   - exactly `ops` loads of 8 bytes, each from the register the load
#     before wrote, at no offset, and the first from the register the last
#     wrote: one dependent chain, every step a load whose address is the
#     value of the one before (a chase unrolled into independent loads,
#     or one step hoisted off the chain, fails);
#   - no other load, no store, no call, no stack access;
# and the interleaved loop (ct_chase_chains): in its inner loop one
# chase load through a pointer it loaded, that pointer stored back, no
# call.  Then the checker itself is shown to fail on broken copies of
# the loop.  CT_EXEC runs the binaries (e.g. "qemu-aarch64 -L
# /usr/aarch64-linux-gnu" for a cross build).
. "${top_srcdir:-..}/tests/lib.sh"
. "$top_srcdir/tests/kernels/asm-lib.sh"

fact() { kernel_fact chase '*' "$1"; }
ops=$(fact ops) sym=$(fact symbol) sym_chains=$(fact symbol_chains) width=$(fact load_bytes)
facts_are_counts ops width
[ -n "$sym" ] && [ -n "$sym_chains" ] || fail "the chase's description names no function"
s=$top_builddir/asm/chase.s
[ -f "$s" ] || { echo "no $s: make asm did not run" >&2; exit 99; }
arch=$(asm_arch "$s")
case $arch in
x86_64|aarch64) ;;
*) skip "no shape check of the chase for this architecture's assembly" ;;
esac

# check_loop LOOPFILE: 0 when the loop is one dependent chain of ops loads.
check_loop() {
	asm_stats "$arch" <"$1" >"$tmp/stats"
	asm_expect_none chase calls stack stores
	n=$(asm_get loads "$tmp/stats")
	[ "$n" -eq "$ops" ] || why "$n loads, expected $ops"
	b=$(asm_get load_bytes "$tmp/stats")
	[ "$b" -eq $((ops * width)) ] || why "$b bytes loaded, expected $((ops * width))"
	awk -v arch="$arch" '
		{
			sp = index($0, " "); mn = substr($0, 1, sp - 1); o = substr($0, sp + 1)
		}
		# x86: movq (%rax), %rax; aarch64: ldr x0, [x0].
		arch == "x86_64" && o ~ /\(/ && mn !~ /^(lea|nop|prefetch)/ {
			addr = o; sub(/,[^,]*$/, "", addr); dst = o; sub(/^.*, */, "", dst)
			base = addr; sub(/^[^(]*\(/, "", base); sub(/[,)].*$/, "", base)
			off = addr; sub(/\(.*$/, "", off)
			load(base, dst, off, addr ~ /,/)
		}
		arch == "aarch64" && mn ~ /^ld/ {
			dst = o; sub(/,.*$/, "", dst)
			addr = o; sub(/^[^[]*\[/, "", addr); base = addr; sub(/[],].*$/, "", base)
			off = addr; sub(/^[^],]*/, "", off); sub(/^[],] *#?/, "", off); sub(/[]!].*$/, "", off)
			load(base, dst, off, 0)
		}
		function load(base, dst, off, indexed) {
			nl++
			b[nl] = base; d[nl] = dst; line[nl] = $0
			if ((off != "" && off + 0 != 0) || indexed) { print "  " $0 ": not a load of the line'"'"'s pointer (offset or index)"; bad = 1 }
		}
		END {
			for (i = 1; i <= nl; i++) {
				prev = i == 1 ? nl : i - 1
				if (b[i] != d[prev]) { print "  " line[i] ": its address is not what " line[prev] " loaded"; bad = 1 }
			}
			exit bad
		}' "$1" >&2 || bad=1
	return $bad
}

asm_inner_loop "$s" "$sym" >"$tmp/loop" || fail "no inner loop found in $sym ($s)"
echo "inner loop of $sym ($s):"
sed 's/^/  /' "$tmp/loop"
check_loop "$tmp/loop" || fail "the chase's inner loop is not one dependent chain of $ops loads"

# The interleaved loop: per chain a load of its pointer, the chase load
# through it, the pointer stored back.
asm_inner_loop "$s" "$sym_chains" >"$tmp/chains" || fail "no inner loop found in $sym_chains ($s)"
echo "inner loop of $sym_chains ($s):"
sed 's/^/  /' "$tmp/chains"
asm_stats "$arch" <"$tmp/chains" >"$tmp/stats"
asm_expect_none "$sym_chains" calls
[ "$(asm_get loads "$tmp/stats")" -eq 2 ] && [ "$(asm_get stores "$tmp/stats")" -eq 1 ] ||
	fail "$sym_chains: $(asm_get loads "$tmp/stats") loads and $(asm_get stores "$tmp/stats") stores a chain step, expected 2 and 1"

# The checker can fail: the chase unrolled into independent loads (every
# load from the first's base), a load fewer, one load off the chain, a load
# at an offset, a spill.
first=$(awk -v arch="$arch" '(arch == "x86_64" && /^mov[a-z]* \(/) || (arch == "aarch64" && /^ldr /) { print NR; exit }' "$tmp/loop")
[ -n "$first" ] || fail "no load to change in the loop"
if [ "$arch" = x86_64 ]; then
	base=$(sed -n "${first}p" "$tmp/loop" | sed 's/^[^(]*(\([^),]*\).*$/\1/')
	indep="s/^mov\\([a-z]*\\) (%[a-z0-9]*), \\(%[a-z0-9]*\\)\$/mov\\1 ($base), \\2/"
	off='movq 8(%rax), %rax' other='movq (%rsi), %rcx' spill='movq %rax, -8(%rsp)'
else
	base=$(sed -n "${first}p" "$tmp/loop" | sed 's/^.*\[\([a-z0-9]*\).*$/\1/')
	indep="s/^ldr \\([a-z0-9]*\\), \\[[a-z0-9]*\\]\$/ldr \\1, [$base]/"
	off='ldr x0, [x0, 8]' other='ldr x3, [x1]' spill='str x0, [sp, 8]'
fi
sed "$indep" "$tmp/loop" | awk -v b="$base" '
	# Each load into a register of its own, all from the one base.
	/^(mov[a-z]* \(|ldr )/ { n++; if (n > 1) { sub(/%[a-z0-9]+$/, "%r1" n); sub(/^ldr [a-z0-9]+,/, "ldr x1" n ",") } }
	{ print }' >"$tmp/m-independent"
sed "${first}d" "$tmp/loop" >"$tmp/m-fewer"
sed "${first}c\\
$other" "$tmp/loop" >"$tmp/m-off-chain"
sed "${first}c\\
$off" "$tmp/loop" >"$tmp/m-offset"
sed "${first}a\\
$spill" "$tmp/loop" >"$tmp/m-spill"
for m in m-independent m-fewer m-off-chain m-offset m-spill; do
	if check_loop "$tmp/$m" 2>"$tmp/why"; then
		sed 's/^/  /' "$tmp/$m" >&2
		fail "the checker accepts a broken loop ($m)"
	fi
done
echo "the checker rejects the chase unrolled into independent loads, a load fewer, one off the chain, one at an offset, a spill"
exit 0
