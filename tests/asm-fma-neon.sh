#!/bin/sh
# The neon FMA kernel's inner loop as compiled; skips when neon is not built.
ISA=neon
. "${top_srcdir:-..}/tests/asm-fma.sh"
