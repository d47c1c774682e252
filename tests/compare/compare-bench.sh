#!/bin/sh
# ct-compare on ct-place --bench's records (bench_run, bench_summary): a
# command's runs are the samples of a series in seconds per placement,
# their share and disturbance the run's CPU time over its wall time.
#   bench-base.json    --bench of a shell loop, 9 runs under main and pin-performance
#   bench-slower.json  the same runs 20 % longer (made from base's records:
#                      a known change, where a live one would be the host's)
# Checked: the runs pair by placement and basis, the rows are times (a
# ratio above 1 slower), a 20 % change is called and an A/A pair is not,
# the runs read from the records (not the summaries), a file cut short
# refused, disturbed runs counted, several runs in one input tested run by
# run; then two live --bench runs compared.
. "${top_srcdir:-..}/tests/lib.sh"

in=$top_srcdir/tests/compare/inputs

# row PLACEMENT BASIS FIGURE KEY FILE: KEY of that compare record.
row() {
	grep "\"placement\":\"$1\",\"basis\":\"$2\",\"figure\":\"$3\"" "$5" | "$JSONL" -r compare -f "$4" -
}

# --- 20 % slower: called on both bases, both placements, as times. ---
expect_status 0 "$CT_COMPARE" -f json "$in/bench-base.json" "$in/bench-slower.json"
cp "$tmp/out" "$tmp/slow.json"
[ "$(grep -c '"record":"compare"' "$tmp/slow.json")" -eq 6 ] ||
	fail "not 3 rows (wall, cpu, share) for each of 2 placements: $(cat "$tmp/slow.json")"
for p in main pin-performance; do
	for b in wall cpu; do
		[ "$(row $p $b time changed "$tmp/slow.json")" = true ] ||
			fail "$p $b: 20 % slower is not called: $(grep "\"placement\":\"$p\"" "$tmp/slow.json")"
		r=$(row $p $b time ratio "$tmp/slow.json")
		awk -v r="$r" 'BEGIN { exit !(r > 1.18 && r < 1.22) }' || fail "$p $b: ratio $r, not about 1.20"
		[ "$(row $p $b time n_a "$tmp/slow.json")" = 9 ] || fail "$p $b: not the 9 runs of base"
		[ "$(row $p $b time unit "$tmp/slow.json")" = s ] || fail "$p $b: not in seconds"
	done
	[ "$(row $p cpu/wall cpu-share changed "$tmp/slow.json")" = null ] || fail "$p: the share has a verdict"
done

# --- Runs a side: two --bench files in one input are two runs, each a unit. ---
cat "$in/bench-base.json" "$in/bench-base.json" >"$tmp/two-a.json"
cat "$in/bench-slower.json" "$in/bench-slower.json" "$in/bench-slower.json" >"$tmp/three-b.json"
expect_status 0 "$CT_COMPARE" -f json "$tmp/two-a.json" "$tmp/three-b.json"
[ "$(row main wall time test "$tmp/out")" = mann-whitney-exact-runs ] ||
	fail "two runs against three: not tested run by run: $(grep '"placement":"main"' "$tmp/out")"
[ "$(row main wall time n_a "$tmp/out")" = 2 ] && [ "$(row main wall time n_b "$tmp/out")" = 3 ] ||
	fail "two runs against three: not 2 + 3 runs: $(grep '"placement":"main"' "$tmp/out")"
# One --bench file a side: each of its runs a process, so the runs are the
# unit already (hyperfine's), the 20 % called, and no one-run legend.
[ "$(row main wall time test "$tmp/slow.json")" = mann-whitney-exact-runs ] ||
	fail "one --bench file a side: its runs are not the unit: $(grep '"placement":"main"' "$tmp/slow.json")"
expect_status 0 "$CT_COMPARE" "$tmp/two-a.json" "$tmp/three-b.json"
! grep -q 'one run a side' "$tmp/out" || fail "runs a side: the legend says one run a side: $(cat "$tmp/out")"
expect_status 0 "$CT_COMPARE" "$in/bench-base.json" "$in/bench-slower.json"
! grep -q 'one run a side' "$tmp/out" || fail "--bench runs: the legend says one run a side: $(cat "$tmp/out")"

