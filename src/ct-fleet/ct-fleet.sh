#!/bin/sh
# ct-fleet - the same measurement on every node of a Slurm allocation or of
# a pdsh host list, each node's records streamed back on standard output
# (no shared filesystem assumed), split into a directory per host and set
# side by side by ct-compare --fleet.  The engines do the running: srun
# starts one task per node, pdsh one command per host; this script only
# frames each node's lines and collects them (ct-fleet(1)).
#
# The frames: srun's I/O carries a task's output in pieces of 1 KiB at
# most (Slurm 22.05 breaks a longer line across two labelled lines) and
# pdsh cuts a line at 128 KiB, so "ct-fleet node" folds every line of the
# tool into lines of at most 900 bytes: "NAME: first part", then
# "NAME+ next part" for each continuation, and ends with "NAME! STATUS",
# the tool's exit status.  The engine's own label (srun --label's task
# number, pdsh's "host: ") tells two streams of one name apart.
set -u
prog=ct-fleet
version=@PACKAGE_VERSION@
fold_bytes=900
LC_ALL=C
export LC_ALL

usage() {
	cat <<EOF
Usage: $prog [-q] [--no-compare] [-o DIR] [-w N | --wide] srun [SRUN-OPTION...]
             [-- TOOL [ARG...]]
       $prog [-q] [--no-compare] [-o DIR] [-w N | --wide] pdsh [PDSH-OPTION...]
             [-- TOOL [ARG...]]
       $prog [--no-compare] [-o DIR] [-w N | --wide] collect [FILE...]
       $prog node [--name NAME] [--] TOOL [ARG...]

Run a coretype tool with -f json on every node of a Slurm allocation (srun:
a task a node, the nodes to the run alone) or of a pdsh host list.  Each
node's records come back on standard output, framed with its name, and go to
DIR/HOST/raw.txt (HOST-2, HOST-3... where HOST is there already); then
ct-compare's fleet view sets the hosts side by side.  TOOL is ct-place -s
(the main job, with its samples) when none is given.

Options:
  -h, --help         print this help and exit
      --name NAME    (node) frame the lines with NAME and record it as the
                     hostname: pdsh -R exec gives each host's (%h)
      --no-compare   collect the hosts' files only, without the fleet table
  -o, --output DIR   the directory of the hosts' directories (default
                     fleet-DATE-TIME, and the Slurm job where there is one)
  -q, --quick        a smoke run: TOOL is given -q
  -V, --version      print the version and exit
  -w, --width N      fit the fleet table to N columns (ct-compare's -w; the
                     default: the terminal's, COLUMNS, or 120 to a pipe);
                     pdsh's own -w HOSTS goes after the word pdsh
      --wide         the fleet table without a width limit

Commands:
  srun      the nodes of the allocation it runs in (sbatch, salloc), or of a
            new one that SRUN-OPTIONs ask for (-N 16, -p PARTITION), whole
  pdsh      the hosts of PDSH-OPTIONs (-w HOSTS, -R ssh); with -R exec each
            name is a command here, and recorded as the host's name
  collect   split frames (what ct-fleet node writes) from FILEs or standard
            input into DIR
  node      what runs on each node: TOOL, each line of it framed with the
            node's name (its Slurm node, else its hostname), its status last

Exit status: 0 every host's run ended well and was compared, 1 a host
failed, was cut off or could not be compared (what came back is kept),
2 usage, 127 the engine is not installed, 128 + N stopped by signal N
(130 SIGINT, 143 SIGTERM, 129 SIGHUP).  See ct-fleet(1).
EOF
}

# out CMD...: CMD's standard output written, else "write error" and its
# cause and exit 1, as the C tools do (a closed pipe quietly).
out() {
	{ msg=$("$@" 2>&1 >&3 3>&-); } 3>&1 && return 0
	case $msg in
	'' | *'Broken pipe') ;;
	*) printf '%s: write error: %s\n' "$prog" "${msg##*: }" >&2 ;;
	esac
	exit 1
}

