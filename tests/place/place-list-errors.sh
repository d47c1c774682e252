#!/bin/sh
# ct-place on bad input: a --sysroot that is missing, empty or broken.
# Each must give one clear 'ct-place: ...' line on stderr, nothing on
# stdout, and its documented exit status (1: the machine could not be
# read) -- never a crash or a listing from half the facts.  The broken
# trees are copies of a recorded machine with one file spoiled.  Its usage
# errors are rows of tests/tools/bad-input.tab, with every other tool's.
. "${top_srcdir:-..}/tests/lib.sh"

M=$top_srcdir/data/machines
CPU=sys/devices/system/cpu

# check NAME STATUS MESSAGE ARGS...: stderr is exactly MESSAGE ($tmp -> TMP).
check() {
	name=$1 want_st=$2 want_msg=$3
	shift 3
	"$CT_PLACE" "$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ "$st" -eq "$want_st" ] || fail "$name: exit $st, expected $want_st: $(cat "$tmp/err")"
	[ -s "$tmp/out" ] && fail "$name: wrote to stdout"
	got=$(sed -e 's/^lt-//' -e "s|$tmp|TMP|g" "$tmp/err")
	[ "$got" = "$want_msg" ] || fail "$name: stderr is
$got
expected
$want_msg"
}

# spoil SRC FILE CONTENT: a fresh copy of machine SRC in $tmp/t, FILE replaced.
spoil() {
	rm -rf "$tmp/t"
	cp -R "$M/$1" "$tmp/t"
	chmod -R u+w "$tmp/t"
	if [ -n "${2-}" ]; then
		rm -rf "$tmp/t/$2"
		printf '%s' "$3" >"$tmp/t/$2"
	fi
}

check missing 1 "ct-place: TMP/nope: No such file or directory" --sysroot "$tmp/nope"
: >"$tmp/file"
check not-a-dir 1 "ct-place: TMP/file: not a directory" --sysroot "$tmp/file"
mkdir "$tmp/empty"
check empty 1 \
	"ct-place: TMP/empty/$CPU/online: No such file or directory (not a Linux sysfs tree?)" \
	--sysroot "$tmp/empty" -l

spoil arm-rk3588 "$CPU/online" "0-
"
check online-open 1 "ct-place: TMP/t/$CPU/online: '0-' is not a cpulist: range has no valid end" \
	--sysroot "$tmp/t"
spoil arm-rk3588 "$CPU/online" ""
check online-empty 1 "ct-place: TMP/t/$CPU/online: no cpu is online" --sysroot "$tmp/t"
spoil arm-rk3588 "$CPU/possible" "0-99999"
check possible-huge 1 "ct-place: TMP/t/$CPU/possible: '0-99999' is not a cpulist: range has no valid end" \
	--sysroot "$tmp/t"
spoil arm-rk3588 "$CPU/cpu3/cpu_capacity" "abc
"
check capacity-abc 1 "ct-place: TMP/t/$CPU/cpu3/cpu_capacity: 'abc': not a number (expected 0 to 1048576)" \
	--sysroot "$tmp/t" -f tsv
spoil arm-rk3588 "$CPU/cpu3/cpu_capacity" "-5"
check capacity-negative 1 "ct-place: TMP/t/$CPU/cpu3/cpu_capacity: '-5': not a number (expected 0 to 1048576)" \
	--sysroot "$tmp/t"
spoil arm-rk3588 "$CPU/cpu3/cpu_capacity" "99999999999999999999999"
check capacity-overflow 1 \
	"ct-place: TMP/t/$CPU/cpu3/cpu_capacity: '99999999999999999999999': too large (expected 0 to 1048576)" --sysroot "$tmp/t"
# A 10 MB line where a number should be.
spoil arm-rk3588
awk 'BEGIN { s = "1"; while (length(s) < 10000000) s = s s; print s }' \
	>"$tmp/t/$CPU/cpu2/cpu_capacity"
check capacity-10mb 1 "ct-place: TMP/t/$CPU/cpu2/cpu_capacity: longer than 65535 bytes: not a sysfs value" \
	--sysroot "$tmp/t"
