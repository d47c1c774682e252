#!/bin/sh
# No program prints the text around its tables by hand (issue 39): every
# title, section, legend, footnote, list and warning reaches stdout or a
# results file through the document layer (src/lib/records/doc.c), the
# tables through the writer (record.c), so that both can be laid out in
# one place.  A printf-family call (fprintf, fputs, fputc, putc, fwrite,
# printf, puts, putchar, vfprintf) that writes anywhere but stderr is
# found outside src/lib/records/ and src/lib/core/ only in a program's
# usage(), in the version text (tool/cli.c's ct_cli_version) and in the
# progress line (tool/progress.c, which writes to the terminal's stderr).
. "${top_srcdir:-..}/tests/lib.sh"

src=$top_srcdir/src
find "$src" -name '*.c' ! -path "$src/lib/records/*" ! -path "$src/lib/core/*" \
	! -path "$src/lib/tool/progress.c" | sort >"$tmp/files"
[ -s "$tmp/files" ] || fail "no C files under $src"
# Each call with the function it is in (a definition starts a line with a
# name and "(", a body ends at a "}" in column one).
xargs awk '
FNR == 1 { fn = "" }
/^[A-Za-z_][A-Za-z0-9_ *]*[ *]([A-Za-z_][A-Za-z0-9_]*)\(/ && !/;[[:space:]]*$/ {
	fn = $0
	sub(/\(.*/, "", fn)
	sub(/.*[ *]/, "", fn)
}
/^}/ { fn = "" }
/(^|[^A-Za-z0-9_])(fprintf|fputs|fputc|putc|fwrite|printf|puts|putchar|vfprintf)[[:space:]]*\(/ {
	if ($0 ~ /stderr/)
		next
	if (fn == "usage" && FILENAME ~ /\/ct-[a-z]+\/ct-[a-z]+\.c$/)
		next
	if (fn == "ct_cli_version" && FILENAME ~ /\/lib\/tool\/cli\.c$/)
		next
	printf "%s:%d: %s (in %s)\n", FILENAME, FNR, $0, fn
}' <"$tmp/files" >"$tmp/found" || exit 99
[ -s "$tmp/found" ] && fail "text printed by hand outside the document layer: $(sed "s|$src/||" "$tmp/found")"
exit 0
