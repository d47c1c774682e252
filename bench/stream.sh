#!/bin/sh
# bench/stream.sh - ct-stream's default against likwid-bench's best
# single-thread reader that uses what it loads (its sum_* kernels) at
# every cache level, in the same run, interleaved round by round, on the
# same cpu.
#
# Rows: 16 KiB (L1), 256 KiB (L2), 8 MiB (L3), 64 MiB (memory, huge pages
# asked for), 64 MiB with --small-pages (4 KiB pages: likwid-bench's
# arrays are malloc'd and get huge pages only when THP is "always") and
# "default": ct-stream with no --size, its default array (4 x the largest
# cache, at least 64 MiB: where a cache of 480 MiB keeps 64 MiB in L3, the
# one row from memory, and the one whose calibration reads windows of the
# array), likwid-bench at the size ct-stream's record gives.  For
# each round and row: ct-stream with its default, calibrated reader (wall
# basis median GB/s over its samples, bytes per cycle from its add-chain
# brackets), then every likwid-bench read kernel of load_avx, load_avx512,
# sum_avx, sum_avx512, sum_sp_avx512 this likwid has, one thread, pinned
# by taskset to the same cpu.  likwid reports MByte/s (10^6 bytes/s).
# A round's line names the reader ct-stream ran as its calibration names
# it: the ISA, and the loop unless plain (avx512/xor, avx2/prefetch).
#
# Then per row: the median over the rounds of ct-stream and of each likwid
# kernel, the comparator -- the best likwid kernel that uses what it loads
# (the sum_* kernels: a verified reader must consume every byte) -- and the
# median of the per-round ratios ct-stream / that kernel and the ratio of
# the medians.  Target: both ratios >= 0.97 at every row.  The best bare-load
# kernel (load_*: loads whose values nothing reads) is printed beside as the
# load ports' ceiling, with ct-stream's ratio to it, and is no floor: in L1
# it can outrun any reader that adds what it loads (Intel 6/167: 442
# against sum_avx512's 300 GB/s).  Where this likwid has no sum kernel the
# comparator is the best of all, and the line says so.  Medians over
# rounds, never the best of one round: on a shared machine one sample moves
# by 20 %.
#
# Usage: bench/stream.sh [ROUNDS]   (run from the build directory; default
# 5 rounds, each about a minute: every likwid kernel runs LIKWID_SECONDS
# at every row)
# Environment: CPU (default the last cpu), KERNELS (likwid kernels, default
# the five above that exist), ROWS (default "16384 262144 8388608 67108864
# 67108864:small default"), LIKWID_SECONDS (default 1), CT_REPS (ct-stream's
# samples per run, default 9), CT_STREAM, CT_ISAS (ct-stream runs with
# --isa forced, each beside the default in every round and compared with
# the same best likwid kernel, e.g. "avx2 avx512": how the calibration's
# pick is checked; --isa alone still calibrates that ISA's loops).
set -eu
rounds=${1:-5}
stream=${CT_STREAM:-./ct-stream}
[ -x "$stream" ] || { echo "bench/stream.sh: build first (no $stream)" >&2; exit 1; }
command -v likwid-bench >/dev/null 2>&1 ||
	{ echo "bench/stream.sh: likwid-bench not found (Debian package likwid)" >&2; exit 1; }
cpu=${CPU:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c $cpu"
secs=${LIKWID_SECONDS:-1}
reps=${CT_REPS:-9}
rows=${ROWS:-"16384 262144 8388608 67108864 67108864:small default"}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

have=$(likwid-bench -a 2>/dev/null | awk '{ print $1 }')
kernels=""
for k in ${KERNELS:-load_avx load_avx512 sum_avx sum_avx512 sum_sp_avx512}; do
	echo "$have" | grep -q -x "$k" && kernels="$kernels $k"
done
[ -n "$kernels" ] || { echo "bench/stream.sh: likwid-bench has none of the read kernels" >&2; exit 1; }

# col NAME: a column of a ct-stream TSV record on stdin, wall row.
col() {
	awk -F'\t' -v n="$1" 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } next }
		$c["basis"] == "wall" { print $c[n]; exit }'
}

