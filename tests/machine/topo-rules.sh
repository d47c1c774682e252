#!/bin/sh
# The rules cross-check each other: copies of recorded machines with the
# deciding evidence removed must reach the same kinds and ranks through the
# next rule in priority order (or, where the design notes say a rule is
# weaker, exactly the weaker answer).  Also --cpus-of in a container.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

M=$top_srcdir/data/machines

# kinds DIR: "cpu=N kind=K rank=R" lines, as expected.txt has them.
kinds() {
	"$CT_PLACE" --sysroot "$1" -l -f tsv >"$tmp/k.tsv" 2>"$tmp/k.err" ||
		fail "ct-place --sysroot $1 failed: $(cat "$tmp/k.err")"
	awk -F'\t' 'NR > 1 { printf "cpu=%s kind=%s rank=%s\n", $1, $2, $3 }' "$tmp/k.tsv"
}

# evidence DIR CPU: the evidence column of one cpu.
evidence() {
	"$CT_PLACE" --sysroot "$1" -l -f tsv | awk -F'\t' -v c="$2" '$1 == c { print $4 }'
}

# rules DIR: the rules that decided, from the JSON topology record.
rules() {
	"$CT_PLACE" --sysroot "$1" -l -f json | "$JSONL" -r topology -f rules -
}

# same NAME DIR: DIR classifies like NAME's expected.txt.
same() {
	grep -v '^#' "$M/$1/expected.txt" >"$tmp/want"
	kinds "$2" >"$tmp/got"
	diff -u "$tmp/want" "$tmp/got" || fail "$2: kinds differ from $1/expected.txt"
}

copy() {
	rm -rf "$tmp/$2"
	cp -R "$M/$1" "$tmp/$2"
	chmod -R u+w "$tmp/$2"
}

nopmu() {
	rm -rf "$1/sys/devices/cpu_core" "$1/sys/devices/cpu_atom" "$1/sys/devices/cpu_lowpower" \
		"$1/sys/bus/event_source"
}

# R1 removed: CPUID 0x1A (R3) names the same kinds on Alder Lake.
copy intel-adl-12900k adl
nopmu "$tmp/adl"
same intel-adl-12900k "$tmp/adl"
[ "$(rules "$tmp/adl")" = R3 ] || fail "adl without PMUs: rules $(rules "$tmp/adl")"
[ "$(evidence "$tmp/adl" 16)" = cpuid-1a ] || fail "adl without PMUs: evidence $(evidence "$tmp/adl" 16)"

# R1 and R3 removed: capacities of 1024 say nothing on x86, base_frequency
# tiers (R6) still tell the two kinds apart.
rm "$tmp/adl/cpuid.txt"
same intel-adl-12900k "$tmp/adl"
[ "$(rules "$tmp/adl")" = R6 ] || fail "adl without PMUs and CPUID: rules $(rules "$tmp/adl")"

# Meteor Lake without PMUs: R3, with R2 from the sysfs caches...
copy intel-mtl-155h mtl
nopmu "$tmp/mtl"
same intel-mtl-155h "$tmp/mtl"
[ "$(rules "$tmp/mtl")" = R3+R2 ] || fail "mtl without PMUs: rules $(rules "$tmp/mtl")"
# ... and from CPUID leaf 4 when sysfs has no cache directories.
find "$tmp/mtl/sys" -type d -name cache -exec rm -rf {} +
same intel-mtl-155h "$tmp/mtl"
[ "$(evidence "$tmp/mtl" 20)" = cpuid-1a+no-l3 ] || fail "mtl leaf 4: evidence $(evidence "$tmp/mtl" 20)"
# Nothing but frequencies: three tiers, and frequency cannot name the LP
# E-cores (core-kinds.md R6): performance 0, performance 1, efficiency 2.
rm "$tmp/mtl/cpuid.txt"
kinds "$tmp/mtl" | cut -d' ' -f2- | sort -u >"$tmp/got"
printf 'kind=efficiency rank=2\nkind=performance rank=0\nkind=performance rank=1\n' >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" || fail "mtl by frequency alone"

