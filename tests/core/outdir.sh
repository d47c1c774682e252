#!/bin/sh
# -o DIR means the same in every tool that takes it (ct-place's
# comparison, ct-place --observe, ct-compare): a missing DIR is made with
# its parents, as mkdir -p makes it, before anything is measured, run or
# read; a file where DIR or a parent should be is refused with the same
# message in each; the directories a run made go again when it fails.
. "${top_srcdir:-..}/tests/lib.sh"

REPS=3 "$CT_CLOCK" -q -S 0 -f json >"$tmp/a" 2>/dev/null || fail "ct-clock -f json failed"
: >"$tmp/file"

# run TOOL STATUS DIR: the tool with -o DIR, expected to exit STATUS.
run() {
	case $1 in
	place) REPS=2 expect_status "$2" "$CT_PLACE" -q -S 0 -p main -o "$3" ;;
	observe) expect_status "$2" "$CT_PLACE" --observe -o "$3" -- true ;;
	compare) expect_status "$2" "$CT_COMPARE" -o "$3" "$tmp/a" "$tmp/a" ;;
	esac
}

for tool in place observe compare; do
	case $tool in
	place) files="raw.txt summary.md summary.svg " bad=1 prog=ct-place ;;
	observe) files="raw.txt summary.md " bad=125 prog=ct-place ;;
	compare) files="raw.txt summary.md summary.svg " bad=1 prog=ct-compare ;;
	esac
	# Missing, two levels deep: made, and the results written into it.
	run $tool 0 "$tmp/$tool/new/deeper"
	[ "$(ls -A "$tmp/$tool/new/deeper" | tr '\n' ' ')" = "$files" ] ||
		fail "$tool -o new/deeper left: $(ls -A "$tmp/$tool/new/deeper" 2>&1)"
	# There already: used as it is.
	run $tool 0 "$tmp/$tool/new"
	[ -s "$tmp/$tool/new/raw.txt" ] || fail "$tool -o an existing directory wrote no raw.txt"
	# A file as DIR, or as a parent of DIR: refused, the same words in every tool.
	for dir in "$tmp/file" "$tmp/file/sub"; do
		run $tool $bad "$dir"
		[ -s "$tmp/out" ] && fail "$tool -o $dir: results on stdout"
		[ "$(messages "$tmp/err")" = "$prog: cannot make directory $tmp/file: not a directory" ] ||
			fail "$tool -o $dir: $(cat "$tmp/err")"
	done
done

# ct-compare's inputs are read after DIR is made: one it cannot read
# fails the run, and the directories it made are gone again (not one
# that was there before).
mkdir "$tmp/kept"
expect_status 1 "$CT_COMPARE" -o "$tmp/kept/gone/deeper" "$tmp/a" "$tmp/none"
[ -e "$tmp/kept/gone" ] && fail "a failed ct-compare left the -o directory it made"
[ -d "$tmp/kept" ] || fail "a failed ct-compare removed a directory it did not make"
exit 0
