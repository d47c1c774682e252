/*
 * core/options.c - the suite's options, each described once, and the getopt
 * strings, --help lines and exclusion checks every tool builds from them.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/options.h"

/*
 * The defaults the help texts state are the workloads' (held to them
 * beside their definitions, workloads/clock.h and fma.h): this file sits
 * below every workload and includes none.
 */

/* In long-name order; a letter appears once (cpus is cpu's other name). */
const struct ct_opt ct_opts[CT_O_COUNT] = {
	[CT_O_ADDS] = { 'n', 'n', "adds", "N",
		"adds per sample (default 50000000, rounded up to a multiple of 8)" },
	[CT_O_ALL_ISA] = { 0, CT_OPT_ALL_ISA, "all-isa", NULL,
		"run every ISA usable here, interleaved, in one run" },
	[CT_O_ALPHA] = { 0, CT_OPT_ALPHA, "alpha", "A",
		"significance level of the verdict, above 0 and below 0.5 (default 0.05)" },
	[CT_O_CHAINS] = { 0, CT_OPT_CHAINS, "chains", "N[,N...]",
		"the chain counts of the parallelism columns, ascending, 1 to 32 (A..B: every "
		"power of two from A to B; 1 is always measured; default 1..32)" },
	[CT_O_CHILD_RUN] = { 0, CT_OPT_CHILD_RUN, "child-run", "SPEC", NULL },
	[CT_O_CPU] = { 'c', 'c', "cpu", "CPULIST",
		"pin the measuring thread to each cpu of CPULIST in turn (0-3,8, as "
		"taskset -c takes it), a row each" },
	[CT_O_CPUS] = { 0, 'c', "cpus", "CPULIST", "the same as -c, --cpu" },
	[CT_O_CPUS_OF] = { 0, CT_OPT_CPUS_OF, "cpus-of", "KIND",
		"print the usable cpus of KIND (performance, efficiency, low-power; P, E, "
		"LP; or a rank number) as a cpulist for taskset" },
	[CT_O_DRY_RUN] = { 0, CT_OPT_DRY_RUN, "dry-run", NULL,
		"print the placement plan and run nothing" },
	[CT_O_FORMAT] = { 'f', 'f', "format", "FMT",
		"output format: table (default), tsv or json" },
	[CT_O_HELP] = { 'h', 'h', "help", NULL, "print this help and exit" },
	[CT_O_ISA] = { 0, CT_OPT_ISA, "isa", "ISA",
		"kernel ISA: auto (default; also CT_ISA=ISA), avx512, avx2, neon or scalar" },
	[CT_O_KIND] = { 'k', 'k', "kind", "KIND",
		"pin to the last usable cpu of KIND (performance, efficiency, low-power; P, "
		"E, LP); with --threads, use its cpus" },
	[CT_O_KINDS] = { 0, CT_OPT_KINDS, "kinds", "KIND=CPULIST",
		"declare the kind of cpus (performance, efficiency, low-power; P, E, LP) in "
		"place of detecting it; repeat for each kind (also CT_KINDS='KIND=CPULIST;...')" },
	[CT_O_LIST] = { 'l', 'l', "list", NULL,
		"list the usable cpus by kind, rank and evidence" },
	[CT_O_LIST_ISA] = { 0, CT_OPT_LIST_ISA, "list-isa", NULL,
		"list the ISAs built in and usable here, and exit" },
	[CT_O_MAX_TIME] = { 0, CT_OPT_MAX_TIME, "max-time", "SEC",
		"take no more samples after SEC seconds (default 60 with --precision; none "
		"without)" },
	[CT_O_MEASURE] = { 0, CT_OPT_MEASURE, "measure", NULL,
		"with -l: probe every usable cpu (add-chain clock, FMA per cycle, thread "
		"CPU time) and say whether its kind agrees with what it measures" },
	[CT_O_NO_PROGRESS] = { 0, CT_OPT_NO_PROGRESS, "no-progress", NULL,
		"never show the progress line" },
	[CT_O_OBSERVE] = { 0, CT_OPT_OBSERVE, "observe", NULL,
		"run CMD (placed or not), then report how the CPU time of its process tree "
		"split over the kinds of core (to stderr; to stdout with -f; env "
		"CT_OBSERVE=sampled forces the /proc sampler)" },
	[CT_O_OUTPUT] = { 'o', 'o', "output", "DIR",
		"also write DIR/raw.txt (JSON Lines), DIR/summary.md and the chart "
		"DIR/summary.svg" },
	[CT_O_PASSES] = { 0, CT_OPT_PASSES, "passes", "N",
		"passes over the array per sample (default 2048, 1024 with -q; at most 4095)" },
	[CT_O_PLACEMENTS] = { 'p', 'p', "placements", "LIST",
		"comma-separated: main, thread, thread-background, process-background, "
		"pin-KIND (default: all that apply)" },
	[CT_O_PRECISION] = { 0, CT_OPT_PRECISION, "precision", "PCT",
		"sample until the 95% interval of every median is within +-PCT percent of "
		"it, or --max-time passed" },
	[CT_O_PROGRESS] = { 0, CT_OPT_PROGRESS, "progress", NULL,
		"show a progress line on standard error even when it is not a terminal" },
	[CT_O_QUICK] = { 'q', 'q', "quick", NULL,
		"a smoke run: fewer, shorter samples (also QUICK=1)" },
	[CT_O_REPS] = { 'r', 'r', "reps", "N",
		"timed samples per kernel (default 15; also REPS=N)" },
	[CT_O_SAMPLES] = { 's', 's', "samples", NULL, "also write one record per sample" },
	[CT_O_SETTLE] = { 'S', 'S', "settle", "MS",
		"settle spin before the warm-up, in ms (default 200)" },
	[CT_O_SIZE] = { 'b', 'b', "size", "SIZE[,SIZE...]",
		"array sizes in bytes, one table row and one record set each (K, M, G "
		"suffixes; A..B: every power of two from A to B; default max(64M, 4 x the "
		"largest cache), 16M with -q)" },
	[CT_O_LOOP] = { 0, CT_OPT_LOOP, "loop", "LOOP",
		"the stream kernel's loop: plain, short, prefetch or xor (default: calibrated "
		"with the ISA; --isa and --loop together pin the choice)" },
	[CT_O_READERS] = { 0, CT_OPT_READERS, "readers", "FILE",
		"read each size with the reader (ISA and loop) FILE's records of it name, "
		"FILE a ct-stream -f json or an -o directory's raw.txt: an earlier run to be "
		"compared with this one; sizes it lacks are calibrated" },
	[CT_O_SMALL_PAGES] = { 0, CT_OPT_SMALL_PAGES, "small-pages", NULL,
		"refuse transparent huge pages for the array" },
	[CT_O_STREAM_GBS] = { 0, CT_OPT_STREAM_GBS, "stream-gbs", "GBS",
		"the single-stream bandwidth ct-stream measured on the same cpu, in GB/s: the "
		"table adds the lines in flight it implies at the memory level" },
	[CT_O_SYSROOT] = { 0, CT_OPT_SYSROOT, "sysroot", "DIR",
		"read the machine recorded under DIR instead of this one; nothing is pinned "
		"or run" },
	[CT_O_THREADS] = { 0, CT_OPT_THREADS, "threads", "N|all",
		"N threads at once, one pinned to each of the first N usable cpus (all: every "
		"one), each sample a fixed time, beside a single-thread reference taken in "
		"the same run" },
	[CT_O_THRESHOLD] = { 0, CT_OPT_THRESHOLD, "threshold", "PCT",
		"the smallest change a verdict calls, in percent of base (default 3)" },
	[CT_O_VERSION] = { 'V', 'V', "version", NULL,
		"print the version and the ISAs built and usable" },
	[CT_O_WIDE] = { 0, CT_OPT_WIDE, "wide", NULL,
		"tables with every column and text lines unwrapped, however wide" },
	[CT_O_WIDTH] = { 'w', 'w', "width", "N",
		"fit tables and text to N columns (default: the terminal's, COLUMNS, or 120 "
		"to a pipe or file)" },
	/* ct-place --bench's own, with hyperfine's names where ct-place's letters allow. */
	[CT_O_BENCH] = { 0, CT_OPT_BENCH, "bench", NULL,
		"run CMD -r times under every placement that applies, in interleaved rounds, "
		"and compare its wall and CPU time to the unplaced runs" },
	[CT_O_CLEANUP] = { 0, CT_OPT_CLEANUP, "cleanup", "CMD",
		"with --bench: run CMD once after all the runs of each command, unplaced and "
		"untimed, as --prepare is run" },
	[CT_O_IGNORE_FAILURE] = { 'i', 'i', "ignore-failure", NULL,
		"with --bench: keep going when CMD exits non-zero (the status is recorded)" },
	[CT_O_PREPARE] = { 0, CT_OPT_PREPARE, "prepare", "CMD",
		"with --bench: run CMD before every run, unplaced and untimed: its words executed "
		"directly, or through SHELL -c with --shell" },
	[CT_O_RUNS] = { 0, 'r', "runs", "N", "the same as -r, --reps (hyperfine's name)" },
	[CT_O_SHELL] = { 0, CT_OPT_SHELL, "shell", "SHELL",
		"with --bench: run the command as SHELL -c 'CMD ARG...'; none (the default) "
		"executes CMD directly" },
	[CT_O_SHOW_OUTPUT] = { 0, CT_OPT_SHOW_OUTPUT, "show-output", NULL,
		"with --bench: leave the command's output on the terminal (default: "
		"/dev/null)" },
	[CT_O_WARMUP] = { 0, CT_OPT_WARMUP, "warmup", "N",
		"with --bench: untimed runs of CMD under each placement first (default 1)" },
	/* ct-compare's fleet view. */
	[CT_O_FLEET] = { 0, CT_OPT_FLEET, "fleet", NULL,
		"the inputs are hosts of a fleet: a table per result, a row per host beside its "
		"peers (its cpu model and kind), outliers flagged" },
};