# Strix Point without cpuid.txt: the max frequencies (5.1 vs 3.3 GHz)
# would make two tiers, but only CPUID 0x80000026 makes AMD kinds (C2), and
# family 26 (0x1a) may have them: one kind, unclassified, never a guess.
copy amd-strix-hx370 strix
rm "$tmp/strix/cpuid.txt"
kinds "$tmp/strix" | cut -d' ' -f2- | sort -u >"$tmp/got"
echo 'kind=performance rank=0' | diff -u - "$tmp/got" || fail "strix without CPUID"
[ "$(rules "$tmp/strix")" = C2 ] || fail "strix without CPUID: rules $(rules "$tmp/strix")"
[ "$(evidence "$tmp/strix" 0)" = unclassified ] || fail "strix without CPUID: $(evidence "$tmp/strix" 0)"

# C1 without C2: the Threadripper PRO's maxima (5352 MHz climbing in ~3 %
# steps to 6642 MHz) with the vendor and family removed reach R6, and
# make one tier, not nine: no value is more than 10 % below the next.
copy amd-tr-pro-7975wx tr
grep -v -e '^vendor_id' -e '^cpu family' "$M/amd-tr-pro-7975wx/proc/cpuinfo" >"$tmp/tr/proc/cpuinfo"
kinds "$tmp/tr" | cut -d' ' -f2- | sort -u >"$tmp/got"
echo 'kind=performance rank=0' | diff -u - "$tmp/got" || fail "threadripper by frequency alone"
[ "$(rules "$tmp/tr")" = R8 ] || fail "threadripper by frequency alone: rules $(rules "$tmp/tr")"
# ... while a real gap still splits: core 21 at 7400 MHz is 11 % above 6642.
echo 7400000 >"$tmp/tr/sys/devices/system/cpu/cpu21/cpufreq/cpuinfo_max_freq"
[ "$(rules "$tmp/tr")" = R6 ] || fail "threadripper with a gap: rules $(rules "$tmp/tr")"
# With the family back, C2 keeps it one kind whatever the gap.
cp "$M/amd-tr-pro-7975wx/proc/cpuinfo" "$tmp/tr/proc/cpuinfo"
[ "$(rules "$tmp/tr")" = C2+R8 ] || fail "threadripper with a gap, AMD: rules $(rules "$tmp/tr")"

# C4: the Alder Lake with its P-cores taken offline: cpu_atom covers every
# online cpu, so the one kind left is performance rank 0 (not efficiency).
copy intel-adl-12900k eonly
echo 16-23 >"$tmp/eonly/sys/devices/system/cpu/online"
for c in $(seq 0 15); do
	rm -rf "$tmp/eonly/sys/devices/system/cpu/cpu$c"
	mkdir "$tmp/eonly/sys/devices/system/cpu/cpu$c"
	echo 0 >"$tmp/eonly/sys/devices/system/cpu/cpu$c/online"
done
kinds "$tmp/eonly" | cut -d' ' -f2- | sort -u >"$tmp/got"
echo 'kind=performance rank=0' | diff -u - "$tmp/got" || fail "adl with only E-cores online"
[ "$(evidence "$tmp/eonly" 16)" = pmu ] || fail "adl E-cores only: evidence $(evidence "$tmp/eonly" 16)"

# C3: the X Elite without capacities: one part, so one kind and one rank
# (its capacity tiers made ranks, C7; the boost clusters' maxima, 4.0 vs
# 3.4 GHz, never do).  Without MIDR too (no regs/, no cpuinfo), nothing
# says the cores are identical, so those maxima are frequency tiers (R6).
copy arm-x1e80100 x1e
rm -f "$tmp"/x1e/sys/devices/system/cpu/cpu*/cpu_capacity
kinds "$tmp/x1e" | cut -d' ' -f2- | sort -u >"$tmp/got"
echo 'kind=performance rank=0' | diff -u - "$tmp/got" || fail "x1e without capacities"
[ "$(evidence "$tmp/x1e" 0)" = midr+uniform ] || fail "x1e without capacities: $(evidence "$tmp/x1e" 0)"
rm -rf "$tmp"/x1e/sys/devices/system/cpu/cpu*/regs "$tmp/x1e/proc/cpuinfo"
[ "$(rules "$tmp/x1e")" = R6 ] || fail "x1e without MIDR and capacities: rules $(rules "$tmp/x1e")"

