#!/bin/sh
# bench/hyperfine.sh - ct-place --bench's times against hyperfine's, the
# same CPU-bound command timed by both in the same run, interleaved run by
# run: gzip -c of a fixed generated file (about 4 MB of pseudo-random
# words, made once by awk), its output to /dev/null as both tools send
# it, on one cpu (taskset -c $CPU, the last by default) so that the two
# see the same core.  Each round is RUNS pairs of one hyperfine run (-N
# -r 1) and one ct-place --bench run (-p main -r 1: main is the command
# unplaced under ct-place's own affinity), the order swapped every pair,
# so that a load that comes and goes (a shared machine's) falls on both
# alike; each tool's times of the round give its median and minimum.
# Prints each round, then the medians over the rounds of the per-round
# ratios hyperfine / ct-place (a speed: 1 agrees, under 1 ct-place's
# times are longer; ct-place's gate, counters and reaping are in its
# times, bench/bench-overhead.sh).  Target: within 3 % (0.97 to 1.03).
# The last lines, for bench/floors.sh, are
# "floor-ratio<TAB>hyperfine<TAB>ROW<TAB>RATIO" for the rows median and
# min.
#
# Usage: bench/hyperfine.sh [ROUNDS]   (run from the build directory;
# environment: CT_PLACE, CPU, RUNS (pairs a round, default 15), SIZE (the
# file's bytes, default 4000000: some 23 ms of gzip on this Zen 4 at load 5))
set -eu
rounds=${1:-5}
place=${CT_PLACE:-./ct-place}
[ -x "$place" ] || { echo "bench/hyperfine.sh: build first (no $place)" >&2; exit 1; }
command -v hyperfine >/dev/null 2>&1 || { echo "bench/hyperfine.sh: no hyperfine" >&2; exit 1; }
command -v gzip >/dev/null 2>&1 || { echo "bench/hyperfine.sh: no gzip" >&2; exit 1; }
cpu=${CPU:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c $cpu"
runs=${RUNS:-15}
size=${SIZE:-4000000}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
data=$tmp/data
# Words from a fixed linear congruential sequence: the same file every time.
awk -v size="$size" 'BEGIN {
	x = 12345; n = 0
	while (n < size) {
		x = (x * 1103515245 + 12345) % 2147483648
		w = ""
		for (k = 0; k < 3 + x % 7; k++) {
			x = (x * 1103515245 + 12345) % 2147483648
			w = w sprintf("%c", 97 + x % 26)
		}
		printf "%s%s", w, (x % 13 == 0 ? "\n" : " ")
		n += length(w) + 1
	} }' >"$data"

# hf: one run's wall time by hyperfine, in seconds.
hf() {
	$pin hyperfine -N --style none -r 1 -w 0 --export-json "$tmp/h.json" \
		"gzip -c $data" >/dev/null 2>"$tmp/h.err" ||
		{ cat "$tmp/h.err" >&2; echo "bench/hyperfine.sh: hyperfine failed" >&2; exit 1; }
	awk -F: '/"median"/ && m == "" { m = $2 } END { gsub(/[ ,]/, "", m); print m }' "$tmp/h.json"
}
# cp_: one run's wall time by ct-place --bench under main, in seconds.
cp_() {
	$pin "$place" --bench -p main -r 1 --warmup 0 --no-progress -f json -- \
		gzip -c "$data" >"$tmp/c.json" 2>"$tmp/c.err" ||
		{ cat "$tmp/c.err" >&2; echo "bench/hyperfine.sh: ct-place failed" >&2; exit 1; }
	grep '"record":"bench_summary"' "$tmp/c.json" | grep '"basis":"wall"' |
		sed 's/.*"median_s":\([0-9.e+-]*\),.*/\1/'
}
med() { sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

mn() { sort -g "$1" | head -n 1; }

gzip -c "$data" >/dev/null
echo "# cpu $cpu; gzip -c of $(wc -c <"$data") bytes; $runs pairs of single runs a round; $(hyperfine --version)"
echo "#round	hyperfine_median_s	hyperfine_min_s	ct-place_median_s	ct-place_min_s	ratio_median	ratio_min"
: >"$tmp/rmed"; : >"$tmp/rmin"; : >"$tmp/hmed"; : >"$tmp/cmed"
i=1
while [ "$i" -le "$rounds" ]; do
	: >"$tmp/h"; : >"$tmp/c"
	k=1
	while [ "$k" -le "$runs" ]; do
		# Swap the order every pair, so a drift of the machine favours neither.
		if [ $(((i + k) % 2)) = 1 ]; then hf >>"$tmp/h"; cp_ >>"$tmp/c"
		else cp_ >>"$tmp/c"; hf >>"$tmp/h"; fi
		k=$((k + 1))
	done
	set -- "$(med "$tmp/h")" "$(mn "$tmp/h")" "$(med "$tmp/c")" "$(mn "$tmp/c")"
	rmed=$(awk -v a="$1" -v b="$3" 'BEGIN { printf "%.4f", a / b }')
	rmin=$(awk -v a="$2" -v b="$4" 'BEGIN { printf "%.4f", a / b }')
	echo "$rmed" >>"$tmp/rmed"; echo "$rmin" >>"$tmp/rmin"
	echo "$1" >>"$tmp/hmed"; echo "$3" >>"$tmp/cmed"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$i" "$1" "$2" "$3" "$4" "$rmed" "$rmin"
	i=$((i + 1))
done
echo "median of the medians, s: hyperfine $(med "$tmp/hmed"), ct-place $(med "$tmp/cmed")"
for row in median min; do
	f=$tmp/rmed
	[ $row = min ] && f=$tmp/rmin
	r=$(med "$f")
	echo "median ratio hyperfine/ct-place ($row): $r, $(awk -v r="$r" 'BEGIN {
		d = r > 1 ? r - 1 : 1 - r; printf "%s 3 %% (%.1f %%)", d <= 0.03 ? "within" : "NOT within", 100 * d }')"
done
printf 'floor-ratio\thyperfine\tmedian\t%s\n' "$(med "$tmp/rmed")"
printf 'floor-ratio\thyperfine\tmin\t%s\n' "$(med "$tmp/rmin")"
exit 0
