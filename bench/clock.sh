#!/bin/sh
# bench/clock.sh - ct-clock against an independent clock estimate in the
# same run, interleaved, on the same cpu:
#   - hardware cycles from perf stat (cycles:u / task-clock) where the
#     machine has counters;
#   - otherwise (and also) bench/mhz-ref.c, a dependent multiply chain
#     built and timed differently.
# Prints each round and the median ratio.  Target: within 1 %, ct-clock's
# wall cv under 1 %.  The last lines, for bench/floors.sh, are
# "floor-ratio<TAB>clock<TAB>mulchain<TAB>RATIO" (and perf-cycles where
# there are counters).
#
# Usage: bench/clock.sh [ROUNDS]   (run from the build directory)
set -eu
rounds=${1:-5}
here=$(cd "$(dirname "$0")" && pwd)
clock=${CT_CLOCK:-./ct-clock}
[ -x "$clock" ] || { echo "bench/clock.sh: build first (no $clock)" >&2; exit 1; }
cpu=${CPU:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c $cpu"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -O2 -o "$tmp/mhz-ref" "$here/mhz-ref.c"

perf_ok=no
if command -v perf >/dev/null 2>&1 &&
	perf stat -x, -e cycles:u true 2>&1 >/dev/null | grep -q '^[0-9]'; then
	perf_ok=yes
fi
echo "# cpu $cpu; hardware counters: $perf_ok"
echo "#round	ct-clock_GHz	cv_pct	mulchain_GHz	ratio	perf_GHz	ratio"
: >"$tmp/r1"; : >"$tmp/r2"; : >"$tmp/cv"
i=1
while [ "$i" -le "$rounds" ]; do
	row=$($pin "$clock" -f tsv | awk -F'\t' '$5 == "wall" { print $9, $10 }')
	ghz=${row% *}; cv=${row#* }
	ref=$($pin "$tmp/mhz-ref")
	r1=$(awk -v a="$ghz" -v b="$ref" 'BEGIN { printf "%.4f", a / b }')
	pghz=-; r2=-
	if [ $perf_ok = yes ]; then
		pghz=$($pin perf stat -x, -e cycles:u,task-clock "$clock" -f tsv 2>&1 >/dev/null |
			awk -F, '$3 ~ /cycles/ { c = $1 } $3 ~ /task-clock/ { t = $1 }
				 END { printf "%.4f", c / (t * 1e6) }')
		r2=$(awk -v a="$ghz" -v b="$pghz" 'BEGIN { printf "%.4f", a / b }')
		echo "$r2" >>"$tmp/r2"
	fi
	echo "$r1" >>"$tmp/r1"; echo "$cv" >>"$tmp/cv"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$i" "$ghz" "$cv" "$ref" "$r1" "$pghz" "$r2"
	i=$((i + 1))
done
med() { sort -g "$1" | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
echo "median ratio ct-clock/mulchain: $(med "$tmp/r1")"
[ $perf_ok = yes ] && echo "median ratio ct-clock/perf-cycles: $(med "$tmp/r2")"
echo "median wall cv of ct-clock: $(med "$tmp/cv") %"
printf 'floor-ratio\tclock\tmulchain\t%s\n' "$(med "$tmp/r1")"
[ $perf_ok = yes ] && printf 'floor-ratio\tclock\tperf-cycles\t%s\n' "$(med "$tmp/r2")"
exit 0
