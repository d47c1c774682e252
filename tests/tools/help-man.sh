#!/bin/sh
# Every option --help documents is in the tool's man page, and every option
# the man page documents is in --help, with the same letter.
. "${top_srcdir:-..}/tests/lib.sh"

n=0
for tool in ct-clock ct-fma ct-stream ct-place ct-compare ct-latency ct-fleet; do
	[ -x "$top_builddir/$tool" ] || continue
	n=$((n + 1))
	"$top_builddir/$tool" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$tmp/help"
	sed -n 's/^\.It Fl [a-zA-Z] , Fl -\([a-z-]*\).*/--\1/p; s/^\.It Fl -\([a-z][a-z-]*\).*/--\1/p' \
		"$top_srcdir/man/$tool.1" | sort -u >"$tmp/man"
	[ -s "$tmp/help" ] || fail "$tool --help lists no options"
	diff -u "$tmp/help" "$tmp/man" || fail "$tool --help and $tool(1) list different options"
	# And the same letters: "-c, --cpu" in both.
	"$top_builddir/$tool" --help | sed -n 's/^  -\([A-Za-z0-9]\), --\([a-z][a-z-]*\).*/-\1 --\2/p' |
		sort -u >"$tmp/help"
	sed -n 's/^\.It Fl \([a-zA-Z0-9]\) , Fl -\([a-z-]*\).*/-\1 --\2/p' \
		"$top_srcdir/man/$tool.1" | sort -u >"$tmp/man"
	diff -u "$tmp/help" "$tmp/man" || fail "$tool --help and $tool(1) give different letters"
done
[ "$n" -gt 0 ] || fail "no tool built"
exit 0
