#!/bin/sh
# ct-compare --fleet's rule on made-up hosts, each a machine record and a
# summary on each basis (no samples: the summary's median is the host's):
# a host beyond 3 scaled MADs (x 1.4826) of its group's median and at
# least --threshold from it, no nearer; a group of two flags none and says
# so, a group of three does; the kinds of core part the groups as the cpu
# models do; a faster host is an outlier too; the reason says a slower
# clock where the per-cycle figure is the peers', and fewer flop a cycle
# where it is not; a host's geomean is of its ratios.
. "${top_srcdir:-..}/tests/lib.sh"

# host DIR NAME VALUE [KERNEL [KINDS [MODEL [PER_CYCLE]]]]: DIR/NAME.json.
host() {
	d=$1 name=$2 v=$3 k=${4:-addchain} kinds=${5:-performance} model=${6:-Model A} pc=${7:-}
	unit=GHz
	[ "$k" = fma ] && unit=GFLOP/s
	mkdir -p "$tmp/$d" || exit 99
	{
		printf '{"record":"machine","tool":"ct-clock","version":"0.1","hostname":"%s","cpu_model":"%s"}\n' \
			"$name" "$model"
		for b in wall cpu; do
			printf '{"record":"summary","tool":"ct-clock","kernel":"%s","isa":"x86-64","placement":"main",' "$k"
			printf '"basis":"%s","unit":"%s","median":%s,"reps":5,"cpu_share":1,"kinds":"%s"' \
				"$b" "$unit" "$v" "$kinds"
			[ -n "$pc" ] && printf ',"per_cycle_median":%s,"per_cycle_unit":"flop/cycle"' "$pc"
			printf '}\n'
		done
	} >"$tmp/$d/$name.json"
}

# fleet DIR [OPTION...]: ct-compare --fleet -f json over DIR's hosts, into $tmp/DIR.out.
fleet() {
	d=$1
	shift
	"$CT_COMPARE" --fleet -f json "$@" "$tmp/$d"/*.json >"$tmp/$d.out" 2>"$tmp/$d.err" ||
		fail "$d: ct-compare --fleet: $(cat "$tmp/$d.err")"
}

# flagged DIR: the hosts flagged on the wall basis, in order.
flagged() {
	grep '"record":"fleet"' "$tmp/$1.out" | grep '"basis":"wall"' | grep '"outlier":true' |
		"$JSONL" -r fleet -f host - 2>/dev/null | tr '\n' ' '
}

# row DIR HOST KEY: KEY of HOST's wall row.
row() {
	grep '"record":"fleet"' "$tmp/$1.out" | grep '"basis":"wall"' | grep "\"host\":\"$2\"" |
		"$JSONL" -r fleet -f "$3" -
}

# 3 scaled MADs of a MAD of 10 is 44.478: 45 away is beyond, 35 is not
# (but is beyond 3 unscaled MADs).
for v in a:100 b:100 c:100 d:90 e:110 f:88 g:55; do host mad "${v%%:*}" "${v#*:}"; done
fleet mad
[ "$(flagged mad)" = "g " ] || fail "45 from the median past 3 scaled MADs of 10: flagged '$(flagged mad)'"
awk -v m="$(row mad g mads)" 'BEGIN { exit !(m > 3.03 && m < 3.04) }' || fail "g's MADs: $(row mad g mads)"
[ "$(row mad a group_mad)" = 10 ] || fail "the group's MAD: $(row mad a group_mad)"
host mad g 135
fleet mad
[ "$(flagged mad)" = "" ] || fail "35 from the median, within 3 scaled MADs of 10: flagged '$(flagged mad)'"

# Far in MADs but under the threshold: not flagged, until it is lowered.
for v in a:100 b:100.1 c:99.9 d:100 e:95; do host eff "${v%%:*}" "${v#*:}"; done
fleet eff
[ "$(flagged eff)" = "" ] || fail "5 % from the median flagged at --threshold 10"
fleet eff --threshold 4
[ "$(flagged eff)" = "e " ] || fail "5 % from the median not flagged at --threshold 4: '$(flagged eff)'"

# Three hosts can flag one; two cannot, and say so.
for v in a:100 b:100 c:60; do host three "${v%%:*}" "${v#*:}"; done
fleet three
[ "$(flagged three)" = "c " ] || fail "a group of three: flagged '$(flagged three)'"
[ "$(row three c reason)" = "a slower clock: 60 GHz against its peers' 100" ] || fail "c's reason: $(row three c reason)"
for v in a:100 c:60; do host two "${v%%:*}" "${v#*:}"; done
fleet two
[ "$(row two c outlier)" = null ] || fail "a group of two flags, or says it does not: $(row two c outlier)"
[ "$(row two c reason)" = "a group of 2 hosts of its cpu model and kind: 3 at least to flag one" ] ||
	fail "the group of two: $(row two c reason)"

# Kinds part the groups: four performance hosts, two efficiency ones at
# 60 % of them (together, the two would be beyond a MAD of 0).
for v in p1:100 p2:100 p3:100 p4:100; do host kinds "${v%%:*}" "${v#*:}"; done
for v in e1:60 e2:60; do host kinds "${v%%:*}" "${v#*:}" addchain efficiency; done
fleet kinds
[ "$(flagged kinds)" = "" ] || fail "hosts of two kinds compared together: flagged '$(flagged kinds)'"
[ "$(row kinds e1 group_hosts)" = 2 ] || fail "e1's group: $(row kinds e1 group_hosts)"
[ "$(row kinds p1 group_hosts)" = 4 ] || fail "p1's group: $(row kinds p1 group_hosts)"

# Faster is odd too.
for v in a:100 b:100 c:100 d:100 e:150; do host fast "${v%%:*}" "${v#*:}"; done
fleet fast
[ "$(flagged fast)" = "e " ] || fail "a host 50 % faster: flagged '$(flagged fast)'"
[ "$(row fast e reason)" = "a faster clock: 150 GHz against its peers' 100" ] || fail "e's reason: $(row fast e reason)"
awk -v g="$(grep '"host":"e"' "$tmp/fast.out" | "$JSONL" -r fleet_host -f geomean_wall -)" \
	'BEGIN { exit !(g == 1.5) }' || fail "e's geomean is not its ratio 1.5"

# FMA: slower at the same flop per cycle is its clock; at fewer, its pipes.
for v in a:100 b:100 c:100 d:100; do host fma "${v%%:*}" "${v#*:}" fma performance "Model A" 32; done
host fma clk 70 fma performance "Model A" 32
host fma isa 70 fma performance "Model A" 16
fleet fma
[ "$(flagged fma)" = "clk isa " ] || fail "fma: flagged '$(flagged fma)'"
case $(row fma clk reason) in
"a slower clock: 70 GFLOP/s against its peers' 100, at the same flop/cycle (32 against 32)") ;;
*) fail "clk's reason: $(row fma clk reason)" ;;
esac
case $(row fma isa reason) in
"fewer flop/cycle: 16 against its peers' 32 (70 GFLOP/s against 100)") ;;
*) fail "isa's reason: $(row fma isa reason)" ;;
esac
exit 0
