#!/bin/sh
# Each warning once on standard output, and the same ones as on standard
# error ("ct-xxx: warning: TEXT"), whole: in every tool's table, ct-stream's
# sweep (whose machine lines come before the first size) included.  On a
# quiet machine there may be none, which passes; tests/core/unit-warn holds the
# writers with made-up warnings.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

for t in clock fma stream stream-sweep place; do
	case $t in
	clock) set -- "$CT_CLOCK" -q -r 3 ;;
	fma) set -- "$CT_FMA" -q -r 3 ;;
	stream) set -- "$CT_STREAM" -q -r 3 ;;
	stream-sweep) set -- "$CT_STREAM" -q -r 3 -b 16K,64K ;;
	place) set -- "$CT_PLACE" -q -r 3 -p main ;;
	esac
	expect_status 0 "$@"
	# The table's warning lines: "warning:  TEXT", or under "warnings:" indented.
	sed -n -e 's/^warning:  //p' -e '/^warnings:$/,/^$/s/^  \(..*\)$/\1/p' "$tmp/out" |
		sort >"$tmp/stdout.w"
	sed -n 's/^\(lt-\)\{0,1\}ct-[a-z]*: warning: //p' "$tmp/err" | sort >"$tmp/stderr.w"
	dup=$(uniq -d "$tmp/stdout.w")
	[ -z "$dup" ] || fail "$t: a warning twice on stdout: $dup"
	cmp -s "$tmp/stdout.w" "$tmp/stderr.w" ||
		fail "$t: stdout's warnings are not stderr's: $(diff "$tmp/stderr.w" "$tmp/stdout.w")"
done
exit 0
