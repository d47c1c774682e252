# CT_CHECK_FUZZ
# -------------
# make fuzz builds libFuzzer harnesses with a compiler that links
# -fsanitize=fuzzer,address,undefined (clang with its compiler-rt runtimes).
# That compiler need not be $CC: a gcc build can still build the fuzzers
# with clang.  FUZZ_CC names it; by default the first clang found.  Sets
# the AM_CONDITIONAL CT_FUZZ and substitutes FUZZ_CC, FUZZ_CFLAGS.
AC_DEFUN([CT_CHECK_FUZZ], [
  AC_ARG_VAR([FUZZ_CC], [C compiler for the libFuzzer harnesses of make fuzz (default: clang)])
  AC_ARG_VAR([FUZZ_CFLAGS], [flags for FUZZ_CC (default: -g -O1)])
  AS_IF([test -z "$FUZZ_CC"],
        [AC_CHECK_PROGS([FUZZ_CC], [clang clang-19 clang-18 clang-17 clang-16 clang-15 clang-14])])
  : "${FUZZ_CFLAGS=-g -O1}"
  ct_have_fuzz=no
  AS_IF([test -n "$FUZZ_CC"], [
    AC_MSG_CHECKING([whether $FUZZ_CC links -fsanitize=fuzzer,address,undefined])
    cat >conftest-fuzz.c <<'_CT_EOF'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return size > 0 && *data == 'x';
}
_CT_EOF
    AS_IF([$FUZZ_CC $FUZZ_CFLAGS -fsanitize=fuzzer,address,undefined \
             -o conftest-fuzz$EXEEXT conftest-fuzz.c >&AS_MESSAGE_LOG_FD 2>&1 &&
           test -x conftest-fuzz$EXEEXT],
          [ct_have_fuzz=yes])
    rm -f conftest-fuzz.c conftest-fuzz$EXEEXT
    AC_MSG_RESULT([$ct_have_fuzz])])
  AM_CONDITIONAL([CT_FUZZ], [test $ct_have_fuzz = yes])
])
