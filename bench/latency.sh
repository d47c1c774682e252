#!/bin/sh
# bench/latency.sh - ct-latency's one-chain latency against an independent
# pointer chase (bench/chase-ref.c, compiled here: another shuffle, another
# generator, the pointer at a random word of its line, another loop) at
# L1, L2, L3 and memory sizes, interleaved round by round on one cpu.
#
# For each round and size: ct-latency -b SIZE --chains 1 (wall-basis
# ns_per_load and cycles_per_load of its TSV record), then chase-ref over
# its own array of the same size, both pinned by taskset to CPU, both with
# huge pages asked for (MADV_HUGEPAGE; SMALL=1: both with 4 KiB pages).
# Then per size: the median over the rounds of each, the median of the
# per-round ratios ct-latency / reference and the ratio of the medians.
# Target: both within 3 % of 1 at every size.  The cpu model, the page
# size, the THP setting and ct-latency's huge_pct are stated first.
# Beside them, the floors: each tool's fastest sample over all rounds
# (ct-latency's fastest of its samples, chase-ref's fastest run: the
# same count of samples of the same loads each), and their ratio.  On a
# shared host the medians move with the other tenants (on a Zen 3 guest,
# one ct-latency run's samples at 256 KiB read 4.0 to 9.9 ns as the cpu
# was taken away and the L2 refilled); the floors are the samples nobody
# slowed, so a floor ratio within 3 % where the medians are not says the
# two chases agree and the host did not hold still.
# Last, a floor-ratio line per size for bench/floors.sh (see there).
# BASIS=cpu compares the thread CPU time basis instead (ct-latency: one
# over its cpu-basis median loads per ns; chase-ref: its CPU-time median),
# for a loaded machine, where the wall basis counts other work's time.
#
# Usage: bench/latency.sh [ROUNDS]   (run from the build directory; default
# 5 rounds of a few seconds each)
# Environment: CPU (default the last cpu), SIZES (default "16384 262144
# 8388608 268435456"), CT_REPS (ct-latency's samples, default 9), SMALL,
# BASIS (wall or cpu, default wall), CT_LATENCY, CC.
set -eu
rounds=${1:-5}
lat=${CT_LATENCY:-./ct-latency}
[ -x "$lat" ] || { echo "bench/latency.sh: build first (no $lat)" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
cpu=${CPU:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c $cpu"
sizes=${SIZES:-"16384 262144 8388608 268435456"}
reps=${CT_REPS:-9}
pages="" refpages=""
if [ "${SMALL:-0}" = 1 ]; then pages=--small-pages refpages=small; fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -O2 -o "$tmp/chase-ref" "$here/chase-ref.c"

basis=${BASIS:-wall}
case $basis in wall|cpu) ;; *) echo "bench/latency.sh: BASIS is wall or cpu" >&2; exit 1 ;; esac
col() {
	awk -F'\t' -v n="$1" -v b="${3:-wall}" 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } next }
		$c["basis"] == b { print $c[n]; exit }' "$2"
}
med() { sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown)
thp=$(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo none)
echo "# cpu $cpu ($model); page size $(getconf PAGESIZE) bytes; THP $thp; huge pages ${refpages:+not }asked for; load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
echo "# $rounds rounds; $basis basis; ct-latency $reps samples of 1048576 loads; chase-ref median of 9 runs of 1048576 loads"
echo "#round	size	level	huge_pct	ct_ns	ct_cycles	ref_ns	ratio"
i=1
while [ "$i" -le "$rounds" ]; do
	for z in $sizes; do
		$pin "$lat" -b "$z" --chains 1 -r "$reps" $pages --no-progress -f tsv >"$tmp/rec" 2>/dev/null
		ns=$(col ns_per_load "$tmp/rec") cyc=$(col cycles_per_load "$tmp/rec")
		[ "$basis" = wall ] || ns=$(awk -v m="$(col median "$tmp/rec" cpu)" 'BEGIN { printf "%.4f", 1 / m }')
		lv=$(col level "$tmp/rec") huge=$(col huge_pct "$tmp/rec")
		# shellcheck disable=SC2046
		set -- $($pin "$tmp/chase-ref" "$z" 1048576 $refpages)
		if [ "$basis" = wall ]; then ref=$1 rfl=$3; else ref=$2 rfl=$4; fi
		fl=$(awk -v m="$(col max "$tmp/rec" "$basis")" 'BEGIN { printf "%.4f", 1 / m }')
		r=$(awk -v a="$ns" -v b="$ref" 'BEGIN { printf "%.4f", a / b }')
		echo "$ns" >>"$tmp/ct.$z"; echo "$ref" >>"$tmp/ref.$z"; echo "$r" >>"$tmp/r.$z"
		echo "$fl" >>"$tmp/ctf.$z"; echo "$rfl" >>"$tmp/reff.$z"
		echo "$lv" >"$tmp/lv.$z"
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$i" "$z" "$lv" "$huge" "$ns" "$cyc" "$ref" "$r"
	done
	i=$((i + 1))
done
echo "#size	level	ct_ns_median	ref_ns_median	median_ratio	ratio_of_medians	within_3pct	ct_ns_floor	ref_ns_floor	floor_ratio	floor_within_3pct"
for z in $sizes; do
	a=$(med "$tmp/ct.$z") b=$(med "$tmp/ref.$z") r=$(med "$tmp/r.$z")
	rm=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4f", a / b }')
	ok=$(awk -v r="$r" -v m="$rm" 'BEGIN { print (r >= 0.97 && r <= 1.03 && m >= 0.97 && m <= 1.03) ? "yes" : "NO" }')
	fa=$(sort -g "$tmp/ctf.$z" | head -n 1) fb=$(sort -g "$tmp/reff.$z" | head -n 1)
	fr=$(awk -v a="$fa" -v b="$fb" 'BEGIN { printf "%.4f", a / b }')
	fok=$(awk -v r="$fr" 'BEGIN { print (r >= 0.97 && r <= 1.03) ? "yes" : "NO" }')
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$z" "$(cat "$tmp/lv.$z")" "$a" "$b" "$r" \
		"$rm" "$ok" "$fa" "$fb" "$fr" "$fok"
	# For bench/floors.sh, as a speed (reference ns over ct-latency ns, so
	# that a floor is a minimum as the other benches' are): the better of
	# the floors' and the medians' (the lesser of med(r) and r(med)), each
	# of which one kind of host noise spoils (module comment); a slower
	# chase lowers both.
	awk -v r="$r" -v m="$rm" -v f="$fr" -v z="$z" 'BEGIN {
		x = r > m ? r : m; med = 1 / x; fl = 1 / f
		row = z >= 1048576 ? z / 1048576 "MiB" : z / 1024 "KiB"
		printf "floor-ratio\tlatency\t%s\t%.4f\n", row, (fl > med ? fl : med) }'
done
