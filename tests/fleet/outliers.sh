#!/bin/sh
# ct-compare --fleet on doctored records: one real run of the main job on
# one placement (tests/fleet/inputs/place-main.json, ct-place -q -p main on
# a Zen 4 guest) made into five hosts of its cpu model by
# bench/fleet-gen.sh, node0003's stream 30 % slower, and two hosts of
# another model 30 % faster in everything.  Only node0003's stream rows
# are flagged, with the reason; the other model's hosts are compared with
# each other only (a group of two, which flags none and says so), never
# with the first model's, whose median they would be 30 % above.  The
# table, TSV, JSON and summary.md are held to golden files, the chart to
# its bars.  Then --threshold, --alpha, an input naming two hosts, a name
# given to two cpu models, and sixty generated hosts of three models with
# one host's FMA doctored: it alone is flagged.
. "${top_srcdir:-..}/tests/lib.sh"

GEN=$top_srcdir/bench/fleet-gen.sh
TPL=$top_srcdir/tests/fleet/inputs/place-main.json
cd "$tmp" || exit 99
sh "$GEN" -x 3:stream:0.7 "$TPL" 5 f || fail "fleet-gen: the five"
sh "$GEN" -p other -c "Other CPU 9000" -f 1.3 "$TPL" 2 f || fail "fleet-gen: the other two"

# field REC KEY [FILE]: KEY of every REC record.
field() {
	"$JSONL" -r "$1" -f "$2" "${3:-$tmp/out}"
}

