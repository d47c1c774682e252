# lib.sh - shared by the shell tests.  Sourced; sets $CT_* paths and a
# scratch directory, and gives fail/expect helpers.  Exit 1 = fail,
# 77 = skip, 99 = hard error (Automake's harness).
#
# Golden files are compared with expect_golden: a test's own in
# tests/<feature>/golden/ ($GOLDEN), a recorded machine's beside its tree
# in data/machines/NAME/golden/.  To regenerate them on purpose, after a
# change of output that is meant:
#
#   make check UPDATE_GOLDEN=1 TESTS='tests/records/records.sh ...'
#
# (or UPDATE_GOLDEN=1 in the environment): every test that uses a golden
# file then rewrites it with what it got instead of comparing, and says
# so on standard error.  Review the change with git diff, and say it in
# NEWS, before committing it.
set -u
: "${top_builddir:=..}"
: "${top_srcdir:=..}"
CT_CLOCK=$top_builddir/ct-clock
CT_FMA=$top_builddir/ct-fma
CT_STREAM=$top_builddir/ct-stream
CT_PLACE=$top_builddir/ct-place
CT_COMPARE=$top_builddir/ct-compare
CT_LATENCY=$top_builddir/ct-latency
JSONL=$top_builddir/tests/jsonl-check
# The running test's directory (absolute: a test may cd), and its goldens.
TESTDIR=$(cd "$(dirname "$0")" && pwd) || exit 99
GOLDEN=$TESTDIR/golden
export LC_ALL=C
# The width of tables to a pipe is 120 unless COLUMNS says otherwise: a
# test sets it where it means to.
unset COLUMNS

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ct-test.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

skip() {
	echo "SKIP: $*" >&2
	exit 77
}

# expect_golden GOLDEN FILE: FILE (- for standard input) is the same as
# the golden file GOLDEN (a path, or a name in $GOLDEN), else the
# differences are shown and it returns 1.  With UPDATE_GOLDEN=1, FILE
# becomes GOLDEN instead (created if new).
expect_golden() {
	case $1 in
	*/*) golden=$1 ;;
	*) golden=$GOLDEN/$1 ;;
	esac
	if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
		mkdir -p "$(dirname "$golden")" && cat "$2" >"$golden" || exit 99
		echo "UPDATE_GOLDEN: wrote $golden" >&2
		return 0
	fi
	diff -u "$golden" "$2"
}

# expect_status WANT CMD...: run CMD, stdout to $tmp/out, stderr to $tmp/err.
expect_status() {
	want=$1
	shift
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	[ "$got" -eq "$want" ] || {
		cat "$tmp/err" >&2
		fail "'$*' exited $got, expected $want"
	}
}

# messages FILE: what FILE (a tool's stderr) says besides the one-line
# warnings about the machine and the run (load, descheduled samples...),
# which a shared machine may cause at any time.
messages() {
	sed 's/^lt-//' "$1" | grep -v '^ct-[a-z]*: warning: '
}

# is_positive NUMBER: a finite number greater than zero.
is_positive() {
	awk -v x="$1" 'BEGIN { exit !(x ~ /^[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ && x + 0 > 0) }'
}

# start_busy CPU SECONDS: tests/spin pinned to CPU for SECONDS in the
# background, its pid in $busy, killed when the test exits; returns once
# it says it is pinned (fails if it ends or takes 10 s).
start_busy() {
	[ -x "$top_builddir/tests/spin" ] || fail "no $top_builddir/tests/spin"
	: >"$tmp/busy"
	"$top_builddir/tests/spin" -p "$1" "$2" >"$tmp/busy" 2>&1 &
	busy=$!
	trap 'kill "$busy" 2>/dev/null; rm -rf "$tmp"' EXIT
	i=0
	until grep -q "^pinned $1\$" "$tmp/busy"; do
		kill -0 "$busy" 2>/dev/null || fail "the busy process ended: $(cat "$tmp/busy")"
		i=$((i + 1))
		[ "$i" -lt 100 ] || fail "the busy process did not start"
		sleep 0.1
	done
}

# two_cpus: the first two usable cpus (ct-place -l, in $tmp/detected) as
# E and P, the --kinds that declare them efficiency and performance in
# $K, and in $lim a taskset that keeps a command to them where there are
# more (empty where there are two); skips with one usable cpu.
two_cpus() {
	"$CT_PLACE" -l -f tsv >"$tmp/detected" || fail "ct-place -l failed"
	ncpu=$(grep -vc '^#' "$tmp/detected")
	[ "$ncpu" -ge 2 ] || skip "one usable cpu: nothing to declare two kinds on"
	E=$(awk -F'\t' 'NR == 2 { print $1 }' "$tmp/detected")
	P=$(awk -F'\t' 'NR == 3 { print $1 }' "$tmp/detected")
	lim=
	if [ "$ncpu" -gt 2 ]; then
		command -v taskset >/dev/null || skip "more than two usable cpus and no taskset to keep two"
		lim="taskset -c $E,$P"
	fi
	K="--kinds efficiency=$E --kinds performance=$P"
}

# Busy loops pinned to a cpu, this test's children (tests/spin -p; no
# taskset needed): start_hog CPU starts two, running there before it
# returns; stop_hog kills them (a test that uses them traps it at EXIT).
# Two, not one: the scheduler's fairness is over time, and on a machine
# busy with other work one loop has left a kernel 83% of its samples'
# time; against two the run's thread gets about a third.
hogs=
stop_hog() {
	for h in $hogs; do
		kill "$h" 2>/dev/null && wait "$h" 2>/dev/null
	done
	hogs=
}
start_hog() {
	for n in 1 2; do
		"$top_builddir/tests/spin" -p "$1" 3600 >"$tmp/busy$n.out" 2>"$tmp/busy$n.err" &
		hogs="$hogs $!"
		i=0
		until grep -q "^pinned $1\$" "$tmp/busy$n.out"; do
			i=$((i + 1))
			[ $i -lt 100 ] || fail "the busy loop did not start: $(cat "$tmp/busy$n.err")"
			sleep 0.05
		done
	done
}
