#!/bin/sh
# A result that cannot be written is a failure; a reader that stops early
# is not.
. "${top_srcdir:-..}/tests/lib.sh"

[ -w /dev/full ] || skip "no /dev/full"
"$CT_CLOCK" -q -r 1 -S 0 >/dev/full 2>"$tmp/err"
st=$?
[ "$st" -eq 1 ] || fail "writing to /dev/full exited $st, expected 1"
grep -q '^\(lt-\)\{0,1\}ct-clock: write error' "$tmp/err" || fail "no write error message: $(cat "$tmp/err")"

# A closed pipe: no message (the status is the reader's business).
( "$CT_CLOCK" -q -r 3 -S 0 -f json --samples 2>"$tmp/err2"; echo $? >"$tmp/st" ) | head -c 1 >/dev/null
[ -n "$(messages "$tmp/err2")" ] && fail "a closed pipe printed: $(cat "$tmp/err2")"

# ct-place --observe: a report that cannot be written after the command
# ran is ct-place's failure, 125, and the message names the command's
# status, in every format that writes to stdout; the table on stderr
# (no -f) cannot say so, but exits 125 too.
for f in json tsv table; do
	"$CT_PLACE" --observe -f $f -- sh -c 'exit 3' >/dev/full 2>"$tmp/oerr"
	st=$?
	[ "$st" -eq 125 ] || fail "--observe -f $f to /dev/full exited $st, expected 125"
	grep -q "write error: .*'sh' exited 3" "$tmp/oerr" ||
		fail "--observe -f $f to /dev/full: no message naming the status: $(cat "$tmp/oerr")"
done
"$CT_PLACE" --observe -- sh -c 'exit 3' 2>/dev/full
st=$?
[ "$st" -eq 125 ] || fail "--observe with stderr on /dev/full exited $st, expected 125"
exit 0
