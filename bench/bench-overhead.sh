#!/bin/sh
# bench/bench-overhead.sh - what ct-place --bench costs around a run of the
# command it times: N runs of /bin/true (unplaced, no warm-up) under the
# bench, against N bare fork, exec and wait of it by the shell, in
# interleaved rounds.  Three figures per round, in microseconds per run:
#
#   inside   the median wall_s the bench reports for true: its own part
#            of every run's time (the gate, the counters attached, the
#            reaping), the same under every placement
#   bench    the bench's whole cost per run: (the run of N + 1 runs - the
#            run of 1 run) / N, the outputs and start-up cancelled out
#   bare     the shell's fork, exec and wait of /bin/true: (N runs - 0) / N
#
# Prints each round, then the medians and inside/bare, bench/bare.
#
# Usage: bench/bench-overhead.sh [ROUNDS [N]]   (run from the build directory)
set -eu
rounds=${1:-7}
n=${2:-200}
place=${CT_PLACE:-./ct-place}
[ -x "$place" ] || { echo "bench/bench-overhead.sh: build first (no $place)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s%N; }

# bench N: the wall ns of a bench of N runs of true; its JSON in $tmp/json.
bench() {
	t0=$(now)
	"$place" --bench -p main --no-progress -r "$1" --warmup 0 -f json -- /bin/true \
		>"$tmp/json" 2>/dev/null
	echo $(( $(now) - t0 ))
}
# bare N: the wall ns of N forks, execs and waits of /bin/true by this shell.
bare() {
	t0=$(now)
	i=0
	while [ "$i" -lt "$1" ]; do
		/bin/true
		i=$((i + 1))
	done
	echo $(( $(now) - t0 ))
}

echo "round inside_us bench_us bare_us   (per run; load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown))"
r=1
while [ "$r" -le "$rounds" ]; do
	# The order rotates, so that a drift of the machine favours none; the
	# JSON read is always the N + 1 runs'.
	case $((r % 3)) in
	0) b1=$(bench 1); bn=$(bench $((n + 1))); z=$(bare 0); zn=$(bare "$n") ;;
	1) z=$(bare 0); zn=$(bare "$n"); b1=$(bench 1); bn=$(bench $((n + 1))) ;;
	2) z=$(bare 0); b1=$(bench 1); bn=$(bench $((n + 1))); zn=$(bare "$n") ;;
	esac
	inside=$(grep '"record":"bench_summary"' "$tmp/json" | grep '"basis":"wall"' |
		sed 's/.*"median_s":\([^,]*\),.*/\1/')
	awk -v i="$inside" -v b1="$b1" -v bn="$bn" -v z="$z" -v zn="$zn" -v n="$n" -v r="$r" \
		'BEGIN { printf "%5d %9.1f %8.1f %7.1f\n", r, i * 1e6, (bn - b1) / n / 1e3, (zn - z) / n / 1e3 }' |
		tee -a "$tmp/rounds"
	r=$((r + 1))
done
sort -n -k2 "$tmp/rounds" | awk '{ v[NR] = $2 } END { print v[int((NR + 1) / 2)] }' >"$tmp/i"
sort -n -k3 "$tmp/rounds" | awk '{ v[NR] = $3 } END { print v[int((NR + 1) / 2)] }' >"$tmp/b"
sort -n -k4 "$tmp/rounds" | awk '{ v[NR] = $4 } END { print v[int((NR + 1) / 2)] }' >"$tmp/z"
awk -v i="$(cat "$tmp/i")" -v b="$(cat "$tmp/b")" -v z="$(cat "$tmp/z")" 'BEGIN {
	printf "median: inside %.1f us, bench %.1f us, bare %.1f us per run; inside/bare %.2f, bench/bare %.2f\n",
		i, b, z, i / z, b / z }'
