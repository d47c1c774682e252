#!/bin/sh
# bench/fleet-gen.sh - a made-up fleet for ct-compare --fleet: N hosts'
# directories, each DIR/HOST/raw.txt a copy of one real run (a ct-place -o
# raw.txt, the main job's records) with its hostname changed and every
# rate of each kernel scaled by the host's own factor (1 +- SPREAD, drawn
# per host and kernel), its times by the inverse, its work per sample
# kept: what a fleet of alike machines looks like to the reader, at any
# size.  For the scale figures of bench/NOTES and tests/fleet/.
#
# Usage: bench/fleet-gen.sh [-b HOST:SHARE]... [-c MODEL] [-f FACTOR] [-m MODELS]
#                           [-p PREFIX] [-s SPREAD] [-x HOST:KERNEL:FACTOR]...
#                           TEMPLATE N DIR
#   TEMPLATE  a raw.txt (ct-place -q -o DIR; any tool's -f json -s)
#   N         hosts: node0001 ... nodeN (DIR/node0001/raw.txt ...)
#   DIR       made if missing; its host directories must not exist
#   -b H:S    host number H was busy: other work left its thread S of the
#             cpu (0.26: a quarter), so its wall-basis rates are S times
#             the template's, its wall times 1 / S and its cpu shares S
#             times, while its cpu-basis figures and per-cycle figures
#             (rate and clock on one basis) are kept; repeatable
#   -c MODEL  the hosts' cpu model (default the template's)
#   -f F      every rate F times the template's (default 1)
#   -m M      spread the hosts over M cpu models, round robin: model i
#             (from 0) names itself "MODEL (i)" for i > 0 and runs
#             1 + 0.25 i times as fast (default 1)
#   -p P      the hosts' names: P0001 ... (default node)
#   -s S      each host's factor per kernel is 1 + S u, u in [-1, 1] from
#             the host's and the kernel's numbers (no random numbers: the
#             same fleet from any awk, default 0.02)
#   -x H:K:F  host number H's kernel K is F times as fast on top (0.7: 30 %
#             slower); repeatable
# Exit status: 0 written, 1 a file could not be, 2 usage.
set -eu
prog=bench/fleet-gen.sh
model=""
factor=1
models=1
prefix=node
spread=0.02
doctor=""
busy=""
usage() { sed -n 's/^# \{0,1\}//; /^Usage:/,/^Exit status/p' "$0"; }
die() { printf '%s: %s\n' "$prog" "$*" >&2; exit 2; }
while getopts b:c:f:hm:p:s:x: opt; do
	case $opt in
	b) busy="$busy $OPTARG" ;;
	c) model=$OPTARG ;;
	f) factor=$OPTARG ;;
	h) usage; exit 0 ;;
	m) models=$OPTARG ;;
	p) prefix=$OPTARG ;;
	s) spread=$OPTARG ;;
	x) doctor="$doctor $OPTARG" ;;
	*) echo "Try '$prog -h' for more information." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || die "give TEMPLATE N DIR"
template=$1 n=$2 dir=$3
[ -r "$template" ] || die "cannot read $template"
case $n in '' | *[!0-9]*) die "N is not a number: $n" ;; esac
case $models in '' | *[!0-9]* | 0) die "-m is not a positive number: $models" ;; esac
mkdir -p "$dir" || exit 1
# Every host's directory at once (mkdir fails on one that exists).
awk -v n="$n" -v dir="$dir" -v p="$prefix" 'BEGIN { for (i = 1; i <= n; i++) printf "%s/%s%04d\n", dir, p, i }' |
	xargs mkdir || exit 1
# One awk for every host: the template read once, each host's file
# written and closed in turn.
awk -v n="$n" -v dir="$dir" -v models="$models" -v spread="$spread" -v doctor="$doctor" -v busy="$busy" \
    -v prefix="$prefix" -v cpu="$model" -v factor="$factor" '
function scale(line, key, f,    re, out, v) {
	re = "\"" key "\":-?[0-9][0-9.eE+-]*"
	out = ""
	while (match(line, re)) {
		v = substr(line, RSTART + length(key) + 3, RLENGTH - length(key) - 3) * f
		out = out substr(line, 1, RSTART - 1) "\"" key "\":" sprintf("%.9g", v)
		line = substr(line, RSTART + RLENGTH)
	}
	return out line
}
function kernel_of(line) {
	if (!match(line, /"kernel":"[^"]*"/))
		return ""
	return substr(line, RSTART + 10, RLENGTH - 11)
}
{ line[NR] = $0 }
END {
	nr = split("min median max mean ci_low ci_high value_wall value_cpu " \
		   "per_cycle_wall per_cycle_cpu per_cycle_median", rates, " ")
	nt = split("wall_ns cpu_ns cpu_reads_ns", times, " ")
	nd = split(doctor, dx, " ")
	for (i = 1; i <= nd; i++) {
		split(dx[i], p, ":")
		extra[p[1] + 0, p[2]] = p[3] + 0
	}
	nb = split(busy, bx, " ")
	for (i = 1; i <= nb; i++) {
		split(bx[i], p, ":")
		share[p[1] + 0] = p[2] + 0
	}
	nw = split("min median max mean ci_low ci_high", wrates, " ")
	for (h = 1; h <= n; h++) {
		name = sprintf("%s%04d", prefix, h)
		file = dir "/" name "/raw.txt"
		model = (h - 1) % models
		delete f
		for (l = 1; l <= NR; l++) {
			s = line[l]
			k = kernel_of(s)
			if (s ~ /^\{"record":"machine"/) {
				sub(/"hostname":"[^"]*"/, "\"hostname\":\"" name "\"", s)
				if (match(s, /"cpu_model":"[^"]*"/)) {
					m = cpu != "" ? cpu : substr(s, RSTART + 13, RLENGTH - 14)
					if (model > 0)
						m = m " (" model ")"
					s = substr(s, 1, RSTART - 1) "\"cpu_model\":\"" m "\"" \
					    substr(s, RSTART + RLENGTH)
				}
			} else if (k != "") {
				if (!(k in f)) {
					if (!(k in kno))
						kno[k] = ++nk
					u = ((h * 7919 + kno[k] * 104729) % 2001) / 1000 - 1
					f[k] = factor * (1 + spread * u) * (1 + 0.25 * model)
					if ((h, k) in extra)
						f[k] *= extra[h, k]
				}
				for (i = 1; i <= nr; i++)
					s = scale(s, rates[i], f[k])
				for (i = 1; i <= nt; i++)
					s = scale(s, times[i], 1 / f[k])
				if (h in share) {
					if (s ~ /"record":"summary"/ && s ~ /"basis":"wall"/)
						for (i = 1; i <= nw; i++)
							s = scale(s, wrates[i], share[h])
					s = scale(s, "value_wall", share[h])
					s = scale(s, "wall_ns", 1 / share[h])
					s = scale(s, "cpu_share", share[h])
				}
			}
			print s > file
		}
		if (close(file) != 0) {
			printf "bench/fleet-gen.sh: cannot write %s\n", file > "/dev/stderr"
			exit 1
		}
	}
}' "$template"
