#!/bin/sh
# ct-latency's table from made-up sizes (tests/latency/latency-table.c),
# byte for byte: the lines above it, a row per placement and size with a
# lines-in-flight column per chain count, the knee and its lines in
# flight, the footnotes, and the array, kernel, load and warning lines.
# Then its TSV and JSON summary records of made-up series over real jobs
# (their array's fields and the results filled in), byte for byte too,
# with what depends on this machine masked: THP, the caches and the
# level they give, the share on huge pages, the version.
. "${top_srcdir:-..}/tests/lib.sh"

TABLE=$top_builddir/tests/latency/latency-table
"$TABLE" >"$tmp/out" 2>"$tmp/err" || fail "latency-table exited $?: $(cat "$tmp/err")"
expect_golden latency-table "$tmp/out" || fail "the table differs from golden/latency-table"

"$TABLE" records tsv >"$tmp/tsv" 2>"$tmp/err" || fail "latency-table records tsv exited $?: $(cat "$tmp/err")"
awk -F'\t' 'BEGIN { OFS = "\t" }
	NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /^(thp|level|l[123]_bytes|l[123]_source|huge_pct)$/) m[i] = 1; print; next }
	{ for (i in m) $i = "MASKED"; print }' "$tmp/tsv" >"$tmp/tsv.out"
expect_golden latency-records-tsv "$tmp/tsv.out" || fail "the TSV records differ from golden/latency-records-tsv"

"$TABLE" records json >"$tmp/json" 2>"$tmp/err" || fail "latency-table records json exited $?: $(cat "$tmp/err")"
"$JSONL" "$tmp/json" || fail "the JSON records are not JSON Lines"
sed -e 's/"version":"[^"]*"/"version":"VERSION"/' -e 's/"thp":"[^"]*"/"thp":"MASKED"/g' \
    -e 's/"level":"[^"]*"/"level":"MASKED"/' -e 's/"\(l[123]_bytes\)":[0-9]*/"\1":"MASKED"/g' \
    -e 's/"\(l[123]_source\)":"[^"]*"/"\1":"MASKED"/g' \
    -e 's/"huge_pct":[^,}]*/"huge_pct":"MASKED"/' "$tmp/json" >"$tmp/json.out"
expect_golden latency-records-json "$tmp/json.out" || fail "the JSON records differ from golden/latency-records-json"
exit 0
