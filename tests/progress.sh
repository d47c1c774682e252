#!/bin/sh
# ct-place's progress line: on standard error, redrawn with '\r', only on a
# terminal unless --progress or --no-progress says otherwise, erased
# before the results; stdout carries the same results either way.
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
grep -q "${cr}placement 1 of 1 (main): [a-z]*, rep [0-9] of 3, [0-9.]* s" "$tmp/err" ||
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
	grep -q "${cr}placement 1 of 1 (main)" "$tmp/tty" || fail "no progress line on a terminal: $(od -c "$tmp/tty" | head)"
	REPS=3 script -qc "$place -q -S 0 -p main --no-progress" /dev/null >"$tmp/tty" 2>&1 </dev/null ||
		fail "ct-place --no-progress under script failed"
	grep -q "${cr}placement 1 of 1" "$tmp/tty" && fail "--no-progress on a terminal still draws"
fi
exit 0
