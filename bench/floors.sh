#!/bin/sh
# bench/floors.sh - every bench script run briefly on this machine, and
# each of its ratios (coretype against the independent tool or the plain
# run, never an absolute figure) held to the floors that bench/floors.tsv
# keeps for this kind of cpu (vendor, family, model).
#
#   bench/clock.sh    ct-clock / a dependent multiply chain (and perf cycles)
#   bench/fma.sh      ct-fma / likwid-bench's peak-FMA kernel, per ISA
#   bench/stream.sh   ct-stream's default / likwid-bench's best sum kernel,
#                     per row (16 KiB ... 64 MiB with 4 KiB pages, and
#                     ct-stream's default size: "1920MiB-default")
#   bench/observe.sh  the plain command's time / under ct-place --observe
#   bench/latency.sh  bench/chase-ref.c's ns per load / ct-latency's, per
#                     size (16KiB ... 256MiB): the better of the floors'
#                     and the medians' ratio (a speed: above 1 is faster)
#   bench/hyperfine.sh  hyperfine's median and min / ct-place --bench's on
#                     the same gzip -c (rows median, min; a speed: under 1
#                     ct-place's times are longer)
#
# clock.sh, fma.sh, observe.sh, latency.sh and hyperfine.sh end with
# machine-readable lines,
#   floor-ratio <TAB> BENCH <TAB> ROW <TAB> RATIO
# and stream.sh's per-row summary lines are read as it prints them: a
# row's name ("16 KiB", "64 MiB small") first, then ... med(r) r(med)
# yes|NO last; the row's ratio is the lesser of med(r) and r(med).
#
# On a kind with floors, a ratio under its floor fails the check (a
# ratio equal to it passes); a row with no floor on that kind, and every
# row on a kind with none, is printed as the line to add to floors.tsv
# (the measured ratio as a candidate floor: lower it by the run-to-run
# spread seen before committing it).  Run it before and after work that
# touches a kernel, the harness or a bench script, and on every new kind
# of machine (README, developer notes).  A floor is a ratio measured in
# one run, interleaved; on a shared machine say how loaded it was.
#
# Usage: bench/floors.sh [ROUNDS]       run every bench (ROUNDS each,
#                                       default 3), then compare
#        bench/floors.sh --compare FILE compare the output of bench runs
#                                       kept in FILE (- for stdin)
# Run from the build directory.  Environment: FLOORS (default
# floors.tsv beside this script), CT_CPU_ID ("VENDOR FAMILY MODEL",
# default from /proc/cpuinfo), BENCHES (default "clock fma stream
# observe latency hyperfine"), CPU (passed on), LIKWID_SECONDS (stream.sh's, default 1
# here), COMMIT (the floors' commit for the lines to add, default git's),
# KEEP (a directory that keeps each bench's output, BENCH.out and .err,
# for --compare later).
# Exit status: 0 every ratio at or above its floor; 1 one below, or a
# bench that failed or whose ct-stream runs were not verified; 2 usage;
# 3 no floors for this kind (the lines to add are printed).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
floors=${FLOORS:-$here/floors.tsv}
[ -r "$floors" ] || { echo "bench/floors.sh: cannot read $floors" >&2; exit 2; }

# The kind of cpu: "vendor family model" as /proc/cpuinfo gives it (Arm:
# implementer, architecture, part), else sysctl's on macOS.
cpu_id() {
	if [ -n "${CT_CPU_ID:-}" ]; then
		echo "$CT_CPU_ID"
	elif [ -r /proc/cpuinfo ]; then
		awk -F': *' '
			$1 ~ /^vendor_id/ && v == "" { v = $2 } $1 ~ /^cpu family/ && f == "" { f = $2 }
			$1 ~ /^model[ \t]*$/ && m == "" { m = $2 }
			$1 ~ /^CPU implementer/ && v == "" { v = $2 } $1 ~ /^CPU architecture/ && f == "" { f = $2 }
			$1 ~ /^CPU part/ && m == "" { m = $2 }
			END { printf "%s %s %s\n", v == "" ? "unknown" : v, f == "" ? 0 : f, m == "" ? 0 : m }' /proc/cpuinfo
	else
		printf '%s %s %s\n' "$(sysctl -n machdep.cpu.vendor 2>/dev/null || echo Apple)" \
			"$(sysctl -n machdep.cpu.family 2>/dev/null || sysctl -n hw.cpufamily 2>/dev/null || echo 0)" \
			"$(sysctl -n machdep.cpu.model 2>/dev/null || sysctl -n hw.cpusubfamily 2>/dev/null || echo 0)"
	fi
}

# ratios FILE: "bench row ratio" for every ratio in the bench output FILE.
ratios() {
	awk -F'\t' '
	$1 == "floor-ratio" && NF == 4 { print $2, $3, $4; next }
	{
		n = split($0, f, " ")
		if (n >= 5 && f[1] ~ /^[0-9.]+$/ && f[2] ~ /^(KiB|MiB|GiB)$/ && f[n] ~ /^(yes|NO)$/) {
			row = f[1] f[2] (f[3] == "small" ? "-small" : f[3] == "default" ? "-default" : "")
			mr = f[n - 2]; rm = f[n - 1]
			r = (mr ~ /^[0-9.]+$/ && rm ~ /^[0-9.]+$/) ? (mr + 0 < rm + 0 ? mr : rm) : "-"
			print "stream", row, r
		}
	}' "$1"
}

