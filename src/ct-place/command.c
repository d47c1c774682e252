/*
 * ct-place/command.c - ct-place's -- CMD [ARG...]: run a command under a
 * process placement (-p process-background, -k KIND, -c CPULIST), as
 * taskset(1) does, or, with --observe, run it and report how the CPU time
 * of its process tree split over the kinds of core.
 */
#include "config.h"

#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool/cli.h"
#include "core/common.h"
#include "core/term.h"
#include "core/cpuset.h"
#include "machine/kinds.h"
#include "measure/context.h"
#include "ct-place/observe.h"
#include "report/report.h"
#include "core/outfile.h"
#include "ct-place/command.h"
#include "ct-place/plan.h"
#include "machine/topo.h"

/* A cpulist of up to CT_CPUSET_MAX cpus fits (worst case "0,2,4,..."). */
#define LIST_LEN (6 * CT_CPUSET_MAX)

/* How a command is placed: not at all, limited to cpus, or under taskpolicy. */
enum exec_place { EXEC_NONE, EXEC_CLAMP, EXEC_BACKGROUND };

void ct_place_cpus_usable_or_exit(const struct ct_topo *t, const struct ct_cpuset *cpus)
{
	struct ct_cpuset bad;

	ct_cpuset_andnot(&bad, cpus, &t->online);
	if (!ct_cpuset_empty(&bad))
		errx(CT_EXIT_CANCELED, "cpu %d is not online", ct_cpuset_next(&bad, 0));
	ct_cpuset_andnot(&bad, cpus, &t->allowed);
	if (!ct_cpuset_empty(&bad))
		errx(CT_EXIT_CANCELED, "cpu %d is not allowed to this process",
		     ct_cpuset_next(&bad, 0));
}

/*
 * The process placement -p, -k or -c asks for, checked against this
 * machine: a kind without usable cpus or a cpu that cannot be used is an
 * error (125), never a run somewhere else.
 */
static enum exec_place exec_placement(const struct ct_place_cmd *o, const struct ct_topo *t,
				      struct ct_cpuset *cpus)
{
	enum ct_kind kind;

	if (o->kind_arg) {
		struct ct_cpuset all;

		kind = ct_cli_kind(o->kind_arg);
		ct_topo_kind_cpus(t, kind, cpus, &all);
		if (ct_cpuset_empty(cpus))
			errx(CT_EXIT_CANCELED, "no usable cpu of kind '%s'%s", o->kind_arg,
			     ct_cpuset_empty(&all) ? ": this machine has none"
						   : ": its cpus are not allowed to this process");
	} else if (o->cpus_arg) {
		ct_cli_cpulist(o->cpus_arg, cpus);
		ct_place_cpus_usable_or_exit(t, cpus);
	} else if (o->placements) {
		struct ct_placement plan[CT_PLACE_MAX];
		size_t n = ct_place_plan(t, plan, CT_PLACE_MAX);
		const struct ct_placement *p = ct_place_find(plan, n, o->placements);

		if (!p || p->kind != CT_PLACE_PROCESS_BACKGROUND)
			ct_usage_error("with a command, -p takes process-background only");
		if (!p->applicable)
			errx(CT_EXIT_CANCELED, "placement '%s' %s", p->name, p->note);
		if (p->darwin)
			return EXEC_BACKGROUND;
		*cpus = p->cpus;
	} else {
		return EXEC_NONE;
	}
	return EXEC_CLAMP;
}

/*
 * -- CMD: limit this process as asked, then become CMD (no shell), so CMD
 * and everything it starts inherit the placement, as with taskset(1).
 */
int ct_place_cmd_exec(const struct ct_place_cmd *o, const struct ct_topo *t)
{
	struct ct_cpuset cpus;
	char *list = ct_xmalloc(LIST_LEN);

	if (exec_placement(o, t, &cpus) == EXEC_BACKGROUND) {
		ct_place_exec_background(o->cmd);
		err(errno == ENOENT ? CT_EXIT_ENOENT : CT_EXIT_CANCELED,
		    "cannot run '%s' under taskpolicy", o->cmd[0]);
	}
	if (ct_place_clamp_process(&cpus) < 0)
		err(CT_EXIT_CANCELED, "cannot limit the affinity to cpus %s",
		    ct_cpuset_format(&cpus, list, LIST_LEN));
	free(list);
	fflush(NULL);
	execvp(o->cmd[0], o->cmd);
	{
		int e = errno;

		warnx("cannot run '%s': %s", o->cmd[0], strerror(e));
		_exit(e == ENOENT || e == ENOTDIR ? CT_EXIT_ENOENT : CT_EXIT_CANNOT_INVOKE);
	}
}

