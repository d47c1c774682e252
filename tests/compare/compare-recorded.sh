#!/bin/sh
# ct-compare on runs recorded on the development machine (tests/compare/inputs/):
#   stream-quiet.json  ct-stream -c 0 -b 16M -r 15 -s, no sample disturbed
#   stream-load.json   the same beside a busy loop on cpu 0: 15 of 15 disturbed
#   stream-mixed.json  ct-stream -c 1 on a loaded host: 8 of 15 disturbed
#   fma-quick.json     ct-fma -q -c 0 -s (--passes 256, 5 samples)
#   fma-full.json      ct-fma -c 0 -r 5 -s (--passes 2048)
# The figures are the tools' own: comparing the samples and comparing the
# summaries of one file give the same medians, per-cycle from undisturbed
# samples only; the disturbed counts on every row and in the header; no
# verdict where a side is mostly disturbed, for the share, for a QUICK
# run against a full one, or over mixed kinds; a file cut short refused, a trailing blank line
# read; what -o and ./run.sh leave beside raw.txt skipped.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

in=$top_srcdir/tests/compare/inputs

# field REC KEY FILE: KEY of every REC record, one a line.
field() {
	"$JSONL" -r "$1" -f "$2" "$3"
}

# summaries FILE: the file without its samples.
summaries() {
	grep -v '"record":"sample"' "$1"
}

# --- Quiet against loaded: the loaded run's per-cycle rows '-' with the tool's reason. ---
expect_status 0 "$CT_COMPARE" -f json "$in/stream-quiet.json" "$in/stream-load.json"
cp "$tmp/out" "$tmp/ql.json"
[ "$(field compare figure "$tmp/ql.json" | tr '\n' ' ')" = "rate rate cpu-share per-cycle per-cycle " ] ||
	fail "not the five rows of a stream series: $(field compare figure "$tmp/ql.json")"
[ "$(field compare disturbed_a "$tmp/ql.json" | sort -u)" = 0 ] || fail "the quiet side has disturbed samples"
[ "$(field compare disturbed_b "$tmp/ql.json" | sort -u)" = 15 ] || fail "the loaded side: not 15 disturbed on every row"
[ "$(field input disturbed_samples "$tmp/ql.json" | tr '\n' ' ')" = "0 15 " ] || fail "input records: not 0 and 15 disturbed"
pc=$(grep '"figure":"per-cycle"' "$tmp/ql.json")
[ "$(echo "$pc" | "$JSONL" -r compare -f median_b - | sort -u)" = null ] ||
	fail "the loaded run's per-cycle figure from disturbed samples: $pc"
[ "$(echo "$pc" | "$JSONL" -r compare -f n_b - | sort -u)" = 0 ] || fail "per-cycle: disturbed samples counted as used"
[ "$(echo "$pc" | "$JSONL" -r compare -f no_verdict - | sort -u)" = \
  "new: 0 of 15 samples undisturbed (call and brackets >= 90% of wall), 3 needed" ] ||
	fail "per-cycle: not the tool's reason: $(echo "$pc" | "$JSONL" -r compare -f no_verdict -)"
wall=$(grep '"basis":"wall","figure":"rate"' "$tmp/ql.json")
[ "$(echo "$wall" | "$JSONL" -r compare -f changed -)" = null ] || fail "a mostly disturbed side has a verdict: $wall"
[ "$(echo "$wall" | "$JSONL" -r compare -f no_verdict -)" = "new: 15 of 15 samples disturbed" ] ||
	fail "the wall row does not say why it has no verdict: $wall"
share=$(grep '"figure":"cpu-share"' "$tmp/ql.json")
[ "$(echo "$share" | "$JSONL" -r compare -f changed -)" = null ] || fail "the share has a verdict: $share"
# The share with the brackets, as the summary has it (the call alone said 1.000 under load).
[ "$(echo "$share" | "$JSONL" -r compare -f median_b -)" = "$(summaries "$in/stream-load.json" |
	"$JSONL" -r summary -f cpu_share - | head -1)" ] || fail "the share is not the summary's cpu_share: $share"

