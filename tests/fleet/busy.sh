#!/bin/sh
# ct-compare --fleet tells a busy host from a slower one.  Three identical
# hosts from one real run of the main job (tests/fleet/inputs/place-main.json)
# by bench/fleet-gen.sh with no spread; host 3 busy (-b 3:0.26): its wall
# figures and its cpu share a quarter of its peers', its cpu-basis figures
# kept, as when other work shares its cpu.  Its wall rows are flagged
# "busy" with the reason saying so, never "slower" or "a slower clock",
# and its cpu rows not at all.  Then host 3 truly slower (-x: both bases
# low): "slower", with "a slower clock" for the clock chain, never "busy".
# And two of three busy: the third is flagged, its peers busy, not faster.
. "${top_srcdir:-..}/tests/lib.sh"

GEN=$top_srcdir/bench/fleet-gen.sh
TPL=$top_srcdir/tests/fleet/inputs/place-main.json
cd "$tmp" || exit 99
field() {
	"$JSONL" -r "$1" -f "$2" "${3:-$tmp/out}"
}

sh "$GEN" -s 0 -b 3:0.26 "$TPL" 3 busy || fail "fleet-gen: the busy three"
expect_status 0 "$CT_COMPARE" --fleet -f json busy/*
cp "$tmp/out" busy.json
grep '"record":"fleet"' busy.json | grep '"outlier":true' >flagged
[ "$(field fleet host flagged | sort -u)" = node0003 ] || fail "flagged besides node0003: $(cat flagged)"
[ "$(field fleet basis flagged | sort -u)" = wall ] || fail "node0003 flagged on its cpu basis: $(cat flagged)"
[ "$(wc -l <flagged)" = 5 ] || fail "not node0003's five wall rows: $(cat flagged)"
[ "$(field fleet cause flagged | sort -u)" = busy ] || fail "a busy host's cause: $(field fleet cause flagged)"
grep -q 'slower clock' flagged && fail "a busy host blamed on its clock: $(field fleet reason flagged)"
[ "$(grep -c "\"reason\":\"busy, not slower: 0.26 of its peers' on the wall clock but 1.00 on its thread's cpu time; its thread had 26% of its cpu against their 100%" flagged)" -ge 4 ] ||
	fail "the busy reason: $(field fleet reason flagged)"
[ "$(field fleet_summary busy busy.json)" = 5 ] || fail "the summary's busy count: $(field fleet_summary busy busy.json)"
[ "$(field fleet cause busy.json | sort -u)" = "$(printf 'busy\nnull')" ] || fail "unflagged rows' cause: $(field fleet cause busy.json | sort -u)"
expect_status 0 "$CT_COMPARE" --fleet busy/*
grep -q '^wall .*node0003 .* busy  *busy, not slower' "$tmp/out" || fail "the table's busy rows: $(grep node0003 "$tmp/out")"

# Truly slower: its cpu-basis figures as low as its wall ones.
sh "$GEN" -s 0 -x 3:addchain:0.26 -x 3:fma:0.26 "$TPL" 3 slow || fail "fleet-gen: the slower three"
expect_status 0 "$CT_COMPARE" --fleet -f json slow/*
grep '"record":"fleet"' "$tmp/out" | grep '"outlier":true' >flagged
[ "$(wc -l <flagged)" = 4 ] || fail "not node0003's clock and fma on both bases: $(cat flagged)"
[ "$(field fleet cause flagged | sort -u)" = slower ] || fail "a slower host's cause: $(field fleet cause flagged)"
[ "$(field fleet_summary busy)" = 0 ] || fail "a slower host counted busy"
grep '"kernel":"addchain"' flagged | grep -c '"reason":"a slower clock: ' | grep -qx 2 ||
	fail "a slower host's clock: $(field fleet reason flagged)"

# Two of three busy (a group of three on one loaded machine): the third is
# flagged faster on the wall clock, its peers busy, not a faster host.
sh "$GEN" -s 0 -b 1:0.26 -b 2:0.26 "$TPL" 3 two || fail "fleet-gen: two busy"
expect_status 0 "$CT_COMPARE" --fleet -f json two/*
grep '"record":"fleet"' "$tmp/out" | grep '"outlier":true' >flagged
[ "$(field fleet host flagged | sort -u)" = node0003 ] || fail "two busy: flagged $(cat flagged)"
[ "$(field fleet cause flagged | sort -u)" = "peers busy" ] || fail "two busy: cause $(field fleet cause flagged)"
grep -q 'faster clock' flagged && fail "two busy: the third's clock blamed: $(field fleet reason flagged)"
grep -q "\"reason\":\"its peers busy, not a faster host: 3.85 of its peers' on the wall clock but 1.00" flagged ||
	fail "two busy: $(field fleet reason flagged)"
[ "$(field fleet_summary busy)" = 5 ] || fail "two busy: the summary's count $(field fleet_summary busy)"

# Slower on the wall clock and busy with it, its cpu basis also low: slower.
sh "$GEN" -s 0 -b 3:0.5 -x 3:addchain:0.5 "$TPL" 3 both || fail "fleet-gen: slower and busy"
expect_status 0 "$CT_COMPARE" --fleet -f json both/*
grep '"record":"fleet"' "$tmp/out" | grep '"outlier":true' | grep '"kernel":"addchain"' >flagged
[ "$(field fleet cause flagged | sort -u)" = slower ] || fail "a slower, busy host's clock: $(cat flagged)"
exit 0
