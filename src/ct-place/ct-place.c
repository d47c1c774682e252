/*
 * ct-place - the kinds of core of this machine, where a thread can be
 * placed on them, and what each placement gets: the suite's main job.
 *
 * main() parses the options into struct place_opts, reads and classifies
 * the machine once (libct's core-kind rules, src/lib/machine/topo.c),
 * then hands both to the function of the chosen mode.  A new mode is a
 * new value of enum place_mode, its options, and its function.  The work
 * is in this directory's own library: the placements in plan.c, the
 * comparison in run.c (one placement's run in jobs.c), the listings
 * (--list, --cpus-of, --dry-run) in list.c, -- CMD run or observed in
 * command.c and observe*.c, --bench in bench*.c.
 */
#include "config.h"

#include <err.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool/cli.h"
#include "workloads/clock.h"
#include "core/common.h"
#include "report/isa.h"
#include "ct-place/bench.h"
#include "ct-place/child.h"
#include "ct-place/placements.h"
#include "machine/declared.h"
#include "report/report.h"
#include "core/parse.h"
#include "core/outfile.h"
#include "ct-place/command.h"
#include "ct-place/run.h"
#include "ct-place/list.h"
#include "ct-place/measure.h"
#include "ct-place/plan.h"
#include "tool/progress.h"
#include "machine/topo.h"

enum place_mode {
	MODE_DEFAULT,			/* no mode option given: the comparison */
	MODE_LIST,			/* -l, --list */
	MODE_CPUS_OF,			/* --cpus-of KIND */
	MODE_DRY_RUN,			/* --dry-run: the placement plan */
	MODE_EXEC,			/* -- CMD [ARG...] under a placement */
	MODE_BENCH,			/* --bench -- CMD [ARG...] */
	MODE_CHILD			/* --child-run: process-background's re-run */
};

struct place_opts {
	enum place_mode mode;
	enum ct_format fmt;
	const char *sysroot;		/* --sysroot DIR, NULL: this machine */
	struct ct_place_sel sel;		/* --cpus-of KIND */
	/* The comparison and the placements. */
	struct ct_cli cli;		/* -f -q -r -s -S as in every kernel tool */
	struct ct_cli_isa isa;		/* --isa */
	const char *placements;		/* -p LIST */
	const char *outdir;		/* -o DIR */
	const char *kind_arg;		/* -k KIND (with a command) */
	const char *cpus_arg;		/* -c CPULIST (with a command) */
	const char *child_spec;		/* --child-run */
	uint64_t clock_adds;		/* -n: the clock's adds per sample, 0: default */
	enum ct_progress_mode progress;	/* --progress, --no-progress */
	char **cmd;			/* CMD [ARG...] */
	int observe;			/* --observe: run CMD and report where it ran */
	int fmt_given;			/* -f was given (--observe's report to stdout) */
	int measure;			/* -l --measure: the kinds checked by measurement */
	/* --bench (src/ct-place/bench.c). */
	int bench;
	int bench_only;			/* an option of --bench's own was given */
	const char *warmup, *prepare, *cleanup, *shell;
	int ignore_failure, show_output;
	char **cmds[CT_BENCH_CMDS_MAX];	/* --bench's commands: CMD split at each -- */
	size_t ncmd;
};

