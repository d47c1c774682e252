/*
 * ct-place/bench.c - ct-place --bench (placements/bench.h): the
 * placements a process can be given, warm-up runs, then rounds in which
 * every placement runs CMD once, the order rotated each round so that a
 * drift of the machine (a neighbour starting, the clock settling) is
 * spread over all of them instead of favouring the first.  Each run is
 * one ct_observe_run() (place/observe.h): placed, held at the gate,
 * timed, reaped, its tree's rusage and its CPU time by kind.
 */
#include "config.h"

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/common.h"
#include "core/term.h"
#include "core/cpuset.h"
#include "core/outfile.h"
#include "tool/progress.h"
#include "machine/declared.h"
#include "measure/context.h"
#include "measure/harness.h"
#include "ct-place/command.h"
#include "ct-place/observe.h"
#include "ct-place/plan.h"
#include "ct-place/bench.h"
#include "tool/cli.h"

#define LIST_LEN (6 * CT_CPUSET_MAX)

static void place_main(struct ct_bench_place *b)
{
	memset(b, 0, sizeof(*b));
	snprintf(b->name, sizeof(b->name), "main");
	b->how = CT_BENCH_UNPLACED;
	b->main = 1;
	snprintf(b->note, sizeof(b->note), "unplaced: CMD as this process was started");
}

static void place_clamp(struct ct_bench_place *b, const char *name, const struct ct_cpuset *cpus,
			const char *what)
{
	char list[LIST_LEN];

	memset(b, 0, sizeof(*b));
	snprintf(b->name, sizeof(b->name), "%s", name);
	b->how = CT_BENCH_CLAMP;
	b->cpus = *cpus;
	ct_cpuset_format(cpus, list, sizeof(list));
	snprintf(b->note, sizeof(b->note), "%s: affinity of CMD's process limited to cpu%s %.120s",
		 what, strpbrk(list, ",-") ? "s" : "", list);
}

/*
 * The placements of the bench: with -k or -c, main and that one; else
 * those of -p (or all of the plan) that a process can be given: main,
 * process-background and every pin-KIND.  The thread placements are a
 * thread's (a thread of this process, not a command): left out of the
 * default, a usage error in -p.
 */
static size_t bench_places(const struct ct_bench_opts *o, const struct ct_topo *t,
			   struct ct_bench_place *out)
{
	struct ct_placement plan[CT_PLACE_MAX], sel[CT_PLACE_MAX];
	struct ct_cpuset cpus, all;
	size_t n, i, k = 0;
	char name[48], list[LIST_LEN];

	if (o->kind_arg || o->cpus_arg) {
		place_main(&out[k++]);
		if (o->kind_arg) {
			enum ct_kind kind = ct_cli_kind(o->kind_arg);

			ct_topo_kind_cpus(t, kind, &cpus, &all);
			if (ct_cpuset_empty(&cpus))
				errx(CT_EXIT_CANCELED, "no usable cpu of kind '%s'%s", o->kind_arg,
				     ct_cpuset_empty(&all) ? ": this machine has none"
							   : ": its cpus are not allowed to this process");
			snprintf(name, sizeof(name), "kind-%s", ct_kind_name(kind));
			place_clamp(&out[k++], name, &cpus, "-k");
		} else {
			ct_cli_cpulist(o->cpus_arg, &cpus);
			ct_place_cpus_usable_or_exit(t, &cpus);
			snprintf(name, sizeof(name), "cpus-%s",
				 ct_cpuset_format(&cpus, list, sizeof(list)));
			place_clamp(&out[k++], name, &cpus, "-c");
		}
		return k;
	}
	n = ct_place_plan(t, plan, CT_PLACE_MAX);
	n = ct_place_select_exit(o->placements, plan, n, sel, CT_EXIT_CANCELED);
	for (i = 0; i < n; i++) {
		const struct ct_placement *p = &sel[i];

		switch (p->kind) {
		case CT_PLACE_MAIN:
			place_main(&out[k++]);
			break;
		case CT_PLACE_THREAD:
		case CT_PLACE_THREAD_BACKGROUND:
			if (o->placements)
				ct_usage_error("'%s' places a thread of ct-place: --bench places a "
					       "process (main, process-background, pin-KIND)", p->name);
			break;
		case CT_PLACE_PROCESS_BACKGROUND:
			if (!p->applicable)
				break;
			if (p->darwin) {
				memset(&out[k], 0, sizeof(out[k]));
				snprintf(out[k].name, sizeof(out[k].name), "%s", p->name);
				out[k].how = CT_BENCH_BACKGROUND;
				snprintf(out[k].note, sizeof(out[k].note),
					 "CMD run under taskpolicy -c background");
				k++;
			} else {
				place_clamp(&out[k++], p->name, &p->cpus, "the process clamp");
			}
			break;
		case CT_PLACE_PIN:
			if (!p->applicable)
				break;
			ct_cpuset_zero(&cpus);
			ct_cpuset_set(&cpus, p->cpu);
			place_clamp(&out[k++], p->name, &cpus, "pinned as the comparison pins");
			break;
		}
	}
	if (!k)
		errx(CT_EXIT_CANCELED, "no placement of -p '%s' applies to a command here",
		     o->placements ? o->placements : "");
	return k;
}

