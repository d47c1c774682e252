#!/bin/sh
# asm-stream.sh ISA (or ISA=... in the environment): the stream kernel of
# ISA as the compiler really built it (asm/stream-ISA.s, written by make
# asm with the binary's flags), checked in its inner loop:
#   - the loads of one iteration cover the pointer's stride exactly (every
#     byte read once), at distinct addresses;
#   - every loaded 32-bit value is absorbed by exactly one 64-bit add (the
#     lanes of the adds count the values; a 32-bit add is refused);
#   - avx512, avx2: vector loads of the ISA's width; followed through the
#     registers, each loaded vector is shifted right by 32 once (its high
#     values, widened) and that added once, and the vector itself (or its
#     low values, vpand) added once; neon: ldp of q registers, each
#     register read by one uaddw and one uaddw2; as many distinct
#     accumulators as ct-stream reports;
#   - one prefetch per 64-byte line, where the record says it prefetches;
#   - no store, no stack access (a spill), no call.
# Then the checker itself is shown to fail on broken copies of the loop.
# Skips (77) when ISA is not built into ct-stream.  CT_EXEC runs the binary
# (e.g. "qemu-aarch64 -L /usr/aarch64-linux-gnu" for a cross build).
. "${top_srcdir:-..}/tests/lib.sh"
. "$top_srcdir/tests/asm-lib.sh"

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

# What ct-stream says of the kernel, from its record where it can run here.
acc=8 width= prefetch=4096
case $isa in
avx512) width=64 ;;
avx2) width=32 ;;
neon) width=32 ;;
esac
if [ "$usable" = yes ]; then
	run_stream -q --isa "$isa" -f tsv -r 1 -S 0 -s 4K >"$tmp/rec" || fail "ct-stream --isa $isa did not run"
	field() {
		awk -F'\t' -v f="$1" 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } }
			NR == 2 { print $c[f] }' "$tmp/rec"
	}
	acc=$(field accumulators)
	prefetch=$(field prefetch_bytes)
	[ "$isa" = scalar ] || width=$(field load_bytes)
	[ -n "$acc" ] && [ -n "$prefetch" ] && [ -n "$width" ] || [ "$isa" = scalar ] ||
		fail "ct-stream's record lacks accumulators, prefetch_bytes or load_bytes"
fi

