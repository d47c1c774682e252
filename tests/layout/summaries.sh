#!/bin/sh
# Summaries are computed in one place: the results step of
# src/lib/measure/results.c is the only caller of ct_summarize() in src/,
# and the only file that divides one median rate by another (ct-place's
# ratio to main, the all-core ratio to the thread alone).  A writer that
# summarised a series or took a ratio itself would be a second source of
# truth, which the table and the chart of one run could read differently.
. "${top_srcdir:-..}/tests/lib.sh"

src=$top_srcdir/src
[ -f "$src/lib/measure/results.c" ] || fail "no src/lib/measure/results.c"
cd "$src/.." || exit 99

# Every call (and the declaration in results.h), comments aside.
grep -rnE '(^|[^A-Za-z0-9_])ct_summarize *\(' src --include='*.c' --include='*.h' |
	grep -vE '^[^:]*:[0-9]+:[[:space:]]*(/?\*|//)' |
	grep -vE '^src/lib/measure/results\.[ch]:' >"$tmp/calls"
[ -s "$tmp/calls" ] && fail "ct_summarize() called outside the results step:
$(cat "$tmp/calls")"
grep -qE '^void ct_summarize\(' src/lib/measure/results.c ||
	fail "ct_summarize() is not defined in src/lib/measure/results.c"

# A median over a median: "x.median / y.median", "median_of(...) / m",
# "m > 0 ? ... / m" where m is a median.  ct-compare's pair.c divides the
# medians of two runs read back from their records (its own rows), and
# ceiling.c's margin is a spread (max over median), not a ratio shown;
# latency-results.c turns a median rate into a time per load (1 / it).
grep -rnE 'median[A-Za-z_]*(\([^)]*\))? *\/|\/ *[A-Za-z_>.()-]*median' src \
	--include='*.c' --include='*.h' |
	grep -vE '^[^:]*:[0-9]+:[[:space:]]*(/?\*|//)' |
	grep -vE '^src/lib/measure/results\.c:' |
	grep -vE '^src/lib/compare/pair\.c:|^src/lib/measure/ceiling\.c:.*st\.max / st\.median' |
	grep -vE '^src/lib/workloads/latency-results\.c:.*= 1 / ' \
	>"$tmp/ratios"
[ -s "$tmp/ratios" ] && fail "a ratio of medians taken outside the results step:
$(cat "$tmp/ratios")"

# The ratio function itself: one definition, in results.c.
grep -rnE '^static (void|double) (ratio|ratio_to)\(' src --include='*.c' |
	grep -vE '^src/lib/measure/results\.c:' >"$tmp/defs"
[ -s "$tmp/defs" ] && fail "a ratio function outside the results step:
$(cat "$tmp/defs")"
exit 0
