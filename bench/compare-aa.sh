#!/bin/sh
# bench/compare-aa.sh - how often ct-compare calls a change that is not
# there, and whether it finds one that is.
#
# Each of PAIRS rounds runs ct-clock and ct-fma twice on one cpu, A then
# B, the same build and the same settings (-r 11, short samples, the
# tools' own settle spin: without it, -S 0, the clock of a run's first
# samples moved between runs and the A/A spread on Zen 3 was 27 %, not
# 10 %, at the 95th percentile): an A/A pair.  ct-compare A B at its default --alpha and --threshold must call
# at most alpha of the rows that get a verdict; the same at --threshold 0
# shows what the test alone would call (run-to-run drift on a shared host
# is larger than the spread within a run).  Then B is made 10% slower
# (every rate and per-cycle figure times 0.9, every time over 0.9: the
# work per sample unchanged) and ct-compare A B' must call the rate rows
# of the cpu basis, which disturbance does not reach.  The last lines are
#
#   aa  ROWS CALLED SHARE  (at the defaults)
#   aa-test-only ROWS CALLED SHARE  (--threshold 0)
#   aa-spread P95  (the 95th percentile of |ratio - 1| of the A/A rate rows, %)
#   slower ROWS FOUND SHARE
#   sweep-aa T% ROWS CALLED SHARE, sweep-slow T% ...  (the same rows at --threshold T)
#
# Then a real change: ct-stream from memory (64 MiB, -r 11) alone, then
# again while another ct-stream reads memory on the other cpu (a busier
# machine: the memory bandwidth is shared, the cpu is not, so no sample is
# disturbed), BUSY pairs of them; ct-compare must call the cpu-basis rate
# rows, and the lines say by how much the rate fell:
#
#   busier ROWS FOUND SHARE   busier-ratio MEDIAN
#
# Usage: bench/compare-aa.sh [PAIRS]   (run from the build directory, default
# 10 pairs; CPU=N picks the cpu, default the last one)
set -eu
pairs=${1:-10}
here=$(cd "$(dirname "$0")" && pwd)
clock=${CT_CLOCK:-./ct-clock}
fma=${CT_FMA:-./ct-fma}
compare=${CT_COMPARE:-./ct-compare}
for t in "$clock" "$fma" "$compare"; do
	[ -x "$t" ] || { echo "bench/compare-aa.sh: build first (no $t)" >&2; exit 1; }
done
case $pairs in
''|*[!0-9]*|0) echo "bench/compare-aa.sh: PAIRS must be a positive number" >&2; exit 2 ;;
esac
cpu=${CPU:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}
other=$(( cpu == 0 ? 1 : 0 ))
stream=${CT_STREAM:-./ct-stream}
busy_pairs=${BUSY:-5}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare-aa.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# run FILE: one side of a pair, both tools, with samples.
run() {
	"$clock" -c "$cpu" -r 11 -n 20000000 -s -f json >"$1" 2>/dev/null
	"$fma" -c "$cpu" -r 11 --passes 512 -s -f json >>"$1" 2>/dev/null
}

# slower FILE: the same run 10% slower, its work per sample unchanged.
slower() {
	awk -v rate=0.9 -f "$here/../tests/scale-json.awk" "$1"
}

# sweep FILE FILTER: "ratio significant" of the rows with a verdict at --threshold 0.
sweep() {
	grep '"record":"compare"' "$1" | grep -e "$2" | grep '"changed":\(true\|false\)' |
		sed 's/.*"ratio":\([^,]*\),.*"significant":\([a-z]*\),.*/\1 \2/'
}

# rows FILE FILTER: "eligible called" over the compare records FILTER matches.
rows() {
	grep '"record":"compare"' "$1" | grep -e "$2" |
		awk '/"changed":(true|false)/ { n++ } /"changed":true/ { c++ }
		     END { printf "%d %d\n", n, c }'
}