/* A command of the bench: itself, or SHELL -c 'CMD ARG...'. */
struct bench_cmd {
	char *line;			/* CMD ARG... as one line: --shell's script */
	char *shown;			/* the same quoted, for the outputs */
	char *sh_argv[4];
	char *const *argv;
};

/* A bench under way: its commands, its rows (command by command, a placement each). */
struct bench {
	const struct ct_bench_opts *o;
	struct bench_cmd cmd[CT_BENCH_CMDS_MAX];
	const char *shown[CT_BENCH_CMDS_MAX];
	char **prep_argv;		/* --prepare's, NULL: none */
	char **clean_argv;		/* --cleanup's, NULL: none */
	int *kind_of;
	int ncpu;
	int devnull;			/* -1: --show-output */
	int sampled;			/* CT_OBSERVE=sampled */
	struct ct_progress pr;		/* erased before any message */
	struct ct_bench_row *rows;
	size_t n, nplaces;
	size_t done, total;		/* runs, warm-up ones too */
};

/*
 * CMD ARG... as one line: as given (quote 0; --shell's script), or with
 * each word that a shell would split or expand in single quotes (quote
 * 1; what the outputs show, so that it can be pasted back).
 */
static char *join(char *const *argv, int quote)
{
	size_t len = 1, i, used = 0;
	char *s;

	for (i = 0; argv[i]; i++)
		len += 4 * strlen(argv[i]) + 3;
	s = ct_xmalloc(len);
	s[0] = '\0';
	for (i = 0; argv[i]; i++) {
		const char *a = argv[i], *c;
		int q = quote && (!*a || strpbrk(a, " \t\n'\"\\$`;&|<>()*?[]{}~#!") != NULL);

		if (i)
			s[used++] = ' ';
		if (q)
			s[used++] = '\'';
		for (c = a; *c; c++) {
			if (q && *c == '\'') {
				memcpy(s + used, "'\\''", 4);
				used += 4;
			} else {
				s[used++] = *c;
			}
		}
		if (q)
			s[used++] = '\'';
	}
	s[used] = '\0';
	return s;
}

/*
 * The command's output to /dev/null (hyperfine's default), ct-place's own
 * descriptors kept aside close-on-exec so that CMD does not inherit them.
 */
static void quiet_begin(const struct bench *b, int saved[2])
{
	int fd;

	saved[0] = saved[1] = -1;
	if (b->devnull < 0)
		return;
	fflush(NULL);
	for (fd = 1; fd <= 2; fd++) {
		saved[fd - 1] = fcntl(fd, F_DUPFD_CLOEXEC, 3);
		if (saved[fd - 1] < 0 || dup2(b->devnull, fd) < 0)
			err(CT_EXIT_CANCELED, "cannot send the command's output to /dev/null");
	}
}

static void quiet_end(int saved[2])
{
	int fd;

	for (fd = 1; fd <= 2; fd++)
		if (saved[fd - 1] >= 0) {
			dup2(saved[fd - 1], fd);
			close(saved[fd - 1]);
		}
}

/*
 * --prepare's and --cleanup's argv: SHELL -c CMD with --shell, else CMD's
 * words (split at blanks, no quoting) executed directly, as the bench's
 * own commands are.
 */
static char **aside_argv(const struct ct_bench_opts *o, const char *cmd, const char *opt)
{
	size_t n = 0, len = strlen(cmd);
	char **argv = ct_xcalloc(len / 2 + 4, sizeof(*argv));
	char *words, *w, *save = NULL;

	if (o->shell) {
		argv[0] = ct_xstrdup(o->shell);
		argv[1] = ct_xstrdup("-c");
		argv[2] = ct_xstrdup(cmd);
		return argv;
	}
	words = ct_xstrdup(cmd);
	for (w = strtok_r(words, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save))
		argv[n++] = ct_xstrdup(w);
	free(words);
	if (!n)
		ct_usage_error("%s needs a command", opt);
	return argv;
}

