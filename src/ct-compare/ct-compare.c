/*
 * ct-compare - two runs, or two machines, side by side with a verdict.
 *
 * Reads the JSON Lines the other tools write (compare/read.c), pairs each
 * NEW input's results with BASE's on tool, kernel, ISA, placement, basis,
 * size and unit, and tests every pair (compare/pair.c): the ratio of the
 * medians, the Hodges-Lehmann interval of the ratio and the Mann-Whitney
 * U test where both sides have samples.  Every input is read and every
 * row computed before anything is written, so bad input leaves nothing on
 * standard output and no file.
 */
#include "config.h"

#include <ctype.h>
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool/cli.h"
#include "core/common.h"
#include "core/options.h"
#include "report/report.h"
#include "core/outfile.h"
#include "ct-compare/compare.h"
#include "ct-compare/fleet.h"
#include "core/term.h"

static const struct ct_opt_use opts[] = {
	{ CT_O_ALPHA, NULL },
	{ CT_O_FLEET, NULL },
	{ CT_O_FORMAT, NULL },
	{ CT_O_OUTPUT, NULL },
	{ CT_O_THRESHOLD, "the smallest change a verdict calls, in percent of base (default 3); "
	  "with --fleet, the smallest outlier, in percent of its peers' median (default 10)" },
	{ CT_O_WIDTH, NULL },
	{ CT_O_WIDE, NULL },
	{ CT_O_HELP, NULL },
	{ CT_O_VERSION, NULL },
};

static void usage(void)
{
	printf("Usage: %s [-f FMT] [--alpha A] [--threshold PCT] [-o DIR] BASE NEW [NEW...]\n"
	       "       %s --fleet [-f FMT] [--threshold PCT] [-o DIR] INPUT...\n"
	       "\n"
	       "Compare the results of coretype runs: each NEW against BASE, result by\n"
	       "result (tool, kernel, isa, placement, basis, size, unit), with the machines\n"
	       "side by side.  An input is the JSON Lines of any tool's -f json (with or\n"
	       "without the samples), a ct-place -o directory or its raw.txt, or - for\n"
	       "standard input.  With samples on both sides: the ratio of the medians, its\n"
	       "95%% interval and a Mann-Whitney U test, a change called where it is\n"
	       "significant and beyond the threshold; with summaries only, the ratio.\n"
	       "Beside a raw.txt, summary.md and summary.svg (what -o writes) are skipped.\n"
	       "\n"
	       "With --fleet the inputs are the hosts of a fleet (one or more inputs a host,\n"
	       "as ct-fleet collects them): a table per result, a row per host and basis with\n"
	       "its median, its ratio to its peers' (the hosts of its cpu model and kind of\n"
	       "core) and the outliers, beyond 3 MADs of their peers and the threshold, with\n"
	       "the reason; each host's geometric mean of its ratios.\n"
	       "\n"
	       "Options:\n", ct_progname(), ct_progname());
	ct_opts_help(stdout, opts, CT_ARRAY_SIZE(opts));
	ct_opts_output_help(stdout);
	printf("\n"
	       "Exit status: 0 ok, 1 an input unreadable, not coretype's JSON Lines or with\n"
	       "nothing in common with BASE (--fleet: naming two hosts), 2 usage.  See\n"
	       "ct-compare(1) and coretype(7).\n");
}

/* The level: a plain decimal number strictly between 0 and 0.5. */
static double alpha_or_usage(const char *arg)
{
	char *end = (char *)arg;
	double v = 0;

	if ((isdigit((unsigned char)arg[0]) || arg[0] == '.') &&
	    arg[strspn(arg, "0123456789.eE-")] == '\0') {
		errno = 0;
		v = strtod(arg, &end);
	}
	if (end == arg || *end != '\0' || errno || !(v > 0) || !(v < 0.5))
		ct_usage_error("invalid --alpha '%s': a number above 0 and below 0.5", arg);
	return v;
}

