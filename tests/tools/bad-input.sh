#!/bin/sh
# Bad input gets a clear error and nothing is lost: every row of
# tests/tools/bad-input.tab, for every tool it names, must end with
# "ct-xxx: <what was wrong>" on stderr (and the --help hint after a usage
# error, nothing else), the status the man page documents, no crash
# (status 128 or more), nothing on stdout, and no result file or
# temporary left anywhere in the scratch directory.  The count of rows
# run per tool is printed at the end.
. "${top_srcdir:-..}/tests/lib.sh"

[ "$(uname -s)" = Linux ] || skip "the rows use taskset, tmpfs mounts and recorded Linux trees"

TAB=$top_srcdir/tests/tools/bad-input.tab
M=$top_srcdir/data/machines
T=$tmp/s
mounts=
immutables=

# Scratch for one row: unmounted, mutable again, empty.
reset_scratch() {
	for d in $mounts; do umount "$d" 2>/dev/null; done
	for d in $immutables; do chattr -i "$d" 2>/dev/null; done
	mounts= immutables=
	rm -rf "$T"
	mkdir "$T" || exit 99
}
trap 'reset_scratch; rm -rf "$tmp"' EXIT

# --- Helpers the setup column uses; 77 skips the row. ---

# spoil MACHINE: a writable copy of a recorded machine in @T@/t.
spoil() {
	cp -R "$M/$1" "$T/t" && chmod -R u+w "$T/t"
}

# bigline FILE CHAR [PREFIX]: one line of PREFIX and 10 MB of CHAR.
bigline() {
	awk -v c="$2" -v p="${3-}" \
		'BEGIN { s = c; while (length(s) < 10000000) s = s s; print p s }' >"$1"
}

# mnt NAME OPTIONS: a tmpfs at @T@/NAME (skips where mounting is not allowed).
mnt() {
	mkdir "$T/$1" || return 99
	mount -t tmpfs -o "$2" tmpfs "$T/$1" 2>/dev/null || {
		why="cannot mount a tmpfs here"
		return 77
	}
	mounts="$mounts $T/$1"
}

# fill DIR: as full as it gets.
fill() {
	dd if=/dev/zero of="$1/.fill" bs=1024 count=1024 2>/dev/null
	return 0
}

# mnt_fits NAME N: a tmpfs at @T@/NAME with room for the first N of the
# files ct-place -o writes in turn (raw.txt, summary.md, summary.svg),
# whatever their sizes in the row's own run, and none for the next one.
# The sizes come from three probe runs, made once for every row that
# asks; the row's run differs from them by their spread or so (a warning
# more or less, the digits of its figures: raw.txt 16366-16559 bytes in
# three runs on one machine), so each file is allowed all of that twice
# over and 256 bytes more, and the row is skipped where the next file
# could still fit in what is left.
mnt_fits() {
	ps=$(getconf PAGESIZE 2>/dev/null || echo 4096)
	[ -s "$tmp/probe-sizes" ] || {
		: >"$tmp/probe-sizes.new"
		for i in 1 2 3; do
			mkdir "$T/probe" || return 99
			"$CT_PLACE" -q -p main -r 1 -S 0 -o "$T/probe" >/dev/null 2>&1 || return 99
			(cd "$T/probe" && wc -c raw.txt summary.md summary.svg) >>"$tmp/probe-sizes.new" ||
				return 99
			rm -rf "$T/probe"
		done
		mv "$tmp/probe-sizes.new" "$tmp/probe-sizes"
	}
	# Pages: at most "size" for the first N whatever they hold, at least
	# "least"; the next one then finds at most size - least pages free.
	fit=$(awk -v n="$2" -v ps="$ps" '
		$2 != "total" {
			if (!($2 in lo) || $1 < lo[$2]) lo[$2] = $1
			if ($1 > hi[$2]) hi[$2] = $1
		}
		END {
			split("raw.txt summary.md summary.svg", f, " ")
			for (k = 1; k <= 3; k++) {
				x = f[k]; slack = 2 * (hi[x] - lo[x]) + 256
				if (k <= n) {
					size += int((hi[x] + slack + ps - 1) / ps)
					if (lo[x] > slack)
						least += int((lo[x] - slack + ps - 1) / ps)
				} else {
					if (lo[x] - slack <= (size - least) * ps)
						size = "skip " x " (" lo[x] "-" hi[x] " bytes)"
					break
				}
			}
			print size
		}' "$tmp/probe-sizes")
	case $fit in
	skip*) why="${fit#skip } could fit in what the first $2 leave"; return 77 ;;
	esac
	mnt "$1" "size=$((fit * ps))"
}

