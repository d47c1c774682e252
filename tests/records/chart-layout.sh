#!/bin/sh
# Every kind of chart laid out (tests/records/charts-make.sh makes them
# from recorded runs and made-up rows): no two texts overlap, every text
# on the page, each panel's ticks rising left to right, every text cut
# short whole in its <title> (tests/records/svg-layout, with the chart
# writer's own width table).  Then what a reader relies on: the one
# change the verdict called marked on its row (a triangle down: slower),
# pale bars where none was; ct-compare's log axis centred on 1, a ratio
# under 1 left of the line; the chase in ns per load, --bench's times in
# ms.  The checker is first held to made-up texts, apart and overlapping.
. "${top_srcdir:-..}/tests/lib.sh"
. "$top_srcdir/tests/records/charts-make.sh"

LAYOUT=$top_builddir/tests/records/svg-layout

# page BODY: an SVG page of 300 x 100 px holding BODY.
page() {
	printf '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="300" height="100" font-family="sans-serif">\n%s\n</svg>\n' "$1"
}

ellipsis=$(printf '\342\200\246')

# --- The checker: "abcdef" at 10 px is 34.0 px wide and 10 px high. ---
page '<text x="10" y="20" font-size="10">abcdef</text>
<text x="50" y="20" font-size="10">abcdef</text>
<text x="10" y="40" font-size="10">abcdef</text>
<text x="84" y="40" font-size="10" text-anchor="end">abcdef</text>
<text x="10" y="60" font-size="10"><title>abcdef and more</title>abc'"$ellipsis"'</text>' >"$tmp/apart.svg"
"$LAYOUT" "$tmp/apart.svg" || fail "the checker: texts apart said to overlap"
page '<text x="10" y="20" font-size="10">abcdef</text>
<text x="40" y="25" font-size="10">abcdef</text>' >"$tmp/overlap.svg"
expect_status 1 "$LAYOUT" "$tmp/overlap.svg"
grep -q 'two texts overlap' "$tmp/err" || fail "the checker: overlapping texts not found: $(cat "$tmp/err")"
page '<text x="10" y="20" font-size="10">abcdef</text>
<text x="76" y="20" font-size="10" text-anchor="end">abcdef</text>' >"$tmp/anchor.svg"
expect_status 1 "$LAYOUT" "$tmp/anchor.svg"
page '<text x="280" y="20" font-size="10">abcdef</text>' >"$tmp/off.svg"
expect_status 1 "$LAYOUT" "$tmp/off.svg"
grep -q 'off the page' "$tmp/err" || fail "the checker: a text off the page not found"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<svg width="300" height="100"><text x="10" y="20" font-size="10">abc\342\200\246</text></svg>\n' >"$tmp/cut.svg"
expect_status 1 "$LAYOUT" "$tmp/cut.svg"
grep -q 'cut short' "$tmp/err" || fail "the checker: a text cut short without its title not found"
page '<g class="panel" id="panel-x"><text class="tick" x="10" y="20" font-size="10">1.1</text>
<text class="tick" x="60" y="20" font-size="10">1</text></g>' >"$tmp/ticks.svg"
expect_status 1 "$LAYOUT" "$tmp/ticks.svg"
grep -q 'tick label not above' "$tmp/err" || fail "the checker: falling ticks not found"

# --- Every chart. ---
charts_make "$tmp/c" || fail "the charts could not be made"
for f in "$tmp"/c/*.svg; do
	"$top_builddir/tests/xml-check" "$f" || fail "$(basename "$f") is not well-formed"
	"$LAYOUT" "$f" || fail "$(basename "$f") is not laid out"
	dup=$(grep -o ' id="[^"]*"' "$f" | sort | uniq -d | head -n 3)
	[ -z "$dup" ] || fail "$(basename "$f"): ids given twice:$dup"
done

# --- The legend's bar in the bars' colours, each once (not grey beside blue bars). ---
# (compare-three.svg has none: its NEWs were read by other ISAs, no ratio.)
for f in "$tmp"/c/*.svg; do
	sed -n 's/.*<rect class="bar" [^>]* fill="\(#[0-9A-Fa-f]*\)".*/\1/p' "$f" | sort -u >"$tmp/bars"
	sed -n 's/.*<rect class="legend-bar" [^>]* fill="\(#[0-9A-Fa-f]*\)".*/\1/p' "$f" | sort >"$tmp/legend"
	[ ! -s "$tmp/bars" ] || diff "$tmp/bars" "$tmp/legend" >/dev/null ||
		fail "$(basename "$f"): the legend's bar is $(cat "$tmp/legend"), the bars $(cat "$tmp/bars")"