# C6: the M5 Max without its IORegistry data: the observed order (slowest
# level first) is all that is left, and the evidence says ids were assumed.
copy apple-m5-max-macos m5
rm "$tmp/m5/ioreg-cpus.txt"
[ "$(evidence "$tmp/m5" 0)" = perflevel+id-order ] || fail "m5 without ioreg: $(evidence "$tmp/m5" 0)"
[ "$(kinds "$tmp/m5" | sed -n 1p)" = "cpu=0 kind=performance rank=1" ] || fail "m5 without ioreg"

# isolcpus= without a recorded affinity: the default affinity leaves the
# isolated X925s out all the same, and the A725s keep rank 1.
copy nvidia-gb10-isolcpus iso
rm "$tmp/iso/proc/self/status"
same nvidia-gb10-isolcpus "$tmp/iso"
# ... and an affinity that names them (a user pinning on purpose) wins.
printf 'Cpus_allowed_list:\t0-19\n' >"$tmp/iso/proc/self/status"
same nvidia-gb10 "$tmp/iso"

# RK3588 without cpu_capacity: its MIDR parts are the tiers (R4, C8) ...
copy arm-rk3588 rk
rm -f "$tmp"/rk/sys/devices/system/cpu/cpu*/cpu_capacity
same arm-rk3588 "$tmp/rk"
[ "$(rules "$tmp/rk")" = R4+C8 ] || fail "rk3588 without capacities: rules $(rules "$tmp/rk")"
# ... and without MIDR either (regs/ and /proc/cpuinfo): frequency (R6).
rm -rf "$tmp"/rk/sys/devices/system/cpu/cpu*/regs "$tmp/rk/proc/cpuinfo"
same arm-rk3588 "$tmp/rk"
[ "$(rules "$tmp/rk")" = R6 ] || fail "rk3588 without capacities and MIDR: rules $(rules "$tmp/rk")"

# SM8550 without capacities: each MIDR part is a tier (C8), ordered by
# cpufreq maxima, and the A715 and A710 of one frequency domain share a
# rank: the ranks its capacities give.  With capacity 1024 everywhere
# (flat, no information) the same.
copy arm-sm8550 sm
rm -f "$tmp"/sm/sys/devices/system/cpu/cpu*/cpu_capacity
same arm-sm8550 "$tmp/sm"
[ "$(evidence "$tmp/sm" 0)" = midr+flat-capacity ] || fail "sm8550 by MIDR alone: $(evidence "$tmp/sm" 0)"
for c in 0 1 2 3 4 5 6 7; do echo 1024 >"$tmp/sm/sys/devices/system/cpu/cpu$c/cpu_capacity"; done
same arm-sm8550 "$tmp/sm"
# The SM8450 with its flat capacities removed: the same (absent is flat).
copy arm-sm8450 sm4
rm -f "$tmp"/sm4/sys/devices/system/cpu/cpu*/cpu_capacity
same arm-sm8450 "$tmp/sm4"
# C7: the MSM8939's one part without capacities is one rank (cpufreq never
# splits it, C3).
copy arm-msm8939 m39
rm -f "$tmp"/m39/sys/devices/system/cpu/cpu*/cpu_capacity
kinds "$tmp/m39" | cut -d' ' -f2- | sort -u >"$tmp/got"
echo 'kind=performance rank=0' | diff -u - "$tmp/got" || fail "msm8939 without capacities"

# The Mac without IORegistry data: ids in the observed order, same kinds.
copy apple-m1-macos mac
rm "$tmp/mac/ioreg-cpus.txt"
same apple-m1-macos "$tmp/mac"
[ "$(evidence "$tmp/mac" 0)" = perflevel+id-order ] || fail "mac without ioreg: $(evidence "$tmp/mac" 0)"
# ... and an IORegistry whose cluster sizes match no perflevels (5 E, 3 P)
# falls back to the same order, saying so (C6), instead of failing.
copy apple-m1-macos mac2
sed 's/^cpu4 logical-cpu-id=4 cluster-type=P/cpu4 logical-cpu-id=4 cluster-type=E/' \
	"$M/apple-m1-macos/ioreg-cpus.txt" >"$tmp/mac2/ioreg-cpus.txt"
same apple-m1-macos "$tmp/mac2"
[ "$(evidence "$tmp/mac2" 4)" = perflevel+id-order+ioreg-mismatch ] ||
	fail "mac2: $(evidence "$tmp/mac2" 4)"
