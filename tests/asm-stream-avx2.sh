#!/bin/sh
# The avx2 stream kernel's inner loop as compiled; skips when avx2 is not built.
ISA=avx2
. "${top_srcdir:-..}/tests/asm-stream.sh"
