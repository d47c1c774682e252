#!/bin/sh
# ct-stream's lines around its sweep (caches, samples, isa, kernel, array,
# prefetch, loop, the load and the later warnings), byte for byte, from
# made-up sizes (tests/records.c): the sweep written row by row, the
# sweep at the end with each size's array line first (-s), and the lines
# above a --threads run.  They are the table's only: every fact in them
# is in each summary record too (coretype(7), ct-stream(1)).
. "${top_srcdir:-..}/tests/lib.sh"

RECORDS=$top_builddir/tests/records/records
for how in sweep samples threads; do
	"$RECORDS" stream $how >"$tmp/out" 2>"$tmp/err" || fail "records stream $how: exited $?: $(cat "$tmp/err")"
	expect_golden "stream-lines-$how" "$tmp/out" || fail "records stream $how: differs from stream-lines-$how"
done
exit 0
