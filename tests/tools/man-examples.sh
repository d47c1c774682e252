#!/bin/sh
# tests/tools/man-examples.sh - every example in the EXAMPLES section of
# every man page, as a reader sees it (rendered by mandoc, copied from the
# "$ " lines), run here where it can run and held to what its text says:
# the rows it promises, the columns its awk picks by number named as the
# text names them, the files it says it keeps.  An example this test does
# not know fails it, so a new example comes with its check.
#
# Where an example cannot run as written, the edit is the least that lets
# it: -q (a smoke run) where the example has none, a sweep to 1G cut to
# 4M, the kinds of a hybrid machine declared on two cpus (CT_KINDS), the
# recorded machines from the source tree rather than the installed copy,
# a stand-in for the reader's own program (./build/tool, ./bench, a
# Makefile).  Only the examples that need an engine this machine does not
# run (a Slurm allocation, ssh to other hosts) are skipped, each with its
# reason; tests/fleet/ runs ct-fleet on a real Slurm and pdsh.
. "${top_srcdir:-..}/tests/lib.sh"

command -v mandoc >/dev/null 2>&1 || skip "no mandoc to render the man pages"

# The tools by name, as a reader's PATH has them.
bin=$tmp/bin
mkdir -p "$bin" "$tmp/work"
for t in ct-clock ct-fma ct-stream ct-latency ct-place ct-compare ct-fleet; do
	[ -x "$top_builddir/$t" ] || fail "no $top_builddir/$t"
	ln -s "$(cd "$top_builddir" && pwd)/$t" "$bin/$t"
done
PATH=$bin:$PATH
export PATH
ncpu=$(nproc)
# Two usable cpus as the kinds of a hybrid machine, for the examples that
# name efficiency and performance cores.  With one (taskset -c 0) those
# examples are skipped, each saying so (hybrid), and the others run.
one_cpu=
if [ "$("$CT_PLACE" -l -f tsv | grep -vc '^#')" -ge 2 ]; then
	two_cpus
else
	one_cpu=1
	E=$("$CT_PLACE" -l -f tsv | awk -F'\t' 'NR == 2 { print $1 }') P=$E
fi
# The examples on cpu 1 (-c 1) run on the one usable cpu where there is one.
C1=
[ -z "$one_cpu" ] || C1="; s/-c 1 /-c $E /g"
kinds="E=$E;P=$P"
HYBRID="CT_KINDS='$kinds'"
# hybrid: the example may run here (two usable cpus), else it is skipped.
hybrid() {
	[ -n "$one_cpu" ] || return 0
	echo "--- $page: skipped (one usable cpu: no two kinds to declare): $first" >&2
	return 1
}

# extract PAGE: PAGE's examples, a block (one paragraph's commands, each
# "$ " line with its continuations) a record, records ended by "@@".
# Prose between commands (a line that follows a command that parses and
# does not end in | or \) is left out.
extract() {
	mandoc -T ascii -O width=300 "$1" | sed 's/.\x08//g' |
		awk '/^EXAMPLES/ { p = 1; next } /^[A-Z]/ { p = 0 } p' >"$tmp/ex.txt"
	buf=
	open=
	while IFS= read -r line; do
		t=$(printf '%s' "$line" | sed 's/^[[:space:]]*//')
		case $t in
		"")
			[ -z "$buf" ] || printf '%s\n@@\n' "$buf"
			buf=
			continue
			;;
		'$ '*)
			c=${t#'$ '}
			if [ -n "$buf" ]; then
				buf="$buf
$c"
			else
				buf=$c
			fi
			open=$c
			continue
			;;
		esac
		[ -n "$buf" ] || continue
		if printf '%s\n' "$open" | sh -n 2>/dev/null &&
			! printf '%s' "$open" | grep -q '[|\\]$'; then
			continue
		fi
		buf="$buf
$line"
		open="$open
$line"
	done <"$tmp/ex.txt"
	[ -z "$buf" ] || printf '%s\n@@\n' "$buf"
}

# run EDIT: the block, edited by the sed script EDIT ("" for none), run
# in $tmp/work by sh with $env in its environment; its output in
# $tmp/out, $tmp/err, its status in $st.  The run's own text is logged.
env=
run() {
	printf '%s\n' "$block" | sed "$1" >"$tmp/ex.sh"
	echo "--- $page: $(head -1 "$tmp/ex.sh")" >&2
	st=0
	# Its standard input is not the list of examples, which a command that
	# reads (./bench, cksum) would eat.
	(cd "$tmp/work" && eval "env $env sh -e '$tmp/ex.sh'" </dev/null >"$tmp/out" 2>"$tmp/err") || st=$?
	[ "$st" -eq 0 ] || {
		cat "$tmp/ex.sh" "$tmp/err" >&2
		fail "$page: the example exited $st"
	}
}

