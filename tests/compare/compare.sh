#!/bin/sh
# ct-compare end to end: a real ct-clock run against a copy of it whose
# every sample is 10% slower (ratio 0.909, significant) and against itself
# (ratio 1, not significant); summaries only (a ratio, no verdict); a
# ct-place -o directory against itself, with -o; a fleet of three; rows on
# one side only; standard input; runs pooled; the hostname and CT_HOSTNAME.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

# slow FILE: every rate 10% slower, every time 10% longer.
slow() {
	awk -v rate="$(awk 'BEGIN { printf "%.12g", 1 / 1.1 }')" -f "$top_srcdir/tests/scale-json.awk" "$1"
}

# field REC KEY FILE: KEY of every REC record (jsonl-check).
field() {
	"$JSONL" -r "$1" -f "$2" "$3"
}

# in_range X LO HI
in_range() {
	awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x + 0 >= lo && x + 0 <= hi) }'
}

"$CT_CLOCK" --reps 15 --samples -f json >"$tmp/raw.json" 2>"$tmp/err" || fail "ct-clock failed: $(cat "$tmp/err")"
# Every sample as if it had its cpu throughout (cpu_ns = wall_ns): the
# verdicts below are of the statistics, not of this host's load, which
# takes a mostly descheduled side's verdict away (compare-recorded.sh).
# And its rates a known spread (3 GHz, +0.2 % a sample): a host whose
# load spreads the real samples by more than the 10 % change below would
# otherwise take the verdicts this test checks (its interval reached 0.981
# at a load of 6, past the 3 % threshold).
sed '/"record":"sample"/s/"cpu_ns":[0-9]*/"cpu_ns":WALL/' "$tmp/raw.json" |
	awk '/"cpu_ns":WALL/ { match($0, /"wall_ns":[0-9]*/); w = substr($0, RSTART + 10, RLENGTH - 10)
		sub(/"cpu_ns":WALL/, "\"cpu_ns\":" w)
		v = sprintf("%.6f", 3 * (1 + 0.002 * k++))
		sub(/"value_wall":[0-9.eE+-]*/, "\"value_wall\":" v)
		sub(/"value_cpu":[0-9.eE+-]*/, "\"value_cpu\":" v) } { print }' >"$tmp/a.json"
slow "$tmp/a.json" >"$tmp/b.json"
[ "$(field sample value_cpu "$tmp/b.json" | wc -l)" -eq 15 ] || fail "the slow copy lost samples"
"$JSONL" "$tmp/b.json" || fail "the slow copy does not parse"

# Against the slow copy: both bases 0.88-0.92; on the cpu basis (the
# thread's own time, which a shared machine disturbs least) significant.
expect_status 0 "$CT_COMPARE" -f json "$tmp/a.json" "$tmp/b.json"
[ -s "$tmp/err" ] && fail "a clean comparison wrote to stderr: $(cat "$tmp/err")"
cp "$tmp/out" "$tmp/ab.json"
"$JSONL" "$tmp/ab.json" || fail "json output does not parse"
[ "$(field input role "$tmp/ab.json" | tr '\n' ' ')" = "base new " ] || fail "not one input record per input"
[ "$(field compare figure "$tmp/ab.json" | tr '\n' ' ')" = "rate rate cpu-share " ] ||
	fail "not the rate on two bases and the share: $(field compare figure "$tmp/ab.json")"
for r in $(field compare ratio "$tmp/ab.json" | head -2); do
	in_range "$r" 0.88 0.92 || fail "ratio $r against a copy 10% slower"
done
cpu=$(grep '"basis":"cpu","figure":"rate"' "$tmp/ab.json")
[ "$(echo "$cpu" | "$JSONL" -r compare -f significant -)" = true ] ||
	fail "10% slower on the cpu basis is not significant: $cpu"
[ "$(echo "$cpu" | "$JSONL" -r compare -f test -)" = mann-whitney-exact ] || fail "15 + 15 samples: not the exact test"
[ "$(echo "$cpu" | "$JSONL" -r compare -f n_a -)" = 15 ] || fail "n_a is not 15"
lo=$(echo "$cpu" | "$JSONL" -r compare -f ratio_ci_low -)
hi=$(echo "$cpu" | "$JSONL" -r compare -f ratio_ci_high -)
awk -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(lo <= 0.90910 && hi >= 0.90909 && hi < 1) }' ||
	fail "the interval [$lo, $hi] does not hold 1/1.1, or holds 1"
