#!/bin/sh
# ct-latency's table from made-up sizes (tests/latency/latency-table.c),
# byte for byte: the lines above it, a row per placement and size with a
# lines-in-flight column per chain count, the knee and its lines in
# flight, the footnotes, and the array, kernel, load and warning lines.
. "${top_srcdir:-..}/tests/lib.sh"

"$top_builddir/tests/latency/latency-table" >"$tmp/out" 2>"$tmp/err" ||
	fail "latency-table exited $?: $(cat "$tmp/err")"
expect_golden latency-table "$tmp/out" || fail "the table differs from golden/latency-table"
exit 0
