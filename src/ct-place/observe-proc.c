/*
 * ct-place/observe-proc.c - what Linux's /proc tells of a command's tree:
 * a thread's schedstat, a child waited for, and the sampler (the
 * fallback's whole count, and beside perf the run-queue waits alone:
 * observe-linux.c says when it runs and what it misses): the tree walked
 * through /proc/PID/task/TID/children, each thread's stat and schedstat
 * read at ct_observe_interval()'s pace.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/common.h"
#include "core/parse.h"
#include "ct-place/observe-proc.h"
#include "platform/os.h"

/* Wait for pid, retrying on signals (SIGTERM passed on). */
int ct_proc_wait_child(pid_t pid, int *status)
{
	pid_t w;

	do
		w = waitpid(pid, status, 0);
	while (w < 0 && errno == EINTR);
	return w == pid ? 0 : -1;
}

/*
 * A thread's /proc/PID/task/TID/schedstat (or a process's first thread's,
 * tid 0: /proc/PID/schedstat): its run time and its run-queue wait
 * (run_delay), ns.  0, or -1 where it cannot be read (no CONFIG_SCHED_INFO).
 */
int ct_proc_schedstat(pid_t pid, pid_t tid, uint64_t *run, uint64_t *delay)
{
	char path[64], buf[128], *end;
	ssize_t n;
	int fd;

	if (tid)
		snprintf(path, sizeof(path), "/proc/%d/task/%d/schedstat", (int)pid, (int)tid);
	else
		snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	*run = strtoull(buf, &end, 10);
	if (end == buf)
		return -1;
	*delay = strtoull(end, &end, 10);
	return 0;
}

struct ct_sampler_thr {
	pid_t tid;			/* 0: an empty slot */
	struct ct_observe_thread s;	/* its start (stat field 22), run time, cpu */
	uint64_t delay;			/* its run-queue wait at the last reading */
};

static struct ct_sampler_thr *lookup(struct ct_sampler *s, pid_t tid)
{
	size_t i;

	if (s->used * 2 >= s->cap) {
		struct ct_sampler_thr *old = s->t;
		size_t oldcap = s->cap, j;

		s->cap = s->cap ? s->cap * 2 : 1024;
		s->t = ct_xcalloc(s->cap, sizeof(*s->t));
		s->used = 0;
		for (j = 0; j < oldcap; j++)
			if (old[j].tid) {
				for (i = (size_t)old[j].tid & (s->cap - 1); s->t[i].tid;
				     i = (i + 1) & (s->cap - 1))
					;
				s->t[i] = old[j];
				s->used++;
			}
		free(old);
	}
	for (i = (size_t)tid & (s->cap - 1); s->t[i].tid; i = (i + 1) & (s->cap - 1))
		if (s->t[i].tid == tid)
			return &s->t[i];
	s->t[i].tid = tid;
	ct_observe_thread_init(&s->t[i].s);	/* new: no start time yet */
	s->used++;
	return &s->t[i];
}

/* Read a small /proc file whole; its length, or -1. */
static ssize_t slurp(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	return n;
}

/* stat fields 14, 15 (utime, stime), 22 (starttime), 39 (processor). */
static int read_stat(pid_t pid, pid_t tid, unsigned long long *ticks, unsigned long long *start,
		     int *cpu)
{
	char path[64], buf[1024], *p, *tok, *save = NULL;
	unsigned long long ut = 0, st = 0;
	int field = 2;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)pid, (int)tid);
	if (slurp(path, buf, sizeof(buf)) <= 0)
		return -1;
	/* The name (field 2) may hold spaces and parentheses: skip to the last ')'. */
	p = strrchr(buf, ')');
	if (!p)
		return -1;
	*cpu = -1;
	for (tok = strtok_r(p + 1, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		field++;
		if (field == 14)
			ut = strtoull(tok, NULL, 10);
		else if (field == 15)
			st = strtoull(tok, NULL, 10);
		else if (field == 22)
			*start = strtoull(tok, NULL, 10);
		else if (field == 39) {
			*cpu = atoi(tok);
			break;
		}
	}
	if (field < 39)
		return -1;
	*ticks = ut + st;
	return 0;
}

static void sample_thread(struct ct_sampler *s, pid_t pid, pid_t tid)
{
	unsigned long long ticks, start = 0;
	uint64_t run, delay;
	struct ct_sampler_thr *t;
	int cpu;

	if (read_stat(pid, tid, &ticks, &start, &cpu) < 0)
		return;			/* gone since the listing */
	t = lookup(s, tid);
	if (ct_proc_schedstat(pid, tid, &run, &delay) == 0) {
		/* A reused tid (a later start) is a new thread: its wait from 0. */
		if (t->s.start != start)
			t->delay = 0;
		if (delay > t->delay)
			s->delay_ns += delay - t->delay;
		t->delay = delay;
		s->delay_read = 1;
	} else {
		run = ticks * (1000000000ULL / (unsigned long long)s->hz);
	}
	if (s->delay_only) {
		t->s.start = start;
		return;
	}
	ct_observe_account(s->r, s->o->kind_of, s->o->ncpu, &t->s, start, run, cpu,
			   &s->lost_ns);
}