/* --prepare or --cleanup: unplaced, untimed; returns its exit code as a shell gives it. */
static int run_aside(const struct bench *b, char **argv, const char *opt)
{
	int saved[2], st;
	pid_t pid;

	quiet_begin(b, saved);
	pid = fork();
	if (pid == 0) {
		execvp(argv[0], argv);
		_exit(errno == ENOENT ? CT_EXIT_ENOENT : CT_EXIT_CANNOT_INVOKE);
	}
	if (pid < 0) {
		quiet_end(saved);
		err(CT_EXIT_CANCELED, "cannot fork");
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			quiet_end(saved);
			err(CT_EXIT_CANCELED, "cannot wait for %s", opt);
		}
	quiet_end(saved);
	return ct_observe_exit_code(st);
}

/*
 * One run of a row's command under its placement, into r; ct-place's
 * failures and the command's own exit.
 * Returns 0, or the signal that stopped the bench (SIGINT, SIGTERM,
 * SIGHUP: ct_spawn_interrupt_begin) before or during the run, which is
 * then no run.
 */
static int run_once(struct bench *b, const struct ct_bench_row *row, struct ct_bench_run *r)
{
	const struct ct_bench_place *p = &row->p;
	struct ct_observe_opts oo;
	struct ct_observe ob;
	char why[640];
	int saved[2], fail, k;

	if (b->o->prepare) {
		int code = run_aside(b, b->prep_argv, "--prepare");

		if (ct_spawn_interrupted())
			return ct_spawn_interrupted();
		if (code) {
			ct_progress_clear(&b->pr);
			errx(code, "--prepare '%s' exited %d", b->o->prepare, code);
		}
	}
	if (ct_spawn_interrupted())
		return ct_spawn_interrupted();
	memset(&oo, 0, sizeof(oo));
	oo.argv = b->cmd[row->cmd].argv;
	oo.kind_of = b->kind_of;
	oo.ncpu = b->ncpu;
	oo.clamp = p->how == CT_BENCH_CLAMP ? &p->cpus : NULL;
	oo.background = p->how == CT_BENCH_BACKGROUND;
	oo.sampled = b->sampled;
	quiet_begin(b, saved);
	k = ct_observe_run(&oo, &ob, &fail, why, sizeof(why));
	quiet_end(saved);
	if (ct_spawn_interrupted())
		return ct_spawn_interrupted();
	if (k < 0) {
		ct_progress_clear(&b->pr);
		errx(fail, "%s: %s", p->name, why);
	}
	r->wall_ns = (uint64_t)(ob.wall_s * 1e9 + 0.5);
	r->user_ns = ob.user_ns;
	r->sys_ns = ob.sys_ns;
	r->exec_cpu_ns = ob.exec_cpu_ns;
	r->wait_ns = ob.wait_ns;
	r->steal_ns = ob.steal_ns;
	r->lost_known = ob.lost_known;
	for (k = 0; k < CT_KIND_COUNT; k++)
		r->kind_ns[k] = ob.kind[k].ns;
	snprintf(r->method, sizeof(r->method), "%s", ob.method);
	r->status = ct_observe_exit_code(ob.status);
	return 0;
}

static const char *signal_name(int sig)
{
	return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP"
										     : "a signal";
}

/*
 * The bench stopped by sig in what ("round 8 of 40, main"): the run it cut
 * short is not a sample and nothing is written; the status is a shell's
 * for a process ended by sig.
 */
static int interrupted(struct bench *b, int sig, const char *what)
{
	ct_progress_clear(&b->pr);
	warnx("interrupted by %s in %s: the bench stops; the run cut short is not kept and "
	      "no results are written", signal_name(sig), what);
	return 128 + sig;
}

struct outputs {
	const struct ct_bench_doc *d;
};

static void write_raw(FILE *f, void *arg)
{
	ct_bench_print(f, CT_FMT_JSON, ((const struct outputs *)arg)->d);
}

static void write_md(FILE *f, void *arg)
{
	ct_bench_markdown(f, ((const struct outputs *)arg)->d);
}

static void write_svg(FILE *f, void *arg)
{
	ct_bench_svg(f, ((const struct outputs *)arg)->d);
}

