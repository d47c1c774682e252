# asm-lib.sh - read the inner loop of a kernel from the compiler's own
# assembly (make asm writes asm/<kernel-file>.s with the flags the binary
# was built with), so a test can count what one iteration really does.
# Sourced by tests/kernels/asm-*.sh.  GNU as syntax: AT&T on x86-64, the Arm
# syntax on aarch64; ELF (FUNC:) and Mach-O (_FUNC:) symbol names.
#
#   asm_inner_loop FILE FUNC   the instructions of FUNC's innermost loop,
#                              one a line, "mnemonic operands"
#   asm_loop_align FILE FUNC   the alignment the assembler gives the first
#                              instruction of that loop, as a power of 2
#                              (the largest .p2align before it; 0: none)
#   asm_stats ARCH             reads such lines, prints "key value" lines:
#       insns loads load_bytes stores store_bytes flops fma calls stack
#       fp_other (FP arithmetic this table does not know), branches
#   asm_get KEY FILE           one value from asm_stats output
#   asm_expect_none WHO KEY... a loop check's start: bad=0, why MESSAGE
#                              says "  WHO: MESSAGE" and sets bad=1, and
#                              each KEY of $tmp/stats must be 0
#   asm_arch FILE              x86_64 or aarch64, from the instructions
#   kernel_fact KERNEL ISA KEY what the kernel's file says of it (its
#                              struct ct_kernel, as tests/kernels/checkasm --facts
#                              prints it): accumulators, lanes, loads,
#                              load_bytes, bytes, flops, ops, mnemonic, reg...
#   facts_are_counts VAR...    fails the test unless each VAR holds a count
#                              above 0 (kernel_fact runs in $(...), where
#                              its own fail cannot stop the test)
#
# The innermost loop is found from the branches: a branch to a label
# earlier in the function closes a loop from that label to itself; the
# innermost loops are those that contain no other, and when there are
# several (a remainder loop), the longest is taken.

# Under configure --enable-sanitizers every load is instrumented: the loops
# gain AddressSanitizer's shadow loads, compares and report calls, so no
# count of loads, bytes or calls can match the kernel's own.  The shapes
# are checked in the plain build; in that one the shape tests skip.
if [ "${CT_SANITIZERS:-no}" = yes ]; then
	skip "sanitizer build: ASan instruments every load, the inner loops are not the kernels' shapes"
fi

# asm_loop_align FILE FUNC
asm_loop_align() {
	asm_inner_loop "$1" "$2" align
}

