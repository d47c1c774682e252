/*
 * placements/child.c - process-background, which clamps the whole process:
 * this tool re-runs itself under the clamp (fork, clamp, exec; taskpolicy
 * on macOS) with --child-run, and the child sends back every sample over a
 * pipe in a line format of its own.  The child verifies its samples as any
 * run does and fails if one is wrong.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/common.h"
#include "placements/placements.h"

int ct_placements_child(const struct ct_placements_opts *o, FILE *f)
{
	struct ct_job k[CT_NJOBS];
	struct ct_series ser[CT_NJOBS];
	struct ct_placements_kernels *ck;
	char why[512];
	unsigned s;
	int i, st = CT_EXIT_OK;

	ck = ct_placements_kernels_new(o, k);
	if (ct_harness_run(&o->h, k, CT_NJOBS, ser, why, sizeof(why)) < 0) {
		fprintf(stderr, "%s: verification failed: %s\n", ct_progname(), why);
		st = CT_EXIT_FAIL;
	} else {
		for (i = 0; i < CT_NJOBS; i++)
			for (s = 0; s < ser[i].n; s++) {
				const struct ct_sample *x = &ser[i].s[s];

				fprintf(f, "S %d %u %d %d %" PRIu64 " %" PRIu64 " %.17g %.17g %d %.17g "
					"%.17g %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", i,
					x->rep, x->cpu_start, x->cpu_end, x->wall_ns, x->cpu_ns,
					x->bracket_ghz_wall, x->bracket_ghz_cpu, (int)x->count_status,
					x->cycles, x->instructions, x->pre_wall_ns, x->pre_cpu_ns,
					x->post_wall_ns, x->post_cpu_ns);
			}
		/* Samples per kernel (--precision makes it vary), why they stopped. */
		fprintf(f, "END %u %d %d\n", ser[0].n, (int)ser[0].stopped_by, ser[0].counters);
	}
	ct_series_free(ser, CT_NJOBS);
	ct_placements_kernels_free(ck);
	return st;
}

/* Read the child's samples into row->ser; every field checked. */
static int read_child(FILE *f, const struct ct_placements_opts *o,
		      struct ct_placements_row *row, char *why, size_t len)
{
	char line[512];
	unsigned got = 0, end = 0, cap = o->h.reps;
	int i, done = 0, stop = 0, counters = 0;

	for (i = 0; i < CT_NJOBS; i++) {
		row->ser[i].k = &row->k[i];
		row->ser[i].s = ct_xcalloc(cap, sizeof(struct ct_sample));
		row->ser[i].n = 0;
		row->ser[i].verified = 0;
	}
	while (fgets(line, sizeof(line), f)) {
		struct ct_sample x;
		int kernel, count;
		char tail;

		memset(&x, 0, sizeof(x));	/* fields the line does not carry */

		if (done) {
			snprintf(why, len, "the child wrote past its end");
			return -1;
		}
		if (sscanf(line, "END %u %d %d %c", &end, &stop, &counters, &tail) == 3) {
			done = 1;
			continue;
		}
		if (sscanf(line, "S %d %u %d %d %" SCNu64 " %" SCNu64 " %lg %lg %d %lg %lg %" SCNu64
			   " %" SCNu64 " %" SCNu64 " %" SCNu64 " %c", &kernel, &x.rep, &x.cpu_start,
			   &x.cpu_end, &x.wall_ns, &x.cpu_ns, &x.bracket_ghz_wall,
			   &x.bracket_ghz_cpu, &count, &x.cycles, &x.instructions, &x.pre_wall_ns,
			   &x.pre_cpu_ns, &x.post_wall_ns, &x.post_cpu_ns, &tail) != 15 ||
		    kernel < 0 || kernel >= CT_NJOBS || x.rep >= CT_REPS_MAX ||
		    x.rep != row->ser[kernel].n || x.wall_ns == 0 || x.cpu_ns == 0 ||
		    count < 0 || count >= CT_COUNT_NSTATUS ||
		    (ct_count_usable((enum ct_count_status)count) && !(x.cycles > 0))) {
			snprintf(why, len, "the child wrote a bad sample line: %.80s", line);
			return -1;
		}
		x.count_status = (enum ct_count_status)count;
		/* --precision: as many samples as the child took. */
		if (row->ser[kernel].n == cap) {
			cap *= 2;
			for (i = 0; i < CT_NJOBS; i++)
				row->ser[i].s = ct_xrealloc(row->ser[i].s, cap * sizeof(struct ct_sample));
		}
		row->ser[kernel].s[row->ser[kernel].n++] = x;
		got++;
	}
	/* A fixed run has exactly REPS; one stopped otherwise, at least one round. */
	if (!done || end == 0 || got != end * CT_NJOBS ||
	    (stop == CT_STOP_REPS && o->h.precision_pct <= 0 && end != o->h.reps) ||
	    stop < CT_STOP_REPS || stop > CT_STOP_MAX_TIME) {
		if (done)
			snprintf(why, len, "the child stopped after %u of %u samples", got,
				 end * CT_NJOBS);
		else
			snprintf(why, len, "the child stopped after %u samples, without its end",
				 got);
		return -1;
	}
	for (i = 0; i < CT_NJOBS; i++) {
		if (row->ser[i].n != end) {
			snprintf(why, len, "the child sent %u samples of one kernel, %u of another",
				 row->ser[i].n, end);
			return -1;
		}
		row->ser[i].verified = 1;
		row->ser[i].stopped_by = (enum ct_stop)stop;
		row->ser[i].counters = counters != 0;
		row->ser[i].precision_pct = o->h.precision_pct;
	}
	return 0;
}

