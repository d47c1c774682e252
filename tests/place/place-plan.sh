#!/bin/sh
# --dry-run on every recorded machine: the placement plan matches its golden
# file (data/machines/NAME/golden/plan.tsv), and on this machine it runs.
. "${top_srcdir:-..}/tests/lib.sh"

n=0
for dir in "$top_srcdir"/data/machines/*/; do
	dir=${dir%/}
	name=${dir##*/}
	n=$((n + 1))
	expect_status 0 "$CT_PLACE" --dry-run --sysroot "$dir" -f tsv
	expect_golden "$dir/golden/plan.tsv" "$tmp/out" || fail "$name: plan differs from its golden file"
	expect_status 0 "$CT_PLACE" --dry-run --sysroot "$dir" -f json
	"$JSONL" "$tmp/out" || fail "$name: json plan does not parse"
done
[ "$n" -ge 12 ] || fail "only $n recorded machines"
expect_status 0 "$CT_PLACE" --dry-run
grep -q '^main  *yes' "$tmp/out" || fail "live plan has no main"
exit 0
