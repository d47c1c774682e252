#!/bin/sh
# asm-stream.sh ISA (or ISA=... in the environment): the stream kernel of
# ISA as the compiler really built it (asm/stream-ISA.s, written by make
# asm with the binary's flags), checked in its inner loop against what the
# kernel's file says of it (its struct ct_kernel, read through
# tests/kernels/checkasm --facts), for the plain loop and, where the description names
# one (avx512, avx2), the prefetching loop:
#   - the loads of one iteration cover the pointer's stride exactly (every
#     byte read once), at distinct addresses, and the stride is whole
#     iterations of the described bytes;
#   - the loads come in ascending address order within the iteration (each
#     at a higher byte offset than the one before, counting what the loop
#     added to its pointer so far): a compiler that reorders the block
#     (gcc 12 read bytes 256-511 of the avx2 block before 0-255, which
#     halved its bandwidth from memory on Zen 4) fails here;
#   - every loaded 64-bit word is absorbed by exactly one 64-bit add (the
#     lanes of the adds count the words; a 32-bit add is refused);
#   - one add per load and no other arithmetic: avx512, avx2: vector loads
#     of the described width, each loaded vector (a vpaddq's memory
#     operand or a loaded register) added once, no other vector operation;
#     neon: ldp of q registers, each register read by one add .2d; loads
#     and vector adds in the described numbers, each add the described
#     instruction (mnemonic) on the described registers (reg); as many
#     distinct accumulators as described;
#   - the prefetching loop: the described prefetches per iteration (one
#     per 64-byte line); the plain loop: none;
#   - the short loop, where the description names one (avx512): as the
#     plain loop, with short_loads loads an iteration, each into its own
#     accumulator;
#   - the xor loop, where the description names one (avx512): xor_loads
#     zmm lines an iteration, in address order, every byte read once, half
#     by plain vector loads and half as the memory operands of vpternlogq
#     $0x96 (a three-way XOR), each loaded register folded by exactly one
#     of them into an accumulator (xor_loads / 2 of them), and no other
#     vector operation;
#   - no store, no stack access (a spill), no call;
#   - ct-stream's record gives the described accumulators and load width
#     when the ISA can run here.
# The scalar kernel's instructions are the compiler's (as compiled): its
# bytes, adds and accumulators are checked, not its instructions.
# Then the checker itself is shown to fail on broken copies of the loop.
# Skips (77) when ISA is not built into ct-stream.  CT_EXEC runs the
# binaries (e.g. "qemu-aarch64 -L /usr/aarch64-linux-gnu" for a cross build).
. "${top_srcdir:-..}/tests/lib.sh"
. "$top_srcdir/tests/kernels/asm-lib.sh"

isa=${ISA:-${1:-}}
[ -n "$isa" ] || { echo "usage: asm-stream.sh ISA" >&2; exit 99; }
run_stream() { ${CT_EXEC:-} "$CT_STREAM" "$@"; }

run_stream --list-isa >"$tmp/list" || fail "ct-stream --list-isa failed"
compiled=$(awk -v i="$isa" '$1 == i { print $2 }' "$tmp/list")
usable=$(awk -v i="$isa" '$1 == i { print $3 }' "$tmp/list")
[ -n "$compiled" ] || fail "ct-stream --list-isa does not know $isa"
[ "$compiled" = yes ] || skip "$isa is not built into this ct-stream"
s=$top_builddir/asm/stream-$isa.s
[ -f "$s" ] || { echo "no $s: make asm did not run" >&2; exit 99; }
arch=$(asm_arch "$s")

# What the kernel's file says of it.
fact() { kernel_fact stream "$isa" "$1"; }
acc=$(fact accumulators) width=$(fact load_bytes) d_loads=$(fact loads) d_bytes=$(fact bytes)
d_ops=$(fact ops) d_pf=$(fact prefetches) re=$(fact mnemonic) reg=$(fact reg)
as_compiled=$(fact as_compiled) sym=$(fact symbol) sym_pf=$(fact symbol_pf)
short=$(fact short_loads) sym_short=$(fact symbol_short)
xorl=$(fact xor_loads) sym_xor=$(fact symbol_xor)
facts_are_counts acc width d_loads d_bytes d_ops
[ -n "$sym" ] || fail "the $isa stream kernel's description names no function"
pfloop=no
if [ -n "$sym_pf" ]; then
	pfloop=yes
	facts_are_counts d_pf
