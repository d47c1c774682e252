#!/bin/sh
# bench/share.sh - why a time-shared thread's CPU time exceeds what it
# ran: bench/share-probe.c (an add chain beside a neighbour on one cpu,
# samples alternating with the neighbour stopped) for each kind of
# neighbour, after the kernel's facts that bear on it (tick, slice, irq
# and steal accounting, clocksource).  Read the summary lines: ratio is
# the chain's clock per thread-CPU ns shared over its clock alone,
# over_us the CPU time charged beyond what the chain ran, per switch.
# Figures and their reading: bench/NOTES, "Time sharing".
#
# Usage: bench/share.sh [SAMPLES]   (CPU=N: the cpu, default the last)
set -eu
samples=${1:-10}
here=$(cd "$(dirname "$0")" && pwd)
cpu=${CPU:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -O2 -o "$tmp/share-probe" "$here/share-probe.c"

config() {
	{ zcat /proc/config.gz 2>/dev/null || cat "/boot/config-$(uname -r)" 2>/dev/null; } |
		grep -E "^(# )?CONFIG_($1)[= ]" | tr '\n' ' '
}
echo "# $(uname -sr); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); cpu $cpu"
echo "# clocksource $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null || echo unknown)"
echo "# $(config 'HZ|NO_HZ_FULL|IRQ_TIME_ACCOUNTING|PARAVIRT_TIME_ACCOUNTING|VIRT_CPU_ACCOUNTING_GEN|SCHED_HRTICK')"
for f in /sys/kernel/debug/sched/base_slice_ns /proc/sys/kernel/sched_base_slice_ns \
	/proc/sys/kernel/sched_min_granularity_ns; do
	[ -r "$f" ] && echo "# $f $(cat "$f")"
done
echo "# steal (USER_HZ ticks) cpu$cpu: $(awk -v c="cpu$cpu" '$1 == c { print $9 }' /proc/stat); load $(cut -d' ' -f1-3 /proc/loadavg)"
for k in "spin" "yield" "burst -u 4000" "burst -u 1000" "burst -u 200" "burst -u 50" "burst -u 10"; do
	# shellcheck disable=SC2086
	"$tmp/share-probe" -k $k -s "$samples" "$cpu" >"$tmp/out"
	tail -1 "$tmp/out" | sed "s/^summary	burst/summary	burst ${k#burst -u } us/"
done
