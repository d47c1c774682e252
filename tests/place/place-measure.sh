#!/bin/sh
# ct-place -l --measure on the machine running the tests: every usable cpu
# is probed and measured; undeclared (one kind here), the kinds agree;
# declared with --kinds E=0 --kinds P=1 (two identical cpus called two
# kinds), they disagree, and the reason names both cpus, in the table,
# TSV and JSON alike, with exit status 0 either way.  A recorded machine
# cannot be measured, and --measure belongs to -l.  The comparison run
# checks the kinds quickly first: declared so, it warns on stderr, in the
# machine record's warnings and in summary.md.
. "${top_srcdir:-..}/tests/lib.sh"

[ -x "$CT_PLACE" ] || fail "no ct-place"

expect_status 2 "$CT_PLACE" --sysroot "$top_srcdir/data/machines/intel-srf-2s-6780e" -l --measure
sed 's/^lt-//' "$tmp/err" | grep -q '^ct-place: --measure needs the live machine' ||
	fail "--sysroot --measure: $(cat "$tmp/err")"
expect_status 2 "$CT_PLACE" --measure
sed 's/^lt-//' "$tmp/err" | grep -q '^ct-place: --measure applies to the listing' ||
	fail "--measure alone: $(cat "$tmp/err")"

"$CT_PLACE" -l -f tsv >"$tmp/list" || fail "ct-place -l failed"
[ "$(tail -n +2 "$tmp/list" | wc -l)" -ge 2 ] || skip "fewer than two usable cpus"
"$CT_PLACE" -l -f tsv | awk -F'\t' 'NR > 1 && $2 != "performance" { exit 1 }' ||
	skip "this machine has more than one kind"

# section FILE HEADER-START: the rows of the TSV section whose '#' header starts so.
section() {
	awk -v h="$2" '/^#/ { on = index($0, h) == 1; next } on' "$1"
}

# Undeclared: a measured row per usable cpu, one verdict, agrees.
expect_status 0 "$CT_PLACE" -l --measure -f tsv
cp "$tmp/out" "$tmp/tsv"
grep -q "^$(printf '#cpu\tkind\trank\tisa\tclock_ghz\tfma_per_cycle\tspread_pct\tbasis\tnote')\$" "$tmp/tsv" ||
	fail "no measured header: $(cat "$tmp/tsv")"
section "$tmp/tsv" '#cpu	kind	rank	isa' >"$tmp/measured"
[ "$(wc -l <"$tmp/measured")" = "$(tail -n +2 "$tmp/list" | wc -l)" ] || fail "not a measured row per cpu"
awk -F'\t' '!($5 > 0.1 && $5 < 20 && $6 > 0.1 && $6 < 64 && $8 == "cpu" && $9 == "") { exit 1 }' \
	"$tmp/measured" || fail "measured figures: $(cat "$tmp/measured")"
section "$tmp/tsv" '#kind	rank	cpus	verdict' >"$tmp/check"
[ "$(cut -f1,2,4 "$tmp/check")" = "$(printf 'performance\t0\tagrees')" ] ||
	fail "undeclared: $(cat "$tmp/check")"

# Declared: two kinds that measure alike (or in the wrong order).
expect_status 0 "$CT_PLACE" --kinds E=0 --kinds P=1 -l --measure -f tsv
section "$tmp/out" '#kind	rank	cpus	verdict' >"$tmp/check"
[ "$(cut -f1-4 "$tmp/check")" = "$(printf 'performance\t0\t1\tdisagrees\nefficiency\t1\t0\tdisagrees')" ] ||
	fail "declared, tsv: $(cat "$tmp/check")"
cut -f8 "$tmp/check" | grep -v -q 'cpus [01] and [01] are declared' && fail "tsv reason: $(cat "$tmp/check")"

expect_status 0 "$CT_PLACE" --kinds E=0 --kinds P=1 -l --measure -f json
"$JSONL" "$tmp/out" || fail "json does not parse"
[ "$("$JSONL" -r kinds_check -f verdict "$tmp/out" | sort -u)" = disagrees ] || fail "json verdicts"
"$JSONL" -r kinds_check -f reason "$tmp/out" | grep -v -q 'cpus [01] and [01] are declared' &&
	fail "json reason"
[ "$("$JSONL" -r measured -f cpu "$tmp/out" | tr '\n' ' ')" = "0 1 " ] || fail "json measured cpus"

expect_status 0 "$CT_PLACE" --kinds E=0 --kinds P=1 -l --measure
grep -q '^efficiency  *1  *0  *disagrees .*cpus [01] and [01] are declared efficiency and performance\|^efficiency  *1  *0  *disagrees .*cpus [01] and [01] are declared performance and efficiency' "$tmp/out" ||
	fail "table: $(cat "$tmp/out")"
grep -q '^performance  *0  *1  *disagrees ' "$tmp/out" || fail "table: $(cat "$tmp/out")"
grep -q '^cpu  kind  *rank  isa  *clock GHz  FMA/cycle' "$tmp/out" || fail "table header: $(cat "$tmp/out")"

expect_status 0 "$CT_PLACE" --kinds E=0 --kinds P=1 -q -r 1 -p main -f json -o "$tmp/res"
w='the kinds disagree with a quick measurement (see ct-place -l --measure): cpus [01] and [01] are declared'
sed 's/^lt-//' "$tmp/err" | grep -q "^ct-place: warning: $w" || fail "comparison stderr: $(cat "$tmp/err")"
"$JSONL" -r machine -f warnings "$tmp/out" | grep -q "$w" ||
	fail "the machine record's warnings: $("$JSONL" -r machine -f warnings "$tmp/out")"
grep -q "^- $w" "$tmp/res/summary.md" || fail "summary.md: $(cat "$tmp/res/summary.md")"
exit 0
