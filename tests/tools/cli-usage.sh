#!/bin/sh
# --help and --version of ct-clock: to stdout, exit 0.  Its usage errors
# are rows of tests/tools/bad-input.tab (tests/tools/bad-input.sh), with every other
# tool's.
. "${top_srcdir:-..}/tests/lib.sh"

expect_status 0 "$CT_CLOCK" --help
grep -q '^Usage: ct-clock ' "$tmp/out" || fail "--help has no Usage line"
[ -s "$tmp/err" ] && fail "--help wrote to stderr"
expect_status 0 "$CT_CLOCK" -V
grep -q '^ct-clock (coretype) ' "$tmp/out" || fail "--version line"
grep -q 'compiled: scalar' "$tmp/out" || fail "--version does not list the ISAs"

exit 0