spoil arm-rk3588 "$CPU/cpu0/cpufreq/cpuinfo_max_freq" "1.8GHz"
check freq-junk 1 "ct-place: TMP/t/$CPU/cpu0/cpufreq/cpuinfo_max_freq: '1.8GHz': not a number (expected 1 to 1000000000)" \
	--sysroot "$tmp/t"
spoil arm-rk3588 "$CPU/cpu5/regs/identification/midr_el1" "0xzz"
check midr-junk 1 "ct-place: TMP/t/$CPU/cpu5/regs/identification/midr_el1: '0xzz' is not a hexadecimal MIDR" \
	--sysroot "$tmp/t"
spoil arm-rk3588 "$CPU/cpu0/cache/index3/level" "9"
check cache-level 1 "ct-place: TMP/t/$CPU/cpu0/cache/index3/level: '9': too large (expected 0 to 7)" \
	--sysroot "$tmp/t"
# A directory where a value should be.
spoil arm-rk3588
rm "$tmp/t/$CPU/cpu1/cpu_capacity"
mkdir "$tmp/t/$CPU/cpu1/cpu_capacity"
check capacity-dir 1 "ct-place: TMP/t/$CPU/cpu1/cpu_capacity: Is a directory" --sysroot "$tmp/t"
spoil intel-adl-12900k "sys/devices/cpu_atom/cpus" "16-23x"
check pmu-junk 1 "ct-place: TMP/t/sys/devices/cpu_atom/cpus: '16-23x' is not a cpulist: expected ',' between cpus" \
	--sysroot "$tmp/t"
spoil intel-adl-12900k "proc/self/status" "Name:	x
Cpus_allowed_list:	all
"
check status-junk 1 "ct-place: TMP/t/proc/self/status: 'all' is not a cpulist: expected a cpu number" \
	--sysroot "$tmp/t"
spoil intel-adl-12900k "proc/self/status" "Name:	x
"
check status-no-list 1 "ct-place: TMP/t/proc/self/status: no Cpus_allowed_list line" --sysroot "$tmp/t"
spoil intel-adl-12900k "proc/self/status" "Cpus_allowed_list:	100-101
"
check status-disjoint 1 "ct-place: no usable cpu: online 0-23, allowed 100-101" --sysroot "$tmp/t"
spoil intel-adl-12900k "cpuid.txt" "cpu=0 leaf=7
"
check cpuid-short 1 "ct-place: TMP/t/cpuid.txt:1: needs cpu, leaf, sub, eax, ebx, ecx and edx" \
	--sysroot "$tmp/t"
spoil intel-adl-12900k "cpuid.txt" "# a comment
garbage
"
check cpuid-garbage 1 "ct-place: TMP/t/cpuid.txt:2: expected key=value" --sysroot "$tmp/t"
spoil apple-m1-macos "sysctl.txt" "hw.nperflevels: 2
hw.logicalcpu: eight
"
check sysctl-junk 1 "ct-place: TMP/t/sysctl.txt:2: value is not a number" --sysroot "$tmp/t"
spoil apple-m1-macos "ioreg-cpus.txt" "cpu0 logical-cpu-id=0 cluster-type=Efficiency
"
check ioreg-junk 1 "ct-place: TMP/t/ioreg-cpus.txt:1: cluster-type is not one letter (E, P)" \
	--sysroot "$tmp/t"
spoil apple-m1-macos "sysctl.txt" "hw.nperflevels: 2
"
check sysctl-no-cpus 1 \
	"ct-place: neither hw.logicalcpu nor hw.perflevelN.logicalcpu says how many cpus there are" \
	--sysroot "$tmp/t"

# The help and version go to stdout and succeed.
expect_status 0 "$CT_PLACE" --help
grep -q '^Usage: ct-place ' "$tmp/out" || fail "--help has no Usage line"
[ -s "$tmp/err" ] && fail "--help wrote to stderr"
expect_status 0 "$CT_PLACE" -V
grep -q '^ct-place (coretype) ' "$tmp/out" || fail "--version line"
exit 0
