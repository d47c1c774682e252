#!/bin/sh
# ct-compare on made-up runs, end to end: --alpha turns a verdict and
# leaves the 95% interval alone; 50 samples are the exact test, 51 the
# normal approximation; a share that is an error (null) and rows on one
# side only, in their order, as JSON and TSV give them.  Every value is
# worked out in the comments (p: the exact distribution of U for 5
# against 5, 252 rank sets).
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

# series FILE PLACEMENT SHARE V...: a summary on each basis (the median of
# the values, given sorted) and a sample per value (the same rate on both
# bases, cpu time SHARE times the wall).
series() {
	f=$1 pl=$2 sh=$3
	shift 3
	awk -v pl="$pl" -v sh="$sh" -v n=$# -v vals="$*" 'BEGIN {
		key = "\"tool\":\"ct-clock\",\"kernel\":\"addchain\",\"isa\":\"x86-64\",\"placement\":\"" pl "\",\"unit\":\"GHz\""
		split(vals, v, " ")
		med = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
		for (b = 0; b < 2; b++)
			printf "{\"record\":\"summary\",%s,\"basis\":\"%s\",\"median\":%s,\"reps\":%d,\"cpu_share\":%s}\n",
				key, b ? "cpu" : "wall", med, n, sh
		for (i = 1; i <= n; i++)
			printf "{\"record\":\"sample\",%s,\"value_wall\":%s,\"value_cpu\":%s,\"wall_ns\":1000000,\"cpu_ns\":%d}\n",
				key, v[i], v[i], sh * 1000000
	}' >>"$f"
}

# summary FILE PLACEMENT MEDIAN SHARE: the two summaries alone.
summary() {
	for b in wall cpu; do
		printf '{"record":"summary","tool":"ct-clock","kernel":"addchain","isa":"x86-64","placement":"%s","unit":"GHz","basis":"%s","median":%s,"reps":5,"cpu_share":%s,"cpu_share_error":%s}\n' \
			"$2" "$b" "$3" "$4" "$([ "$4" = null ] && echo true || echo false)" >>"$1"
	done
}

machine() {
	printf '{"record":"machine","tool":"ct-clock","version":"0.1","hostname":"h"}\n' >"$1"
}

# row FILE PLACEMENT BASIS FIGURE KEY: KEY of that compare record.
row() {
	grep "\"placement\":\"$2\",\"basis\":\"$3\",\"figure\":\"$4\"" "$1" | "$JSONL" -r compare -f "$5" -
}

# x = 10 11 12 13 14; y2 = 12.5 14.5 15 16 17 is above x but for two pairs
# (U = 23 of 25): p = 2 P(U <= 2) = 2 * 4/252 = 0.031746; y3 = 12.5 13.5
# 15 16 17 but for three (U = 22): p = 2 * 7/252 = 0.055556.  Both medians
# 15 against 12: ratio 1.25.
machine "$tmp/a"
series "$tmp/a" main 1 10 11 12 13 14
series "$tmp/a" thread 1 10 11 12 13 14
machine "$tmp/b"
series "$tmp/b" main 1 12.5 14.5 15 16 17
series "$tmp/b" thread 1 12.5 13.5 15 16 17

expect_status 0 "$CT_COMPARE" -f json "$tmp/a" "$tmp/b"
cp "$tmp/out" "$tmp/d.json"
[ "$(row "$tmp/d.json" main wall rate p_value)" = 0.031746 ] || fail "main: p $(row "$tmp/d.json" main wall rate p_value), not 8/252"
[ "$(row "$tmp/d.json" main wall rate ratio)" = 1.25 ] || fail "main: ratio not 15/12"
[ "$(row "$tmp/d.json" main wall rate significant)" = true ] || fail "p = 0.032 is not significant at 0.05"
[ "$(row "$tmp/d.json" thread cpu rate p_value)" = 0.0555556 ] || fail "thread: p not 14/252"
[ "$(row "$tmp/d.json" thread cpu rate significant)" = false ] || fail "p = 0.056 is significant at 0.05"
[ "$(row "$tmp/d.json" main wall rate test)" = mann-whitney-exact ] || fail "5 + 5: not the exact test"
# The geomean of main's and thread's 1.25: 1.25.  Their rows were tested
# on one run a side, so the mean is apart too: no interval.
geo=$(grep '"record":"geomean","figure":"rate","basis":"wall"' "$tmp/d.json")
[ "$(echo "$geo" | "$JSONL" -r geomean -f rows -)" = 2 ] || fail "geomean: not over 2 rows: $geo"
[ "$(echo "$geo" | "$JSONL" -r geomean -f geomean -)" = 1.25 ] || fail "geomean: not 1.25: $geo"
[ "$(echo "$geo" | "$JSONL" -r geomean -f one_run_rows -)" = 2 ] || fail "geomean: not 2 rows of one run: $geo"
for k in low high; do
	[ "$(echo "$geo" | "$JSONL" -r geomean -f ratio_ci_$k -)" = null ] ||
		fail "geomean of one run a side: an interval that looks like a verdict: $geo"