# immutable DIR: a directory even root cannot write into.
immutable() {
	mkdir "$1" || return 99
	chattr +i "$1" 2>/dev/null || {
		why="chattr +i does not work on this file system"
		return 77
	}
	immutables="$immutables $1"
}

need_c1() {
	[ -n "$C1" ] || {
		why="only one cpu is allowed"
		return 77
	}
}

# absent_kind KIND: this machine has no usable cpu of KIND.
absent_kind() {
	"$CT_PLACE" --cpus-of "$1" >/dev/null 2>&1
	[ $? -eq 4 ] || {
		why="this machine has $1 cpus"
		return 77
	}
}

one_kind() {
	"$CT_PLACE" -l -f json >"$tmp/topo" || return 99
	[ "$("$JSONL" -r topology -f ranks "$tmp/topo")" = 1 ] || {
		why="this machine has more than one kind"
		return 77
	}
}

# run_file FILE [TOOL [VERSION]]: a run as ct-compare reads it, the least
# there can be: a machine record and one summary.
run_file() {
	printf '{"record":"machine","tool":"%s","version":"%s"}\n' "${2:-ct-clock}" "${3:-0.1}" >"$1"
	printf '{"record":"summary","tool":"%s","kernel":"addchain","isa":"x86-64",' "${2:-ct-clock}" >>"$1"
	printf '"placement":"main","basis":"wall","unit":"GHz","median":2.9,"reps":5,"cpu_share":1}\n' >>"$1"
}

# --- The machine's facts the rows name. ---
"$CT_PLACE" -l -f tsv >"$tmp/list" || fail "ct-place -l failed"
C0=$(awk -F'\t' 'NR == 2 { print $1 }' "$tmp/list")
C1=$(awk -F'\t' 'NR == 3 { print $1 }' "$tmp/list")
[ -n "$C0" ] || fail "no usable cpu listed"
NOISA=$("$CT_FMA" --list-isa | awk 'NR > 1 && $3 == "no" { print $1; exit }')
# The cpus the system has at all (a cpu past them is none, not offline).
NCONF=$(getconf _NPROCESSORS_CONF)
[ -n "$NOISA" ] || fail "every ISA usable here?"

# subst TEXT: the placeholders of the table filled in.
subst() {
	printf '%s\n' "$1" | sed -e "s|@T@|$T|g" -e "s|@M@|$M|g" -e "s|@C0@|$C0|g" \
		-e "s|@C1@|$C1|g" -e "s|@NOISA@|$NOISA|g" -e "s|@NCONF@|$NCONF|g"
}

to=
command -v timeout >/dev/null && to="timeout 120"

