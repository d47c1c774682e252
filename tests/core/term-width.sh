#!/bin/sh
# On a terminal the human output fits it (COLUMNS, else the terminal's
# width, else 80): table columns left out with a note naming them, long
# lines wrapped, a value too long for ct-compare's machine table cut with
# a note; a file or pipe fits 120 columns (COLUMNS, -w N; --wide: every
# column).
. "${top_srcdir:-..}/tests/lib.sh"

script -qc true /dev/null >/dev/null 2>&1 || skip "no script(1) to give a terminal"

# widest FILE: the longest line in characters (UTF-8's continuation bytes
# not counted: "µs" is 2), each '\r' ending one (script's and the progress
# line's).
widest() {
	tr '\r' '\n' <"$1" | tr -d '\200-\277' | awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }'
}
abs() {
	echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
}
place=$(abs "$CT_PLACE")

# ct-place: no line wider than the terminal, the note, the rates kept.
for cols in 80 100; do
	COLUMNS=$cols REPS=3 script -qc "$place -q -S 0 -p main 2>/dev/null" /dev/null \
		>"$tmp/tty" 2>&1 </dev/null || fail "ct-place under script failed: $(cat "$tmp/tty")"
	w=$(widest "$tmp/tty")
	[ "$w" -le "$cols" ] || fail "ct-place at $cols columns: a line of $w: $(cat "$tmp/tty")"
	grep -q "left out to fit $cols columns: " "$tmp/tty" ||
		fail "ct-place at $cols columns: no note of the columns left out: $(cat "$tmp/tty")"
	# The note names what is not there, and only that.
	tr -d '\r' <"$tmp/tty" | sed -n '/left out to fit/,/more)$/p' >"$tmp/note"
	grep -q 'cv% of FMA/cyc' "$tmp/note" || fail "ct-place at $cols: the note lacks cv% of FMA/cyc: $(cat "$tmp/note")"
	grep -q '_' "$tmp/note" && fail "ct-place at $cols: the note names TSV fields, not labels: $(cat "$tmp/note")"
	grep -q '\(: \|, \)\(placement\|share\|GFLOP/s\)[,;]' "$tmp/note" && fail "ct-place at $cols: the note names a column shown: $(cat "$tmp/note")"
	grep -q '^placement  *cpus (kinds)  *GHz max  *median .*GFLOP/s .*GB/s .*share' "$tmp/tty" ||
		fail "ct-place at $cols columns: a rate left out: $(grep '^placement' "$tmp/tty")"
done
# Its other tables and lines: cut or wrapped, never wider.
for args in "--dry-run" "-l" "--observe -- true"; do
	COLUMNS=80 script -qc "$place $args 2>&1" /dev/null >"$tmp/tty" 2>&1 </dev/null ||
		fail "ct-place $args under script failed: $(cat "$tmp/tty")"
	w=$(widest "$tmp/tty")
	[ "$w" -le 80 ] || fail "ct-place $args at 80 columns: a line of $w: $(cat "$tmp/tty")"
done
# The progress line fits too.
COLUMNS=40 REPS=3 script -qc "$place -q -S 0 -p main --progress 2>&1 >/dev/null" /dev/null \
	>"$tmp/tty" 2>&1 </dev/null || fail "ct-place --progress under script failed"
grep -q 'round [0-9]* of [0-9]*, main' "$tmp/tty" || fail "no progress line at 40 columns: $(od -c "$tmp/tty" | head)"
tr '\r' '\n' <"$tmp/tty" | grep 'round [0-9]* of [0-9]*, main' | awk 'length($0) > 40 { exit 1 }' ||
	fail "the progress line is wider than 40 columns: $(tr '\r' '\n' <"$tmp/tty" | grep 'round [0-9]')"
# And the line that opens it (what the run will do), wrapped.
grep -q 'placement x clock' "$tmp/tty" || grep -q 'ct-place: 1 placement' "$tmp/tty" ||
	fail "no opening line at 40 columns: $(tr '\r' '\n' <"$tmp/tty")"
# (A warning is a message of its own, as err(3) writes it: not wrapped.)
tr '\r' '\n' <"$tmp/tty" | grep -v '^ct-place: warning: ' >"$tmp/progress"
[ "$(widest "$tmp/progress")" -le 40 ] || fail "a progress line wider than 40 columns: $(cat "$tmp/progress")"

# -w N on a terminal: N columns, whatever COLUMNS says.
COLUMNS=200 REPS=3 script -qc "$place -q -S 0 -p main -w 90 2>/dev/null" /dev/null \
	>"$tmp/tty" 2>&1 </dev/null || fail "ct-place -w 90 under script failed: $(cat "$tmp/tty")"
[ "$(widest "$tmp/tty")" -le 90 ] || fail "ct-place -w 90: a line of $(widest "$tmp/tty")"
grep -q 'left out to fit 90 columns: ' "$tmp/tty" || fail "ct-place -w 90: no note: $(cat "$tmp/tty")"

# Not a terminal: 120 columns, a note in the table's labels; --wide: every column.
REPS=3 expect_status 0 "$CT_PLACE" -q -S 0 -p main
[ "$(widest "$tmp/out")" -le 120 ] || fail "a pipe's line of $(widest "$tmp/out"): $(cat "$tmp/out")"
grep -q 'left out to fit 120 columns: ' "$tmp/out" || fail "a pipe's table: no note: $(cat "$tmp/out")"
sed -n '/left out to fit/,/more)$/p' "$tmp/out" | grep -q '_' &&
	fail "a pipe's note names TSV fields: $(sed -n '/left out to fit/,/more)$/p' "$tmp/out")"
