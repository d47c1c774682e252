#!/bin/sh
# Usage errors: one line naming what was wrong, the --help hint, exit 2,
# nothing on stdout.  Golden stderr in tests/golden/usage-*.
. "${top_srcdir:-..}/tests/lib.sh"

n=0
while IFS='|' read -r name env args; do
	case $name in ''|\#*) continue ;; esac
	n=$((n + 1))
	# shellcheck disable=SC2086
	env $env "$CT_CLOCK" $args >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ "$st" -eq 2 ] || fail "$name: exited $st, expected 2"
	[ -s "$tmp/out" ] && fail "$name: wrote to stdout"
	sed 's/^lt-//' "$tmp/err" | expect_golden "usage-$name" - || fail "$name: stderr differs from golden"
done <<'CASES'
reps-junk||--reps x
reps-suffix||--reps 12x
reps-negative||--reps -1
reps-zero||--reps 0
reps-overflow||--reps 99999999999999999999999
reps-env|REPS=abc|-q
adds-junk||--adds 12x
adds-zero||-n 0
format-unknown||-f xml
option-unknown||--bogus
operand||extra
cpu-junk||--cpu x
settle-junk||--settle 1s
CASES
[ "$n" -eq 13 ] || fail "ran $n cases"

expect_status 0 "$CT_CLOCK" --help
grep -q '^Usage: ct-clock ' "$tmp/out" || fail "--help has no Usage line"
[ -s "$tmp/err" ] && fail "--help wrote to stderr"
expect_status 0 "$CT_CLOCK" -V
grep -q '^ct-clock (coretype) ' "$tmp/out" || fail "--version line"
grep -q 'compiled: scalar' "$tmp/out" || fail "--version does not list the ISAs"

exit 0