/* The options, in --help's sections: the modes, then the rest. */
static const struct ct_opt_use modes[] = {
	{ CT_O_LIST, NULL },
	{ CT_O_MEASURE, NULL },
	{ CT_O_CPUS_OF, NULL },
	{ CT_O_DRY_RUN, NULL },
};
static const struct ct_opt_use observe[] = {
	{ CT_O_OBSERVE, NULL },
};
static const struct ct_opt_use bench[] = {
	{ CT_O_BENCH, NULL },
	{ CT_O_CLEANUP, NULL },
	{ CT_O_IGNORE_FAILURE, NULL },
	{ CT_O_PREPARE, NULL },
	{ CT_O_RUNS, NULL },
	{ CT_O_SHELL, NULL },
	{ CT_O_SHOW_OUTPUT, NULL },
	{ CT_O_WARMUP, NULL },
};
static const struct ct_opt_use opts[] = {
	{ CT_O_ADDS, "the clock's adds per sample (default 50000000, 10000000 with -q)" },
	{ CT_O_PLACEMENTS, NULL },
	{ CT_O_OUTPUT, NULL },
	{ CT_O_KIND, "with a command: limit it to the usable cpus of KIND (performance, "
		     "efficiency, low-power; P, E, LP)" },
	{ CT_O_CPU, "with a command: limit it to the cpus of CPULIST (0-3,8, as taskset -c "
		    "takes it)" },
	{ CT_O_CPUS, NULL },
	{ CT_O_KINDS, NULL },
	{ CT_O_ISA, NULL },
	{ CT_O_LIST_ISA, NULL },
	{ CT_O_FORMAT, NULL },
	{ CT_O_PRECISION, NULL },
	{ CT_O_MAX_TIME, NULL },
	{ CT_O_QUICK, NULL },
	{ CT_O_REPS, "timed samples per kernel (default 15; also REPS=N); with --bench, runs "
		     "of each command per placement (default 10; also --runs)" },
	{ CT_O_PROGRESS, NULL },
	{ CT_O_NO_PROGRESS, NULL },
	{ CT_O_SAMPLES, NULL },
	{ CT_O_SETTLE, NULL },
	{ CT_O_SYSROOT, NULL },
	{ CT_O_WIDTH, NULL },
	{ CT_O_WIDE, NULL },
	{ CT_O_HELP, NULL },
	{ CT_O_VERSION, NULL },
	/* process-background's re-run of ct-place: not for people. */
	{ CT_O_CHILD_RUN, NULL },
};

static void usage(void)
{
	printf("Usage: %s [-p LIST] [-o DIR] [options]\n"
	       "       %s -l [-f FMT] [--sysroot DIR]\n"
	       "       %s -l --measure [-f FMT] [--kinds KIND=CPULIST]...\n"
	       "       %s --cpus-of KIND [--sysroot DIR]\n"
	       "       %s --dry-run [-p LIST] [--sysroot DIR]\n"
	       "       %s {-p process-background | -k KIND | -c CPULIST} -- CMD [ARG...]\n"
	       "       %s [-p process-background | -k KIND | -c CPULIST] --observe [-f FMT]\n"
	       "                [-o DIR] -- CMD [ARG...]\n"
	       "       %s --bench [-p LIST | -k KIND | -c CPULIST] [-r RUNS] [--warmup N]\n"
	       "                [--prepare CMD] [--cleanup CMD] [--shell SHELL] [-i]\n"
	       "                [--show-output] [-f FMT] [-o DIR] -- CMD [ARG...] [-- CMD...]\n"
	       "\n"
	       "The kinds of core of this machine, the placements a thread can be given on\n"
	       "them, and what each placement gets: with no mode, the add-chain clock, FMA\n"
	       "in L1, the streaming sum and the memory latency side by side for every\n"
	       "placement.\n"
	       "\n"
	       "Modes:\n",
	       ct_progname(), ct_progname(), ct_progname(), ct_progname(), ct_progname(),
	       ct_progname(), ct_progname(), ct_progname());
	ct_opts_help(stdout, modes, CT_ARRAY_SIZE(modes));
	printf("  -- CMD [ARG...]      run CMD under a process placement (-p, -k or -c)\n");
	ct_opts_help(stdout, observe, CT_ARRAY_SIZE(observe));
	printf("\n"
	       "A command under every placement (--bench; default placements: main,\n"
	       "process-background and each pin-KIND that applies); several commands,\n"
	       "each after its own --, are each compared with the first under every\n"
	       "placement:\n");
	ct_opts_help(stdout, bench, CT_ARRAY_SIZE(bench));
	printf("\n"
	       "Options:\n");
	ct_opts_help(stdout, opts, CT_ARRAY_SIZE(opts));
	ct_opts_output_help(stdout);
	printf("\n"
	       "Exit status: 0 ok, 1 failure, 2 usage, 3 ISA unusable, 4 no such kind here;\n"
	       "with a command: 125 ct-place failed (a placement it cannot have too),\n"
	       "126 CMD cannot run, 127 CMD not found, else CMD's status; --bench stopped\n"
	       "by SIGINT 130, SIGTERM 143.  See ct-place(1) and coretype(7).\n");
}

/* --cpus-of: a kind's name, or a rank (digits). */
static void parse_selector(struct place_opts *o, const char *arg)
{
	o->sel.arg = arg;
	if (ct_kinds_kind_parse(arg, &o->sel.kind) == 0)
		return;
	if (arg[0] >= '0' && arg[0] <= '9') {
		o->sel.by_rank = 1;
		o->sel.rank = (int)ct_u64_or_usage("--cpus-of", arg, 0, 1023);
		return;
	}
	ct_usage_error("invalid kind '%s': use performance, efficiency, low-power (P, E, LP) "
		       "or a rank", arg);
}

