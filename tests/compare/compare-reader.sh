#!/bin/sh
# ct-compare pairs a result on what read it (issues 37 and 41), from runs
# recorded on the development machine (tests/compare/inputs/):
#   stream-plain.json, stream-plain-again.json, stream-xor.json,
#   stream-short.json   ct-stream -c 0 -b 16K -r 5 -s, back to back: the
#                       calibration picked avx512 and the plain, plain,
#                       xor and short loops
#   stream-avx2.json    the same with CT_ISA=avx2 (the plain loop)
#   latency-chains.json ct-latency -q -c 0 -b 64K --chains 1,2 -r 5 -s
# One reader on both sides: a test and a verdict; another ISA, loop or
# prefetch distance: a "different reader" row, both medians, no ratio, no
# verdict, and how to measure base's reader again; chain counts apart:
# separate results.  The verdicts count each result once, by its wall
# rate row.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

in=$top_srcdir/tests/compare/inputs

field() {
	"$JSONL" -r "$1" -f "$2" "$3"
}

# rows FILE KEY: KEY of the compare rows of FILE (the NEW) in $tmp/out.
rows() {
	grep '"record":"compare"' "$tmp/out" | grep -F "\"file\":\"$1\"" | "$JSONL" -r compare -f "$2" -
}

# scaled RATE FILE: the run made RATE times as fast (tests/scale-json.awk).
scaled() {
	awk -v rate="$1" -f "$top_srcdir/tests/scale-json.awk" "$2"
}

# --- Three calibrated runs that picked three loops, and one that picked the first's again. ---
expect_status 0 "$CT_COMPARE" -f json "$in/stream-plain.json" "$in/stream-plain-again.json" \
	"$in/stream-xor.json" "$in/stream-short.json" "$in/stream-avx2.json"
cp "$tmp/out" "$tmp/four.json"
[ "$(rows "$in/stream-plain-again.json" reader_b | sort -u)" = avx512/plain ] ||
	fail "the plain loop again: not avx512/plain: $(rows "$in/stream-plain-again.json" reader_b)"
[ "$(rows "$in/stream-plain-again.json" present | sort -u)" = both ] || fail "one reader: not paired"
# One reader: tested, and the rates '~' (the same loop, minutes apart).
[ "$(rows "$in/stream-plain-again.json" test | sort | uniq -c | awk '{ print $2 $1 }' | tr '\n' ' ')" = \
  "jackknife-normal1 mann-whitney-exact4 " ] || fail "one reader: not tested: $(rows "$in/stream-plain-again.json" test)"
grep '"figure":"rate"' "$tmp/out" | grep -F "$in/stream-plain-again.json" | "$JSONL" -r compare -f changed - |
	sort -u | grep -qx false || fail "one reader: the rates are not '~'"