done
[ "$(grep -c '"record":"geomean"' "$tmp/d.json")" -eq 3 ] || fail "not a geomean per figure and basis: $(cat "$tmp/d.json")"
[ "$("$JSONL" -r verdicts -f found "$tmp/d.json")" = "no change in 2 results; 1 apart in one run a side: run 5 a side for verdicts" ] ||
	fail "the found line: $("$JSONL" -r verdicts -f found "$tmp/d.json")"
expect_status 0 "$CT_COMPARE" "$tmp/a" "$tmp/b"
grep -q '^rate  *wall  *GHz  *2  *1.250  *apart, one run$' "$tmp/out" || fail "the table's geomean: $(grep -A4 '^geomean' "$tmp/out")"
[ "$(tail -n 1 "$tmp/out")" = "found: no change in 2 results; 1 apart in one run a side: run 5 a side for verdicts" ] ||
	fail "the table's last line: $(tail -n 1 "$tmp/out")"

# The same values as five runs a side (a summary and its one sample each):
# the runs are the unit, main is faster, and the geomean has the interval
# of its rows' bounds' geometric means.
machine "$tmp/ra"
machine "$tmp/rb"
for v in 10 11 12 13 14; do
	series "$tmp/ra" main 1 $v
	series "$tmp/ra" thread 1 $v
done
for v in 12.5 14.5 15 16 17; do
	series "$tmp/rb" main 1 $v
done
for v in 12.5 13.5 15 16 17; do
	series "$tmp/rb" thread 1 $v
done
expect_status 0 "$CT_COMPARE" -f json "$tmp/ra" "$tmp/rb"
cp "$tmp/out" "$tmp/r.json"
[ "$(row "$tmp/r.json" main wall rate test)" = mann-whitney-exact-runs ] || fail "5 runs a side: not the runs' test: $(row "$tmp/r.json" main wall rate test)"
geo=$(grep '"record":"geomean","figure":"rate","basis":"wall"' "$tmp/r.json")
[ "$(echo "$geo" | "$JSONL" -r geomean -f one_run_rows -)" = 0 ] || fail "geomean of five runs a side: $geo"
for k in low high; do
	want=$(awk -v x="$(row "$tmp/r.json" main wall rate ratio_ci_$k)" \
		-v y="$(row "$tmp/r.json" thread wall rate ratio_ci_$k)" 'BEGIN { printf "%.5f", sqrt(x * y) }')
	got=$(echo "$geo" | "$JSONL" -r geomean -f ratio_ci_$k - | awk '{ printf "%.5f", $1 }')
	[ "$got" = "$want" ] || fail "geomean: ratio_ci_$k $got, not the geometric mean of the rows' $want"
done
# The shares' mean has none either: a share is the host's load, no verdict.
geo=$(grep '"record":"geomean","figure":"cpu-share"' "$tmp/r.json")
[ "$(echo "$geo" | "$JSONL" -r geomean -f ratio_ci_low -)" = null ] || fail "the shares' geomean has an interval: $geo"
[ "$("$JSONL" -r verdicts -f found "$tmp/r.json")" = "1 faster of 2 results" ] ||
	fail "the found line of five runs: $("$JSONL" -r verdicts -f found "$tmp/r.json")"

# --alpha 0.01: main's verdict turns; the interval stays the 95% one.
expect_status 0 "$CT_COMPARE" -f json --alpha 0.01 "$tmp/a" "$tmp/b"
cp "$tmp/out" "$tmp/s.json"
[ "$(row "$tmp/s.json" main wall rate significant)" = false ] || fail "--alpha 0.01: p = 0.032 is significant"
[ "$(row "$tmp/s.json" main wall rate p_value)" = 0.031746 ] || fail "--alpha changed the p-value"
for k in ratio_ci_low ratio_ci_high; do
	[ "$(row "$tmp/s.json" main wall rate $k)" = "$(row "$tmp/d.json" main wall rate $k)" ] ||
		fail "--alpha 0.01 changed $k: the interval is 95% at any level"
