/*
 * ct-place - the kinds of core of this machine, where a thread can be
 * placed on them, and what each placement gets: the suite's main job.
 *
 * main() parses the options into struct place_opts, reads and classifies
 * the machine once (libct's core-kind rules, src/lib/topo.c), then hands
 * both to the function of the chosen mode.  A new mode is a new value of
 * enum place_mode, its options, and its function.  The measuring is in
 * libct: placements in src/lib/place.c, the comparison in
 * src/lib/compare.c.
 */
#include "config.h"

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <unistd.h>

#include "ct/cli.h"
#include "ct/clock.h"
#include "ct/common.h"
#include "ct/compare.h"
#include "ct/cpuset.h"
#include "ct/fma.h"
#include "ct/isa.h"
#include "ct/kinds.h"
#include "ct/machine.h"
#include "ct/observe.h"
#include "ct/out.h"
#include "ct/outfile.h"
#include "ct/parse.h"
#include "ct/place.h"
#include "ct/progress.h"
#include "ct/stream.h"
#include "ct/svg.h"
#include "ct/topo.h"

enum place_mode {
	MODE_DEFAULT,			/* no mode option given: the comparison */
	MODE_LIST,			/* -l, --list */
	MODE_CPUS_OF,			/* --cpus-of KIND */
	MODE_DRY_RUN,			/* --dry-run: the placement plan */
	MODE_EXEC,			/* -- CMD [ARG...] under a placement */
	MODE_CHILD			/* --child-run: process-background's re-run */
};

/* Long options without a short form: codes above any character. */
enum {
	OPT_CPUS_OF = 0x200,
	OPT_SYSROOT,
	OPT_DRY_RUN,
	OPT_CHILD,
	OPT_PROGRESS,
	OPT_NO_PROGRESS,
	OPT_KINDS,
	OPT_OBSERVE
};

/* Statuses of the run-a-command mode, as env(1) and nice(1) have them. */
enum {
	EXIT_CANCELED = 125,		/* ct-place itself failed */
	EXIT_CANNOT_INVOKE = 126,	/* CMD was found but could not run */
	EXIT_ENOENT = 127		/* CMD was not found */
};

struct place_opts {
	enum place_mode mode;
	const char *mode_opt;		/* the option that chose the mode */
	enum ct_format fmt;
	const char *sysroot;		/* --sysroot DIR, NULL: this machine */
	/* --cpus-of: a kind, or a rank when by_rank */
	const char *sel_arg;
	enum ct_kind sel_kind;
	int by_rank;
	int sel_rank;
	/* The comparison and the placements. */
	struct ct_cli cli;		/* -f -q -r -s -S as in every kernel tool */
	struct ct_cli_isa isa;		/* --isa */
	const char *placements;		/* -p LIST */
	const char *outdir;		/* -o DIR */
	const char *kind_arg;		/* -k KIND (with a command) */
	const char *cpus_arg;		/* -c CPULIST (with a command) */
	const char *child_spec;		/* --child-run */
	enum ct_progress_mode progress;	/* --progress, --no-progress */
	char **cmd;			/* CMD [ARG...] */
	int observe;			/* --observe: run CMD and report where it ran */
	int fmt_given;			/* -f was given (--observe's report to stdout) */
};

/* A cpulist of up to CT_CPUSET_MAX cpus fits (worst case "0,2,4,..."). */
#define LIST_LEN (6 * CT_CPUSET_MAX)