# The share did not change: a ratio of 1, not significant.
share=$(grep '"figure":"cpu-share"' "$tmp/ab.json")
[ "$(echo "$share" | "$JSONL" -r compare -f ratio -)" = 1 ] || fail "the share changed: $share"
[ "$(echo "$share" | "$JSONL" -r compare -f significant -)" = false ] || fail "the same share is significant"

# The table says it the benchstat way; TSV has the same rows.
expect_status 0 "$CT_COMPARE" "$tmp/a.json" "$tmp/b.json"
grep -q '^ct-clock addchain (x86-64)$' "$tmp/out" || fail "no kernel group in the table"
# One run a side: apart, not a verdict ('-9.1%?'), and the legend says why.
grep -q '^main *cpu *rate *GHz .* 0\.909 .* -9\.1%? .* one run a side: apart in these runs only' "$tmp/out" ||
	fail "no -9.1%? (apart, one run a side): $(cat "$tmp/out")"
grep -q '^one run a side: the test holds each run.s own spread, not what the host moves between runs .*give 5 runs a side' "$tmp/out" ||
	fail "one run a side: the legend does not say what the test leaves out: $(cat "$tmp/out")"
grep -q '^  hostname ' "$tmp/out" || fail "no hostname row in the machine header"
expect_status 0 "$CT_COMPARE" -f tsv "$tmp/a.json" "$tmp/b.json"
awk -F'\t' 'NR == 1 && $1 != "#tool" { exit 1 } NR == 1 { n = NF } NF != n { exit 1 } END { exit NR != 4 }' \
	"$tmp/out" || fail "tsv is not a header and 3 rows of one width: $(cat "$tmp/out")"

# Against itself: ratio 1, p 1, nothing significant.
expect_status 0 "$CT_COMPARE" -f json "$tmp/a.json" "$tmp/a.json"
[ "$(field compare ratio "$tmp/out" | sort -u)" = 1 ] || fail "a run against itself: ratio not 1"
[ "$(field compare p_value "$tmp/out" | sort -u)" = 1 ] || fail "a run against itself: p not 1"
[ "$(field compare significant "$tmp/out" | sort -u)" = false ] || fail "a run against itself is significant"
expect_status 0 "$CT_COMPARE" "$tmp/a.json" "$tmp/a.json"
# The cpu basis: the wall one of a run mostly descheduled (a loaded host) has no verdict.
grep -q '^main *cpu *rate *GHz .* 1\.000 .* ~ ' "$tmp/out" || fail "no '~' against itself: $(cat "$tmp/out")"

# Standard input, and a file of two runs: their samples pooled.
cat "$tmp/a.json" "$tmp/a.json" >"$tmp/aa.json"
expect_status 0 "$CT_COMPARE" -f json - "$tmp/aa.json" <"$tmp/a.json"
[ "$(field compare n_b "$tmp/out" | sort -u)" = 30 ] || fail "two runs in a file: not 30 samples pooled"
[ "$(field compare file_a "$tmp/out" | sort -u)" = - ] || fail "standard input is not named '-'"

# Summaries only: the ratio of the medians, no test, no verdict, and said.
grep -v '"record":"sample"' "$tmp/a.json" >"$tmp/as.json"
grep -v '"record":"sample"' "$tmp/b.json" >"$tmp/bs.json"
expect_status 0 "$CT_COMPARE" -f json "$tmp/as.json" "$tmp/bs.json"
[ "$(field compare test "$tmp/out" | sort -u)" = none ] || fail "summaries only: a test was made"
[ "$(field compare significant "$tmp/out" | sort -u)" = null ] || fail "summaries only: a verdict"
[ "$(field compare ratio_ci_low "$tmp/out" | sort -u)" = null ] || fail "summaries only: an interval"
in_range "$(field compare ratio "$tmp/out" | head -1)" 0.88 0.92 || fail "summaries only: not the ratio of medians"
expect_status 0 "$CT_COMPARE" "$tmp/as.json" "$tmp/bs.json"
grep -q "summaries only (no --samples) on a side: the ratio of their medians, no test, no verdict" \
	"$tmp/out" || fail "the table does not say there is no verdict"
grep -Eq '^main *wall *rate .* 0\.909 .* - *15\+15 ' "$tmp/out" || fail "summaries only: row: $(cat "$tmp/out")"

# A fleet: each NEW against BASE, on rows of its own, with its file.
expect_status 0 "$CT_COMPARE" -f json "$tmp/a.json" "$tmp/b.json" "$tmp/a.json"
[ "$(field input role "$tmp/out" | tr '\n' ' ')" = "base new new " ] || fail "fleet: input records"
[ "$(field compare file "$tmp/out" | uniq | tr '\n' ' ')" = "$tmp/b.json $tmp/a.json $tmp/b.json $tmp/a.json $tmp/b.json $tmp/a.json " ] ||
	fail "fleet: rows are not each key's NEWs side by side: $(field compare file "$tmp/out")"
