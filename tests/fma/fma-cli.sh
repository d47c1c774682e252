#!/bin/sh
# ct-fma's ISA options: --list-isa, --isa and CT_ISA (unknown: exit 2; not
# built or not usable here: exit 3), --all-isa (one set of records per
# usable ISA, all verified, the same sums), --passes bounds, and the
# passes of a --threads call.
. "${top_srcdir:-..}/tests/lib.sh"
# Lines read whole: no width limit (tests/core/term-width.sh and
# tests/compare/compare-units.sh check the widths).
COLUMNS=100000
export COLUMNS

expect_status 0 "$CT_FMA" --list-isa
cp "$tmp/out" "$tmp/list"
[ -s "$tmp/err" ] && fail "--list-isa wrote to stderr"
[ "$(head -1 "$tmp/list" | tr -s ' ')" = "isa compiled usable" ] || fail "--list-isa header: $(head -1 "$tmp/list")"
[ "$(awk 'NR > 1 { print $1 }' "$tmp/list" | tr '\n' ' ')" = "scalar avx2 avx512 neon " ] ||
	fail "--list-isa does not list every ISA"
awk '$1 == "scalar" && ($2 != "yes" || $3 != "yes") { exit 1 }' "$tmp/list" || fail "scalar not usable"
awk 'NR > 1 && $2 == "no" && $3 == "yes" { exit 1 }' "$tmp/list" || fail "an ISA usable but not built"
usable=$(awk 'NR > 1 && $3 == "yes" { print $1 }' "$tmp/list")
# The same listing as records, the -f after the option as before it.
expect_status 0 "$CT_FMA" --list-isa -f tsv
[ "$(cat "$tmp/out")" = "$(printf '#isa\tcompiled\tusable\n'; awk 'NR > 1 { printf "%s\t%s\t%s\n", $1,
	$2 == "yes" ? "true" : "false", $3 == "yes" ? "true" : "false" }' "$tmp/list")" ] ||
	fail "--list-isa -f tsv is not the table's: $(cat "$tmp/out")"
expect_status 0 "$CT_FMA" -f json --list-isa
[ "$("$JSONL" -r isa -f usable "$tmp/out" | tr '\n' ' ')" = "$(awk 'NR > 1 { printf "%s ", $3 == "yes" ? "true" : "false" }' "$tmp/list")" ] ||
	fail "--list-isa -f json: $(cat "$tmp/out")"
nusable=$(echo $usable | wc -w)

# Unknown names: usage errors.
expect_status 2 "$CT_FMA" -q --isa sse9
grep -q "invalid --isa 'sse9'" "$tmp/err" || fail "--isa sse9: $(cat "$tmp/err")"
grep -q "Try 'ct-fma --help'" "$tmp/err" || fail "--isa sse9: no --help hint"
[ -s "$tmp/out" ] && fail "--isa sse9 wrote to stdout"
CT_ISA=sse9 expect_status 2 "$CT_FMA" -q
grep -q "invalid CT_ISA 'sse9'" "$tmp/err" || fail "CT_ISA=sse9: $(cat "$tmp/err")"
expect_status 2 "$CT_FMA" -q --isa
expect_status 2 "$CT_FMA" -q --all-isa --isa scalar
grep -q 'exclude each other' "$tmp/err" || fail "--all-isa --isa: $(cat "$tmp/err")"
for p in 0 4096 x 12k -1; do
	expect_status 2 "$CT_FMA" -q --passes "$p"
done

# A real ISA this binary or this cpu cannot run (neon on x86, avx512 on
# Arm; also avx512 on an x86 cpu without it): exit 3, nothing on stdout.
noisa=$(awk 'NR > 1 && $3 == "no" { print $1; exit }' "$tmp/list")
[ -n "$noisa" ] || fail "every ISA usable on one cpu?"
expect_status 3 "$CT_FMA" -q --isa "$noisa"
grep -q "ISA '$noisa'" "$tmp/err" || fail "--isa $noisa: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "--isa $noisa wrote to stdout"
CT_ISA=$noisa expect_status 3 "$CT_FMA" -q
# --isa wins over CT_ISA.
CT_ISA=$noisa expect_status 0 "$CT_FMA" -q --isa scalar -f tsv -r 1

