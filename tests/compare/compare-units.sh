#!/bin/sh
# ct-compare's table in the figures' units (issue 38): --bench's times in
# ms, a latency in ns per load, the verdict's words beside its sign (a
# time's rise is slower, a rate's faster), TSV and JSON in SI base units;
# and its widths on recorded inputs: 120 columns to a pipe, COLUMNS, -w N,
# --wide; the unit, ratio and verdict never left out, the note in the
# table's labels; every line of the header and legend within the width.
. "${top_srcdir:-..}/tests/lib.sh"

# The inputs by a path of the same length wherever the tree is (a table
# shows each file's name: make distcheck's ../../tests/... would widen it).
mkdir "$tmp/in" && cp "$top_srcdir"/tests/compare/inputs/*.json "$tmp/in/" || exit 99
CT_COMPARE=$(cd "$(dirname "$CT_COMPARE")" && pwd)/$(basename "$CT_COMPARE")
cd "$tmp" || exit 99
in=in

# widest FILE: its longest line, in characters ("µs" is 2, not 3 bytes).
widest() {
	tr -d '\200-\277' <"$1" | awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }'
}

# --- Times: 20 % slower in ms, said as slower. ---
expect_status 0 "$CT_COMPARE" "$in/bench-base.json" "$in/bench-slower.json"
cp "$tmp/out" "$tmp/bench"
grep -q '^main  *cpu  *time  *s  *[0-9.]* ms  *[0-9.]* ms  *1\.[0-9]*  .*+[0-9.]*% slower' "$tmp/bench" ||
	fail "--bench's rows not in ms, or the verdict not slower: $(grep '^main' "$tmp/bench")"
# The other way round, faster.
expect_status 0 "$CT_COMPARE" "$in/bench-slower.json" "$in/bench-base.json"
grep -q '^main  *wall  *time  *s  .*-[0-9.]*% faster' "$tmp/out" ||
	fail "a shorter time is not faster: $(grep '^main' "$tmp/out")"
# The machine formats keep seconds.
expect_status 0 "$CT_COMPARE" -f tsv "$in/bench-base.json" "$in/bench-slower.json"
grep -q '	s	-	both	0\.[0-9]*	0\.[0-9]*	' "$tmp/out" ||
	fail "TSV's medians are not in seconds: $(head -3 "$tmp/out")"
grep -q ' ms\| µs' "$tmp/out" && fail "TSV has an adaptive unit: $(head -3 "$tmp/out")"

# --- A latency: ns per load, the rows' rate ratio beside them. ---
expect_status 0 "$CT_COMPARE" "$in/latency-chains.json" "$in/latency-chains.json"
grep -q 'rate  *ns/load  *[0-9]*\.[0-9]*  *[0-9]*\.[0-9]*  ' "$tmp/out" ||
	fail "latency not in ns per load: $(grep 'rate' "$tmp/out" | head -3)"
grep -q 'load/ns' "$tmp/out" && fail "a latency row still in loads per ns: $(grep 'load/ns' "$tmp/out" | head -3)"
grep -q 'per-cycle  *cyc/load' "$tmp/out" || fail "per-cycle latency not in cycles per load: $(cat "$tmp/out")"

# --- A rate: higher is faster. ---
expect_status 0 "$CT_COMPARE" "$in/stream-plain.json" "$in/stream-avx2.json"
if grep -q '% faster\|% slower' "$tmp/out"; then
	grep '% faster\|% slower' "$tmp/out" | while IFS= read -r line; do
		case $line in
		*" +"*"% slower"* | *" -"*"% faster"*)
			case $line in *" time "*) ;; *) fail "a rate row's words inverted: $line" ;; esac ;;
		esac
	done || exit 1
fi

# --- Widths: a pipe 120, COLUMNS, -w, --wide. ---
expect_status 0 "$CT_COMPARE" "$in/bench-base.json" "$in/bench-slower.json"
[ "$(widest "$tmp/out")" -le 120 ] || fail "a pipe's lines exceed 120: $(widest "$tmp/out")"
for w in 80 100; do
	expect_status 0 env COLUMNS=$w "$CT_COMPARE" "$in/bench-base.json" "$in/bench-slower.json"
	[ "$(widest "$tmp/out")" -le $w ] || fail "COLUMNS=$w: a line of $(widest "$tmp/out")"
	cp "$tmp/out" "$tmp/cols"
	expect_status 0 "$CT_COMPARE" -w $w "$in/bench-base.json" "$in/bench-slower.json"
	cmp -s "$tmp/out" "$tmp/cols" || fail "-w $w is not COLUMNS=$w: $(diff "$tmp/cols" "$tmp/out")"
	# Never the unit, the ratio or the verdict.
	grep -q '^placement  *basis  *\(figure  *\)\{0,1\}unit  *base  *new  *ratio  .*verdict' "$tmp/out" ||
		fail "-w $w: the unit, ratio or verdict left out: $(grep '^placement' "$tmp/out")"
done
expect_status 0 env COLUMNS=60 "$CT_COMPARE" "$in/bench-base.json" "$in/bench-slower.json"
# The rows' note: the first.
sed -n '/left out to fit/,/more)$/p' "$tmp/out" | sed '/more)$/q' >"$tmp/note"
[ -s "$tmp/note" ] || fail "COLUMNS=60: no note of the columns left out: $(cat "$tmp/out")"
grep -q '_' "$tmp/note" && fail "the note names TSV fields, not the table's labels: $(cat "$tmp/note")"
grep -q '95% interval' "$tmp/note" || fail "the note lacks the interval: $(cat "$tmp/note")"
grep -q ' unit[,;]\| ratio[,;]\| verdict[,;]' "$tmp/note" && fail "the note names a kept column: $(cat "$tmp/note")"
# --wide: every column, and a long machine value whole.
expect_status 0 "$CT_COMPARE" --wide "$in/bench-base.json" "$in/bench-slower.json"
grep -q 'left out to fit\|cut to fit' "$tmp/out" && fail "--wide left something out: $(cat "$tmp/out")"
grep -q '^placement  *basis  *figure  *unit  *base  *new  *ratio  *95% interval  *p  *verdict  *n  *disturbed' "$tmp/out" ||
	fail "--wide lost a column: $(grep '^placement' "$tmp/out")"
expect_status 0 "$CT_COMPARE" -w 1000 "$in/bench-base.json" "$in/bench-slower.json"
grep -q 'left out to fit' "$tmp/out" && fail "-w 1000 left a column out"
# -w and --wide exclude each other; a width below 20 is refused.
expect_status 2 "$CT_COMPARE" -w 80 --wide "$in/bench-base.json" "$in/bench-slower.json"
expect_status 2 "$CT_COMPARE" -w 5 "$in/bench-base.json" "$in/bench-slower.json"
grep -q "invalid --width '5'" "$tmp/err" || fail "no message for -w 5: $(cat "$tmp/err")"
exit 0