# The table: the counts in the header, side by side, and on each row.
expect_status 0 "$CT_COMPARE" "$in/stream-quiet.json" "$in/stream-load.json"
grep -q '^ *disturbed  *0 of 15 samples  *15 of 15 samples *$' "$tmp/out" ||
	fail "no disturbed counts in the header: $(cat "$tmp/out")"
[ "$(grep -c '^cpu0 .* 0+15  ' "$tmp/out")" -eq 5 ] || fail "not '0+15' on every row: $(cat "$tmp/out")"
grep -q '^cpu0  *16M  *wall  *per-cycle  *byte/cycle  *[0-9.]*  *-  .* new: 0 of 15 samples undisturbed' "$tmp/out" ||
	fail "the per-cycle row is not '-' with its reason: $(cat "$tmp/out")"

# --- Samples and summaries of one file: the same figures. ---
for f in stream-quiet stream-load stream-mixed fma-full; do
	summaries "$in/$f.json" >"$tmp/s.json"
	"$CT_COMPARE" -f tsv "$in/$f.json" "$in/$f.json" | cut -f5,6,10,11 >"$tmp/from-samples" ||
		fail "$f: ct-compare failed"
	"$CT_COMPARE" -f tsv "$tmp/s.json" "$tmp/s.json" | cut -f5,6,10,11 >"$tmp/from-summaries" ||
		fail "$f: ct-compare on its summaries failed"
	# Equal but for the records' 6 digits (a median of an even count averages two).
	paste "$tmp/from-samples" "$tmp/from-summaries" | awk -F'\t' '
		function same(x, y) { return x == y || (x + 0 > 0 && (x / y - 1) ^ 2 < 1e-10) }
		$1 != $5 || $2 != $6 || !same($3, $7) || !same($4, $8) { bad = 1 }
		END { exit bad || NR != 6 }' ||
		fail "$f: samples and summaries differ: $(diff "$tmp/from-samples" "$tmp/from-summaries")"
done
# Against the tool's own figures: 8 of 15 disturbed, the per-cycle median of the 7 others.
"$CT_COMPARE" -f json "$in/stream-mixed.json" "$in/stream-mixed.json" >"$tmp/m.json" || fail "mixed: failed"
[ "$(grep '"basis":"wall","figure":"per-cycle"' "$tmp/m.json" | "$JSONL" -r compare -f median_a -)" = \
  "$(summaries "$in/stream-mixed.json" | "$JSONL" -r summary -f per_cycle_median - | head -1)" ] ||
	fail "mixed: the per-cycle median is not the summary's"
[ "$(grep '"figure":"per-cycle"' "$tmp/m.json" | "$JSONL" -r compare -f n_a - | sort -u)" = 7 ] ||
	fail "mixed: per-cycle rows not over the 7 undisturbed samples"
[ "$(field compare disturbed_a "$tmp/m.json" | sort -u)" = 8 ] || fail "mixed: not 8 disturbed"

# --- QUICK against a full run: every row flagged, from samples and from summaries. ---
expect_status 0 "$CT_COMPARE" -f json "$in/fma-quick.json" "$in/fma-full.json"
[ "$(field compare no_verdict "$tmp/out" | sort -u)" = \
  "work per sample differs: new 8 x base's (QUICK against a full run, another -n or --passes?)" ] ||
	fail "QUICK against full not flagged: $(field compare no_verdict "$tmp/out" | sort -u)"
[ "$(field compare changed "$tmp/out" | sort -u)" = null ] || fail "QUICK against full has verdicts"
summaries "$in/fma-quick.json" >"$tmp/q.json"
summaries "$in/fma-full.json" >"$tmp/f.json"
expect_status 0 "$CT_COMPARE" -f json "$tmp/q.json" "$tmp/f.json"
field compare no_verdict "$tmp/out" | grep -qv '^work per sample differs: base passes 256, .*new passes 2048' &&
	fail "summaries of QUICK against full not flagged: $(field compare no_verdict "$tmp/out")"