/*
 * Options that exclude each other: any two of a group given together are
 * a usage error, named in the group's order.  A group counts in a tool
 * for the options the tool has.
 */
static const struct {
	int code[5];			/* 0-terminated */
	const char *why;		/* said after the names, or NULL */
} exclusive[] = {
	{ { CT_OPT_ALL_ISA, CT_OPT_ISA }, NULL },
	/* --readers sets the ISA and loop of every size. */
	{ { CT_OPT_READERS, CT_OPT_ISA }, NULL },
	{ { CT_OPT_READERS, CT_OPT_LOOP }, NULL },
	{ { CT_OPT_READERS, CT_OPT_ALL_ISA }, NULL },
	{ { CT_OPT_READERS, CT_OPT_THREADS }, "--threads reads one size with one reader it calibrates" },
	/* Where to run: a cpulist, a kind, or (ct-place's command) a placement. */
	{ { 'c', 'k', 'p' }, NULL },
	{ { 'c', CT_OPT_THREADS }, NULL },
	{ { CT_OPT_THREADS, CT_OPT_PRECISION }, "--threads takes a fixed number of samples (-r)" },
	{ { CT_OPT_THREADS, CT_OPT_MAX_TIME }, "--threads takes a fixed number of samples (-r)" },
	/* The fleet view flags by a rule on the hosts' medians, not by a test. */
	{ { CT_OPT_FLEET, CT_OPT_ALPHA }, "the fleet view has no test (its rule is --threshold's)" },
	/* A width, or none. */
	{ { 'w', CT_OPT_WIDE }, NULL },
	/* ct-place's modes. */
	{ { 'l', CT_OPT_CPUS_OF, CT_OPT_DRY_RUN, CT_OPT_CHILD_RUN }, NULL },
};

