#!/bin/sh
# bench/compare-aa-tools.sh - A/A for the runs users compare: how often
# ct-compare calls a change between two identical back-to-back runs of
# each tool (issue 37 item 3), and whether it still calls a real one.
#
# Kinds of run (TOOLS, default all):
#   place        the main job, ct-place -o DIR (its raw.txt; PLACE_ARGS adds
#                options, e.g. -q for a smoke run)
#   stream       ct-stream -b 16K,256K,8M,64M -s -f json
#   bench-cpu    ct-place --bench -r 10 -f json -- tests/spin 0.05 (CPU-bound)
#   bench-sleep  ct-place --bench -r 10 -f json -- sleep 0.05 (waits)
# Each of PAIRS rounds runs every kind twice, A then B (interleaved: the
# kinds take turns), and compares B with A at ct-compare's defaults.  An
# effect is one (placement, kernel, size) counted once by ct-compare's
# verdicts record, whatever bases and units its rows show.  Then B is made
# 10 % slower (tests/scale-json.awk: every rate times 0.9, every time over
# 0.9, the work per sample unchanged) and compared again: the effects with
# a verdict must be called.  EFFECTS counts those with a verdict and those
# apart; APART, those apart with one run a side (no verdict: ct-compare(1)),
# which CALLED never counts.  The last lines, one per kind:
#
#   aa KIND EFFECTS CALLED SHARE APART      (target: SHARE <= alpha, 0.05)
#   slower KIND EFFECTS CALLED SHARE APART  (target: every effect called)
#   reader KIND PAIRS-WITH-A-DIFFERENT-READER
#
# KEEP=DIR keeps each pair's inputs and ct-compare's JSON there
# (KIND-PAIR-a.json, -b.json, -ab.json), for the rows to be read after.
#
# RUNS (default 1) is the runs a side: each side of a pair is RUNS runs of
# the kind, A's and B's taken in turns, one input each, which ct-compare
# then tests run by run (the run's median the unit, as benchstat does).
#
# Usage: bench/compare-aa-tools.sh [PAIRS]   (from the build directory;
# default 20 pairs; TOOLS="place stream ..." picks the kinds, RUNS=5 the
# runs a side, PLACE_ARGS=-q the main job's smoke run: 1.3 s against 7 s)
set -eu
pairs=${1:-20}
here=$(cd "$(dirname "$0")" && pwd)
place=${CT_PLACE:-./ct-place}
stream=${CT_STREAM:-./ct-stream}
compare=${CT_COMPARE:-./ct-compare}
spin=${SPIN:-./tests/spin}
tools=${TOOLS:-place stream bench-cpu bench-sleep}
runs=${RUNS:-1}
for t in "$place" "$stream" "$compare" "$spin"; do
	[ -x "$t" ] || { echo "bench/compare-aa-tools.sh: build first (no $t; make check builds tests/spin)" >&2; exit 1; }
done
case $pairs in
''|*[!0-9]*|0) echo "bench/compare-aa-tools.sh: PAIRS must be a positive number" >&2; exit 2 ;;
esac
case $runs in
''|*[!0-9]*|0) echo "bench/compare-aa-tools.sh: RUNS must be a positive number" >&2; exit 2 ;;
esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare-aa-tools.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# run KIND FILE: one side of a pair.
run() {
	case $1 in
	place)
		rm -rf "$tmp/dir"
		# shellcheck disable=SC2086
		"$place" ${PLACE_ARGS:-} -o "$tmp/dir" >/dev/null 2>&1
		cp "$tmp/dir/raw.txt" "$2" ;;
	stream) "$stream" -b 16K,256K,8M,64M -s -f json >"$2" 2>/dev/null ;;
	bench-cpu) "$place" --bench -r 10 -f json -- "$spin" 0.05 >"$2" 2>/dev/null ;;
	bench-sleep) "$place" --bench -r 10 -f json -- sleep 0.05 >"$2" 2>/dev/null ;;
	*) echo "bench/compare-aa-tools.sh: no kind '$1'" >&2; exit 2 ;;
	esac
}

# verdicts FILE: "effects-with-a-verdict called different-reader apart" from
# the verdicts record (apart: with one run a side, no verdict).
verdicts() {
	grep '"record":"verdicts"' "$1" | sed 's/.*"faster":\([0-9]*\),"slower":\([0-9]*\),"unchanged":\([0-9]*\),"unconfirmed":\([0-9]*\),.*"different_reader":\([0-9]*\),.*/\1 \2 \3 \5 \4/' |
		awk '{ printf "%d %d %d %d\n", $1 + $2 + $3, $1 + $2, $4, $5 }'
}

for k in $tools; do : >"$tmp/aa-$k"; : >"$tmp/slow-$k"; done
i=1
while [ "$i" -le "$pairs" ]; do
	for k in $tools; do
		: >"$tmp/a.json"
		: >"$tmp/b.json"
		j=1
		while [ "$j" -le "$runs" ]; do
			run "$k" "$tmp/a1.json"
			run "$k" "$tmp/b1.json"
			cat "$tmp/a1.json" >>"$tmp/a.json"
			cat "$tmp/b1.json" >>"$tmp/b.json"
			j=$((j + 1))
		done
		"$compare" -f json "$tmp/a.json" "$tmp/b.json" >"$tmp/ab.json" 2>/dev/null || :
		awk -v rate=0.9 -f "$here/../tests/scale-json.awk" "$tmp/b.json" >"$tmp/bs.json"
		"$compare" -f json "$tmp/a.json" "$tmp/bs.json" >"$tmp/abs.json" 2>/dev/null || :
		if [ -n "${KEEP:-}" ]; then
			mkdir -p "$KEEP"
			cp "$tmp/a.json" "$KEEP/$k-$i-a.json"
			cp "$tmp/b.json" "$KEEP/$k-$i-b.json"
			cp "$tmp/ab.json" "$KEEP/$k-$i-ab.json"
		fi
		verdicts "$tmp/ab.json" >>"$tmp/aa-$k"
		verdicts "$tmp/abs.json" >>"$tmp/slow-$k"
		printf 'pair %d %s: A/A %s; 10%% slower %s (load %s)\n' "$i" "$k" \
			"$(tail -n 1 "$tmp/aa-$k" | awk '{ printf "%d called of %d, %d apart (one run a side), %d different reader", $2, $1, $4, $3 }')" \
			"$(tail -n 1 "$tmp/slow-$k" | awk '{ printf "%d found of %d, %d apart", $2, $1, $4 }')" \
			"$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo -)"
	done
	i=$((i + 1))
done
for k in $tools; do
	awk -v k="$k" '{ n += $1; c += $2; r += ($3 > 0); u += $4 } END { printf "aa %s %d %d %.3f %d\nreader %s %d\n", k, n + u, c, n + u ? c / (n + u) : 0, u, k, r }' "$tmp/aa-$k"
	awk -v k="$k" '{ n += $1; c += $2; u += $4 } END { printf "slower %s %d %d %.3f %d\n", k, n + u, c, n + u ? c / (n + u) : 0, u }' "$tmp/slow-$k"
done
