/*
 * core/common.h - exit statuses, the result sink and the error helpers every
 * coretype tool shares.
 */
#ifndef CT_CORE_COMMON_H
#define CT_CORE_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* Exit statuses, the same for every tool (see coretype(7)). */
enum {
	CT_EXIT_OK = 0,
	CT_EXIT_FAIL = 1,	/* runtime failure, failed verification */
	CT_EXIT_USAGE = 2,	/* bad option, argument or environment value */
	CT_EXIT_NOISA = 3,	/* the requested ISA cannot run on this cpu */
	CT_EXIT_NOTAPPLICABLE = 4 /* a placement or kind this machine lacks */
};

/*
 * CT_SINK(x): make the compiler believe the value is used, so the work
 * that produced it cannot be deleted, without emitting any instruction.
 */
#define CT_SINK(x)                                                        \
	do {                                                              \
		__typeof__(x) ct_sink_v_ = (x);                           \
		__asm__ __volatile__("" : : "g"(ct_sink_v_) : "memory");  \
	} while (0)

#define CT_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The name errors are reported under ("ct-clock"). */
const char *ct_progname(void);

/*
 * Print "prog: message" and "Try 'prog --help' ...", exit 2 (or the status
 * set with ct_set_usage_status(): 125 for a tool that runs a command).
 */
void ct_usage_error(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
void ct_set_usage_status(int status);
/* After getopt's own message: the "Try" line and the usage status. */
void ct_usage_try(void) __attribute__((noreturn));

/* Allocation that exits with a message instead of returning NULL. */
void *ct_xmalloc(size_t n);
void *ct_xcalloc(size_t n, size_t size);
void *ct_xrealloc(void *p, size_t n);
char *ct_xstrdup(const char *s);
/* *buf (NULL or from here) with fmt's text appended; *len its length. */
void ct_xappendf(char **buf, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Flush stdout and fail the tool on a write error (a full disk, a closed
 * file), but stay quiet on a closed pipe.  Registered with atexit() by
 * ct_init().
 */
void ct_close_stdout(void);

/*
 * The child process this one is waiting for (ct-place's re-run under
 * process-background), 0 for none: a signal that ends this process is
 * passed on to it first, so no measurement runs on orphaned.
 */
void ct_set_child(long pid);
/*
 * A signal ends this process without saying so: for a re-run whose
 * parent, signalled too, says it.
 */
void ct_signals_quiet(void);
/*
 * What a signal that ends this process runs first (async-signal-safe):
 * outfile.c's removal of the files and directories of a write in
 * progress, registered by it before it makes any, so that this lowest
 * file of the library calls up to none.
 */
void ct_set_signal_cleanup(void (*fn)(void));

/*
 * Per-tool start-up: stdout checked at exit, and argv[0] shortened to the
 * program's name so getopt's own messages read "ct-clock: ...".
 */
void ct_init(char **argv);

#endif