# asm_inner_loop FILE FUNC [align]
asm_inner_loop() {
	awk -v fn="$2" -v mode="${3:-}" '
	function flush_loop(   i, j, best, bl, bm, m, inner, anycond) {
		best = 0; bl = -1; bm = -1
		# A loop the compiler closes with a conditional branch; an
		# unconditional jump back (a shared exit block laid out after
		# the loop) only when there is no such loop.
		anycond = 0
		for (i = 1; i <= nl; i++)
			if (cond[i])
				anycond = 1
		for (i = 1; i <= nl; i++) {
			if (anycond && !cond[i])
				continue
			inner = 1
			for (j = 1; j <= nl; j++)
				if (j != i && ls[j] >= ls[i] && le[j] <= le[i] &&
				    (ls[j] != ls[i] || le[j] != le[i]))
					inner = 0
			# Of the innermost loops, the one with the most memory
			# operands, then the longest: clang 14 lays out the tail of
			# the passes of the xor stream loop (the fold of the
			# accumulators) as a loop as long as the inner one, with no
			# load in it.
			if (!inner)
				continue
			m = 0
			for (j = ls[i]; j <= le[i]; j++)
				m += memop[j]
			if (m > bm || (m == bm && le[i] - ls[i] > bl)) { bm = m; bl = le[i] - ls[i]; best = i }
		}
		if (!best)
			exit 3
		if (mode == "align")
			print al[ls[best]] + 0
		else
			for (i = ls[best]; i <= le[best]; i++)
				print insn[i]
		found = 1
	}
	BEGIN { infn = 0; n = 0; nl = 0 }
	{
		line = $0
		sub(/[ \t]*(#|\/\/).*$/, "", line)	# comments
		gsub(/\t/, " ", line)
		sub(/^ +/, "", line)
		sub(/ +$/, "", line)
	}
	!infn {
		if (line == fn ":" || line == "_" fn ":")
			infn = 1
		next
	}
	# The end of the function: its .size, or the next function.
	line ~ /^\.size / || line ~ /^\.cfi_endproc/ || line ~ /^\.(globl|type) / { infn = 0; flush_loop(); exit }
	line == "" { next }
	{
		while (match(line, /^[A-Za-z0-9_.$]+:/)) {
			lab = substr(line, 1, RLENGTH - 1)
			pos[lab] = n + 1
			# A numeric local label: "1b" is its latest definition.
			if (lab ~ /^[0-9]+$/)
				pos[lab "b"] = n + 1
			line = substr(line, RLENGTH + 1)
			sub(/^ +/, "", line)
		}
		# An alignment directive (.p2align N, as gcc and clang emit
		# it): its power of 2 holds for the next instruction.
		if (line ~ /^\.p2align[ \t]/) {
			a = line
			sub(/^\.p2align[ \t]*/, "", a)
			sub(/[ ,].*$/, "", a)
			if (a + 0 > pend)
				pend = a + 0
		}
		if (line == "" || line ~ /^\./)
			next
		n++
		al[n] = pend
		pend = 0
		sp = index(line, " ")
		mn = sp ? substr(line, 1, sp - 1) : line
		ops = sp ? substr(line, sp + 1) : ""
		gsub(/ +/, " ", ops)
		insn[n] = mn (ops == "" ? "" : " " ops)
		memop[n] = mn !~ /^(lea|nop|prefetch|prfm)/ && (ops ~ /\(/ || ops ~ /\[/)
		# A branch: x86 j*, Arm b, b.cond, bcond, cbz, cbnz, tbz, tbnz.
		if (mn ~ /^j[a-z]+$/ || mn ~ /^(b|b\.[a-z]+|b(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)|cbn?z|tbn?z)$/) {
			k = split(ops, o, /, */)
			t = o[k]
			if (t in pos && pos[t] <= n) {
				nl++
				ls[nl] = pos[t]
				le[nl] = n
				cond[nl] = mn != "jmp" && mn != "b"
			}
		}
	}
	END {
		if (!found && infn)
			flush_loop()
		if (!found)
			exit 3
	}' "$1"
}

# asm_arch FILE: which instruction set a .s file holds.
asm_arch() {
	if grep -q -E '%(r[a-z0-9]+|e[a-z]+|[xyz]mm[0-9]+)' "$1"; then
		echo x86_64
	elif grep -q -E '^[[:space:]]+(ldr|str|ldp|stp|mov|add)[[:space:]]+[xwvqsd][0-9]' "$1"; then
		echo aarch64
	else
		echo unknown
	fi
}

# asm_stats ARCH < loop
asm_stats() {
	awk -v arch="$1" '
	function regbytes(s) {
		if (s ~ /%zmm/) return 64
		if (s ~ /%ymm/) return 32
		if (s ~ /%xmm/) return 16
		return 0
	}
	# Bytes an x86 instruction moves to or from memory.
	function x86_membytes(mn, ops,   b) {
		if (mn ~ /ss$/ || mn ~ /^v?broadcastss$/) return 4
		if (mn ~ /sd$/ || mn ~ /^v?broadcastsd$/) return 8
		b = regbytes(ops)
		if (b) return b
		if (mn ~ /q$/) return 8
		if (mn ~ /l$/) return 4
		if (mn ~ /w$/) return 2
		if (mn ~ /b$/) return 1
		return 8
	}
	# fp32/fp64 lanes of an x86 FP instruction.
	function x86_lanes(mn, ops) {
		if (mn ~ /s[sd]$/) return 1
		if (mn ~ /ps$/) return regbytes(ops) / 4
		if (mn ~ /pd$/) return regbytes(ops) / 8
		return 1
	}
	# Arm: bytes of one register operand (q, d, s, x, w or a v.T list).
	function arm_regbytes(r) {
		if (r ~ /^q/) return 16
		if (r ~ /^[dx]/) return 8
		if (r ~ /^[sw]/) return 4
		if (r ~ /^h/) return 2
		if (r ~ /^b/) return 1
		if (r ~ /\.(4s|2d|8h|16b)/) return 16
		if (r ~ /\.(2s|1d|4h|8b)/) return 8
		return 8
	}
	function arm_lanes(ops) {
		if (ops ~ /\.4s/) return 4
		if (ops ~ /\.2d|\.2s/) return 2
		if (ops ~ /\.8h/) return 8
		if (ops ~ /\.4h/) return 4
		return 1
	}
	BEGIN { insns = loads = lbytes = stores = sbytes = flops = fma = calls = stack = other = br = 0 }
	{
		sp = index($0, " ")
		mn = sp ? substr($0, 1, sp - 1) : $0
		ops = sp ? substr($0, sp + 1) : ""
		insns++
		if (arch == "x86_64") {
			if (mn ~ /^call/) calls++
			if (mn ~ /^j/) br++
			if (ops ~ /\(%[re]sp|\(%[re]bp|,%[re]sp|,%[re]bp/) stack++
			if (ops ~ /\(/ && mn !~ /^(lea|nop|prefetch)/) {
				n = split(ops, o, /, /)
				# AT&T: the destination is the last operand.
				if (o[n] ~ /\(/) { stores++; sbytes += x86_membytes(mn, ops) }
				else { loads++; lbytes += x86_membytes(mn, ops) }
			}
			if (mn ~ /^vfn?m(add|sub)[0-9]+(ps|pd|ss|sd)$/ || mn ~ /^vfmaddsub[0-9]+p[sd]$/ || mn ~ /^vfmsubadd[0-9]+p[sd]$/) {
				fma++; flops += 2 * x86_lanes(mn, ops)
			} else if (mn ~ /^v?(add|sub|mul|div)(ps|pd|ss|sd)$/) {
				flops += x86_lanes(mn, ops)
			} else if (mn ~ /^v?(hadd|hsub|addsub|dp|sqrt|rcp|rsqrt)(ps|pd|ss|sd)$/) {
				other++
			}
		} else {
			if (mn ~ /^blr?$/) calls++
			if (mn ~ /^(b|b\..*|b(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le)|cbn?z|tbn?z)$/) br++
			if (ops ~ /\[(sp|x29)[],]/) stack++
			if (mn ~ /^ld/ || mn ~ /^st/) {
				b = 0
				if (mn ~ /^l[ds][1-4]/ || mn ~ /^st[1-4]/) {
					# ld1 {v0.4s, v1.4s}, [x0]: every register in the list.
					l = ops
					sub(/\}.*/, "", l)
					k = split(l, r, /, */)
					for (i = 1; i <= k; i++) b += arm_regbytes(r[i])
				} else {
					split(ops, r, /, */)
					b = arm_regbytes(r[1])
					if (mn ~ /p$/) b *= 2
				}
				if (mn ~ /^ld/) { loads++; lbytes += b } else { stores++; sbytes += b }
			}
			if (mn ~ /^(fmla|fmls|fmadd|fmsub|fnmadd|fnmsub)$/) {
				fma++; flops += 2 * arm_lanes(ops)
			} else if (mn ~ /^(fadd|fsub|fmul|fdiv|fnmul)$/) {
				flops += arm_lanes(ops)
			} else if (mn ~ /^(faddp|fmulx|fsqrt|frecp|frsqrt)/) {
				other++
			}
		}
	}
	END {
		printf "insns %d\nloads %d\nload_bytes %d\nstores %d\nstore_bytes %d\n", insns, loads, lbytes, stores, sbytes
		printf "flops %d\nfma %d\ncalls %d\nstack %d\nfp_other %d\nbranches %d\n", flops, fma, calls, stack, other, br
	}'
}

# asm_get KEY FILE
asm_get() {
	awk -v k="$1" '$1 == k { print $2; found = 1 } END { exit !found }' "$2"
}

# asm_expect_none WHO KEY...
asm_expect_none() {
	asm_who=$1
	shift
	bad=0
	why() { echo "  $asm_who: $*" >&2; bad=1; }
	for k in "$@"; do
		v=$(asm_get "$k" "$tmp/stats")
		[ "$v" -eq 0 ] || why "$v $k in the loop (expected none)"
	done
}

# kernel_fact KERNEL ISA KEY: one cell of the table tests/kernels/checkasm --facts prints, ISA
# '*' for the one kernel of that name there is (the add chain) (run
# once per test, under CT_EXEC for a cross build); says why and fails when
# the program fails or the kernel is not in it or has no such key.
kernel_fact() {
	if [ ! -f "$tmp/kernel-facts" ]; then
		${CT_EXEC:-} "$top_builddir/tests/kernels/checkasm" --facts >"$tmp/kernel-facts.new" ||
			fail "tests/kernels/checkasm --facts failed"
		mv "$tmp/kernel-facts.new" "$tmp/kernel-facts"
	fi
	awk -F'\t' -v k="$1" -v i="$2" -v key="$3" '
		NR == 1 { for (j = 1; j <= NF; j++) { h = $j; sub(/^#/, "", h); c[h] = j }; next }
		$1 == k && (i == "*" || $2 == i) && (key in c) { print $c[key]; found = 1 }
		END { exit !found }' "$tmp/kernel-facts" ||
		fail "tests/kernels/checkasm --facts has no $3 for the $1 kernel $2"
}

# facts_are_counts VAR...
facts_are_counts() {
	for v in "$@"; do
		eval "x=\${$v:-}"
		case $x in
		''|*[!0-9]*|0) fail "the kernel's description gives $v as '$x', not a count" ;;
		esac
	done
}