/* The threshold: a plain decimal percentage from 0 to 100. */
static double threshold_or_usage(const char *arg)
{
	char *end = (char *)arg;
	double v = -1;

	if ((isdigit((unsigned char)arg[0]) || arg[0] == '.') &&
	    arg[strspn(arg, "0123456789.")] == '\0') {
		errno = 0;
		v = strtod(arg, &end);
	}
	if (end == arg || *end != '\0' || errno || !(v >= 0) || !(v <= 100))
		ct_usage_error("invalid --threshold '%s': a percentage from 0 to 100", arg);
	return v / 100;
}

/*
 * What -o and ./run.sh leave beside raw.txt, read in its place: the
 * Markdown and the chart are its copies, not runs: "ct-compare results/..."
 */
static int beside_raw(const char *file)
{
	const char *slash = strrchr(file, '/'), *base = slash ? slash + 1 : file;
	size_t l = strlen(base), dir = (size_t)(base - file);
	char *raw;
	int yes;

	if (!((l > 3 && strcmp(base + l - 3, ".md") == 0) ||
	      (l > 4 && strcmp(base + l - 4, ".svg") == 0)))
		return 0;
	raw = ct_xmalloc(dir + sizeof("raw.txt"));
	memcpy(raw, file, dir);
	strcpy(raw + dir, "raw.txt");
	yes = access(raw, R_OK) == 0;
	free(raw);
	return yes;
}

static void write_raw(FILE *f, void *arg)
{
	ct_compare_print(f, CT_FMT_JSON, arg);
}

static void write_md(FILE *f, void *arg)
{
	ct_compare_markdown(f, arg);
}

static void write_svg(FILE *f, void *arg)
{
	ct_compare_svg(f, arg);
}

static void write_fleet_raw(FILE *f, void *arg)
{
	ct_fleet_print(f, CT_FMT_JSON, arg);
}

static void write_fleet_md(FILE *f, void *arg)
{
	ct_fleet_markdown(f, arg);
}

static void write_fleet_svg(FILE *f, void *arg)
{
	ct_fleet_svg(f, arg);
}

/*
 * The fleet view: every input read, the hosts gathered and the rule
 * applied before anything is written, as for two runs.
 */
static int fleet_main(char **inputs, size_t n, enum ct_format fmt, const char *outdir,
		      double threshold)
{
	static const struct ct_outfile files[] = {
		{ "raw.txt", write_fleet_raw },
		{ "summary.md", write_fleet_md },
		{ "summary.svg", write_fleet_svg },
	};
	struct ct_fleet fl;
	char why[1024];
	size_t i;
	FILE *out;

	memset(&fl, 0, sizeof(fl));
	fl.threshold = threshold;
	fl.nruns = n;
	fl.runs = ct_xcalloc(n, sizeof(*fl.runs));
	for (i = 0; i < n; i++)
		if (ct_run_read(inputs[i], &fl.runs[i], why, sizeof(why)) < 0)
			errx(CT_EXIT_FAIL, "%s", why);
	if (ct_fleet_build(&fl, why, sizeof(why)) < 0)
		errx(CT_EXIT_FAIL, "%s", why);
	if (outdir && ct_write_files(outdir, files, CT_ARRAY_SIZE(files), &fl, why, sizeof(why)) < 0)
		errx(CT_EXIT_FAIL, "%s", why);
	out = fmt == CT_FMT_TABLE ? ct_term_open(stdout) : stdout;
	ct_fleet_print(out, fmt, &fl);
	ct_term_close(out, stdout);
	ct_fleet_free(&fl);
	for (i = 0; i < n; i++)
		ct_run_free(&fl.runs[i]);
	free(fl.runs);
	return CT_EXIT_OK;
}

