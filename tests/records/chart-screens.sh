#!/bin/sh
# Every kind of chart (tests/records/charts-make.sh) rendered by headless
# Chromium (Debian's chromium) at its own size: a screenshot each, not
# blank, that is four times the size of the screenshot of a blank page as
# large as the largest chart (a white PNG compresses to almost nothing, a chart's text and
# bars do not).  Skipped where Chromium is not installed.
. "${top_srcdir:-..}/tests/lib.sh"
. "$top_srcdir/tests/records/charts-make.sh"

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || skip "no $CHROMIUM to render the charts with"

# shot SVG PNG: SVG rendered at its own width and height.
shot() {
	size=$(sed -n 's/^<svg [^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1,\2/p' "$1" | head -1)
	[ -n "$size" ] || fail "$1: no width and height"
	HOME=$tmp "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$tmp/profile" --screenshot="$2" --window-size="$size" \
		"file://$1" >"$tmp/chromium.log" 2>&1
	[ -s "$2" ] || fail "$1: no screenshot ($(tail -3 "$tmp/chromium.log"))"
}

charts_make "$tmp/c" || fail "the charts could not be made"
# One blank page as large as the largest chart: its screenshot the largest blank one.
w=0
h=0
for f in "$tmp"/c/*.svg; do
	set -- $(sed -n 's/^<svg [^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2/p' "$f")
	[ "$1" -gt "$w" ] && w=$1
	[ "$2" -gt "$h" ] && h=$2
done
printf '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%s" height="%s"><rect x="0" y="0" width="%s" height="%s" fill="#ffffff"/></svg>\n' \
	"$w" "$h" "$w" "$h" >"$tmp/blank.svg"
shot "$tmp/blank.svg" "$tmp/blank.png"
blank=$(wc -c <"$tmp/blank.png")
for f in "$tmp"/c/*.svg; do
	n=$(basename "$f" .svg)
	shot "$f" "$tmp/$n.png"
	chart=$(wc -c <"$tmp/$n.png")
	[ "$chart" -gt $((blank * 4)) ] || fail "$n.svg renders blank: $chart bytes against a blank page's $blank"
	[ -n "${CT_KEEP_SCREENS:-}" ] && cp "$tmp/$n.png" "$CT_KEEP_SCREENS/"
done
exit 0
