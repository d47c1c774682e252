/*
 * unit-verify.c - faults that no run of a shipped tool can be made to show
 * on demand, provoked from outside through the shipped code (no switch in
 * the tools):
 *
 *   - the add chain's verifier, through the harness: a chain that comes
 *     back one add short, at the warm-up or at a sample, fails the run
 *     and names the sample;
 *   - ct-place's comparison path (ct_placements_run(), as ct-place calls it)
 *     with the FMA data, the stream array or the add-chain count
 *     corrupted, on the main thread and on a pinned thread: the run fails
 *     and names the placement, the sample and the kernel;
 *   - a pin whose cpu left the allowed set after the plan was made: an
 *     error naming the cpu, not a run on another cpu;
 *   - result files written together: both or neither, no temporary left,
 *     also when a signal arrives in the middle of the second one;
 *   - a signal passed on to the child re-run (process-background) so it
 *     does not go on measuring orphaned.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "workloads/clock.h"
#include "core/common.h"
#include "ct-place/placements.h"
#include "workloads/fma.h"
#include "measure/harness.h"
#include "core/outfile.h"
#include "ct-place/plan.h"
#include "workloads/stream.h"
#include "machine/topo.h"
#include "unit.h"

/* A kernel whose result is made wrong at one call (1: the warm-up). */
struct sabotage {
	struct ct_job real;
	unsigned calls;
	unsigned at;
	int64_t delta;			/* added to the count the chain returns */
};

static uint64_t sabotaged_run(void *p)
{
	struct sabotage *s = p;
	uint64_t ret = s->real.run(s->real.ctx);

	return ++s->calls == s->at ? ret + (uint64_t)s->delta : ret;
}

static int sabotaged_verify(void *p, uint64_t ret, char *why, size_t len)
{
	struct sabotage *s = p;

	return s->real.verify(s->real.ctx, ret, why, len);
}

static void sabotage(struct ct_job *sk, struct sabotage *sab, const struct ct_job *k,
		     unsigned at, int64_t delta)
{
	sab->real = *k;
	sab->calls = 0;
	sab->at = at;
	sab->delta = delta;
	*sk = *k;
	sk->run = sabotaged_run;
	sk->verify = sabotaged_verify;
	sk->ctx = sab;
}

static void addchain(void)
{
	struct ct_harness h;
	struct ct_job k, sk;
	struct ct_clock c;
	struct ct_series ser;
	struct sabotage sab;
	char why[512];
	uint64_t ret;

	memset(&h, 0, sizeof(h));
	h.reps = 3;
	h.bracket_adds = 1000;
	ct_clock_kernel(&k, &c, 80000);
	ret = k.run(k.ctx);
	CHECK(ret == 80000);
	CHECK(k.verify(k.ctx, ret, why, sizeof(why)) == 0);
	why[0] = '\0';
	CHECK(k.verify(k.ctx, ret - 1, why, sizeof(why)) != 0);
	CHECK(strstr(why, "counted 79999 adds, expected 80000") != NULL);
	CHECK(k.verify(k.ctx, ret + 8, why, sizeof(why)) != 0);
	CHECK(k.verify(k.ctx, 0, why, sizeof(why)) != 0);

	/* Clean through the harness, then one add lost at call 3 (sample 2). */
	CHECK(ct_harness_run(&h, &k, 1, &ser, why, sizeof(why)) == 0);
	CHECK(ser.n == 3 && ser.verified);
	ct_series_free(&ser, 1);
	sabotage(&sk, &sab, &k, 3, -1);
	why[0] = '\0';
	CHECK(ct_harness_run(&h, &sk, 1, &ser, why, sizeof(why)) < 0);
	CHECK(strstr(why, "sample 2 of addchain") != NULL);
	CHECK(strstr(why, "counted 79999 adds") != NULL);
	CHECK(!ser.verified);
	printf("addchain, one add lost: %s\n", why);
	ct_series_free(&ser, 1);
	/* At the warm-up, which is verified too. */
	sabotage(&sk, &sab, &k, 1, +8);
	CHECK(ct_harness_run(&h, &sk, 1, &ser, why, sizeof(why)) < 0);
	CHECK(strstr(why, "warm-up of addchain") != NULL);
	ct_series_free(&ser, 1);
}

static int compare_row(const struct ct_placements_opts *co, const struct ct_topo *t,
		       struct ct_placements_row *row, const struct ct_placement *p,
		       const struct ct_job *k, char *why, size_t len)
{
	int i, rc;

	memset(row, 0, sizeof(*row));
	row->p = *p;
	for (i = 0; i < CT_NJOBS; i++)
		row->k[i] = k[i];
	why[0] = '\0';
	rc = ct_placements_run(co, t, row, why, len);
	ct_series_free(row->ser, CT_NJOBS);
	return rc;
}

