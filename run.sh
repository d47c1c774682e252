#!/bin/sh
# run.sh - the front door.
#
#   ./run.sh          build, then run the main job: ct-place's comparison of
#                     every placement, its raw.txt, summary.md and
#                     summary.svg kept in results/HOST-TIME/ (a directory
#                     per run: ct-compare results/* compares them)
#   ./run.sh check    build, then run the test suite (make check)
#   QUICK=1 ./run.sh  the smoke run; its files go to a fresh temporary
#                     directory and results/ is left alone
#
# Bootstraps the build on a machine that has only a C compiler and make:
# runs autoreconf when configure is missing, installing autoconf, automake
# and libtool with the system's package manager when it may (as root), or
# saying exactly what to install.
set -eu
cd "$(dirname "$0")"
say() { printf 'run.sh: %s\n' "$*" >&2; }

need_tools() {
	missing=""
	for t in autoconf automake libtoolize autoreconf; do
		command -v "$t" >/dev/null 2>&1 || missing="$missing $t"
	done
	[ -z "$missing" ] && return 0
	pkgs="autoconf automake libtool"
	if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
		say "installing $pkgs (missing:$missing)"
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q $pkgs >&2 ||
			{ apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $pkgs >&2; }
	elif [ "$(id -u)" -eq 0 ] && command -v dnf >/dev/null 2>&1; then
		dnf install -y $pkgs >&2
	elif command -v brew >/dev/null 2>&1; then
		brew install $pkgs >&2
	else
		say "configure is missing and so are:$missing"
		say "install autoconf, automake and libtool (e.g. 'sudo apt-get install $pkgs'), then run ./run.sh again"
		exit 1
	fi
}

build() {
	if [ ! -x configure ]; then
		need_tools
		say "autoreconf -fi"
		autoreconf -fi >&2
	fi
	if [ ! -f Makefile ]; then
		say "./configure"
		./configure >&2
	fi
	make -j"$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)" >&2
}

case "${1:-run}" in
check)
	build
	make -j"$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)" check
	;;
run)
	build
	q=${QUICK:-}
	if [ -n "$q" ] && [ "$q" != 0 ]; then
		out=$(mktemp -d "${TMPDIR:-/tmp}/coretype.XXXXXX")
	else
		host=$(uname -n 2>/dev/null | sed 's/[^A-Za-z0-9._-]/_/g')
		out=results/${host:-host}-$(date -u +%Y%m%dT%H%M%SZ)
		mkdir -p "$out"
	fi
	./ct-place -o "$out"
	say "records, tables and chart written to $out/raw.txt, $out/summary.md and $out/summary.svg"
	;;
*)
	say "usage: ./run.sh [check]"
	exit 2
	;;
esac