for f in xor:avx512/xor short:avx512/short avx2:avx2/plain; do
	file=$in/stream-${f%%:*}.json reader=${f#*:}
	[ "$(rows "$file" reader_a | sort -u)" = avx512/plain ] || fail "$f: reader_a not base's"
	[ "$(rows "$file" reader_b | sort -u)" = "$reader" ] || fail "$f: reader_b: $(rows "$file" reader_b | sort -u)"
	[ "$(rows "$file" present | sort -u)" = both ] || fail "$f: one result of two readers is not one row"
	[ "$(rows "$file" no_verdict | sort -u)" = \
	  "different reader: avx512/plain against $reader (base's: CT_ISA=avx512 CT_STREAM_LOOP=plain, or ct-stream --readers with base's file)" ] ||
		fail "$f: not the different reader's note: $(rows "$file" no_verdict | sort -u)"
	for k in ratio p_value ratio_ci_low changed significant; do
		[ "$(rows "$file" $k | sort -u)" = null ] || fail "$f: a different reader's row has a $k"
	done
	[ "$(rows "$file" test | sort -u)" = none ] || fail "$f: a different reader's row was tested"
	# Both medians, each its own run's summary.
	want=$(grep '"record":"summary"' "$file" | "$JSONL" -r summary -f median - | head -1)
	[ "$(grep '"basis":"wall","figure":"rate"' "$tmp/out" | grep -F "$file" | "$JSONL" -r compare -f median_b -)" = "$want" ] ||
		fail "$f: the new median is not its run's ($want)"
	[ "$(rows "$file" n_b | head -1)" = 5 ] || fail "$f: not its 5 samples"
done
# The verdicts, a result once each.
v() {
	grep '"record":"verdicts"' "$tmp/four.json" | grep -F "\"file\":\"$in/stream-$1.json\"" |
		"$JSONL" -r verdicts -f "$2" -
}
[ "$(v plain-again results)/$(v plain-again unchanged)/$(v plain-again different_reader)" = 1/1/0 ] ||
	fail "plain again: not one result, unchanged"
for f in xor short avx2; do
	[ "$(v $f results)/$(v $f different_reader)/$(v $f unchanged)" = 1/1/0 ] ||
		fail "$f: not one result of a different reader"
done
# The table: the reader column, the note, no verdict.
expect_status 0 "$CT_COMPARE" "$in/stream-plain.json" "$in/stream-xor.json"
grep -q '^cpu0  *16K  *wall  *rate  *GB/s  *[0-9.]*  *[0-9.]*  *-  .*avx512/plain  *different reader: avx512/plain against avx512/xor ' \
	"$tmp/out" || fail "table: no different reader row: $(cat "$tmp/out")"
grep -q '^ *1  *0  *0  *0  *0  *0  *1  *0  *0 *$' "$tmp/out" || fail "table: verdicts not 1 result, 1 different reader: $(cat "$tmp/out")"
# At a pipe's 120 columns the note is left out: the verdict column says it.
COLUMNS= expect_status 0 "$CT_COMPARE" "$in/stream-plain.json" "$in/stream-xor.json"
grep -q '^cpu0  *16K  *wall  *rate  *GB/s  *[0-9.]*  *[0-9.]*  *-  .* other reader  .*avx512/plain *$' "$tmp/out" ||
	fail "120 columns: the verdict does not say 'other reader': $(grep '^cpu0' "$tmp/out")"
# At 80 the reader column goes too (after the note): the rows fit, the verdict stays.
# (The inputs by a path of one length wherever the tree is: the header names them.)
mkdir "$tmp/in" && cp "$in/stream-plain.json" "$in/stream-xor.json" "$tmp/in/" || exit 99
COLUMNS=80 expect_status 0 "$CT_COMPARE" "$tmp/in/stream-plain.json" "$tmp/in/stream-xor.json"
[ "$(awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }' "$tmp/out")" -le 80 ] ||
	fail "80 columns: a line of $(awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }' "$tmp/out")"
grep -q '^cpu0  *16K  *wall  .* other reader$' "$tmp/out" || fail "80 columns: no 'other reader' row"
# At 90 the reader column goes and the figure stays: both are of level 6,
# and of a level the rightmost goes first.
COLUMNS=90 expect_status 0 "$CT_COMPARE" "$tmp/in/stream-plain.json" "$tmp/in/stream-xor.json"
grep -q '^cpu0  *16K  *wall  *rate  *GB/s  .* other reader$' "$tmp/out" ||
	fail "90 columns: not the figure without the reader: $(grep '^cpu0' "$tmp/out")"

# A record of before the "loop" member: the loop its loop_reason names.
sed 's/,"loop":"[a-z]*"//' "$in/stream-xor.json" >"$tmp/old-xor.json"
grep -q '"loop":' "$tmp/old-xor.json" && fail "the loop member is still there"
expect_status 0 "$CT_COMPARE" -f json "$in/stream-plain.json" "$tmp/old-xor.json"
[ "$(rows "$tmp/old-xor.json" reader_b | sort -u)" = avx512/xor ] ||
	fail "an older record: not read as the xor loop: $(rows "$tmp/old-xor.json" reader_b | sort -u)"

# Two readers in one file are two results, never one's samples pooled.
cat "$in/stream-plain.json" "$in/stream-xor.json" >"$tmp/two.json"
expect_status 0 "$CT_COMPARE" -f json "$tmp/two.json" "$in/stream-xor.json"
[ "$(rows "$in/stream-xor.json" present | sort | uniq -c | awk '{ print $2 $1 }' | tr '\n' ' ')" = "base5 both5 " ] ||
	fail "two readers in a file: $(rows "$in/stream-xor.json" present | sort | uniq -c)"
[ "$(grep '"present":"both"' "$tmp/out" | "$JSONL" -r compare -f reader_a - | sort -u)" = avx512/xor ] ||
	fail "two readers in a file: the xor rows not paired with the xor run"
[ "$(grep '"present":"both"' "$tmp/out" | "$JSONL" -r compare -f n_a - | head -1)" = 5 ] ||
	fail "two readers in a file: samples pooled"

# --- Chain counts: separate results, each with its own samples. ---
expect_status 0 "$CT_COMPARE" -f json "$in/latency-chains.json" "$in/latency-chains.json"
[ "$(field compare reader_a "$tmp/out" | sort | uniq -c | awk '{ $1 = $1; print }' | tr '\n' ';')" = \
  "5 scalar, 1 chain;5 scalar, 2 chains;" ] || fail "chains: not five rows each: $(field compare reader_a "$tmp/out" | sort | uniq -c)"
[ "$(grep '"figure":"rate"' "$tmp/out" | "$JSONL" -r compare -f n_a - | sort -u)" = 5 ] ||
	fail "chains: the two counts' samples pooled"
[ "$(field verdicts results "$tmp/out")" = 2 ] || fail "chains: not two results"
# The machine, the summaries of 1 chain and their samples: the 2 chains' left out.
head -8 "$in/latency-chains.json" >"$tmp/one-chain.json"
grep -q '"chains":2' "$tmp/one-chain.json" && fail "2 chains left in"
grep -q '"record":"sample"' "$tmp/one-chain.json" || fail "no samples left"
expect_status 0 "$CT_COMPARE" -f json "$in/latency-chains.json" "$tmp/one-chain.json"
[ "$(field compare present "$tmp/out" | sort | uniq -c | awk '{ print $2 $1 }' | tr '\n' ' ')" = "base5 both5 " ] ||
	fail "chains: 2 chains paired with 1: $(field compare present "$tmp/out" | sort | uniq -c)"

# --- One result, one verdict: four rows changed, counted once. ---
# Five runs a side (copies 1-2 % apart), so that the run is the unit and
# a change is a verdict; with one run a side it is apart, unconfirmed.
: >"$tmp/base.json"
: >"$tmp/slow.json"
: >"$tmp/fast.json"
for k in 1 1.01 0.99 1.02 0.98; do
	scaled "$k" "$in/stream-avx2.json" >>"$tmp/base.json"
	scaled "$(awk -v k="$k" 'BEGIN { print k * 0.5 }')" "$in/stream-avx2.json" >>"$tmp/slow.json"
	scaled "$(awk -v k="$k" 'BEGIN { print k * 2 }')" "$in/stream-avx2.json" >>"$tmp/fast.json"
done
expect_status 0 "$CT_COMPARE" -f json "$in/stream-avx2.json" "$tmp/slow.json"
[ "$(rows "$tmp/slow.json" unconfirmed | grep -c true)" = 4 ] && [ "$(rows "$tmp/slow.json" changed | sort -u)" = null ] ||
	fail "half as fast, one run a side: not four rows apart and none changed: $(cat "$tmp/out")"
[ "$(field verdicts unconfirmed "$tmp/out")/$(field verdicts slower "$tmp/out")" = 1/0 ] ||
	fail "half as fast, one run a side: not one result apart: $(grep '"record":"verdicts"' "$tmp/out")"
expect_status 0 "$CT_COMPARE" -f json "$tmp/base.json" "$tmp/slow.json" "$tmp/fast.json"
[ "$(rows "$tmp/slow.json" changed | grep -c true)" = 4 ] || fail "half as fast: not four rows changed"
[ "$(rows "$tmp/fast.json" changed | grep -c true)" = 4 ] || fail "twice as fast: not four rows changed"
cp "$tmp/out" "$tmp/four.json"
[ "$(grep '"record":"verdicts"' "$tmp/out" | "$JSONL" -r verdicts -f results - | tr '\n' ' ')" = "1 1 " ] ||
	fail "a result counted more than once: $(grep '"record":"verdicts"' "$tmp/out")"
vv() {
	grep '"record":"verdicts"' "$tmp/four.json" | grep -F "\"file\":\"$1\"" | "$JSONL" -r verdicts -f "$2" -
}
[ "$(vv "$tmp/slow.json" slower)/$(vv "$tmp/slow.json" faster)" = 1/0 ] || fail "half as fast: not one slower"
[ "$(vv "$tmp/fast.json" faster)/$(vv "$tmp/fast.json" slower)" = 1/0 ] || fail "twice as fast: not one faster"
# A time (ct-place --bench) is slower above 1.
expect_status 0 "$CT_COMPARE" -f json "$in/bench-base.json" "$in/bench-slower.json"
[ "$(grep '"basis":"wall","figure":"time"' "$tmp/out" | "$JSONL" -r compare -f changed - | grep -c true)" = \
  "$(field verdicts slower "$tmp/out")" ] || fail "bench: the slower count is not the wall time rows changed"
[ "$(field verdicts faster "$tmp/out")" = 0 ] || fail "bench: a longer time counted faster"

# --- The share's ratio inside its own interval, on every pair above. ---
for f in "$tmp/four.json" "$tmp/out"; do
	grep '"figure":"cpu-share"' "$f" | grep -v '"ratio_ci_low":null' >"$tmp/share.json"
	[ -s "$tmp/share.json" ] || fail "no share row with an interval in $f"
	for k in ratio ratio_ci_low ratio_ci_high; do
		"$JSONL" -r compare -f $k "$tmp/share.json" >"$tmp/$k" || fail "share: no $k"
	done
	paste "$tmp/ratio" "$tmp/ratio_ci_low" "$tmp/ratio_ci_high" |
		awk 'NF != 3 || !($2 <= $1 && $1 <= $3) { print; bad = 1 } END { exit bad }' ||
		fail "a share ratio outside its interval in $f"
done
exit 0