/*
 * --bench's commands: the words after the first -- split at each later
 * -- (hyperfine takes quoted commands; here each keeps its own words, so
 * that none needs a shell).  A literal -- for a command: --shell, and the
 * command quoted as one word.
 */
static void bench_commands(struct place_opts *o, char **argv)
{
	size_t i, start = 0;

	for (i = 0;; i++) {
		int end = !argv[i];

		if (!end && strcmp(argv[i], "--") != 0)
			continue;
		if (i == start)
			ct_usage_error("an empty command%s: --bench ... -- CMD [ARG...] [-- CMD...]",
				       o->ncmd ? " after --" : "");
		if (o->ncmd == CT_BENCH_CMDS_MAX)
			ct_usage_error("more than %d commands", CT_BENCH_CMDS_MAX);
		o->cmds[o->ncmd++] = argv + start;
		if (end)
			return;
		argv[i] = NULL;
		start = i + 1;
	}
}

/* The options' getopt switch, the modes and --bench's own in it. */
static void parse_loop(struct place_opts *o, int argc, char **argv)
{
	struct ct_getopt g;
	int c;

	/* Options stop at CMD, so CMD's own options are left to it. */
	ct_getopt_init(&g, 1);
	ct_getopt_add(&g, modes, CT_ARRAY_SIZE(modes));
	ct_getopt_add(&g, observe, CT_ARRAY_SIZE(observe));
	ct_getopt_add(&g, bench, CT_ARRAY_SIZE(bench));
	ct_getopt_add(&g, opts, CT_ARRAY_SIZE(opts));
	while ((c = ct_getopt_next(&g, argc, argv)) != -1) {
		o->fmt_given |= c == 'f';
		switch (c) {
		case 'c':
			o->cpus_arg = optarg;
			break;
		case 'i':
			o->ignore_failure = o->bench_only = 1;
			break;
		case 'k':
			o->kind_arg = optarg;
			break;
		case 'l':
			o->mode = MODE_LIST;
			break;
		case 'n':
			o->clock_adds = ct_u64_or_usage("--adds", optarg, 1, CT_CLOCK_ADDS_MAX);
			break;
		case 'o':
			o->outdir = ct_outdir_arg(optarg);
			break;
		case 'p':
			o->placements = optarg;
			break;
		case CT_OPT_BENCH:
			o->bench = 1;
			break;
		case CT_OPT_CLEANUP:
			o->cleanup = optarg;
			o->bench_only = 1;
			break;
		case CT_OPT_PREPARE:
			o->prepare = optarg;
			o->bench_only = 1;
			break;
		case CT_OPT_SHELL:
			if (!*optarg)
				ct_usage_error("--shell needs a shell, or none");
			o->shell = strcmp(optarg, "none") == 0 ? NULL : optarg;
			o->bench_only = 1;
			break;
		case CT_OPT_SHOW_OUTPUT:
			o->show_output = o->bench_only = 1;
			break;
		case CT_OPT_WARMUP:
			o->warmup = optarg;
			o->bench_only = 1;
			break;
		case CT_OPT_CHILD_RUN:
			o->mode = MODE_CHILD;
			o->child_spec = optarg;
			break;
		case CT_OPT_CPUS_OF:
			o->mode = MODE_CPUS_OF;
			parse_selector(o, optarg);
			break;
		case CT_OPT_DRY_RUN:
			o->mode = MODE_DRY_RUN;
			break;
		case CT_OPT_KINDS:
			ct_kinds_option(optarg);
			break;
		case CT_OPT_MEASURE:
			o->measure = 1;
			break;
		case CT_OPT_NO_PROGRESS:
			o->progress = CT_PROGRESS_OFF;
			break;
		case CT_OPT_OBSERVE:
			o->observe = 1;
			break;
		case CT_OPT_PROGRESS:
			o->progress = CT_PROGRESS_ON;
			break;
		case CT_OPT_SYSROOT:
			if (!*optarg)
				ct_usage_error("--sysroot needs a directory");
			o->sysroot = optarg;
			break;
		default:
			if (ct_cli_isa_option(&o->isa, c, optarg))
				break;
			if (!ct_cli_option(&o->cli, c, optarg, usage))
				ct_usage_error("unhandled option");
			break;
		}
	}
}

