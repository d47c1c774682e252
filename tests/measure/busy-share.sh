#!/bin/sh
# Busy loops on the cpu a run measures (tests/spin -p, children this test
# starts, pins and kills; no taskset needed): the cpu share of every
# kernel falls and says so, in the right direction; the per-cycle figures
# come from undisturbed samples or are '-'; the warnings reach every
# record of ct-place -o (raw.txt's machine record, summary.md, summary.svg).
. "${top_srcdir:-..}/tests/lib.sh"

[ "$(uname -s)" = Linux ] || skip "pinning a busy loop is for Linux here"

trap 'stop_hog; rm -rf "$tmp"' EXIT

# The pin row's cpu: the first pin-KIND row that applies.
expect_status 0 "$CT_PLACE" --dry-run -f tsv
pin=$(awk -F'\t' '$1 ~ /^pin-/ && $2 == "true" { print $1; exit }' "$tmp/out")
cpu=$(awk -F'\t' '$1 ~ /^pin-/ && $2 == "true" { sub(/[-,].*/, "", $3); print $3; exit }' "$tmp/out")
[ -n "$pin" ] || skip "no pin row applies here"

# 1. ct-clock pinned beside the loops: about a third of the cpu, on every
# basis.  Each sample is long by construction, whatever the core's speed:
# 200 million dependent adds, one a cycle, last 33 ms on a 6 GHz core and
# 54 ms at 3.7 GHz, longer than the scheduler's whole period (CFS: 24 ms
# at most; EEVDF's slice: 3 ms), so that every sample shares the cpu with
# the loops.  A QUICK sample (10 million adds, 2.7 ms at 3.7 GHz) ran
# whole inside a slice beside them: shares of 1.0008 were seen.
start_hog "$cpu"
REPS=5 expect_status 0 "$CT_CLOCK" -c "$cpu" -S 0 -n 200000000 -f json
stop_hog
"$JSONL" "$tmp/out" || fail "ct-clock json"
for share in $("$JSONL" -r summary -f cpu_share "$tmp/out"); do
	awk -v s="$share" 'BEGIN { exit !(s > 0 && s < 0.8) }' ||
		fail "ct-clock beside a busy loop: cpu share $share, not under 0.8"
done
# The direction: CPU time is the smaller, so the cpu-basis rate the larger.
wall=$("$JSONL" -r summary -f median "$tmp/out" | sed -n 1p)
cpur=$("$JSONL" -r summary -f median "$tmp/out" | sed -n 2p)
awk -v w="$wall" -v c="$cpur" 'BEGIN { exit !(c > w * 1.25) }' ||
	fail "beside a busy loop the cpu-basis clock $cpur is not well above the wall one $wall"
[ "$("$JSONL" -r summary -f descheduled "$tmp/out" | sed -n 1p)" -ge 1 ] ||
	fail "no sample counted as descheduled"
"$JSONL" -r machine -f warnings "$tmp/out" | grep -q 'descheduled' ||
	fail "the machine record's warnings lack the descheduled one: $("$JSONL" -r machine -f warnings "$tmp/out")"

# 2. ct-place's main and pin rows, the pin row beside the loop.  The clock's
# samples set long (-n 200000000, 54 ms at 3.7 GHz, 33 ms at 6 GHz) for the
# reason part 1 gives: QUICK's 10 million adds fit in one slice.
start_hog "$cpu"
REPS=21 QUICK=1 expect_status 0 "$CT_PLACE" -S 0 -n 200000000 --placements "main,$pin" -f tsv -o "$tmp/res"
stop_hog
cp "$tmp/out" "$tmp/tsv"
# The pin rows' cpu_share (the lowest of their kernels') and the clock's under
# 0.8, numbers, not errors.  The fma and stream shares are numbers of at
# most 1.05, and each one over 0.8 is true of its samples: a QUICK fma or
# stream sample is shorter than a scheduler slice, and the preemptions fall
# mostly in the clock's long samples, so on a quiet machine most fma
# samples run undisturbed (shares of 0.86-0.89 over 21 samples were seen
# beside two loops).  Such a share stands only where that kernel's wall
# per-cycle figure agrees with its cpu-basis one within 10% (or is '-').
awk -F'\t' -v pin="$pin" '
	NR == 1 { for (i = 1; i <= NF; i++) { col[i] = $i; at[$i] = i }; next }
	$1 == pin { rows++
		for (i in col) {
			if (col[i] ~ /share_error$/ && $i != "false") {
				print col[i] " = " $i " at " $2; bad = 1
			}
			if (col[i] !~ /share$/)
				continue
			if ($i !~ /^[0-9.]+$/ || $i + 0 > 1.05) {
				print col[i] " = " $i " at " $2; bad = 1
			} else if ((col[i] == "cpu_share" || col[i] == "clock_cpu_share") && $i + 0 >= 0.8) {
				print col[i] " = " $i " at " $2; bad = 1
			} else if ($i + 0 >= 0.8) {
				k = col[i]; sub(/_cpu_share$/, "", k); high[k] = $i
			}
		}
		pc[$2, "fma"] = $at["fma_per_cycle_median"]
		pc[$2, "stream"] = $at["bytes_per_cycle_median"]
	}
	END {
		for (k in high) {
			if (!(("wall", k) in pc)) continue
			w = pc["wall", k]; u = pc["cpu", k]
			if (w != "-" && !(u + 0 > 0 && w / u > 0.9 && w / u < 1.1)) {
				print k "_cpu_share " high[k] " with wall " k " per cycle " w " against " u; bad = 1
			}
		}
		exit bad || rows != 2
	}' "$tmp/tsv" >"$tmp/bad" ||
	fail "$pin beside a busy loop: $(cat "$tmp/bad")"
# The FMA per cycle on the wall basis: '-', or within 10% of the cpu basis's.
awk -F'\t' -v pin="$pin" '
	NR == 1 { for (i = 1; i <= NF; i++) if ($i == "fma_per_cycle_median") c = i; next }
	$1 == pin && $2 == "wall" { w = $c } $1 == pin && $2 == "cpu" { u = $c }
	END { if (w == "-") exit 0; exit !(u + 0 > 0 && w / u > 0.9 && w / u < 1.1) }' "$tmp/tsv" ||
	fail "$pin: wall FMA/cyc is neither '-' nor within 10% of the cpu basis's: $(cat "$tmp/tsv")"
# The files carry the warning.
grep -q '^## Warnings' "$tmp/res/summary.md" || fail "summary.md has no Warnings section"
sed -n '/^## Warnings/,$p' "$tmp/res/summary.md" | grep -q 'descheduled' ||
	fail "summary.md's warnings do not name the descheduled samples"
grep -q "^| $pin | .*\\*" "$tmp/res/summary.md" || fail "summary.md does not mark the $pin row"
"$JSONL" -r machine -f warnings "$tmp/res/raw.txt" | grep -q 'descheduled' ||
	fail "raw.txt's machine record has no descheduled warning"
grep -q 'class="caveat"[^>]*>Caveat:' "$tmp/res/summary.svg" || fail "summary.svg has no caveat line"
grep -q 'class="disturbed"' "$tmp/res/summary.svg" || fail "summary.svg marks no disturbed bar"
exit 0