static void usage(void)
{
	printf("Usage: %s [-p LIST] [-o DIR] [options]\n"
	       "       %s -l [-f FMT] [--sysroot DIR]\n"
	       "       %s --cpus-of KIND [--sysroot DIR]\n"
	       "       %s --dry-run [-p LIST] [--sysroot DIR]\n"
	       "       %s {-p process-background | -k KIND | -c CPULIST} -- CMD [ARG...]\n"
	       "       %s [-p process-background | -k KIND | -c CPULIST] --observe [-f FMT]\n"
	       "                [-o DIR] -- CMD [ARG...]\n"
	       "\n"
	       "The kinds of core of this machine, the placements a thread can be given on\n"
	       "them, and what each placement gets: with no mode, the add-chain clock, FMA\n"
	       "in L1 and the streaming sum side by side for every placement.\n"
	       "\n"
	       "Modes:\n"
	       "  -l, --list           list the usable cpus by kind, rank and evidence\n"
	       "      --cpus-of KIND   print the usable cpus of KIND (performance, efficiency,\n"
	       "                       low-power, or a rank number) as a cpulist for taskset\n"
	       "      --dry-run        print the placement plan and run nothing\n"
	       "  -- CMD [ARG...]      run CMD under a process placement (-p, -k or -c)\n"
	       "      --observe        run CMD (placed or not), then report how the CPU time\n"
	       "                       of its process tree split over the kinds of core (to\n"
	       "                       stderr; to stdout with -f; env CT_OBSERVE=sampled\n"
	       "                       forces the /proc sampler)\n"
	       "\n"
	       "Options:\n"
	       "  -p, --placements LIST  comma-separated: main, thread, thread-background,\n"
	       "                       process-background, pin-KIND (default: all that apply)\n"
	       "  -o, --output DIR     also write DIR/raw.txt, DIR/summary.md and the chart\n"
	       "                       DIR/summary.svg (--observe: raw.txt and summary.md)\n"
	       "  -k, --kind KIND      with a command: limit it to the usable cpus of KIND\n"
	       "  -c, --cpus CPULIST   with a command: limit it to CPULIST\n"
	       "      --kinds KIND=CPULIST  declare the kind of cpus (performance, efficiency,\n"
	       "                       low-power; P, E, LP) in place of detecting it; repeat\n"
	       "                       for each kind (also CT_KINDS='KIND=CPULIST;...')\n"
	       "      --isa ISA        FMA and stream kernel ISA: auto (default; the stream\n"
	       "                       kernel's by ct-stream's rule; also CT_ISA=ISA),\n"
	       "                       avx512, avx2, neon or scalar\n"
	       "      --list-isa       list the ISAs built in and usable here, and exit\n"
	       "  -f, --format FMT     output format: table (default), tsv or json\n"
	       "      --precision PCT  sample each placement until the 95%% interval of\n"
	       "                       every median is within +-PCT percent of it, or\n"
	       "                       --max-time passed\n"
	       "      --max-time SEC   take no more samples of a placement after SEC\n"
	       "                       seconds (default 60 with --precision; none without)\n"
	       "  -q, --quick          a smoke run: fewer, shorter samples (also QUICK=1)\n"
	       "  -r, --reps N         timed samples per kernel (default 15; also REPS=N)\n"
	       "      --progress       show a progress line on standard error even when it\n"
	       "                       is not a terminal; --no-progress: never\n"
	       "  -s, --samples        with -f json, also write one record per sample\n"
	       "  -S, --settle MS      settle spin before the warm-up, in ms (default 200)\n"
	       "      --sysroot DIR    read the machine recorded under DIR instead of this\n"
	       "                       one; nothing is pinned or run\n"
	       "  -h, --help           print this help and exit\n"
	       "  -V, --version        print the version and the ISAs built and usable\n"
	       "\n"
	       "Exit status: 0 ok, 1 failure, 2 usage, 3 ISA unusable, 4 no such kind here;\n"
	       "with a command: 125 ct-place failed, 126 CMD cannot run, 127 CMD not found,\n"
	       "else CMD's status.  See ct-place(1) and coretype(7).\n",
	       ct_progname(), ct_progname(), ct_progname(), ct_progname(), ct_progname(),
	       ct_progname());
}

static void set_mode(struct place_opts *o, enum place_mode m, const char *opt)
{
	if (o->mode != MODE_DEFAULT && o->mode != m)
		ct_usage_error("%s and %s cannot be used together", o->mode_opt, opt);
	o->mode = m;
	o->mode_opt = opt;
}

/* --cpus-of: a kind's name, or a rank (digits). */
static void parse_selector(struct place_opts *o, const char *arg)
{
	o->sel_arg = arg;
	if (ct_kind_parse(arg, &o->sel_kind) == 0)
		return;
	if (arg[0] >= '0' && arg[0] <= '9') {
		o->by_rank = 1;
		o->sel_rank = (int)ct_u64_or_usage("--cpus-of", arg, 0, 1023);
		return;
	}
	ct_usage_error("invalid kind '%s': use performance, efficiency, low-power or a rank", arg);
}

