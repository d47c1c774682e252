#!/bin/sh
# Samples too short to time (floor.h): ct-clock -n 8 and ct-fma --passes 1
# are usage errors naming the floor and why, nothing on stdout; the
# defaults and QUICK runs are above it.
. "${top_srcdir:-..}/tests/lib.sh"

for args in "$CT_CLOCK -S 0 -n 8" "$CT_CLOCK -q -S 0 -n 1000" "$CT_FMA -q -S 0 --passes 1"; do
	# shellcheck disable=SC2086
	expect_status 2 $args
	messages "$tmp/err" | sed -n 1p >"$tmp/msg"
	grep -q '^ct-[a-z]*: a sample of [a-z]* ([a-z0-9-]*) takes [0-9.]* us, under the floor of [0-9]* us (.*): give each sample about [0-9]*x the work (raise -' "$tmp/msg" ||
		fail "$args: $(cat "$tmp/err")"
	floor=$(sed 's/.*under the floor of \([0-9]*\) us.*/\1/' "$tmp/msg")
	[ "$floor" -ge 100 ] || fail "$args: a floor of $floor us, under 100"
	messages "$tmp/err" | sed -n 2p | grep -q "^Try 'ct-[a-z]* --help' for more information.\$" ||
		fail "$args: no Try line: $(cat "$tmp/err")"
	[ -s "$tmp/out" ] && fail "$args wrote to stdout"
done
REPS=2 expect_status 0 "$CT_CLOCK" -q -S 0
REPS=2 expect_status 0 "$CT_FMA" -q -S 0
exit 0
