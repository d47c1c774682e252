# tsv-numbers.awk - the tools' TSV held to coretype(7)'s rule that a
# numeric column holds a number or '-', never a mark: each block (a '#'
# header line, its rows, up to a blank line) is read whole, a column with
# a number in any row is numeric, and in it every value must be '-' or
# equal itself plus 0 (awk's own test of a number: "4.95!" is not one).
# A value that is a number with a mark after it ("4.95!", "0.912*"), or
# the word "error", fails wherever it is.  Columns of words that may read
# as a number (a cpulist "0" beside "0-3") are named in words=, comma-
# separated.  Prints one line per value at fault, "BLOCK:ROW COLUMN VALUE"
# (the column by its header's name), and exits 1 if there is any.
# Usage: awk -F'\t' -v words=cpus,kinds -f tests/tsv-numbers.awk FILE...
BEGIN {
	n = split(words, w, ",")
	for (i = 1; i <= n; i++)
		word[w[i]] = 1
	block = 0
	bad = 0
}
function number(v) {
	return v ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ && v + 0 == v
}
function check(    r, c, v, numeric) {
	for (c = 1; c <= ncols; c++) {
		if (name[c] in word)
			continue
		numeric = 0
		for (r = 1; r <= nrows; r++)
			if (number(cell[r, c]))
				numeric = 1
		for (r = 1; r <= nrows; r++) {
			v = cell[r, c]
			if ((numeric && v != "-" && !number(v)) ||
			    v ~ /^[-+]?[0-9][0-9.eE+-]*[!*?~]+$/ || v == "error") {
				printf "%d:%d %s %s\n", block, r, name[c], v
				bad = 1
			}
		}
	}
	nrows = 0
}
/^#/ {
	if (nrows)
		check()
	block++
	ncols = NF
	for (c = 1; c <= NF; c++) {
		name[c] = $c
		sub(/^#/, "", name[c])
	}
	next
}
NF == 0 {
	check()
	next
}
{
	nrows++
	for (c = 1; c <= NF; c++)
		cell[nrows, c] = $c
	for (; c <= ncols; c++)
		cell[nrows, c] = "-"
}
END {
	check()
	exit bad
}
