#!/bin/sh
# bench/mutants.sh on a made-up tree of its own (a configure, a Makefile
# whose check writes the harness's .trs files, two tests), so no build of
# coretype: a slip that only the test its Killed-by: does not name can
# see is killed by the whole make check, and survives with -n (the named
# tests alone, as bench/mutgen.py runs a mutant against its area).
. "${top_srcdir:-..}/tests/lib.sh"

command -v git >/dev/null 2>&1 || skip "no git"
# Not the make check this runs under: its TESTS=... in MAKEFLAGS would
# reach the made-up tree's make.
unset MAKEFLAGS MFLAGS MAKELEVEL
top=$tmp/top
mkdir -p "$top/bench" "$top/src" "$top/tests/a" "$top/m" || exit 99
cp "$top_srcdir/bench/mutants.sh" "$top/bench/" || exit 99
echo 1 >"$top/src/x"
echo 1 >"$top/src/y"
printf '#!/bin/sh\ncp Makefile.in Makefile\n' >"$top/configure"
chmod +x "$top/configure"
printf 'grep -qx 1 src/%s\n' x >"$top/tests/a/one.sh"
printf 'grep -qx 1 src/%s\n' y >"$top/tests/a/two.sh"
cat >"$top/Makefile.in" <<'EOF2'
SHELL = /bin/sh
TESTS = tests/a/one.sh tests/a/two.sh
all:
check:
	@for t in $(TESTS); do n=$${t%.sh}; \
	if sh $$n.sh; then r=PASS; else r=FAIL; fi; echo ":test-result: $$r" >$$n.trs; done
EOF2
(cd "$top" && git init -q . && git add . ) || exit 99
cat >"$top/m/y.diff" <<'EOF2'
Slip: y is 2
Killed-by: tests/a/one.sh
diff --git a/src/y b/src/y
--- a/src/y
+++ b/src/y
@@ -1 +1 @@
-1
+2
EOF2

sh "$top/bench/mutants.sh" -j1 -d "$tmp/d1" "$top/m/y.diff" >"$tmp/out" 2>"$tmp/err"
grep -qx 'y: killed by tests/a/two.sh' "$tmp/out" ||
	fail "without -n, not killed by the whole check: $(cat "$tmp/out" "$tmp/err")"
st=0
sh "$top/bench/mutants.sh" -n -j1 -d "$tmp/d1" "$top/m/y.diff" >"$tmp/out" 2>"$tmp/err" || st=$?
grep -qx 'y: SURVIVED' "$tmp/out" && [ "$st" = 1 ] ||
	fail "with -n, the tests it does not name ran (exit $st): $(cat "$tmp/out" "$tmp/err")"
# The tree is as it was.
[ "$(cat "$top/src/y")" = 1 ] || fail "the tree was changed"
exit 0