static void compare(const struct ct_topo *t)
{
	struct ct_placement plan[CT_PLACE_MAX];
	const struct ct_placement *pmain, *ppin = NULL;
	struct ct_placements_opts co;
	struct ct_placements_row row;
	struct ct_job k[CT_NJOBS], sk[CT_NJOBS];
	struct ct_placements_kernels *ck;
	struct sabotage sab;
	char why[640];
	size_t n, i, na, nf;
	uint32_t *a, keep;
	float *f, fkeep;

	n = ct_place_plan(t, plan, CT_PLACE_MAX);
	pmain = ct_place_find(plan, n, "main");
	CHECK(pmain && pmain->applicable);
	for (i = 0; i < n; i++)
		if (plan[i].kind == CT_PLACE_PIN && plan[i].applicable && !ppin)
			ppin = &plan[i];
	if (!pmain)
		return;

	memset(&co, 0, sizeof(co));
	co.h.reps = 3;
	co.h.settle_ns = 0;
	co.h.bracket_adds = 100000;
	co.quick = 1;
	co.isa = ct_isa_best();
	co.clock_adds = 1000000;
	co.fma_passes = 16;
	co.stream_bytes = 1 << 20;
	snprintf(co.stream_reason, sizeof(co.stream_reason), "unit test");
	ck = ct_placements_kernels_new(&co, k);
	a = ct_stream_data(k[CT_JOB_STREAM].ctx, &na);
	f = ct_fma_data(k[CT_JOB_FMA].ctx, &nf);

	/* Clean, as a control: the corruptions below are what fails. */
	CHECK(compare_row(&co, t, &row, pmain, k, why, sizeof(why)) == 0);
	if (ppin) {
		int rc = compare_row(&co, t, &row, ppin, k, why, sizeof(why));

		if (rc < 0)
			fprintf(stderr, "%s\n", why);
		CHECK(rc == 0);
	}

	/* One value of the stream array changed: main fails, names it. */
	keep = a[na / 2];
	a[na / 2] ^= 0x40;
	CHECK(compare_row(&co, t, &row, pmain, k, why, sizeof(why)) < 0);
	CHECK(strncmp(why, "main: verification failed: ", 27) == 0);
	CHECK(strstr(why, "of stream") != NULL && strstr(why, "the sum is 0x") != NULL);
	printf("ct-place main, stream array corrupted: %s\n", why);
	a[na / 2] = keep;

	/* One FMA input changed (exact: 0.75^2): fails on the pinned thread too. */
	fkeep = f[11];
	f[11] = 0.75f;
	CHECK(compare_row(&co, t, &row, pmain, k, why, sizeof(why)) < 0);
	CHECK(strstr(why, "main: verification failed: ") == why && strstr(why, "of fma") != NULL);
	if (ppin) {
		char want[80];

		CHECK(compare_row(&co, t, &row, ppin, k, why, sizeof(why)) < 0);
		snprintf(want, sizeof(want), "%s: verification failed: ", ppin->name);
		CHECK(strstr(why, want) == why && strstr(why, "of fma") != NULL);
		printf("ct-place %s, FMA data corrupted: %s\n", ppin->name, why);
	}
	f[11] = fkeep;

	/* The add chain one add short at its second sample. */
	memcpy(sk, k, sizeof(sk));
	sabotage(&sk[CT_JOB_CLOCK], &sab, &k[CT_JOB_CLOCK], 3, -1);
	CHECK(compare_row(&co, t, &row, pmain, sk, why, sizeof(why)) < 0);
	CHECK(strstr(why, "sample 2 of addchain") != NULL && strstr(why, "counted") != NULL);
	printf("ct-place main, add chain short: %s\n", why);

	/* Restored: clean again. */
	CHECK(compare_row(&co, t, &row, pmain, k, why, sizeof(why)) == 0);

	/*
	 * A pin row whose cpu left the allowed set between the plan and the
	 * pin: shrink this process's affinity to the other allowed cpus (as
	 * taskset would from outside), then run the row planned before.
	 */
	if (ppin) {
		struct ct_cpuset saved, rest;
		char want[64];

		CHECK(ct_place_allowed(&saved) == 0);
		rest = saved;
		ct_cpuset_clear(&rest, ppin->cpu);
		if (!ct_cpuset_empty(&rest)) {
			CHECK(ct_place_clamp_process(&rest) == 0);
			CHECK(compare_row(&co, t, &row, ppin, k, why, sizeof(why)) < 0);
			snprintf(want, sizeof(want), "cannot pin to cpu %d: ", ppin->cpu);
			CHECK(strstr(why, want) != NULL && strstr(why, "not allowed") != NULL);
			CHECK(!row.ran);
			printf("ct-place %s, cpu taken away: %s\n", ppin->name, why);
			CHECK(ct_place_clamp_process(&saved) == 0);
		} else {
			printf("one allowed cpu: the cpu-taken-away case runs on a made-up cpu only\n");
		}
	}
	ct_placements_kernels_free(ck);
}

static void mark_ran(void *arg)
{
	*(int *)arg = 1;
}

