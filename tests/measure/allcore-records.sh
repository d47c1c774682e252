#!/bin/sh
# The records of a --threads run, byte for byte, from a made-up run of two
# kernels over three threads (tests/records.c): pinned to two performance
# cpus and an efficiency cpu, and unpinned in one group; in every format,
# with and without the samples.  Each kind's line under the table is the
# allcore record, which TSV (a block of its own) and JSON get too.
. "${top_srcdir:-..}/tests/lib.sh"

RECORDS=$top_builddir/tests/records/records
version=$("$RECORDS" version) || fail "records version"

for fmt in table tsv json; do
	for how in "" samples unpinned; do
		name=allcore-$fmt${how:+-$how}
		"$RECORDS" allcore $fmt $how >"$tmp/rec" 2>"$tmp/err" ||
			fail "records allcore $fmt $how: exited $?: $(cat "$tmp/err")"
		sed -e "s/\"version\":\"$version\"/\"version\":\"VERSION\"/" "$tmp/rec" >"$tmp/out"
		expect_golden "records-$name" "$tmp/out" || fail "records allcore $fmt $how: differs from records-$name"
		if [ $fmt = json ]; then
			"$JSONL" "$tmp/out" || fail "records allcore json $how: not JSON Lines"
		fi
	done
done

# ct-compare reads a --threads run: the allcore records are left aside,
# their figures compared as the allcore-KIND summaries.
"$RECORDS" allcore json samples >"$tmp/base.jsonl" || fail "records allcore json samples"
expect_status 0 "$CT_COMPARE" "$tmp/base.jsonl" "$tmp/base.jsonl"
grep -q '^allcore-efficiency  *wall  *rate ' "$tmp/out" || fail "ct-compare: no allcore-efficiency row: $(cat "$tmp/out")"
exit 0
