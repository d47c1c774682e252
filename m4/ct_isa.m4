# Kernel ISAs. An ISA is enabled only when the compiler, with that ISA's
# flags, compiles and links a program that uses the very intrinsics the
# kernel uses; its flags are substituted for that kernel library alone
# (the rest of coretype is built for the baseline CPU).

# CT_CHECK_ISA(NAME, FLAGS, INCLUDES, BODY)
# -----------------------------------------
# Sets CT_<NAME>_CFLAGS, the AM_CONDITIONAL CT_HAVE_<NAME>, the config.h
# macro CT_HAVE_<NAME> and the shell variable ct_have_<name>.
AC_DEFUN([CT_CHECK_ISA], [
  AC_ARG_ENABLE(m4_tolower([$1]),
    [AS_HELP_STRING([--disable-]m4_tolower([$1]), [do not build the ]m4_tolower([$1])[ kernels])],
    [], [AS_TR_SH([enable_]m4_tolower([$1]))=auto])
  AC_CACHE_CHECK([whether $CC builds $1 intrinsics with $2], [ct_cv_isa_]m4_tolower([$1]), [
    ct_save_CFLAGS=$CFLAGS
    CFLAGS="$CFLAGS $2"
    AC_LINK_IFELSE([AC_LANG_PROGRAM([$3], [$4])],
                   [ct_cv_isa_]m4_tolower([$1])[=yes], [ct_cv_isa_]m4_tolower([$1])[=no])
    CFLAGS=$ct_save_CFLAGS])
  ct_have_[]m4_tolower([$1])=
  AS_IF([test "x$ct_cv_isa_]m4_tolower([$1])[" = xyes && test "x$enable_]m4_tolower([$1])[" != xno],
        [ct_have_[]m4_tolower([$1])=yes
         AC_DEFINE([CT_HAVE_$1], [1], [Define if the $1 kernels are built.])
         AC_SUBST([CT_$1_CFLAGS], ["$2"])],
        [AS_IF([test "x$enable_]m4_tolower([$1])[" = xyes],
               [AC_MSG_ERROR([--enable-]m4_tolower([$1])[ given but $CC cannot build $1 intrinsics])])])
  AM_CONDITIONAL([CT_HAVE_$1], [test "x$ct_have_]m4_tolower([$1])[" = xyes])
])

AC_DEFUN([CT_CHECK_ISA_AVX2], [
  CT_CHECK_ISA([AVX2], [-mavx2 -mfma], [[#include <immintrin.h>
volatile float ct_in[8];]], [[
  __m256 a = _mm256_loadu_ps((const float *)ct_in);
  __m256 acc = _mm256_setzero_ps();
  __m256i w = _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)ct_in));
  acc = _mm256_fmadd_ps(a, a, acc);
  w = _mm256_add_epi64(w, w);
  return (int)_mm256_cvtss_f32(acc) + _mm256_extract_epi32(w, 0);]])
])

AC_DEFUN([CT_CHECK_ISA_AVX512], [
  CT_CHECK_ISA([AVX512], [-mavx512f], [[#include <immintrin.h>
volatile float ct_in[16];]], [[
  __m512 a = _mm512_loadu_ps((const float *)ct_in);
  __m512 acc = _mm512_setzero_ps();
  __m512i w = _mm512_cvtepu32_epi64(_mm256_loadu_si256((const __m256i *)ct_in));
  acc = _mm512_fmadd_ps(a, a, acc);
  w = _mm512_add_epi64(w, w);
  return (int)_mm512_reduce_add_ps(acc) + (int)_mm512_reduce_add_epi64(w);]])
])

AC_DEFUN([CT_CHECK_ISA_NEON], [
  CT_CHECK_ISA([NEON], [], [[#include <arm_neon.h>
volatile float ct_in[4];]], [[
  float32x4_t a = vld1q_f32((const float *)ct_in);
  float32x4_t acc = vdupq_n_f32(0.0f);
  uint64x2_t w = vaddw_u32(vdupq_n_u64(0), vget_low_u32(vreinterpretq_u32_f32(a)));
  w = vaddw_high_u32(w, vreinterpretq_u32_f32(a));
  acc = vfmaq_f32(acc, a, a);
  return (int)vgetq_lane_f32(acc, 0) + (int)vgetq_lane_u64(w, 0);]])
])
