#!/bin/sh
# ct-stream's sweep on this machine: each size's row, named by the level
# its caches give, is written as the size ends, before the next size's
# first sample is drawn.  What holds whatever the machine (the progress
# line of every tool, the sweep's order without the level) is
# progress-tools.sh's.
. "${top_srcdir:-..}/tests/lib.sh"

# The sweep: "i of N", and the first size's row is out before the second
# size's first sample is drawn (stdout and stderr into one file, in the
# order written).
REPS=3 "$CT_STREAM" -q -S 0 -b 16K,32K --progress >"$tmp/both" 2>&1 || fail "ct-stream -b 16K,32K failed"
row=$(grep -a -b -o '16 KiB  *L[0-9]' "$tmp/both" | head -1 | cut -d: -f1)
next=$(grep -a -b -o 'main, 32 KiB (2 of 2): ' "$tmp/both" | head -1 | cut -d: -f1)
[ -n "$row" ] && [ -n "$next" ] || fail "ct-stream sweep: no row or no progress: $(od -c "$tmp/both" | head -30)"
[ "$row" -lt "$next" ] || fail "ct-stream sweep: the 16 KiB row came after the 32 KiB size started (rows held to the end)"
# The header is out with the first row, the notes after the last.
grep -a -q '^caches: ' "$tmp/both" || fail "ct-stream sweep: no caches line"
awk '/^size /{h=NR} /^isa: /{i=NR} END{exit !(h && i > h)}' "$tmp/both" ||
	fail "ct-stream sweep: the isa line is not after the table"
exit 0