# bad WHY: the example ran but did not do what its text says.
bad() {
	echo "the example:" >&2
	cat "$tmp/ex.sh" >&2
	echo "its output:" >&2
	head -20 "$tmp/out" >&2
	fail "$page: $*"
}

# rows N ERE: the output is N lines, each matching ERE.
rows() {
	n=$(wc -l <"$tmp/out")
	[ "$n" -eq "$1" ] || bad "$n lines, the text promises $1"
	grep -Evq "$2" "$tmp/out" && bad "a line is not '$2': $(grep -Ev "$2" "$tmp/out" | head -1)"
	return 0
}

# has ERE: a line of the output matches ERE.
has() {
	grep -Eq "$1" "$tmp/out" || bad "no line matches '$1'"
}

# columns CMD NAME...: the columns the example's awk picks by number
# ($5, $16: every one in the order it is written) are named NAME... in
# CMD's TSV header, as the text that reads them says.
columns() {
	h=$(cd "$tmp/work" && eval "env $env $1" 2>/dev/null | head -1 | sed 's/^#//')
	shift
	nums=$(printf '%s\n' "$block" | grep -o '\$[0-9][0-9]*' | tr -d '$')
	[ "$(echo $nums | wc -w)" -eq $# ] || bad "it picks columns $(echo $nums), the check names $*"
	for n in $nums; do
		got=$(printf '%s\n' "$h" | cut -f"$n")
		[ "$got" = "$1" ] || bad "column $n is '$got', the text reads it as $1"
		shift
	done
}

# A positive number, a GHz (0.1 to 10), a cpu name.
NUM='[0-9]+(\.[0-9]+)?'
# A per-cycle figure: '-' where too few samples ran undisturbed to give one.
PC='([0-9]+(\.[0-9]+)?|-)'
GHZ='(0\.[1-9][0-9]*|[1-9](\.[0-9]+)?)'
Q='s/^\(ct-[a-z]*\) /\1 -q /; s/^\(ct-[a-z]*\)$/\1 -q/'
SWEEP='s/16K\.\.1G/16K..4M/'

# Stand-ins for the reader's own program and build.
mkdir -p "$tmp/work/build"
printf '#!/bin/sh\nexec cksum "$@"\n' >"$tmp/work/build/tool"
cp "$tmp/work/build/tool" "$tmp/work/bench"
chmod +x "$tmp/work/build/tool" "$tmp/work/bench"
seq 1 20000 >"$tmp/work/input.txt"
printf 'all: a b c d\na b c d:\n\t@cksum %s >/dev/null\ntest:\n\t@cksum %s >/dev/null\n' \
	"$tmp/work/input.txt" "$tmp/work/input.txt" >"$tmp/work/Makefile"

nl='
'
known=0
for page in "$top_srcdir"/man/*.[1-8]; do
	page=$(basename "$page")
	extract "$top_srcdir/man/$page" >"$tmp/blocks"
	[ -s "$tmp/blocks" ] || fail "$page: no example (every page has an EXAMPLES section)"
	while :; do
		block=
		while IFS= read -r l && [ "$l" != @@ ]; do
			block="${block:+$block$nl}$l"
		done
		[ -n "$block" ] || break
		first=${block%%"$nl"*}
		env=
		known=$((known + 1))
		case "$page:$first" in
		# Engines this machine does not run.
		*:'sbatch '* | ct-fleet.1:'ct-fleet -o clocks srun '*)
			echo "--- $page: skipped (needs a Slurm allocation): $first" >&2 ;;
		ct-fleet.1:'ct-fleet -o fleet pdsh -R ssh '*)
			echo "--- $page: skipped (needs ssh to other hosts): $first" >&2 ;;
		ct-compare.1:'ct-compare --fleet -f json fleet/* | grep '*)
			# A fleet of three from pdsh's exec module, when there is pdsh.
			if command -v pdsh >/dev/null 2>&1; then
				(cd "$tmp/work" && ct-fleet -o fleet pdsh -R exec -w 'h[1-3]' -- ct-clock -q -s) \
					>"$tmp/fleet.out" 2>&1 || { cat "$tmp/fleet.out" >&2; fail "ct-fleet over pdsh failed"; }
				st=0
				(cd "$tmp/work" && sh -c "$block") </dev/null >"$tmp/out" 2>"$tmp/err" || st=$?
				# grep's 1: no outlier among three alike hosts, as it should be.
				[ "$st" -le 1 ] || bad "exited $st"
				[ ! -s "$tmp/out" ] || rows "$(wc -l <"$tmp/out")" '"outlier":true'
			else
				echo "--- $page: skipped (no pdsh to make a fleet): $first" >&2
			fi
			;;

		# ct-clock.
		*:'ct-clock')
			run "$Q"
			has ' GHz ' ;;
		ct-clock.1:'ct-clock -q -c 0-$(($(nproc) - 1)) -f tsv |'*)
			run ""
			rows "$ncpu" "^cpu[0-9]+ $GHZ\$" ;;
		ct-clock.1:'ct-clock -c "$(ct-place --cpus-of E)"')
			hybrid || continue
			env=$HYBRID
			run "$Q"
			has "cpu$E .* GHz" ;;
		ct-clock.1:'ct-clock --threads all')
			run "$Q"
			has 'GHz' ;;
		ct-clock.1:'ct-clock --threads all -k efficiency -f tsv |'*)
			hybrid || continue
			env=$HYBRID
			run "$Q"
			[ -s "$tmp/out" ] || bad "no row"
			grep -Evq " $GHZ\$" "$tmp/out" && bad "not a placement and a GHz a line" ;;
		ct-clock.1:'ct-clock -f json --samples | grep '*)
			run "$Q"
			has '"record":"sample".*"cpu_start":[0-9]'
			rows "$(wc -l <"$tmp/out")" '"record":"sample"' ;;
		coretype.7:'ct-clock -f json | grep '*)
			run "$Q"
			rows "$(wc -l <"$tmp/out")" '"basis":"wall"'
			has '"record":"summary".*"max":' ;;

		# ct-fma.
		ct-fma.1:'ct-fma')
			run "$Q"
			has 'flop' ;;
		ct-fma.1:'ct-fma --all-isa -f tsv | '*)
			run "$Q"
			rows "$(ct-fma --list-isa | awk '$3 == "yes"' | wc -l)" "^[a-z0-9]+ $PC\$" ;;
		ct-fma.1:'ct-fma --isa avx512 -f json || '*)
			run "s/ct-fma /ct-fma -q /g"
			has '"record":"summary".*"isa":"avx(512|2)"' ;;
		ct-fma.1:'ct-fma -q -c 0-$(($(nproc) - 1)) -f tsv |'*)
			run ""
			rows "$ncpu" "^cpu[0-9]+ $PC\$" ;;
		ct-fma.1:'ct-fma --threads all')
			run "$Q"
			has 'flop' ;;
		ct-fma.1:'ct-fma --list-isa | awk '*)
			run ""
			has '^scalar$' ;;

		# ct-stream.
		ct-stream.1:'ct-stream')
			run "$Q"
			has 'GB/s' ;;
		ct-stream.1:'ct-stream -c 1 -b 16K..1G')
			run "$Q; $SWEEP$C1"
			has '^ *16 KiB +L1 ' ;;
		ct-stream.1:'ct-stream -b 16K..1G -f tsv |')
			run "$Q; $SWEEP"
			has "^16384 L1 $PC\$"
			rows "$(wc -l <"$tmp/out")" "^[0-9]+ (L[1-4]|memory|unknown) $PC\$" ;;
		ct-stream.1:'for p in "" --small-pages; do')
			run "s/ct-stream /ct-stream -q /"
			rows 2 "^$NUM GB/s, (-|$NUM)% huge\$" ;;
		ct-stream.1:'ct-stream --all-isa -f tsv | awk '*)
			run "$Q"
			rows "$(ct-stream --list-isa | awk '$3 == "yes"' | wc -l)" "^[a-z0-9]+ $NUM 0x[0-9a-f]+\$"
			[ "$(awk '{ print $3 }' "$tmp/out" | sort -u | wc -l)" -eq 1 ] || bad "the ISAs' sums differ" ;;
		ct-stream.1:'ct-stream -c 0-$(($(nproc) - 1)) -f tsv |'*)
			run "$Q"
			rows "$ncpu" "^cpu[0-9]+ $NUM\$" ;;
		ct-stream.1:'ct-stream --threads all -k P')
			hybrid || continue
			env=$HYBRID
			run "$Q"
			has 'GB/s' ;;
		ct-stream.1:'ct-stream -b 16K,256K,8M -f json >base.json'*)
			run "s/^ct-stream /ct-stream -q /"
			has '^verdicts: '
			grep -Eq '^main .* other reader' "$tmp/out" && bad "a size read by another reader"
			[ "$(grep -c 'forced: --readers base.json, its [0-9]* [KM]iB reader in 1 of 1 runs' \
			    "$tmp/work/new.json")" -eq 6 ] || bad "new.json's sizes not read with base.json's readers" ;;

		# ct-latency.
		ct-latency.1:'ct-latency -c 1 -b 16K..1G')
			run "$Q; $SWEEP$C1"
			has '^ *16 KiB +L1 ' ;;
		ct-latency.1:'gbs=$(ct-stream -c 1 -f tsv | '*)
			run "s/ct-stream /ct-stream -q /; s/^ct-latency /ct-latency -q /$C1"
			has 'lines in flight|in flight' ;;
		ct-latency.1:'ct-latency -k P --chains 1; ct-latency -k E --chains 1')
			hybrid || continue
			env=$HYBRID
			run "s/ct-latency /ct-latency -q /g"
			has 'ns' ;;
		ct-latency.1:'ct-latency -b 16K..1G --chains 1 -f tsv |')
			run "$Q; $SWEEP"
			has "^16384 L1 $NUM\$"
			rows "$(wc -l <"$tmp/out")" "^[0-9]+ (L[1-4]|memory|unknown) $NUM\$" ;;

		# ct-place.
		coretype.7:'ct-place' | ct-place.1:'ct-place -o results/today')
			run "$Q"
			has '^main ' ;;
		ct-place.1:'ct-place --bench -r 10 --warmup 2 -- ./build/tool input.txt')
			command -v hyperfine >/dev/null 2>&1 || block=$first
			run ""
			has '^main +10 ' ;;
		ct-place.1:"ct-place --bench --shell=sh --prepare 'sync' -o before -- 'make -s test'")
			command -v hyperfine >/dev/null 2>&1 || block=$first
			run ""
			[ -s "$tmp/work/before/bench.jsonl" ] || [ -n "$(ls "$tmp/work/before" 2>/dev/null)" ] ||
				bad "-o before kept no files" ;;
		ct-place.1:'ct-place --bench --runs 20 -o gz -- gzip -1 -c input.txt -- gzip -9 -c input.txt')
			command -v hyperfine >/dev/null 2>&1 || block=$first
			run ""
			has '^commands, each against command 1'
			has '^command 2: gzip -9 -c input.txt$'
			grep -q '"record":"bench_versus"' "$tmp/work/gz/raw.txt" ||
				bad "gz/raw.txt holds no command against the first" ;;
		ct-place.1:"ct-place --bench --shell sh --cleanup 'rm -f out.txt' -- 'make -s test' -- 'make -s -j2 test'")
			run ""
			has '^command 2: sh -c make -s -j2 test$'
			has 'cleanup rm -f out\.txt' ;;
		ct-place.1:'ct-place --observe -- make -j8')
			run ""
			grep -q '^observed: make -j8 (exit 0)' "$tmp/err" || bad "no report on standard error" ;;
		ct-place.1:'ct-place -k efficiency --observe -f json -- ./bench >report.jsonl')
			hybrid || continue
			env=$HYBRID
			run ""
			grep -q '"record"' "$tmp/work/report.jsonl" || bad "report.jsonl holds no record" ;;
		ct-place.1:'ct-place -k efficiency --observe -- ./bench')
			hybrid || continue
			env=$HYBRID
			run ""
			[ -n "$(ls "$tmp/work/obs" 2>/dev/null)" ] || bad "-o obs kept no report" ;;
		ct-place.1:'ct-place -l')
			run ""
			# Online, not usable: nproc counts only the cpus this process may use.
			has "^cpus: +$(getconf _NPROCESSORS_ONLN) online" ;;
		ct-place.1:'ct-place -q -p main,thread-background -f tsv |'*)
			run ""
			rows 2 "^(main|thread-background) $NUM $NUM\$" ;;
		ct-place.1:'ct-place -k efficiency -- make -j4')
			hybrid || continue
			env=$HYBRID
			run ""
			has 'GHz' ;;
		ct-place.1:'ct-place --dry-run --sysroot '* | ct-place.1:'ct-place --sysroot '*)
			run "s|/usr/local/share/coretype/machines/|$top_srcdir/data/machines/|; s/^ct-place --sysroot/ct-place --dry-run --sysroot/"
			has 'efficiency|E-core|low-power' ;;
		ct-place.1:'taskset -c "$(ct-place --cpus-of efficiency)" ct-clock')
			hybrid || continue
			env=$HYBRID
			run 's/ ct-clock$/ ct-clock -q/; s/ ct-fma$/ ct-fma -q/'
			has 'GHz'
			has 'flop' ;;
		ct-place.1:"ct-place -l -f tsv | awk -F'\\t' 'NR > 1 && !seen[\$2]++ { print \$2, \$1 }'")
			hybrid || continue
			env=$HYBRID
			run ""
			rows 2 '^(efficiency|performance) [0-9]+$'
			columns "ct-place -l -f tsv" kind kind cpu ;;
		ct-place.1:"ct-place -l -f tsv | awk -F'\\t' 'NR > 1 && !seen[\$3]++ { print \$1 }' |")
			run ""
			[ -s "$tmp/out" ] || bad "no row"
			rows "$(wc -l <"$tmp/out")" "^cpu[0-9]+ $GHZ\$"
			columns "ct-place -l -f tsv" rank cpu ;;
		ct-place.1:"export CT_KINDS='E=0-1;P=2-3'")
			hybrid || continue
			run "s/E=0-1;P=2-3/$kinds/; s/^ct-place /ct-place -q /; s/^ct-clock /ct-clock -q /"
			[ -n "$(ls "$tmp/work/results" 2>/dev/null)" ] || bad "-o results kept nothing"
			has 'GHz' ;;

		# ct-compare.
		coretype.7:'ct-compare before.json after.json')
			(cd "$tmp/work" && ct-clock -q --samples -f json >before.json && cp before.json after.json) ||
				fail "ct-clock for before.json"
			run ""
			has '^verdicts' ;;
		ct-compare.1:'ct-clock --samples -f json >before.json')
			run "s/^ct-clock /ct-clock -q /"
			has '^verdicts' ;;
		ct-compare.1:'ct-place -o a'*)
			run "s/^ct-place /ct-place -q -p main,thread /"
			ls "$tmp/work/ab"/*.svg >/dev/null 2>&1 || bad "ab holds no chart" ;;
		ct-compare.1:'CT_HOSTNAME=node-$i ct-place -o results/node-$i'*)
			run "1s/[[:space:]]*#.*//; 1s/^/for i in 1 2; do /; 1s/\$/; done/; s/ct-place /ct-place -q -p main /"
			has 'node-1'
			has 'node-2'
			! grep -qF "$(hostname)" "$tmp/out" || bad "the real hostname is in the results" ;;
		ct-compare.1:'ct-compare -f tsv a b | awk '*)
			# The rows it prints are the ones the verdicts call, on
			# recorded runs: a --bench run against a copy 20 % slower (4
			# changes), and a QUICK ct-fma run against a full one, where 3
			# rows differ significantly and none is called a change.
			for pair in "bench-base bench-slower 4" "fma-quick fma-full 0"; do
				set -- $pair
				rm -rf "$tmp/work/a" "$tmp/work/b"
				cp "$top_srcdir/tests/compare/inputs/$1.json" "$tmp/work/a"
				cp "$top_srcdir/tests/compare/inputs/$2.json" "$tmp/work/b"
				run ""
				called=$(cd "$tmp/work" && ct-compare -f json a b | grep '"record":"compare"' |
					grep -c '"changed":true') || :
				[ "$called" -eq "$3" ] || fail "$1 against $2: $called changes called, expected $3"
				n=$(wc -l <"$tmp/out")
				[ "$n" -eq "$called" ] || bad "$1 against $2: $n rows printed, $called called a change"
				[ "$3" -eq 0 ] || has "^bench main wall time $NUM\$"
			done ;;

		# ct-fleet.
		ct-fleet.1:"ct-fleet pdsh -R exec -w 'c[1-3]' -- ct-place -s")
			command -v pdsh >/dev/null 2>&1 || {
				echo "--- $page: skipped (no pdsh): $first" >&2
				continue
			}
			run "s/ct-place -s/ct-place -q -s -p main/"
			# Without -o, a directory fleet-DATE-TIME, a directory a host.
			for h in c1 c2 c3; do
				ls "$tmp"/work/fleet-*/"$h"/raw.txt >/dev/null 2>&1 || bad "no fleet-*/$h/raw.txt"
			done
			has '^c[1-3] ' ;;
		*)
			fail "$page: an example this test does not know: $first (add its check)" ;;
		esac
	done <"$tmp/blocks"
done
# Every example of every page, 56 when this was written (45 while a
# command that read its standard input ate the rest of its page's).
[ "$known" -ge 56 ] || fail "only $known examples found: the extraction is broken"
echo "$known examples" >&2
exit 0
