#!/bin/sh
# No result is printed outside the writer: a measured value (a rate, a
# median, a ratio, a per-cycle figure, a share, a clock) reaches stdout or
# a results file only through a record kind's value function, written by
# src/lib/records/record.c, so that the table, TSV, JSON and Markdown of
# one run cannot disagree and no figure lacks its machine-readable twin.
# Checked here: no printf-family call outside src/lib/records/ (messages
# to stderr aside) passes such a value; a value function builds its text
# with snprintf, which is not such a call.  String literals are left out
# of the match, so a legend that says "ratio" is not a result.
. "${top_srcdir:-..}/tests/lib.sh"

src=$top_srcdir/src
[ -d "$src/lib/records" ] || fail "no src/lib/records under $src"

find "$src" -name '*.c' ! -path "$src/lib/records/*" | sort >"$tmp/files"
[ -s "$tmp/files" ] || fail "no C files under $src"
# Each call joined up to its ';', its strings emptied, then its arguments
# matched against the names of measured values.
xargs awk '
FNR == 1 { incall = 0 }
{
	line = $0
	if (!incall && line ~ /(^|[^A-Za-z0-9_])(printf|fprintf|vfprintf|fputs|puts|dprintf)[[:space:]]*\(/) {
		incall = 1
		call = ""
		start = FNR
	}
	if (!incall)
		next
	call = call " " line
	if (line !~ /;[[:space:]]*(\/\*.*)?$/)
		next
	incall = 0
	gsub(/"([^"\\]|\\.)*"/, "\"\"", call)
	if (call ~ /stderr/)
		next
	if (call ~ /(rate\.|->rate|median|ratio|per_cycle|cpu_share|ghz|value_wall|value_cpu|[.>]mean|[.>]max)/)
		printf "%s:%d:%s\n", FILENAME, start, call
}' <"$tmp/files" >"$tmp/found" || exit 99
[ -s "$tmp/found" ] && fail "a result printed outside the writer:
$(sed "s|^$src/|src/|" "$tmp/found")"
exit 0
