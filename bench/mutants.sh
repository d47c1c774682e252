#!/bin/sh
# bench/mutants.sh - the project's own mutation check: does make check
# catch the plausible slips kept in tests/mutants/ (tests/mutants/README)?
#
# Each mutant is applied alone, with git apply, to a scratch copy of the
# tree (the working tree is never touched, ^C or not), rebuilt
# incrementally, and tested: first the tests its Killed-by: header names,
# and only if none of them fails the whole make check.  A mutant is killed
# only when a test that passes on the unmutated copy fails with it (the
# unmutated make check runs once first; a test failing without any patch
# kills nothing).  A test found by the whole make check, not named by the
# header, is run once more unmutated: failing there too it was flaky and
# kills nothing (the line says so).  A make that runs past its time limit
# (a slip that loops) counts as killed by the time-out.  One line per
# mutant, then
#
#   N killed of M (P %)
#
# where M leaves out the mutants that do not apply, do not build, and the
# survivors with an Equivalent: header (each listed apart).
#
# Usage: bench/mutants.sh [-kn] [-j N] [-d DIR] [-t SECONDS] [MUTANT...]
#   MUTANT   a name (harness-foo), a file name, or a path; default every
#            tests/mutants/*.diff
#   -k       keep going after a mutant that survives, does not apply or
#            does not build (default: stop there)
#   -n       the tests Killed-by: names alone, never the whole make check
#            (bench/mutgen.py: a generated mutant against its area's tests)
#   -j N     make's jobs (default: the cpus online)
#   -d DIR   the scratch copy, kept between runs (built once, its
#            baseline reused while the sources are unchanged); default a
#            temporary directory, removed at the end
#   -t SECS  the time limit of one make check (default: 3 x the
#            baseline's, at least 300)
# Each make runs its recipes with dash where there is one (make
# SHELL=dash): libtool's script is most of a rebuild's time, and a
# mutant's rebuild (47 links of the tests' programs) took 126 s with
# bash against 69 s with dash on a loaded 2-cpu guest.
# Exit status: 0 every counted mutant killed, 1 otherwise, 2 usage.
set -eu

prog=bench/mutants.sh
top=$(cd "$(dirname "$0")/.." && pwd)
usage() {
	sed -n 's/^# \{0,1\}//; /^Usage:/,/^Exit status/p' "$0"
}
die() { printf '%s: %s\n' "$prog" "$*" >&2; exit 2; }
say() { printf '%s: %s\n' "$prog" "$*" >&2; }

keep_going=0
named_only=0
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
dir=""
limit=""
while getopts hknj:d:t: opt; do
	case $opt in
	h) usage; exit 0 ;;
	k) keep_going=1 ;;
	n) named_only=1 ;;
	j) jobs=$OPTARG ;;
	d) dir=$OPTARG ;;
	t) limit=$OPTARG ;;
	*) echo "Try '$prog -h' for more information." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
case $jobs in ''|*[!0-9]*|0) die "invalid -j '$jobs': expected a positive number" ;; esac
case $limit in *[!0-9]*) die "invalid -t '$limit': expected seconds" ;; esac