"$CT_PLACE" --sysroot "$tmp/mac2" | grep -q "^kinds: .*cluster-type 'E'" ||
	fail "mac2: the kinds line does not say which cluster-type matched nothing"
# An IORegistry naming some cpus only: the same fallback.
printf 'cpu0 logical-cpu-id=0 cluster-type=E\n' >"$tmp/mac2/ioreg-cpus.txt"
same apple-m1-macos "$tmp/mac2"
[ "$(evidence "$tmp/mac2" 0)" = perflevel+id-order+ioreg-mismatch ] ||
	fail "mac2 partial: $(evidence "$tmp/mac2" 0)"
# Perflevels that add up to more cpus than hw.logicalcpu: no order is
# consistent, so one kind, unclassified, with the reason.
sed 's/^hw.perflevel0.logicalcpu: 4/hw.perflevel0.logicalcpu: 6/' \
	"$M/apple-m1-macos/sysctl.txt" >"$tmp/mac2/sysctl.txt"
expect_status 0 "$CT_PLACE" --sysroot "$tmp/mac2" -l -f tsv
awk -F'\t' 'NR > 1 && ($2 != "performance" || $3 != 0 || $4 != "unclassified") { exit 1 }' \
	"$tmp/out" || fail "mac2 unclassified: $(cat "$tmp/out")"

# The container: ranks are machine-wide, the P-cores are not usable.
C=$M/intel-adl-container
expect_status 4 "$CT_PLACE" --sysroot "$C" --cpus-of performance
sed 's/^lt-//' "$tmp/err" | grep -qx "ct-place: no usable cpu of kind 'performance': cpus 0-15 are not allowed to this process" ||
	fail "container --cpus-of performance: $(cat "$tmp/err")"
expect_status 0 "$CT_PLACE" --sysroot "$C" --cpus-of 1
[ "$(cat "$tmp/out")" = 16-19 ] || fail "container --cpus-of 1: $(cat "$tmp/out")"
# Widening the cpuset to everything gives the whole machine's listing.
copy intel-adl-container wide
sed 's/^Cpus_allowed_list:.*/Cpus_allowed_list:\t0-23/' "$C/proc/self/status" >"$tmp/wide/proc/self/status"
rm "$tmp/wide/cpuid.txt"
same intel-adl-12900k "$tmp/wide"
# No proc/self/status at all: every online cpu counts as allowed.
rm "$tmp/wide/proc/self/status"
same intel-adl-12900k "$tmp/wide"

# The offline cpus of the SMT-off laptop are in the PMU set and the
# affinity, yet never listed; bringing them "online" lists them.
copy intel-rpl-smtoff smt
expect_status 0 "$CT_PLACE" --sysroot "$tmp/smt" -f tsv
grep -q '^1	' "$tmp/out" && fail "offline cpu 1 is listed"
printf '0-15\n' >"$tmp/smt/sys/devices/system/cpu/online"
kinds "$tmp/smt" | grep -qx 'cpu=1 kind=performance rank=0' || fail "online cpu 1 not listed"

# A trailing slash changes nothing.
grep -v '^#' "$M/arm-rk3588/expected.txt" >"$tmp/want"
kinds "$M/arm-rk3588/" | diff -u "$tmp/want" - || fail "trailing slash"

# Without regs/identification the MIDR comes from /proc/cpuinfo, by its
# processor numbers: a block numbered 4294967296 is no cpu's (atoi() made
# it cpu 0's), so cpu 0 has no part and the model counts three A55s.
copy arm-rk3588 rkinfo
rm -rf "$tmp/rkinfo"/sys/devices/system/cpu/cpu*/regs
same arm-rk3588 "$tmp/rkinfo"
sed 's/^processor	: 0$/processor	: 4294967296/' "$M/arm-rk3588/proc/cpuinfo" >"$tmp/rkinfo/proc/cpuinfo"
expect_status 0 "$CT_PLACE" --sysroot "$tmp/rkinfo" -l
grep -q '^machine: *Cortex-A55 x3 + Cortex-A76 x4 ' "$tmp/out" ||
	fail "cpuinfo block 4294967296 given to a cpu: $(head -1 "$tmp/out")"
exit 0