static void parse_options(struct place_opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "child-run", required_argument, NULL, OPT_CHILD },
		{ "cpus", required_argument, NULL, 'c' },
		{ "cpus-of", required_argument, NULL, OPT_CPUS_OF },
		{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "isa", required_argument, NULL, CT_CLI_OPT_ISA },
		{ "kind", required_argument, NULL, 'k' },
		{ "kinds", required_argument, NULL, OPT_KINDS },
		{ "list", no_argument, NULL, 'l' },
		{ "list-isa", no_argument, NULL, CT_CLI_OPT_LIST_ISA },
		{ "max-time", required_argument, NULL, CT_CLI_OPT_MAX_TIME },
		{ "observe", no_argument, NULL, OPT_OBSERVE },
		{ "output", required_argument, NULL, 'o' },
		{ "placements", required_argument, NULL, 'p' },
		{ "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
		{ "precision", required_argument, NULL, CT_CLI_OPT_PRECISION },
		{ "progress", no_argument, NULL, OPT_PROGRESS },
		{ "quick", no_argument, NULL, 'q' },
		{ "reps", required_argument, NULL, 'r' },
		{ "samples", no_argument, NULL, 's' },
		{ "settle", required_argument, NULL, 'S' },
		{ "sysroot", required_argument, NULL, OPT_SYSROOT },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c, i, dashdash = 0;

	memset(o, 0, sizeof(*o));
	ct_cli_init(&o->cli);
	ct_cli_isa_init(&o->isa);
	/*
	 * With a command, a status of ct-place's own must not look like one
	 * of CMD's: every failure before CMD runs is 125, as for env(1).
	 */
	for (i = 1; i < argc; i++)
		if (strcmp(argv[i], "--") == 0) {
			ct_set_usage_status(EXIT_CANCELED);
			dashdash = 1;
			break;
		}
	/* '+': options stop at CMD, so CMD's own options are left to it. */
	while ((c = getopt_long(argc, argv, "+c:f:hk:lo:p:qr:sS:V", longopts, NULL)) != -1) {
		o->fmt_given |= c == 'f';
		switch (c) {
		case 'c':
			o->cpus_arg = optarg;
			break;
		case 'k':
			o->kind_arg = optarg;
			break;
		case 'l':
			set_mode(o, MODE_LIST, "--list");
			break;
		case 'o':
			if (!*optarg)
				ct_usage_error("-o needs a directory");
			o->outdir = optarg;
			break;
		case 'p':
			o->placements = optarg;
			break;
		case OPT_CPUS_OF:
			set_mode(o, MODE_CPUS_OF, "--cpus-of");
			parse_selector(o, optarg);
			break;
		case OPT_DRY_RUN:
			set_mode(o, MODE_DRY_RUN, "--dry-run");
			break;
		case OPT_CHILD:
			set_mode(o, MODE_CHILD, "--child-run");
			o->child_spec = optarg;
			break;
		case OPT_PROGRESS:
			o->progress = CT_PROGRESS_ON;
			break;
		case OPT_NO_PROGRESS:
			o->progress = CT_PROGRESS_OFF;
			break;
		case OPT_KINDS:
			ct_kinds_option(optarg);
			break;
		case OPT_OBSERVE:
			o->observe = 1;
			break;
		case OPT_SYSROOT:
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
	o->fmt = o->cli.fmt;
	ct_kinds_finish();
	if (optind < argc && (!dashdash || o->mode != MODE_DEFAULT))
		ct_usage_error("unexpected argument '%s'%s", argv[optind],
			       dashdash ? "" : " (a command goes after --)");
	if (optind < argc) {
		set_mode(o, MODE_EXEC, "a command");
		o->cmd = argv + optind;
		if (!o->kind_arg && !o->cpus_arg && !o->placements && !o->observe)
			ct_usage_error("a command needs a placement: -p process-background, -k KIND or -c CPULIST");
		if (!!o->kind_arg + !!o->cpus_arg + !!o->placements > 1)
			ct_usage_error("use one of -p, -k and -c with a command");
	} else if (o->observe) {
		ct_usage_error("--observe applies to a command: ct-place --observe ... -- CMD [ARG...]");
	} else if (o->kind_arg || o->cpus_arg) {
		ct_usage_error("%s applies to a command: ct-place %s ... -- CMD [ARG...]",
			       o->kind_arg ? "-k" : "-c", o->kind_arg ? "-k KIND" : "-c CPULIST");
	}
	if (o->outdir && o->mode != MODE_DEFAULT && !o->observe)
		ct_usage_error("-o applies to the comparison and to --observe only");
	if ((o->cli.precision || o->cli.max_time) && o->mode != MODE_DEFAULT)
		ct_usage_error("%s applies to the comparison only",
			       o->cli.precision ? "--precision" : "--max-time");
	if (o->sysroot && (o->outdir || o->mode == MODE_EXEC || o->mode == MODE_CHILD))
		ct_usage_error("--sysroot reads a recorded machine: only -l, --cpus-of and --dry-run apply");
	/* A recorded machine cannot be measured: listing it is the default. */
	if (o->sysroot && o->mode == MODE_DEFAULT)
		o->mode = MODE_LIST;
}

/* "4900" from kHz, "-" when unknown (TSV). */
static const char *mhz_cell(long khz, char *buf, size_t len)
{
	if (khz <= 0)
		return "-";
	snprintf(buf, len, "%ld", (khz + 500) / 1000);
	return buf;
}

static const char *long_cell(long v, char *buf, size_t len)
{
	if (v < 0)
		return "-";
	snprintf(buf, len, "%ld", v);
	return buf;
}

static void list_tsv(const struct ct_topo *t)
{
	char ev[128], mhz[32], cap[32];
	int c;

	printf("#cpu\tkind\trank\tevidence\tmax_mhz\tcapacity\n");
	for (c = ct_cpuset_next(&t->usable, 0); c >= 0; c = ct_cpuset_next(&t->usable, c + 1)) {
		const struct ct_topo_cpu *p = ct_topo_cpu(t, c);

		printf("%d\t%s\t%d\t%s\t%s\t%s\n", c, ct_kind_name(p->kind), p->rank,
		       ct_evidence_format(p->evidence, ev, sizeof(ev)),
		       mhz_cell(p->max_khz, mhz, sizeof(mhz)),
		       long_cell(p->capacity, cap, sizeof(cap)));
	}
}

static void json_set(const char *key, const struct ct_cpuset *s, char *buf)
{
	ct_json_str(stdout, key, ct_cpuset_format(s, buf, LIST_LEN));
}

static void list_json(const struct ct_topo *t)
{
	char *buf = ct_xmalloc(LIST_LEN);
	char ev[128];
	int c;

	ct_json_begin(stdout, "topology");
	ct_json_str(stdout, "tool", "ct-place");
	ct_json_str(stdout, "model", t->model);
	ct_json_bool(stdout, "recorded", t->recorded);
	json_set("cpus_possible", &t->possible, buf);
	json_set("cpus_online", &t->online, buf);
	json_set("cpus_allowed", &t->allowed, buf);
	json_set("cpus_usable", &t->usable, buf);
	ct_json_int(stdout, "ranks", t->nranks);
	ct_json_str(stdout, "rules", t->rules);
	ct_json_str(stdout, "basis", t->basis);
	ct_json_end(stdout);
	for (c = ct_cpuset_next(&t->usable, 0); c >= 0; c = ct_cpuset_next(&t->usable, c + 1)) {
		const struct ct_topo_cpu *p = ct_topo_cpu(t, c);

		ct_json_begin(stdout, "cpu");
		ct_json_str(stdout, "tool", "ct-place");
		ct_json_int(stdout, "cpu", c);
		ct_json_str(stdout, "kind", ct_kind_name(p->kind));
		ct_json_int(stdout, "rank", p->rank);
		ct_json_str(stdout, "evidence", ct_evidence_format(p->evidence, ev, sizeof(ev)));
		ct_json_num(stdout, "max_mhz", p->max_khz > 0 ? (double)((p->max_khz + 500) / 1000) : NAN);
		ct_json_num(stdout, "capacity", p->capacity >= 0 ? (double)p->capacity : NAN);
		ct_json_end(stdout);
	}
	free(buf);
}

/* The rank's kind (every cpu of a rank has the same one). */
static enum ct_kind rank_kind(const struct ct_topo *t, int r)
{
	int c;

	for (c = ct_cpuset_next(&t->online, 0); c >= 0; c = ct_cpuset_next(&t->online, c + 1)) {
		const struct ct_topo_cpu *p = ct_topo_cpu(t, c);

		if (p && p->rank == r)
			return p->kind;
	}
	return CT_KIND_PERFORMANCE;
}

/* For people: the machine, then one line per rank with usable cpus. */
static void list_table(const struct ct_topo *t)
{
	struct ct_cpuset *set = ct_xcalloc((size_t)t->nranks, sizeof(*set));
	struct ct_cpuset *all = ct_xcalloc((size_t)t->nranks, sizeof(*all));
	struct ct_cpuset gone;
	char *list = ct_xmalloc(LIST_LEN), desc[512];
	int r, wkind = 0, wlist = 0, wcount = 0;

	printf("machine:  %s%s\n", t->model[0] ? t->model : "unknown model",
	       t->recorded ? " (recorded)" : "");
	printf("cpus:     %d online, %d usable\n", ct_cpuset_count(&t->online),
	       ct_cpuset_count(&t->usable));
	printf("kinds:    %s [%s]\n\n", t->basis, t->rules);
	for (r = 0; r < t->nranks; r++) {
		int n;

		ct_topo_rank_cpus(t, r, &set[r]);
		ct_topo_rank_online(t, r, &all[r]);
		if (ct_cpuset_empty(&set[r]))
			continue;
		n = (int)strlen(ct_kind_name(rank_kind(t, r)));
		wkind = n > wkind ? n : wkind;
		n = (int)strlen(ct_cpuset_format(&set[r], list, LIST_LEN));
		wlist = n > wlist ? n : wlist;
		n = snprintf(desc, sizeof(desc), "%d", ct_cpuset_count(&set[r]));
		wcount = n > wcount ? n : wcount;
	}
	for (r = 0; r < t->nranks; r++) {
		int n = ct_cpuset_count(&set[r]);

		if (!n)
			continue;
		printf("%-*s  %-*s  rank %d  %*d cpu%s  (%s)\n", wkind,
		       ct_kind_name(rank_kind(t, r)), wlist,
		       ct_cpuset_format(&set[r], list, LIST_LEN), r, wcount, n, n == 1 ? " " : "s",
		       ct_topo_describe(t, &set[r], desc, sizeof(desc)));
	}
	/* What is not usable, so a confined listing does not look complete. */
	for (r = 0; r < t->nranks; r++) {
		ct_cpuset_andnot(&all[r], &all[r], &t->allowed);
		if (!ct_cpuset_empty(&all[r]))
			printf("not allowed: %s (%s, rank %d)\n",
			       ct_cpuset_format(&all[r], list, LIST_LEN),
			       ct_kind_name(rank_kind(t, r)), r);
	}
	ct_cpuset_andnot(&gone, &t->possible, &t->online);
	if (!ct_cpuset_empty(&gone))
		printf("offline:     %s (not classified)\n", ct_cpuset_format(&gone, list, LIST_LEN));
	free(list);
	free(all);
	free(set);
}

static int mode_list(const struct place_opts *o, const struct ct_topo *t)
{
	switch (o->fmt) {
	case CT_FMT_TSV:
		list_tsv(t);
		break;
	case CT_FMT_JSON:
		list_json(t);
		break;
	default:
		list_table(t);
		break;
	}
	return CT_EXIT_OK;
}

/*
 * --cpus-of: the usable cpus of a kind (or rank) as a cpulist, nothing
 * else on stdout, so that taskset -c "$(ct-place --cpus-of efficiency)"
 * composes.  None usable is exit 4, never an empty list that taskset
 * would reject with a less helpful message.
 */
static int mode_cpus_of(const struct place_opts *o, const struct ct_topo *t)
{
	struct ct_cpuset usable, all;
	char *list = ct_xmalloc(LIST_LEN);
	const char *what = o->by_rank ? "rank" : "kind";

	if (o->by_rank) {
		ct_topo_rank_cpus(t, o->sel_rank, &usable);
		ct_topo_rank_online(t, o->sel_rank, &all);
	} else {
		ct_topo_kind_cpus(t, o->sel_kind, &usable, &all);
	}
	if (ct_cpuset_empty(&usable)) {
		if (ct_cpuset_empty(&all))
			warnx("no usable cpu of %s '%s': this machine has none", what, o->sel_arg);
		else
			warnx("no usable cpu of %s '%s': cpus %s are not allowed to this process",
			      what, o->sel_arg, ct_cpuset_format(&all, list, LIST_LEN));
		free(list);
		return CT_EXIT_NOTAPPLICABLE;
	}
	printf("%s\n", ct_cpuset_format(&usable, list, LIST_LEN));
	free(list);
	return CT_EXIT_OK;
}

/*
 * The placements -p asks for, in the plan's order, or every one that
 * applies.  An unknown name is a usage error; a known one this machine
 * cannot give (pin-efficiency on a one-kind machine) exits 4.
 */
static size_t select_placements(const struct place_opts *o, const struct ct_placement *plan,
				size_t nplan, struct ct_placement *out)
{
	char *list, *tok, *save = NULL;
	size_t n = 0, i;
	int want[CT_PLACE_MAX] = { 0 };

	if (!o->placements) {
		for (i = 0; i < nplan; i++)
			out[n++] = plan[i];
		return n;
	}
	list = ct_xstrdup(o->placements);
	/* strtok_r() would skip an empty name: "main,,thread" is a typo, not a list. */
	if (*list && (list[0] == ',' || list[strlen(list) - 1] == ',' || strstr(list, ",,")))
		ct_usage_error("invalid -p '%s': an empty placement name", o->placements);
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		const struct ct_placement *p = ct_place_find(plan, nplan, tok);
		enum ct_kind k;

		if (!p) {
			if (strncmp(tok, "pin-", 4) == 0 && nplan && plan[0].darwin)
				errx(CT_EXIT_NOTAPPLICABLE,
				     "placement '%s' does not apply: macOS cannot pin threads", tok);
			if (strncmp(tok, "pin-", 4) == 0 && ct_kind_parse(tok + 4, &k) == 0)
				errx(CT_EXIT_NOTAPPLICABLE,
				     "placement '%s' does not apply: no usable cpu of kind '%s' here",
				     tok, tok + 4);
			ct_usage_error("invalid placement '%s': use main, thread, thread-background, "
				       "process-background or pin-KIND", tok);
		}
		if (!p->applicable)
			errx(CT_EXIT_NOTAPPLICABLE, "placement '%s' %s", tok, p->note);
		want[p - plan] = 1;
	}
	free(list);
	for (i = 0; i < nplan; i++)
		if (want[i])
			out[n++] = plan[i];
	if (n == 0)
		ct_usage_error("-p needs at least one placement");
	return n;
}

static int mode_dry_run(const struct place_opts *o, const struct ct_topo *t)
{
	struct ct_placement plan[CT_PLACE_MAX], sel[CT_PLACE_MAX];
	size_t n = ct_place_plan(t, plan, CT_PLACE_MAX), i;
	char *list = ct_xmalloc(LIST_LEN);
	struct ct_table *tab = NULL;
	static const char *const cols[] = { "placement", "applies", "cpus", "how" };

	n = select_placements(o, plan, n, sel);
	if (o->fmt == CT_FMT_TSV)
		printf("#placement\tapplicable\tcpus\thow\n");
	if (o->fmt == CT_FMT_TABLE) {
		printf("plan for %s%s: %s\n\n", t->model[0] ? t->model : "unknown model",
		       t->recorded ? " (recorded)" : "", t->basis);
		tab = ct_table_new(cols, 4);
	}
	for (i = 0; i < n; i++) {
		const struct ct_placement *p = &sel[i];
		const char *cpus = ct_cpuset_empty(&p->cpus) ? "-" :
				   ct_cpuset_format(&p->cpus, list, LIST_LEN);

		switch (o->fmt) {
		case CT_FMT_TSV:
			printf("%s\t%s\t%s\t%s\n", p->name, p->applicable ? "true" : "false",
			       cpus, p->note);
			break;
		case CT_FMT_JSON:
			ct_json_begin(stdout, "plan");
			ct_json_str(stdout, "tool", "ct-place");
			ct_json_str(stdout, "placement", p->name);
			ct_json_bool(stdout, "applicable", p->applicable);
			ct_json_str(stdout, "cpus", ct_cpuset_empty(&p->cpus) ? "" : cpus);
			ct_json_str(stdout, "how", p->note);
			ct_json_end(stdout);
			break;
		case CT_FMT_TABLE: {
			const char *cells[4] = { p->name, p->applicable ? "yes" : "no", cpus,
						 p->note };

			ct_table_add(tab, cells);
			break;
		}
		}
	}
	if (tab) {
		ct_table_print(tab, stdout);
		ct_table_free(tab);
	}
	free(list);
	return CT_EXIT_OK;
}

/* The harness and kernel settings of a comparison, from the options. */
static void compare_opts(const struct place_opts *o, const struct ct_topo *t,
			 struct ct_compare_opts *co)
{
	int quick = o->cli.quick || ct_env_quick();
	struct ct_stream_caches caches;

	memset(co, 0, sizeof(*co));
	/* -r, -S, --precision and --max-time as every kernel tool has them. */
	ct_cli_harness(&o->cli, &co->h);
	/* The kernels' work per sample is fixed here: the floor is ct-clock's and ct-fma's. */
	co->h.floor_ns = 0;
	co->quick = quick;
	co->isa = ct_isa_choose(o->isa.req);
	co->clock_adds = quick ? CT_CLOCK_ADDS_QUICK : CT_CLOCK_ADDS_DEFAULT;
	co->fma_passes = quick ? CT_FMA_PASSES_QUICK : CT_FMA_PASSES_DEFAULT;
	co->stream_bytes = ct_stream_default_size(t ? &t->usable : NULL, quick,
						  co->stream_reason, sizeof(co->stream_reason));
	/* The stream ISA by the level its array falls in, on the usable cpus' caches. */
	ct_stream_caches(t ? &t->usable : NULL, &caches);
	co->stream_isa = ct_stream_isa_pick(o->isa.req, co->isa,
					    ct_stream_level(co->stream_bytes, &caches),
					    co->stream_isa_reason, sizeof(co->stream_isa_reason));
}

struct outputs {
	const struct ct_machine *m;
	const struct ct_topo *t;
	const struct ct_compare_row *rows;
	size_t n;
};

static void write_raw(FILE *f, void *arg)
{
	const struct outputs *w = arg;

	ct_compare_print(f, CT_FMT_JSON, 1, w->m, w->t, w->rows, w->n);
}

static void write_md(FILE *f, void *arg)
{
	const struct outputs *w = arg;

	ct_compare_markdown(f, w->m, w->t, w->rows, w->n);
}

static void write_svg(FILE *f, void *arg)
{
	const struct outputs *w = arg;

	ct_compare_svg(f, w->m, w->t, w->rows, w->n);
}

/* Where the comparison is, for the progress line. */
struct place_progress {
	struct ct_progress pr;
	size_t i, n;			/* placement i (0-based) of n */
	const char *name;
	double before_s;		/* elapsed when placement i started */
	unsigned reps;
	double precision_pct, max_s;
};

/*
 * "placement 2 of 5 (thread): fma, rep 3 of 15, 4.2 s, about 11 s left":
 * what is left from this placement's pace (fixed reps) or from --max-time
 * (an upper bound with --precision).
 */
static void place_progress(void *arg, const struct ct_harness_state *st)
{
	struct place_progress *pp = arg;
	double row_s = ct_progress_elapsed(&pp->pr) - pp->before_s, left = -1;
	size_t later = pp->n - pp->i - 1;
	/* A placement's first sample is drawn at once: a short placement may
	 * end within CT_PROGRESS_MIN_NS of its header line. */
	int first = st->rep == 1 && st->kernel == 0;

	if (pp->precision_pct > 0) {
		if (pp->max_s > 0)
			left = (pp->max_s > row_s ? pp->max_s - row_s : 0) + (double)later * pp->max_s;
		ct_progress_show(&pp->pr, first, left, "placement %zu of %zu (%s): %s, rep %u, "
				 "+-%.2f%% of +-%g%%", pp->i + 1, pp->n, pp->name, st->k->name,
				 st->rep, st->worst_pct, pp->precision_pct);
		return;
	}
	{
		double done = ((double)(st->rep - 1) * (double)st->nkernels + (double)st->kernel + 1) /
			      ((double)pp->reps * (double)st->nkernels);

		if (done > 0 && row_s > 0.5)
			left = row_s / done * (1 - done) + (double)later * row_s / done;
	}
	ct_progress_show(&pp->pr, first, left, "placement %zu of %zu (%s): %s, rep %u of %u",
			 pp->i + 1, pp->n, pp->name, st->k->name, st->rep, pp->reps);
}

/* The main job: every selected placement, the three kernels in each. */
static int mode_compare(const struct place_opts *o, const struct ct_topo *t)
{
	struct ct_placement plan[CT_PLACE_MAX], sel[CT_PLACE_MAX];
	struct ct_compare_row *rows;
	struct ct_compare_kernels *ck;
	struct ct_kernel k[CT_CMP_NKERNELS];
	struct ct_compare_opts co;
	struct ct_machine m;
	struct outputs w;
	struct place_progress pp;
	size_t n = ct_place_plan(t, plan, CT_PLACE_MAX), i;
	char why[640];
	int j;

	n = select_placements(o, plan, n, sel);
	compare_opts(o, t, &co);
	if (o->outdir) {
		struct stat st;

		/* Fail before measuring, not after ten seconds of it. */
		if (ct_mkdir_p(o->outdir, why, sizeof(why)) < 0)
			errx(CT_EXIT_FAIL, "%s", why);
		if (stat(o->outdir, &st) < 0 || access(o->outdir, W_OK) < 0)
			err(CT_EXIT_FAIL, "cannot write results into %s", o->outdir);
		if (!S_ISDIR(st.st_mode))
			errx(CT_EXIT_FAIL, "cannot write results into %s: not a directory",
			     o->outdir);
	}
	/* The re-run of process-background declares the kinds this run does. */
	if (ct_kinds_export() < 0)
		err(CT_EXIT_FAIL, "cannot pass the declared kinds to the re-run");
	ct_machine_describe(&m);
	ck = ct_compare_kernels_new(&co, k);
	rows = ct_xcalloc(n, sizeof(*rows));
	/* The progress line, and at once what the run will do. */
	memset(&pp, 0, sizeof(pp));
	ct_progress_init(&pp.pr, stderr, o->progress);
	pp.n = n;
	pp.reps = co.h.reps;
	pp.precision_pct = co.h.precision_pct;
	pp.max_s = (double)co.h.max_ns / 1e9;
	if (pp.pr.on) {
		fprintf(stderr, "%s: %zu placement%s x %s (%s), %s (%s), %s (%s); %u reps each%s\n",
			ct_progname(), n, n == 1 ? "" : "s", k[0].name, k[0].isa, k[1].name,
			k[1].isa, k[2].name, k[2].isa, co.h.reps,
			co.h.precision_pct > 0 ? " at least, until the precision" : "");
		co.h.progress = place_progress;
		co.h.progress_arg = &pp;
	}
	for (i = 0; i < n; i++) {
		pp.i = i;
		pp.name = sel[i].name;
		pp.before_s = ct_progress_elapsed(&pp.pr);
		ct_progress_show(&pp.pr, 1, -1, "placement %zu of %zu (%s)%s", i + 1, n,
				 sel[i].name, sel[i].kind == CT_PLACE_PROCESS_BACKGROUND ?
				 ": re-run in a clamped child" : "");
		rows[i].p = sel[i];
		for (j = 0; j < CT_CMP_NKERNELS; j++)
			rows[i].k[j] = k[j];
		if (ct_compare_run(&co, t, &rows[i], why, sizeof(why)) < 0) {
			ct_progress_clear(&pp.pr);
			errx(CT_EXIT_FAIL, "%s", why);
		}
		if (rows[i].ran)
			ct_machine_note(&m, rows[i].p.name, rows[i].ser, CT_CMP_NKERNELS);
	}
	/* Erased before any warning or result. */
	ct_progress_clear(&pp.pr);
	ct_machine_finish(&m, 1);
	/*
	 * The files first, both or neither: a directory that fills up fails
	 * the run before anything reaches stdout, so no result is half there.
	 */
	if (o->outdir) {
		static const struct ct_outfile files[] = {
			{ "raw.txt", write_raw },
			{ "summary.md", write_md },
			{ "summary.svg", write_svg },
		};

		w.m = &m;
		w.t = t;
		w.rows = rows;
		w.n = n;
		if (ct_write_files(o->outdir, files, CT_ARRAY_SIZE(files), &w, why,
				   sizeof(why)) < 0)
			errx(CT_EXIT_FAIL, "%s", why);
	}
	ct_compare_print(stdout, o->fmt, o->cli.samples, &m, t, rows, n);
	for (i = 0; i < n; i++)
		ct_series_free(rows[i].ser, CT_CMP_NKERNELS);
	free(rows);
	ct_compare_kernels_free(ck);
	return CT_EXIT_OK;
}

/* --child-run: process-background's re-run, samples to the parent. */
static int mode_child(const struct place_opts *o)
{
	struct ct_compare_opts co;

	memset(&co, 0, sizeof(co));
	if (ct_compare_parse_child_spec(o->child_spec, &co) < 0)
		ct_usage_error("invalid --child-run '%s'", o->child_spec);
	snprintf(co.stream_reason, sizeof(co.stream_reason), "as the parent run chose");
	return ct_compare_child(&co, stdout);
}

/* How a command is placed: not at all, limited to cpus, or under taskpolicy. */
enum exec_place { EXEC_NONE, EXEC_CLAMP, EXEC_BACKGROUND };

/*
 * The process placement -p, -k or -c asks for, checked against this
 * machine: a kind without usable cpus or a cpu that cannot be used is an
 * error (125), never a run somewhere else.
 */
static enum exec_place exec_placement(const struct place_opts *o, const struct ct_topo *t,
				      struct ct_cpuset *cpus)
{
	struct ct_cpuset bad;
	const char *why;
	enum ct_kind kind;

	if (o->kind_arg) {
		struct ct_cpuset all;

		if (ct_kind_parse(o->kind_arg, &kind) < 0)
			ct_usage_error("invalid kind '%s': use performance, efficiency or low-power",
				       o->kind_arg);
		ct_topo_kind_cpus(t, kind, cpus, &all);
		if (ct_cpuset_empty(cpus))
			errx(EXIT_CANCELED, "no usable cpu of kind '%s'%s", o->kind_arg,
			     ct_cpuset_empty(&all) ? ": this machine has none"
						   : ": its cpus are not allowed to this process");
	} else if (o->cpus_arg) {
		if (ct_cpuset_parse(o->cpus_arg, cpus, &why) < 0)
			ct_usage_error("invalid cpu list '%s': %s", o->cpus_arg, why);
		if (ct_cpuset_empty(cpus))
			ct_usage_error("invalid cpu list '%s': empty", o->cpus_arg);
		ct_cpuset_andnot(&bad, cpus, &t->online);
		if (!ct_cpuset_empty(&bad))
			errx(EXIT_CANCELED, "cpu %d is not online", ct_cpuset_next(&bad, 0));
		ct_cpuset_andnot(&bad, cpus, &t->allowed);
		if (!ct_cpuset_empty(&bad))
			errx(EXIT_CANCELED, "cpu %d is not allowed to this process",
			     ct_cpuset_next(&bad, 0));
	} else if (o->placements) {
		struct ct_placement plan[CT_PLACE_MAX];
		size_t n = ct_place_plan(t, plan, CT_PLACE_MAX);
		const struct ct_placement *p = ct_place_find(plan, n, o->placements);

		if (!p || p->kind != CT_PLACE_PROCESS_BACKGROUND)
			ct_usage_error("with a command, -p takes process-background only");
		if (!p->applicable)
			errx(EXIT_CANCELED, "placement '%s' %s", p->name, p->note);
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
static int mode_exec(const struct place_opts *o, const struct ct_topo *t)
{
	struct ct_cpuset cpus;
	char *list = ct_xmalloc(LIST_LEN);

	if (exec_placement(o, t, &cpus) == EXEC_BACKGROUND) {
		ct_place_exec_background(o->cmd);
		err(errno == ENOENT ? EXIT_ENOENT : EXIT_CANCELED,
		    "cannot run '%s' under taskpolicy", o->cmd[0]);
	}
	if (ct_place_clamp_process(&cpus) < 0)
		err(EXIT_CANCELED, "cannot limit the affinity to cpus %s",
		    ct_cpuset_format(&cpus, list, LIST_LEN));
	free(list);
	fflush(NULL);
	execvp(o->cmd[0], o->cmd);
	{
		int e = errno;

		warnx("cannot run '%s': %s", o->cmd[0], strerror(e));
		_exit(e == ENOENT || e == ENOTDIR ? EXIT_ENOENT : EXIT_CANNOT_INVOKE);
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
 * --observe: run CMD (placed as asked, or not), then report how the CPU
 * time of its process tree split over the kinds of core.  The status is
 * CMD's.  The table goes to stderr, leaving stdout to CMD; with -f the
 * report is a result and goes to stdout, after all CMD wrote there.
 */
static int mode_observe(const struct place_opts *o, const struct ct_topo *t)
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
	if (o->outdir) {
		struct stat st;

		/* Fail before running CMD, not after. */
		if (stat(o->outdir, &st) < 0 || access(o->outdir, W_OK) < 0)
			err(EXIT_CANCELED, "cannot write results into %s", o->outdir);
		if (!S_ISDIR(st.st_mode))
			errx(EXIT_CANCELED, "cannot write results into %s: not a directory",
			     o->outdir);
	}
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
			errx(EXIT_CANCELED, "%s ('%s' exited %d)", why, o->cmd[0], code);
	}
	ct_observe_print(o->fmt_given ? stdout : stderr, o->fmt, &m, &r, o->cmd);
	return code;
}

int main(int argc, char **argv)
{
	struct place_opts o;
	struct ct_topo t;
	char why[512];
	int rc = CT_EXIT_FAIL;

	ct_init(argv);
	parse_options(&o, argc, argv);
	if (o.mode == MODE_CHILD)
		return mode_child(&o);
	if (ct_topo_load(&t, o.sysroot, why, sizeof(why)) < 0)
		errx(o.mode == MODE_EXEC ? EXIT_CANCELED : CT_EXIT_FAIL, "%s", why);
	switch (o.mode) {
	case MODE_DEFAULT:
		rc = mode_compare(&o, &t);
		break;
	case MODE_LIST:
		rc = mode_list(&o, &t);
		break;
	case MODE_CPUS_OF:
		rc = mode_cpus_of(&o, &t);
		break;
	case MODE_DRY_RUN:
		rc = mode_dry_run(&o, &t);
		break;
	case MODE_EXEC:
		rc = o.observe ? mode_observe(&o, &t) : mode_exec(&o, &t);
		break;
	case MODE_CHILD:
		break;
	}
	ct_topo_free(&t);
	return rc;
}
