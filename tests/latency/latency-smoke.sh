#!/bin/sh
# ct-latency end to end (QUICK) on this machine's caches: a sweep from L1
# to past L2 with chains 1, 2, 4 in TSV, every summary's level the one
# the record's own cache sizes give for its size; the table's rows by
# level; --stream-gbs without a size in memory says so.  No figure is held
# to a speed.  The checks that hold on any machine are latency-run.sh's (live)
# and unit-latency-stream's (recorded sizes).
. "${top_srcdir:-..}/tests/lib.sh"

expect_status 0 "$CT_LATENCY" -q -r 3 -S 0 --no-progress -b 16K,64K,2M --chains 2,4 -f tsv
cp "$tmp/out" "$tmp/tsv"
awk -F'\t' '
	NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i }; next }
	/^#/ || NF == 0 { next }
	{
		n++
		if ($c["kernel"] != "chase" || $c["verified"] != "true") { print "not a verified chase: " $0; bad = 1 }
		# The smallest level that holds it; "unknown" from the first level no source knows.
		size = $c["size_bytes"]; lv = "memory"
		for (l = 3; l >= 1; l--)
			if ($c["l" l "_source"] == "unknown") lv = "unknown"
			else if (size <= $c["l" l "_bytes"]) lv = "L" l
		if ($c["level"] != lv) { print size " bytes: level " $c["level"] ", the caches say " lv; bad = 1 }
		seen[size " " $c["chains"] " " $c["basis"]]++
	}
	END {
		if (n != 18) { print n " summaries, expected 3 sizes x 3 counts x 2 bases"; bad = 1 }
		for (s in seen) if (seen[s] != 1) { print s ": " seen[s] " records"; bad = 1 }
		exit bad
	}' "$tmp/tsv" >&2 || fail "ct-latency -f tsv: $(cat "$tmp/tsv")"

expect_status 0 "$CT_LATENCY" -q -r 3 -S 0 --no-progress -b 16K..64K --chains 1..8
cp "$tmp/out" "$tmp/table"
[ "$(grep -c -E '^(16|32|64) KiB +(L1|L2|L3|memory|-) ' "$tmp/table")" -eq 3 ] || fail "not a row per size: $(cat "$tmp/table")"

# --stream-gbs with no size in memory: its line says there is nothing to meet.
expect_status 0 "$CT_LATENCY" -q -r 2 -S 0 --no-progress -b 16K --chains 1 --stream-gbs 3
grep -q '^stream: *no size at the memory level: --stream-gbs has nothing to meet$' "$tmp/out" ||
	fail "--stream-gbs without memory: $(cat "$tmp/out")"
exit 0
