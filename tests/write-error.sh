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
exit 0