# compare FILE: the ratios of FILE against the floors of this kind.
compare() {
	id=$(cpu_id)
	commit=${COMMIT:-$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)}
	ratios "$1" >"$tmp/ratios"
	[ -s "$tmp/ratios" ] || { echo "bench/floors.sh: no ratio in the bench output" >&2; return 1; }
	awk -F'\t' -v id="$id" -v day="$(date -u +%Y-%m-%d)" -v commit="$commit" '
	BEGIN { split(id, c, " "); vendor = c[1]; family = c[2]; model = c[3] }
	NR == FNR && /^#/ { next }
	NR == FNR {
		if ($1 == vendor && $2 + 0 == family + 0 && $3 "" == model "") {
			floor[$4, $5] = $6; when[$4, $5] = $7 " at " $8; kind = 1
		}
		next
	}
	{
		split($0, r, " ")
		key = r[1] SUBSEP r[2]
		if (r[3] !~ /^[0-9.]+$/) {
			printf "%-8s %-12s %8s  no ratio (the independent tool did not run)\n", r[1], r[2], r[3]
			next
		}
		if (key in floor) {
			ok = r[3] + 0 >= floor[key] + 0
			printf "%-8s %-12s %8.3f  floor %-6s %-4s (%s)\n", r[1], r[2], r[3], floor[key],
				ok ? "ok" : "BELOW", when[key]
			if (!ok) below++
		} else {
			add[++nadd] = sprintf("%s\t%s\t%s\t%s\t%s\t%.2f\t%s\t%s\tmeasured %.3f by bench/floors.sh",
				vendor, family, model, r[1], r[2], int(r[3] * 100) / 100, day, commit, r[3])
			printf "%-8s %-12s %8.3f  no floor for this row\n", r[1], r[2], r[3]
		}
	}
	END {
		if (!kind)
			printf "bench/floors.sh: no floors for %s family %s model %s: a new kind of cpu\n",
				vendor, family, model
		if (nadd) {
			print "# lines to add to bench/floors.tsv (the measured ratio as a candidate floor):"
			for (i = 1; i <= nadd; i++) print add[i]
		}
		if (below) {
			printf "bench/floors.sh: %d ratio%s below the floor of %s family %s model %s\n",
				below, (below > 1 ? "s" : ""), vendor, family, model
			exit 1
		}
		exit(kind ? 0 : 3)
	}' "$floors" - <"$tmp/ratios"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ "${1:-}" = --compare ]; then
	[ $# -eq 2 ] || { echo "usage: bench/floors.sh --compare FILE" >&2; exit 2; }
	if [ "$2" = - ]; then cat >"$tmp/out"; else cat "$2" >"$tmp/out"; fi
	compare "$tmp/out"
	exit $?
fi
rounds=${1:-3}
case $rounds in '' | *[!0-9]*) echo "usage: bench/floors.sh [ROUNDS] | --compare FILE" >&2; exit 2 ;; esac

echo "# bench/floors.sh: $(cpu_id) ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1));" \
	"$rounds rounds each; $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
# Under load the tools suffer differently (ct-stream's median keeps its
# undisturbed samples, likwid-bench averages over its whole run): seen
# here at load 16 on 2 cpus, 6.6x at 16 KiB.  Such ratios are no floors.
awk -v n="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)" '{ if ($1 + 0 > n / 2)
	printf "bench/floors.sh: warning: load %s on %d cpus: ratios measured now are no floors\n", $1, n }' \
	/proc/loadavg >&2 2>/dev/null || :
failed=0
: >"$tmp/out"
for b in ${BENCHES:-clock fma stream observe latency hyperfine}; do
	if [ "$b" = stream ] && ! command -v likwid-bench >/dev/null 2>&1; then
		echo "bench/floors.sh: stream skipped: no likwid-bench" >&2
		continue
	fi
	if [ "$b" = hyperfine ] && ! command -v hyperfine >/dev/null 2>&1; then
		echo "bench/floors.sh: hyperfine skipped: no hyperfine" >&2
		continue
	fi
	echo "# bench/$b.sh $rounds"
	if ! LIKWID_SECONDS=${LIKWID_SECONDS:-1} sh "$here/$b.sh" "$rounds" >"$tmp/$b.out" 2>"$tmp/$b.err"; then
		cat "$tmp/$b.err" >&2
		echo "bench/floors.sh: bench/$b.sh failed" >&2
		failed=1
	fi
	if grep -q 'was not verified' "$tmp/$b.err"; then
		echo "bench/floors.sh: bench/$b.sh: a run was not verified" >&2
		failed=1
	fi
	cat "$tmp/$b.out" >>"$tmp/out"
	[ -z "${KEEP:-}" ] || { mkdir -p "$KEEP" && cp "$tmp/$b.out" "$tmp/$b.err" "$KEEP/"; }
done
echo "# the ratios against the floors of bench/floors.tsv"
st=0
compare "$tmp/out" || st=$?
[ "$failed" = 0 ] || exit 1
exit $st