expect_status 0 "$CT_COMPARE" "$tmp/a.json" "$tmp/b.json" "$tmp/a.json"
grep -q "^new  *placement " "$tmp/out" || fail "fleet: the table has no column naming the NEW"

# The hostname, and CT_HOSTNAME to give another or none.
[ "$(field machine hostname "$tmp/a.json")" = "$(uname -n)" ] || fail "hostname is not uname -n"
CT_HOSTNAME= "$CT_CLOCK" -q -r 2 -f json >"$tmp/h.json" 2>/dev/null || fail "ct-clock with CT_HOSTNAME= failed"
[ -z "$(field machine hostname "$tmp/h.json")" ] || fail "CT_HOSTNAME= left the name in"
grep -q "$(uname -n)" "$tmp/h.json" && fail "CT_HOSTNAME= left the name somewhere"
CT_HOSTNAME=node-a "$CT_CLOCK" -q -r 2 -f json >"$tmp/n.json" 2>/dev/null || fail "ct-clock with CT_HOSTNAME=node-a failed"
[ "$(field machine hostname "$tmp/n.json")" = node-a ] || fail "CT_HOSTNAME=node-a not recorded"
expect_status 0 "$CT_COMPARE" "$tmp/h.json" "$tmp/n.json"
grep -q '^\* *hostname  *(withheld)  *node-a *$' "$tmp/out" || fail "hostname row: $(grep hostname "$tmp/out")"

# A ct-place -o directory against itself, and -o: three files, whole.
# Rows pair on the ISA and the stream's size, which ct-place calibrates
# at run time: on a loaded machine two runs can choose differently, so
# both runs name theirs (CT_ISA, CT_STREAM_LOOP).
mkdir "$tmp/p" "$tmp/q" "$tmp/res"
CT_ISA=scalar CT_STREAM_LOOP=plain REPS=5 "$CT_PLACE" -q -S 0 -p main,thread -o "$tmp/p" >/dev/null 2>&1 || fail "ct-place -o failed"
CT_ISA=scalar CT_STREAM_LOOP=plain REPS=5 "$CT_PLACE" -q -S 0 -p main -o "$tmp/q" >/dev/null 2>&1 || fail "ct-place -o failed"
expect_status 0 "$CT_COMPARE" -o "$tmp/res" "$tmp/p" "$tmp/p"
for k in addchain fma stream chase chase-16; do
	grep -q "^ct-place $k (" "$tmp/out" || fail "ct-place dir: no $k group"
done
grep -v '^results ' "$tmp/out" | grep -q 'base only\|new only' && fail "a directory against itself has one-sided rows"
[ "$(ls -A "$tmp/res" | tr '\n' ' ')" = "raw.txt summary.md summary.svg " ] || fail "-o left: $(ls -A "$tmp/res")"
"$JSONL" "$tmp/res/raw.txt" || fail "raw.txt does not parse"
# Every ratio 1 but the per-cycle rows' with too few undisturbed samples (null).
[ "$(field compare ratio "$tmp/res/raw.txt" | grep -v null | sort -u)" = 1 ] || fail "ct-place dir against itself: ratio not 1"
# ct-stream's rows are paired on the size too.
grep -q '"kernel":"stream".*"size_bytes":[1-9][0-9]*,' "$tmp/res/raw.txt" || fail "the stream rows have no size"
grep -q '^## ct-place fma (' "$tmp/res/summary.md" || fail "summary.md has no fma table"
"$top_builddir/tests/xml-check" "$tmp/res/summary.svg" || fail "summary.svg is not well-formed"
# One bar per kernel and placement, on the wall basis.
[ "$(grep -c 'class="bar"' "$tmp/res/summary.svg")" -eq 10 ] || fail "not 10 bars (5 kernels x 2 placements)"
grep -q 'class="err"' "$tmp/res/summary.svg" || fail "no interval drawn"

# Rows on one side only are listed, never dropped.
expect_status 0 "$CT_COMPARE" -f json "$tmp/p/raw.txt" "$tmp/q"
[ "$(field compare present "$tmp/out" | sort | uniq -c | awk '{ print $2 $1 }' | tr '\n' ' ')" = "base21 both21 " ] ||
	fail "thread in base only: $(field compare present "$tmp/out" | sort | uniq -c)"
expect_status 0 "$CT_COMPARE" "$tmp/q" "$tmp/p"
[ "$(grep -c '^thread .* new only ' "$tmp/out")" -eq 21 ] || fail "new-only rows not in the table"
exit 0
