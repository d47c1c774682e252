#!/bin/sh
# bench/fma.sh - ct-fma against likwid-bench's peak-FMA kernels, in the
# same run, on the same cpu, round after round:
#   ct-clock | ct-fma --all-isa | likwid-bench peakflops_sp_avx_fma and
#   peakflops_sp_avx512_fma (16 kB working set, 1 thread) | ct-clock
# For each usable x86 ISA it prints ct-fma's flops per cycle (median of its
# per-sample quotients by the add-chain brackets), its wall-basis GFLOP/s
# cv, likwid-bench's flops per cycle and the ratio ct-fma / likwid-bench.
# likwid-bench reports GFLOP/s and TSC ticks, not core cycles (the TSC is
# not the core clock, and without hardware counters it cannot tell), so
# its GFLOP/s is divided by the add-chain clock of the ct-clock runs just
# before and after it, on the same cpu.
#
# The hardware peak is the core's: 2 FMA instructions per cycle x lanes x
# 2 flops (32 flops per cycle with 256-bit FMAs, 64 with 512-bit ones on
# cores with two 512-bit units).  Compare within one run only.  The last
# lines, for bench/floors.sh, are "floor-ratio<TAB>fma<TAB>ISA<TAB>RATIO"
# (the median ratio ct-fma / likwid-bench; "-" without likwid-bench).
#
# Usage: bench/fma.sh [ROUNDS]   (run from the build directory; CPU=N
# picks the cpu, default the last one)
set -eu
rounds=${1:-5}
fma=${CT_FMA:-./ct-fma}
clock=${CT_CLOCK:-./ct-clock}
for t in "$fma" "$clock"; do
	[ -x "$t" ] || { echo "bench/fma.sh: build first (no $t)" >&2; exit 1; }
done
cpu=${CPU:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}
pin=""
command -v taskset >/dev/null 2>&1 && pin="taskset -c $cpu"
likwid=no
command -v likwid-bench >/dev/null 2>&1 && likwid=yes

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

isas=$("$fma" --list-isa | awk '$3 == "yes" && ($1 == "avx2" || $1 == "avx512") { print $1 }')
[ -n "$isas" ] || { echo "bench/fma.sh: no usable x86 vector ISA" >&2; exit 1; }
kernel_avx2=peakflops_sp_avx_fma
kernel_avx512=peakflops_sp_avx512_fma

# The clock from a QUICK ct-clock: its fastest sample on the wall basis,
# as ct-clock reports it (a sample that shared the cpu only runs slower).
ghz() { $pin "$clock" -q -f tsv | awk -F'\t' '$5 == "wall" { print $9 }'; }

# likwid-bench KERNEL: its GFLOP/s, "-" when it cannot run.
lk() {
	[ $likwid = yes ] || { echo -; return; }
	if ! $pin likwid-bench -t "$1" -W N:16kB:1 -s 1 >"$tmp/lk.out" 2>&1; then
		echo "bench/fma.sh: likwid-bench -t $1 failed:" >&2
		tail -3 "$tmp/lk.out" >&2
		echo -
		return
	fi
	grep -q "running on hwthread $cpu " "$tmp/lk.out" ||
		echo "bench/fma.sh: likwid-bench did not run on cpu $cpu" >&2
	awk '/^MFlops\/s:/ { printf "%.4f", $2 / 1000 }' "$tmp/lk.out"
}

echo "# cpu $cpu; ISAs: $(echo $isas); likwid-bench: $likwid"
echo "#round	isa	ct-fma_flop/cycle	ct-fma_GFLOP/s	cv_pct	fma/cycle	likwid_GFLOP/s	likwid_flop/cycle	ratio	clock_GHz"
i=1
while [ "$i" -le "$rounds" ]; do
	g0=$(ghz)
	$pin "$fma" --all-isa -f tsv >"$tmp/fma.tsv"
	for isa in $isas; do
		eval "result_$isa=\$(lk \$kernel_$isa)"
	done
	g1=$(ghz)
	for isa in $isas; do
		eval "lg=\$result_$isa"
		awk -F'\t' -v isa="$isa" -v lg="$lg" -v g0="$g0" -v g1="$g1" -v r="$i" '
			$3 == isa && $5 == "wall" {
				g = (g0 + g1) / 2
				# No per-cycle figure ("-": too few undisturbed samples on a
				# busy machine) is no ratio, never a ratio of 0.
				pc = $16 == "-" ? "-" : sprintf("%.2f", $16)
				if (lg == "-") { lpc = "-"; ratio = "-" }
				else { lpc = sprintf("%.2f", lg / g); ratio = pc == "-" ? "-" : sprintf("%.3f", $16 / (lg / g)) }
				printf "%d\t%s\t%s\t%.2f\t%.2f\t%s\t%s\t%s\t%s\t%.3f\n", r, isa, pc, $8, $10, $19, lg, lpc, ratio, g
			}' "$tmp/fma.tsv" | tee -a "$tmp/rows"
	done
	i=$((i + 1))
done

med() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2); else print "-" }'; }
echo "# medians over $rounds rounds"
for isa in $isas; do
	pc=$(awk -F'\t' -v i="$isa" '$2 == i && $3 != "-" { print $3 }' "$tmp/rows" | med)
	cv=$(awk -F'\t' -v i="$isa" '$2 == i { print $5 }' "$tmp/rows" | med)
	lpc=$(awk -F'\t' -v i="$isa" '$2 == i && $8 != "-" { print $8 }' "$tmp/rows" | med)
	ratio=$(awk -F'\t' -v i="$isa" '$2 == i && $9 != "-" { print $9 }' "$tmp/rows" | med)
	lanes=8
	[ "$isa" = avx512 ] && lanes=16
	peak=$((2 * lanes * 2))
	echo "$isa: ct-fma $pc flop/cycle ($(awk -v p="$pc" -v k="$peak" 'BEGIN { printf "%.1f", 100 * p / k }') % of $peak), wall cv $cv %; likwid-bench $lpc flop/cycle; ratio ct-fma/likwid-bench $ratio"
	echo "$isa $ratio" >>"$tmp/ratios"
done
awk '{ printf "floor-ratio\tfma\t%s\t%s\n", $1, $2 }' "$tmp/ratios"