print_version() {
	cat <<EOF
$prog (coretype) $version
EOF
}

die() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 1
}

usage_error() {
	printf '%s: %s\n' "$prog" "$*" >&2
	printf "Try '%s --help' for more information.\n" "$prog" >&2
	exit 2
}

# Where this script is, absolute: the engines run it again on every node,
# which finds the tools beside it (an installed suite, or the build tree).
self=$0
# sbatch runs a copy of its script from the node's spool, which the other
# nodes lack: then the ct-fleet that PATH finds is the one they run.
if [ "$(basename -- "$self")" = slurm_script ] && [ -n "${SLURM_JOB_ID:-}" ]; then
	self=$(command -v ct-fleet) ||
		die "sbatch runs me from its spool ($0), which the other nodes have not: put ct-fleet on PATH, or submit 'sbatch --wrap \"ct-fleet srun\"'"
fi
case $self in
*/*) ;;
*) self=$(command -v -- "$self") || die "cannot find myself ($0) on PATH" ;;
esac
self_dir=$(cd "$(dirname "$self")" && pwd) || die "cannot find the directory of $self"
self=$self_dir/$(basename "$self")

# A coretype tool beside this script, else as PATH finds it.
tool_path() {
	case $1 in
	*/*) printf '%s\n' "$1" ;;
	*) if [ -x "$self_dir/$1" ]; then printf '%s\n' "$self_dir/$1"; else printf '%s\n' "$1"; fi ;;
	esac
}