# auto is the widest usable ISA (the last listed of avx2/avx512, or neon).
best=$(awk 'NR > 1 && $3 == "yes" && $1 != "scalar" { w = $1 } END { if (w == "") w = "scalar"; print w }' "$tmp/list")
expect_status 0 "$CT_FMA" -q -f tsv -r 1
[ "$(awk -F'\t' 'NR == 2 { print $3 }' "$tmp/out")" = "$best" ] || fail "auto did not pick $best"
CT_ISA=auto expect_status 0 "$CT_FMA" -q -f tsv -r 1 --isa auto

# --all-isa: one wall and one cpu summary per usable ISA, in --list-isa's
# order, all verified, every kernel's sums adding up to the same checksum.
REPS=2 expect_status 0 "$CT_FMA" -q --all-isa -f json
cp "$tmp/out" "$tmp/all"
"$JSONL" "$tmp/all" || fail "--all-isa json does not parse"
[ "$("$JSONL" -r summary -f isa "$tmp/all" | uniq | tr '\n' ' ')" = "$(echo $usable) " ] ||
	fail "--all-isa ran $("$JSONL" -r summary -f isa "$tmp/all" | uniq | tr '\n' ' '), not $usable"
[ "$("$JSONL" -r summary -f isa "$tmp/all" | wc -l)" -eq $((2 * nusable)) ] || fail "--all-isa: not 2 summaries per ISA"
[ "$("$JSONL" -r summary -f verified "$tmp/all" | sort -u)" = true ] || fail "--all-isa: not all verified"
# The TSV of every ISA has the header's columns, whatever each ISA adds.
REPS=2 expect_status 0 "$CT_FMA" -q --all-isa -f tsv
awk -F'\t' 'NR == 1 { n = NF } NF != n { exit 1 } END { exit NR < 3 }' "$tmp/out" ||
	fail "--all-isa tsv rows differ in columns: $(awk -F'\t' '{ print NF }' "$tmp/out" | tr '\n' ' ')"
[ "$("$JSONL" -r summary -f checksum "$tmp/all" | sort -u | wc -l)" -eq 1 ] ||
	fail "the ISAs disagree: $("$JSONL" -r summary -f checksum "$tmp/all" | sort -u | tr '\n' ' ')"
"$JSONL" -r summary -f checksum "$tmp/all" | grep -q '^[0-9][0-9]*\.[0-9][0-9]$' || fail "checksum is not a sum"
# The checksum scales with the passes: 1024 (QUICK) vs 2048 passes.
REPS=1 expect_status 0 "$CT_FMA" -q --isa scalar -f json --passes 2048
c2048=$("$JSONL" -r summary -f checksum "$tmp/out" | head -1)
c1024=$("$JSONL" -r summary -f checksum "$tmp/all" | head -1)
awk -v a="$c2048" -v b="$c1024" 'BEGIN { exit !(a == 2 * b) }' || fail "checksum $c2048 at 2048 passes is not twice $c1024"

# --threads: a call is an eighth of a sample's passes, rounded up (a
# call of none would fail its range check): 4095 make calls of 512.
REPS=1 expect_status 0 "$CT_FMA" -q -S 0 --threads 1 --isa scalar --passes 4095
grep -q '^kernel: .* 512 passes over 16384 bytes per call, 1 reps; a smoke run (-q)' "$tmp/out" ||
	fail "--threads --passes 4095: $(grep '^kernel:' "$tmp/out")"

expect_status 0 "$CT_FMA" -V
grep -q '^ct-fma (coretype) ' "$tmp/out" || fail "--version line"
grep -q 'compiled: scalar' "$tmp/out" || fail "--version does not list the ISAs"
expect_status 0 "$CT_FMA" --help
grep -q -- '--all-isa' "$tmp/out" || fail "--help lacks --all-isa"
exit 0
