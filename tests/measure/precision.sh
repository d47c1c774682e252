#!/bin/sh
# --precision and --max-time, end to end: a run that stops on precision
# (its interval recomputed here from its own samples), one that stops on
# the time cap, the default fixed run, the cap on a fixed run, every tool
# and format, and the usage errors.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

# field RECORD KEY [BASIS]: KEY of the RECORD objects of $tmp/out (wall basis by default).
field() {
	"$JSONL" -r "$1" -f "$2" "$tmp/out"
}

# P(B <= k), B ~ Binomial(n, 1/2), and the lower rank of the 95% interval.
lower_rank() {
	awk -v n="$1" 'BEGIN {
		p = 0.5 ^ n; cum = 0; l = 0
		while (cum + p <= 0.025) { cum += p; p = p * (n - l) / (l + 1); l++ }
		print l
	}'
}

# 1. Stops on precision: +-100% is reached as soon as there is an interval
# (6 samples) on any machine, however busy.
expect_status 0 "$CT_CLOCK" -q -S 0 --precision 100 --max-time 60 -f json --samples
[ -n "$(messages "$tmp/err")" ] && fail "precision run: $(cat "$tmp/err")"
"$JSONL" "$tmp/out" || fail "precision run: bad json"
[ "$(field summary stopped_by | sort -u)" = precision ] ||
	fail "precision run stopped by $(field summary stopped_by | sort -u | tr '\n' ' ')"
n=$(field summary reps | head -1)
[ "$n" -ge 6 ] || fail "precision run has $n samples, an interval needs 6"
[ "$(field sample rep | wc -l)" -eq "$n" ] || fail "precision run: $n reps but $(field sample rep | wc -l) sample records"
# The reported interval is the samples' order statistics of the binomial ranks.
l=$(lower_rank "$n")
for basis in wall cpu; do
	lo=$(field summary ci_low | sed -n "$([ $basis = wall ] && echo 1 || echo 2)p")
	hi=$(field summary ci_high | sed -n "$([ $basis = wall ] && echo 1 || echo 2)p")
	hw=$(field summary ci_halfwidth_pct | sed -n "$([ $basis = wall ] && echo 1 || echo 2)p")
	md=$(field summary median | sed -n "$([ $basis = wall ] && echo 1 || echo 2)p")
	field sample "value_$basis" | sort -g >"$tmp/sorted"
	awk -v l="$l" -v n="$n" -v lo="$lo" -v hi="$hi" -v hw="$hw" -v md="$md" '
		{ v[NR] = $1 }
		function near(a, b) { return (a - b) <= 1e-5 * b && (b - a) <= 1e-5 * b }
		END {
			if (!near(v[l], lo) || !near(v[n + 1 - l], hi)) exit 1
			# hw from six-digit figures: a looser match.
			x = 100 * (hi - lo) / 2 / md
			if (x - hw > 1e-3 * hw + 1e-4 || hw - x > 1e-3 * hw + 1e-4 || hw > 100) exit 1
		}' "$tmp/sorted" ||
		fail "$basis: interval [$lo, $hi] +-$hw% is not ranks $l and $((n + 1 - l)) of the $n samples"
done

# 2. Stops on the time cap: +-0.001% is out of reach in 0.3 s.
start=$(date +%s)
expect_status 0 "$CT_CLOCK" -q -S 0 --precision 0.001 --max-time 0.3 -f json
[ "$(field summary stopped_by | sort -u)" = max-time ] ||
	fail "capped run stopped by $(field summary stopped_by | sort -u | tr '\n' ' ')"
[ $(($(date +%s) - start)) -lt 20 ] || fail "a 0.3 s cap took $(($(date +%s) - start)) s"
for hw in $(field summary ci_halfwidth_pct); do
	[ "$hw" = null ] || awk -v x="$hw" 'BEGIN { exit !(x > 0.001) }' ||
		fail "the capped run claims +-$hw%, under what it asked for"
done

# 3. The default stays a fixed number of samples; --max-time caps it too.
expect_status 0 "$CT_CLOCK" -q -S 0 -f json
[ "$(field summary stopped_by | sort -u)" = reps ] || fail "a default run did not stop on reps"
[ "$(field summary reps | sort -u)" = 5 ] || fail "a QUICK run did not take 5 samples"
REPS=100000 expect_status 0 "$CT_CLOCK" -q -S 0 -n 800000 --max-time 0.3 -f json
[ "$(field summary stopped_by | sort -u)" = max-time ] || fail "REPS=100000 was not capped"
[ "$(field summary reps | head -1)" -lt 100000 ] || fail "REPS=100000 took them all in 0.3 s"

