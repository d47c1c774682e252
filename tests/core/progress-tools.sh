#!/bin/sh
# The progress line of every measuring tool, what holds whatever this
# machine's cache sizes and speed: on standard error, redrawn with '\r',
# only on a terminal unless --progress or --no-progress says otherwise,
# erased before the results; stdout carries the same results either way
# (ct-place and the kernel tools).  ct-stream's sweep writes each size's
# row as the size ends, before the next size's first sample is drawn,
# whatever level the row names; progress.sh holds the sweep's rows to
# the cache levels (live).
. "${top_srcdir:-..}/tests/lib.sh"

cr=$(printf '\r')
# Not a terminal: no line, no '\r'.
REPS=3 expect_status 0 "$CT_PLACE" -q -S 0 -p main
grep -q "$cr" "$tmp/err" && fail "a progress line on a pipe: $(od -c "$tmp/err" | head)"
grep -q '^placement ' "$tmp/out" || fail "no results"
# Forced: the header at once, then the line, redrawn.
REPS=3 expect_status 0 "$CT_PLACE" -q -S 0 -p main --progress
grep -q "^ct-place: 1 placement x addchain " "$tmp/err" || grep -q "^lt-ct-place: 1 placement x addchain " "$tmp/err" ||
	fail "--progress: no header line: $(cat "$tmp/err")"
grep -q "${cr}round [0-9] of 3, main (1 of 1): [a-z]*, [0-9.]* s" "$tmp/err" ||
	fail "--progress: no redrawn line: $(od -c "$tmp/err" | head -20)"
# Erased: the last thing on stderr returns to the start of a blank line.
grep -q "${cr}  *${cr}" "$tmp/err" ||
	fail "--progress: the line was not erased at the end: $(od -c "$tmp/err" | tail -3)"
grep -q "$cr" "$tmp/out" && fail "--progress: a '\\r' on stdout"
REPS=3 expect_status 0 "$CT_PLACE" -q -S 0 -p main --progress --no-progress
grep -q "$cr" "$tmp/err" && fail "--no-progress after --progress still draws"
# On a terminal (script(1) gives one): on by default, off with --no-progress.
if script -qc true /dev/null >/dev/null 2>&1; then
	place=$(cd "$(dirname "$CT_PLACE")" && pwd)/$(basename "$CT_PLACE")
	REPS=3 script -qc "$place -q -S 0 -p main" /dev/null >"$tmp/tty" 2>&1 </dev/null ||
		fail "ct-place under script failed: $(cat "$tmp/tty")"
	grep -q "${cr}round 1 of [0-9]*, main (1 of 1)" "$tmp/tty" || fail "no progress line on a terminal: $(od -c "$tmp/tty" | head)"
	REPS=3 script -qc "$place -q -S 0 -p main --no-progress" /dev/null >"$tmp/tty" 2>&1 </dev/null ||
		fail "ct-place --no-progress under script failed"
	grep -q "${cr}round 1 of" "$tmp/tty" && fail "--no-progress on a terminal still draws"
fi

# The kernel tools: the row (i of N with several), the kernel, the sample.
for tool in clock fma stream; do
	eval bin=\$CT_$(echo $tool | tr a-z A-Z)
	REPS=3 expect_status 0 "$bin" -q -S 0 -c 0
	grep -q "$cr" "$tmp/err" && fail "ct-$tool: a progress line on a pipe: $(od -c "$tmp/err" | head)"
	REPS=3 expect_status 0 "$bin" -q -S 0 -c 0 --progress
	grep -q "${cr}cpu0[,:].* ([a-z0-9-]*), rep [0-9] of 3, [0-9.]* s" "$tmp/err" ||
		fail "ct-$tool --progress: no redrawn line: $(od -c "$tmp/err" | head -20)"
	grep -q "${cr}  *${cr}" "$tmp/err" ||
		fail "ct-$tool --progress: the line was not erased: $(od -c "$tmp/err" | tail -3)"
	grep -q "$cr" "$tmp/out" && fail "ct-$tool --progress: a '\\r' on stdout"
	REPS=3 expect_status 0 "$bin" -q -S 0 -c 0 --progress --no-progress
	grep -q "$cr" "$tmp/err" && fail "ct-$tool: --no-progress after --progress still draws"
	if script -qc true /dev/null >/dev/null 2>&1; then
		abs=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
		REPS=3 script -qc "$abs -q -S 0 -c 0" /dev/null >"$tmp/tty" 2>&1 </dev/null ||
			fail "ct-$tool under script failed: $(cat "$tmp/tty")"
		grep -q "${cr}cpu0[,:]" "$tmp/tty" || fail "ct-$tool: no progress line on a terminal"
	fi
done
# The sweep: "i of N", and the first size's row is out before the second
# size's first sample is drawn (stdout and stderr into one file, in the
# order written); the row found by its size and a level word, any
# (L1 ... memory, or none known), not the progress line's "16 KiB (1 of 2)".
REPS=3 "$CT_STREAM" -q -S 0 -b 16K,32K --progress >"$tmp/both" 2>&1 || fail "ct-stream -b 16K,32K failed"
row=$(grep -a -b -o -E '16 KiB +[A-Za-z-]' "$tmp/both" | head -1 | cut -d: -f1)
next=$(grep -a -b -o 'main, 32 KiB (2 of 2): ' "$tmp/both" | head -1 | cut -d: -f1)
first=$(grep -a -b -o 'main, 16 KiB (1 of 2): ' "$tmp/both" | head -1 | cut -d: -f1)
[ -n "$row" ] && [ -n "$next" ] && [ -n "$first" ] ||
	fail "ct-stream sweep: no row or no progress: $(od -c "$tmp/both" | head -30)"
[ "$first" -lt "$row" ] || fail "ct-stream sweep: the 16 KiB row before its own progress line"
[ "$row" -lt "$next" ] || fail "ct-stream sweep: the 16 KiB row came after the 32 KiB size started (rows held to the end)"
# The header is out with the first row, the notes after the last.
grep -a -q '^caches: ' "$tmp/both" || fail "ct-stream sweep: no caches line"
awk '/^size /{h=NR} /^isa: /{i=NR} END{exit !(h && i > h)}' "$tmp/both" ||
	fail "ct-stream sweep: the isa line is not after the table"
exit 0