# loop_facts LOOPFILE: "key value" lines for what the generic stats lack.
loop_facts() {
	awk -v arch="$arch" -v width="${width:-0}" '
	function vbytes(s) {
		if (s ~ /%zmm/) return 64
		if (s ~ /%ymm/) return 32
		if (s ~ /%xmm/) return 16
		return 8
	}
	function lanes2d(ops) { return ops ~ /\.2d/ ? 2 : (ops ~ /\.4s|\.8h|\.16b/ ? -1 : 0) }
	BEGIN { stride = 0; adds = 0; bad32 = 0; pf = 0; andn = 0; srl = 0; uw = 0; uw2 = 0; ldq = 0; addw = addlo = addhi = 0 }
	{
		sp = index($0, " "); mn = sp ? substr($0, 1, sp - 1) : $0; ops = sp ? substr($0, sp + 1) : ""
		n = split(ops, o, /, */)
	}
	arch == "x86_64" {
		# The pointer: add/sub of an immediate to a register the loads use.
		if (mn ~ /^(add|sub)q$/ && o[1] ~ /^\$-?[0-9]+$/) {
			v = substr(o[1], 2) + 0
			stride += mn == "addq" ? v : -v
			next
		}
		if (mn ~ /^prefetch/) { pf++; next }
		if (mn ~ /^(add|addq)$/) { adds += 1; next }
		if (mn ~ /^(add[lwb]|v?padd[dwb])$/) { bad32++; next }
		# The data flow of each register: L loaded, LO its low values
		# (vpand), H its high values (vpsrlq $32).
		if (mn ~ /^v?paddq$/) {
			adds += vbytes(o[n]) / 8; dst[o[n]] = 1
			for (i = 1; i < n; i++) {
				if (kind[o[i]] == "L") addw++
				if (kind[o[i]] == "LO") addlo++
				if (kind[o[i]] == "H") addhi++
			}
			kind[o[n]] = "acc"
			next
		}
		if (mn ~ /^vpand[dq]?$/) {
			andn++; if (vbytes(o[n]) != width) badw++
			kind[o[n]] = (kind[o[1]] == "L" || kind[o[2]] == "L") ? "LO" : "?"
			next
		}
		if (mn == "vpsrlq") {
			if (vbytes(o[n]) != width) badw++
			if (o[1] == "$32" && kind[o[2]] == "L") { srl++; kind[o[n]] = "H" } else kind[o[n]] = "?"
			next
		}
		if (ops ~ /\(/ && mn !~ /^(lea|nop)/ && o[n] !~ /\(/) {
			addr[o[1]]++
			if (width + 0 && vbytes(o[n]) != width && mn ~ /^v/) badw++
			kind[o[n]] = "L"
			next
		}
		if (n) kind[o[n]] = "?"
	}
	arch == "aarch64" {
		if (mn == "add" && o[1] ~ /^x[0-9]+$/ && o[2] == o[1] && o[3] ~ /^#?[0-9]+$/) {
			v = o[3]; sub(/^#/, "", v); stride += v + 0; next
		}
		if (mn == "sub" && o[1] ~ /^x[0-9]+$/ && o[2] == o[1] && o[3] ~ /^#?[0-9]+$/) {
			v = o[3]; sub(/^#/, "", v); stride -= v + 0; next
		}
		if (mn == "prfm") { pf++; next }
		if (mn ~ /^(add|uaddw2?|uaddl2?|uadalp)$/ && o[1] ~ /^v/) {
			if (o[1] !~ /\.2d$/) { bad32++; next }
			adds += (mn == "uadalp" && o[2] ~ /\.4s/) ? 4 : 2
			dst[o[1]] = 1
			if (mn == "uaddw") { uw++; r = o[3]; sub(/\..*/, "", r); w1[r]++ }
			if (mn == "uaddw2") { uw2++; r = o[3]; sub(/\..*/, "", r); w2[r]++ }
			next
		}
		if (mn ~ /^ld/) {
			a = ops; sub(/^.*\[/, "[", a); addr[a]++
			if (mn == "ldp" && o[1] ~ /^q/) { q[o[1]]++; q[o[2]]++; ldq += 2 }
		}
	}
	END {
		dup = 0; for (a in addr) if (addr[a] > 1) dup++
		nd = 0; for (d in dst) nd++
		# neon: every load of a q register feeds one uaddw and one uaddw2.
		qbad = 0
		for (r in q) { rr = r; sub(/^q/, "v", rr); if (w1[rr] != q[r] || w2[rr] != q[r]) qbad++ }
		printf "stride %d\nadds %d\nbad32 %d\nprefetch %d\nand %d\nsrl32 %d\nbadwidth %d\n", stride, adds, bad32, pf, andn, srl, badw + 0
		printf "dupaddr %d\naccumulators %d\nuaddw %d\nuaddw2 %d\nldpq %d\nqbad %d\n", dup, nd, uw, uw2, ldq, qbad
		printf "add_loaded %d\nadd_low %d\nadd_high %d\n", addw, addlo, addhi
	}' "$1"
}

# check_loop LOOPFILE: 0 when the loop has the shape, else 1 with reasons.
check_loop() {
	asm_stats "$arch" <"$1" >"$tmp/stats"
	loop_facts "$1" >>"$tmp/stats"
	bad=0
	why() { echo "  $isa: $*" >&2; bad=1; }
	get() { asm_get "$1" "$tmp/stats"; }
	for k in calls stack stores bad32 dupaddr badwidth; do
		[ "$(get $k)" -eq 0 ] || why "$(get $k) $k in the loop (expected none)"
	done
	stride=$(get stride) lb=$(get load_bytes) loads=$(get loads)
	[ "$stride" -gt 0 ] || why "no pointer increment found"
	[ "$lb" -eq "$stride" ] || why "the loads read $lb bytes per iteration, the pointer moves $stride"
	# Every 32-bit value loaded, added once into a 64-bit lane.
	[ "$(get adds)" -eq $((lb / 4)) ] ||
		why "$(get adds) 64-bit lane adds for $((lb / 4)) values loaded"
	if [ "$prefetch" -gt 0 ]; then
		[ "$(get prefetch)" -eq $((stride / 64)) ] ||
			why "$(get prefetch) prefetches for $((stride / 64)) lines"
	fi
	case $isa in
	avx512|avx2)
		# Each loaded vector: its high values shifted down and added,
		# and either its low values (vpand) or the whole lanes added.
		[ "$loads" -eq $((stride / width)) ] || why "$loads loads of $width bytes, expected $((stride / width))"
		[ "$(get srl32)" -eq "$loads" ] || why "$(get srl32) vpsrlq \$32 of a loaded vector for $loads loads"
		[ "$(get add_high)" -eq "$loads" ] || why "$(get add_high) adds of high values for $loads loads"
		[ $(($(get add_loaded) + $(get add_low))) -eq "$loads" ] ||
			why "$(get add_loaded) adds of loaded and $(get add_low) of low values for $loads loads"
		[ "$(get accumulators)" -eq "$acc" ] || why "$(get accumulators) accumulators, ct-stream says $acc"
		;;
	neon)
		[ "$(get ldpq)" -eq $((stride / 16)) ] || why "$(get ldpq) q registers loaded by ldp, expected $((stride / 16))"
		[ "$(get uaddw)" -eq $((stride / 16)) ] || why "$(get uaddw) uaddw for $((stride / 16)) q registers"
		[ "$(get uaddw2)" -eq $((stride / 16)) ] || why "$(get uaddw2) uaddw2 for $((stride / 16)) q registers"
		[ "$(get qbad)" -eq 0 ] || why "$(get qbad) loaded registers not widened by one uaddw and one uaddw2"
		[ "$(get accumulators)" -eq "$acc" ] || why "$(get accumulators) accumulators, ct-stream says $acc"
		;;
	esac
	return $bad
}

asm_inner_loop "$s" "ct_stream_$isa" >"$tmp/loop" || fail "no inner loop found in ct_stream_$isa ($s)"
echo "inner loop of ct_stream_$isa ($s):"
sed 's/^/  /' "$tmp/loop"
check_loop "$tmp/loop" || fail "the $isa kernel's inner loop does not have its shape"
sed 's/^/  /' "$tmp/stats"

# The checker can fail: a load fewer, a widening step fewer, an add fewer,
# a store, a spill, a call, a 32-bit add.
if [ "$arch" = x86_64 ]; then
	store="vmovdqu %ymm0, (%rsi)" spill="vmovdqu 64(%rsp), %ymm1" call="call abort"
	add32="vpaddd %ymm0, %ymm1, %ymm1"
	loadre='^v?mov' widenre='^vpsrlq ' addre='^(v?paddq|addq?) [^$]'
else
	store="str q0, [x1]" spill="ldr q1, [sp, 16]" call="bl abort"
	add32="add v1.4s, v1.4s, v0.4s"
	loadre='^ld' widenre='^(uaddw2|uaddl|uadalp) ' addre='^(add|uaddw2?|uaddl2?|uadalp) v'
fi
delete_last() {
	l=$(grep -n -E "$1" "$tmp/loop" | tail -1 | cut -d: -f1)
	[ -n "$l" ] || return 1
	sed "${l}d" "$tmp/loop" >"$2"
}
delete_last "$loadre" "$tmp/m-load" || fail "no load to remove in the loop"
delete_last "$addre" "$tmp/m-add" || fail "no add to remove in the loop"
muts="m-load m-add m-store m-spill m-call m-add32"
if [ "$isa" != scalar ]; then
	delete_last "$widenre" "$tmp/m-widen" || fail "no widening instruction to remove in the loop"
	muts="$muts m-widen"
fi
sed "1i\\
$store" "$tmp/loop" >"$tmp/m-store"
sed "1i\\
$spill" "$tmp/loop" >"$tmp/m-spill"
sed "1i\\
$call" "$tmp/loop" >"$tmp/m-call"
sed "1i\\
$add32" "$tmp/loop" >"$tmp/m-add32"
for m in $muts; do
	if check_loop "$tmp/$m" 2>"$tmp/why"; then
		fail "the checker accepts a broken loop ($m)"
	fi
done
echo "the checker rejects a loop with a load, an add or a widening step fewer, a store, a spill, a call, a 32-bit add"
exit 0