echo "# cpu $cpu; $rounds rounds; rows:" $rows "; likwid kernels:" $kernels
echo "# THP: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo none)"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
echo "#round	row	tool	kernel	GB/s	byte/cycle	level	prefetch	verified	loads/iteration"
: >"$tmp/rows"
r=1
while [ "$r" -le "$rounds" ]; do
	for row in $rows; do
		size=${row%%:*}
		opt=""
		[ "$row" = "$size" ] || opt=--small-pages
		sizeopt="-b $size"
		[ "$row" != default ] || sizeopt=""
		for v in auto ${CT_ISAS:-}; do
			tool=ct-stream
			[ "$v" = auto ] || tool="ct-stream --isa $v"
			$pin "$stream" -c "$cpu" $sizeopt $opt --isa "$v" -r "$reps" -S 50 -f tsv \
				>"$tmp/ct" 2>"$tmp/ct.err" ||
				{ cat "$tmp/ct.err" >&2; echo "bench/stream.sh: ct-stream failed" >&2; exit 1; }
			# The reader that ran, as the calibration names it (avx512/xor).
			kern=$(col isa <"$tmp/ct")
			loop=$(col loop_reason <"$tmp/ct" | sed -n 's/.*: the \(short\|prefetching\|xor\) loop.*/\1/p')
			[ -z "$loop" ] || kern="$kern/${loop%ing}"
			# byte/cycle is "-" when too few samples had their cpu (busy machine).
			printf '%s\t%s\t%s\t%s\t%.3f\t%s\t%s\t%s\t%s\t%s\n' "$r" "$row" "$tool" \
				"$kern" "$(col median <"$tmp/ct")" "$(col per_cycle_median <"$tmp/ct")" \
				"$(col level <"$tmp/ct")" "$(col prefetch_bytes <"$tmp/ct")" "$(col verified <"$tmp/ct")" \
				"$(col iteration_loads <"$tmp/ct")" |
				tee -a "$tmp/rows"
			# likwid-bench reads the array ct-stream chose.
			[ "$row" != default ] || { size=$(col size_bytes <"$tmp/ct"); echo "$size" >"$tmp/default"; }
		done
		for lk in $kernels; do
			mbs=$($pin likwid-bench -t "$lk" -W "N:${size}B:1" -s "$secs" 2>&1 |
				awk '/^MByte\/s:/ { print $2 }')
			if [ -z "$mbs" ]; then
				printf '%s\t%s\tlikwid\t%s\tfailed\n' "$r" "$row" "$lk"
				continue
			fi
			awk -v r="$r" -v s="$row" -v k="$lk" -v m="$mbs" \
				'BEGIN { printf "%s\t%s\tlikwid\t%s\t%.3f\t-\t-\t-\t-\t-\n", r, s, k, m / 1000 }' |
				tee -a "$tmp/rows"
		done
	done
	r=$((r + 1))
done

awk -F'\t' '$3 ~ /^ct-stream/ && $9 != "true" { bad = 1 } END { exit !bad }' "$tmp/rows" &&
	echo "bench/stream.sh: a ct-stream run was not verified" >&2

echo
echo "# medians over $rounds rounds, GB/s (10^9 bytes/s); ct-stream's default (calibrated) reader, the last round's;"
echo "# ratio = ct-stream / the likwid sum kernel with the best median (a reader that uses what"
echo "# it loads): median of the per-round ratios, and the ratio of the medians; target >= 0.97."
echo "# ceiling: the best bare-load kernel (nothing consumed), ct-stream / it beside: no floor"
printf '%-18s %-7s %-15s %9s %9s  %-14s %9s  %-12s %9s %7s %8s %8s  %s\n' row level isa ct-GB/s byte/cyc \
	"best likwid" GB/s ceiling GB/s "r(ceil)" "med(r)" "r(med)" ok
for row in $rows; do
	awk -F'\t' -v s="$row" -v dbytes="$(cat "$tmp/default" 2>/dev/null || echo 0)" '
	function median(list,   n, v, i, j, t) {
		n = split(list, v, " ")
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
		return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	}
	$2 == s && $5 != "failed" {
		if ($3 == "ct-stream") { ct = ct " " $5; if ($6 != "-") bpc = bpc " " $6; isa = $4; lvl = $7; byr[$1] = $5 }
		else if ($3 ~ /^ct-stream --isa /) { v = $3; sub(/^ct-stream --isa /, "", v); vs[v] = 1; vct[v] = vct[v] " " $5; vby[$1, v] = $5 }
		else { lk[$4] = lk[$4] " " $5; by[$1, $4] = $5 }
		rounds[$1] = 1
	}
	END {
		# The comparator: the best sum kernel (every byte used), else the
		# best of all (marked); the ceiling: the best bare-load kernel.
		best = ""; bm = 0; ceil = "-"; cm = 0
		for (k in lk) {
			m = median(lk[k])
			if (k ~ /^sum/ && m > bm) { bm = m; best = k }
			if (k ~ /^load/ && m > cm) { cm = m; ceil = k }
		}
		if (best == "") {
			for (k in lk) { m = median(lk[k]); if (m > bm) { bm = m; best = k } }
		}
		bk = best
		if (best != "" && best !~ /^sum/) best = best "(no sum)"
		for (rr in rounds) if (by[rr, bk] > 0 && byr[rr] > 0) ratios = ratios " " byr[rr] / by[rr, bk]
		b = s; sub(/:.*/, "", b)
		if (s == "default") b = dbytes
		name = (b >= 1048576 ? b / 1048576 " MiB" : b / 1024 " KiB") (s ~ /:small$/ ? " small" : "") \
		       (s == "default" ? " default" : "")
		mr = median(ratios); rm = median(ct) / bm
		printf "%-18s %-7s %-15s %9.2f %9s  %-14s %9.2f  %-12s %9s %7s %8.3f %8.3f  %s\n", name, lvl, isa, median(ct),
			bpc == "" ? "-" : sprintf("%.2f", median(bpc)), best, bm, ceil,
			(cm > 0 ? sprintf("%.2f", cm) : "-"), (cm > 0 ? sprintf("%.3f", median(ct) / cm) : "-"), mr, rm,
			(mr >= 0.97 && rm >= 0.97) ? "yes" : "NO"
		for (v in vs) {
			vr = ""
			for (rr in rounds) if (by[rr, bk] > 0 && vby[rr, v] > 0) vr = vr " " vby[rr, v] / by[rr, bk]
			printf "%-18s %-7s %-15s %9.2f %9s  %-14s %9.2f  %-12s %9s %7s %8.3f %8.3f  (--isa %s)\n", "", "", v,
				median(vct[v]), "", best, bm, "", "", (cm > 0 ? sprintf("%.3f", median(vct[v]) / cm) : "-"),
				median(vr), median(vct[v]) / bm, v
		}
	}' "$tmp/rows"
done
