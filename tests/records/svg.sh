#!/bin/sh
# ct-place -o DIR's chart, DIR/summary.svg: well-formed XML (the tests' own
# checker, and xmllint where installed), SVG 1.1 with nothing external,
# exactly one bar per placement measured and kernel, main's bars at 1,
# the basis named; on this machine, and on made-up hybrid rows
# (tests/records/unit-svg) with every kind, a placement not measured, and names
# that need escaping; no two texts overlapping (tests/records/svg-layout).
# Rendered with rsvg-convert where it is installed.
. "${top_srcdir:-..}/tests/lib.sh"

XMLCHECK=$top_builddir/tests/xml-check
UNITSVG=$top_builddir/tests/records/unit-svg

# check_svg FILE: well-formed, an svg root, self-contained; ids of the bars in $tmp/bars.
check_svg() {
	"$XMLCHECK" -r "$1" >"$tmp/root" || fail "$1 is not well-formed XML"
	[ "$(cat "$tmp/root")" = svg ] || fail "$1: the root is not svg"
	if command -v xmllint >/dev/null 2>&1; then
		xmllint --noout "$1" || fail "$1: xmllint says it is not well-formed"
	fi
	head -1 "$1" | grep -q '^<?xml version="1.0" encoding="UTF-8"?>$' || fail "$1: no XML declaration"
	grep -q '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" ' "$1" || fail "$1: not SVG 1.1"
	grep -q 'font-family="sans-serif"' "$1" || fail "$1: no generic font family"
	grep -qi '<script\|href=\|url(\|@import\|@font-face\|<image\|<foreignObject' "$1" &&
		fail "$1: refers to something outside itself or runs a script"
	grep -o 'font-family="[^"]*"' "$1" | grep -qv '"sans-serif"' && fail "$1: a named font"
	"$top_builddir/tests/records/svg-layout" "$1" || fail "$1: texts overlap (svg-layout)"
	"$XMLCHECK" -c bar "$1" >"$tmp/bars" || fail "$1: xml-check -c failed"
	[ "$(sort "$tmp/bars" | uniq -d)" = "" ] || fail "$1: a bar id twice: $(sort "$tmp/bars" | uniq -d)"
	if command -v rsvg-convert >/dev/null 2>&1; then
		rsvg-convert -o "$tmp/chart.png" "$1" || fail "$1: rsvg-convert cannot render it"
	fi
}

# expect_bars PLACEMENT...: exactly clock, fma, stream, latency and chains bars of each.
expect_bars() {
	for p in "$@"; do
		for k in clock fma stream latency chains; do
			echo "bar-$k-$p"
		done
	done | sort >"$tmp/want"
	sort "$tmp/bars" | diff -u "$tmp/want" - || fail "not one bar per placement and kernel"
}

# This machine: every placement that applies.
mkdir "$tmp/res"
REPS=2 expect_status 0 "$CT_PLACE" -q -S 0 -o "$tmp/res"
[ -s "$tmp/res/summary.svg" ] || fail "no summary.svg"
check_svg "$tmp/res/summary.svg"
"$JSONL" -r summary -f placement "$tmp/res/raw.txt" | awk '!seen[$0]++' >"$tmp/placements"
[ -s "$tmp/placements" ] || fail "raw.txt names no placement"
# shellcheck disable=SC2046
expect_bars $(cat "$tmp/placements")
svg=$tmp/res/summary.svg
grep -q '<title>coretype: what each placement gets, relative to main</title>' "$svg" || fail "no title"
grep -q 'on the wall basis (elapsed time)' "$svg" || fail "the chart does not say its basis"
grep -q '>median rate relative to main</text>' "$svg" || fail "no axis title"
grep -q 'class="reference"' "$svg" || fail "no reference line"
[ "$(grep -c 'class="label"' "$svg")" -eq "$(wc -l <"$tmp/placements")" ] || fail "not one label per placement"
# main's bars: 1.000, with their value label.
[ "$(grep -A4 'id="bar-[a-z]*-main"' "$svg" | grep -c '<text class="value" [^>]*>1.000</text>')" -eq 5 ] ||
	fail "main's bars are not labelled 1.000"
# Every value label is a number; as many as bars.
[ "$(grep -c '<text class="value"' "$svg")" -eq "$(wc -l <"$tmp/bars")" ] || fail "not one value per bar"
# Ticks: the axis is labelled at 0 in each panel.
[ "$(grep -c 'text-anchor="middle">0</text>' "$svg")" -eq 5 ] || fail "no 0 tick in each panel"

# Two placements only.
rm -f "$tmp/res"/*
REPS=2 expect_status 0 "$CT_PLACE" -q -S 0 -p main,thread -o "$tmp/res"
check_svg "$tmp/res/summary.svg"
expect_bars main thread

# Without main: the ratios are to the first placement, and the chart says so.
rm -f "$tmp/res"/*
REPS=2 expect_status 0 "$CT_PLACE" -q -S 0 -p thread -o "$tmp/res"
check_svg "$tmp/res/summary.svg"
expect_bars thread
grep -q 'relative to thread</title>' "$tmp/res/summary.svg" || fail "without main: not relative to thread"
grep -q '(main was not measured.)' "$tmp/res/summary.svg" || fail "without main: not said"

# Made-up hybrid rows: three kinds, a mixed row, one not measured, odd names.
"$UNITSVG" "$tmp/hybrid.svg" || fail "unit-svg failed"
check_svg "$tmp/hybrid.svg"
expect_bars main thread thread-background pin-performance pin-efficiency pin-low-power \
	'pin-_odd___name_'
for c in '#0072B2' '#E69F00' '#009E73' '#CC79A7' '#999999'; do
	grep -q "fill=\"$c\"" "$tmp/hybrid.svg" || fail "hybrid: colour $c unused"
done
grep -q '>performance cores</text>' "$tmp/hybrid.svg" || fail "hybrid: no kind legend"
grep -q '>cores of several kinds</text>' "$tmp/hybrid.svg" || fail "hybrid: no mixed legend"
grep -q 'pin-&lt;odd&gt;&amp;&quot;name&quot;' "$tmp/hybrid.svg" || fail "hybrid: the odd name is not escaped"
grep -q 'Not measured here: process-background' "$tmp/hybrid.svg" || fail "hybrid: the row not measured is not named"
"$UNITSVG" -n "$tmp/nomain.svg" || fail "unit-svg -n failed"
check_svg "$tmp/nomain.svg"
expect_bars thread thread-background pin-performance pin-efficiency pin-low-power 'pin-_odd___name_'
exit 0