n_clock=0 n_fma=0 n_stream=0 n_place=0 n_compare=0 n_latency=0 nskip=0 skipped=
while IFS='|' read -r name tools want msg setup cmd; do
	case $name in ''|\#*) continue ;; esac
	[ -n "$cmd" ] || fail "$name: a row needs six fields"
	for tool in $(echo "$tools" | tr ',' ' '); do
		case $tool in
		clock) CT=$CT_CLOCK ;;
		fma) CT=$CT_FMA ;;
		stream) CT=$CT_STREAM ;;
		place) CT=$CT_PLACE ;;
		compare) CT=$CT_COMPARE ;;
		latency) CT=$CT_LATENCY ;;
		*) fail "$name: unknown tool '$tool'" ;;
		esac
		prog=ct-$tool
		row="$prog $name"
		reset_scratch
		why=
		if [ -n "$setup" ]; then
			eval "$(subst "$setup")"
			st=$?
			if [ "$st" -eq 77 ]; then
				echo "skipped: $row: $why"
				nskip=$((nskip + 1))
				skipped="$skipped $prog:$name"
				continue
			fi
			[ "$st" -eq 0 ] || fail "$row: setup failed ($st)"
		fi
		case $cmd in
		*taskset*) command -v taskset >/dev/null || {
			echo "skipped: $row: no taskset"
			nskip=$((nskip + 1))
			skipped="$skipped $prog:$name"
			continue
		} ;;
		esac
		# A bad input must not hang either (a FIFO where a file should be).
		eval "$to $(subst "$cmd")" </dev/null >"$tmp/out" 2>"$tmp/err"
		st=$?
		[ "$st" -lt 128 ] || fail "$row: crashed (status $st): $(cat "$tmp/err")"
		[ "$st" -eq "$want" ] || fail "$row: exit $st, expected $want: $(cat "$tmp/err")"
		[ -s "$tmp/out" ] && fail "$row: wrote to stdout: $(head -3 "$tmp/out")"
		left=$(find "$T" \( -name raw.txt -o -name 'summary.*' -o -name '.raw.txt.*' \
			-o -name '.summary.*' \) -print 2>/dev/null)
		[ -z "$left" ] && [ ! -e /sys/kernel/raw.txt ] || fail "$row: left $left"
		# The warnings about the machine (load, governor) may come first;
		# then the message, and the --help hint after a usage error (2;
		# 125 with a command), nothing else.
		sed 's/^lt-//' "$tmp/err" >"$tmp/err1"
		grep -v "^$prog: warning: " "$tmp/err1" >"$tmp/err2"
		[ "$(grep -c "^$prog: warning: " "$tmp/err1")" -eq 0 ] ||
			[ "$(sed -n "/^$prog: warning: /!{=;q;}" "$tmp/err1")" -gt \
				"$(grep -c "^$prog: warning: " "$tmp/err1")" ] ||
			fail "$row: a warning after the message: $(cat "$tmp/err1")"
		nlines=$(wc -l <"$tmp/err2")
		hint=$(sed -n 2p "$tmp/err2")
		case $want.$nlines in
		2.2|125.2)
			[ "$hint" = "Try '$prog --help' for more information." ] ||
				fail "$row: the second line is not the --help hint: $hint" ;;
		2.*) fail "$row: a usage error without the --help hint: $(cat "$tmp/err1")" ;;
		*.1) ;;
		*) fail "$row: more than one line on stderr: $(cat "$tmp/err1")" ;;
		esac
		first=$(sed -n 1p "$tmp/err2")
		expect="$prog: $(subst "$msg")"
		case $msg in
		\~*)
			pattern="$prog: $(subst "${msg#\~}")"
			# shellcheck disable=SC2254
			case $first in
			$pattern) ;;
			*) fail "$row: stderr is '$first', expected the pattern '$pattern'" ;;
			esac
			;;
		*)
			[ "$first" = "$expect" ] || fail "$row: stderr is
$first
expected
$expect"
			;;
		esac
		eval "n_$tool=\$((n_$tool + 1))"
	done
done <"$TAB"

total=$((n_clock + n_fma + n_stream + n_place + n_compare + n_latency))
rows=$(awk -F'|' '!/^#/ && NF == 6 { n += split($2, t, ",") } END { print n }' "$TAB")
[ "$((total + nskip))" -eq "$rows" ] || fail "ran $total and skipped $nskip of $rows rows"
echo "bad inputs tried: $total (ct-clock $n_clock, ct-fma $n_fma, ct-stream $n_stream," \
	"ct-place $n_place, ct-compare $n_compare, ct-latency $n_latency); $nskip skipped${skipped:+:$skipped}"
exit 0
