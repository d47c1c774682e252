#!/bin/sh
# Lines in flight held to what the chains can have, alike in the table,
# the records and the chart: ct-place's made-up rows (tests/records/records.c)
# give process-background a one-chain latency read 2.4 times long, every
# sample disturbed, so that its 16 chains show 22.3 lines in flight on the
# wall basis, above the 19.2 they can have (ct_latency_flight_max: 16 x
# 1.2), and 16.5 on the cpu basis, within it; main's 10.0 is within it
# on both.  The table marks 22.3 with '*' and '!' and says why under it;
# TSV and JSON flag it (lines_in_flight_implausible, _disturbed) beside
# the number; the chart's tooltip gives the table's figure with its marks
# and the bound, the chains' panel main's lines in flight as the table.
. "${top_srcdir:-..}/tests/lib.sh"
COLUMNS=100000
export COLUMNS

RECORDS=$top_builddir/tests/records/records
M=$top_srcdir/data/machines/intel-adl-12900k

"$RECORDS" placements table "$M" >"$tmp/table" || fail "records placements table"
# has BASIS PLACEMENT CELL: that row has the cell (the headers have
# spaces in them, the cells none).
has() {
	awk -v b="basis $1:" -v p="$2" -v x="$3" '
		index($0, b) == 1 { on = 1; next }
		on && $1 == p { for (i = 2; i <= NF; i++) if ($i == x) f = 1; exit }
		END { exit !f }' "$tmp/table"
}
has wall process-background '22.3*!' || fail "wall process-background: $(grep -A4 '^basis wall' "$tmp/table")"
has cpu process-background 16.5 || fail "cpu process-background: $(grep -A4 '^basis cpu' "$tmp/table")"
grep -A4 '^basis cpu' "$tmp/table" | grep '^process-background' | grep -q '!' && fail "cpu basis marked '!'"
# The latency under it, from those disturbed samples, marked too.
has wall process-background '271.7*' || fail "wall process-background's ns/load: $(grep -A4 '^basis wall' "$tmp/table")"
has wall main 10.0 || fail "wall main: $(grep -A4 '^basis wall' "$tmp/table")"
grep -q "^!  *lines in flight above what N chains can have (N x 1.20" "$tmp/table" ||
	fail "no footnote for '!': $(cat "$tmp/table")"

"$RECORDS" placements tsv "$M" >"$tmp/tsv" || fail "records placements tsv"
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print $c["#placement"] "," $c["basis"] "," $c["lines_in_flight"] "," $c["lines_in_flight_implausible"] "," $c["lines_in_flight_disturbed"] }' \
	"$tmp/tsv" >"$tmp/rows"
grep -qx 'process-background,wall,22.3[0-9]*,true,true' "$tmp/rows" || fail "TSV: $(cat "$tmp/rows")"
grep -qx 'process-background,cpu,16.4[0-9]*,false,false' "$tmp/rows" ||
	grep -qx 'process-background,cpu,16.5[0-9]*,false,false' "$tmp/rows" || fail "TSV cpu: $(cat "$tmp/rows")"
grep -qx 'main,wall,10.0[0-9]*,false,false' "$tmp/rows" || grep -qx 'main,wall,9.9[0-9]*,false,false' "$tmp/rows" ||
	fail "TSV main: $(cat "$tmp/rows")"

"$RECORDS" placements json "$M" >"$tmp/json" || fail "records placements json"
grep '"kernel":"chase-16"' "$tmp/json" | grep '"placement":"process-background"' >"$tmp/pb"
[ "$("$JSONL" -r summary -f lines_in_flight_implausible "$tmp/pb" | sort -u)" = true ] || fail "JSON: $(cat "$tmp/pb")"
[ "$("$JSONL" -r summary -f lines_in_flight_disturbed "$tmp/pb" | sort -u)" = true ] || fail "JSON disturbed: $(cat "$tmp/pb")"
grep '"kernel":"chase-16"' "$tmp/json" | grep '"placement":"main"' >"$tmp/main"
[ "$("$JSONL" -r summary -f lines_in_flight_implausible "$tmp/main" | sort -u)" = false ] || fail "JSON main: $(cat "$tmp/main")"

"$RECORDS" placements svg "$M" >"$tmp/svg" || fail "records placements svg"
"$top_builddir/tests/xml-check" "$tmp/svg" || fail "the chart is not well-formed"
grep -q "process-background, chase-16 (scalar): .*; 22\.3\*! lines in flight, above the 19\.2 16 chains can have" "$tmp/svg" ||
	fail "the chart's tooltip: $(grep -o 'process-background, chase-16[^<]*' "$tmp/svg")"
grep -q 'main: [0-9.]* ns per load over 16 chains, 10\.0 lines in flight (median, wall) = 1' "$tmp/svg" ||
	fail "the chains' panel: $(grep -o 'main: [^<]*' "$tmp/svg")"
# The caveat is wrapped over several texts: read as one line.
sed 's/<[^>]*>/ /g' "$tmp/svg" | tr -s ' \n' '  ' >"$tmp/words"
grep -q "Lines in flight marked ! are above what 16 chains can have (19.2, coretype(7))" "$tmp/words" ||
	fail "no caveat for '!'"
exit 0
