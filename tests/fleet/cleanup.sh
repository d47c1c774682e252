#!/bin/sh
# ct-fleet's ways out, on a fake engine (a script named pdsh or srun put
# first on PATH, so that no Slurm or pdsh is needed): SIGTERM and SIGINT
# while the engine runs (the engine stopped, what came back split into
# the hosts' directories, 143 and 130, no file of the run left), no host
# answering (one message naming it, exit 1, the directory it made gone),
# a -o it cannot make or write in (the cause said once, the engine never
# started) and a write error on --help, --version and node's frames
# (exit 1, the cause).
. "${top_srcdir:-..}/tests/lib.sh"

CT_FLEET=$top_builddir/ct-fleet
[ -x "$CT_FLEET" ] || fail "no $CT_FLEET"
for v in $(env | sed -n 's/^\(SLURM[A-Z_]*\)=.*/\1/p'); do
	unset "$v"
done
unset CT_HOSTNAME PDSH_RCMD_TYPE WCOLL

# The fake engine: FAKE=none says what pdsh or srun says when it reaches
# no host and exits 1; FAKE=half brings h1's records back, then fails to
# reach h2 and exits 1; FAKE=sleep sends one host's whole stream and the
# start of another's, then sleeps 30 s (its pid in $tmp/engine-pid).
# Either notes that it started in $tmp/engine-started.
mkdir "$tmp/bin" || exit 99
cat >"$tmp/bin/pdsh" <<FAKE
#!/bin/sh
echo "\$0 \$*" >>"$tmp/engine-started"
case \${FAKE:-} in
none)
	echo "\${0##*/}: error: h1: Unable to contact slurm controller (connect failure)" >&2
	exit 1 ;;
half)
	echo 'h1: h1: {"record":"machine","hostname":"h1"}'
	echo 'h1: h1! 0'
	echo "\${0##*/}: h2: connect failure" >&2
	exit 1 ;;
sleep)
	echo 'h1: h1: {"record":"machine","hostname":"h1"}'
	echo 'h1: h1! 0'
	i=0
	while [ \$i -lt 500 ]; do
		echo "h2: h2: {\"record\":\"sample\",\"i\":\$i}"
		i=\$((i + 1))
	done
	echo \$\$ >"$tmp/engine-pid"
	exec sleep 30 ;;
esac
exit 3
FAKE
chmod +x "$tmp/bin/pdsh" || exit 99
ln -s pdsh "$tmp/bin/srun" || exit 99
PATH=$tmp/bin:$PATH
export PATH

# left DIR: the run's own files left in DIR, if any.
left() {
	ls -A "$1" | grep '^\.ct-fleet'
}

# A signal while the engine runs, under timeout(1) so that SIGINT is not
# ignored as it is in a background job of a script.
command -v timeout >/dev/null || skip "no timeout(1)"
stop() {
	rm -f "$tmp/engine-pid" "$tmp/engine-started"
	start=$(date +%s)
	FAKE=sleep timeout --foreground --preserve-status -s "$1" 600 \
		"$CT_FLEET" -o "$tmp/s$1" pdsh -w 'h[1-2]' >"$tmp/out" 2>"$tmp/err" &
	t=$!
	i=0
	until [ -s "$tmp/engine-pid" ]; do
		i=$((i + 1))
		[ "$i" -lt 600 ] || fail "SIG$1: the engine did not start in 60 s"
		sleep 0.1
	done
	kill -s "$1" "$t"
	wait "$t"
	got=$?
	[ "$got" = "$2" ] || fail "SIG$1: status $got, not $2: $(cat "$tmp/err")"
	[ $(($(date +%s) - start)) -lt 30 ] || fail "SIG$1: ct-fleet waited for the engine's 30 s"
	! kill -0 "$(cat "$tmp/engine-pid")" 2>/dev/null || fail "SIG$1: the engine was not stopped"
	[ -z "$(left "$tmp/s$1")" ] || fail "SIG$1: left behind: $(left "$tmp/s$1")"
	[ "$(cd "$tmp/s$1" && ls | tr '\n' ' ')" = "h1 h2 " ] || fail "SIG$1: not what came back: $(ls -A "$tmp/s$1")"
	[ "$(grep -c . "$tmp/s$1/h2/raw.txt")" = 500 ] || fail "SIG$1: h2's lines not kept"
	grep -q "^ct-fleet: h2: no end: its output was cut off" "$tmp/err" || fail "SIG$1: h2 not said cut off: $(cat "$tmp/err")"
	grep -q "^ct-fleet: $3: pdsh stopped, what came back is in $tmp/s$1, not compared\$" "$tmp/err" ||
		fail "SIG$1: the message: $(cat "$tmp/err")"
	[ ! -s "$tmp/out" ] || fail "SIG$1: a table of a stopped run: $(cat "$tmp/out")"
}
stop TERM 143 "interrupted by SIGTERM"
stop INT 130 interrupted

