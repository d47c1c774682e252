#!/bin/sh
# ct-fleet without an engine: its usage errors and help, an engine that is
# not installed (127), the frames of ct-fleet node (every line folded to
# 900 bytes and joined back byte for byte, up to a line longer than
# pdsh's 128 KiB; its status last and its own exit status; messages tagged
# under Slurm only; --name as the hostname) and the collector (a directory
# per host, a second run beside the first, a failed and a cut-off stream
# reported, what is no frame counted and left out), then three hosts'
# ct-clock records collected and compared.
. "${top_srcdir:-..}/tests/lib.sh"

CT_FLEET=$top_builddir/ct-fleet
[ -x "$CT_FLEET" ] || fail "no $CT_FLEET"
unset CT_HOSTNAME SLURMD_NODENAME SLURM_JOB_ID PDSH_RCMD_TYPE

# usage_error WHAT ARGS...: exit 2, the message, then the Try line.
usage_error() {
	what=$1
	shift
	expect_status 2 "$CT_FLEET" "$@"
	[ -s "$tmp/out" ] && fail "'$*': usage error on stdout: $(cat "$tmp/out")"
	head -n 1 "$tmp/err" | grep -q "^ct-fleet: $what" || fail "'$*': not '$what': $(cat "$tmp/err")"
	tail -n 1 "$tmp/err" | grep -qx "Try 'ct-fleet --help' for more information." ||
		fail "'$*': no Try line: $(cat "$tmp/err")"
}
usage_error "give a command"
usage_error "unknown command 'bogus'" bogus
usage_error "unknown option '-x'" -x srun
usage_error "option '-o' needs a DIR" -o
usage_error "node: give the TOOL" node
usage_error "node: unknown option '--bogus'" node --bogus true
expect_status 0 "$CT_FLEET" --help
head -n 1 "$tmp/out" | grep -q '^Usage: ct-fleet ' || fail "--help: no usage line"
expect_status 0 "$CT_FLEET" -V
grep -qx 'ct-fleet (coretype) [0-9][0-9.]*' "$tmp/out" || fail "-V: $(cat "$tmp/out")"

# An engine that is not installed: 127, named.
mkdir "$tmp/bin" || exit 99
for t in sh awk sed sort cut uniq mkdir xargs cat rm grep date basename dirname head wc uname; do
	ln -s "$(command -v "$t")" "$tmp/bin/$t" || exit 99
done
PATH=$tmp/bin expect_status 127 "$CT_FLEET" -o "$tmp/none" srun -N2
grep -q "^ct-fleet: srun: not found" "$tmp/err" || fail "srun missing: $(cat "$tmp/err")"
PATH=$tmp/bin expect_status 127 "$CT_FLEET" -o "$tmp/none" pdsh -w h1
grep -q "^ct-fleet: pdsh: not found" "$tmp/err" || fail "pdsh missing: $(cat "$tmp/err")"

# Lines of every length around the fold, with what a shell or sed would
# take for its own, and one longer than pdsh lets through.
awk 'function line(n, c,    s) { s = ""; while (length(s) < n) s = s c; return substr(s, 1, n) }
BEGIN {
	split("0 1 899 900 901 1799 1800 1801 5000", n, " ")
	for (i = 1; i <= 9; i++)
		print line(n[i], "a\\%&|\"/:+! \t")
	print "{\"record\":\"machine\",\"x\":\"" line(200000, "0123456789") "\"}"
	print "last"
}' >"$tmp/lines"
expect_status 0 "$CT_FLEET" node --name hx -- cat "$tmp/lines"
cp "$tmp/out" "$tmp/frames"
[ -s "$tmp/err" ] && fail "node: messages of a clean run: $(cat "$tmp/err")"
awk 'length($0) > 904 { bad++ } END { exit bad > 0 }' "$tmp/frames" || fail "a frame longer than 900 bytes"
[ "$(tail -n 1 "$tmp/frames")" = "hx! 0" ] || fail "no status last: $(tail -n 1 "$tmp/frames")"
[ "$(grep -c '^hx: ' "$tmp/frames")" -eq 11 ] || fail "not a first frame per line"
expect_status 0 "$CT_FLEET" --no-compare -o "$tmp/c" collect "$tmp/frames"
cmp "$tmp/lines" "$tmp/c/hx/raw.txt" || fail "the lines were not joined back byte for byte"
grep -q "^ct-fleet: 1 host in $tmp/c: hx\$" "$tmp/err" || fail "collect: the host not named: $(cat "$tmp/err")"
# A second run beside the first, from standard input.
expect_status 0 sh -c "'$CT_FLEET' --no-compare -o '$tmp/c' collect <'$tmp/frames'"
cmp "$tmp/lines" "$tmp/c/hx-2/raw.txt" || fail "the second run is not in hx-2"
cmp "$tmp/lines" "$tmp/c/hx/raw.txt" || fail "the first run changed"

