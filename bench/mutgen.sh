#!/bin/sh
# bench/mutgen.sh - mutants generated on the lines a change touched, each
# run against the tests of its area (bench/mutgen.py says how; this only
# finds python3 and runs it).
#
# Usage: bench/mutgen.sh [--base REV] [--sample N] [--seed S] [--list]
#                        [-j N] [-d DIR] [-t SECS] [--budget SECS]
# e.g.   bench/mutgen.sh --base HEAD~5 --sample 20 --seed 1 -j2
# Prints one line per mutant (its id, file:line, the change, its area and
# what became of it: killed by a test, SURVIVED, does not build,
# equivalent), the figure per area and over all, "N killed of M
# non-equivalent (P %)", then each survivor with its diff.  Survivors
# are for the author to judge: a missing test, or a line in
# bench/mutgen-equivalent.txt saying why no test can tell.
# Exit status: 0 when every drawn mutant was run (survivors or not), 2 on
# a usage error or when the generator or bench/mutants.sh failed.
set -eu
command -v python3 >/dev/null 2>&1 || {
	echo "bench/mutgen.sh: python3 is needed (Debian: apt-get install python3)" >&2
	exit 2
}
exec python3 "$(dirname "$0")/mutgen.py" "$@"