# A node's name as a frame and a directory carry it.
good_name() {
	case $1 in
	'' | .* | *[!A-Za-z0-9._-]*) return 1 ;;
	esac
	[ ${#1} -le 100 ]
}

# --- ct-fleet node: the tool, its lines framed, its status last. ---

# A node's messages: under Slurm tagged with its name, else as they are.
messages() {
	if [ -n "$tag_name" ]; then
		sed "s/^/$tag_name: /"
	else
		cat
	fi
}

node() {
	name=
	while [ $# -gt 0 ]; do
		case $1 in
		--name) [ $# -ge 2 ] || usage_error "node: --name needs a NAME"
			name=$2
			shift 2 ;;
		--name=*) name=${1#--name=}
			shift ;;
		--) shift
			break ;;
		-*) usage_error "node: unknown option '$1'" ;;
		*) break ;;
		esac
	done
	[ $# -ge 1 ] || usage_error "node: give the TOOL to run"
	# srun labels a task's messages by its number, pdsh by its host: under
	# Slurm they are tagged with the node's name too.
	tag_name=
	if [ -n "$name" ]; then
		# A name given (pdsh -R exec's %h) is the host's: its records say it.
		CT_HOSTNAME=${CT_HOSTNAME-$name}
		export CT_HOSTNAME
	elif [ -n "${SLURMD_NODENAME:-}" ]; then
		name=$SLURMD_NODENAME
		tag_name=$name
	else
		name=$(uname -n)
	fi
	good_name "$name" || die "node: '$name' is no name for a host's directory (letters, digits, '.', '_', '-')"
	tool=$(tool_path "$1")
	shift
	exec 3>&1 4>&2
	# The tool's stdout folded on fd 3, its stderr tagged on fd 4, its
	# status out of the command substitution once both have ended; the
	# substitution's own status is the folding awk's.
	st=$( { { { "$tool" "$@" 3>&- 4>&- 7>&- 8>&-; echo $? >&7; } 2>&1 1>&8 |
		messages >&4; } 8>&1 |
		awk -v n="$name" -v w="$fold_bytes" '{
			print n ": " substr($0, 1, w)
			for (i = w + 1; i <= length($0); i += w)
				print n "+ " substr($0, i, w)
		}' >&3 2>/dev/null; } 7>&1 )
	folded=$?
	exec 3>&- 4>&-
	# The status frame written as --help is: a write error said with its
	# cause, exit 1 (the tool's status cannot reach the collector).
	out end_frame "$name" "${st:-1}"
	[ "$folded" = 0 ] || die "node: write error: the tool's lines were not all written"
	return "${st:-1}"
}

end_frame() {
	cat <<EOF
$1! $2
EOF
}

# --- The collector: frames in, a directory per host out. ---

# collect DIR: frames on standard input, each line "LABEL<TAB>FRAME" (the
# engine's label: srun's task, pdsh's host; empty for plain frames).
# Writes DIR/HOST/raw.txt per stream and, on standard output, a line per
# host: "DIRNAME STATUS" (STATUS: the tool's, or "cut" without an end).
collect() {
	dir=$1
	work=$dir/.ct-fleet.$$
	tab=$(printf '\t')
	mkdir -p "$work" || die "cannot make $work"
	# Each frame keyed by its stream (label and name), in the order it came.
	awk -F "$tab" -v bad="$work/bad" '
	{
		# The label up to the first tab; the frame is the rest, tabs and all.
		t = index($0, "\t")
		f = substr($0, t + 1)
		if (!match(f, /^[A-Za-z0-9._-]+[:+!] /) || RLENGTH > 103) {
			print NR ": " substr($0, 1, 120) > bad
			next
		}
		name = substr(f, 1, RLENGTH - 2)
		print substr($0, 1, t - 1) "/" name "\t" substr(f, RLENGTH - 1, 1) "\t" name "\t" \
		    substr(f, RLENGTH + 1)
	}' >"$work/keyed" || die "cannot write $work/keyed"
	if [ -s "$work/bad" ]; then
		printf '%s: %s lines that are no frame of ct-fleet node, left out; the first:\n' \
			"$prog" "$(wc -l <"$work/bad")" >&2
		head -n 3 "$work/bad" | sed "s/^/$prog:   line /" >&2
	fi
	sort -s -t "$tab" -k1,1 "$work/keyed" >"$work/sorted" || die "cannot sort the frames"
	# A directory per stream, never one that is there: HOST, else HOST-2...
	# (what DIR holds listed once, so that 10,000 hosts cost no fork each).
	cut -f1,3 "$work/sorted" | uniq >"$work/streams"
	(cd "$dir" && ls -a) >"$work/existing" || die "cannot list $dir"
	awk -F "$tab" '
	FNR == NR { used[$0] = 1; next }
	{
		d = $2
		for (i = 2; d in used; i++)
			d = $2 "-" i
		used[d] = 1
		print $1 "\t" d
	}' "$work/existing" "$work/streams" >"$work/map" || die "cannot write $work/map"
	# No stream (no host sent anything): no directory to make.
	if [ -s "$work/map" ]; then
		cut -f2 "$work/map" | (cd "$dir" && xargs mkdir) || die "cannot make the hosts' directories in $dir"
	fi
	awk -F "$tab" -v dir="$dir" '
	FNR == NR { to[$1] = $2; next }
	function done_stream() {
		if (key == "")
			return
		if (open)
			print line > file
		if (open && close(file) != 0)
			failed = 1
		print to[key] " " (status == "" ? "cut" : status)
	}
	{ text = substr($0, length($1) + length($2) + length($3) + 4) }
	$1 != key {
		done_stream()
		key = $1
		file = dir "/" to[key] "/raw.txt"
		printf "" > file
		open = 1
		line = ""
		started = 0
		status = ""
	}
	$2 == ":" {
		if (started)
			print line > file
		line = text
		started = 1
		next
	}
	$2 == "+" {
		line = line text
		next
	}
	$2 == "!" {
		if (started)
			print line > file
		started = 0
		line = ""
		status = text
		close(file)
		open = 0
	}
	END {
		if (open && started)
			print line > file
		if (open)
			close(file)
		if (key != "")
			print to[key] " " (status == "" ? "cut" : status)
		exit failed
	}' "$work/map" "$work/sorted" || die "cannot write the hosts' files in $dir"
	rm -rf "$work"
}

# --- DIR, and what a run leaves in it. ---

# The run's own files in DIR are named by its process id: the engine's
# stream and the hosts collect found (.ct-fleet-stream.PID, .hosts), the
# collector's work (.ct-fleet.PID) and the hosts to compare
# (.ct-fleet-good.PID).  cleanup, the EXIT trap, removes them on every way
# out, and DIR itself where this run made it and it is empty (no host
# sent anything): nothing of a run that failed or was stopped is left but
# the hosts' directories.
dir_ready=
made_dir=
engine_pid=
stopping=
cleanup() {
	if [ -n "$engine_pid" ]; then
		kill -TERM "$engine_pid" 2>/dev/null
	fi
	[ -n "$dir_ready" ] || return 0
	rm -rf "$outdir/.ct-fleet-stream.$$" "$outdir/.ct-fleet-stream.$$.hosts" \
		"$outdir/.ct-fleet.$$" "$outdir/.ct-fleet-good.$$" 2>/dev/null
	[ -z "$made_dir" ] || rmdir -- "$outdir" 2>/dev/null
	return 0
}

# A signal while the engine runs stops the engine (with SIGTERM: pdsh
# takes a first SIGINT for a question) and what came back is split into
# the hosts' directories as usual, without the table; a signal at any
# other time, or a second one, ends the run at once.  Either way the exit
# status is the shell's for the signal, 128 + its number.
on_signal() {
	sig_status=$2
	sig_said=$1
	if [ -n "$engine_pid" ] && [ -z "$stopping" ]; then
		stopping=1
		kill -TERM "$engine_pid" 2>/dev/null
		return
	fi
	printf '%s: %s\n' "$prog" "$sig_said" >&2
	exit "$sig_status"
}

# prepare_dir: DIR made where it is not, and a file made in it, else one
# message with the cause (a read-only or full filesystem, no permission).
prepare_dir() {
	if [ ! -d "$outdir" ]; then
		msg=$(mkdir -p -- "$outdir" 2>&1) || die "cannot make $outdir: ${msg##*: }"
		made_dir=1
	fi
	dir_ready=1
	msg=$( (: >"$outdir/.ct-fleet-stream.$$") 2>&1) || die "cannot write in $outdir: ${msg##*: }"
}

# --- The engines. ---

default_dir() {
	d=fleet-$(date +%Y%m%d-%H%M%S)
	[ -n "${SLURM_JOB_ID:-}" ] && d=$d-job$SLURM_JOB_ID
	printf '%s\n' "$d"
}

# report DIR ENGINE STATUS: each host's end from collect's lines (stdin),
# then the fleet table of those that ended well.  One awk reads them all
# (a shell loop that grows "$@" a host at a time is quadratic: 9 s for
# 10,000 hosts), and the hosts to compare are split into "$@" once.
report() {
	dir=$1 engine=$2 est=$3
	good=$dir/.ct-fleet-good.$$
	summary=$(awk -v prog="$prog" -v dir="$dir" -v good="$good" '
	$2 == "0" { print dir "/" $1 > good; ok++ }
	$2 == "cut" {
		printf "%s: %s: no end: its output was cut off (the node or the engine stopped); what came is in %s/raw.txt\n",
			prog, $1, dir "/" $1 > "/dev/stderr"
		failed++
	}
	$2 != "0" && $2 != "cut" {
		printf "%s: %s: the tool exited %s (its messages above); its output is in %s/raw.txt\n",
			prog, $1, $2, dir "/" $1 > "/dev/stderr"
		failed++
	}
	# The first 20 named; a large fleet is its count after them.
	NR <= 20 { names = names " " $1 }
	END {
		if (NR > 20)
			names = names " ..."
		close(good)
		print ok + 0, failed + 0, NR names
	}')
	set -f
	# shellcheck disable=SC2086
	set -- $summary
	set +f
	ok=$1 failed=$2 n=$3
	shift 3
	if [ "$n" -eq 0 ]; then
		[ -n "$stopping" ] && return 1
		[ "$engine" = collect ] && die "no frame of ct-fleet node in the input"
		die "$engine exited $est and no host sent anything back (its messages above)"
	fi
	printf '%s: %d host%s in %s: %s\n' "$prog" "$n" "$([ "$n" -eq 1 ] || echo s)" "$dir" "$*" >&2
	rc=0
	[ "$est" = 0 ] || [ -n "$stopping" ] || { printf '%s: %s exited %s\n' "$prog" "$engine" "$est" >&2; rc=1; }
	[ "$failed" = 0 ] || rc=1
	if [ "$ok" -gt 0 ] && [ "$compare" = 1 ] && [ -z "$stopping" ]; then
		nl='
'
		set -f
		oldifs=$IFS
		IFS=$nl
		# shellcheck disable=SC2046
		set -- $(cat "$good")
		IFS=$oldifs
		set +f
		# shellcheck disable=SC2086
		"$(tool_path ct-compare)" --fleet $width "$@" || rc=1
		printf '%s: the table as files, with its chart: ct-compare --fleet -o DIR %s/*\n' \
			"$prog" "$dir" >&2
	fi
	rm -f "$good"
	return $rc
}

# engine NAME LABEL-SED ARGS...: run the engine, its stdout into DIR, then
# collect and report.
engine() {
	ename=$1 label=$2
	shift 2
	command -v "$ename" >/dev/null 2>&1 || {
		printf '%s: %s: not found (%s)\n' "$prog" "$ename" \
			"$([ "$ename" = srun ] && echo "Slurm's client: Debian's slurm-client" || echo "Debian's pdsh")" >&2
		exit 127
	}
	prepare_dir
	stream=$outdir/.ct-fleet-stream.$$
	# In the background, so that a signal reaches on_signal at once (a
	# shell runs its traps only when a command in the foreground has
	# ended); its standard input /dev/null, as a background command's is
	# (the tools read none).  wait returns early when a signal comes: then
	# again, until the engine has ended.
	"$ename" "$@" </dev/null >"$stream" &
	engine_pid=$!
	while :; do
		wait "$engine_pid"
		est=$?
		kill -0 "$engine_pid" 2>/dev/null || break
	done
	engine_pid=
	sed "$label" "$stream" | collect "$outdir" >"$stream.hosts" || exit 1
	report "$outdir" "$ename" "$est" <"$stream.hosts"
	rc=$?
	if [ -n "$stopping" ]; then
		if [ -s "$stream.hosts" ]; then
			printf '%s: %s: %s stopped, what came back is in %s, not compared\n' \
				"$prog" "$sig_said" "$ename" "$outdir" >&2
		else
			printf '%s: %s: %s stopped before any host sent anything back\n' \
				"$prog" "$sig_said" "$ename" >&2
		fi
		exit "$sig_status"
	fi
	exit $rc
}

# --- The command line. ---

# columns N: a number of columns (ct-compare checks its range), else a usage error.
columns() {
	case $1 in
	'' | *[!0-9]*) usage_error "invalid --width '$1': a number of columns" ;;
	esac
}

outdir=
quick=
compare=1
width=
while [ $# -gt 0 ]; do
	case $1 in
	-h | --help) out usage; exit 0 ;;
	-w | --width) [ $# -ge 2 ] || usage_error "option '$1' needs N"
		columns "$2"; width="-w $2"; shift 2 ;;
	--width=*) columns "${1#--width=}"; width="-w ${1#--width=}"; shift ;;
	-w?*) columns "${1#-w}"; width="-w ${1#-w}"; shift ;;
	--wide) width=--wide; shift ;;
	--no-compare) compare=0; shift ;;
	-V | --version) out print_version; exit 0 ;;
	-q | --quick) quick=-q; shift ;;
	-o | --output) [ $# -ge 2 ] || usage_error "option '$1' needs a DIR"
		outdir=$2; shift 2 ;;
	--output=*) outdir=${1#--output=}; shift ;;
	-o?*) outdir=${1#-o}; shift ;;
	--) shift; break ;;
	-*) usage_error "unknown option '$1'" ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || usage_error "give a command: srun, pdsh, collect or node"