/* A cpu this process may not use (the last possible id): named, not run on. */
static void pin_gone(void)
{
	struct ct_placement p;
	char how[160], why[256], want[64];
	int ran = 0;

	memset(&p, 0, sizeof(p));
	p.kind = CT_PLACE_PIN;
	p.cpu = CT_CPUSET_MAX - 1;
	p.applicable = 1;
	snprintf(p.name, sizeof(p.name), "pin-performance");
	CHECK(ct_place_run_thread(&p, mark_ran, &ran, how, sizeof(how), why, sizeof(why)) < 0);
	CHECK(!ran);
	snprintf(want, sizeof(want), "pin-performance: cannot pin to cpu %d: ", CT_CPUSET_MAX - 1);
	CHECK(strncmp(why, want, strlen(want)) == 0);
	printf("%s\n", why);
	CHECK(ct_place_pin(-1, why, sizeof(why)) < 0);
	CHECK(strstr(why, "cpu -1") != NULL);
}

static void write_text(FILE *f, void *arg)
{
	fprintf(f, "%s\n", (const char *)arg);
}

/* Half a file, then the signal a user sends. */
static void write_then_signal(FILE *f, void *arg)
{
	fprintf(f, "half of %s", (const char *)arg);
	fflush(f);
	raise(SIGTERM);
}

/* Entries of dir (hidden ones included), or -1. */
static int entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static void outfiles(const char *dir)
{
	const struct ct_outfile good[] = { { "raw.txt", write_text }, { "summary.md", write_text } };
	const struct ct_outfile killed[] = { { "raw.txt", write_text },
					     { "summary.md", write_then_signal } };
	char why[512], path[4096], line[64];
	int status;
	pid_t pid;
	FILE *f;

	/* Both written, whole, no temporary left, as readable as the umask lets. */
	umask(022);
	CHECK(ct_write_files(dir, good, 2, (void *)"result", why, sizeof(why)) == 0);
	CHECK(entries(dir) == 2);
	snprintf(path, sizeof(path), "%s/summary.md", dir);
	{
		struct stat st;

		CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0644);
	}
	f = fopen(path, "r");
	CHECK(f && fgets(line, sizeof(line), f) && strcmp(line, "result\n") == 0);
	if (f)
		fclose(f);
	unlink(path);
	snprintf(path, sizeof(path), "%s/raw.txt", dir);
	unlink(path);

	/* A directory that is not there: the message names it, nothing made. */
	snprintf(path, sizeof(path), "%s/nope", dir);
	CHECK(ct_write_files(path, good, 2, (void *)"x", why, sizeof(why)) < 0);
	CHECK(strstr(why, "nope: No such file or directory") != NULL);
	CHECK(ct_write_files(dir, good, CT_OUTFILE_MAX + 1, (void *)"x", why, sizeof(why)) < 0);
	CHECK(entries(dir) == 0);

	/*
	 * SIGTERM while the second file is half written, the first already
	 * whole in its temporary: the tool's handler (ct_init) exits 143 and
	 * leaves neither file nor temporary.
	 */
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		ct_init(NULL);
		ct_write_files(dir, killed, 2, (void *)"result", why, sizeof(why));
		_exit(0);
	}
	/* status is read only when waitpid() filled it in. */
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	      WEXITSTATUS(status) == 128 + SIGTERM);
	CHECK(entries(dir) == 0);
}

/* The re-run of process-background ends with its parent. */
static void child_signal(void)
{
#ifdef __linux__
	int fd[2], status;
	pid_t pid, grandchild = 0;

	/* Orphans come back to this process, so they can be reaped here. */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
		printf("no PR_SET_CHILD_SUBREAPER: the child-signal case not run\n");
		return;
	}
	CHECK(pipe(fd) == 0);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		pid_t g;

		ct_init(NULL);
		g = fork();
		if (g == 0) {
			/* The re-run, measuring (SIGALRM ends it if nobody does). */
			alarm(20);
			for (;;)
				pause();
		}
		ct_set_child(g);
		if (write(fd[1], &g, sizeof(g)) != (ssize_t)sizeof(g))
			_exit(98);
		raise(SIGTERM);
		_exit(0);
	}
	close(fd[1]);
	CHECK(read(fd[0], &grandchild, sizeof(grandchild)) == (ssize_t)sizeof(grandchild));
	close(fd[0]);
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM);
	if (grandchild > 0) {
		/* Killed by it, or ended by the handler it inherited. */
		CHECK(waitpid(grandchild, &status, 0) == grandchild);
		CHECK((WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) ||
		      (WIFEXITED(status) && WEXITSTATUS(status) == 128 + SIGTERM));
	}
#endif
}

int main(void)
{
	const char *tmpdir = getenv("TMPDIR");
	struct ct_topo t;
	char why[512], dir[512];

	snprintf(dir, sizeof(dir), "%s/ct-unit-verify.XXXXXX",
		 tmpdir && *tmpdir ? tmpdir : "/tmp");
	addchain();
	if (ct_topo_load(&t, NULL, why, sizeof(why)) < 0) {
		fprintf(stderr, "%s\n", why);
		return 99;
	}
	compare(&t);
	ct_topo_free(&t);
	pin_gone();
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 99;
	}
	outfiles(dir);
	rmdir(dir);
	child_signal();
	return unit_done();
}