done
# --alpha 0.2: thread's turns, main's stays.
expect_status 0 "$CT_COMPARE" -f json --alpha 0.2 "$tmp/a" "$tmp/b"
[ "$(row "$tmp/out" thread cpu rate significant)" = true ] || fail "--alpha 0.2: p = 0.056 is not significant"
[ "$(row "$tmp/out" main cpu rate significant)" = true ] || fail "--alpha 0.2: p = 0.032 is not significant"
[ "$(row "$tmp/out" thread cpu rate ratio_ci_low)" = "$(row "$tmp/d.json" thread cpu rate ratio_ci_low)" ] ||
	fail "--alpha 0.2 changed the interval"
# The table says the level it used and the verdicts it gives.
expect_status 0 "$CT_COMPARE" --alpha 0.2 "$tmp/a" "$tmp/b"
grep -q "verdict: the change in percent, faster or slower (a time.s rise is slower), where p < 0.2 and its interval at that level" "$tmp/out" || fail "the table does not say --alpha 0.2"
grep -q '^thread  *cpu  *rate .* +25\.0%? ' "$tmp/out" || fail "no +25.0%? (apart, one run) at 0.2: $(cat "$tmp/out")"
expect_status 0 "$CT_COMPARE" --alpha 0.01 "$tmp/a" "$tmp/b"
grep -q "where p < 0.01 and" "$tmp/out" || fail "the table does not say --alpha 0.01"
grep -q '^main  *wall  *rate .* ~ ' "$tmp/out" || fail "no '~' at 0.01: $(cat "$tmp/out")"

# --threshold: main's +25% (p 0.032, interval 1.0357 .. 1.5455) is apart while the whole
# interval is beyond it: up to 3.57%, not beyond; 1/1.25 (interval up to 1/1.0357) alike.
# One run a side: apart is no verdict (changed null, unconfirmed true).
for t in 0 3 3.5; do
	expect_status 0 "$CT_COMPARE" -f json --threshold "$t" "$tmp/a" "$tmp/b"
	[ "$(row "$tmp/out" main wall rate unconfirmed)" = true ] || fail "--threshold $t: +25% not apart"
	[ "$(row "$tmp/out" main wall rate changed)" = null ] || fail "--threshold $t: one run a side has a verdict"
	[ "$(row "$tmp/out" main wall rate significant)" = true ] || fail "--threshold $t changed the test"
	expect_status 0 "$CT_COMPARE" -f json --threshold "$t" "$tmp/b" "$tmp/a"
	[ "$(row "$tmp/out" main wall rate unconfirmed)" = true ] || fail "--threshold $t: -20% (1/1.25) not apart"
done
for t in 3.6 24.9 50; do
	expect_status 0 "$CT_COMPARE" -f json --threshold "$t" "$tmp/a" "$tmp/b"
	[ "$(row "$tmp/out" main wall rate changed)" = false ] && [ "$(row "$tmp/out" main wall rate unconfirmed)" = false ] ||
		fail "--threshold $t: +25% apart, its interval reaching under it"
	[ "$(row "$tmp/out" main wall rate significant)" = true ] || fail "--threshold $t changed the test"
	expect_status 0 "$CT_COMPARE" -f json --threshold "$t" "$tmp/b" "$tmp/a"
	[ "$(row "$tmp/out" main wall rate changed)" = false ] && [ "$(row "$tmp/out" main wall rate unconfirmed)" = false ] ||
		fail "--threshold $t: -20% (1/1.25) apart"
done
expect_status 0 "$CT_COMPARE" --threshold 30 "$tmp/a" "$tmp/b"
grep -q '^main  *wall  *rate .* 1\.250 .* ~ ' "$tmp/out" || fail "no '~' under --threshold 30: $(cat "$tmp/out")"
grep -q "interval at that level is beyond 1 +- 30% (--threshold)" "$tmp/out" || fail "the table does not say --threshold 30"
# A share of exactly 1 on both sides: no spread, never a verdict.
expect_status 0 "$CT_COMPARE" -f json --threshold 0 "$tmp/a" "$tmp/b"
[ "$(row "$tmp/out" main cpu/wall cpu-share changed)" = null ] || fail "a share of 1 against 1 has a verdict"
[ "$(row "$tmp/out" main cpu/wall cpu-share no_verdict)" = "no spread on either side: nothing to test against" ] ||
	fail "the share of 1 against 1 does not say why: $(row "$tmp/out" main cpu/wall cpu-share no_verdict)"

