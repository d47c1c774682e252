#!/bin/sh
# bench/floors.sh's comparison, fed a made-up floors file and bench output
# (--compare; no benchmark runs, no likwid-bench needed): a ratio at its
# floor passes and one under it fails; stream.sh's summary rows are read
# by name, small pages and the default size apart, the lesser of med(r) and r(med), its --isa
# lines left out; a row without a floor, and a kind without floors, give
# the lines to add, which then pass; floors of another model (17 beside
# 170 and 1) or family are never used.
. "${top_srcdir:-..}/tests/lib.sh"

FLOORS_SH=$top_srcdir/bench/floors.sh
t='	'
cat >"$tmp/floors.tsv" <<EOF2
#vendor${t}family${t}model${t}bench${t}row${t}min_ratio${t}measured${t}commit${t}note
AuthenticAMD${t}25${t}17${t}clock${t}mulchain${t}0.98${t}2026-12-01${t}abc1234${t}made up
AuthenticAMD${t}25${t}17${t}fma${t}avx2${t}0.97${t}2026-12-01${t}abc1234${t}made up
AuthenticAMD${t}25${t}17${t}stream${t}16KiB${t}0.97${t}2026-12-01${t}abc1234${t}made up
AuthenticAMD${t}25${t}17${t}stream${t}64MiB-small${t}0.97${t}2026-12-01${t}abc1234${t}made up
AuthenticAMD${t}25${t}17${t}stream${t}1920MiB-default${t}0.97${t}2026-12-01${t}abc1234${t}made up
AuthenticAMD${t}25${t}17${t}stream${t}1920MiB${t}1.50${t}2026-12-01${t}abc1234${t}a size, not the default row
AuthenticAMD${t}25${t}170${t}fma${t}avx2${t}0.20${t}2026-12-01${t}abc1234${t}another model
AuthenticAMD${t}26${t}17${t}fma${t}avx2${t}0.20${t}2026-12-01${t}abc1234${t}another family
GenuineIntel${t}25${t}17${t}fma${t}avx2${t}0.20${t}2026-12-01${t}abc1234${t}another vendor
AuthenticAMD${t}25${t}1${t}stream${t}16KiB${t}0.20${t}2026-12-01${t}abc1234${t}another model
EOF2

# bench FMA SMALL_MED SMALL_RMED: a bench output, stream.sh's rows as it prints them.
bench() {
	printf 'floor-ratio\tclock\tmulchain\t0.98\n'
	printf 'floor-ratio\tfma\tavx2\t%s\n' "$1"
	printf 'floor-ratio\tfma\tavx512\t-\n'
	cat <<EOF2
# medians over 3 rounds, GB/s (10^9 bytes/s); ct-stream's default ISA and prefetch;
row            level   isa         ct-GB/s  byte/cyc  best likwid         GB/s   med(r)   r(med)  ok
16 KiB         L1      avx2         225.00     61.30  load_avx          214.00    1.050    1.040  yes
                               avx512       200.00            load_avx          214.00    0.100    0.100  (--isa avx512)
64 MiB small   memory  avx2          30.00      8.10  sum_avx            30.00    $2    $3  yes
8 MiB          L3      avx2          76.40      20.1  load_avx           98.70    0.810    0.774  NO
1920 MiB default   memory  scalar              18.20      5.07  sum_avx            16.89    1.068    1.077  yes
EOF2
}

run() {
	CT_CPU_ID="$1" FLOORS=$tmp/floors.tsv COMMIT=abc1234 sh "$FLOORS_SH" --compare "$tmp/bench" >"$tmp/out" 2>"$tmp/err"
	echo $? >"$tmp/st"
}
status() {
	[ "$(cat "$tmp/st")" = "$1" ] || fail "$2: exit $(cat "$tmp/st"), expected $1: $(cat "$tmp/out" "$tmp/err")"
}

# At the floors (0.98 and 0.97 exactly): pass; the 8 MiB row has no floor.
bench 0.970 1.000 0.970 >"$tmp/bench"
run "AuthenticAMD 25 17"
status 0 "every ratio at its floor"
grep -q '^fma      avx2            0.970  floor 0.97   ok ' "$tmp/out" || fail "avx2 at its floor: $(cat "$tmp/out")"
grep -q '^clock    mulchain        0.980  floor 0.98   ok ' "$tmp/out" || fail "clock at its floor: $(cat "$tmp/out")"
grep -q '^stream   16KiB           1.040  floor 0.97   ok ' "$tmp/out" ||
	fail "16 KiB: not the lesser of med(r) and r(med): $(cat "$tmp/out")"
