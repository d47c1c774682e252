#!/bin/sh
# ct-place --bench on a small hybrid machine declared from this one
# (--kinds efficiency=E --kinds performance=P, E and P its first two
# usable cpus), nothing else set up: every check that follows from the
# placements and the records alone, whatever the machine's speed or load
# (bench-live.sh adds a busy process and holds the verdict to the shares):
#   - every placement ran on the kind it was given, 10 runs of each, the
#     rounds rotating the order, main against itself without a verdict;
#   - the unplaced runs' CPU time split over the kinds (the table's "ran on");
#   - -o DIR has raw.txt (the same JSON Lines), summary.md with the
#     table's rows (the verdict of the records and the split), and the
#     chart, a bar per placement and basis.
. "${top_srcdir:-..}/tests/lib.sh"

[ "$(uname -s)" = Linux ] || skip "uses cpu affinity"
unset CT_KINDS CT_OBSERVE

two_cpus

# sum, bench_run_checks: the checks a --bench run holds on any machine.
. "${top_srcdir:-..}/tests/place-bench/run-checks.sh"

# The work per run is fixed (20000 turns of the shell's loop), never the time.
loop='i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done'
$lim "$CT_PLACE" --bench $K -r 10 -f json -o "$tmp/dir" -- sh -c "$loop" \
	>"$tmp/json" 2>"$tmp/err" || fail "ct-place --bench failed: $(cat "$tmp/err")"
[ -z "$(messages "$tmp/err")" ] || fail "unexpected messages: $(cat "$tmp/err")"
"$JSONL" "$tmp/json" || fail "not valid JSON Lines"
cmp -s "$tmp/json" "$tmp/dir/raw.txt" || fail "-o DIR/raw.txt is not what stdout had"

bench_run_checks
exit 0