cmd=$1
shift
[ -n "$outdir" ] || outdir=$(default_dir)

case $cmd in
node)
	node "$@"
	exit $? ;;
collect | srun | pdsh) ;;
*) usage_error "unknown command '$cmd': srun, pdsh, collect or node" ;;
esac

trap cleanup EXIT
trap 'on_signal interrupted 130' INT
trap 'on_signal "interrupted by SIGTERM" 143' TERM
trap 'on_signal "interrupted by SIGHUP" 129' HUP

if [ "$cmd" = collect ]; then
	for f in "$@"; do
		[ -r "$f" ] || die "cannot read $f"
	done
	prepare_dir
	hosts=$outdir/.ct-fleet-stream.$$.hosts
	cat -- "$@" | sed "s/^/$(printf '\t')/" | collect "$outdir" >"$hosts" || exit 1
	report "$outdir" collect 0 <"$hosts"
	exit $?
fi

# "$@" rebuilt in place as the engine's options, then this script's node
# command, then the tool with -f json (ct-place -s by default: the main
# job, with its samples, as ct-place -o keeps them) and its arguments.
# With pdsh -R exec (or PDSH_RCMD_TYPE=exec), the host's name (%h) goes
# to the node as its name and hostname: the "hosts" are commands here.
exec_rcmd=0
[ "$cmd" = pdsh ] && [ "${PDSH_RCMD_TYPE:-}" = exec ] && exec_rcmd=1
n=$#
i=0
in_opts=1
tool_next=0
prev=
while [ "$i" -lt "$n" ]; do
	a=$1
	shift
	i=$((i + 1))
	if [ "$in_opts" = 1 ] && [ "$a" = -- ]; then
		in_opts=0
		tool_next=1
		set -- "$@" "$self" node
		[ "$exec_rcmd" = 1 ] && set -- "$@" --name %h
		set -- "$@" --
	elif [ "$in_opts" = 1 ]; then
		[ "$cmd" = pdsh ] && case "$prev $a" in "-R exec" | *" -Rexec") exec_rcmd=1 ;; esac
		prev=$a
		set -- "$@" "$a"
	elif [ "$tool_next" = 1 ]; then
		tool_next=0
		set -- "$@" "$a" -f json
		[ -n "$quick" ] && set -- "$@" -q
	else
		set -- "$@" "$a"
	fi
done
if [ "$in_opts" = 1 ]; then
	set -- "$@" "$self" node
	[ "$exec_rcmd" = 1 ] && set -- "$@" --name %h
	set -- "$@" --
	tool_next=1
fi
if [ "$tool_next" = 1 ]; then
	set -- "$@" ct-place -f json -s
	[ -n "$quick" ] && set -- "$@" -q
fi

tab=$(printf '\t')
case $cmd in
srun)
	# One task a node, labelled (srun then keeps each task's lines whole);
	# the nodes to the run alone: a new allocation exclusive, or every
	# node of the allocation it runs in, each step given the whole node.
	if [ -n "${SLURM_JOB_ID:-}" ]; then
		set -- --label --ntasks-per-node=1 --whole \
			--nodes="${SLURM_JOB_NUM_NODES:-${SLURM_NNODES:-1}}" "$@"
	else
		set -- --label --ntasks-per-node=1 --exclusive "$@"
	fi
	engine srun "s/^ *\\([0-9][0-9]*\\): /\\1$tab/" "$@" ;;
pdsh)
	engine pdsh "s/^\\([^ :]*\\): /\\1$tab/" -S "$@" ;;
esac
