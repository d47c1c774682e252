#!/bin/sh
# ct-compare on --bench records that say what each run lost to others
# (bench_run's lost_s): the same rule as --bench's own (ct_lost_disturbed),
# so a command that sleeps gets its verdict.  Made from the recorded
# tests/compare/inputs/bench-base.json (a shell loop, 9 runs under main
# and pin-performance):
#   sleep-a  its runs made a sleeper's: CPU time 5 % of the wall time,
#            1 % of it lost (lost_s)
#   sleep-b  the same runs 20 % longer
#   sleep-c  sleep-b with one main run's lost_s at 30 % of its wall time
#   old      sleep-a without lost_s (records before it): the share rule
. "${top_srcdir:-..}/tests/lib.sh"

in=$top_srcdir/tests/compare/inputs

# row PLACEMENT BASIS KEY FILE: KEY of that compare record (the time figure).
row() {
	grep "\"placement\":\"$1\",\"basis\":\"$2\",\"figure\":\"time\"" "$4" | "$JSONL" -r compare -f "$3" -
}
# sleeper SCALE LOSTFRAC: bench-base's runs as a sleeper's, wall times x SCALE.
sleeper() {
	awk -v k="$1" -v l="$2" '/"record":"bench_run"/ {
		match($0, /"wall_s":[0-9.e-]*/); w = substr($0, RSTART + 9, RLENGTH - 9) * k
		sub(/"wall_s":[0-9.e-]*/, "\"wall_s\":" w)
		sub(/"cpu_s":[0-9.e-]*/, "\"cpu_s\":" w * 0.05)
		if (l != "") sub(/"exit_status"/, "\"lost_s\":" w * l ",\"exit_status\"") }
	/"record":"bench_summary"/ { sub(/"cpu_share":[0-9.e-]*/, "\"cpu_share\":0.05") }
	{ print }' "$in/bench-base.json"
}
sleeper 1 0.01 >"$tmp/sleep-a.json"
sleeper 1.2 0.01 >"$tmp/sleep-b.json"
sleeper 1 "" >"$tmp/old.json"
awk 'BEGIN { done = 0 } /"record":"bench_run","tool":"ct-place","placement":"main"/ && !done {
	match($0, /"wall_s":[0-9.e-]*/); w = substr($0, RSTART + 9, RLENGTH - 9)
	sub(/"lost_s":[0-9.e-]*/, "\"lost_s\":" w * 0.3); done = 1 } { print }' \
	"$tmp/sleep-b.json" >"$tmp/sleep-c.json"
grep -q '"lost_s":' "$tmp/sleep-a.json" && ! grep -q '"lost_s":' "$tmp/old.json" ||
	fail "the sleepers' records were not made"

# A sleeper that lost 1 %: no run disturbed, 20 % slower called on both placements.
expect_status 0 "$CT_COMPARE" -f json "$tmp/sleep-a.json" "$tmp/sleep-b.json"
cp "$tmp/out" "$tmp/ab.json"
for p in main pin-performance; do
	[ "$(row $p wall disturbed_a "$tmp/ab.json")" = 0 ] && [ "$(row $p wall disturbed_b "$tmp/ab.json")" = 0 ] ||
		fail "$p: a sleeper's runs counted disturbed: $(grep "\"placement\":\"$p\"" "$tmp/ab.json")"
	[ "$(row $p wall changed "$tmp/ab.json")" = true ] ||
		fail "$p: a sleeper 20 % slower gets no verdict: $(grep "\"placement\":\"$p\"" "$tmp/ab.json")"
done

# One run that lost 30 %: that one counted, on its placement only.
expect_status 0 "$CT_COMPARE" -f json "$tmp/sleep-a.json" "$tmp/sleep-c.json"
[ "$(row main wall disturbed_b "$tmp/out")" = 1 ] || fail "a run that lost 30 % is not disturbed: $(cat "$tmp/out")"
[ "$(row pin-performance wall disturbed_b "$tmp/out")" = 0 ] || fail "pin-performance has a disturbed run"

# Records without lost_s: the share rule, every run of a share of 0.05 disturbed.
expect_status 0 "$CT_COMPARE" -f json "$tmp/old.json" "$tmp/sleep-b.json"
[ "$(row main wall disturbed_a "$tmp/out")" = 9 ] || fail "old records: not the share rule: $(cat "$tmp/out")"
[ "$(row main wall disturbed_b "$tmp/out")" = 0 ] || fail "the new side counted disturbed"
exit 0