grep -q '^stream   64MiB-small     0.970  floor 0.97   ok ' "$tmp/out" || fail "64 MiB small: $(cat "$tmp/out")"
grep -q '^stream   1920MiB-default    1.068  floor 0.97   ok ' "$tmp/out" || fail "the default row: $(cat "$tmp/out")"
grep -q '^fma      avx512              -  no ratio' "$tmp/out" || fail "a '-' ratio: $(cat "$tmp/out")"
grep -q 'avx512.*0.100' "$tmp/out" && fail "an --isa line was read as a row: $(cat "$tmp/out")"
grep -q '^stream   8MiB            0.774  no floor for this row$' "$tmp/out" || fail "8 MiB: $(cat "$tmp/out")"
grep -qx "AuthenticAMD${t}25${t}17${t}stream${t}8MiB${t}0.77${t}[0-9-]*${t}abc1234${t}measured 0.774 by bench/floors.sh" \
	"$tmp/out" || fail "8 MiB: no line to add: $(cat "$tmp/out")"

# Under a floor by a little, on either ratio of a stream row: fail, saying which.
bench 0.969 1.000 0.970 >"$tmp/bench"
run "AuthenticAMD 25 17"
status 1 "avx2 at 0.969 under 0.97"
grep -q '^fma      avx2            0.969  floor 0.97   BELOW ' "$tmp/out" || fail "avx2 below: $(cat "$tmp/out")"
grep -q 'bench/floors.sh: 1 ratio below the floor of AuthenticAMD family 25 model 17' "$tmp/out" ||
	fail "no verdict line: $(cat "$tmp/out")"
bench 0.970 0.969 1.000 >"$tmp/bench"
run "AuthenticAMD 25 17"
status 1 "64 MiB small, med(r) 0.969"
bench 0.970 1.000 0.969 >"$tmp/bench"
run "AuthenticAMD 25 17"
status 1 "64 MiB small, r(med) 0.969"

# Another model, family or vendor: none of those floors (0.20) is ours.
# Ours (0.97) hold model 17 to them, and model 1 has a floor for 16 KiB
# alone: 17's and 170's are not its own.
bench 0.5 0.5 0.5 >"$tmp/bench"
run "AuthenticAMD 25 17"
status 1 "another kind's floors used for AuthenticAMD 25 17"
run "AuthenticAMD 25 1"
status 0 "model 1 with the floors of 17 or 170"
grep -q '^stream   16KiB           1.040  floor 0.20 ' "$tmp/out" || fail "model 1's own floor: $(cat "$tmp/out")"
grep -q '^fma      avx2            0.500  no floor for this row$' "$tmp/out" ||
	fail "model 1 took another model's fma floor: $(cat "$tmp/out")"

# A new kind: said, every row to add, exit 3; with them added, it passes.
bench 0.5 0.5 0.5 >"$tmp/bench"
run "GenuineIntel 6 999"
status 3 "a new kind"
grep -q '^bench/floors.sh: no floors for GenuineIntel family 6 model 999: a new kind of cpu$' "$tmp/out" ||
	fail "a new kind not said: $(cat "$tmp/out")"
grep "^GenuineIntel${t}6${t}999${t}" "$tmp/out" >"$tmp/add"
[ "$(wc -l <"$tmp/add")" -eq 6 ] || fail "not 6 lines to add: $(cat "$tmp/out")"
cat "$tmp/add" >>"$tmp/floors.tsv"
run "GenuineIntel 6 999"
status 0 "the new kind's lines, added"
[ "$(grep -c ' ok ' "$tmp/out")" -eq 6 ] || fail "the added floors are not all met: $(cat "$tmp/out")"

# Usage.
sh "$FLOORS_SH" --compare >/dev/null 2>&1
[ $? -eq 2 ] || fail "--compare without a file is not exit 2"
sh "$FLOORS_SH" x >/dev/null 2>&1
[ $? -eq 2 ] || fail "a bad ROUNDS is not exit 2"
# The floors kept in the tree parse: 9 fields, a number as the floor.
awk -F'\t' '!/^#/ && (NF != 9 || $6 !~ /^[0-9]+\.[0-9]+$/ || $2 !~ /^[0-9]+$/) { print; bad = 1 } END { exit bad }' \
	"$top_srcdir/bench/floors.tsv" || fail "bench/floors.tsv has a malformed line"
exit 0
