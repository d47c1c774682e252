/*
 * core/common.c - error reporting, allocation and the stdout check at exit.
 */
#include "config.h"

#include <errno.h>
#include <err.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/common.h"

const char *ct_progname(void)
{
#if defined(__APPLE__)
	return getprogname();
#else
	extern char *program_invocation_short_name;
	return program_invocation_short_name;
#endif
}

static int usage_status = CT_EXIT_USAGE;

void ct_set_usage_status(int status)
{
	usage_status = status;
}

void ct_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarnx(fmt, ap);
	va_end(ap);
	ct_usage_try();
}

void ct_usage_try(void)
{
	fprintf(stderr, "Try '%s --help' for more information.\n", ct_progname());
	exit(usage_status);
}

void *ct_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		err(CT_EXIT_FAIL, "cannot allocate %zu bytes", n);
	return p;
}

void *ct_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		err(CT_EXIT_FAIL, "cannot allocate %zu x %zu bytes", n, size);
	return p;
}

void *ct_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		err(CT_EXIT_FAIL, "cannot allocate %zu bytes", n);
	return q;
}

char *ct_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(ct_xmalloc(n), s, n);
}

/*
 * Like util-linux's close_stdout(): a result that could not be written
 * must not look like a success.  A closed pipe (EPIPE, with SIGPIPE
 * ignored) is the reader's choice and stays quiet.
 */
void ct_close_stdout(void)
{
	int failed = ferror(stdout) != 0;
	int e = errno;

	if (fflush(stdout) != 0) {
		failed = 1;
		e = errno;
	}
	if (fclose(stdout) != 0 && !failed) {
		failed = 1;
		e = errno;
	}
	if (failed) {
		if (e == EPIPE)
			_exit(CT_EXIT_FAIL);
		if (e)
			warnx("write error: %s", strerror(e));
		else
			warnx("write error");
		_exit(CT_EXIT_FAIL);
	}
	if (fclose(stderr) != 0)
		_exit(CT_EXIT_FAIL);
}

/*
 * SIGINT, SIGTERM and SIGHUP end a run at once with the shell's status
 * (130, 143, 129) and say so ("ct-place: interrupted"): the results are
 * printed only at the end, so nothing half-made reaches stdout, and a
 * result file being written is removed, with the directories the run
 * made for it.
 */
static volatile sig_atomic_t child_pid;

void ct_set_child(long pid)
{
	child_pid = (sig_atomic_t)pid;
}

static volatile sig_atomic_t signals_quiet, stderr_tty;
static void (*volatile signal_cleanup)(void);

void ct_set_signal_cleanup(void (*fn)(void))
{
	signal_cleanup = fn;
}

void ct_signals_quiet(void)
{
	signals_quiet = 1;
}

/* s to standard error with write(2), as a signal handler may. */
static void say(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	if (write(2, s, n) < 0)
		return;
}

static void on_signal(int sig)
{
	if (child_pid > 0)
		kill((pid_t)child_pid, sig);	/* async-signal-safe */
	if (signal_cleanup)
		signal_cleanup();
	if (!signals_quiet) {
		/* Over a progress line (progress.c), not after it. */
		if (stderr_tty)
			say("\r\033[K");
		say(ct_progname());
		say(sig == SIGINT ? ": interrupted\n" : sig == SIGTERM ?
		    ": interrupted by SIGTERM\n" : ": interrupted by SIGHUP\n");
	}
	_exit(128 + sig);
}

void ct_init(char **argv)
{
	struct sigaction sa;

	stderr_tty = isatty(2);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	/* No setlocale(): numbers are written in the C locale on purpose. */
	atexit(ct_close_stdout);
	if (argv && argv[0])
		argv[0] = (char *)ct_progname();
}

void ct_xappendf(char **buf, size_t *len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		errx(CT_EXIT_FAIL, "vsnprintf failed");
	*buf = ct_xrealloc(*buf, *len + (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(*buf + *len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	*len += (size_t)n;
}
