#!/bin/sh
# One option vocabulary: across the --help of all five tools, a short
# letter has one long name, and a long name has one letter (or none)
# wherever it appears.
. "${top_srcdir:-..}/tests/lib.sh"

: >"$tmp/opts"
for tool in ct-clock ct-fma ct-stream ct-place ct-compare ct-latency ct-fleet; do
	[ -x "$top_builddir/$tool" ] || fail "$tool is not built"
	"$top_builddir/$tool" --help >"$tmp/help" || fail "$tool --help failed"
	# "  -c, --cpu CPULIST ..." and "      --isa ISA ...": letter (or -), name, tool.
	sed -n -e "s/^  -\\([A-Za-z0-9]\\), --\\([a-z][a-z-]*\\).*/\\1 \\2 $tool/p" \
		-e "s/^      --\\([a-z][a-z-]*\\).*/- \\1 $tool/p" "$tmp/help" >"$tmp/one"
	[ -s "$tmp/one" ] || fail "$tool --help lists no options"
	cat "$tmp/one" >>"$tmp/opts"
done

# A letter, the long names it has and where.
awk '$1 != "-" { seen[$1 " " $2] = seen[$1 " " $2] " " $3 }
END { for (k in seen) print k ":" seen[k] }' "$tmp/opts" | sort >"$tmp/letters"
awk '{ print $1 }' "$tmp/letters" | uniq -d >"$tmp/twice"
while read -r letter; do
	names=$(awk -v l="$letter" '$1 == l { print $2 }' "$tmp/letters" | tr '\n' ' ')
	fail "-$letter means several options: $(grep "^$letter " "$tmp/letters" | tr '\n' ';')"
done <"$tmp/twice"

# A long name, the letters it has (- for none) and where.
awk '{ seen[$2 " " $1] = seen[$2 " " $1] " " $3 }
END { for (k in seen) print k ":" seen[k] }' "$tmp/opts" | sort >"$tmp/names"
awk '{ print $1 }' "$tmp/names" | uniq -d >"$tmp/twice"
while read -r name; do
	fail "--$name has different letters: $(grep "^$name " "$tmp/names" | tr '\n' ';')"
done <"$tmp/twice"

echo "$(wc -l <"$tmp/opts") option lines, $(wc -l <"$tmp/letters") letter-name pairs"
exit 0
