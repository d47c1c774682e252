#!/bin/sh
# Marks beside numbers, never in them, live: ct-clock, ct-fma --all-isa,
# ct-stream and ct-place's comparison, each as TSV and as JSON, run beside
# a busy loop on every cpu (where the tables' marks come: disturbed
# samples, per-cycle figures above the ceiling, intervals not reached).
# Every numeric TSV column holds a number or '-' (tests/tsv-numbers.awk:
# awk's own +0 test of each value), every JSON file is JSON Lines and no
# string member is a number with a mark.  The marks' own columns are
# there to be read by name.  records.sh holds the same rule on made-up
# records that carry every mark.
. "${top_srcdir:-..}/tests/lib.sh"

# The busy loops: one a usable cpu, killed when the test ends.
loops=
trap 'kill $loops 2>/dev/null; rm -rf "$tmp"' EXIT
i=0
while [ $i -lt "$(nproc)" ]; do
	sh -c 'while :; do :; done' &
	loops="$loops $!"
	i=$((i + 1))
done

# numbers NAME CMD...: CMD's TSV (-f tsv) and JSON (-f json) hold numbers
# where numbers go.
numbers() {
	name=$1
	shift
	expect_status 0 "$@" -f tsv
	awk -F'\t' -v words=cpus,kinds -f "$top_srcdir/tests/tsv-numbers.awk" "$tmp/out" >"$tmp/marks" || {
		head -3 "$tmp/out" >&2
		fail "$name -f tsv: a numeric column holds something else (block:row column value): $(cat "$tmp/marks")"
	}
	cp "$tmp/out" "$tmp/$name.tsv"
	expect_status 0 "$@" -f json
	"$JSONL" "$tmp/out" || fail "$name -f json: not JSON Lines"
	! grep -Eo '"[a-z_]+":"[-+]?[0-9][0-9.eE+-]*[!*?~]+"' "$tmp/out" ||
		fail "$name -f json: a number with a mark, as a string"
}

numbers clock "$CT_CLOCK" -q --no-progress
numbers fma "$CT_FMA" -q --all-isa --no-progress
numbers stream "$CT_STREAM" -q --no-progress
numbers place "$CT_PLACE" -q -p main,thread-background --no-progress

# The marks' columns, by name, true or false (or '-' where the figure has
# none): the summary's and ct-place's.
column() {
	awk -F'\t' -v k="$2" 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i }; next }
		NF == 0 { exit } { print (k in c) ? $c[k] : "none" }' "$tmp/$1.tsv"
}
for k in per_cycle_implausible cpu_share_error; do
	column fma $k | grep -Evq '^(true|false)$' && fail "fma: $k is not true or false: $(column fma $k | tr '\n' ' ')"
done
# The scalar FMA counts no instructions: '-' there.
column fma insn_per_cycle_implausible | grep -Evq '^(true|false|-)$' &&
	fail "fma: insn_per_cycle_implausible is not true, false or -: $(column fma insn_per_cycle_implausible | tr '\n' ' ')"
for k in fma_per_cycle_implausible flops_per_cycle_implausible bytes_per_cycle_implausible \
	cpu_share_error; do
	column place $k | grep -Evq '^(true|false|-)$' && fail "ct-place: $k is not true, false or -: $(column place $k | tr '\n' ' ')"
done
exit 0
