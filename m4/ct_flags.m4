# CT_CHECK_CC_FLAG(FLAG, [ACTION-IF-ACCEPTED], [ACTION-IF-NOT])
# ------------------------------------------------------------
# Does the C compiler accept FLAG without a warning turned error?
AC_DEFUN([CT_CHECK_CC_FLAG], [
  AS_VAR_PUSHDEF([ct_var], [ct_cv_cc_flag_$1])
  AC_CACHE_CHECK([whether $CC accepts $1], [ct_var], [
    ct_save_CFLAGS=$CFLAGS
    CFLAGS="$CFLAGS -Werror $1"
    AC_LINK_IFELSE([AC_LANG_PROGRAM([], [])],
                   [AS_VAR_SET([ct_var], [yes])], [AS_VAR_SET([ct_var], [no])])
    CFLAGS=$ct_save_CFLAGS])
  AS_VAR_IF([ct_var], [yes], [$2], [$3])
  AS_VAR_POPDEF([ct_var])
])