/* The help's text column; a longer option gets its text on the next line. */
#define HELP_COL 23
#define HELP_WIDTH 79

/* text from column col on, wrapped at HELP_WIDTH, continued at HELP_COL. */
static void wrap(FILE *f, const char *p, int col)
{
	for (;;) {
		size_t room = (size_t)(HELP_WIDTH - col), cut;

		if (strlen(p) <= room) {
			fprintf(f, "%s\n", p);
			return;
		}
		/* The last space that keeps the line within the width; else the first. */
		for (cut = room; cut > 0 && p[cut] != ' '; cut--)
			;
		if (cut == 0) {
			cut = strcspn(p, " ");
			if (!p[cut]) {
				fprintf(f, "%s\n", p);
				return;
			}
		}
		fprintf(f, "%.*s\n%*s", (int)cut, p, HELP_COL, "");
		p += cut + 1;
		col = HELP_COL;
	}
}

void ct_opts_help(FILE *f, const struct ct_opt_use *set, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct ct_opt *o = &ct_opts[set[i].id];
		const char *help = set[i].help ? set[i].help : o->help;
		char left[64];
		int w;

		if (!help)
			continue;
		if (o->letter)
			w = snprintf(left, sizeof(left), "  -%c, --%s%s%s", o->letter, o->name,
				     o->arg ? " " : "", o->arg ? o->arg : "");
		else
			w = snprintf(left, sizeof(left), "      --%s%s%s", o->name,
				     o->arg ? " " : "", o->arg ? o->arg : "");
		if (w <= HELP_COL - 2)
			fprintf(f, "%-*s", HELP_COL, left);
		else
			fprintf(f, "%s\n%*s", left, HELP_COL, "");
		wrap(f, help, HELP_COL);
	}
}

