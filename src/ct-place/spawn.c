/*
 * ct-place/spawn.c - a command forked and held at a gate until its observer is
 * ready, then executed directly (no shell).
 *
 * The observer attaches its counters to the child's pid between the fork
 * and the exec, so nothing CMD does is missed: the child blocks reading
 * the gate pipe until the parent writes one byte.  Placing it (the
 * affinity clamp) and executing it happen in the child after the gate;
 * a failure there is written to a close-on-exec status pipe as a stage
 * and an errno, so the parent reads either that or, once the exec
 * succeeded, end of file.  Just before its exec the child writes its own
 * CPU time too (STAGE_AT_EXEC): ct-place's setup, the fork's return and
 * the gate, which no other reading gives exactly (the scheduler brings
 * another process's CPU time up to date only when it stops running, so
 * a child still on its first slice read 0 there, 2 runs in 176 here).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/common.h"
#include "core/cpuset.h"
#include "ct-place/observe.h"
#include "platform/place.h"
#include "platform/os.h"

/*
 * What the child reports over the status pipe: a failure (its stage and
 * errno), or STAGE_AT_EXEC and its CPU time, ns, just before the exec.
 */
enum { STAGE_CLAMP = 1, STAGE_EXEC, STAGE_BACKGROUND, STAGE_AT_EXEC };

struct failure {
	int stage;
	int err;
	uint64_t cpu_ns;
};

static const int fwd_signals[4] = { SIGINT, SIGQUIT, SIGTERM, SIGHUP };
static volatile sig_atomic_t fwd_pid, caught;
/* ct_spawn_interrupt_begin(): SIGINT stops a bench, it is not ignored. */
static int interrupt_on;
static struct sigaction interrupt_old[3];
static const int interrupt_signals[3] = { SIGINT, SIGTERM, SIGHUP };

static void forward(int sig)
{
	if (!caught)
		caught = sig;
	if (fwd_pid > 0)
		kill((pid_t)fwd_pid, sig);	/* async-signal-safe */
}

static void note(int sig)
{
	if (!caught)
		caught = sig;
}

void ct_spawn_interrupt_begin(void)
{
	struct sigaction sa;
	int i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = note;		/* no SA_RESTART: a wait returns EINTR */
	caught = 0;
	interrupt_on = 1;
	for (i = 0; i < 3; i++)
		sigaction(interrupt_signals[i], &sa, &interrupt_old[i]);
}

int ct_spawn_interrupted(void)
{
	return (int)caught;
}

void ct_spawn_interrupt_end(void)
{
	int i;

	if (!interrupt_on)
		return;
	for (i = 0; i < 3; i++)
		sigaction(interrupt_signals[i], &interrupt_old[i], NULL);
	interrupt_on = 0;
}

static int cloexec_pipe(int fd[2])
{
	if (pipe(fd) < 0)
		return -1;
	fcntl(fd[0], F_SETFD, FD_CLOEXEC);
	fcntl(fd[1], F_SETFD, FD_CLOEXEC);
	return 0;
}

static void child_report(int fd, int stage, int err)
{
	struct failure f;
	ssize_t n;

	f.stage = stage;
	f.err = err;
	f.cpu_ns = stage == STAGE_AT_EXEC ? ct_thread_cpu_ns() : 0;
	do
		n = write(fd, &f, sizeof(f));
	while (n < 0 && errno == EINTR);
}

/* In the child: wait at the gate, place, execute.  Never returns. */
static void child(int gate, int status, const sigset_t *mask, char *const argv[],
		  const struct ct_cpuset *clamp, int background)
{
	char c;
	ssize_t n;
	int e;

	sigprocmask(SIG_SETMASK, mask, NULL);
	do
		n = read(gate, &c, 1);
	while (n < 0 && errno == EINTR);
	if (n != 1)
		_exit(125);		/* the observer gave up before the gate */
	close(gate);
	if (clamp && ct_place_clamp_process(clamp) < 0) {
		child_report(status, STAGE_CLAMP, errno);
		_exit(125);
	}
	child_report(status, STAGE_AT_EXEC, 0);
	if (background) {
		ct_place_exec_background(argv);
		e = errno;
		child_report(status, STAGE_BACKGROUND, e);
		_exit(e == ENOENT ? 127 : 125);
	}
	execvp(argv[0], argv);
	e = errno;
	child_report(status, STAGE_EXEC, e);
	_exit(e == ENOENT || e == ENOTDIR ? 127 : 126);
}

