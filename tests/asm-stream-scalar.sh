#!/bin/sh
# The scalar stream kernel's inner loop as compiled (always built).
ISA=scalar
. "${top_srcdir:-..}/tests/asm-stream.sh"