# Each basis the runs' own: the medians are those the summaries have.
for b in wall cpu; do
	want=$(grep "\"record\":\"bench_summary\",\"tool\":\"ct-place\",\"placement\":\"main\",\"basis\":\"$b\"" \
		"$in/bench-base.json" | "$JSONL" -r bench_summary -f median_s -)
	got=$(row main $b time median_a "$tmp/slow.json")
	awk -v a="$got" -v b="$want" 'BEGIN { exit !(a == b || (a - b) / b < 1e-5 && (b - a) / b < 1e-5) }' ||
		fail "main $b: median $got, where the summary says $want"
done

# --- A/A: nothing called. ---
expect_status 0 "$CT_COMPARE" -f json "$in/bench-base.json" "$in/bench-base.json"
[ "$(grep -c '"changed":true' "$tmp/out")" -eq 0 ] || fail "an A/A pair called a change: $(cat "$tmp/out")"

# --- The runs, not the summaries: a run moved moves the median compared. ---
awk 'BEGIN { done = 0 } /"record":"bench_run","tool":"ct-place","placement":"main"/ && !done {
	sub(/"wall_s":[0-9.e-]*/, "\"wall_s\":0.5"); sub(/"cpu_s":[0-9.e-]*/, "\"cpu_s\":0.49"); done = 1 } { print }' \
	"$in/bench-base.json" >"$tmp/moved.json"
expect_status 0 "$CT_COMPARE" -f json "$in/bench-base.json" "$tmp/moved.json"
m=$(row main wall time median_b "$tmp/out")
[ "$m" != "$(row main wall time median_a "$tmp/out")" ] || fail "the median did not move with a run: $m"

# --- A run disturbed (share under the harness's rule): counted on its row. ---
awk 'BEGIN { done = 0 } /"record":"bench_run","tool":"ct-place","placement":"main"/ && !done {
	sub(/"wall_s":[0-9.e-]*/, "\"wall_s\":0.2"); done = 1 } { print }' "$in/bench-base.json" >"$tmp/dist.json"
expect_status 0 "$CT_COMPARE" -f json "$in/bench-base.json" "$tmp/dist.json"
[ "$(row main wall time disturbed_b "$tmp/out")" = 1 ] || fail "a run at share 0.25 is not counted disturbed: $(cat "$tmp/out")"
[ "$(row pin-performance wall time disturbed_b "$tmp/out")" = 0 ] || fail "pin-performance has a disturbed run it did not have"

# --- A file cut short: a summary after fewer runs than it counts. ---
awk '/"record":"bench_run".*"placement":"main","round":9,/ { next } { print }' "$in/bench-base.json" >"$tmp/cut.json"
[ "$(grep -c '"record":"bench_run"' "$tmp/cut.json")" -eq 17 ] || fail "the cut copy was not made"
expect_status 1 "$CT_COMPARE" "$in/bench-base.json" "$tmp/cut.json"
grep -q 'cut short' "$tmp/err" || fail "a cut bench file is not refused as one: $(cat "$tmp/err")"

# --- A run's times that are no times: refused, not cast. ---
sed '0,/"wall_s":[0-9.e-]*/s//"wall_s":1e300/' "$in/bench-base.json" >"$tmp/huge.json"
expect_status 1 "$CT_COMPARE" "$in/bench-base.json" "$tmp/huge.json"
grep -q 'not times of a run' "$tmp/err" || fail "a run of 1e300 s is not refused: $(cat "$tmp/err")"

# --- Two live --bench runs. ---
expect_status 0 "$CT_PLACE" --bench -r 3 --warmup 0 -f json -- true
cp "$tmp/out" "$tmp/live-a.json"
expect_status 0 "$CT_PLACE" --bench -r 3 --warmup 0 -f json -- true
cp "$tmp/out" "$tmp/live-b.json"
expect_status 0 "$CT_COMPARE" -f json "$tmp/live-a.json" "$tmp/live-b.json"
[ "$(row main wall time n_b "$tmp/out")" = 3 ] || fail "two live --bench runs: no main wall row of 3 runs: $(cat "$tmp/out")"
exit 0
