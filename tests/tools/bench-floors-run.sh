#!/bin/sh
# bench/floors.sh's own run (not --compare), over stand-in bench scripts
# (a copy of floors.sh beside them, so that it finds them as its own; no
# benchmark runs): their ratios are held to the floors; a bench that says
# on its standard error that a run was not verified (bench/stream.sh's
# words) fails the check even with every ratio above its floor, and one
# that says it on standard output only does not; a bench that exits
# non-zero fails it and its messages are shown; ROUNDS and LIKWID_SECONDS
# reach the benches; KEEP keeps each bench's output and messages apart,
# and --compare of the kept output gives the same verdict.
. "${top_srcdir:-..}/tests/lib.sh"

t='	'
mkdir "$tmp/bench" "$tmp/bin"
cp "$top_srcdir/bench/floors.sh" "$tmp/bench/floors.sh"
cat >"$tmp/floors.tsv" <<EOF2
#vendor${t}family${t}model${t}bench${t}row${t}min_ratio${t}measured${t}commit${t}note
FakeVendor${t}1${t}2${t}good${t}row${t}0.90${t}2026-12-01${t}abc1234${t}made up
FakeVendor${t}1${t}2${t}stream${t}16KiB${t}0.90${t}2026-12-01${t}abc1234${t}made up
EOF2

# A stand-in bench: its ratio ($GOOD_RATIO, default 1.000) on stdout, and
# the rounds and likwid seconds it was given into $tmp/given.
cat >"$tmp/bench/good.sh" <<EOF2
echo "rounds \$1 likwid \${LIKWID_SECONDS:-unset}" >>"$tmp/given"
printf 'floor-ratio\tgood\trow\t%s\n' "\${GOOD_RATIO:-1.000}"
echo "bench/good.sh: a note on stderr" >&2
EOF2
# bench/stream.sh's summary row, and its words for an unverified run on
# standard error, as it prints them; it exits 0 all the same.
cat >"$tmp/bench/stream.sh" <<'EOF2'
echo "# medians over $1 rounds, GB/s (10^9 bytes/s);"
echo "16 KiB         L1      avx2         225.00     61.30  sum_avx          214.00    1.050    1.040  yes"
echo "bench/stream.sh: a ct-stream run was not verified" >&2
EOF2
# The same words on standard output only (a row's text, say): no verdict.
cat >"$tmp/bench/chatty.sh" <<'EOF2'
printf 'floor-ratio\tgood\trow\t1.000\n'
echo "# a note: the line 'was not verified' is bench/stream.sh's, on stderr"
EOF2
cat >"$tmp/bench/broken.sh" <<'EOF2'
printf 'floor-ratio\tgood\trow\t1.000\n'
echo "bench/broken.sh: the tool under it crashed" >&2
exit 1
EOF2
# stream.sh runs only where likwid-bench is: a stand-in on PATH.
printf '#!/bin/sh\nexit 0\n' >"$tmp/bin/likwid-bench"
chmod +x "$tmp/bin/likwid-bench"

# run BENCHES [ROUNDS]: floors.sh's run, stdout $tmp/out, stderr $tmp/err, status $tmp/st.
run() {
	b=$1
	shift
	: >"$tmp/given"
	PATH=$tmp/bin:$PATH BENCHES=$b CT_CPU_ID="FakeVendor 1 2" FLOORS=$tmp/floors.tsv \
		COMMIT=abc1234 sh "$tmp/bench/floors.sh" "$@" >"$tmp/out" 2>"$tmp/err"
	echo $? >"$tmp/st"
}
status() {
	[ "$(cat "$tmp/st")" = "$1" ] || fail "$2: exit $(cat "$tmp/st"), expected $1: $(cat "$tmp/out" "$tmp/err")"
}

# Every ratio at or above its floor, every run verified: pass.
run good 2
status 0 "a verified bench above its floor"
grep -q '^good     row             1.000  floor 0.90   ok ' "$tmp/out" || fail "the ratio: $(cat "$tmp/out")"
grep -q 'not verified' "$tmp/out" "$tmp/err" && fail "a verified run called unverified: $(cat "$tmp/err")"
[ "$(cat "$tmp/given")" = "rounds 2 likwid 1" ] || fail "the bench was given: $(cat "$tmp/given")"
LIKWID_SECONDS=5 run good
[ "$(cat "$tmp/given")" = "rounds 3 likwid 5" ] || fail "ROUNDS' default or LIKWID_SECONDS: $(cat "$tmp/given")"
GOOD_RATIO=0.899 run good
status 1 "a ratio under its floor"

# An unverified run, said on stderr: the check fails though every ratio passes.
run "good stream"
status 1 "bench/stream.sh said on stderr that a run was not verified"
grep -q '^bench/floors.sh: bench/stream.sh: a run was not verified$' "$tmp/err" ||
	fail "the unverified run is not named: $(cat "$tmp/err")"
grep -q '^stream   16KiB           1.040  floor 0.90   ok ' "$tmp/out" ||
	fail "the ratios are not compared all the same: $(cat "$tmp/out")"
grep -q '^good     row             1.000  floor 0.90   ok ' "$tmp/out" || fail "good's ratio: $(cat "$tmp/out")"
# The same words on stdout: not a verdict on the run.
run "good chatty"
status 0 "'was not verified' on a bench's stdout"
grep -q 'a run was not verified' "$tmp/err" && fail "stdout read as the bench's messages: $(cat "$tmp/err")"

# A bench that fails: the check fails, and says why with the bench's own words.
run "broken good"
status 1 "a bench that exited 1"
grep -q '^bench/floors.sh: bench/broken.sh failed$' "$tmp/err" || fail "the failed bench not named: $(cat "$tmp/err")"
grep -q '^bench/broken.sh: the tool under it crashed$' "$tmp/err" || fail "its messages not shown: $(cat "$tmp/err")"
grep -q '^good     row             1.000  floor 0.90   ok ' "$tmp/out" || fail "the other bench not compared: $(cat "$tmp/out")"

# KEEP: each bench's stdout and stderr apart; --compare of the output alone agrees.
KEEP=$tmp/kept run "good stream"
status 1 "KEEP, the unverified run"
[ -f "$tmp/kept/good.out" ] && [ -f "$tmp/kept/good.err" ] && [ -f "$tmp/kept/stream.out" ] &&
	[ -f "$tmp/kept/stream.err" ] || fail "KEEP: $(ls "$tmp/kept")"
grep -q '^bench/good.sh: a note on stderr$' "$tmp/kept/good.err" || fail "KEEP: good.err: $(cat "$tmp/kept/good.err")"
grep -q 'stderr' "$tmp/kept/good.out" && fail "KEEP: stderr in good.out"
grep -q '^floor-ratio' "$tmp/kept/good.out" || fail "KEEP: good.out: $(cat "$tmp/kept/good.out")"
cat "$tmp/kept/good.out" "$tmp/kept/stream.out" >"$tmp/both"
CT_CPU_ID="FakeVendor 1 2" FLOORS=$tmp/floors.tsv COMMIT=abc1234 sh "$tmp/bench/floors.sh" --compare "$tmp/both" \
	>"$tmp/out" 2>"$tmp/err" || fail "--compare of the kept output: $(cat "$tmp/out" "$tmp/err")"
[ "$(grep -c ' ok ' "$tmp/out")" -eq 2 ] || fail "--compare of the kept output: $(cat "$tmp/out")"
exit 0