expect_status 0 "$CT_COMPARE" --fleet -f json f/*
cp "$tmp/out" fleet.json
"$JSONL" fleet.json || fail "not JSON Lines"
[ "$(field fleet_summary hosts)" = 7 ] || fail "not 7 hosts"
[ "$(field fleet_summary cpu_models)" = 2 ] || fail "not 2 cpu models"
[ "$(field fleet_summary outliers)" = 2 ] || fail "not 2 outliers (stream at main, both bases): $(field fleet_summary outliers)"
# Every row flagged is node0003's stream, and both of those are.
awk '/"record":"fleet"/ && /"outlier":true/ && !(/"host":"node0003"/ && /"kernel":"stream"/)' fleet.json >odd
[ -s odd ] && fail "flagged besides node0003's stream: $(cat odd)"
grep '"record":"fleet"' fleet.json | grep '"host":"node0003"' | grep '"kernel":"stream"' >n3
[ "$(grep -c '"outlier":true' n3)" = 2 ] || fail "node0003's stream not flagged on both bases: $(cat n3)"
for r in $(field fleet ratio n3); do
	awk -v r="$r" 'BEGIN { exit !(r > 0.69 && r < 0.71) }' || fail "node0003's stream ratio $r, not 0.70"
done
grep -c "\"reason\":\"its stream reads 0.70 of its peers' bandwidth" n3 | grep -qx 2 ||
	fail "node0003's reason: $(field fleet reason n3)"
# The first model's five are one group; the other's two another, too
# small to flag, each near its own median, never the first model's.
grep '"record":"fleet"' fleet.json | grep '"cpu_model":"AMD EPYC"' >a
grep '"record":"fleet"' fleet.json | grep '"cpu_model":"Other CPU 9000"' >b
[ "$(field fleet group_hosts a | sort -u)" = 5 ] || fail "the first model's groups are not its five hosts"
[ "$(field fleet group_hosts b | sort -u)" = 2 ] || fail "the other model's groups are not its two hosts"
[ "$(field fleet outlier b | sort -u)" = null ] || fail "a group of two flagged, or said nothing"
[ "$(grep -c '"reason":"a group of 2 hosts of its cpu model and kind: 3 at least to flag one"' b)" = "$(wc -l <b)" ] ||
	fail "the other model's rows do not say why they cannot flag"
for r in $(field fleet ratio b); do
	awk -v r="$r" 'BEGIN { exit !(r > 0.98 && r < 1.02) }' || fail "another model's host at $r of its peers: compared with the wrong ones"
done
[ "$(field fleet_host outliers | tr '\n' ' ')" = "0 0 2 0 0 0 0 " ] || fail "the hosts' outliers: $(field fleet_host outliers)"
g=$(grep '"host":"node0003"' fleet.json | "$JSONL" -r fleet_host -f geomean_wall -)
awk -v g="$g" 'BEGIN { exit !(g > 0.92 && g < 0.94) }' || fail "node0003's geomean $g, not 0.7^(2/10 rows)"

# Every format, byte for byte; the chart's bars and its one outlier mark.
for fmt in table tsv json; do
	expect_status 0 "$CT_COMPARE" --fleet -f $fmt f/*
	expect_golden "fleet-$fmt" "$tmp/out" || fail "ct-compare --fleet -f $fmt differs"
done
expect_status 0 "$CT_COMPARE" --fleet -o o f/*
expect_golden fleet-markdown o/summary.md || fail "summary.md differs"
cmp o/raw.txt fleet.json || fail "-o's raw.txt is not the json output"
"$top_builddir/tests/xml-check" o/summary.svg || fail "the chart is not well-formed"
[ "$(grep -c 'class="bar"' o/summary.svg)" = 35 ] || fail "not 7 hosts x 5 kernels' bars: $(grep -c 'class="bar"' o/summary.svg)"
[ "$(grep -c 'class="outlier"' o/summary.svg)" = 1 ] || fail "not one outlier mark"
grep -q 'id="bar-stream-16M-node0003"[^>]*stroke="#b00000"' o/summary.svg || fail "node0003's stream bar not outlined"

# A threshold above the effect flags nothing (30 % slower is 1/0.7 = 1.43).
expect_status 0 "$CT_COMPARE" --fleet -f json --threshold 50 f/*
[ "$(field fleet_summary outliers)" = 0 ] || fail "--threshold 50 still flags"
expect_status 0 "$CT_COMPARE" --fleet -f json --threshold 40 f/*
[ "$(field fleet_summary outliers)" = 2 ] || fail "--threshold 40 does not flag 0.70"
expect_status 2 "$CT_COMPARE" --fleet --alpha 0.01 f/*
grep -q -- '--fleet and --alpha exclude each other' "$tmp/err" || fail "--alpha with --fleet: $(cat "$tmp/err")"
expect_status 2 "$CT_COMPARE" --fleet
grep -q 'no inputs' "$tmp/err" || fail "--fleet without inputs: $(cat "$tmp/err")"
# One input, two hosts' records: which host would it be?
cat f/node0001/raw.txt f/node0002/raw.txt >two.json
expect_status 1 "$CT_COMPARE" --fleet two.json f/node0003
grep -q "two.json:[0-9]*: the records of two hosts (node0001, then node0002)" "$tmp/err" ||
	fail "an input of two hosts: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "output beside an error"
# One name, two cpu models: two machines under one name.
mkdir same || exit 99
sed 's/"hostname":"other0001"/"hostname":"node0001"/' f/other0001/raw.txt >same/raw.txt
expect_status 1 "$CT_COMPARE" --fleet f/node0001 same
grep -q "host node0001 has runs of two cpu models" "$tmp/err" || fail "one name, two models: $(cat "$tmp/err")"
# Two runs of one host (a second directory, as ct-fleet keeps it): one
# row per result, of its runs' medians.
cp -r f/node0002 f/node0002-2 || exit 99
expect_status 0 "$CT_COMPARE" --fleet -f json f/*
[ "$(field fleet_summary hosts)" = 7 ] || fail "a second run of a host made it another host"
[ "$(grep '"record":"fleet"' "$tmp/out" | grep '"host":"node0002"' | "$JSONL" -r fleet -f runs - | sort -u)" = 2 ] ||
	fail "node0002's rows are not of its two runs"

# Sixty hosts of three models, host 17's FMA 30 % slower: it alone.
sh "$GEN" -m 3 -x 17:fma:0.7 "$TPL" 60 g || fail "fleet-gen: sixty"
expect_status 0 "$CT_COMPARE" --fleet -f json g/*
[ "$(field fleet_summary cpu_models)" = 3 ] || fail "not 3 models"
grep '"record":"fleet"' "$tmp/out" | grep '"outlier":true' >odd
[ "$(field fleet host odd | sort -u)" = node0017 ] || fail "flagged among sixty: $(field fleet host odd | sort -u)"
[ "$(field fleet kernel odd | sort -u)" = fma ] || fail "node0017 flagged beyond its fma: $(cat odd)"
[ "$(field fleet group_hosts odd | sort -u)" = 20 ] || fail "node0017 not among its model's 20"
exit 0