: >"$tmp/aa" ; : >"$tmp/aa0" ; : >"$tmp/slow" ; : >"$tmp/spread"
: >"$tmp/sweep-aa" ; : >"$tmp/sweep-slow"
i=1
while [ "$i" -le "$pairs" ]; do
	run "$tmp/a.json"
	run "$tmp/b.json"
	"$compare" -f json "$tmp/a.json" "$tmp/b.json" >"$tmp/ab.json"
	"$compare" -f json --threshold 0 "$tmp/a.json" "$tmp/b.json" >"$tmp/ab0.json"
	slower "$tmp/b.json" >"$tmp/bs.json"
	"$compare" -f json "$tmp/a.json" "$tmp/bs.json" >"$tmp/abs.json"
	rows "$tmp/ab.json" . >>"$tmp/aa"
	rows "$tmp/ab0.json" . >>"$tmp/aa0"
	rows "$tmp/abs.json" '"basis":"cpu","figure":"rate"' >>"$tmp/slow"
	"$compare" -f json --threshold 0 "$tmp/a.json" "$tmp/bs.json" >"$tmp/abs0.json"
	sweep "$tmp/ab0.json" . >>"$tmp/sweep-aa"
	sweep "$tmp/abs0.json" '"basis":"cpu","figure":"rate"' >>"$tmp/sweep-slow"
	grep '"figure":"rate"' "$tmp/ab.json" | grep -o '"ratio":[0-9.eE+-]*' |
		cut -d: -f2 >>"$tmp/spread"
	printf 'pair %d: A/A %s called of %s; 10%% slower: %s found of %s (load %s)\n' "$i" \
		"$(tail -n 1 "$tmp/aa" | cut -d' ' -f2)" "$(tail -n 1 "$tmp/aa" | cut -d' ' -f1)" \
		"$(tail -n 1 "$tmp/slow" | cut -d' ' -f2)" "$(tail -n 1 "$tmp/slow" | cut -d' ' -f1)" \
		"$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo -)"
	i=$((i + 1))
done
sum() {
	awk -v what="$2" '{ n += $1; c += $2 } END { printf "%s %d %d %.3f\n", what, n, c, n ? c / n : 0 }' "$1"
}
sum "$tmp/aa" aa
sum "$tmp/aa0" aa-test-only
awk '{ print ($1 > 1 ? $1 - 1 : 1 - $1) }' "$tmp/spread" | sort -g |
	awk '{ v[NR] = $1 } END { k = int(0.95 * NR + 0.5); if (k < 1) k = 1
		printf "aa-spread %.2f\n", 100 * v[k] }'
sum "$tmp/slow" slower
# The share called at each threshold (%), from the same rows: interleaved by construction.
for what in aa slow; do
	for t in 0 2 3 4 5 6 8; do
		awk -v t="$t" -v what="$what" '{ n++ }
		     $2 == "true" && ($1 >= 1 + t / 100 || $1 <= 1 / (1 + t / 100)) { c++ }
		     END { printf "sweep-%s %s%% %d %d %.3f\n", what, t, n, c, n ? c / n : 0 }' \
			"$tmp/sweep-$what"
	done
done

# The busier machine, for real.
if [ "$busy_pairs" -gt 0 ] && [ -x "$stream" ] && [ "$(getconf _NPROCESSORS_ONLN)" -gt 1 ]; then
	: >"$tmp/busy"; : >"$tmp/busy-ratio"
	i=1
	while [ "$i" -le "$busy_pairs" ]; do
		"$stream" -c "$cpu" -b 64M -r 11 -s -f json >"$tmp/sa.json" 2>/dev/null
		"$stream" -c "$other" -b 256M -r 100000 -S 0 -f json >/dev/null 2>&1 &
		bg=$!
		sleep 0.3
		"$stream" -c "$cpu" -b 64M -r 11 -s -f json >"$tmp/sb.json" 2>/dev/null
		kill "$bg" 2>/dev/null
		wait "$bg" 2>/dev/null || :
		"$compare" -f json "$tmp/sa.json" "$tmp/sb.json" >"$tmp/sab.json"
		rows "$tmp/sab.json" '"basis":"cpu","figure":"rate"' >>"$tmp/busy"
		grep '"basis":"cpu","figure":"rate"' "$tmp/sab.json" | grep -o '"ratio":[0-9.eE+-]*' |
			cut -d: -f2 >>"$tmp/busy-ratio"
		printf 'busy %d: %s found of %s, ratio %s\n' "$i" "$(tail -n 1 "$tmp/busy" | cut -d' ' -f2)" \
			"$(tail -n 1 "$tmp/busy" | cut -d' ' -f1)" "$(tail -n 1 "$tmp/busy-ratio")"
		i=$((i + 1))
	done
	sum "$tmp/busy" busier
	sort -g "$tmp/busy-ratio" | awk '{ v[NR] = $1 } END { if (NR) printf "busier-ratio %.3f\n", v[int((NR + 1) / 2)] }'
fi