struct observed {
	const struct ct_machine *m;
	const struct ct_observe *r;
	char *const *cmd;
};

static void write_observe_raw(FILE *f, void *arg)
{
	const struct observed *w = arg;

	ct_observe_print(f, CT_FMT_JSON, w->m, w->r, w->cmd);
}

static void write_observe_md(FILE *f, void *arg)
{
	const struct observed *w = arg;

	ct_observe_markdown(f, w->r, w->cmd);
}

/*
 * A report that could not be written after CMD ran is ct-place's failure
 * (125), not CMD's status nor the 1 of ct_close_stdout(): the message names
 * CMD's status, which would be lost otherwise.  A closed pipe is the
 * reader's choice and stays quiet, as everywhere.
 */
void ct_place_cmd_written(FILE *f, const char *after)
{
	int e = 0;

	errno = 0;
	if (fflush(f) != 0 || ferror(f))
		e = errno ? errno : EIO;
	if (!e)
		return;
	if (e != EPIPE && f != stderr)
		warnx("write error: %s (%s)", strerror(e), after);
	_exit(CT_EXIT_CANCELED);
}

static void report_written(FILE *f, const char *cmd, int code)
{
	char after[300];

	snprintf(after, sizeof(after), "'%.200s' exited %d", cmd, code);
	ct_place_cmd_written(f, after);
}

/*
 * --observe: run CMD (placed as asked, or not), then report how the CPU
 * time of its process tree split over the kinds of core.  The status is
 * CMD's.  The table goes to stderr, leaving stdout to CMD; with -f the
 * report is a result and goes to stdout, after all CMD wrote there.
 */
int ct_place_cmd_observe(const struct ct_place_cmd *o, const struct ct_topo *t)
{
	static const struct ct_outfile files[] = {
		{ "raw.txt", write_observe_raw },
		{ "summary.md", write_observe_md },
	};
	const char *env = getenv("CT_OBSERVE");
	struct ct_observe_opts oo;
	struct ct_observe r;
	struct ct_cpuset cpus;
	struct ct_machine m;
	enum exec_place how;
	char why[640];
	int fail, code, c, *kind_of;

	if (env && *env && strcmp(env, "sampled") != 0)
		ct_usage_error("invalid CT_OBSERVE '%s': use sampled, or leave it unset", env);
	how = exec_placement(o, t, &cpus);
	/* Fail before running CMD, not after. */
	if (o->outdir && ct_outdir_ready(o->outdir, why, sizeof(why)) < 0)
		errx(CT_EXIT_CANCELED, "%s", why);
	kind_of = ct_xmalloc((size_t)t->ncpu * sizeof(*kind_of));
	for (c = 0; c < t->ncpu; c++) {
		const struct ct_topo_cpu *p = ct_topo_cpu(t, c);

		kind_of[c] = p && ct_cpuset_isset(&t->online, c) ? (int)p->kind : -1;
	}
	memset(&oo, 0, sizeof(oo));
	oo.argv = o->cmd;
	oo.kind_of = kind_of;
	oo.ncpu = t->ncpu;
	oo.clamp = how == EXEC_CLAMP ? &cpus : NULL;
	oo.background = how == EXEC_BACKGROUND;
	oo.sampled = env && *env;
	/* The machine record of the JSON report: its context before and after. */
	memset(&m, 0, sizeof(m));
	if (o->fmt == CT_FMT_JSON || o->outdir)
		ct_machine_describe(&m);
	if (ct_observe_run(&oo, &r, &fail, why, sizeof(why)) < 0)
		errx(fail, "%s", why);
	free(kind_of);
	code = ct_observe_exit_code(r.status);
	if (o->fmt == CT_FMT_JSON || o->outdir) {
		double busy = r.wall_s > 0 ? (double)(r.user_ns + r.sys_ns) / 1e9 / r.wall_s : 0;

		ct_machine_finish(&m, (unsigned)(busy + 0.5));
	}
	if (o->outdir) {
		struct observed w;

		w.m = &m;
		w.r = &r;
		w.cmd = o->cmd;
		if (ct_write_files(o->outdir, files, CT_ARRAY_SIZE(files), &w, why,
				   sizeof(why)) < 0)
			errx(CT_EXIT_CANCELED, "%s ('%s' exited %d)", why, o->cmd[0], code);
	}
	{
		FILE *to = o->fmt_given ? stdout : stderr;
		FILE *out = o->fmt == CT_FMT_TABLE ? ct_term_open(to) : to;

		ct_observe_print(out, o->fmt, &m, &r, o->cmd);
		ct_term_close(out, to);
	}
	report_written(o->fmt_given ? stdout : stderr, o->cmd[0], code);
	return code;
}