static void child_spec(const struct ct_placements_opts *o, char *buf, size_t len)
{
	snprintf(buf, len, "%u,%" PRIu64 ",%" PRIu64 ",%s,%s/%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64
		 ",%d,%.17g,%" PRIu64, o->h.reps, o->h.settle_ns, o->h.bracket_adds,
		 ct_isa_name(o->isa), ct_isa_name(o->stream_isa),
		 ct_stream_loop_name(o->stream_ask.loop >= 0 ? (enum ct_stream_loop)o->stream_ask.loop :
				     CT_STREAM_LOOP_PLAIN), o->clock_adds, o->fma_passes, o->stream_bytes, o->quick,
		 o->h.precision_pct, o->h.max_ns);
}

int ct_placements_parse_child_spec(const char *spec, struct ct_placements_opts *o)
{
	char isa[16], stream_isa[16], stream_loop[16];
	enum ct_stream_loop loop = CT_STREAM_LOOP_PLAIN;
	uint64_t settle, brackets, adds, passes, bytes, max_ns;
	unsigned reps;
	double precision;
	int quick;
	char tail;

	if (sscanf(spec, "%u,%" SCNu64 ",%" SCNu64 ",%15[a-z0-9],%15[a-z0-9]/%15[a-z],%" SCNu64
		   ",%" SCNu64 ",%" SCNu64 ",%d,%lg,%" SCNu64 "%c", &reps, &settle, &brackets, isa,
		   stream_isa, stream_loop, &adds, &passes, &bytes, &quick, &precision, &max_ns,
		   &tail) != 12 ||
	    ct_stream_loop_from_name(stream_loop, &loop) < 0 ||
	    reps == 0 || reps > CT_REPS_MAX || !(precision >= 0 && precision <= 100) ||
	    ct_isa_from_name(isa, &o->isa) < 0 || !ct_isa_usable(o->isa) ||
	    ct_isa_from_name(stream_isa, &o->stream_isa) < 0 || !ct_isa_usable(o->stream_isa))
		return -1;
	o->h.precision_pct = precision;
	o->h.max_ns = max_ns;
	o->h.reps = reps;
	o->h.settle_ns = settle;
	o->h.bracket_adds = brackets;
	o->quick = quick != 0;
	o->clock_adds = adds;
	o->fma_passes = passes;
	o->stream_bytes = bytes;
	/* The parent's choice, its ISA and loop forced: nothing to calibrate here. */
	o->stream_ask.isa = (int)o->stream_isa;
	o->stream_ask.loop = (int)loop;
	snprintf(o->stream_ask.isa_how, sizeof(o->stream_ask.isa_how), "the parent run's choice");
	snprintf(o->stream_ask.loop_how, sizeof(o->stream_ask.loop_how), "%s", stream_loop);
	snprintf(o->stream_isa_reason, sizeof(o->stream_isa_reason), "the parent run's choice");
	return 0;
}

int ct_placements_run_process(const struct ct_placements_opts *o, struct ct_placements_row *row,
			   char *why, size_t len)
{
	char self[4096], spec[256];
	char *argv[4];
	int fd[2], status, rc;
	pid_t pid;
	FILE *f;

	if (ct_place_self_exe(self, sizeof(self)) < 0) {
		snprintf(why, len, "%s: cannot find this program to re-run it: %s",
			 row->p.name, strerror(errno));
		return -1;
	}
	child_spec(o, spec, sizeof(spec));
	argv[0] = self;
	argv[1] = (char *)"--child-run";
	argv[2] = spec;
	argv[3] = NULL;
	if (pipe(fd) < 0) {
		snprintf(why, len, "pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		snprintf(why, len, "fork: %s", strerror(errno));
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		close(fd[0]);
		if (dup2(fd[1], STDOUT_FILENO) < 0)
			_exit(CT_EXIT_FAIL);
		close(fd[1]);
		if (row->p.darwin) {
			ct_place_exec_background(argv);
		} else if (ct_place_clamp_process(&row->p.cpus) < 0) {
			fprintf(stderr, "%s: %s: cannot limit the affinity: %s\n", ct_progname(),
				row->p.name, strerror(errno));
			_exit(CT_EXIT_FAIL);
		} else {
			execv(self, argv);
		}
		fprintf(stderr, "%s: %s: cannot re-run %s: %s\n", ct_progname(), row->p.name,
			self, strerror(errno));
		_exit(CT_EXIT_FAIL);
	}
	ct_set_child(pid);
	close(fd[1]);
	f = fdopen(fd[0], "r");
	if (!f) {
		close(fd[0]);
		waitpid(pid, &status, 0);
		ct_set_child(0);
		snprintf(why, len, "fdopen: %s", strerror(errno));
		return -1;
	}
	rc = read_child(f, o, row, why, len);
	fclose(f);
	if (waitpid(pid, &status, 0) < 0) {
		ct_set_child(0);
		snprintf(why, len, "waitpid: %s", strerror(errno));
		return -1;
	}
	ct_set_child(0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		if (WIFSIGNALED(status))
			snprintf(why, len, "%s: the re-run was killed by signal %d", row->p.name,
				 WTERMSIG(status));
		else
			snprintf(why, len, "%s: the re-run failed (exit %d)", row->p.name,
				 WEXITSTATUS(status));
		return -1;
	}
	if (rc < 0)
		return -1;
	snprintf(row->how, sizeof(row->how), "%s", row->p.note);
	return 0;
}
