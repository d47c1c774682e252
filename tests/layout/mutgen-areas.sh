#!/bin/sh
# tests/layout/mutgen-areas.sh - bench/mutgen-areas.txt gives every folder
# of src/ that holds sources (*.c, *.h, *.sh), and bench/, an area (a
# line whose prefix it starts with), and every test an area names is one
# make check runs (tests/Makemodule.am's TESTS), or a folder with one: a
# generated mutant is never judged by no test, or by a test that is gone.
. "${top_srcdir:-..}/tests/lib.sh"

areas=$top_srcdir/bench/mutgen-areas.txt
[ -f "$areas" ] || fail "no $areas"
sed 's/#.*//' "$areas" | awk 'NF' >"$tmp/areas"
[ -s "$tmp/areas" ] || fail "no area in $areas"

# The tests make check runs, one a line.
sed -e ':a' -e '/\\$/N; s/\\\n/ /; ta' "$top_srcdir/tests/Makemodule.am" |
	awk '$1 == "TESTS" { for (i = 2; i <= NF; i++) if ($i ~ /^tests\//) print $i }' |
	sort -u >"$tmp/tests"
[ -s "$tmp/tests" ] || exit 99

# Each area: a prefix that is in the tree, and tests make check runs.
awk '{ print NR, $0 }' "$tmp/areas" | while read -r n prefix tests; do
	[ -n "$tests" ] || fail "$areas: $prefix has no tests"
	[ -e "$top_srcdir/$prefix" ] || fail "$areas: $prefix is not in the tree"
	for t in $tests; do
		case $t in
		*/) grep -q "^$t" "$tmp/tests" || fail "$areas: $prefix: no test make check runs in $t" ;;
		*) grep -qFx "$t" "$tmp/tests" || fail "$areas: $prefix: $t is not a test make check runs" ;;
		esac
	done
done || exit 1

# Each folder with sources, and bench, under some prefix.
{
	(cd "$top_srcdir" && find src -type f \( -name '*.c' -o -name '*.h' -o -name '*.sh' \)) |
		sed 's|/[^/]*$||'
	echo bench
} | sort -u >"$tmp/dirs"
[ -s "$tmp/dirs" ] || exit 99
missing=
while read -r d; do
	awk -v d="$d" 'index(d "/", $1 "/") == 1 || index(d "/", $1) == 1 && $1 ~ /\/$/ { f = 1 }
		END { exit !f }' "$tmp/areas" || missing="$missing $d"
done <"$tmp/dirs"
[ -z "$missing" ] || fail "no area in $areas for:$missing"
exit 0
