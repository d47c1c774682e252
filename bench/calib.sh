#!/bin/sh
# bench/calib.sh - how often ct-stream's calibration picks the same reader
# on this machine: RUNS back-to-back runs of `ct-stream -r 1 -b SIZES`,
# pinned to one cpu, each run calibrating every size afresh, and per size
# the readers picked, most frequent first, with its count, and what the
# calibration took (median and range of its ms).  With several
# ct-stream binaries (an old build beside a new one), their runs
# interleave round by round, so that what the host does in the meantime
# lands on each alike; a block of lines per binary.
#
# Then, with TRIALS set, every trial behind the calibration
# (bench/calib-trials.c, compiled here against the build tree's libct):
# RUNS calibrations per size in one process, each trial's GB/s
# ("trial RUN CAND TURN GBS") and each run's pick, into the directory
# TRIALS, for a decision rule to be tried offline over the same trials.
#
# Usage: bench/calib.sh [RUNS] [CT-STREAM...]   (run from the build
# directory; default 20 runs of ./ct-stream)
# Environment: CPU (default the last cpu), SIZES (default
# 16K,256K,8M,64M), TRIALS (a directory: also write the trials there),
# TRIAL_COUNT (calib-trials' trials per candidate, default ct-stream's),
# CC.
# Target (issue 37): each size's most frequent reader in at least 18 of 20.
set -eu
prog=bench/calib.sh
runs=${1:-20}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- ./ct-stream
case $runs in ''|*[!0-9]*|0) echo "$prog: RUNS must be a positive number" >&2; exit 2 ;; esac
for s in "$@"; do
	[ -x "$s" ] || { echo "$prog: build first (no $s)" >&2; exit 1; }
done
cpu=${CPU:-$(( $(getconf _NPROCESSORS_ONLN) - 1 ))}
sizes=${SIZES:-16K,256K,8M,64M}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "# $runs runs of ct-stream -r 1 -c $cpu -b $sizes -f json; $(date -u +%FT%TZ); load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
i=0
while [ "$i" -lt "$runs" ]; do
	i=$((i + 1))
	b=0
	for s in "$@"; do
		b=$((b + 1))
		"$s" -r 1 -c "$cpu" -b "$sizes" -f json >>"$tmp/picks.$b" 2>>"$tmp/err.$b" ||
			{ echo "$prog: $s failed (run $i):" >&2; tail -n 3 "$tmp/err.$b" >&2; exit 1; }
	done
done

# A summary record per size and basis: the wall one's size, ISA and loop.
b=0
for s in "$@"; do
	b=$((b + 1))
	echo "$s:"
	grep '"record":"summary"' "$tmp/picks.$b" | grep '"basis":"wall"' |
	sed -n 's/.*"isa":"\([^"]*\)".*"size_bytes":\([0-9]*\),.*"loop":"\([^"]*\)".*/\2 \1\/\3/p' |
	sort | uniq -c | sort -k2,2n -k1,1nr |
	awk -v runs="$runs" '
		function show() { if (size != "") printf "  %9s  %s %d of %d%s\n", size, best, top, runs, rest }
		$2 != size { show(); size = $2; best = $3; top = $1; rest = ""; next }
		{ rest = rest ", " $3 " " $1 }
		END { show() }'
	# What each size's calibration took (its isa_reason's ms): median, range.
	grep '"record":"summary"' "$tmp/picks.$b" | grep '"basis":"wall"' |
	sed -n 's/.*"size_bytes":\([0-9]*\),.*"isa_reason":"[^"]* \([0-9][0-9]*\) ms[;"].*/\1 \2/p' |
	sort -k1,1n -k2,2n |
	awk '
		function show() { if (size != "") printf "  %9s  calibration %s ms median (%s-%s)\n", size, n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2, v[1], v[n] }
		$1 != size { show(); size = $1; n = 0 }
		{ v[++n] = $2 }
		END { show() }'
	if grep -q '"verified":false' "$tmp/picks.$b"; then
		echo "$prog: $s: an unverified sample" >&2
		exit 1
	fi
done

[ -n "${TRIALS:-}" ] || exit 0
mkdir -p "$TRIALS"
here=$(cd "$(dirname "$0")" && pwd)
libs=""
for l in .libs/libct.a .libs/libct_kernels.a .libs/libct_avx2.a .libs/libct_avx512.a .libs/libct_neon.a; do
	[ -f "$l" ] && libs="$libs $l"
done
# shellcheck disable=SC2086
${CC:-cc} -O2 -I. -I"$here/../src" -I"$here/../src/lib" -o "$tmp/calib-trials" \
	"$here/calib-trials.c" $libs -lm -lpthread
for z in $(echo "$sizes" | tr ',' ' '); do
	bytes=$(echo "$z" | awk '{ n = $0 + 0; u = substr($0, length($0)); print n * (u == "K" ? 1024 : u == "M" ? 1048576 : u == "G" ? 1073741824 : 1) }')
	# shellcheck disable=SC2086
	taskset -c "$cpu" "$tmp/calib-trials" "$bytes" "$runs" ${TRIAL_COUNT:-} >"$TRIALS/trials.$bytes"
	echo "trials: $TRIALS/trials.$bytes"
done
