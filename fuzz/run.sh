#!/bin/sh
# run.sh CORPUS BINDIR SECONDS HARNESS... - make fuzz-run: each harness for
# SECONDS from a copy of its seed corpus (CORPUS/HARNESS/; the committed
# corpus is never written), one after the other.  A crash, a leak, a
# sanitizer report, a broken promise or a timeout fails the run; the
# input that did it is kept as BINDIR/HARNESS-crash-* (or -leak-, -timeout-)
# and its log as BINDIR/HARNESS.log.  Prints one line per harness with
# libFuzzer's final counts.
set -u
corpus=$1 bin=$2 secs=$3
shift 3
work=$(mktemp -d "${TMPDIR:-/tmp}/ct-fuzz.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT INT TERM
status=0
summary=$work/summary
printf '%-12s %12s %10s %8s  %s\n' harness executions exec/s corpus result >"$summary"
for h; do
	mkdir -p "$work/$h" || exit 1
	cp "$corpus/$h"/* "$work/$h"/ || exit 1
	# -timeout: one input may take 10 s, far beyond any parser's need;
	# -rss_limit_mb: a parser that asks for gigabytes is a finding too.
	"$bin/$h" -max_total_time="$secs" -print_final_stats=1 -timeout=10 \
		-rss_limit_mb=2048 -artifact_prefix="$bin/$h-" \
		"$work/$h" >"$bin/$h.log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$bin/$h.log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$bin/$h.log")
	n=$(ls "$work/$h" | wc -l)
	if [ "$rc" -eq 0 ]; then
		result=ok
	else
		result="FAILED (exit $rc, log $bin/$h.log)"
		status=1
		echo "fuzz/run.sh: $h failed; the end of its log:" >&2
		tail -n 40 "$bin/$h.log" >&2
	fi
	printf '%-12s %12s %10s %8s  %s\n' "$h" "${execs:-?}" "${rate:-?}" "$n" "$result" >>"$summary"
done
cat "$summary"
exit $status