# --- Kinds: a result over more than one kind, or another kind under one key, flagged. ---
# kinds FILE KINDS: FILE's summaries as ct-place writes them with its kinds member.
kinds() {
	sed 's/^\({"record":"summary",.*\)}$/\1,"kinds":"'"$2"'"}/' "$1"
}
kinds "$in/fma-full.json" performance >"$tmp/kp.json"
kinds "$in/fma-full.json" performance,efficiency >"$tmp/kpe.json"
kinds "$in/fma-full.json" efficiency >"$tmp/ke.json"
expect_status 0 "$CT_COMPARE" -f json "$tmp/kp.json" "$tmp/kpe.json"
[ "$(field compare no_verdict "$tmp/out" | sort -u)" = \
  "kinds differ: base ran on performance, new on performance,efficiency" ] ||
	fail "mixed kinds not flagged: $(field compare no_verdict "$tmp/out" | sort -u)"
expect_status 0 "$CT_COMPARE" -f json "$tmp/kpe.json" "$tmp/kpe.json"
[ "$(field compare no_verdict "$tmp/out" | grep -v share | sort -u)" = \
  "base: mixed kinds (performance,efficiency): compare them one by one" ] ||
	fail "mixed kinds on both sides not flagged: $(field compare no_verdict "$tmp/out" | sort -u)"
expect_status 0 "$CT_COMPARE" -f json "$in/fma-full.json" "$tmp/kpe.json"
[ "$(field compare no_verdict "$tmp/out" | grep -v share | sort -u)" = \
  "new: mixed kinds (performance,efficiency): compare them one by one" ] ||
	fail "mixed kinds on the new side not flagged: $(field compare no_verdict "$tmp/out" | sort -u)"
expect_status 0 "$CT_COMPARE" "$tmp/kp.json" "$tmp/ke.json"
grep -q '^\* *kinds  *performance  *efficiency *$' "$tmp/out" || fail "the header does not list each side's kinds"
grep -q 'kinds differ: base ran on performance, new on efficiency' "$tmp/out" || fail "another kind not flagged"
expect_status 0 "$CT_COMPARE" -f json "$tmp/kp.json" "$tmp/kp.json"
field compare no_verdict "$tmp/out" | grep -q kinds && fail "one kind on both sides flagged"

# --- The chart: a disturbed bar marked and said; none where no sample was disturbed. ---
expect_status 0 "$CT_COMPARE" -o "$tmp/chart" "$in/stream-quiet.json" "$in/stream-load.json"
"$top_builddir/tests/xml-check" "$tmp/chart/summary.svg" || fail "summary.svg is not well-formed"
[ "$(grep -c 'class="disturbed"' "$tmp/chart/summary.svg")" -eq 1 ] || fail "the disturbed bar is not marked"
grep -q 'class="caveat".*disturbed (descheduled) samples' "$tmp/chart/summary.svg" || fail "the chart does not say what '*' is"
grep -q 'A row without a bar is in one input only, or has no ratio' "$tmp/chart/summary.svg" ||
	fail "the legend does not say what a missing bar means"
expect_status 0 "$CT_COMPARE" -o "$tmp/chart2" "$in/stream-quiet.json" "$in/stream-quiet.json"
grep -q 'class="disturbed"\|class="caveat"' "$tmp/chart2/summary.svg" && fail "an undisturbed bar is marked"
# Rows keyed as the table's: a stream's size is in its panel, not in the
# placement's row, so the FMA panel has no "cpu0 16M" row it never measured.
cat "$in/fma-full.json" "$in/stream-quiet.json" >"$tmp/both.json"
expect_status 0 "$CT_COMPARE" -o "$tmp/chart3" "$tmp/both.json" "$tmp/both.json"
[ "$(grep -c 'class="label"' "$tmp/chart3/summary.svg")" -eq 1 ] ||
	fail "not one row (cpu0) in the chart of an FMA and a stream series: $(grep -o 'class="label"[^<]*' "$tmp/chart3/summary.svg")"
[ "$(grep -c 'class="panel"' "$tmp/chart3/summary.svg")" -eq 2 ] || fail "not a panel each for FMA and the 16M stream"
grep -q '>[^<]*stream[^<]* 16M<' "$tmp/chart3/summary.svg" || fail "the stream panel does not name its size"
grep -q 'not measured' "$tmp/chart3/summary.svg" && fail "a panel has a row it never measured"