done

# --- ct-compare: the one change called, marked on its row, which way. ---
svg=$tmp/c/compare.svg
grep '"record":"compare"' "$tmp/c/compare.json" | grep '"basis":"wall","figure":"rate"' |
	grep '"changed":true' >"$tmp/changed"
[ "$(wc -l <"$tmp/changed")" -eq 1 ] && grep -q '"kernel":"chase","isa":"scalar"' "$tmp/changed" ||
	fail "not one change, the chase's: $(cat "$tmp/changed")"
"$top_builddir/tests/xml-check" -c changed "$svg" >"$tmp/marks" || fail "xml-check -c failed"
[ "$(cat "$tmp/marks")" = "changed-chase-scalar-16M-main" ] ||
	fail "the change marked on $(cat "$tmp/marks"), not the chase's main row"
grep -q "id=\"changed-chase-scalar-16M-main\"><title>[^<]*slower[^<]*</title>$(printf '\342\226\274')<" "$svg" ||
	fail "the change is not marked slower: $(grep 'class="changed"' "$svg")"
grep -q 'id="bar-chase-scalar-16M-main"[^>]*stroke="#000000"' "$svg" || fail "the changed bar is not outlined"
[ "$(grep -c 'class="same"' "$svg")" -eq 4 ] || fail "not four bars of no change (the other kernels)"
grep -q 'ns per load in base' "$svg" || fail "the chase's tooltip is not in ns per load"
# A time 20 % longer is slower too (a ratio above 1).
grep -q 'class="changed"[^>]*><title>[^<]*slower' "$tmp/c/compare-bench.svg" ||
	fail "--bench's 20 % longer not marked slower"
grep -q 'class="changed"[^>]*><title>[^<]*faster' "$tmp/c/compare-bench.svg" &&
	fail "--bench's 20 % longer marked faster"

# The log axis: centred on 1, the chase's 0.886 ending at the line, 1.2 starting there.
refx() {
	sed -n "/id=\"panel-$2\"/,/<\/g>/p" "$1" | sed -n 's/.*class="reference" x1="\([0-9.]*\)".*/\1/p'
}
barx() {
	sed -n "s/.*id=\"bar-$2\" x=\"\([0-9.]*\)\" y=\"[0-9.]*\" width=\"\([0-9.]*\)\".*/\1 \2/p" "$1"
}
set -- $(barx "$svg" chase-scalar-16M-main) $(refx "$svg" chase-scalar-16M)
[ $# -eq 3 ] && awk -v x="$1" -v w="$2" -v r="$3" 'BEGIN { exit !(w > 10 && (x + w - r) ^ 2 < 0.1) }' ||
	fail "the chase's 0.886 does not end at the reference line: $*"
grep -q '>new / base (log scale)<' "$svg" || fail "the axis does not say log scale"
for t in 0.9 1 1.1; do
	sed -n '/id="panel-chase-scalar-16M"/,/<\/g>/p' "$svg" | grep -q "class=\"tick\"[^>]*>$t</text>" ||
		fail "no tick $t on the chase's log axis"
done

# --- ct-place: the chase's reference in ns per load; --bench's in ms. ---
grep -q '>main: 80.0 ns per load[ <]' "$tmp/c/place.svg" ||
	fail "the chase's subtitle is not in ns per load: $(grep -o '>main: [^<]*<' "$tmp/c/place.svg")"
grep -q 'load/ns' "$tmp/c/place.svg" && fail "load/ns on ct-place's chart"
grep -q '>main: 55.07 ms (median)<' "$tmp/c/bench.svg" ||
	fail "--bench's main not in ms: $(grep -o '>main: [^<]*<' "$tmp/c/bench.svg")"
grep -q '>median time per run, ms<' "$tmp/c/bench.svg" || fail "--bench's axis not in ms"
# Two commands: each row says its command, each panel each command's main.
f=$tmp/c/bench-two.svg
for r in 'cmd 1: main' 'cmd 2: main' 'cmd 2: pin-efficiency'; do
	grep -q ">$r<" "$f" || fail "--bench of two commands: no row '$r'"
done
grep -q '>main: cmd 1 55.07 ms, cmd 2 82.61 ms (medians)<' "$f" ||
	fail "--bench of two commands: mains not both given: $(grep -o '>main: [^<]*<' "$f" | head -n 1)"
grep -q '>coretype: 2 commands under each placement<' "$f" || fail "--bench of two commands: title"
grep -q 'Commands: 1 &apos;sh -c' "$f" || fail "--bench of two commands: the commands not listed"
exit 0