# The mutants, as absolute paths.
list=""
if [ $# -eq 0 ]; then
	for m in "$top"/tests/mutants/*.diff; do
		[ -f "$m" ] && list="$list $m"
	done
else
	for a in "$@"; do
		for m in "$a" "$top/tests/mutants/$a" "$top/tests/mutants/$a.diff"; do
			[ -f "$m" ] && break
		done
		[ -f "$m" ] || die "no mutant '$a' (tests/mutants/NAME.diff)"
		list="$list $(cd "$(dirname "$m")" && pwd)/$(basename "$m")"
	done
fi
[ -n "$list" ] || die "no mutants in tests/mutants/"

# The scratch copy; nothing of the working tree is written below.
tmp=""
if [ -z "$dir" ]; then
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/ct-mutants.XXXXXX")
	dir=$tmp
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
case "$dir/" in "$top"/*) die "the scratch copy must be outside the tree ($dir)" ;; esac
work=$dir/tree
mkdir -p "$work"
# git apply in the copy as a plain patch tool, never in an enclosing repository.
GIT_CEILING_DIRECTORIES=$dir
export GIT_CEILING_DIRECTORIES

job=""
applied=""
cleanup() {
	if [ -n "$job" ]; then kill "$job" 2>/dev/null || :; fi
	if [ -n "$tmp" ]; then rm -rf "$tmp"; fi
}
# The status the script ends with, not the clean-up's (dash exits with
# the EXIT trap's last status: a kept -d DIR made every run exit 1).
trap 'st=$?; cleanup; exit $st' EXIT
trap 'say "interrupted"; exit 130' INT TERM HUP

# make's recipe shell: dash if there is one (libtool runs under it twice
# as fast as under bash), else the configured one; the tests still run
# under the configured shell (SH_LOG_COMPILER), as make check runs them.
mk_shell=""
set_mk_shell() {
	sh_conf=$(sed -n 's/^SHELL = //p' "$work/Makefile")
	if command -v dash >/dev/null 2>&1 && [ -n "$sh_conf" ]; then
		mk_shell="SHELL=$(command -v dash) SH_LOG_COMPILER=$sh_conf"
	fi
}

# Run a command in the background, so that a signal can stop it.
run() {
	"$@" &
	job=$!
	st=0
	wait "$job" || st=$?
	job=""
	return "$st"
}

# The tree's files (tracked and new, not ignored) into the copy, where
# they differ (one git hash-object over each side: a cmp a file is a
# minute on a loaded machine); copied files are touched, unchanged ones
# keep their times, so rebuilds stay small.
sync_tree() {
	(cd "$top" && git ls-files -co --exclude-standard) | while read -r f; do
		[ -f "$top/$f" ] && echo "$f"
	done >"$dir/files"
	(cd "$top" && git hash-object --no-filters --stdin-paths <"$dir/files") >"$dir/want"
	(cd "$work" && while read -r f; do
		if [ -f "$f" ]; then echo "$f"; else echo /dev/null; fi
	done <"$dir/files" | git hash-object --no-filters --stdin-paths) >"$dir/have"
	paste -d ' ' "$dir/want" "$dir/have" | awk '{ print ($1 != $2) }' |
		paste -d ' ' - "$dir/files" | while read -r differs f; do
		[ "$differs" = 1 ] || continue
		mkdir -p "$work/$(dirname "$f")" && cp "$top/$f" "$work/$f"
	done
}

# Undo a mutant (once): its own reverse, or the whole sync if that fails.
unapply() {
	[ -n "$applied" ] || return 0
	applied=""
	(cd "$work" && git apply -R "$1") >/dev/null 2>&1 || sync_tree
}

# The unmutated sources' identity (after sync_tree): their paths and hashes.
sources_sum() {
	paste -d ' ' "$dir/want" "$dir/files" | cksum | cut -d' ' -f1
}

# The tests' results of the last make check: NAME RESULT lines.
results() {
	find "$work/tests" -name '*.trs' 2>/dev/null | sort | while read -r t; do
		r=$(sed -n 's/^:test-result: *//p' "$t" | head -n 1)
		n=${t#"$work"/}
		printf '%s %s\n' "${n%.trs}" "${r:-ERROR}"
	done
}

clear_results() {
	find "$work/tests" \( -name '*.trs' -o -name '*.log' \) -exec rm -f {} + 2>/dev/null || :
	rm -f "$work/test-suite.log"
}

# make check in the copy, TESTS as given (empty: all), under the time limit.
check() {
	clear_results
	# shellcheck disable=SC2086
	if [ $# -gt 0 ]; then
		run timeout -k 10 "$limit" make -C "$work" -j"$jobs" $mk_shell -k check TESTS="$*" \
			>"$dir/check.out" 2>&1
	else
		run timeout -k 10 "$limit" make -C "$work" -j"$jobs" $mk_shell -k check \
			>"$dir/check.out" 2>&1
	fi
}

# The programs and the tests' programs, none run.
build() {
	# shellcheck disable=SC2086
	run timeout -k 10 3600 make -C "$work" -j"$jobs" $mk_shell >"$dir/build.out" 2>&1 &&
	run timeout -k 10 3600 make -C "$work" -j"$jobs" $mk_shell check TESTS= \
		>>"$dir/build.out" 2>&1
}

# The test programs that tests NAME... need: the helpers every script test
# may run, and each NAME that is a program itself (tests/x/unit-y).
helpers="tests/jsonl-check tests/xml-check tests/spin tests/kernels/checkasm tests/records/records tests/latency/latency-table tests/records/unit-svg tests/records/svg-layout"
test_programs() {
	p=""
	for h in $helpers; do
		[ -f "$top/$h.c" ] && p="$p $h"
	done
	for t in "$@"; do
		[ -f "$top/$t.c" ] && p="$p $t"
	done
	echo "$p"
}

# What tests NAME... need, built: the tools and test_programs' alone, not
# every test program (a slip in libct relinks each of them: the 52 links
# were most of a mutant's time).
build_for() {
	# shellcheck disable=SC2086
	run timeout -k 10 3600 make -C "$work" -j"$jobs" $mk_shell >"$dir/build.out" 2>&1 &&
	run timeout -k 10 3600 make -C "$work" -j"$jobs" $mk_shell $(test_programs "$@") \
		>>"$dir/build.out" 2>&1
}

# make check of tests NAME... alone, building no other test program.
check_named() {
	clear_results
	# shellcheck disable=SC2086
	run timeout -k 10 "$limit" make -C "$work" -j"$jobs" $mk_shell -k check TESTS="$*" \
		check_PROGRAMS="$(test_programs "$@")" >"$dir/check.out" 2>&1
}

# A test's name as the tree spells it (tests/core/foo.sh, tests/core/unit-bar).
shown() {
	if [ -f "$top/$1.sh" ]; then echo "$1.sh"; else echo "$1"; fi
}

say "scratch copy in $work"
sync_tree
if [ ! -f "$work/Makefile" ]; then
	say "configuring the copy"
	(cd "$work" && { [ -x configure ] || autoreconf -fi; } && ./configure) \
		>"$dir/configure.out" 2>&1 || die "configure failed in the copy (see $dir/configure.out)"
fi
set_mk_shell
build || die "the unmutated tree does not build (see $dir/build.out)"

sum=$(sources_sum)
given_limit=$limit
if [ -f "$dir/baseline" ] && [ "$(sed -n 1p "$dir/baseline")" = "$sum" ]; then
	say "baseline reused ($dir/baseline)"
else
	say "baseline: make check on the unmutated copy"
	start=$(date +%s)
	limit=3600
	check || :
	secs=$(( $(date +%s) - start ))
	{ echo "$sum"; echo "$secs"; results; } >"$dir/baseline"
	[ "$(sed 1,2d "$dir/baseline" | wc -l)" -gt 0 ] ||
		die "the baseline ran no test (see $dir/check.out)"
fi
limit=$given_limit
if [ -z "$limit" ]; then
	limit=$(( 3 * $(sed -n 2p "$dir/baseline") ))
	[ "$limit" -ge 300 ] || limit=300
fi
sed 1,2d "$dir/baseline" | awk '$2 == "PASS" { print $1 }' >"$dir/passing"
sed 1,2d "$dir/baseline" | awk '$2 != "PASS" { print "  " $1 ": " $2 }' >"$dir/notpassing"
say "$(wc -l <"$dir/passing" | tr -d ' ') tests pass unmutated; a time limit of ${limit}s a make check"
if [ -s "$dir/notpassing" ]; then
	say "not passing unmutated (they kill nothing):"
	cat "$dir/notpassing" >&2
fi

# The tests that passed unmutated and fail now, one a line.
killers() {
	results | awk '$2 == "FAIL" || $2 == "ERROR" { print $1 }' |
	grep -Fx -f "$dir/passing" || :
}

killer() {
	killers | head -n 1
}

header() {
	sed -n "/^diff --git /q; /^--- /q; s/^$1:[[:space:]]*//p" "$2"
}

killed=0 survived=0 equivalent=0 noapply=0 nobuild=0
surv_list="" equiv_list="" noapply_list="" nobuild_list=""
for m in $list; do
	name=$(basename "$m" .diff)
	tests=$(header Killed-by "$m" | grep -o 'tests/[A-Za-z0-9_./+-]*' |
		sed 's/\.sh$//; s/[.]$//' | sort -u | tr '\n' ' ')
	equiv=$(header Equivalent "$m" | head -n 1)
	if ! (cd "$work" && git apply --check "$m") >/dev/null 2>&1; then
		echo "$name: does not apply"
		noapply=$((noapply + 1)); noapply_list="$noapply_list $name"
		[ "$keep_going" -eq 1 ] && continue || break
	fi
	(cd "$work" && git apply "$m")
	applied=$m
	# shellcheck disable=SC2086
	if [ -n "$tests" ]; then build_for $tests; else build; fi || {
		# What a named test does not need may fail to build too: the whole build says.
		build
	} || {
		echo "$name: does not build"
		nobuild=$((nobuild + 1)); nobuild_list="$nobuild_list $name"
		unapply "$m"
		[ "$keep_going" -eq 1 ] && continue || break
	}
	how=""
	if [ -n "$tests" ]; then
		st=0
		# shellcheck disable=SC2086
		check_named $tests || st=$?
		case $st in 124|137) how="the time-out (${limit}s) of make check TESTS='$tests'" ;; esac
		[ -n "$how" ] || how=$(killer)
	fi
	flaky=""
	if [ -z "$how" ] && { [ "$named_only" -eq 0 ] || [ -z "$tests" ]; }; then
		st=0
		check || st=$?
		case $st in 124|137) how="the time-out (${limit}s) of make check" ;; esac
		if [ -z "$how" ]; then
			# Tests the slip was not written for: each must pass again
			# unmutated, or it failed by itself (a flaky test kills nothing).
			ks=$(killers | tr '\n' ' ')
			unapply "$m"
			if [ -n "$ks" ]; then
				st=0
				clear_results
				build || st=$?
				# shellcheck disable=SC2086
				[ "$st" -ne 0 ] || check $ks || :
				flaky=$(killers | tr '\n' ' ')
				for k in $ks; do
					case " $flaky " in *" $k "*) ;; *) how=${how:-$k} ;; esac
				done
			fi
		fi
	fi
	unapply "$m" 2>/dev/null
	if [ -n "$how" ]; then
		case $how in tests/*) how=$(shown "$how") ;; esac
		echo "$name: killed by $how"
		killed=$((killed + 1))
	elif [ -n "$equiv" ]; then
		echo "$name: SURVIVED${flaky:+ (failed unmutated too, flaky: $flaky)}, equivalent: $equiv"
		equivalent=$((equivalent + 1)); equiv_list="$equiv_list $name"
	else
		echo "$name: SURVIVED${flaky:+ (failed unmutated too, flaky: $flaky)}"
		survived=$((survived + 1)); surv_list="$surv_list $name"
		[ "$keep_going" -eq 1 ] || break
	fi
done

total=$((killed + survived))
pct=$(awk -v k="$killed" -v t="$total" 'BEGIN { printf "%.0f", t ? 100 * k / t : 100 }')
echo "$killed killed of $total ($pct %)"
[ -z "$surv_list" ] || echo "survived:$surv_list"
[ -z "$equiv_list" ] || echo "equivalent (not counted):$equiv_list"
[ -z "$noapply_list" ] || echo "do not apply (not counted; rewrite them):$noapply_list"
[ -z "$nobuild_list" ] || echo "do not build (not counted):$nobuild_list"
[ "$survived" -eq 0 ] && [ "$noapply" -eq 0 ] && [ "$nobuild" -eq 0 ]