# 4. Every ISA of ct-fma stops together (one round-robin), in TSV too.
expect_status 0 "$CT_FMA" -q -S 0 --all-isa --precision 100 -f tsv
head -1 "$tmp/out" | grep -q '	ci_halfwidth_pct	stopped_by	descheduled	per_cycle_samples	precision_reached	' ||
	fail "tsv header does not have the precision columns: $(head -1 "$tmp/out")"
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print $c["reps"], $c["stopped_by"], $c["precision_reached"] }' "$tmp/out" | sort -u >"$tmp/stops"
[ "$(wc -l <"$tmp/stops")" -eq 1 ] && grep -q ' precision true$' "$tmp/stops" ||
	fail "ct-fma --all-isa: rows differ or did not stop on precision: $(cat "$tmp/stops")"
expect_status 0 "$CT_STREAM" -q -S 0 -b 1M --precision 100 -f json
[ "$(field summary stopped_by | sort -u)" = precision ] || fail "ct-stream did not stop on precision"
expect_status 0 "$CT_CLOCK" -q -S 0 --precision 100
grep -q ' ci%$' "$tmp/out" || fail "the table has no ci% column"

# 5. ct-place: every placement's run stops on its own.
expect_status 0 "$CT_PLACE" -q -S 0 -p main,thread --precision 100 -f json
[ "$(field summary stopped_by | sort -u)" = precision ] || fail "ct-place did not stop on precision"
[ "$(field summary placement | sort -u | wc -l)" -eq 2 ] || fail "ct-place: not two placements"
expect_status 0 "$CT_PLACE" -q -S 0 -p main --precision 0.001 --max-time 0.3 -f json
[ "$(field summary stopped_by | sort -u)" = max-time ] || fail "ct-place was not capped"

# 6. Usage errors: exit 2, one message and the hint.
for bad in 0 -1 101 abc '' 1x nan inf; do
	expect_status 2 "$CT_CLOCK" --precision "$bad"
	grep -q "^\(lt-\)\{0,1\}ct-clock: invalid --precision '$bad': a number above 0 and at most 100" "$tmp/err" ||
		fail "--precision '$bad': $(cat "$tmp/err")"
	[ -s "$tmp/out" ] && fail "--precision '$bad' wrote to stdout"
done
for bad in 0 x 86401; do
	expect_status 2 "$CT_FMA" --max-time "$bad"
	grep -q "invalid --max-time '$bad'" "$tmp/err" || fail "--max-time '$bad': $(cat "$tmp/err")"
done
expect_status 2 "$CT_STREAM" --precision 0
expect_status 2 "$CT_PLACE" -l --precision 5
grep -q "precision applies to the comparison only" "$tmp/err" || fail "ct-place -l --precision: $(cat "$tmp/err")"

# 6. A precision not reached is said: on stderr, in the JSON, under the
# table; reached, the JSON says so too; without --precision, nothing.
# +-0.001% is out of reach by construction: the interval of the median of
# n samples is about 2.5 sd / sqrt(n) wide each side, and a second of 1.7
# ms samples (10 million adds on a 6 GHz core) is 600 of them, so it would
# take a clock steadier than 0.01% sample to sample (0.2-0.5% is what
# machines give); +-0.01% (as before) is within reach of a quiet 6 GHz
# core whose clock varies by 0.1%.
expect_status 0 "$CT_CLOCK" -S 0 --precision 0.001 --max-time 1 -f json
[ "$(field summary precision_reached | sort -u)" = false ] ||
	fail "--precision 0.001 --max-time 1: precision_reached $(field summary precision_reached)"
grep -q "warning: precision +-0.001% not reached for 1 of 1 series (stopped by max-time)" "$tmp/err" ||
	fail "no warning of the precision not reached: $(cat "$tmp/err")"
"$JSONL" -r machine -f warnings "$tmp/out" | grep -q 'precision +-0.001% not reached' ||
	fail "the machine record's warnings lack the precision"
expect_status 0 "$CT_CLOCK" -q -S 0 --precision 0.001 --max-time 0.5
grep -q '^~      precision +-0.001% not reached' "$tmp/out" || fail "no table footnote: $(cat "$tmp/out")"
grep -q ' [0-9.-]*~ *$' "$tmp/out" || fail "the ci% cells are not marked: $(cat "$tmp/out")"
expect_status 0 "$CT_CLOCK" -q -S 0 --precision 100 -f json
[ "$(field summary precision_reached | sort -u)" = true ] || fail "--precision 100: not reached"
expect_status 0 "$CT_CLOCK" -q -S 0 -f json
grep -q precision_reached "$tmp/out" && fail "precision_reached without --precision"
# ct-place: an interval column with --precision, none without.
REPS=3 expect_status 0 "$CT_PLACE" -q -S 0 -p main --precision 0.001 --max-time 0.5
grep -q '^placement .* ci%$' "$tmp/out" || fail "ct-place --precision: no ci% column: $(cat "$tmp/out")"
grep -q '^~      precision' "$tmp/out" || fail "ct-place: no precision footnote"
REPS=3 expect_status 0 "$CT_PLACE" -q -S 0 -p main
grep -q 'ci%' "$tmp/out" && fail "ct-place without --precision has a ci% column"
exit 0