/* The mode the options and a command make, and the options it refuses. */
static void check_options(struct place_opts *o, int argc, char **argv, int dashdash)
{
	if (optind < argc && (!dashdash || o->mode != MODE_DEFAULT))
		ct_usage_error("unexpected argument '%s'%s", argv[optind],
			       dashdash ? "" : " (a command goes after --)");
	if (o->bench_only && !o->bench)
		ct_usage_error("-i, --cleanup, --prepare, --shell, --show-output and --warmup "
			       "apply to --bench");
	if (o->bench && optind == argc)
		ct_usage_error("--bench runs a command: ct-place --bench ... -- CMD [ARG...]");
	if (o->bench && o->observe)
		ct_usage_error("--bench observes every run already: leave out --observe");
	if (o->bench && o->mode != MODE_DEFAULT)
		ct_usage_error("--bench is a mode of its own: leave out -l, --cpus-of and --dry-run");
	if (optind < argc && o->bench) {
		o->mode = MODE_BENCH;
		bench_commands(o, argv + optind);
	} else if (optind < argc) {
		o->mode = MODE_EXEC;
		o->cmd = argv + optind;
		if (!o->kind_arg && !o->cpus_arg && !o->placements && !o->observe)
			ct_usage_error("a command needs a placement: -p process-background, -k KIND or -c CPULIST");
	} else if (o->observe) {
		ct_usage_error("--observe applies to a command: ct-place --observe ... -- CMD [ARG...]");
	} else if (o->kind_arg || o->cpus_arg) {
		ct_usage_error("%s applies to a command: ct-place %s ... -- CMD [ARG...]",
			       o->kind_arg ? "-k" : "-c", o->kind_arg ? "-k KIND" : "-c CPULIST");
	}
	if (o->outdir && o->mode != MODE_DEFAULT && o->mode != MODE_BENCH && !o->observe)
		ct_usage_error("-o applies to the comparison, --bench and --observe only");
	if ((o->cli.precision || o->cli.max_time) && o->mode != MODE_DEFAULT)
		ct_usage_error("%s applies to the comparison only",
			       o->cli.precision ? "--precision" : "--max-time");
	if (o->measure && o->mode != MODE_LIST)
		ct_usage_error("--measure applies to the listing: ct-place -l --measure");
	if (o->measure && o->sysroot)
		ct_usage_error("--measure needs the live machine: --sysroot reads a recorded one");
	if (o->sysroot && (o->outdir || o->mode == MODE_EXEC || o->mode == MODE_BENCH ||
			   o->mode == MODE_CHILD))
		ct_usage_error("--sysroot reads a recorded machine: only -l, --cpus-of and --dry-run apply");
	/* A recorded machine cannot be measured: listing it is the default. */
	if (o->sysroot && o->mode == MODE_DEFAULT)
		o->mode = MODE_LIST;
	if (o->cli.samples && o->mode != MODE_DEFAULT)
		ct_usage_error("-s applies to the comparison only");
	if (o->clock_adds && o->mode != MODE_DEFAULT)
		ct_usage_error("-n applies to the comparison only");
}

static void parse_options(struct place_opts *o, int argc, char **argv)
{
	int i, dashdash = 0;

	memset(o, 0, sizeof(*o));
	ct_cli_init(&o->cli);
	ct_cli_isa_init(&o->isa);
	/*
	 * With a command, a status of ct-place's own must not look like one
	 * of CMD's: every failure before CMD runs is 125, as for env(1).
	 */
	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			/* "--" and no command: usage errors are usage errors (2). */
			if (i + 1 < argc)
				ct_set_usage_status(CT_EXIT_CANCELED);
			dashdash = 1;
			break;
		}
	parse_loop(o, argc, argv);
	o->fmt = o->cli.fmt;
	if (o->isa.list) {
		ct_isa_print(stdout, o->fmt);
		exit(CT_EXIT_OK);
	}
	ct_kinds_finish();
	check_options(o, argc, argv, dashdash);
}

/* The main job: every selected placement, the four kernels in each. */
static int mode_compare(const struct place_opts *o, const struct ct_topo *t)
{
	struct ct_placements_args pc;

	memset(&pc, 0, sizeof(pc));
	pc.cli = &o->cli;
	pc.isa_req = o->isa.req;
	pc.placements = o->placements;
	pc.outdir = o->outdir;
	pc.fmt = o->fmt;
	pc.progress = o->progress;
	pc.clock_adds = o->clock_adds;
	/*
	 * The main job runs its kernels with the floor off, their work fixed
	 * above it; -n's is the user's, held to ct-clock's floor.
	 */
	if (o->clock_adds) {
		char why[400];
		int rc = ct_clock_adds_check(o->clock_adds, why, sizeof(why));

		if (rc < 0)
			ct_cli_harness_failed(rc, why, "raise -n");
	}
	return ct_placements_side_by_side(&pc, t);
}

