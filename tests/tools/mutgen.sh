#!/bin/sh
# bench/mutgen.py's generator on made-up files (no build, no test run):
# every mutant of tests/tools/mutgen/sample.c and sample.sh as the golden
# file lists them, one change each, none in a comment, a string, a
# character constant or a preprocessor line; a seeded sample drawn from
# them the same twice, another seed another, and each diff applies; the
# front, bench/mutgen.sh, where there is no python3.
. "${top_srcdir:-..}/tests/lib.sh"

command -v python3 >/dev/null 2>&1 || skip "no python3"
MUTGEN="python3 $top_srcdir/bench/mutgen.py"
cd "$top_srcdir" || exit 99
c=tests/tools/mutgen/sample.c
s=tests/tools/mutgen/sample.sh

$MUTGEN --file $c --file $s --list >"$tmp/all" 2>"$tmp/err" || fail "--list: $(cat "$tmp/err")"
expect_golden "$TESTDIR/mutgen/expected" "$tmp/all" || fail "the mutants of $c and $s"

# No mutant changes a comment, a string, a character constant or a
# preprocessor line: those lines have none, and on the lines with code
# beside them every mutant keeps them whole.
kept() { # FILE:LINE TEXT
	awk -v at="$1" '$2 == at' "$tmp/all" | sed 's/.* -> //' >"$tmp/on"
	[ -s "$tmp/on" ] || fail "no mutant on $1"
	grep -F -v -e "$2" "$tmp/on" && fail "a mutant on $1 changed $2"
	:
}
kept $c:15 "'x')"
kept $c:17 '/* n - 1 > 0 */'
kept $s:4 '"x -gt 2" >&2'
awk '{ print $2 }' "$tmp/all" | sed 's/.*://' | sort -un | tr '\n' ' ' >"$tmp/lines"
[ "$(cat "$tmp/lines")" = "4 5 6 11 14 15 16 17 18 20 21 22 " ] ||
	fail "mutants on lines $(cat "$tmp/lines"), expected code lines only"
# Every id is different.
[ "$(awk '{ print $1 }' "$tmp/all" | sort | uniq -d)" = "" ] || fail "an id given twice"

# A seeded sample: the same twice, drawn from the whole, another with another seed.
$MUTGEN --file $c --sample 6 --seed 7 --list >"$tmp/a" 2>/dev/null || fail "--sample"
$MUTGEN --file $c --sample 6 --seed 7 --list >"$tmp/b" 2>/dev/null || fail "--sample"
$MUTGEN --file $c --sample 6 --seed 8 --list >"$tmp/c" 2>/dev/null || fail "--sample"
[ "$(wc -l <"$tmp/a")" -eq 6 ] || fail "--sample 6 gave $(wc -l <"$tmp/a")"
cmp -s "$tmp/a" "$tmp/b" || fail "seed 7 drew two samples: $(diff "$tmp/a" "$tmp/b")"
! cmp -s "$tmp/a" "$tmp/c" || fail "seeds 7 and 8 drew the same sample"
grep -F -x -v -f "$tmp/all" "$tmp/a" && fail "a sampled mutant not in the whole list"

# Each mutant's diff applies (as bench/mutants.sh applies it: git apply
# outside any repository; else patch) to the file and changes its one line.
$MUTGEN --file $c --list --diffs >"$tmp/diffs" 2>/dev/null || fail "--diffs"
if command -v git >/dev/null 2>&1; then
	apply="git apply"
	GIT_CEILING_DIRECTORIES=$tmp; export GIT_CEILING_DIRECTORIES
elif command -v patch >/dev/null 2>&1; then
	apply="patch -s -p1"
else
	exit 0
fi
mkdir "$tmp/tree" && mkdir -p "$tmp/tree/$(dirname $c)" || exit 99
awk -v dir="$tmp" '/^diff --git / { n++ } n { print > (dir "/d" n) }' "$tmp/diffs"
n=$(grep -c '^diff --git ' "$tmp/diffs")
[ "$n" -eq "$(grep -c " $c:" "$tmp/all")" ] || fail "$n diffs for the mutants of $c"
i=1
while [ "$i" -le "$n" ]; do
	cp $c "$tmp/tree/$c"
	(cd "$tmp/tree" && $apply <"$tmp/d$i") >"$tmp/err" 2>&1 ||
		fail "diff $i does not apply: $(cat "$tmp/err")"
	[ "$(diff $c "$tmp/tree/$c" | grep -c '^>')" -eq 1 ] || fail "diff $i changes more than a line"
	i=$((i + 1))
done

# The front without python3: one message and a usage error's status.
st=0
PATH=/nonexistent /bin/sh "$top_srcdir/bench/mutgen.sh" --list >"$tmp/out" 2>"$tmp/err" || st=$?
[ "$st" = 2 ] && grep -q 'bench/mutgen.sh: python3 is needed' "$tmp/err" ||
	fail "bench/mutgen.sh without python3: exit $st, $(cat "$tmp/err")"
exit 0
