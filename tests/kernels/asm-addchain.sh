#!/bin/sh
# asm-addchain.sh: the add chain (ct_addchain) as assembled for this
# architecture (asm/addchain-*.s, written by make asm), checked in its
# inner loop against what its file says of it (ct_addchain_desc, read
# through tests/kernels/checkasm --facts):
#   - exactly `ops` adds of the described mnemonic, every one writing the
#     same register and reading it (one dependent chain), the increment
#     a register of the described class (reg), never an immediate (a
#     renamer can fold chains of immediate adds) nor memory;
#   - besides them only the loop counter and its branch; no load, store,
#     call or stack access;
#   - ct-clock names the kernel as the description does.
# Then the checker itself is shown to fail on broken copies of the loop.
# Skips (77) for the portable C chain, whose instructions are the
# compiler's.  CT_EXEC runs the binaries (e.g. "qemu-aarch64 -L
# /usr/aarch64-linux-gnu" for a cross build).
. "${top_srcdir:-..}/tests/lib.sh"
. "$top_srcdir/tests/kernels/asm-lib.sh"

isa=$(kernel_fact addchain '*' isa)
[ -n "$isa" ] || fail "tests/kernels/checkasm --facts has no add chain"
fact() { kernel_fact addchain "$isa" "$1"; }
[ "$(fact as_compiled)" = no ] || skip "the $isa add chain is C, its instructions the compiler's"
ops=$(fact ops) sym=$(fact symbol) re=$(fact mnemonic) reg=$(fact reg) insn=$(fact insn)
facts_are_counts ops
[ -n "$sym" ] && [ -n "$re" ] && [ -n "$reg" ] || fail "the $isa add chain's description lacks symbol, mnemonic or reg"
set -- "$top_builddir"/asm/addchain-*.s
[ $# -eq 1 ] && [ -f "$1" ] || { echo "not one asm/addchain-*.s: make asm did not run" >&2; exit 99; }
s=$1
arch=$(asm_arch "$s")

# check_loop LOOPFILE: 0 when the loop has the shape, else 1 with reasons.
check_loop() {
	asm_stats "$arch" <"$1" >"$tmp/stats"
	asm_expect_none "$isa" calls stack loads stores
	n=$(asm_get insns "$tmp/stats")
	[ "$n" -eq $((ops + 2)) ] || why "$n instructions, expected $ops adds, the counter and the branch"
	awk -v arch="$arch" -v re="$re" -v reg="$reg" -v ops="$ops" '
		{
			sp = index($0, " "); mn = substr($0, 1, sp - 1); ops_ = substr($0, sp + 1)
			n = split(ops_, o, /, */)
		}
		mn ~ re {
			adds++
			# AT&T: add src, dst; Arm: add dst, src1, src2.
			if (arch == "x86_64") { d = o[2]; r = o[2]; inc = o[1] }
			else { d = o[1]; r = o[2]; inc = o[3] }
			if (d != r) { print "  " $0 ": does not add onto the register it writes"; bad = 1 }
			if (chain == "") chain = d
			else if (d != chain) { print "  " $0 ": not the chain " chain; bad = 1 }
			if (index(inc, reg) != 1 || inc == d) { print "  " $0 ": the increment is not a register of its own"; bad = 1 }
		}
		END {
			if (adds != ops) { print "  " adds + 0 " adds, expected " ops; bad = 1 }
			exit bad
		}' "$1" >&2 || bad=1
	return $bad
}

asm_inner_loop "$s" "$sym" >"$tmp/loop" || fail "no inner loop found in $sym ($s)"
echo "inner loop of $sym ($s):"
sed 's/^/  /' "$tmp/loop"
check_loop "$tmp/loop" || fail "the $isa add chain's inner loop does not have its shape"

# The records name the kernel as its description does.
${CT_EXEC:-} "$CT_CLOCK" --version >"$tmp/version" || fail "ct-clock --version failed"
grep -q -x -F "add chain: $isa, $insn" "$tmp/version" ||
	fail "ct-clock --version does not say 'add chain: $isa, $insn'"

# The checker can fail: an add fewer, an immediate increment, an add off
# the chain, a load.
last_add=$(grep -n -E "^add[a-z]* " "$tmp/loop" | tail -1 | cut -d: -f1)
[ -n "$last_add" ] || fail "no add to change in the loop"
sed "${last_add}d" "$tmp/loop" >"$tmp/m-fewer"
if [ "$arch" = x86_64 ]; then
	imm='add $1, %rax' off='add %rdx, %rcx' load='mov (%rsi), %rcx'
else
	imm='add x0, x0, #1' off='add x3, x3, x2' load='ldr x3, [x1]'
fi
for m in imm off; do
	eval "line=\$$m"
	sed "${last_add}c\\
$line" "$tmp/loop" >"$tmp/m-$m"
done
sed "${last_add}i\\
$load" "$tmp/loop" >"$tmp/m-load"
for m in m-fewer m-imm m-off m-load; do
	if check_loop "$tmp/$m" 2>"$tmp/why"; then
		fail "the checker accepts a broken loop ($m)"
	fi
done
echo "the checker rejects a loop with an add fewer, an immediate increment, an add off the chain, a load"
exit 0
