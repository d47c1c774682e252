#!/bin/sh
# The neon stream kernel's inner loop as compiled; skips when neon is not built.
ISA=neon
. "${top_srcdir:-..}/tests/asm-stream.sh"
