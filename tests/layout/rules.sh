# rules.sh - the layers of src/ as its #include lines draw them, so that a
# header included across a wall fails here and not months later in a
# review.  The layers, lowest first; a file includes the headers of its own
# layer and of the layers below it, never above (issue 39):
#
#   1 core       src/lib/core/      the pure library: errors, cpu sets,
#                                   parsing, options, statistics, files
#   2 records    src/lib/records/   the writer (records, tables, JSON, SVG)
#                                   and the contract of the records one
#                                   program writes and another reads
#   3 platform   src/platform/      every OS and architecture seam, its
#                                   header beside its implementations
#   3 kernels    src/kernels/       the loops: a src/kernels/*.c includes
#                                   no project header but kernels.h (a unit
#                                   built with -mavx512f sees its loop's
#                                   declarations and nothing else)
#   4 machine    src/lib/machine/   topology, kinds, caches, recorded trees
#   5 measure    src/lib/measure/   the harness, results, all-core runner
#   6 workloads  src/lib/workloads/ the kernels' adapters, the calibration
#   7 report     src/lib/report/    what the kernel tools measured, as records
#   8 tool       src/lib/tool/      what the programs share of the command line
#   9 programs   src/ct-NAME/       each program's main and own files; a
#                                   program includes no other program's
#
# and no two modules (a layer/name.c with its layer/name.h) include each
# other, directly or through others.  The writer proper (record.c, table.c,
# json.c, jsonl.c, svg.c, svg-axis.c, svg-chart.c) includes only core and
# its own headers.
#
# A project header is a #include "..." line; a name resolves as the
# include path -I src/lib -I src does.  Each broken rule prints one line
# per offending include, "rules.sh: RULE: FILE includes NAME".
# Exit 1 = a rule broken, 99 = no tree to read.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
src=$top_srcdir/src
[ -d "$src/lib" ] && [ -d "$src/kernels" ] || {
	echo "rules.sh: no source tree at $src" >&2
	exit 99
}
export LC_ALL=C

# Every project include as "FILE NAME", FILE relative to src/, NAME as
# written, NAME resolved to src/lib/NAME or src/NAME ("-" when neither).
includes() {
	(cd "$src" && find . -name '*.[ch]' | sed 's|^\./||' | sort) |
	while read -r f; do
		sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' \
			"$src/$f" | while read -r n; do
			if [ -f "$src/lib/$n" ]; then
				r=lib/$n
			elif [ -f "$src/$n" ]; then
				r=$n
			else
				r=-
			fi
			echo "$f $n $r"
		done
	done
}
list=$(mktemp "${TMPDIR:-/tmp}/ct-rules.XXXXXX") || exit 99
trap 'rm -f "$list"' EXIT
includes >"$list" || exit 99

awk '
function broke(rule, file, name) {
	printf "rules.sh: %s: src/%s includes \"%s\"\n", rule, file, name
	bad = 1
}
BEGIN {
	rank["core"] = 1; rank["records"] = 2; rank["platform"] = 3; rank["kernels"] = 3
	rank["machine"] = 4; rank["measure"] = 5; rank["workloads"] = 6; rank["report"] = 7
	rank["tool"] = 8; rank["programs"] = 9
}
# The layer of a path relative to src/, "" for none.
function layer(p) {
	if (p ~ /^lib\/(core|records|machine|measure|workloads|report|tool)\//) {
		sub(/^lib\//, "", p)
		sub(/\/.*/, "", p)
		return p
	}
	if (p ~ /^platform\//)
		return "platform"
	if (p ~ /^kernels\//)
		return "kernels"
	if (p ~ /^ct-[a-z]+\//)
		return "programs"
	return ""
}
# The directory of a program (ct-place).
function prog(p) {
	sub(/\/.*/, "", p)
	return p
}
# The module of a file: its path without the extension (lib/core/common).
function module(p) {
	sub(/\.[ch]$/, "", p)
	return p
}
# Depth-first search from m; a module met again on the path is a cycle.
function visit(m,    i, n, to, k, path) {
	state[m] = 1
	stack[++depth] = m
	n = nout[m]
	for (i = 1; i <= n; i++) {
		to = out[m, i]
		if (state[to] == 1) {
			path = to
			for (k = depth; k >= 1 && stack[k] != to; k--)
				path = stack[k] " -> " path
			path = to " -> " path
			if (!(path in seen)) {
				seen[path] = 1
				printf "rules.sh: cycles: %s\n", path
				bad = 1
			}
		} else if (state[to] == 0) {
			visit(to)
		}
	}
	depth--
	state[m] = 2
}
{
	file = $1; name = $2; res = $3
	if (name == "config.h")
		next
	if (file ~ /^kernels\/[^\/]*\.c$/ && name != "kernels/kernels.h")
		broke("kernels", file, name)
	if (file ~ /^lib\/records\/(record|table|json|jsonl|svg|svg-axis|svg-chart)\.[ch]$/ && res !~ /^lib\/(core|records)\//)
		broke("writer", file, name)
	if (res != "-") {
		lf = layer(file); lr = layer(res)
		if (lf == "" || lr == "")
			broke("no layer", file, name)
		else if (rank[lr] > rank[lf])
			broke("upward (" lf " -> " lr ")", file, name)
		else if (lf == "programs" && lr == "programs" && prog(file) != prog(res))
			broke("another program", file, name)
	}
	if (res == "-")
		next
	from = module(file); to = module(res)
	if (from == to || ((from, to) in edge))
		next
	edge[from, to] = 1
	out[from, ++nout[from]] = to
	mods[from] = 1; mods[to] = 1
}
END {
	for (m in mods)
		order[++nm] = m
	# A fixed order, so that the same cycle is reported the same way.
	for (i = 2; i <= nm; i++)
		for (j = i; j > 1 && order[j - 1] > order[j]; j--) {
			t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
		}
	for (i = 1; i <= nm; i++)
		if (state[order[i]] == 0)
			visit(order[i])
	exit bad
}' "$list"
