#!/bin/sh
# The avx512 stream kernel's inner loop as compiled; skips when avx512 is not built.
ISA=avx512
. "${top_srcdir:-..}/tests/asm-stream.sh"