# node's status: the tool's, in its last frame and as its own; messages
# as they are, but tagged with the node's name under Slurm.
expect_status 4 "$CT_FLEET" node --name hy -- sh -c 'echo out; echo err >&2; exit 4'
[ "$(cat "$tmp/out")" = "$(printf 'hy: out\nhy! 4')" ] || fail "node: frames $(cat "$tmp/out")"
[ "$(cat "$tmp/err")" = err ] || fail "node: messages tagged outside Slurm: $(cat "$tmp/err")"
SLURMD_NODENAME=n7 expect_status 0 "$CT_FLEET" node -- sh -c 'echo out; echo err >&2; echo "[$CT_HOSTNAME]"'
[ "$(cat "$tmp/out")" = "$(printf 'n7: out\nn7: []\nn7! 0')" ] || fail "node under Slurm: frames $(cat "$tmp/out")"
[ "$(cat "$tmp/err")" = "n7: err" ] || fail "node under Slurm: messages $(cat "$tmp/err")"
expect_status 0 "$CT_FLEET" node --name hz -- sh -c 'echo "$CT_HOSTNAME"'
[ "$(head -n 1 "$tmp/out")" = "hz: hz" ] || fail "--name is not the hostname: $(cat "$tmp/out")"
CT_HOSTNAME=given expect_status 0 "$CT_FLEET" node --name hz -- sh -c 'echo "$CT_HOSTNAME"'
[ "$(head -n 1 "$tmp/out")" = "hz: given" ] || fail "--name over a CT_HOSTNAME given: $(cat "$tmp/out")"
expect_status 1 "$CT_FLEET" node --name a/b -- true
grep -q "^ct-fleet: node: 'a/b' is no name" "$tmp/err" || fail "a bad name: $(cat "$tmp/err")"

# The collector: a stream that failed, one cut off, one fine, what is no
# frame; each host its directory, the failures named, exit 1.
printf '%s\n' 'ok: {"a":1}' 'f1: {"b":2}' 'c1: {"c":' 'garbage' 'c1+ 3}' 'f1! 3' 'ok! 0' >"$tmp/mixed"
expect_status 1 "$CT_FLEET" --no-compare -o "$tmp/m" collect "$tmp/mixed"
[ "$(cd "$tmp/m" && ls | tr '\n' ' ')" = "c1 f1 ok " ] || fail "collect: $(ls -a "$tmp/m")"
[ "$(cat "$tmp/m/c1/raw.txt")" = '{"c":3}' ] || fail "c1: $(cat "$tmp/m/c1/raw.txt")"
[ "$(cat "$tmp/m/ok/raw.txt")" = '{"a":1}' ] || fail "ok: $(cat "$tmp/m/ok/raw.txt")"
grep -q "^ct-fleet: f1: the tool exited 3 " "$tmp/err" || fail "f1 not reported: $(cat "$tmp/err")"
grep -q "^ct-fleet: c1: no end: its output was cut off" "$tmp/err" || fail "c1 not reported: $(cat "$tmp/err")"
grep -q "^ct-fleet: 1 lines that are no frame" "$tmp/err" || fail "the line that is no frame not counted: $(cat "$tmp/err")"
[ -e "$tmp/m/.ct-fleet.$$" ] && fail "the collector's work left behind"
ls -a "$tmp/m" | grep -q '^\.ct-fleet' && fail "the collector's work left behind: $(ls -a "$tmp/m")"

# Three hosts' real records through the collector, then their table.
for h in a b c; do
	"$CT_FLEET" node --name "$h" -- "$CT_CLOCK" -q -s -f json 2>/dev/null || fail "node $h"
done >"$tmp/three"
expect_status 0 "$CT_FLEET" -o "$tmp/t" collect "$tmp/three"
grep -q '^ct-compare --fleet: 3 hosts side by side$' "$tmp/out" || fail "no table of the three: $(cat "$tmp/out")"
[ "$("$JSONL" -r machine -f hostname "$tmp/t/b/raw.txt")" = b ] || fail "b's records do not name b"
# Its width: -w N to ct-compare's table, --wide none; a bad N a usage error.
expect_status 0 "$CT_FLEET" -w 80 -o "$tmp/w" collect "$tmp/three"
awk 'length($0) > 80 { exit 1 }' "$tmp/out" || fail "-w 80: a line wider: $(cat "$tmp/out")"
expect_status 0 "$CT_FLEET" --wide -o "$tmp/w2" collect "$tmp/three"
grep -q 'left out to fit' "$tmp/out" && fail "--wide left a column out: $(cat "$tmp/out")"
awk 'length($0) > 80 { w = 1 } END { exit !w }' "$tmp/out" || fail "--wide: no line wider than -w 80's"
expect_status 2 "$CT_FLEET" -w x collect "$tmp/three"
grep -q "invalid --width 'x'" "$tmp/err" || fail "-w x: $(cat "$tmp/err")"
exit 0
