#!/bin/sh
# The scalar FMA kernel's inner loop as compiled; skips when scalar is not built.
ISA=scalar
. "${top_srcdir:-..}/tests/asm-fma.sh"