int main(int argc, char **argv)
{
	struct ct_getopt g;
	enum ct_format fmt = CT_FMT_TABLE;
	const char *outdir = NULL;
	struct ct_compare c;
	char why[1024];
	size_t i, nstdin = 0, nkept, skipped;
	int opt, fleet = 0, threshold_given = 0;

	ct_init(argv);
	memset(&c, 0, sizeof(c));
	c.alpha = 0.05;
	c.threshold = CT_COMPARE_THRESHOLD;
	ct_getopt_init(&g, 0);
	ct_getopt_add(&g, opts, CT_ARRAY_SIZE(opts));
	while ((opt = ct_getopt_next(&g, argc, argv)) != -1) {
		switch (opt) {
		case 'f':
			if (ct_format_parse(optarg, &fmt) < 0)
				ct_usage_error("invalid --format '%s': use table, tsv or json", optarg);
			break;
		case 'h':
			usage();
			return CT_EXIT_OK;
		case 'o':
			outdir = ct_outdir_arg(optarg);
			break;
		case 'V':
			ct_cli_version();
			break;
		case CT_OPT_ALPHA:
			c.alpha = alpha_or_usage(optarg);
			break;
		case CT_OPT_THRESHOLD:
			c.threshold = threshold_or_usage(optarg);
			threshold_given = 1;
			break;
		case CT_OPT_FLEET:
			fleet = 1;
			break;
		default:
			if (!ct_term_option(opt, optarg))
				ct_usage_error("unhandled option");
		}
	}
	nkept = (size_t)optind;
	for (i = (size_t)optind; i < (size_t)argc; i++)
		if (!beside_raw(argv[i]))
			argv[nkept++] = argv[i];
	skipped = (size_t)argc - nkept;
	argc = (int)nkept;
	if (fleet && argc - optind < 1 && skipped)
		ct_usage_error("no inputs: give the hosts' runs (%zu skipped: the Markdown and chart "
			       "beside a raw.txt)", skipped);
	if (fleet && argc - optind < 1)
		ct_usage_error("no inputs: give the hosts' runs");
	if (fleet) {
		for (i = (size_t)optind; i < (size_t)argc; i++)
			nstdin += strcmp(argv[i], "-") == 0;
		if (nstdin > 1)
			ct_usage_error("standard input ('-') given %zu times: it can be read once",
				       nstdin);
		if (outdir && ct_outdir_ready(outdir, why, sizeof(why)) < 0)
			errx(CT_EXIT_FAIL, "%s", why);
		return fleet_main(argv + optind, (size_t)(argc - optind), fmt, outdir,
				  threshold_given ? c.threshold : CT_FLEET_THRESHOLD);
	}
	if (argc - optind < 2 && skipped)
		ct_usage_error("%s: give BASE and at least one NEW (%zu skipped: the Markdown and "
			       "chart beside a raw.txt)", argc - optind ? "a NEW input is missing" :
			       "no inputs", skipped);
	if (argc - optind < 2)
		ct_usage_error(argc - optind ? "a NEW input is missing: give BASE and at least one NEW"
					     : "no inputs: give BASE and at least one NEW");
	for (i = (size_t)optind; i < (size_t)argc; i++)
		nstdin += strcmp(argv[i], "-") == 0;
	if (nstdin > 1)
		ct_usage_error("standard input ('-') given %zu times: it can be read once", nstdin);
	/* Made and checked before the inputs are read, as in every tool. */
	if (outdir && ct_outdir_ready(outdir, why, sizeof(why)) < 0)
		errx(CT_EXIT_FAIL, "%s", why);
	c.nruns = (size_t)(argc - optind);
	c.runs = ct_xcalloc(c.nruns, sizeof(*c.runs));
	for (i = 0; i < c.nruns; i++)
		if (ct_run_read(argv[optind + (int)i], &c.runs[i], why, sizeof(why)) < 0)
			errx(CT_EXIT_FAIL, "%s", why);
	if (ct_compare_build(&c, why, sizeof(why)) < 0)
		errx(CT_EXIT_FAIL, "%s", why);
	/* The files first, all or none, then stdout: no result is half there. */
	if (outdir) {
		static const struct ct_outfile files[] = {
			{ "raw.txt", write_raw },
			{ "summary.md", write_md },
			{ "summary.svg", write_svg },
		};

		if (ct_write_files(outdir, files, CT_ARRAY_SIZE(files), &c, why, sizeof(why)) < 0)
			errx(CT_EXIT_FAIL, "%s", why);
	}
	{
		/* A table on a terminal: its long lines wrapped to fit (term.h). */
		FILE *out = fmt == CT_FMT_TABLE ? ct_term_open(stdout) : stdout;

		ct_compare_print(out, fmt, &c);
		ct_term_close(out, stdout);
	}
	ct_compare_free(&c);
	for (i = 0; i < c.nruns; i++)
		ct_run_free(&c.runs[i]);
	free(c.runs);
	return CT_EXIT_OK;
}
