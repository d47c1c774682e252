#!/bin/sh
# ct-stream QUICK run on every usable ISA, one at a time, in every format:
# it runs, writes nothing on stderr, every sample verifies, the records
# hold the promised fields (the size and why, the pages), the figures are
# sane.  Then --all-isa over one array (every ISA's sum the same), a size
# sweep (one record set per size, rounded to whole blocks) and
# --small-pages.  CT_EXEC runs the binary (qemu-aarch64 for a cross build).
. "${top_srcdir:-..}/tests/lib.sh"

run_stream() { ${CT_EXEC:-} "$CT_STREAM" "$@"; }

expect_status 0 run_stream --list-isa
usable=$(awk 'NR > 1 && $3 == "yes" { print $1 }' "$tmp/out")
[ -n "$usable" ] || fail "--list-isa lists no usable ISA"
echo "usable: " $usable

# col FILE NAME: the values of a TSV column, by its header name.
col() {
	awk -F'\t' -v n="$2" 'NR == 1 { for (i = 1; i <= NF; i++) { h = $i; sub(/^#/, "", h); c[h] = i } next }
		{ print $c[n] }' "$1"
}

for isa in $usable; do
	# The human table.
	expect_status 0 run_stream -q --isa "$isa"
	[ -n "$(messages "$tmp/err")" ] && fail "$isa: a clean run wrote to stderr: $(cat "$tmp/err")"
	grep -q "^kernel:   stream $isa " "$tmp/out" || fail "$isa: no kernel line"
	grep -q '^array:    16777216 bytes (QUICK' "$tmp/out" || fail "$isa: no QUICK array line"
	grep -q '^pages:    THP ' "$tmp/out" || fail "$isa: no pages line"
	for basis in wall cpu; do
		row=$(awk -v b="$basis" -v i="$isa" '$1 == "stream" && $2 == i && $4 == b' "$tmp/out")
		[ -n "$row" ] || fail "$isa: no $basis row"
		set -- $row
		[ "$5" = GB/s ] || fail "$isa $basis: unit is '$5'"
		is_positive "$6" || fail "$isa $basis: max '$6' is not a positive number"
		[ "${11}" = byte/cycle ] || fail "$isa $basis: per-cycle unit is '${11}'"
		# Between 0.01 and 1024 bytes per cycle: else a broken count or clock.
		# '-' on a busy machine: under 3 undisturbed samples, as the footnote says.
		if [ "${10}" = - ]; then
			grep -q '^-      per cycle: fewer than 3 samples' "$tmp/out" ||
				fail "$isa $basis: '-' per cycle without its footnote"
		else
			awk -v x="${10}" 'BEGIN { exit !(x > 0.01 && x < 1024) }' ||
				fail "$isa $basis: ${10} byte/cycle is implausible"
		fi
		[ "${16}" = yes ] || fail "$isa $basis row not verified: $row"
	done

	# JSON Lines, with the samples (--samples is long only here).
	REPS=3 expect_status 0 run_stream -q --isa "$isa" -f json --samples
	"$JSONL" "$tmp/out" || fail "$isa: json does not parse"
	cp "$tmp/out" "$tmp/json"
	[ "$("$JSONL" -r machine -f tool "$tmp/json")" = ct-stream ] || fail "$isa: no machine record"
	[ "$("$JSONL" -r summary -f basis "$tmp/json" | tr '\n' ' ')" = "wall cpu " ] ||
		fail "$isa: summaries are not wall then cpu"
	[ "$("$JSONL" -r summary -f isa "$tmp/json" | sort -u)" = "$isa" ] || fail "$isa: wrong isa in records"
	[ "$("$JSONL" -r summary -f verified "$tmp/json" | sort -u)" = true ] || fail "$isa: not verified"
	[ "$("$JSONL" -r summary -f size_bytes "$tmp/json" | sort -u)" = 16777216 ] ||
		fail "$isa: QUICK array is not 16 MiB"
	"$JSONL" -r summary -f size_reason "$tmp/json" | grep -q '^QUICK' || fail "$isa: size_reason is not QUICK"
	[ "$("$JSONL" -r summary -f passes "$tmp/json" | sort -u)" = 1 ] || fail "$isa: QUICK passes not 1"
	[ "$("$JSONL" -r summary -f thp_advice "$tmp/json" | sort -u)" = hugepage ] ||
		fail "$isa: huge pages not asked for by default"
	"$JSONL" -r summary -f thp "$tmp/json" | grep -q -x -E 'always|madvise|never|none' ||
		fail "$isa: thp is not a THP setting"
	"$JSONL" -r summary -f huge_pct "$tmp/json" | awk '{ if (!($1 == -1 || ($1 >= 0 && $1 <= 100))) exit 1 }' ||
		fail "$isa: huge_pct is not a percentage or -1"
	[ "$("$JSONL" -r summary -f per_cycle_unit "$tmp/json" | sort -u)" = byte/cycle ] ||
		fail "$isa: per-cycle unit is not byte/cycle"
	[ "$("$JSONL" -r sample -f rep "$tmp/json" | tr '\n' ' ')" = "1 2 3 " ] || fail "$isa: samples not 1-3"
	for f in tool kernel isa placement basis unit min median max cv_pct reps cpus verified \
		per_cycle_median per_cycle_cv_pct load_bytes accumulators prefetch_bytes checksum; do
		"$JSONL" -r summary -f "$f" "$tmp/json" >/dev/null || fail "$isa: summary lacks $f"
	done
	for f in bracket_ghz_wall per_cycle_wall per_cycle_cpu value_wall; do
		"$JSONL" -r sample -f "$f" "$tmp/json" >/dev/null || fail "$isa: sample lacks $f"
	done
	# GB/s is bytes per ns: each sample's value is size x passes / wall_ns.
	"$JSONL" -r sample -f wall_ns "$tmp/json" >"$tmp/ns"
	"$JSONL" -r sample -f value_wall "$tmp/json" >"$tmp/v"
	paste "$tmp/ns" "$tmp/v" | awk '{ r = 16777216 / $1 / $2; if (r < 0.999 || r > 1.001) exit 1 }' ||
		fail "$isa: value_wall is not bytes per wall ns"

	# TSV: a header and two rows of the same width, sizes in every digit.
	REPS=2 expect_status 0 run_stream -q --isa "$isa" -f tsv
	[ "$(wc -l <"$tmp/out")" -eq 3 ] || fail "$isa: tsv is not a header and two rows"
	cp "$tmp/out" "$tmp/tsv"
	awk -F'\t' 'NR == 1 { n = NF } NF != n { exit 1 }' "$tmp/tsv" || fail "$isa: tsv rows differ in width"
	[ "$(col "$tmp/tsv" isa | sort -u)" = "$isa" ] || fail "$isa: tsv isa wrong"
	[ "$(col "$tmp/tsv" verified | sort -u)" = true ] || fail "$isa: tsv not verified"
	[ "$(col "$tmp/tsv" size_bytes | sort -u)" = 16777216 ] || fail "$isa: tsv size_bytes"