/* --dry-run: the plan of the placements -p selects. */
static int mode_dry_run(const struct place_opts *o, const struct ct_topo *t)
{
	struct ct_placement plan[CT_PLACE_MAX], sel[CT_PLACE_MAX];
	size_t n = ct_place_plan(t, plan, CT_PLACE_MAX);

	n = ct_place_select(o->placements, plan, n, sel);
	return ct_place_plan_print(t, sel, n, o->fmt);
}

/* -- CMD, observed or not. */
static int mode_exec(const struct place_opts *o, const struct ct_topo *t)
{
	struct ct_place_cmd pc;

	memset(&pc, 0, sizeof(pc));
	pc.cmd = o->cmd;
	pc.kind_arg = o->kind_arg;
	pc.cpus_arg = o->cpus_arg;
	pc.placements = o->placements;
	pc.outdir = o->outdir;
	pc.fmt = o->fmt;
	pc.fmt_given = o->fmt_given;
	return o->observe ? ct_place_cmd_observe(&pc, t) : ct_place_cmd_exec(&pc, t);
}

/* --bench -- CMD [-- CMD...]: each under every placement, compared to main and to the first. */
static int mode_bench(const struct place_opts *o, const struct ct_topo *t)
{
	struct ct_bench_opts bo;

	memset(&bo, 0, sizeof(bo));
	memcpy(bo.cmds, o->cmds, sizeof(bo.cmds));
	bo.ncmd = o->ncmd;
	bo.placements = o->placements;
	bo.kind_arg = o->kind_arg;
	bo.cpus_arg = o->cpus_arg;
	bo.runs = o->cli.reps ? (unsigned)ct_u64_or_usage("-r/--runs", o->cli.reps, 1,
							  CT_BENCH_RUNS_MAX)
			      : CT_BENCH_RUNS_DEFAULT;
	bo.warmup = o->warmup ? (unsigned)ct_u64_or_usage("--warmup", o->warmup, 0,
							  CT_BENCH_RUNS_MAX)
			      : CT_BENCH_WARMUP_DEFAULT;
	bo.prepare = o->prepare;
	bo.cleanup = o->cleanup;
	bo.shell = o->shell;
	bo.ignore_failure = o->ignore_failure;
	bo.show_output = o->show_output;
	bo.outdir = o->outdir;
	bo.fmt = o->fmt;
	bo.progress = o->progress;
	return ct_place_bench(&bo, t);
}

/* --child-run: process-background's re-run, samples to the parent. */
static int mode_child(const struct place_opts *o)
{
	struct ct_placements_opts co;

	memset(&co, 0, sizeof(co));
	if (ct_placements_parse_child_spec(o->child_spec, &co) < 0)
		ct_usage_error("invalid --child-run '%s'", o->child_spec);
	snprintf(co.stream_reason, sizeof(co.stream_reason), "as the parent run chose");
	return ct_placements_child(&co, stdin, stdout);
}


int main(int argc, char **argv)
{
	struct place_opts o;
	struct ct_topo t;
	char why[512];
	int rc = CT_EXIT_FAIL;

	ct_init(argv);
	parse_options(&o, argc, argv);
	if (o.mode == MODE_CHILD) {
		ct_signals_quiet();
		return mode_child(&o);
	}
	if (ct_topo_load(&t, o.sysroot, why, sizeof(why)) < 0)
		errx(o.mode == MODE_EXEC || o.mode == MODE_BENCH ? CT_EXIT_CANCELED : CT_EXIT_FAIL, "%s", why);
	switch (o.mode) {
	case MODE_DEFAULT:
		rc = mode_compare(&o, &t);
		break;
	case MODE_LIST:
		rc = o.measure ? ct_place_list_measure(&t, o.fmt) : ct_place_list(&t, o.fmt);
		break;
	case MODE_CPUS_OF:
		rc = ct_place_cpus_of(&t, &o.sel);
		break;
	case MODE_DRY_RUN:
		rc = mode_dry_run(&o, &t);
		break;
	case MODE_EXEC:
		rc = mode_exec(&o, &t);
		break;
	case MODE_BENCH:
		rc = mode_bench(&o, &t);
		break;
	case MODE_CHILD:
		break;
	}
	ct_topo_free(&t);
	return rc;
}