fi
if [ "$as_compiled" = no ]; then
	[ -n "$re" ] && [ -n "$reg" ] || fail "the $isa stream kernel's description lacks mnemonic or reg"
fi
[ -z "$sym_short" ] || facts_are_counts short
[ -z "$sym_xor" ] || facts_are_counts xorl
# ct-stream's record says of the kernel what its file says, where it runs.
# (A run that fails is reported after the loops' own checks.)
run_failed=
if [ "$usable" = yes ]; then
	if run_stream -q --isa "$isa" --loop plain -f tsv -r 1 -S 0 -b 4K >"$tmp/rec" 2>"$tmp/rec.err"; then
		field() {
			awk -F'\t' -v f="$1" 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } }
				NR == 2 { print $c[f] }' "$tmp/rec"
		}
		[ "$(field accumulators)" = "$acc" ] && [ "$(field load_bytes)" = "$width" ] ||
			fail "ct-stream's record says $(field accumulators) accumulators, $(field load_bytes)-byte loads; the kernel $acc, $width"
	else
		run_failed="ct-stream --isa $isa failed: $(cat "$tmp/rec.err")"
	fi
fi

# The byte offset of an x86 memory operand in the iteration, for both
# checkers' awk: "-64(%rdi,%rax,8)" is -64 + the increments of %rdi and
# 8 x %rax (imm[]: what the loop added to each register so far).
X86_OFF='
	function x86_off(m,   d, r, k, t) {
		d = m; sub(/\(.*$/, "", d); d = d + 0
		r = m; sub(/^[^(]*\(/, "", r); sub(/\).*$/, "", r)
		k = split(r, t, /,/)
		if (k >= 1 && t[1] != "") d += imm[t[1]]
		if (k >= 2) d += imm[t[2]] * (k >= 3 ? t[3] + 0 : 1)
		return d
	}'

# loop_facts LOOPFILE: "key value" lines for what the generic stats lack.
loop_facts() {
	awk -v arch="$arch" -v width="${width:-0}" -v re="${re:-}" -v reg="${reg:-}" "$X86_OFF"'
	function vbytes(s) {
		if (s ~ /%zmm/) return 64
		if (s ~ /%ymm/) return 32
		if (s ~ /%xmm/) return 16
		return 8
	}
	# The base register of an x86 memory operand: "-64(%rdi)" -> "%rdi".
	function base(s,   t) { t = s; sub(/^[^(]*\(/, "", t); sub(/[,)].*$/, "", t); return t }
	# A load at byte off of the iteration (its displacement plus what the
	# loop added to its registers so far): each must read past the one
	# before, so that the block is read in ascending address order.
	function at(off) {
		if (nord && off <= last) unordered++
		if (nord < 24) ord = ord (nord ? "," : "") off
		nord++; last = off
	}
	# aarch64: "[x0, 32]", "[x0, #32]!" (pre-index), "[x0], 32" (post-index).
	function arm_off(ops,   a, r, v, post) {
		a = ops; sub(/^[^[]*\[/, "", a)
		r = a; sub(/[],].*$/, "", r)
		post = a ~ /^[^]]*\], *#?-?[0-9]+/
		v = a; sub(/^[^],]*/, "", v)
		if (post) { sub(/^\], */, "", v); sub(/^#/, "", v); at(imm[r]); imm[r] += v + 0; return }
		if (v ~ /^, *#?-?[0-9]+/) { sub(/^, *#?/, "", v); v = v + 0 } else v = 0
		at(imm[r] + v)
		if (a ~ /\]!/) imm[r] += v
	}
	BEGIN { nord = 0; unordered = 0; ord = ""; adds = 0; bad32 = 0; pf = 0; extra = 0; memadd = 0; addw = 0; ldq = 0; add2d = 0; vadd = 0; badinsn = 0 }
	{
		sp = index($0, " "); mn = sp ? substr($0, 1, sp - 1) : $0; ops = sp ? substr($0, sp + 1) : ""
		n = split(ops, o, /, */)
	}
	# The adds on vector registers: the described instruction, on the
	# described register class (a kernel the compiler writes has neither).
	re != "" && mn ~ /add/ && (arch == "x86_64" ? ops ~ /%[xyz]mm/ : o[1] ~ /^v/) {
		vadd++
		if (mn !~ re) badinsn++
		else for (i = 1; i <= n; i++)
			if ((arch == "x86_64" ? o[i] ~ /%[xyz]mm/ : o[i] ~ /^v/) && index(o[i], reg) == 0) { badinsn++; break }
	}
	arch == "x86_64" {
		# Immediate adds to a register: the pointer is the one the loads use.
		if (mn ~ /^(add|sub)q?$/ && o[1] ~ /^\$-?[0-9]+$/ && o[2] ~ /^%r/) {
			v = substr(o[1], 2) + 0
			imm[o[2]] += mn ~ /^add/ ? v : -v
			next
		}
		if (mn ~ /^prefetch/) { pf++; next }
		if (mn ~ /^(add[lwb]|v?padd[dwb])$/) { bad32++; next }
		if (mn ~ /^(v?paddq|addq?)$/) {
			adds += (mn ~ /^add/) ? 1 : vbytes(o[n]) / 8; dst[o[n]] = 1
			for (i = 1; i < n; i++) {
				if (o[i] ~ /\(/) { memadd++; addr[o[i]]++; bases[base(o[i])] = 1; at(x86_off(o[i])) }
				else if (kind[o[i]] == "L") { addw++; kind[o[i]] = "used" }
			}
			kind[o[n]] = "acc"
			next
		}
		if (ops ~ /\(/ && mn !~ /^(lea|nop)/ && o[n] !~ /\(/) {
			for (i = 1; i < n; i++) if (o[i] ~ /\(/) m = o[i]
			addr[m]++; bases[base(m)] = 1; at(x86_off(m))
			if (width + 0 && vbytes(o[n]) != width && mn ~ /^v/) badw++
			# A load that also computes (vpsrlq $32, (%rdi), ...) is a
			# second operation on the data.
			if (mn !~ /^v?mov/) extra++
			kind[o[n]] = "L"; loaded[o[n]] = 1
			next
		}
		if (mn ~ /^(cmp|test|j|nop)/) next
		# Anything else that computes on a vector register is a second
		# operation on the loaded data.
		if (ops ~ /%[xyz]mm/) extra++
		if (n) kind[o[n]] = "?"
	}
	arch == "aarch64" {
		if (mn == "add" && o[1] ~ /^x[0-9]+$/ && o[2] == o[1] && o[3] ~ /^#?[0-9]+$/) {
			v = o[3]; sub(/^#/, "", v); imm[o[1]] += v + 0; next
		}
		if (mn == "sub" && o[1] ~ /^x[0-9]+$/ && o[2] == o[1] && o[3] ~ /^#?[0-9]+$/) {
			v = o[3]; sub(/^#/, "", v); imm[o[1]] -= v + 0; next
		}
		if (mn == "prfm") { pf++; next }
		if (mn ~ /^(add|uaddw2?|uaddl2?|uadalp)$/ && o[1] ~ /^v/) {
			if (o[1] !~ /\.2d$/ || mn != "add") { bad32 += o[1] !~ /\.2d$/; extra += mn != "add"; if (o[1] !~ /\.2d$/) next }
			adds += 2; add2d++
			# A loaded register is consumed once; the sum it becomes is not
			# "loaded" any more (GCC may add two loaded registers first).
			for (i = 2; i <= 3; i++) { r = o[i]; sub(/\..*/, "", r); if (kind[r] == "L") { used[r]++; kind[r] = "used" } else if (kind[r] == "used") used[r]++ }
			r = o[1]; sub(/\..*/, "", r); dst[r] = 1; kind[r] = "acc"
			next
		}
		if (mn ~ /^ld/) {
			a = ops; sub(/^.*\[/, "[", a); addr[a]++; arm_off(ops)
			b = a; sub(/^\[/, "", b); sub(/[],].*$/, "", b); bases[b] = 1
			if (mn == "ldp" && o[1] ~ /^q/) {
				r = o[1]; sub(/^q/, "v", r); q[r] = 1; kind[r] = "L"; loaded[r] = 1
				r = o[2]; sub(/^q/, "v", r); q[r] = 1; kind[r] = "L"; loaded[r] = 1
				ldq += 2
			}
			next
		}
		if (mn ~ /^(cmp|b|b\..*|cbn?z|nop)$/) next
		if (o[1] ~ /^v/) extra++
	}
	END {
		dup = 0; for (a in addr) if (addr[a] > 1) dup++
		# Accumulators: sums carried from one iteration to the next, the
		# registers the adds write that no load of the loop writes.
		nd = 0; for (d in dst) if (d ~ /mm|^v/ && !(d in loaded)) nd++
		stride = 0; for (r in bases) if (r in imm) stride = imm[r]
		# neon: every q register an ldp loaded is read by one add.
		qbad = 0; for (r in q) if (used[r] != 1) qbad++
		printf "stride %d\nadds %d\nbad32 %d\nprefetch %d\nextra %d\nbadwidth %d\n", stride, adds, bad32, pf, extra, badw + 0
		printf "dupaddr %d\naccumulators %d\nmemadd %d\nadd_loaded %d\nldpq %d\nadd2d %d\nqbad %d\n", dup, nd, memadd, addw, ldq, add2d, qbad
		printf "vector_adds %d\nbadinsn %d\nunordered %d\norder %s\n", vadd, badinsn, unordered, ord == "" ? "-" : ord
	}' "$1"
}

# check_loop LOOPFILE PREFETCHING: 0 when the loop has the shape, else 1
# with reasons.
check_loop() {
	asm_stats "$arch" <"$1" >"$tmp/stats"
	loop_facts "$1" >>"$tmp/stats"
	asm_expect_none "$fn" calls stack stores bad32 dupaddr badwidth extra
	[ "$(asm_get unordered "$tmp/stats")" -eq 0 ] ||
		why "loads out of address order within an iteration (byte offsets $(asm_get order "$tmp/stats"))"
	get() { asm_get "$1" "$tmp/stats"; }
	stride=$(get stride) lb=$(get load_bytes) loads=$(get loads)
	[ "$stride" -gt 0 ] || why "no pointer increment found"
	[ "$lb" -eq "$stride" ] || why "the loads read $lb bytes per iteration, the pointer moves $stride"
	# Whole iterations as described (a compiler may unroll further).
	k=0
	if [ "$stride" -gt 0 ] && [ $((stride % d_bytes)) -eq 0 ]; then
		k=$((stride / d_bytes))
	else
		why "the pointer moves $stride bytes, not whole iterations of $d_bytes"
	fi
	# Every 64-bit word loaded, added once into a 64-bit lane.
	[ "$(get adds)" -eq $((lb / 8)) ] ||
		why "$(get adds) 64-bit lane adds for $((lb / 8)) words loaded"
	if [ "$2" = yes ]; then
		[ "$(get prefetch)" -eq $((k * d_pf)) ] ||
			why "$(get prefetch) prefetches, the kernel says $d_pf per $d_bytes bytes"
	else
		[ "$(get prefetch)" -eq 0 ] || why "$(get prefetch) prefetches in the plain loop"
	fi
	if [ "$as_compiled" = no ]; then
		[ "$loads" -eq $((k * d_loads)) ] || why "$loads loads, the kernel says $d_loads per $d_bytes bytes"
		[ "$(get vector_adds)" -eq $((k * d_ops)) ] ||
			why "$(get vector_adds) vector adds, the kernel says $d_ops per $d_bytes bytes"
		[ "$(get badinsn)" -eq 0 ] || why "$(get badinsn) adds that are not $re on $reg registers"
	fi
	case $isa in
	avx512|avx2)
		[ "$loads" -eq $((stride / width)) ] || why "$loads loads of $width bytes, expected $((stride / width))"
		[ $(($(get memadd) + $(get add_loaded))) -eq "$loads" ] ||
			why "$(get memadd) adds of memory and $(get add_loaded) of loaded registers for $loads loads"
		[ "$(get accumulators)" -eq "$acc" ] || why "$(get accumulators) accumulators, the kernel says $acc"
		;;
	neon)
		[ "$(get ldpq)" -eq $((stride / 16)) ] || why "$(get ldpq) q registers loaded by ldp, expected $((stride / 16))"
		[ "$(get add2d)" -eq $((stride / 16)) ] || why "$(get add2d) add .2d for $((stride / 16)) q registers"
		[ "$(get qbad)" -eq 0 ] || why "$(get qbad) loaded registers not added exactly once"
		[ "$(get accumulators)" -eq "$acc" ] || why "$(get accumulators) accumulators, the kernel says $acc"
		;;
	esac
	return $bad
}

# check_xor_loop LOOPFILE: 0 when the xor loop has its shape, else 1 with
# reasons (x86-64: the one ISA with a three-input logic instruction).
check_xor_loop() {
	asm_stats "$arch" <"$1" >"$tmp/stats"
	awk "$X86_OFF"'
	function at(m,   off) {
		off = x86_off(m); addr[off]++
		if (nord && off <= last) unordered++
		if (nord < 24) ord = ord (nord ? "," : "") off
		nord++; last = off; lbytes += 64
		b = m; sub(/^[^(]*\(/, "", b); sub(/[,)].*$/, "", b); bases[b] = 1
	}
	BEGIN { plain = folds = badimm = extra = unordered = nord = lbytes = pf = 0 }
	{
		sp = index($0, " "); mn = sp ? substr($0, 1, sp - 1) : $0; ops = sp ? substr($0, sp + 1) : ""
		n = split(ops, o, /, */)
	}
	mn ~ /^(add|sub)q?$/ && o[1] ~ /^\$-?[0-9]+$/ && o[2] ~ /^%r/ {
		v = substr(o[1], 2) + 0; imm[o[2]] += mn ~ /^add/ ? v : -v; next
	}
	mn ~ /^prefetch/ { pf++; next }
	mn ~ /^vmovdq[au]64$/ && o[1] ~ /\(/ && o[2] ~ /^%zmm/ { plain++; at(o[1]); kind[o[2]] = "L"; next }
	mn == "vpternlogq" && n == 4 {
		if (o[1] != "$150" && o[1] != "$0x96") badimm++
		if (o[2] !~ /\(/ || kind[o[3]] != "L" || o[4] !~ /^%zmm/) { extra++; next }
		folds++; at(o[2]); kind[o[3]] = "used"; acc[o[4]] = 1; kind[o[4]] = "acc"
		next
	}
	mn ~ /^(cmp|test|j|nop)/ { next }
	ops ~ /%[xyz]mm/ { extra++ }
	END {
		dup = 0; for (a in addr) if (addr[a] > 1) dup++
		stride = 0; for (r in bases) if (r in imm) stride = imm[r]
		nacc = 0; for (r in acc) nacc++
		left = 0; for (r in kind) if (kind[r] == "L") left++
		printf "stride %d\nxor_bytes %d\nplain_loads %d\nfolds %d\nbadimm %d\nextra %d\n", stride, lbytes, plain, folds, badimm, extra
		printf "dupaddr %d\nunordered %d\norder %s\naccumulators %d\nunfolded %d\nprefetch %d\n", dup, unordered, ord == "" ? "-" : ord, nacc, left, pf
	}' "$1" >>"$tmp/stats"
	asm_expect_none "$fn" calls stack stores dupaddr extra badimm unfolded prefetch
	get() { asm_get "$1" "$tmp/stats"; }
	[ "$(get unordered)" -eq 0 ] ||
		why "lines out of address order within an iteration (byte offsets $(get order))"
	stride=$(get stride)
	[ "$stride" -gt 0 ] && [ $((stride % (xorl * 64))) -eq 0 ] ||
		why "the pointer moves $stride bytes, not whole iterations of $((xorl * 64))"
	k=$((stride / (xorl * 64)))
	[ "$(get xor_bytes)" -eq "$stride" ] || why "the lines read $(get xor_bytes) bytes an iteration, the pointer moves $stride"
	[ "$(get plain_loads)" -eq $((k * xorl / 2)) ] && [ "$(get folds)" -eq $((k * xorl / 2)) ] ||
		why "$(get plain_loads) plain loads and $(get folds) folds, the kernel says $((xorl / 2)) of each per $((xorl * 64)) bytes"
	[ "$(get accumulators)" -eq $((xorl / 2)) ] || why "$(get accumulators) accumulators, expected $((xorl / 2))"
	return $bad
}

# The xor loop and the checker's failures on broken copies of it.
if [ -n "$sym_xor" ]; then
	fn=$sym_xor
	[ "$arch" = x86_64 ] || fail "$fn: an xor loop on $arch (only x86-64's is checked)"
	asm_inner_loop "$s" "$fn" >"$tmp/loop" || fail "no inner loop found in $fn ($s)"
	echo "inner loop of $fn ($s):"
	sed 's/^/  /' "$tmp/loop"
	check_xor_loop "$tmp/loop" || fail "the inner loop of $fn does not have its shape"
	sed 's/^/  /' "$tmp/stats"
	l=$(grep -n '^vmovdqa64 .*(' "$tmp/loop" | tail -1 | cut -d: -f1)
	sed "${l}d" "$tmp/loop" >"$tmp/x-load"
	l=$(grep -n '^vpternlogq' "$tmp/loop" | tail -1 | cut -d: -f1)
	sed "${l}d" "$tmp/loop" >"$tmp/x-fold"
	sed '0,/^vpternlogq \$150/s//vpternlogq $102/' "$tmp/loop" >"$tmp/x-imm"
	# The second and the fourth line (the first two folds) swapped.
	awk 'NR == 2 { two = $0; getline three; getline; print; print three; print two; next } { print }' \
		"$tmp/loop" >"$tmp/x-order"
	sed '1i\
vpsrlq $32, %zmm4, %zmm4' "$tmp/loop" >"$tmp/x-second"
	sed '1i\
vmovdqu64 %zmm0, (%rsi)' "$tmp/loop" >"$tmp/x-store"
	sed '1i\
prefetcht0 4096(%rax)' "$tmp/loop" >"$tmp/x-pf"
	for m in x-load x-fold x-imm x-order x-second x-store x-pf; do
		cmp -s "$tmp/$m" "$tmp/loop" && fail "no broken copy $m of $fn made"
		if check_xor_loop "$tmp/$m" 2>"$tmp/why"; then
			fail "the checker accepts a broken loop of $fn ($m)"
		fi
	done
	echo "the checker rejects a loop of $fn with a line or a fold fewer, another logic function, two lines swapped, a second operation, a store, a prefetch"
fi

fns="$sym:no"
[ "$pfloop" = yes ] && fns="$fns $sym_pf:yes"
[ -z "$sym_short" ] || fns="$fns $sym_short:short"
main_facts="$acc $d_loads $d_ops $d_bytes"
if [ "$arch" = x86_64 ]; then
	store="vmovdqu %ymm0, (%rsi)" spill="vmovdqu 64(%rsp), %ymm1" call="call abort"
	add32="vpaddd %ymm0, %ymm1, %ymm1" second="vpsrlq \$32, %ymm9, %ymm10"
	loadre='(^v?mov|\()' addre='^(v?paddq|addq?) [^$]'
else
	store="str q0, [x1]" spill="ldr q1, [sp, 16]" call="bl abort"
	add32="add v1.4s, v1.4s, v0.4s" second="ushr v9.2d, v9.2d, 32"
	loadre='^ld' addre='^add v'
fi
delete_last() {
	l=$(grep -n -E "$1" "$tmp/loop" | tail -1 | cut -d: -f1)
	[ -n "$l" ] || return 1
	sed "${l}d" "$tmp/loop" >"$2"
}
for fp in $fns; do
	fn=${fp%:*} pfl=${fp#*:}
	# What one iteration of this loop must do: the description's, or for
	# the short loop short_loads loads, each added into its own accumulator.
	set -- $main_facts
	acc=$1 d_loads=$2 d_ops=$3 d_bytes=$4
	if [ "$pfl" = short ]; then
		acc=$short d_loads=$short d_ops=$short d_bytes=$((short * width)) pfl=no
	fi
	asm_inner_loop "$s" "$fn" >"$tmp/loop" || fail "no inner loop found in $fn ($s)"
	echo "inner loop of $fn ($s):"
	sed 's/^/  /' "$tmp/loop"
	check_loop "$tmp/loop" "$pfl" || fail "the inner loop of $fn does not have its shape"
	sed 's/^/  /' "$tmp/stats"
	# The loop starts on a 64-byte line wherever the linker puts the
	# function (configure's kernel flags, CT_KERNEL_CFLAGS): at 16 KiB on
	# Zen 3 the avx2 loop read 3 % slower when a relink moved it to 48
	# bytes into a line, where its 166 bytes span four lines, not three.
	case " ${CT_KERNEL_CFLAGS:-} " in
	*" -falign-loops=64 "*)
		a=$(asm_loop_align "$s" "$fn")
		[ "${a:-0}" -ge 6 ] || fail "the inner loop of $fn is aligned to 2^${a:-0} bytes, not 64 (CT_KERNEL_CFLAGS: $CT_KERNEL_CFLAGS)"
		;;
	esac

	# The checker can fail: a load fewer, an add fewer, a store, a spill,
	# a call, a 32-bit add, a second operation on the data; a prefetch
	# fewer (the _pf loop) or one more (the plain loop).
	delete_last "$loadre" "$tmp/m-load" || fail "no load to remove in the loop"
	delete_last "$addre" "$tmp/m-add" || fail "no add to remove in the loop"
	muts="m-load m-add m-store m-spill m-call m-add32 m-order"
	# Two loads in a row (no add to the first one's address registers
	# between them) swapped: the block read out of address order (as gcc 12
	# emitted the avx2 loop).
	awk -v lre="$loadre" '
		# The address of a load: "(%rax,%rdx)" or "[x1, 32]".
		function addr(s,   m) {
			m = s; if (m ~ /\(/) { sub(/^[^(]*/, "", m); sub(/\).*$/, ")", m) }
			else { sub(/^[^[]*/, "", m); sub(/\].*$/, "]", m) }
			return m
		}
		{ line[NR] = $0 }
		$0 ~ lre && $0 !~ /^(prefetch|prfm)/ && !a { if (prev) { a = prev; b = NR } else { prev = NR; pm = addr($0) } next }
		prev && /^(add|sub)q? \$|^(add|sub) x[0-9]/ {
			n = split($0, o, /[ ,]+/); r = o[1] ~ /q$/ || $0 ~ /%/ ? o[n] : o[2]
			if (index(pm, r "," ) || index(pm, r ")") || index(pm, r "]")) prev = 0
		}
		END {
			if (!a) exit 1
			for (i = 1; i <= NR; i++) print i == a ? line[b] : i == b ? line[a] : line[i]
		}' "$tmp/loop" >"$tmp/m-order" || fail "no two loads in a row to swap in the loop"
	for m in store spill call add32; do
		eval "ins=\$$m"
		sed "1i\\
$ins" "$tmp/loop" >"$tmp/m-$m"
	done
	if [ "$isa" != scalar ]; then
		sed "1i\\
$second" "$tmp/loop" >"$tmp/m-second"
		muts="$muts m-second"
	fi
	if [ "$pfl" = yes ]; then
		delete_last '^(prefetch|prfm)' "$tmp/m-pf" || fail "no prefetch to remove in the loop"
	elif [ "$arch" = x86_64 ]; then
		sed '1i\
prefetcht0 4096(%rdi)' "$tmp/loop" >"$tmp/m-pf"
	else
		sed '1i\
prfm pldl1keep, [x0, 4096]' "$tmp/loop" >"$tmp/m-pf"
	fi
	muts="$muts m-pf"
	for m in $muts; do
		if check_loop "$tmp/$m" "$pfl" 2>"$tmp/why"; then
			fail "the checker accepts a broken loop of $fn ($m)"
		fi
	done
	echo "the checker rejects a loop of $fn with a load or an add fewer, two loads swapped, a store, a spill, a call, a 32-bit add, a second operation, a prefetch more or fewer"
done
[ -z "$run_failed" ] || fail "$run_failed"
exit 0
