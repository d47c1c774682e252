/*
 * ct-place - the kinds of core of this machine, and where a thread can be
 * placed on them.
 *
 * main() parses the options into struct place_opts, reads and classifies
 * the machine once (libct's core-kind rules, src/lib/topo.c), then hands
 * both to the function of the chosen mode.  A new mode is a new value of
 * enum place_mode, its options, and its function.
 */
#include "config.h"

#include <err.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct/cli.h"
#include "ct/common.h"
#include "ct/cpuset.h"
#include "ct/out.h"
#include "ct/parse.h"
#include "ct/topo.h"

enum place_mode {
	MODE_DEFAULT,			/* no mode option given */
	MODE_LIST,			/* -l, --list */
	MODE_CPUS_OF			/* --cpus-of KIND */
};

/* Long options without a short form: codes above any character. */
enum {
	OPT_CPUS_OF = 0x200,
	OPT_SYSROOT
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
};

/* A cpulist of up to CT_CPUSET_MAX cpus fits (worst case "0,2,4,..."). */
#define LIST_LEN (6 * CT_CPUSET_MAX)

static void usage(void)
{
	printf("Usage: %s [-l] [-f FMT] [--sysroot DIR]\n"
	       "       %s --cpus-of KIND [--sysroot DIR]\n"
	       "\n"
	       "The kinds of core of this machine: for every usable cpu (online and allowed\n"
	       "to this process) its kind (performance, efficiency, low-power), its rank\n"
	       "(0 = the fastest kind, machine-wide) and the evidence that decided it.\n"
	       "\n"
	       "Modes:\n"
	       "  -l, --list           list the usable cpus by kind (the default)\n"
	       "      --cpus-of KIND   print the usable cpus of KIND (performance, efficiency,\n"
	       "                       low-power, or a rank number) as a cpulist for taskset\n"
	       "\n"
	       "Options:\n"
	       "  -f, --format FMT     output format: table (default), tsv or json\n"
	       "      --sysroot DIR    read the machine recorded under DIR instead of this\n"
	       "                       one; nothing is pinned or run\n"
	       "  -h, --help           print this help and exit\n"
	       "  -V, --version        print the version and the ISAs built and usable\n"
	       "\n"
	       "Exit status 4: no usable cpu of that kind.  See ct-place(1) and coretype(7).\n",
	       ct_progname(), ct_progname());
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
		{ "cpus-of", required_argument, NULL, OPT_CPUS_OF },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "list", no_argument, NULL, 'l' },
		{ "sysroot", required_argument, NULL, OPT_SYSROOT },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->fmt = CT_FMT_TABLE;
	while ((c = getopt_long(argc, argv, "f:hlV", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (ct_format_parse(optarg, &o->fmt) < 0)
				ct_usage_error("invalid --format '%s': use table, tsv or json", optarg);
			break;
		case 'h':
			usage();
			exit(CT_EXIT_OK);
		case 'l':
			set_mode(o, MODE_LIST, "--list");
			break;
		case 'V':
			ct_cli_version();
			break;
		case OPT_CPUS_OF:
			set_mode(o, MODE_CPUS_OF, "--cpus-of");
			parse_selector(o, optarg);
			break;
		case OPT_SYSROOT:
			if (!*optarg)
				ct_usage_error("--sysroot needs a directory");
			o->sysroot = optarg;
			break;
		default:
			fprintf(stderr, "Try '%s --help' for more information.\n", ct_progname());
			exit(CT_EXIT_USAGE);
		}
	}
	if (optind < argc)
		ct_usage_error("unexpected argument '%s'", argv[optind]);
	/* The listing is the default until the placement comparison exists. */
	if (o->mode == MODE_DEFAULT)
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
			errx(CT_EXIT_NOTAPPLICABLE, "no usable cpu of %s '%s': this machine has none",
			     what, o->sel_arg);
		errx(CT_EXIT_NOTAPPLICABLE,
		     "no usable cpu of %s '%s': cpus %s are not allowed to this process", what,
		     o->sel_arg, ct_cpuset_format(&all, list, LIST_LEN));
	}
	printf("%s\n", ct_cpuset_format(&usable, list, LIST_LEN));
	free(list);
	return CT_EXIT_OK;
}

int main(int argc, char **argv)
{
	struct place_opts o;
	struct ct_topo t;
	char why[512];
	int rc = CT_EXIT_FAIL;

	ct_init(argv);
	parse_options(&o, argc, argv);
	if (ct_topo_load(&t, o.sysroot, why, sizeof(why)) < 0)
		errx(CT_EXIT_FAIL, "%s", why);
	switch (o.mode) {
	case MODE_DEFAULT:
	case MODE_LIST:
		rc = mode_list(&o, &t);
		break;
	case MODE_CPUS_OF:
		rc = mode_cpus_of(&o, &t);
		break;
	}
	ct_topo_free(&t);
	return rc;
}