# 25 against 25 samples: exact; 25 against 26: the normal approximation.
machine "$tmp/c"
series "$tmp/c" main 1 $(awk 'BEGIN { for (i = 0; i < 25; i++) printf "%.2f ", 1 + 0.1 * i }')
machine "$tmp/e"
series "$tmp/e" main 1 $(awk 'BEGIN { for (i = 0; i < 25; i++) printf "%.2f ", 2.05 + 0.1 * i }')
cp "$tmp/e" "$tmp/f"
series "$tmp/f" main 1 4.55
expect_status 0 "$CT_COMPARE" -f json "$tmp/c" "$tmp/e"
[ "$(row "$tmp/out" main wall rate test)" = mann-whitney-exact ] || fail "25 + 25: not the exact test"
# scipy.stats.mannwhitneyu(y, x, method="exact").pvalue = 2.4982994378364445e-05
[ "$(row "$tmp/out" main wall rate p_value)" = 2.4983e-05 ] || fail "25 + 25: p $(row "$tmp/out" main wall rate p_value)"
expect_status 0 "$CT_COMPARE" -f json "$tmp/c" "$tmp/f"
[ "$(row "$tmp/out" main wall rate test)" = mann-whitney-normal ] || fail "25 + 26: not the normal approximation"
# scipy.stats.mannwhitneyu(y, x, method="asymptotic").pvalue = 3.53613548698899e-05
[ "$(row "$tmp/out" main wall rate p_value)" = 3.53614e-05 ] || fail "25 + 26: p $(row "$tmp/out" main wall rate p_value)"
[ "$(row "$tmp/out" main wall rate n_b)" = 26 ] || fail "25 + 26: n_b"

# A share that is an error in NEW (summaries only, cpu_share null): the row
# is there, without a ratio or a verdict; rows on one side only follow
# BASE's order, NEW's own after them.
machine "$tmp/g"
series "$tmp/g" thread 0.5 1 2 3 4 5
series "$tmp/g" main 1 1 2 3 4 5
series "$tmp/g" pin-efficiency 1 1 2 3 4 5
machine "$tmp/h"
summary "$tmp/h" process 2 0.9
summary "$tmp/h" main 3 null
summary "$tmp/h" pin-performance 2 0.9
expect_status 0 "$CT_COMPARE" -f json "$tmp/g" "$tmp/h"
[ "$("$JSONL" -r compare -f placement "$tmp/out" | tr '\n' ' ')" = \
	"thread thread thread main main main pin-efficiency pin-efficiency pin-efficiency process process process pin-performance pin-performance pin-performance " ] ||
	fail "rows not in BASE's order, NEW's own last: $("$JSONL" -r compare -f placement "$tmp/out" | tr '\n' ' ')"
[ "$("$JSONL" -r compare -f present "$tmp/out" | uniq -c | awk '{ printf "%s%d ", $2, $1 }')" = "base3 both3 base3 new6 " ] ||
	fail "present: $("$JSONL" -r compare -f present "$tmp/out" | tr '\n' ' ')"
