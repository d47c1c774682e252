#!/bin/sh
# Every man page in man/ renders without a warning under groff at 80 and
# 100 columns (-ww: "can't break line" and the rest), is clean under
# mandoc -Tlint, and quotes nothing inside a quote (a .Dq in a .Dq's line
# renders as "(“a, “b””)").  Each failure names the page, the tool and the
# message.  A tool that is absent is skipped (groff is Debian's groff-base,
# mandoc its mandoc): the test then exits 77 after the other's checks,
# unless they failed.
#
# mandoc's STYLE messages count too, but for one: "referenced manual not
# found" depends on which manuals this machine has installed (the
# suite's own pages are not, during make check), not on the page.  Its
# notes that are no message of a page ("outdated mandoc.db") are ignored.
. "${top_srcdir:-..}/tests/lib.sh"

pages=$(ls "$top_srcdir"/man/*.[1-9] 2>/dev/null)
[ -n "$pages" ] || fail "no man page in $top_srcdir/man"
bad=0
absent=

problem() {
	echo "FAIL: $*" >&2
	bad=1
}

# nested PAGE TOOL FILE: the rendered FILE has no quote opened inside a
# quote (joined, so that one broken over lines is found too).  The quotes
# become one byte each first: in the C locale a bracket is of bytes.
open=$(printf '\001')
close=$(printf '\002')
nested() {
	tr '\n' ' ' <"$3" | tr -s ' ' | sed "s/“/$open/g; s/”/$close/g" |
		grep -o "$open[^$close]*$open[^$close]*$close$close*" |
		sed "s/$open/“/g; s/$close/”/g" >"$tmp/nested" || return 0
	while IFS= read -r q; do
		problem "$1: $2: a quote inside a quote: $q"
	done <"$tmp/nested"
}

if command -v groff >/dev/null 2>&1; then
	for page in $pages; do
		name=man/${page##*/}
		for width in 80 100; do
			groff -man -Tutf8 -ww -rLL=${width}n "$page" >"$tmp/out" 2>"$tmp/err" ||
				problem "$name: groff -man -Tutf8 -ww -rLL=${width}n exits $?"
			while IFS= read -r line; do
				problem "$name: groff at $width columns: $line"
			done <"$tmp/err"
			nested "$name" "groff at $width columns" "$tmp/out"
		done
	done
else
	absent="$absent groff"
fi

if command -v mandoc >/dev/null 2>&1; then
	for page in $pages; do
		name=man/${page##*/}
		# Its exit status says the worst level, STYLE included: the lines say which.
		mandoc -Tlint -W style "$page" >"$tmp/err" 2>&1
		grep -E ': (STYLE|WARNING|ERROR|UNSUPP|BADARG|SYSERR): ' "$tmp/err" |
			grep -v ': STYLE: referenced manual not found: ' >"$tmp/msgs"
		while IFS= read -r line; do
			problem "$name: mandoc -Tlint: $line"
		done <"$tmp/msgs"
		mandoc -Tutf8 -O width=80 "$page" >"$tmp/out" 2>/dev/null ||
			problem "$name: mandoc -Tutf8 fails"
		nested "$name" "mandoc at 80 columns" "$tmp/out"
	done
else
	absent="$absent mandoc"
fi

# SEE ALSO: every page names every other page of the suite (each tool's
# and coretype(7)), as the tools are used together; read from the source.
for page in $pages; do
	name=${page##*/}
	sed -n '/^\.Sh SEE ALSO/,/^\.Sh /p' "$page" | sed -n 's/^\.Xr \([a-z0-9-]*\) \([1-9]\).*/\1.\2/p' \
		>"$tmp/seealso"
	for other in $pages; do
		o=${other##*/}
		[ "$o" = "$name" ] || grep -qx "$o" "$tmp/seealso" ||
			problem "man/$name: SEE ALSO does not name ${o%.*}(${o##*.})"
	done
done

[ "$bad" = 0 ] || exit 1
[ -z "$absent" ] || skip "not installed:$absent (the pages were not checked with it)"
exit 0
