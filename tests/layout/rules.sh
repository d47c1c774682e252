# rules.sh - the layers of src/ as its #include lines draw them, held to
# the rules of issue 23, so that a header included across a wall fails
# here and not months later in a review:
#
#   kernels   a src/kernels/*.c includes no project header but
#             kernels/kernels.h and config.h: a unit built with -mavx512f
#             sees the loop's own declarations and nothing else;
#   core      a src/lib/core/ file includes only core/ headers and
#             platform/os.h (the OS seam), since every layer builds on it;
#   machine   a src/lib/machine/ file includes nothing of place/,
#             placements/, compare/ or tool/, which build on it;
#   cycles    no two modules (a layer/name.c with its layer/name.h)
#             include each other, directly or through others;
#   records   the writer, src/lib/records/, includes only core/ and
#             records/ headers: measure/ and the features build on it.
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
	if (file ~ /^lib\/core\// && res != "platform/os.h" && res !~ /^lib\/core\//)
		broke("core", file, name)
	if (file ~ /^lib\/machine\// && res ~ /^lib\/(place|placements|compare|tool)\//)
		broke("machine", file, name)
	if (file ~ /^lib\/records\// && res !~ /^lib\/(core|records)\//)
		broke("records", file, name)
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
