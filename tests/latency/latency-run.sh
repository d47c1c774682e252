#!/bin/sh
# ct-latency end to end (QUICK), what holds whatever this machine's cache
# sizes and speed: a sweep of three sizes with chains 1, 2, 4 in TSV,
# every summary a verified chase, one record set per size and count, ns
# per load positive and the same in every record of a size, lines in
# flight 1 for one chain, the knee one of the counts, whole lines, a
# call's loads chains x steps in whole iterations; JSON Lines as the
# output contract has them; the table's header, a row per size and its
# kernel line; --small-pages refuses huge pages; --threads runs one
# chain per thread.  The levels the caches give and --stream-gbs's line
# are latency-smoke.sh's (live) and unit-latency-stream's (recorded).
. "${top_srcdir:-..}/tests/lib.sh"

expect_status 0 "$CT_LATENCY" -q -r 3 -S 0 --no-progress -b 16K,64K,2M --chains 2,4 -f tsv
awk -F'\t' '
	NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i }; next }
	/^#/ || NF == 0 { next }
	{
		n++
		if ($c["kernel"] != "chase" || $c["verified"] != "true") { print "not a verified chase: " $0; bad = 1 }
		size = $c["size_bytes"]
		if (!($c["ns_per_load"] > 0)) { print size ": ns_per_load " $c["ns_per_load"]; bad = 1 }
		if (ns[size] != "" && ns[size] != $c["ns_per_load"]) { print size ": two latencies"; bad = 1 }
		ns[size] = $c["ns_per_load"]
		if ($c["chains"] == 1 && $c["lines_in_flight"] != 1) { print size ": one chain has " $c["lines_in_flight"] " in flight"; bad = 1 }
		k = $c["knee_chains"]
		if (k != 1 && k != 2 && k != 4) { print size ": knee " k; bad = 1 }
		if ($c["line_bytes"] != 64 || $c["lines"] * 64 != size) { print size ": lines " $c["lines"]; bad = 1 }
		# 16384 loads a call (QUICK), each chain whole iterations of 4, an odd number of them.
		st = $c["steps"]; ch = $c["chains"]
		if (st * ch > 16384 + 4 * ch || st * ch <= 16384 - 4 * ch || st % 4 || (st / 4) % 2 != 1) {
			print size ": " ch " chains of " st " steps"; bad = 1
		}
		seen[size " " ch " " $c["basis"]]++
	}
	END {
		if (n != 18) { print n " summaries, expected 3 sizes x 3 counts x 2 bases"; bad = 1 }
		for (s in seen) if (seen[s] != 1) { print s ": " seen[s] " records"; bad = 1 }
		exit bad
	}' "$tmp/out" >&2 || fail "ct-latency -f tsv: $(cat "$tmp/out")"

expect_status 0 "$CT_LATENCY" -q -r 3 -S 0 --no-progress -b 16K --chains 1 -f json
"$JSONL" "$tmp/out" || fail "ct-latency -f json is not the output contract's JSON Lines"
[ "$("$JSONL" -r summary -f unit "$tmp/out" | sort -u)" = load/ns ] || fail "the rate's unit is not load/ns"
[ "$("$JSONL" -r summary -f chains "$tmp/out" | sort -u)" = 1 ] || fail "--chains 1 ran more than one chain"

expect_status 0 "$CT_LATENCY" -q -r 3 -S 0 --no-progress -b 16K..64K --chains 1..8
cp "$tmp/out" "$tmp/table"
grep -q '^size  *level  *ns/load  *cycles/load  *cv%  *share  *N=2  *N=4  *N=8  *knee  *mlp  *verified$' "$tmp/table" ||
	fail "the table's header: $(cat "$tmp/table")"
# A row per size, whatever level its caches give (or none known); a
# latency from mostly disturbed samples is marked '*' (a busy machine).
[ "$(grep -c -E '^(16|32|64) KiB +[A-Za-z0-9-]+ +[0-9.]+[*]? ' "$tmp/table")" -eq 3 ] || fail "not a row per size: $(cat "$tmp/table")"
grep -q '^kernel: *chase (scalar), dependent 64-bit loads; ' "$tmp/table" || fail "no kernel line"

expect_status 0 "$CT_LATENCY" -q -r 3 -S 0 --no-progress -b 4M --chains 1 --small-pages -f tsv
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i }; next }
	!/^#/ && NF { n++; if ($c["thp_advice"] != "nohugepage") exit 1 } END { exit !n }' "$tmp/out" ||
	fail "--small-pages did not refuse huge pages"

expect_status 0 "$CT_LATENCY" -q -r 3 -S 0 --no-progress -b 16K --threads 1
grep -q '^array: *16 KiB per thread (requested), one chain, 1 threads$' "$tmp/out" ||
	fail "--threads: $(cat "$tmp/out")"
exit 0
