#!/bin/sh
# The output contract on ct-clock: JSON Lines and TSV parse, hold the
# promised fields, and agree with each other; the kernel line states the
# adds the chain runs.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

REPS=4 expect_status 0 "$CT_CLOCK" -q -f json --samples
json=$tmp/out
cp "$json" "$tmp/run.json"
"$JSONL" "$json" || fail "json output does not parse"
[ "$(head -1 "$json" | "$JSONL" -r machine -f record -)" = machine ] || fail "first record is not machine"
[ "$("$JSONL" -r machine -f record "$json" | wc -l)" -eq 1 ] || fail "not exactly one machine record"
[ "$("$JSONL" -r summary -f basis "$json" | tr '\n' ' ')" = "wall cpu " ] || fail "summaries are not wall then cpu"
[ "$("$JSONL" -r sample -f rep "$json" | tr '\n' ' ')" = "1 2 3 4 " ] || fail "sample records are not reps 1-4"
for f in tool kernel isa placement basis unit min median max cv_pct reps cpus migrated cpu_share verified; do
	"$JSONL" -r summary -f "$f" "$json" >/dev/null || fail "summary lacks $f"
done
for f in rep cpu_start cpu_end wall_ns cpu_ns value_wall value_cpu unit; do
	"$JSONL" -r sample -f "$f" "$json" >/dev/null || fail "sample lacks $f"
done
[ "$("$JSONL" -r summary -f verified "$json" | sort -u)" = true ] || fail "a summary is not verified"
[ "$("$JSONL" -r summary -f reps "$json" | sort -u)" = 4 ] || fail "REPS=4 not honoured"
[ "$("$JSONL" -r summary -f tool "$json" | sort -u)" = ct-clock ] || fail "tool is not ct-clock"
# min <= median <= max, and the wall max is the fastest sample's value.
"$JSONL" -r summary -f min "$json" >"$tmp/min"
"$JSONL" -r summary -f median "$json" >"$tmp/med"
"$JSONL" -r summary -f max "$json" >"$tmp/max"
paste "$tmp/min" "$tmp/med" "$tmp/max" | awk '!($1 > 0 && $1 <= $2 && $2 <= $3) { exit 1 }' ||
	fail "min <= median <= max does not hold"
wmax=$(head -1 "$tmp/max")
smax=$("$JSONL" -r sample -f value_wall "$json" | sort -g | tail -1)
[ "$wmax" = "$smax" ] || fail "wall max $wmax is not the fastest sample $smax"
# Every sample names where it ran.
"$JSONL" -r sample -f cpu_start "$json" | grep -qv '^-\{0,1\}[0-9][0-9]*$' && fail "cpu_start not an integer"

REPS=3 expect_status 0 "$CT_CLOCK" -q -f tsv
head -1 "$tmp/out" | grep -q '^#tool	kernel	isa	placement	basis	unit	min	median	max	cv_pct	reps	cpus	migrated	cpu_share	verified' ||
	fail "tsv header is wrong: $(head -1 "$tmp/out")"
[ "$(wc -l <"$tmp/out")" -eq 3 ] || fail "tsv is not a header and two records"
awk -F'\t' 'NR == 1 { n = NF } NF != n { exit 1 }' "$tmp/out" || fail "tsv rows have different column counts"
awk -F'\t' 'NR > 1 && ($11 != 3 || $15 != "true") { exit 1 }' "$tmp/out" || fail "tsv reps/verified wrong"

expect_status 0 "$CT_CLOCK" -q -f tsv --samples
[ "$(sed '1,/^$/d' "$tmp/out" | grep -vc '^#')" -eq 5 ] ||
	fail "tsv --samples does not give 5 sample rows after the summaries"

# The kernel line states the adds the chain runs, whole iterations of 8:
# -n 8000001 rounded up to 8000008.
REPS=1 expect_status 0 "$CT_CLOCK" -q -S 0 -n 8000001
grep -q '^kernel: *8000008 dependent adds per sample' "$tmp/out" ||
	fail "-n 8000001: $(grep '^kernel:' "$tmp/out")"
# A smoke run says so on the line, and a run that is none does not.
grep -q '^kernel: .*; a smoke run (-q): few short samples, not figures to compare with a full run$' "$tmp/out" ||
	fail "-q: the kernel line does not say it is a smoke run: $(grep '^kernel:' "$tmp/out")"
QUICK= REPS=1 expect_status 0 "$CT_CLOCK" -S 0 -n 8000000
grep -q '^kernel: *8000000 dependent adds per sample' "$tmp/out" && ! grep -q 'smoke run' "$tmp/out" ||
	fail "no -q: $(grep '^kernel:' "$tmp/out")"
exit 0