grep -q '^placement  *cpus (kinds)  *GHz max  .*GFLOP/s .*GB/s .*share' "$tmp/out" ||
	fail "a pipe lost a rate: $(grep '^placement' "$tmp/out")"
REPS=3 expect_status 0 env COLUMNS=80 "$CT_PLACE" -q -S 0 -p main
[ "$(widest "$tmp/out")" -le 80 ] || fail "COLUMNS=80 to a pipe: a line of $(widest "$tmp/out")"
REPS=3 expect_status 0 "$CT_PLACE" -q -S 0 -p main --wide
grep -q '^placement .*cv% .*FMA/cyc .*B/cyc .*ns/load .*cyc/load  *in-flight  *share  *x clock  *x fma  *x stream  *x lat$' "$tmp/out" ||
	fail "--wide lost a column: $(grep '^placement' "$tmp/out")"
grep -q 'left out to fit' "$tmp/out" && fail "a note of columns left out with --wide"
[ "$(widest "$tmp/out")" -gt 120 ] || fail "--wide's table was narrowed"

# The kernel tools' tables and ct-stream's sweep, written row by row.
for tool in "$CT_CLOCK" "$CT_STREAM -b 16K,32K" "$CT_FMA --threads 1"; do
	set -- $tool
	bin=$(abs "$1")
	shift
	COLUMNS=80 REPS=3 script -qc "$bin -q -S 0 $* --no-progress 2>/dev/null" /dev/null \
		>"$tmp/tty" 2>&1 </dev/null || fail "$tool under script failed: $(cat "$tmp/tty")"
	w=$(widest "$tmp/tty")
	[ "$w" -le 80 ] || fail "$tool at 80 columns: a line of $w: $(cat "$tmp/tty")"
	grep -q 'left out to fit 80 columns: ' "$tmp/tty" || fail "$tool at 80 columns: no note"
done

# Every tool to a pipe: 120 columns, -w N holds, --wide leaves nothing out.
for tool in "$CT_CLOCK" "$CT_FMA" "$CT_STREAM -b 16K" "$CT_LATENCY -b 16K --chains 1,2"; do
	REPS=3 expect_status 0 $tool -q -S 0
	[ "$(widest "$tmp/out")" -le 120 ] || fail "$tool to a pipe: a line of $(widest "$tmp/out"): $(cat "$tmp/out")"
	REPS=3 expect_status 0 $tool -q -S 0 -w 70
	[ "$(widest "$tmp/out")" -le 70 ] || fail "$tool -w 70: a line of $(widest "$tmp/out"): $(cat "$tmp/out")"
	REPS=3 expect_status 0 $tool -q -S 0 --wide
	grep -q 'left out to fit' "$tmp/out" && fail "$tool --wide left a column out: $(cat "$tmp/out")"
done
# ct-place --bench: its header, table and footnotes within 80 columns, its times in ms or µs.
expect_status 0 env COLUMNS=80 "$CT_PLACE" --bench -r 3 --warmup 0 -p main -- true
[ "$(widest "$tmp/out")" -le 80 ] || fail "--bench at 80: a line of $(widest "$tmp/out"): $(cat "$tmp/out")"
grep -q '^main  *3  *[0-9.]* \(ms\|µs\)  *[0-9.]* \(ms\|µs\) ' "$tmp/out" ||
	fail "--bench's times not in ms or µs: $(grep '^main' "$tmp/out")"

# ct-compare: a machine value too long for its column is cut, and said.
REPS=6 expect_status 0 "$CT_CLOCK" -q -S 0 -f json -s
long="a counters value much longer than any terminal is wide, as perf_event_open's reason can be on a hypervisor that has no PMU at all"
sed "s/\"counters\":\"[^\"]*\"/\"counters\":\"$long\"/" "$tmp/out" >"$tmp/a.jsonl"
cp "$tmp/a.jsonl" "$tmp/b.jsonl"
grep -q "$long" "$tmp/a.jsonl" || fail "no counters member to lengthen: $(head -1 "$tmp/out")"
compare=$(abs "$CT_COMPARE")
COLUMNS=80 script -qc "$compare $tmp/a.jsonl $tmp/b.jsonl 2>/dev/null" /dev/null \
	>"$tmp/tty" 2>&1 </dev/null || fail "ct-compare under script failed: $(cat "$tmp/tty")"
w=$(widest "$tmp/tty")
[ "$w" -le 80 ] || fail "ct-compare at 80 columns: a line of $w: $(cat "$tmp/tty")"
# (Another long value may be cut too: a sanitizer build's cflags is.)
grep -q '^(cut to fit 80 columns: \([a-z_]*, \)*counters[,;]' "$tmp/tty" || fail "ct-compare: no note of the cut value: $(cat "$tmp/tty")"
grep -q '^  counters .*\.\.\.' "$tmp/tty" || fail "ct-compare: the cut value does not say so"
expect_status 0 "$CT_COMPARE" "$tmp/a.jsonl" "$tmp/b.jsonl"
[ "$(widest "$tmp/out")" -le 120 ] || fail "ct-compare to a pipe: a line of $(widest "$tmp/out")"
grep -q '^(cut to fit 120 columns: \([a-z_]*, \)*counters[,;]' "$tmp/out" ||
	fail "ct-compare to a pipe: no note of the cut value: $(cat "$tmp/out")"
expect_status 0 "$CT_COMPARE" --wide "$tmp/a.jsonl" "$tmp/b.jsonl"
grep -q "$long" "$tmp/out" || fail "ct-compare --wide cut the value"
exit 0
