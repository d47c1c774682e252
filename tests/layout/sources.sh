#!/bin/sh
# tests/layout/sources.sh - every source file under src/ (*.c, *.h, *.sh)
# is named in a Makemodule.am, so that make dist carries it: a header
# only #included is otherwise left out of the tarball, and a build from
# it (make distcheck, tests/tools/cross-*.sh) fails where the tree built.
. "${top_srcdir:-..}/tests/lib.sh"

src=$top_srcdir/src
[ -d "$src" ] || exit 99
cat "$top_srcdir"/Makefile.am "$src"/Makemodule.am "$src"/*/Makemodule.am >"$tmp/am" 2>/dev/null
(cd "$top_srcdir" && find src -type f \( -name '*.c' -o -name '*.h' -o -name '*.sh' \)) | sort >"$tmp/files"
[ -s "$tmp/files" ] || exit 99
missing=
while read -r f; do
	grep -qF "$f" "$tmp/am" || missing="$missing $f"
done <"$tmp/files"
[ -z "$missing" ] || fail "not in any Makemodule.am (make dist would leave them out):$missing"
exit 0