void ct_getopt_init(struct ct_getopt *g, int stop_at_operand)
{
	memset(g, 0, sizeof(*g));
	if (stop_at_operand)
		g->shortopts[0] = '+';
}

void ct_getopt_add(struct ct_getopt *g, const struct ct_opt_use *set, size_t n)
{
	size_t i, j, len;

	for (i = 0; i < n; i++) {
		const struct ct_opt *o = &ct_opts[set[i].id];
		struct option *lo;

		/* A tool's set that repeats an option or a letter is a bug in the tool. */
		for (j = 0; j < g->n; j++)
			if (g->opt[j] == o || (g->opt[j]->code == o->code &&
					       g->opt[j]->letter && o->letter)) {
				fprintf(stderr, "%s: --%s and --%s in one set\n", ct_progname(),
					g->opt[j]->name, o->name);
				abort();
			}
		if (g->n == CT_GETOPT_MAX) {
			fprintf(stderr, "%s: more than %d options\n", ct_progname(), CT_GETOPT_MAX);
			abort();
		}
		g->opt[g->n] = o;
		lo = &g->longopts[g->n++];
		lo->name = o->name;
		lo->has_arg = o->arg ? required_argument : no_argument;
		lo->flag = NULL;
		lo->val = o->code;
		if (o->letter) {
			len = strlen(g->shortopts);
			g->shortopts[len++] = o->letter;
			if (o->arg)
				g->shortopts[len++] = ':';
			g->shortopts[len] = '\0';
		}
	}
}

int ct_getopt_seen(const struct ct_getopt *g, int code)
{
	return code > 0 && code < CT_OPT_END && g->seen[code];
}

const char *ct_opt_spell(int code, char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < CT_O_COUNT; i++)
		if (ct_opts[i].code == code && (ct_opts[i].letter || code > CHAR_MAX)) {
			if (ct_opts[i].letter)
				snprintf(buf, len, "-%c", ct_opts[i].letter);
			else
				snprintf(buf, len, "--%s", ct_opts[i].name);
			return buf;
		}
	snprintf(buf, len, "?");
	return buf;
}

/* Any two options of one group given together: a usage error. */
static void check_exclusive(const struct ct_getopt *g)
{
	size_t e, i, j;

	for (e = 0; e < CT_ARRAY_SIZE(exclusive); e++) {
		const int *c = exclusive[e].code;

		for (i = 0; c[i]; i++) {
			if (!ct_getopt_seen(g, c[i]))
				continue;
			for (j = i + 1; c[j]; j++)
				if (ct_getopt_seen(g, c[j])) {
					char a[32], b[32];

					ct_usage_error("%s and %s exclude each other%s%s",
						       ct_opt_spell(c[i], a, sizeof(a)),
						       ct_opt_spell(c[j], b, sizeof(b)),
						       exclusive[e].why ? ": " : "",
						       exclusive[e].why ? exclusive[e].why : "");
				}
		}
	}
}

int ct_getopt_next(struct ct_getopt *g, int argc, char **argv)
{
	int c = getopt_long(argc, argv, g->shortopts, g->longopts, NULL);

	if (c == '?')
		ct_usage_try();
	if (c == -1)
		check_exclusive(g);
	else if (c > 0 && c < CT_OPT_END)
		g->seen[c] = 1;
	return c;
}

void ct_opts_output_help(FILE *f)
{
	fputs("\n"
	      "Tables give a time in the unit that fits it (ns, \xc2\xb5s, ms, s; four significant\n"
	      "digits) and every other figure in its unit; -f tsv and json keep SI base units\n"
	      "(seconds).  A table fits -w N columns, else COLUMNS, else the terminal's width,\n"
	      "or 120 columns to a pipe or a file; --wide: no limit.\n", f);
}
