#!/bin/sh
# ct-clock QUICK run: it runs, every sample verifies, the figures are sane.
. "${top_srcdir:-..}/tests/lib.sh"

expect_status 0 "$CT_CLOCK" -q
[ -n "$(messages "$tmp/err")" ] && fail "a clean run wrote to stderr: $(cat "$tmp/err")"
grep -q '^machine: ' "$tmp/out" || fail "no machine line"
for basis in wall cpu; do
	row=$(awk -v b="$basis" '$1 == "addchain" && $3 == "main" && $4 == b' "$tmp/out")
	[ -n "$row" ] || fail "no $basis row"
	set -- $row
	[ "$5" = GHz ] || fail "$basis unit is '$5'"
	is_positive "$6" || fail "$basis max '$6' is not a positive number"
	# Between 0.05 and 10 GHz: anything else is a broken timer or chain.
	awk -v g="$6" 'BEGIN { exit !(g > 0.05 && g < 10) }' || fail "$basis clock $6 GHz is implausible"
	[ "${15}" = yes ] || fail "$basis row not verified: $row"
done
exit 0
