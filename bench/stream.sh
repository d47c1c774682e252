#!/bin/sh
# bench/stream.sh - ct-stream against likwid-bench's single-thread read
# kernels, in the same run, interleaved round by round, on the same cpu,
# over the same array sizes: ct-stream's default size (max(64 MiB, 4 x the
# largest cache)) and 64 MiB.
#
# For each round and size: ct-stream with its best ISA (wall-basis median
# GB/s, its cv, bytes per cycle from its add-chain brackets), then every
# read-only likwid-bench kernel this likwid has (load*, sum*; see
# KERNELS), one thread, pinned by taskset to the same cpu.  likwid reports
# MByte/s (10^6 bytes per second) and, without hardware counters, counts
# time in TSC ticks, not core cycles; its bytes per cycle here are its
# GB/s over the add-chain clock of ct-clock in the same round.
#
# Prints every round, then per size the median of each tool over the
# rounds, the best likwid kernel, the median of the per-round ratios
# ct-stream / best likwid kernel, and ct-stream's median wall cv.
# Target: ratio >= 0.97 at every size, cv < 5 % on an idle machine.
#
# Usage: bench/stream.sh [ROUNDS]   (run from the build directory; a round
# takes a few minutes: each likwid-bench kernel runs for a second or more
# at each size, after filling its array)
# Environment: CPU (default the last cpu), KERNELS (likwid kernels to run,
# default every read-only one listed by likwid-bench -a), SIZES (bytes,
# default ct-stream's default and 67108864), CT_STREAM, CT_CLOCK.
set -eu
rounds=${1:-5}
stream=${CT_STREAM:-./ct-stream}
clock=${CT_CLOCK:-./ct-clock}
for b in "$stream" "$clock"; do
	[ -x "$b" ] || { echo "bench/stream.sh: build first (no $b)" >&2; exit 1; }
done
command -v likwid-bench >/dev/null 2>&1 ||
	{ echo "bench/stream.sh: likwid-bench not found (Debian package likwid)" >&2; exit 1; }
cpu=${CPU:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c $cpu"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The read-only kernels: loads and sums, nothing stored.
all=$(likwid-bench -a 2>/dev/null | awk '{ print $1 }' |
	grep -E '^(load|sum)(_sp)?(_sse|_avx|_avx512|_mem)?$' || true)
kernels=${KERNELS:-$all}
[ -n "$kernels" ] || { echo "bench/stream.sh: likwid-bench lists no load/sum kernel" >&2; exit 1; }

# col NAME: a column of a ct-* TSV record on stdin, wall row.
col() {
	awk -F'\t' -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } next }
		$c["basis"] == "wall" { print $c[n]; exit }'
}

if [ -z "${SIZES:-}" ]; then
	# ct-stream's default size for this cpu, from a one-sample run of it.
	def=$($pin "$stream" -c "$cpu" -r 1 -S 0 -f tsv | col size_bytes | awk '{ printf "%.0f\n", $1 }')
	SIZES="$def 67108864"
fi
echo "# cpu $cpu; sizes (bytes): $SIZES; ct-stream isa: auto; likwid kernels:" $kernels
echo "# THP: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo none)"
echo "#round	size	tool	kernel	GB/s	byte/cycle	cv_pct	huge_pct"
: >"$tmp/rows"
r=1
while [ "$r" -le "$rounds" ]; do
	ghz=$($pin "$clock" -c "$cpu" -q -f tsv | awk -F'\t' '$5 == "wall" { print $9 }')
	for size in $SIZES; do
		$pin "$stream" -c "$cpu" -s "$size" -f tsv >"$tmp/ct"
		gbs=$(col median <"$tmp/ct")
		bpc=$(col per_cycle_median <"$tmp/ct")
		cv=$(col cv_pct <"$tmp/ct")
		k=$(col isa <"$tmp/ct")
		hp=$(col huge_pct <"$tmp/ct")
		printf '%s\t%s\tct-stream\tstream-%s\t%.3f\t%.3f\t%.2f\t%s\n' "$r" "$size" "$k" "$gbs" "$bpc" "$cv" "$hp" |
			tee -a "$tmp/rows"
		for lk in $kernels; do
			mbs=$($pin likwid-bench -t "$lk" -W "N:${size}B:1" 2>&1 |
				awk '/^MByte\/s:/ { print $2 }')
			if [ -z "$mbs" ]; then
				printf '%s\t%s\tlikwid\t%s\tfailed\n' "$r" "$size" "$lk"
				continue
			fi
			awk -v r="$r" -v s="$size" -v k="$lk" -v m="$mbs" -v g="$ghz" \
				'BEGIN { printf "%s\t%s\tlikwid\t%s\t%.3f\t%.3f\t-\t-\n", r, s, k, m / 1000, m / 1000 / g }' |
				tee -a "$tmp/rows"
		done
	done
	r=$((r + 1))
done

echo
echo "# per size: median over $rounds rounds (GB/s, byte/cycle); ratio = median of the per-round"
echo "# ratios ct-stream / best likwid kernel (the one with the best median GB/s)"
for size in $SIZES; do
	awk -F'\t' -v s="$size" '
	function median(list,   n, v, i, j, t) {
		n = split(list, v, " ")
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
		return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	}
	$2 == s {
		key = $3 ":" $4
		gbs[key] = gbs[key] " " $5; bpc[key] = bpc[key] " " $6
		by[$1, key] = $5
		if ($3 == "ct-stream") { ct = key; cv = cv " " $7 }
		rounds[$1] = 1
	}
	END {
		best = ""; bm = 0
		for (k in gbs) {
			m = median(gbs[k])
			printf "A%s size %s  %-26s %8.3f GB/s %7.3f byte/cycle\n", k, s, k, m, median(bpc[k])
			if (k != ct && m > bm) { bm = m; best = k }
		}
		for (rr in rounds) if (by[rr, best] > 0) ratios = ratios " " by[rr, ct] / by[rr, best]
		printf "Z size %s  ct-stream / best likwid (%s): median of per-round ratios %.3f, ratio of medians %.3f; ct-stream median wall cv %.2f %%\n",
			s, best, median(ratios), median(gbs[ct]) / bm, median(cv)
	}' "$tmp/rows" | sort | sed 's/^[^ ]* //' 
done