# --- A file cut short; a trailing blank line. ---
cat "$in/fma-full.json" "$in/fma-full.json" >"$tmp/two.json"
head -n $(($(wc -l <"$tmp/two.json") - 2)) "$tmp/two.json" >"$tmp/cut.json"
expect_status 1 "$CT_COMPARE" "$in/fma-full.json" "$tmp/cut.json"
grep -q "cut.json:$(($(wc -l <"$tmp/two.json") - 2)): ct-fma fma (avx2) at cpu0: 3 samples after a summary of 5 reps: a file cut short or edited" \
	"$tmp/err" || fail "a cut file not refused: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "a cut file left output"
{ cat "$in/fma-full.json"; echo; echo; } >"$tmp/blank.json"
expect_status 0 "$CT_COMPARE" "$in/fma-full.json" "$tmp/blank.json"

# --- Counts and nanoseconds that no C type holds: refused, not cast (fuzz-compare-read's find). ---
for f in '"wall_ns":1948413/"wall_ns":4.77778e+30' '"bracket_cpu_ns":3176041/"bracket_cpu_ns":-5' \
	'"cpus_online":2/"cpus_online":1e300' '"descheduled":1/"descheduled":2.5'; do
	sed "0,/${f%%/*}/s//${f#*/}/" "$in/fma-full.json" >"$tmp/huge.json"
	cmp -s "$in/fma-full.json" "$tmp/huge.json" && fail "the edit ${f%%/*} matched nothing"
	expect_status 1 "$CT_COMPARE" "$in/fma-full.json" "$tmp/huge.json"
	name=${f%%\":*}
	grep -Eq "huge.json:[0-9]+: .* record with ${name}\" .*: not a (count|time)$" "$tmp/err" ||
		fail "${f#*/} not refused as no count or time: $(cat "$tmp/err")"
done

# --- What -o and ./run.sh leave: raw.txt read, summary.md and summary.svg beside it skipped. ---
mkdir "$tmp/r1" "$tmp/r2"
cp "$in/fma-full.json" "$tmp/r1/raw.txt"
cp "$in/fma-full.json" "$tmp/r2/raw.txt"
for d in r1 r2; do
	echo '# coretype: placements compared' >"$tmp/$d/summary.md"
	echo '<svg xmlns="http://www.w3.org/2000/svg"/>' >"$tmp/$d/summary.svg"
done
expect_status 0 "$CT_COMPARE" -f json "$tmp"/r1/* "$tmp"/r2/*
[ "$(field input file "$tmp/out" | tr '\n' ' ')" = "$tmp/r1/raw.txt $tmp/r2/raw.txt " ] ||
	fail "not raw.txt alone of each directory: $(field input file "$tmp/out")"
# ./run.sh's results/: a directory per run, each read as its raw.txt.
mkdir "$tmp/results"
mv "$tmp/r1" "$tmp/r2" "$tmp/results/"
expect_status 0 "$CT_COMPARE" -f json "$tmp"/results/*
[ "$(field input file "$tmp/out" | tr '\n' ' ')" = "$tmp/results/r1 $tmp/results/r2 " ] ||
	fail "results/* of two runs: not the two run directories: $(field input file "$tmp/out")"
[ "$(grep -c '"record":"compare"' "$tmp/out")" -gt 0 ] || fail "results/* of two runs: no rows compared"
mv "$tmp/results/r1" "$tmp/results/r2" "$tmp/"
# One run's files alone: nothing to be compared with, and said so.
expect_status 2 "$CT_COMPARE" "$tmp"/r1/*
grep -q "^ct-compare: a NEW input is missing: give BASE and at least one NEW (2 skipped: the Markdown and chart beside a raw.txt)$" \
	"$tmp/err" || fail "results/* of one run: $(cat "$tmp/err")"
# Without a raw.txt beside it, a Markdown file is an input like any other (and not a run).
expect_status 1 "$CT_COMPARE" "$tmp/r1/raw.txt" "$tmp/r1/summary.md" "$tmp/none.md"
exit 0
