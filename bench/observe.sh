#!/bin/sh
# bench/observe.sh - what ct-place --observe costs the command it watches:
# a CPU-bound command of fixed work (an awk loop) alone, under --observe
# (perf events) and under --observe with CT_OBSERVE=sampled (the /proc
# sampler), interleaved in rotating order, all on one cpu so that the
# observer competes with the command.  Each run's wall time and its CPU
# time (user + system of the whole run, ct-place included, from the
# shell's times) are taken; the CPU time is the observer's cost that the
# load of a shared machine does not blur.  Prints each round, the medians,
# and the median ratios of the observed runs to the plain one of the same
# round.  Target: at most 1.01.  The last lines, for bench/floors.sh, are
# "floor-ratio<TAB>observe<TAB>ROW<TAB>RATIO", the plain run over the
# observed one (higher is better, 1 costs nothing; at least 0.99 is the
# target) for the rows observe-cpu, sampled-cpu, observe-wall and
# sampled-wall.
#
# Usage: bench/observe.sh [ROUNDS]   (run from the build directory)
set -eu
rounds=${1:-9}
place=${CT_PLACE:-./ct-place}
[ -x "$place" ] || { echo "bench/observe.sh: build first (no $place)" >&2; exit 1; }
cpu=${CPU:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c $cpu"
loops=${LOOPS:-10000000}
set -- awk -v n="$loops" 'BEGIN { for (i = 0; i < n; i++) s += i * i; if (s < 0) print s }'

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/o"

now() { date +%s%N; }
# The CPU time of a run: tests/spin -r (getrusage, in microseconds) where
# make check built it, else the shell's times (in clock ticks).
spin=${SPIN:-./tests/spin}
sec() { echo "$1" | awk '{ split($1, p, "m"); sub("s", "", p[2]); printf "%.4f", p[1] * 60 + p[2] }'; }
# run NAME CMD...: "wall cpu" seconds of CMD; appended to $tmp/NAME.wall, .cpu
run() {
	name=$1
	shift
	t0=$(now)
	if [ -x "$spin" ]; then
		c=$("$spin" -r "$@" 2>&1 >/dev/null | awk '$1 == "rusage_children_s" { printf "%.4f", $2 }')
	else
		tm=$(sh -c '"$@" >/dev/null 2>&1; times' sh "$@" | sed -n 2p)
		c=$(awk -v u="$(sec "${tm% *}")" -v s="$(sec "${tm#* }")" 'BEGIN { printf "%.4f", u + s }')
	fi
	t1=$(now)
	w=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f", (b - a) / 1e9 }')
	echo "$w" >>"$tmp/$name.wall"
	echo "$c" >>"$tmp/$name.cpu"
	if [ -f "$tmp/o/raw.txt" ]; then
		tree=$(sed -n 's/.*"record":"observe_command".*"cpu_s":\([0-9.e+-]*\).*/\1/p' "$tmp/o/raw.txt")
		awk -v c="$c" -v t="$tree" -v w="$w" 'BEGIN { printf "%.3f\n", (c - t) / w * 100 }' \
			>>"$tmp/$name.self"
		rm -f "$tmp/o/raw.txt"
	fi
	echo "$w $c"
}
med() { sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

method=$($pin "$place" --observe -f json -- true 2>/dev/null | sed -n 's/.*"record":"observe_command".*"method":"\([a-z_]*\)".*/\1/p')
echo "# cpu $cpu; awk loop of $loops; --observe measures by: $method; cpu time by $([ -x "$spin" ] && echo "$spin -r" || echo times)"
echo "#round	plain_wall	plain_cpu	observe_wall	observe_cpu	sampled_wall	sampled_cpu"
i=1
while [ "$i" -le "$rounds" ]; do
	# Rotate the order, so a drift of the machine favours no one.
	case $((i % 3)) in
	0) a=$(run plain $pin "$@"); b=$(run observe $pin "$place" --observe -o "$tmp/o" -- "$@")
	   c=$(run sampled env CT_OBSERVE=sampled $pin "$place" --observe -o "$tmp/o" -- "$@") ;;
	1) b=$(run observe $pin "$place" --observe -o "$tmp/o" -- "$@")
	   c=$(run sampled env CT_OBSERVE=sampled $pin "$place" --observe -o "$tmp/o" -- "$@"); a=$(run plain $pin "$@") ;;
	2) c=$(run sampled env CT_OBSERVE=sampled $pin "$place" --observe -o "$tmp/o" -- "$@")
	   a=$(run plain $pin "$@"); b=$(run observe $pin "$place" --observe -o "$tmp/o" -- "$@") ;;
	esac
	for x in wall cpu; do
		pa=$(tail -1 "$tmp/plain.$x")
		awk -v a="$pa" -v b="$(tail -1 "$tmp/observe.$x")" 'BEGIN { printf "%.4f\n", b / a }' >>"$tmp/r-observe.$x"
		awk -v a="$pa" -v b="$(tail -1 "$tmp/sampled.$x")" 'BEGIN { printf "%.4f\n", b / a }' >>"$tmp/r-sampled.$x"
	done
	printf '%s\t%s\t%s\t%s\n' "$i" "$(echo $a | tr ' ' '\t')" "$(echo $b | tr ' ' '\t')" "$(echo $c | tr ' ' '\t')"
	i=$((i + 1))
done
for x in wall cpu; do
	echo "median $x s: plain $(med "$tmp/plain.$x"), observe $(med "$tmp/observe.$x"), sampled $(med "$tmp/sampled.$x")"
	echo "median ratio ($x): observe/plain $(med "$tmp/r-observe.$x"), sampled/plain $(med "$tmp/r-sampled.$x")"
done
echo "median observer load, % of one cpu: observe $(med "$tmp/observe.self"), sampled $(med "$tmp/sampled.self")"
for x in cpu wall; do
	for m in observe sampled; do
		awk -v r="$(med "$tmp/r-$m.$x")" -v row="$m-$x" \
			'BEGIN { if (r > 0) printf "floor-ratio\tobserve\t%s\t%.4f\n", row, 1 / r }'
	done
done