/* The commands as run and as shown, the rows, the descriptors and the kinds of the cpus. */
static void bench_setup(struct bench *b, const struct ct_bench_opts *o, const struct ct_topo *t,
			const struct ct_bench_place *places, size_t np)
{
	const char *env = getenv("CT_OBSERVE");
	size_t k, i;
	int c;

	memset(b, 0, sizeof(*b));
	b->o = o;
	b->sampled = env && *env;
	for (k = 0; k < o->ncmd; k++) {
		struct bench_cmd *bc = &b->cmd[k];

		bc->line = join(o->cmds[k], 0);
		b->shown[k] = bc->shown = join(o->cmds[k], !o->shell);
		bc->argv = o->cmds[k];
		if (o->shell) {
			bc->sh_argv[0] = (char *)o->shell;
			bc->sh_argv[1] = (char *)"-c";
			bc->sh_argv[2] = bc->line;
			bc->sh_argv[3] = NULL;
			bc->argv = bc->sh_argv;
		}
	}
	if (o->prepare)
		b->prep_argv = aside_argv(o, o->prepare, "--prepare");
	if (o->cleanup)
		b->clean_argv = aside_argv(o, o->cleanup, "--cleanup");
	b->devnull = -1;
	if (!o->show_output && (b->devnull = open("/dev/null", O_RDWR | O_CLOEXEC)) < 0)
		err(CT_EXIT_CANCELED, "/dev/null");
	b->ncpu = t->ncpu;
	b->kind_of = ct_xmalloc((size_t)(t->ncpu > 0 ? t->ncpu : 1) * sizeof(*b->kind_of));
	for (c = 0; c < t->ncpu; c++) {
		const struct ct_topo_cpu *p = ct_topo_cpu(t, c);

		b->kind_of[c] = p && ct_cpuset_isset(&t->online, c) ? (int)p->kind : -1;
	}
	b->nplaces = np;
	b->n = o->ncmd * np;
	b->rows = ct_xcalloc(b->n, sizeof(*b->rows));
	for (i = 0; i < b->n; i++) {
		b->rows[i].p = places[i % np];
		b->rows[i].cmd = (unsigned)(i / np);
		b->rows[i].runs = ct_xcalloc(o->runs, sizeof(*b->rows[i].runs));
	}
	b->total = b->n * (o->warmup + o->runs);
}

/* A row's name in the progress line and messages: "main", "command 2 under main". */
static const char *row_name(const struct bench *b, const struct ct_bench_row *row, char *buf,
			    size_t len)
{
	if (b->o->ncmd < 2)
		snprintf(buf, len, "%s", row->p.name);
	else
		snprintf(buf, len, "command %u under %s", row->cmd + 1, row->p.name);
	return buf;
}

/*
 * Warm-up rounds, every row once each, nothing kept; then the timed
 * rounds, round r starting at row r so that each leads in turn.  Returns
 * 0, a failing run's status (without -i) or an interruption's.
 */
static int bench_rounds(struct bench *b)
{
	const struct ct_bench_opts *o = b->o;
	unsigned round, j;
	char why[640], name[96];
	int sig;

	for (round = 0; round < o->warmup; round++)
		for (j = 0; j < b->n; j++) {
			struct ct_bench_run r;

			row_name(b, &b->rows[j], name, sizeof(name));
			ct_progress_show(&b->pr, b->done == 0, -1, "warm-up %u of %u (%s)", round + 1,
					 o->warmup, name);
			if ((sig = run_once(b, &b->rows[j], &r)) != 0) {
				snprintf(why, sizeof(why), "warm-up round %u of %u, %s", round + 1,
					 o->warmup, name);
				return interrupted(b, sig, why);
			}
			b->done++;
		}
	for (round = 0; round < o->runs; round++)
		for (j = 0; j < b->n; j++) {
			struct ct_bench_row *row = &b->rows[(j + round) % b->n];
			struct ct_bench_run *r = &row->runs[row->n];
			double el = ct_progress_elapsed(&b->pr);

			row_name(b, row, name, sizeof(name));
			ct_progress_show(&b->pr, 0, b->done ? el / (double)b->done *
					 (double)(b->total - b->done) : -1,
					 "round %u of %u: %s, run %zu of %zu", round + 1, o->runs, name,
					 b->done + 1, b->total);
			if ((sig = run_once(b, row, r)) != 0) {
				snprintf(why, sizeof(why), "round %u of %u, %s", round + 1, o->runs, name);
				return interrupted(b, sig, why);
			}
			r->round = round + 1;
			r->order = j + 1;
			row->n++;
			b->done++;
			if (r->status && !o->ignore_failure) {
				ct_progress_clear(&b->pr);
				warnx("exit status %d in round %u under %s, the bench stops (-i keeps "
				      "going): %s", r->status, r->round, row->p.name,
				      b->shown[row->cmd]);
				return r->status;
			}
		}
	return 0;
}

