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
# The probe's FMA is the widest ISA this machine runs (one kind: every cpu
# has it), the last usable one of ct-fma --list-isa, narrowest first.
widest=$("$CT_FMA" --list-isa | awk 'NR > 1 && $3 == "yes" { w = $1 } END { print w }')
[ "$(cut -f4 "$tmp/measured" | sort -u)" = "$widest" ] ||
	fail "the probe's ISA is not $widest: $(cut -f4 "$tmp/measured" | sort -u | tr '\n' ' ')"
section "$tmp/tsv" '#kind	rank	cpus	verdict' >"$tmp/check"
[ "$(cut -f1,2,4 "$tmp/check")" = "$(printf 'performance\t0\tagrees')" ] ||
	fail "undeclared: $(cat "$tmp/check")"

# Declared: two kinds that measure alike (or in the wrong order).  Two
# identical cpus can still read apart, in the declared order, on a
# machine loaded beyond the probe's spread: each format gets three tries.
declared_tsv() {
	"$CT_PLACE" --kinds E=0 --kinds P=1 -l --measure -f tsv >"$tmp/out" 2>"$tmp/err" || return 2
	section "$tmp/out" '#kind	rank	cpus	verdict' >"$tmp/check"
	[ "$(cut -f1-4 "$tmp/check")" = "$(printf 'performance\t0\t1\tdisagrees\nefficiency\t1\t0\tdisagrees')" ] ||
		return 1
	! cut -f8 "$tmp/check" | grep -v -q 'cpus [01] and [01] are declared'
}
declared_json() {
	"$CT_PLACE" --kinds E=0 --kinds P=1 -l --measure -f json >"$tmp/out" 2>"$tmp/err" || return 2
	"$JSONL" "$tmp/out" || return 2
	[ "$("$JSONL" -r measured -f cpu "$tmp/out" | tr '\n' ' ')" = "0 1 " ] || return 2
	[ "$("$JSONL" -r kinds_check -f verdict "$tmp/out" | sort -u)" = disagrees ] || return 1
	! "$JSONL" -r kinds_check -f reason "$tmp/out" | grep -v -q 'cpus [01] and [01] are declared'
}
declared_table() {
	"$CT_PLACE" --kinds E=0 --kinds P=1 -l --measure >"$tmp/out" 2>"$tmp/err" || return 2
	grep -q '^cpu  kind  *rank  isa  *clock GHz  FMA/cycle' "$tmp/out" || return 2
	grep -q '^efficiency  *1  *0  *disagrees .*cpus [01] and [01] are declared' "$tmp/out" &&
		grep -q '^performance  *0  *1  *disagrees .*cpus [01] and [01] are declared' "$tmp/out"
}
for f in tsv json table; do
	for try in 1 2 3; do
		st=0
		declared_$f || st=$?
		[ $st -eq 2 ] && fail "declared, $f: $(cat "$tmp/err") $(cat "$tmp/out")"
		[ $st -eq 0 ] && break
		[ $try -eq 3 ] && fail "declared, $f, three times: $(cat "$tmp/out")"
	done
done

# The comparison's quick check, three tries as above.
w='the kinds disagree with a quick measurement (see ct-place -l --measure): cpus [01] and [01] are declared'
for try in 1 2 3; do
	rm -rf "$tmp/res"
	expect_status 0 "$CT_PLACE" --kinds E=0 --kinds P=1 -q -r 1 -p main -f json -o "$tmp/res"
	sed 's/^lt-//' "$tmp/err" | grep -q "^ct-place: warning: $w" && break
	[ $try -eq 3 ] && fail "comparison stderr, three times: $(cat "$tmp/err")"
done
"$JSONL" -r machine -f warnings "$tmp/out" | grep -q "$w" ||
	fail "the machine record's warnings: $("$JSONL" -r machine -f warnings "$tmp/out")"
grep -q "^- $w" "$tmp/res/summary.md" || fail "summary.md: $(cat "$tmp/res/summary.md")"
exit 0