int ct_spawn_held(struct ct_spawn *s, char *const argv[], const struct ct_cpuset *clamp,
		  int background, char *why, size_t len)
{
	int gate[2], status[2];
	sigset_t chld;

	memset(s, 0, sizeof(*s));
	s->pid = -1;
	s->gate = s->status = -1;
	if (cloexec_pipe(gate) < 0 || cloexec_pipe(status) < 0) {
		snprintf(why, len, "cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &s->oldmask);
	fflush(NULL);
	s->pid = fork();
	if (s->pid < 0) {
		snprintf(why, len, "cannot fork: %s", strerror(errno));
		sigprocmask(SIG_SETMASK, &s->oldmask, NULL);
		close(gate[0]);
		close(gate[1]);
		close(status[0]);
		close(status[1]);
		return -1;
	}
	if (s->pid == 0) {
		close(gate[1]);
		close(status[0]);
		child(gate[0], status[1], &s->oldmask, argv, clamp, background);
	}
	close(gate[0]);
	close(status[1]);
	s->gate = gate[1];
	s->status = status[0];
	return 0;
}

static void reap(pid_t pid)
{
	int st;

	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
}

void ct_spawn_abort(struct ct_spawn *s)
{
	if (s->pid > 0) {
		/* Closing the gate unblocks the child, which exits 125. */
		if (s->gate >= 0)
			close(s->gate);
		s->gate = -1;
		reap(s->pid);
		s->pid = -1;
	}
	if (s->status >= 0)
		close(s->status);
	s->status = -1;
	ct_spawn_end(s);
}

int ct_spawn_release(struct ct_spawn *s, char *const argv[], int *fail, char *why,
		     size_t len)
{
	struct sigaction sa;
	struct failure f;
	ssize_t n;
	size_t got = 0;
	int i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	fwd_pid = (sig_atomic_t)s->pid;
	for (i = 0; i < 4; i++) {
		/* No SA_RESTART: a wait returns EINTR and looks again. */
		sa.sa_handler = fwd_signals[i] == SIGQUIT ||
				(fwd_signals[i] == SIGINT && !interrupt_on) ? SIG_IGN : forward;
		sigaction(fwd_signals[i], &sa, &s->old[i]);
	}
	s->signals_set = 1;
	do
		n = write(s->gate, "g", 1);
	while (n < 0 && errno == EINTR);
	close(s->gate);
	s->gate = -1;
	s->exec_cpu_known = 0;
	s->exec_cpu_ns = 0;
	for (;;) {
		got = 0;
		while (got < sizeof(f)) {
			n = read(s->status, (char *)&f + got, sizeof(f) - got);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0)
				break;
			got += (size_t)n;
		}
		if (got < sizeof(f) || f.stage != STAGE_AT_EXEC)
			break;
		s->exec_cpu_ns = f.cpu_ns;
		s->exec_cpu_known = 1;
	}
	close(s->status);
	s->status = -1;
	if (got == 0) {
		/* End of file: CMD executed; a bench stopped before it stops it. */
		if (interrupt_on && caught)
			kill(s->pid, (int)caught);
		return 0;
	}
	reap(s->pid);
	s->pid = -1;
	if (got < sizeof(f)) {
		snprintf(why, len, "cannot run '%s': its start was cut short", argv[0]);
		*fail = 125;
		return -1;
	}
	switch (f.stage) {
	case STAGE_CLAMP:
		snprintf(why, len, "cannot limit the affinity of '%s': %s", argv[0],
			 strerror(f.err));
		*fail = 125;
		break;
	case STAGE_BACKGROUND:
		snprintf(why, len, "cannot run '%s' under taskpolicy: %s", argv[0],
			 strerror(f.err));
		*fail = f.err == ENOENT ? 127 : 125;
		break;
	default:
		snprintf(why, len, "cannot run '%s': %s", argv[0], strerror(f.err));
		*fail = f.err == ENOENT || f.err == ENOTDIR ? 127 : 126;
		break;
	}
	return -1;
}

void ct_spawn_end(struct ct_spawn *s)
{
	int i;

	if (s->signals_set)
		for (i = 0; i < 4; i++)
			sigaction(fwd_signals[i], &s->old[i], NULL);
	s->signals_set = 0;
	fwd_pid = 0;
	sigprocmask(SIG_SETMASK, &s->oldmask, NULL);
}

int ct_observe_exit_code(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 125;
}
