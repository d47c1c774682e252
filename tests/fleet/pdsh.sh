#!/bin/sh
# ct-fleet through pdsh: three host names run here by pdsh's exec module
# (-R exec: each name's command run locally with %h replaced by it), each
# recorded as its host (CT_HOSTNAME, through ct-fleet node --name %h).
# The main job on the three (a directory each, the records naming the
# host and no Slurm job, the fleet table), again into the same directory
# (each host's second directory beside its first), PDSH_RCMD_TYPE=exec in
# place of -R exec, and a host whose tool fails: reported, kept, left out
# of the table of the others, exit 1.  Skips only where pdsh or its exec
# module is missing (.ci/run installs Debian's pdsh).
. "${top_srcdir:-..}/tests/lib.sh"

command -v pdsh >/dev/null 2>&1 || skip "pdsh is not installed (Debian: pdsh)"
pdsh -V 2>&1 | grep -q 'rcmd modules:.*exec' || skip "pdsh has no exec rcmd module: $(pdsh -V 2>&1 | head -3)"
CT_FLEET=$top_builddir/ct-fleet
[ -x "$CT_FLEET" ] || fail "no $CT_FLEET"
for v in $(env | sed -n 's/^\(SLURM[A-Z_]*\)=.*/\1/p'); do
	unset "$v"
done
unset PDSH_RCMD_TYPE WCOLL CT_HOSTNAME

rec() {
	"$JSONL" -r machine -f "$2" "$1/raw.txt"
}

# The main job on three hosts.
expect_status 0 "$CT_FLEET" -q -o "$tmp/fleet" pdsh -R exec -w 'h[1-3]'
cp "$tmp/out" "$tmp/table1"
[ "$(cd "$tmp/fleet" && ls | tr '\n' ' ')" = "h1 h2 h3 " ] || fail "not a directory per host: $(ls -a "$tmp/fleet")"
grep -q "^ct-fleet: 3 hosts in $tmp/fleet: h1 h2 h3\$" "$tmp/err" || fail "no line naming the hosts: $(cat "$tmp/err")"
for n in 1 2 3; do
	d=$tmp/fleet/h$n
	"$JSONL" "$d/raw.txt" || fail "h$n's raw.txt is not JSON Lines"
	[ "$(rec "$d" hostname)" = h$n ] || fail "h$n: hostname $(rec "$d" hostname), not its name"
	[ "$(rec "$d" tool)" = ct-place ] || fail "h$n: not ct-place's records"
	for k in slurm_job_id slurm_node_name slurm_node_id; do
		[ "$(rec "$d" $k)" = null ] || fail "h$n: $k $(rec "$d" $k) outside Slurm"
	done
	grep -q '"record":"sample"' "$d/raw.txt" || fail "h$n: no samples (ct-place -s)"
done
# pdsh's messages came back tagged by pdsh alone ("h1: ct-place: warning").
grep -q '^h[123]: h[123]: ' "$tmp/err" && fail "messages tagged twice: $(cat "$tmp/err")"
grep -q '^ct-compare --fleet: 3 hosts side by side$' "$tmp/table1" || fail "no fleet table: $(cat "$tmp/table1")"
# The table's rows end at a blank line or at its note of the columns left
# out to fit ("(left out ..."), which a busy machine's wider figures bring.
awk '/^host  / { t = 1; next } t && (NF == 0 || /^\(/) { exit } t { print $1 }' "$tmp/table1" >"$tmp/hosts"
[ "$(tr '\n' ' ' <"$tmp/hosts")" = "h1 h2 h3 " ] || fail "the hosts' table is not h1 h2 h3: $(cat "$tmp/hosts")"

# Again into the same directory, the exec module named by pdsh's variable.
sum1=$(cat "$tmp/fleet"/h*/raw.txt | cksum)
PDSH_RCMD_TYPE=exec expect_status 0 "$CT_FLEET" -q -o "$tmp/fleet" pdsh -w 'h[1-3]' -- ct-clock -s
[ "$(cd "$tmp/fleet" && ls | tr '\n' ' ')" = "h1 h1-2 h2 h2-2 h3 h3-2 " ] ||
	fail "a second run did not go beside the first: $(ls "$tmp/fleet")"
[ "$(cat "$tmp/fleet"/h[123]/raw.txt | cksum)" = "$sum1" ] || fail "the first run's files changed"
[ "$(rec "$tmp/fleet/h3-2" hostname)" = h3 ] || fail "h3-2: not h3's records"
[ "$(rec "$tmp/fleet/h3-2" tool)" = ct-clock ] || fail "h3-2: not ct-clock's records"

# A tool that fails on one host (-Rexec, pdsh's other spelling): reported
# by name, its output kept, the others compared, exit 1.
cat >"$tmp/tool" <<TOOL
#!/bin/sh
[ "\$CT_HOSTNAME" = h2 ] && { echo "tool: h2 is broken" >&2; exit 3; }
exec "$CT_CLOCK" "\$@"
TOOL
chmod +x "$tmp/tool"
expect_status 1 "$CT_FLEET" -q -o "$tmp/bad" pdsh -Rexec -w 'h[1-3]' -- "$tmp/tool" -s
grep -q "^ct-fleet: h2: the tool exited 3 " "$tmp/err" || fail "h2's failure not reported: $(cat "$tmp/err")"
grep -q "^h2: tool: h2 is broken" "$tmp/err" || fail "h2's message did not come back: $(cat "$tmp/err")"
grep -q '^ct-fleet: pdsh exited 3$' "$tmp/err" || fail "pdsh's status not said: $(cat "$tmp/err")"
[ -d "$tmp/bad/h2" ] || fail "h2's directory not kept"
grep -q '^ct-compare --fleet: 2 hosts side by side$' "$tmp/out" || fail "not a table of the two others: $(cat "$tmp/out")"
exit 0