[ "$(row "$tmp/out" main cpu/wall cpu-share ratio)" = null ] || fail "a share that is an error has a ratio"
[ "$(row "$tmp/out" main cpu/wall cpu-share median_a)" = 1 ] || fail "BASE's share is not 1"
[ "$(row "$tmp/out" main cpu/wall cpu-share median_b)" = null ] || fail "the share that is an error has a median"
[ "$(row "$tmp/out" main cpu/wall cpu-share significant)" = null ] || fail "a share that is an error has a verdict"
[ "$(row "$tmp/out" main wall rate ratio)" = 1 ] || fail "main's rate: 3 against 3 is not 1"
[ "$(row "$tmp/out" main wall rate test)" = none ] || fail "summaries only: a test"
[ "$(row "$tmp/out" thread cpu/wall cpu-share median_a)" = 0.5 ] || fail "thread's share is not 0.5"
[ "$(row "$tmp/out" process cpu/wall cpu-share median_b)" = 0.9 ] || fail "process's share is not 0.9"
[ "$(row "$tmp/out" process wall rate n_b)" = 5 ] || fail "process: n_b is not its reps"
[ "$(row "$tmp/out" process wall rate n_a)" = 0 ] || fail "process: n_a is not 0"
# TSV: the same rows, '-' for the share that is not a figure.
expect_status 0 "$CT_COMPARE" -f tsv "$tmp/g" "$tmp/h"
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	$c["placement"] == "main" && $c["figure"] == "cpu-share" { found = 1; if ($c["ratio"] != "-" || $c["median_b"] != "-") exit 1 }
	END { exit !found }' "$tmp/out" || fail "tsv: the share that is an error: $(grep cpu-share "$tmp/out")"

# Sizes in the table: whole KiB, MiB and GiB as such, others in bytes;
# each size pairs with its own.
stream() {
	for b in wall cpu; do
		printf '{"record":"summary","tool":"ct-stream","kernel":"stream","isa":"avx2","placement":"main","unit":"GB/s","size_bytes":%s,"basis":"%s","median":%s,"reps":5,"cpu_share":1}\n' \
			"$2" "$b" "$3" >>"$1"
	done
}
machine "$tmp/s1"
machine "$tmp/s2"
for sz in 1000 32768 1048576 3221225472 1536; do
	stream "$tmp/s1" $sz 10
	stream "$tmp/s2" $sz "$(echo "$sz" | awk '{ print $1 == 32768 ? 5 : 20 }')"
done
expect_status 0 "$CT_COMPARE" "$tmp/s1" "$tmp/s2"
for want in '1000 .* 2\.0' '32K .* 0\.50*' '1M .* 2\.0' '3G .* 2\.0' '1536 .* 2\.0'; do
	grep -q "^main  *$want" "$tmp/out" || fail "no row '$want' in the table: $(cat "$tmp/out")"
done
expect_status 0 "$CT_COMPARE" "$tmp/a" "$tmp/b"
grep -q '^placement  *basis ' "$tmp/out" || fail "a group without sizes has a size column: $(grep placement "$tmp/out")"

# Five runs a side (each a tool's summaries and samples), the runs' medians
# 12 +- 0.2 against 15 +- 0.2: the runs are the unit (every base run under
# every new one: p = 2/252), and +25% is a verdict, not merely apart.
machine "$tmp/ra"
machine "$tmp/rb"
for d in 0 0.2 -0.2 0.1 -0.1; do
	series "$tmp/ra" main 1 $(awk -v d="$d" 'BEGIN { printf "%g %g %g %g %g", 10 + d, 11 + d, 12 + d, 13 + d, 14 + d }')
	series "$tmp/rb" main 1 $(awk -v d="$d" 'BEGIN { printf "%g %g %g %g %g", 12.5 + d, 14.5 + d, 15 + d, 16 + d, 17 + d }')
done
expect_status 0 "$CT_COMPARE" -f json "$tmp/ra" "$tmp/rb"
[ "$(row "$tmp/out" main wall rate test)" = mann-whitney-exact-runs ] &&
	[ "$(row "$tmp/out" main wall rate n_a)" = 5 ] && [ "$(row "$tmp/out" main wall rate n_b)" = 5 ] ||
	fail "five runs a side: not tested run by run: $(grep '"basis":"wall","figure":"rate"' "$tmp/out")"
[ "$(row "$tmp/out" main wall rate p_value)" = 0.00793651 ] || fail "five runs a side: p $(row "$tmp/out" main wall rate p_value), not 2/252"
[ "$(row "$tmp/out" main wall rate changed)" = true ] && [ "$(row "$tmp/out" main wall rate unconfirmed)" = false ] ||
	fail "five runs a side: +25% is not a verdict: $(grep '"basis":"wall","figure":"rate"' "$tmp/out")"
expect_status 0 "$CT_COMPARE" "$tmp/ra" "$tmp/rb"
grep -q '^main  *wall  *rate .* +25\.0% faster  ' "$tmp/out" || fail "five runs a side: no +25.0% verdict: $(cat "$tmp/out")"
! grep -q 'one run a side' "$tmp/out" || fail "five runs a side: the one-run legend: $(cat "$tmp/out")"
exit 0