# No host answers, through either engine: the engine's message, then
# ct-fleet's, naming it; the directory it made removed, nothing left in
# one that was there.
for e in pdsh srun; do
	FAKE=none expect_status 1 "$CT_FLEET" -o "$tmp/none-$e" $e -w h1
	[ ! -e "$tmp/none-$e" ] || fail "$e, no host: the directory made is left: $(ls -A "$tmp/none-$e")"
	[ "$(grep -c . "$tmp/err")" = 2 ] || fail "$e, no host: not two lines: $(cat "$tmp/err")"
	grep -q "^$e: error: h1: Unable to contact" "$tmp/err" || fail "$e, no host: the engine's message lost: $(cat "$tmp/err")"
	tail -n 1 "$tmp/err" | grep -qx "ct-fleet: $e exited 1 and no host sent anything back (its messages above)" ||
		fail "$e, no host: $(cat "$tmp/err")"
done
mkdir "$tmp/there" || exit 99
FAKE=none expect_status 1 "$CT_FLEET" -o "$tmp/there" pdsh -w h1
# An engine that failed after some hosts answered: their directories, and
# exit 1 with the engine's status named (ct-fleet(1)).
FAKE=half expect_status 1 "$CT_FLEET" --no-compare -o "$tmp/half" pdsh -w 'h[1-2]'
[ -d "$tmp/half/h1" ] || fail "no h1 directory after a half failed engine: $(ls -A "$tmp/half")"
grep -q "ct-fleet: pdsh exited 1\$" "$tmp/err" || fail "the engine's status not named: $(cat "$tmp/err")"
[ -d "$tmp/there" ] || fail "no host: a directory that was there removed"
[ -z "$(ls -A "$tmp/there")" ] || fail "no host: left behind: $(ls -A "$tmp/there")"
# collect without a frame: the same, in its words.
expect_status 1 "$CT_FLEET" -o "$tmp/nocollect" collect /dev/null
grep -qx "ct-fleet: no frame of ct-fleet node in the input" "$tmp/err" || fail "collect, nothing: $(cat "$tmp/err")"
[ ! -e "$tmp/nocollect" ] || fail "collect, nothing: the directory made is left"

# A -o that cannot be made or written in: one line with the cause, the
# engine never started.  Unwritable: a directory of mode 555, where this
# is not root, else /sys (which root cannot write in either).
: >"$tmp/file"
rm -f "$tmp/engine-started"
FAKE=sleep expect_status 1 "$CT_FLEET" -o "$tmp/file/sub" pdsh -w h1
[ "$(cat "$tmp/err")" = "ct-fleet: cannot make $tmp/file/sub: Not a directory" ] || fail "-o under a file: $(cat "$tmp/err")"
[ ! -e "$tmp/engine-started" ] || fail "-o under a file: the engine started"
mkdir "$tmp/ro" && chmod 555 "$tmp/ro" || exit 99
ro=
if ! (: >"$tmp/ro/x") 2>/dev/null; then
	ro=$tmp/ro
elif [ -d /sys ] && ! (: >/sys/.ct-fleet-test) 2>/dev/null; then
	ro=/sys
fi
if [ -n "$ro" ]; then
	for c in "pdsh -w h1" "srun -N 2" "collect /dev/null"; do
		FAKE=sleep expect_status 1 "$CT_FLEET" -o "$ro" $c
		[ "$(grep -c . "$tmp/err")" = 1 ] || fail "-o $ro, $c: not one line: $(cat "$tmp/err")"
		grep -qx "ct-fleet: cannot write in $ro: [A-Z][a-z].*" "$tmp/err" || fail "-o $ro, $c: $(cat "$tmp/err")"
		[ ! -e "$tmp/engine-started" ] || fail "-o $ro, $c: the engine started"
	done
else
	echo "no directory here that cannot be written in: that part not run" >&2
fi

# A write error on standard output: exit 1 and its cause, as the C tools.
if [ -w /dev/full ]; then
	for o in --help -V; do
		"$CT_FLEET" $o >/dev/full 2>"$tmp/err"
		got=$?
		[ "$got" = 1 ] || fail "$o >/dev/full: status $got, not 1"
		[ "$(cat "$tmp/err")" = "ct-fleet: write error: No space left on device" ] ||
			fail "$o >/dev/full: $(cat "$tmp/err")"
	done
	# node's frames, whatever the tool's status: 1, the cause.
	for t in true false; do
		"$CT_FLEET" node --name hx -- $t >/dev/full 2>"$tmp/err"
		got=$?
		[ "$got" = 1 ] || fail "node -- $t >/dev/full: status $got, not 1"
		[ "$(cat "$tmp/err")" = "ct-fleet: write error: No space left on device" ] ||
			fail "node -- $t >/dev/full: $(cat "$tmp/err")"
	done
	"$CT_FLEET" node --name hx -- echo a line >/dev/full 2>"$tmp/err"
	got=$?
	[ "$got" = 1 ] || fail "node -- echo >/dev/full: status $got, not 1"
	[ "$(cat "$tmp/err")" = "ct-fleet: write error: No space left on device" ] ||
		fail "node -- echo >/dev/full: $(cat "$tmp/err")"
fi
exit 0