static void push(pid_t **v, size_t *cap, size_t *len, pid_t x)
{
	if (*len == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*v = ct_xrealloc(*v, *cap * sizeof(**v));
	}
	(*v)[(*len)++] = x;
}

/* The children of one thread; -1 when the file is not there. */
static int children_of(struct ct_sampler *s, pid_t pid, pid_t tid, int mine)
{
	char path[64];
	FILE *f;
	int c;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/children", (int)pid, (int)tid);
	f = fopen(path, "re");
	if (!f)
		return -1;
	while (fscanf(f, "%d", &c) == 1) {
		push(&s->queue, &s->qcap, &s->qlen, (pid_t)c);
		if (mine)
			push(&s->mine, &s->mcap, &s->mlen, (pid_t)c);
	}
	fclose(f);
	return 0;
}

/* One pass over the tree: every thread of every descendant of this process. */
static void walk(struct ct_sampler *s, pid_t cmd)
{
	size_t q;

	s->qlen = s->mlen = 0;
	if (s->no_children || children_of(s, getpid(), getpid(), 1) < 0) {
		s->no_children = 1;
		push(&s->queue, &s->qcap, &s->qlen, cmd);
	}
	for (q = 0; q < s->qlen; q++) {
		pid_t pid = s->queue[q];
		char path[64];
		struct dirent *d;
		DIR *dir;

		snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
		dir = opendir(path);
		if (!dir)
			continue;
		while ((d = readdir(dir)) != NULL) {
			pid_t tid = (pid_t)atoi(d->d_name);

			if (tid <= 0)
				continue;
			sample_thread(s, pid, tid);
			if (!s->no_children)
				children_of(s, pid, tid, 0);
		}
		closedir(dir);
	}
	s->passes++;
}

static uint64_t process_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Sample until CMD ends, then reap it.  The times between passes, from
 * CMD's start, are kept: a thread's last interval, which goes unseen,
 * is at most the longest of them.
 */
int ct_sampler_run(struct ct_sampler *s, pid_t cmd, int *status)
{
	uint64_t iv = CT_OBSERVE_FLOOR_NS, start = ct_now_ns(), next = start + iv;
	uint64_t last = process_cpu_ns();
	sigset_t chld;
	int done = 0;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	s->gap_min = UINT64_MAX;
	while (!done) {
		uint64_t now = ct_now_ns(), cost;
		siginfo_t si;
		size_t i;

		if (now < next) {
			struct timespec ts;

			ts.tv_sec = (time_t)((next - now) / 1000000000u);
			ts.tv_nsec = (long)((next - now) % 1000000000u);
			sigtimedwait(&chld, NULL, &ts);
		}
		memset(&si, 0, sizeof(si));
		if (waitid(P_PID, (id_t)cmd, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
		    si.si_pid == cmd)
			done = 1;	/* a zombie: one last pass reads its final time */
		else if (ct_now_ns() < next)
			continue;	/* another child ended: not time yet */
		now = ct_now_ns();
		s->gap_min = now - start < s->gap_min ? now - start : s->gap_min;
		s->gap_max = now - start > s->gap_max ? now - start : s->gap_max;
		start = now;
		walk(s, cmd);
		/* Orphans adopted by this subreaper that ended: sampled, now reaped. */
		for (i = 0; i < s->mlen; i++)
			if (s->mine[i] != cmd)
				waitpid(s->mine[i], NULL, WNOHANG);
		/*
		 * The observer's CPU time since the last pass: this walk, the
		 * wake-ups and waits in between; the pace follows the least of
		 * the last few (ct_observe_interval).
		 */
		now = process_cpu_ns();
		cost = now - last;
		last = now;
		iv = ct_observe_interval(s->cost, cost);
		next = ct_now_ns() + iv;
	}
	return ct_proc_wait_child(cmd, status);
}

void ct_sampler_finish(struct ct_sampler *s, const char *why_not_perf)
{
	char iv[64], how[400];
	int k;

	if (s->gap_max - s->gap_min < 1000000)
		snprintf(iv, sizeof(iv), "%.0f ms", (double)s->gap_max / 1e6);
	else
		snprintf(iv, sizeof(iv), "%.0f-%.0f ms", (double)s->gap_min / 1e6,
			 (double)s->gap_max / 1e6);
	snprintf(how, sizeof(how), "sampled /proc every %s (%llu passes; %s)", iv,
		 (unsigned long long)s->passes, why_not_perf);
	for (k = 0; k < CT_KIND_COUNT; k++) {
		struct ct_observe_kind *x = &s->r->kind[k];

		if (!x->present)
			continue;
		x->cpus_known = 1;
		snprintf(x->source, sizeof(x->source), "%s", how);
	}
	snprintf(s->r->method, sizeof(s->r->method), "sampled");
	snprintf(s->r->unseen_why, sizeof(s->r->unseen_why),
		 "threads shorter than an interval, the last interval of each thread%s",
		 s->no_children ? ", every descendant (no /proc/PID/task/TID/children)" : "");
	ct_sampler_free(s);
}

void ct_sampler_free(struct ct_sampler *s)
{
	free(s->t);
	free(s->queue);
	free(s->mine);
	s->t = NULL;
	s->queue = s->mine = NULL;
}