done

# Every ISA over one array, interleaved: the same sum from each.
n=$(echo $usable | wc -w)
REPS=2 expect_status 0 run_stream -q --all-isa -f tsv
cp "$tmp/out" "$tmp/all"
[ "$(grep -vc '^#' "$tmp/all")" -eq $((2 * n)) ] || fail "--all-isa: not 2 rows for each of $n ISAs"
[ "$(col "$tmp/all" verified | sort -u)" = true ] || fail "--all-isa: not verified"
[ "$(col "$tmp/all" checksum | sort -u | wc -l)" -eq 1 ] || fail "--all-isa: the ISAs' sums differ"

# A sweep: one record set per size, in order, each a whole number of
# 256-byte blocks (5000 -> 5120), each verified.
REPS=2 expect_status 0 run_stream -q -s 4K,5000,64K,1M -f tsv
cp "$tmp/out" "$tmp/sweep"
[ "$(grep -c '^#' "$tmp/sweep")" -eq 1 ] || fail "sweep: not one tsv header"
[ "$(col "$tmp/sweep" size_bytes | uniq | tr '\n' ' ')" = "4096 5120 65536 1048576 " ] ||
	fail "sweep: sizes are $(col "$tmp/sweep" size_bytes | uniq | tr '\n' ' ')"
[ "$(col "$tmp/sweep" verified | sort -u)" = true ] || fail "sweep: not verified"
col "$tmp/sweep" size_reason | grep -q 'rounded up to a multiple of 256 bytes' ||
	fail "sweep: 5000 does not say it was rounded"
# Small arrays take whole passes, at least 16 MiB a sample under QUICK.
[ "$(col "$tmp/sweep" passes | uniq | tr '\n' ' ')" = "4096 3277 256 16 " ] ||
	fail "sweep: passes are $(col "$tmp/sweep" passes | uniq | tr '\n' ' ')"

# The table shows one block per size.
REPS=2 expect_status 0 run_stream -q -s 64K,128K
[ "$(grep -c '^array:    ' "$tmp/out")" -eq 2 ] || fail "sweep table: not one array line per size"
[ "$(grep -c '^machine: ' "$tmp/out")" -eq 1 ] || fail "sweep table: not one machine line"

# --small-pages: the advice is NOHUGEPAGE and no huge page backs the array.
REPS=2 expect_status 0 run_stream -q --small-pages -f json
[ "$("$JSONL" -r summary -f thp_advice "$tmp/out" | sort -u)" = nohugepage ] ||
	fail "--small-pages: advice is not nohugepage"
"$JSONL" -r summary -f huge_pct "$tmp/out" | awk '{ if ($1 > 0) exit 1 }' ||
	fail "--small-pages: part of the array is on huge pages"
exit 0