/*
 * --cleanup, once for each command after all its runs: the rounds
 * interleave the commands, so after the last round, command by command.
 * Returns 0, its status where it failed, or an interruption's.
 */
static int bench_cleanup(struct bench *b)
{
	size_t k;
	char why[96];
	int code;

	for (k = 0; b->clean_argv && k < b->o->ncmd; k++) {
		code = run_aside(b, b->clean_argv, "--cleanup");
		if (ct_spawn_interrupted()) {
			snprintf(why, sizeof(why), "--cleanup after command %zu", k + 1);
			return interrupted(b, ct_spawn_interrupted(), why);
		}
		if (code) {
			ct_progress_clear(&b->pr);
			warnx("--cleanup '%s' exited %d after the runs of %s, the bench stops",
			      b->o->cleanup, code, b->shown[k]);
			return code;
		}
	}
	return 0;
}

/* The results, the files of -o DIR (all or none), then stdout. */
static void bench_write(struct bench *b, struct ct_machine *m)
{
	static const struct ct_outfile files[] = {
		{ "raw.txt", write_raw },
		{ "summary.md", write_md },
		{ "summary.svg", write_svg },
	};
	const struct ct_bench_opts *o = b->o;
	struct ct_bench_results res;
	struct ct_bench_doc d;
	struct outputs w;
	char why[640];

	ct_machine_finish(m, 1);
	ct_bench_results(b->rows, b->n, &res);
	memset(&d, 0, sizeof(d));
	d.m = m;
	d.res = &res;
	d.command = b->shown[0];
	d.commands = b->shown;
	d.ncmd = o->ncmd;
	d.runs = o->runs;
	d.warmup = o->warmup;
	d.shell = o->shell;
	d.prepare = o->prepare;
	d.cleanup = o->cleanup;
	if (o->outdir) {
		w.d = &d;
		if (ct_write_files(o->outdir, files, CT_ARRAY_SIZE(files), &w, why,
				   sizeof(why)) < 0)
			errx(CT_EXIT_CANCELED, "%s", why);
	}
	{
		/* A table: its header and footnotes wrapped to the width (term.h). */
		FILE *out = o->fmt == CT_FMT_TABLE ? ct_term_open(stdout) : stdout;

		ct_bench_print(out, o->fmt, &d);
		ct_term_close(out, stdout);
	}
	ct_place_cmd_written(stdout, "the bench's results");
	ct_bench_results_free(&res);
}

static void free_argv(char **argv)
{
	size_t i;

	for (i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

int ct_place_bench(const struct ct_bench_opts *o, const struct ct_topo *t)
{
	const char *env = getenv("CT_OBSERVE");
	struct ct_bench_place places[CT_PLACE_MAX];
	struct ct_machine m;
	struct bench b;
	char why[640];
	size_t np, i;
	int status;

	if (env && *env && strcmp(env, "sampled") != 0)
		ct_usage_error("invalid CT_OBSERVE '%s': use sampled, or leave it unset", env);
	np = bench_places(o, t, places);
	if (o->outdir && ct_outdir_ready(o->outdir, why, sizeof(why)) < 0)
		errx(CT_EXIT_CANCELED, "%s", why);
	bench_setup(&b, o, t, places, np);
	ct_machine_describe(&m);
	ct_progress_init(&b.pr, stderr, o->progress);
	if (o->ncmd > 1)
		ct_progress_note(&b.pr, "%s: %zu commands under %zu placement%s: %u warm-up and %u "
				 "timed run%s each, interleaved", ct_progname(), o->ncmd, np,
				 np == 1 ? "" : "s", o->warmup, o->runs, o->runs == 1 ? "" : "s");
	else
		ct_progress_note(&b.pr, "%s: '%s' under %zu placement%s: %u warm-up and %u timed "
				 "run%s each, interleaved", ct_progname(), b.shown[0], np,
				 np == 1 ? "" : "s", o->warmup, o->runs, o->runs == 1 ? "" : "s");
	ct_spawn_interrupt_begin();
	status = bench_rounds(&b);
	if (!status)
		status = bench_cleanup(&b);
	ct_spawn_interrupt_end();
	ct_progress_clear(&b.pr);
	if (!status)
		bench_write(&b, &m);
	for (i = 0; i < b.n; i++)
		free(b.rows[i].runs);
	free(b.rows);
	free(b.kind_of);
	for (i = 0; i < o->ncmd; i++) {
		free(b.cmd[i].line);
		free(b.cmd[i].shown);
	}
	free_argv(b.prep_argv);
	free_argv(b.clean_argv);
	if (b.devnull >= 0)
		close(b.devnull);
	return status;
}
