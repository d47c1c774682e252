/*
 * ct-compare/fleet.c - the fleet view's results step: the inputs gathered into
 * hosts, each host's median of every result on each basis, the groups of
 * peers (the hosts of one cpu model and kind of core at one result and
 * basis), each row's ratio to its group's median, and the outliers by the
 * rule of fleet.h with the reason.  Everything is computed here once;
 * ct-compare/fleet-report.c only writes it.
 *
 * It scales as n log n in the series read: the series are keyed once,
 * sorted, and every group and table is a run of the sorted rows (1,000
 * hosts of the main job: bench/NOTES).
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "measure/results.h"
#include "core/stats.h"
#include "ct-compare/fleet.h"
#include "records/record.h"

int ct_fleet_name_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			const char *ea = a, *eb = b;
			size_t la, lb;
			int c;

			/* Runs of digits by value: leading zeros aside, the longer is larger. */
			while (*a == '0' && isdigit((unsigned char)a[1]))
				a++;
			while (*b == '0' && isdigit((unsigned char)b[1]))
				b++;
			for (ea = a; isdigit((unsigned char)*ea); ea++)
				;
			for (eb = b; isdigit((unsigned char)*eb); eb++)
				;
			la = (size_t)(ea - a);
			lb = (size_t)(eb - b);
			if (la != lb)
				return la < lb ? -1 : 1;
			if ((c = strncmp(a, b, la)) != 0)
				return c;
			a = ea;
			b = eb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return *a ? 1 : *b ? -1 : 0;
}

/*
 * A run's host: the Slurm node its records name (the node of the
 * allocation, which is the hostname on most clusters and not on a test
 * cluster of several slurmd on one machine), else its hostname, else the
 * file (a name withheld, or records without one).
 */
static const char *machine_host(const struct ct_run *r, size_t i)
{
	const struct ct_run_machine *rm = &r->mach[i];

	if (rm->m.slurm_node_name[0])
		return rm->m.slurm_node_name;
	if (rm->has_hostname && rm->m.hostname[0])
		return rm->m.hostname;
	return r->file;
}

static int run_host(const struct ct_run *r, const char **name, char *why, size_t len)
{
	size_t i;

	*name = r->nmach ? machine_host(r, 0) : r->file;
	for (i = 1; i < r->nmach; i++)
		if (strcmp(machine_host(r, i), *name) != 0) {
			snprintf(why, len, "%s:%ld: the records of two hosts (%s, then %s): give "
				 "each host's runs as inputs of their own (ct-fleet writes a "
				 "directory per host)", r->path, r->mach[i].line, *name,
				 machine_host(r, i));
			return -1;
		}
	return 0;
}

static const char *run_model(const struct ct_run *r)
{
	return r->nmach ? r->mach[0].m.cpu_model : "-";
}

/* --- The hosts. --- */

struct by_name {
	const char *name;
	size_t input;
};

static int by_name_cmp(const void *x, const void *y)
{
	const struct by_name *a = x, *b = y;
	int c = strcmp(a->name, b->name);

	return c ? c : a->input < b->input ? -1 : a->input > b->input;
}

static const char *host_kinds(const struct ct_fleet *f, const struct ct_fleet_host *h)
{
	return f->runs[h->inputs[0]].kinds;
}

/* Hosts in the order they are shown: cpu model, kinds, then name as numbered. */
static const struct ct_fleet *sort_fleet;

static int host_order(const void *x, const void *y)
{
	const struct ct_fleet_host *a = *(const struct ct_fleet_host *const *)x;
	const struct ct_fleet_host *b = *(const struct ct_fleet_host *const *)y;
	int c = strcmp(a->model, b->model);

	if (!c)
		c = strcmp(host_kinds(sort_fleet, a), host_kinds(sort_fleet, b));
	return c ? c : ct_fleet_name_cmp(a->name, b->name);
}

static int gather_hosts(struct ct_fleet *f, char *why, size_t len)
{
	struct by_name *bn = ct_xcalloc(f->nruns ? f->nruns : 1, sizeof(*bn));
	struct ct_fleet_host **order;
	size_t i, j, k;

	for (i = 0; i < f->nruns; i++) {
		if (run_host(&f->runs[i], &bn[i].name, why, len) < 0) {
			free(bn);
			return -1;
		}
		bn[i].input = i;
	}
	qsort(bn, f->nruns, sizeof(*bn), by_name_cmp);
	f->hosts = ct_xcalloc(f->nruns ? f->nruns : 1, sizeof(*f->hosts));
	for (i = 0; i < f->nruns; i = j) {
		struct ct_fleet_host *h = &f->hosts[f->nhosts++];
		const struct ct_run *r0 = &f->runs[bn[i].input];

		for (j = i; j < f->nruns && strcmp(bn[j].name, bn[i].name) == 0; j++)
			;
		h->name = ct_xstrdup(bn[i].name);
		h->mach = r0->nmach ? &r0->mach[0] : NULL;
		h->model = run_model(r0);
		h->ninputs = j - i;
		h->inputs = ct_xmalloc(h->ninputs * sizeof(*h->inputs));
		h->geomean[0] = h->geomean[1] = NAN;
		for (k = i; k < j; k++) {
			const struct ct_run *r = &f->runs[bn[k].input];

			h->inputs[k - i] = bn[k].input;
			/* One host, one cpu: a name given to two machines is two hosts' runs mixed. */
			if (strcmp(run_model(r), h->model) != 0) {
				snprintf(why, len, "host %s has runs of two cpu models: %s (%s) and "
					 "%s (%s): name the machines apart (CT_HOSTNAME)", h->name,
					 h->model, r0->file, run_model(r), r->file);
				free(bn);
				return -1;
			}
		}
	}
	free(bn);
	/* The order shown. */
	order = ct_xmalloc((f->nhosts ? f->nhosts : 1) * sizeof(*order));
	for (i = 0; i < f->nhosts; i++)
		order[i] = &f->hosts[i];
	sort_fleet = f;
	qsort(order, f->nhosts, sizeof(*order), host_order);
	for (i = 0; i < f->nhosts; i++)
		order[i]->rank = i;
	for (i = 0; i < f->nhosts; i++)
		if (i == 0 || strcmp(order[i]->model, order[i - 1]->model) != 0)
			f->models++;
	free(order);
	return 0;
}

/* --- Every series of every host, keyed by its result. --- */

struct entry {
	char *key;			/* tool, kernel, placement, unit, size, chains */
	size_t host, input, ser;
};

static int entry_cmp(const void *x, const void *y)
{
	const struct entry *a = x, *b = y;
	int c = strcmp(a->key, b->key);

	if (c)
		return c;
	if (a->host != b->host)
		return a->host < b->host ? -1 : 1;
	if (a->input != b->input)
		return a->input < b->input ? -1 : 1;
	return a->ser < b->ser ? -1 : a->ser > b->ser;
}

/*
 * The result a series is of, as ct-compare pairs them (ct_compare_same_
 * result): the reader (ISA, loop) is not in it, since the hosts of a
 * fleet may calibrate another one, which the row shows.
 */
static char *result_key(const struct ct_run_series *s)
{
	int n = snprintf(NULL, 0, "%s\037%s\037%s\037%s\037%.17g\037%.17g", s->tool, s->kernel,
			 s->placement, s->unit, s->size, s->chains);
	char *k = ct_xmalloc((size_t)n + 1);

	snprintf(k, (size_t)n + 1, "%s\037%s\037%s\037%s\037%.17g\037%.17g", s->tool, s->kernel,
		 s->placement, s->unit, s->size, s->chains);
	return k;
}

/* The median of v[0, n) (sorted in place, core/stats.c's); NaN for none. */
static double median_of(double *v, size_t n)
{
	return n ? ct_median_inplace(v, n) : NAN;
}

/*
 * A host's figure of one result on one basis, from the series of its
 * inputs e[0, k): one run with samples gives the median of its samples
 * and the median's interval (6 samples at least); several runs (several
 * inputs, or several runs in one) the median of the runs' medians, each
 * run one observation as ct-compare counts them, and no interval.  A run
 * without samples is its summary's median.
 */
static void host_figure(const struct ct_fleet *f, const struct entry *e, size_t k, int basis,
			struct ct_fleet_row *row)
{
	double *runs = NULL, *pcs = NULL, *v;
	size_t nr = 0, np = 0, cap = 0, i, j, got;

	row->median = row->ci_lo = row->ci_hi = row->pc_median = NAN;
	row->n = row->runs = row->disturbed = 0;
	for (i = 0; i < k; i++) {
		const struct ct_run_series *s = &f->runs[e[i].input].ser[e[i].ser];
		size_t more = s->runs > 1 ? s->runs : 1;

		cap += more;
		runs = ct_xrealloc(runs, cap * sizeof(*runs));
		pcs = ct_xrealloc(pcs, cap * sizeof(*pcs));
		row->disturbed += ct_compare_disturbed(s);
		if (!s->n) {
			if (s->has_sum[basis] && isfinite(s->sum_median[basis]))
				runs[nr++] = s->sum_median[basis];
			if (isfinite(s->sum_pc[basis]))
				pcs[np++] = s->sum_pc[basis];
			continue;
		}
		got = ct_compare_run_medians(s, CT_FIG_RATE, basis, &v);
		for (j = 0; j < got; j++)
			runs[nr++] = v[j];
		free(v);
		got = ct_compare_run_medians(s, CT_FIG_PER_CYCLE, basis, &v);
		for (j = 0; j < got; j++)
			pcs[np++] = v[j];
		free(v);
	}
	row->runs = nr;
	row->n = nr;
	row->pc_median = median_of(pcs, np);
	if (k == 1 && nr == 1) {
		const struct ct_run_series *s = &f->runs[e[0].input].ser[e[0].ser];

		if (s->n) {
			struct ct_stats st;
			double hw;

			got = ct_compare_values(s, CT_FIG_RATE, basis, &v);
			ct_stats_compute(v, got, &st);
			row->median = got ? st.median : NAN;
			row->n = got;
			ct_median_ci(v, got, &row->ci_lo, &row->ci_hi, &hw);
			free(v);
		} else {
			row->median = runs[0];
			row->n = s->sum_reps;
		}
	} else {
		row->median = median_of(runs, nr);
	}
	free(runs);
	free(pcs);
}

static const struct ct_fleet *row_fleet;

/* The rows shown: by table, basis, cpu model, kinds, then host. */
static int row_order(const void *x, const void *y)
{
	const struct ct_fleet_row *a = x, *b = y;
	const struct ct_fleet_host *ha = &row_fleet->hosts[a->host];
	const struct ct_fleet_host *hb = &row_fleet->hosts[b->host];
	int c;

	if (a->table != b->table)
		return a->table < b->table ? -1 : 1;
	if (a->basis != b->basis)
		return a->basis < b->basis ? -1 : 1;
	if ((c = strcmp(ha->model, hb->model)) != 0)
		return c;
	if ((c = strcmp(a->kinds, b->kinds)) != 0)
		return c;
	return ha->rank < hb->rank ? -1 : ha->rank > hb->rank;
}

/* A table's place: where its first series was met (input, then series). */
struct table_seen {
	size_t input, ser, id;
};

static int table_seen_cmp(const void *x, const void *y)
{
	const struct table_seen *a = x, *b = y;

	if (a->input != b->input)
		return a->input < b->input ? -1 : 1;
	return a->ser < b->ser ? -1 : a->ser > b->ser;
}

static void gather_rows(struct ct_fleet *f)
{
	struct entry *e;
	struct table_seen *seen;
	size_t ne = 0, i, j, k, *rank_of;

	for (i = 0; i < f->nruns; i++)
		ne += f->runs[i].nser;
	e = ct_xcalloc(ne ? ne : 1, sizeof(*e));
	ne = 0;
	for (i = 0; i < f->nhosts; i++)
		for (j = 0; j < f->hosts[i].ninputs; j++) {
			size_t in = f->hosts[i].inputs[j];

			for (k = 0; k < f->runs[in].nser; k++) {
				e[ne].key = result_key(&f->runs[in].ser[k]);
				e[ne].host = i;
				e[ne].input = in;
				e[ne].ser = k;
				ne++;
			}
		}
	qsort(e, ne, sizeof(*e), entry_cmp);

	/* The tables: each key once, in the order the inputs met them. */
	seen = ct_xcalloc(ne ? ne : 1, sizeof(*seen));
	for (i = 0; i < ne; i = j) {
		struct table_seen *t = &seen[f->ntables];

		t->input = e[i].input;
		t->ser = e[i].ser;
		t->id = f->ntables++;
		for (j = i; j < ne && strcmp(e[j].key, e[i].key) == 0; j++)
			if (e[j].input < t->input || (e[j].input == t->input && e[j].ser < t->ser)) {
				t->input = e[j].input;
				t->ser = e[j].ser;
			}
	}
	qsort(seen, f->ntables, sizeof(*seen), table_seen_cmp);
	rank_of = ct_xmalloc((f->ntables ? f->ntables : 1) * sizeof(*rank_of));
	f->tables = ct_xcalloc(f->ntables ? f->ntables : 1, sizeof(*f->tables));
	for (i = 0; i < f->ntables; i++) {
		rank_of[seen[i].id] = i;
		f->tables[i].rank = i;
		f->tables[i].s = &f->runs[seen[i].input].ser[seen[i].ser];
	}

	/* A row per key, host and basis. */
	f->rows = ct_xcalloc(2 * (ne ? ne : 1), sizeof(*f->rows));
	for (i = 0, k = 0; i < ne; k++) {
		size_t tab = rank_of[k];

		for (j = i; j < ne && strcmp(e[j].key, e[i].key) == 0;) {
			size_t h = e[j].host, first = j;
			int b;

			while (j < ne && e[j].host == h && strcmp(e[j].key, e[first].key) == 0)
				j++;
			for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
				struct ct_fleet_row *row = &f->rows[f->nrows++];
				const struct ct_run *r = &f->runs[e[first].input];

				row->table = tab;
				row->host = h;
				row->basis = b;
				row->s = &r->ser[e[first].ser];
				row->kinds = row->s->kinds ? row->s->kinds : r->kinds;
				host_figure(f, &e[first], j - first, b, row);
			}
		}
		i = j;
	}
	for (i = 0; i < ne; i++)
		free(e[i].key);
	free(e);
	free(seen);
	free(rank_of);
	row_fleet = f;
	qsort(f->rows, f->nrows, sizeof(*f->rows), row_order);
	for (i = 0; i < f->nrows; i = j) {
		f->tables[f->rows[i].table].first = i;
		for (j = i; j < f->nrows && f->rows[j].table == f->rows[i].table; j++)
			;
		f->tables[f->rows[i].table].nrows = j - i;
	}
}

/* --- The groups and the rule. --- */

static int str_cmp(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The value most of v[0, n) have (v sorted in place); NULL for none. */
static const char *mode_of(const char **v, size_t n, size_t *count)
{
	const char *best = NULL;
	size_t i, j, most = 0;

	qsort(v, n, sizeof(*v), str_cmp);
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && strcmp(v[j], v[i]) == 0; j++)
			;
		if (j - i > most) {
			most = j - i;
			best = v[i];
		}
	}
	*count = most;
	return best;
}

static int same_group(const struct ct_fleet *f, const struct ct_fleet_row *a,
		      const struct ct_fleet_row *b)
{
	return a->table == b->table && a->basis == b->basis &&
	       strcmp(f->hosts[a->host].model, f->hosts[b->host].model) == 0 &&
	       strcmp(a->kinds, b->kinds) == 0;
}

/* What the group mostly has of a host's facts, to name where an outlier differs. */
struct peers {
	const char *reader, *governor, *turbo;
	size_t n_reader, n_governor, n_turbo;
};

static const char *mach_str(const struct ct_fleet *f, const struct ct_fleet_row *r, int which)
{
	const struct ct_run_machine *rm = f->hosts[r->host].mach;

	if (!rm)
		return "-";
	return which ? rm->m.turbo : rm->m.governor;
}

void ct_fleet_reader(const struct ct_fleet_row *r, char *buf, size_t len)
{
	ct_compare_reader_text(r->s, buf, len);
}

/* The readers of a group's rows, each CT_FLEET_READER_LEN bytes. */
#define CT_FLEET_READER_LEN 96

static void group_peers(const struct ct_fleet *f, const struct ct_fleet_row *g, size_t n,
			struct peers *p, char *readers)
{
	const char **v = ct_xmalloc((n ? n : 1) * sizeof(*v));
	size_t i;

	for (i = 0; i < n; i++) {
		ct_fleet_reader(&g[i], readers + i * CT_FLEET_READER_LEN, CT_FLEET_READER_LEN);
		v[i] = readers + i * CT_FLEET_READER_LEN;
	}
	p->reader = mode_of(v, n, &p->n_reader);
	for (i = 0; i < n; i++)
		v[i] = mach_str(f, &g[i], 0);
	p->governor = mode_of(v, n, &p->n_governor);
	for (i = 0; i < n; i++)
		v[i] = mach_str(f, &g[i], 1);
	p->turbo = mode_of(v, n, &p->n_turbo);
	free(v);
}

/* The chase's rate (loads per ns) as the time of a load. */
static double ns_per_load(double loads_per_ns)
{
	return loads_per_ns > 0 ? 1 / loads_per_ns : NAN;
}

/* A time (ct-place --bench's runs, in seconds) is slower when larger. */
static int is_time(const struct ct_fleet_row *r)
{
	return strcmp(r->s->unit, "s") == 0;
}

/*
 * Whether x is an outlier of a group of median m and MAD mad: beyond
 * CT_FLEET_MADS scaled MADs of m, and at least the threshold away
 * (ratio r of 1 + t, or 1 / (1 + t)).  A MAD of 0 (most of the group
 * alike) makes every other value beyond it: the threshold decides.
 */
static int beyond_rule(double x, double m, double mad, double r, double threshold)
{
	double dev = fabs(x - m);

	return dev > CT_FLEET_MADS * CT_FLEET_MAD_SCALE * mad &&
	       (r >= 1 + threshold || r <= 1 / (1 + threshold));
}

static void group_rule(struct ct_fleet *f, struct ct_fleet_row *g, size_t n)
{
	double *v = ct_xmalloc((n ? n : 1) * sizeof(*v)), med, mad, pcmed;
	char note[160];
	size_t i, m = 0, mp = 0;

	for (i = 0; i < n; i++)
		if (isfinite(g[i].median) && g[i].median > 0)
			v[m++] = g[i].median;
	med = median_of(v, m);
	for (i = 0; i < m; i++)
		v[i] = fabs(v[i] - med);
	mad = median_of(v, m);
	for (i = 0; i < n; i++)
		if (isfinite(g[i].pc_median) && g[i].pc_median > 0)
			v[mp++] = g[i].pc_median;
	pcmed = median_of(v, mp);
	free(v);
	f->ngroups++;
	if (m < CT_FLEET_MIN_GROUP)
		f->small_groups++;
	for (i = 0; i < n; i++) {
		struct ct_fleet_row *r = &g[i];
		double dev = fabs(r->median - med), scale = CT_FLEET_MAD_SCALE * mad;

		r->group = f->ngroups - 1;
		r->group_n = m;
		r->group_median = med;
		r->group_mad = mad;
		r->group_pc_median = pcmed;
		r->ratio = ct_results_median_ratio(r->median, med);
		r->ratio_lo = ct_results_median_ratio(r->ci_lo, med);
		r->ratio_hi = ct_results_median_ratio(r->ci_hi, med);
		r->pc_ratio = ct_results_median_ratio(r->pc_median, pcmed);
		r->mads = !isfinite(dev) ? NAN : scale > 0 ? dev / scale : dev > 0 ? INFINITY : 0;
		r->reason = NULL;
		if (!isfinite(r->ratio)) {
			r->outlier = -1;
			r->reason = ct_xstrdup("no median: nothing to compare");
		} else if (m < CT_FLEET_MIN_GROUP) {
			r->outlier = -1;
			snprintf(note, sizeof(note), "a group of %zu host%s of its cpu model and kind: "
				 "%d at least to flag one", m, m == 1 ? "" : "s", CT_FLEET_MIN_GROUP);
			r->reason = ct_xstrdup(note);
		} else {
			r->outlier = beyond_rule(r->median, med, mad, r->ratio, f->threshold);
		}
	}
}

/*
 * Why a flagged row is odd, in the kernel's terms: the clock chain says a
 * slower clock; a kernel normalized per cycle says a slower clock where
 * its per-cycle figure is its peers' (within the threshold), else what
 * per cycle it lacks; memory says what its reads or its latency are
 * against its peers'.  A busy host, or one whose peers were (fleet.h),
 * says so first: its wall figure against its cpu-basis one and its share
 * against its peers'.
 * Then what else sets the host apart: most samples disturbed, another
 * reader, another governor or turbo.
 */
static void outlier_reason(const struct ct_fleet *f, struct ct_fleet_row *r,
			   const struct peers *p, const char *reader)
{
	const char *k = r->s->kernel, *pcu = r->s->pc_unit ? r->s->pc_unit : "";
	int slow = is_time(r) ? r->ratio > 1 : r->ratio < 1;
	int clock_only = isfinite(r->pc_ratio) && fabs(log(r->pc_ratio)) < log(1 + f->threshold);
	char b[400];
	size_t len = sizeof(b);
	int n = 0;

	if (r->busy == CT_FLEET_PEERS_BUSY)
		n = snprintf(b, len, "its peers busy, not a faster host: %.2f of its peers' on the "
			     "wall clock but %.2f on its thread's cpu time; its thread had %.0f%% "
			     "of its cpu against their %.0f%% (other work on theirs)", r->ratio,
			     r->twin->ratio, 100 * r->share, 100 * r->group_share);
	else if (r->busy)
		n = snprintf(b, len, "busy, not slower: %.2f of its peers' on the wall clock "
			     "but %.2f on its thread's cpu time; its thread had %.0f%% of its "
			     "cpu against their %.0f%% (other work on its cpu)", r->ratio,
			     r->twin->ratio, 100 * r->share, 100 * r->group_share);
	else if (strcmp(k, "addchain") == 0)
		n = snprintf(b, len, "a %s clock: %.3g %s against its peers' %.3g",
			     slow ? "slower" : "faster", r->median, r->s->unit, r->group_median);
	else if (clock_only)
		n = snprintf(b, len, "a %s clock: %.3g %s against its peers' %.3g, at the same "
			     "%s (%.3g against %.3g)", slow ? "slower" : "faster", r->median,
			     r->s->unit, r->group_median, pcu, r->pc_median, r->group_pc_median);
	else if (strcmp(k, "fma") == 0)
		n = snprintf(b, len, "%s %s: %.3g against its peers' %.3g (%.3g %s against %.3g)",
			     slow ? "fewer" : "more", pcu[0] ? pcu : "flop per second",
			     isfinite(r->pc_median) ? r->pc_median : r->median,
			     isfinite(r->pc_median) ? r->group_pc_median : r->group_median,
			     r->median, r->s->unit, r->group_median);
	else if (strcmp(k, "stream") == 0)
		n = snprintf(b, len, "its stream reads %.2f of its peers' bandwidth (%.3g %s "
			     "against %.3g)", r->ratio, r->median, r->s->unit, r->group_median);
	else if (strcmp(k, "chase") == 0)
		n = snprintf(b, len, "its memory latency is %.2f x its peers' (%.3g ns a load "
			     "against %.3g)", 1 / r->ratio, ns_per_load(r->median),
			     ns_per_load(r->group_median));
	else if (strncmp(k, "chase-", 6) == 0)
		n = snprintf(b, len, "%s chains read %.2f of its peers' (%.3g %s against %.3g): "
			     "%s lines in flight", k + 6, r->ratio, r->median, r->s->unit,
			     r->group_median, slow ? "fewer" : "more");
	else if (is_time(r)) {
		char tm[32], tg[32];

		ct_rec_time_text(tm, sizeof(tm), r->median);
		ct_rec_time_text(tg, sizeof(tg), r->group_median);
		n = snprintf(b, len, "the command took %.2f x its peers' time (%s against %s)",
			     r->ratio, tm, tg);
	}
	else
		n = snprintf(b, len, "%s: %.2f of its peers' (%.3g %s against %.3g)",
			     slow ? "slower" : "faster", r->ratio, r->median, r->s->unit,
			     r->group_median);
	if (n >= 0 && (size_t)n < len && !r->busy && r->n && 2 * r->disturbed > r->n)
		n += snprintf(b + n, len - (size_t)n, "; %zu of its samples disturbed (other work "
			      "on its cpu): a busy host", r->disturbed);
	if (n >= 0 && (size_t)n < len && p->reader && strcmp(reader, p->reader) != 0)
		n += snprintf(b + n, len - (size_t)n, "; read by %s, its peers mostly by %s",
			      reader, p->reader);
	if (n >= 0 && (size_t)n < len && p->governor &&
	    strcmp(mach_str(f, r, 0), p->governor) != 0)
		n += snprintf(b + n, len - (size_t)n, "; governor %s, its peers' %s",
			      mach_str(f, r, 0), p->governor);
	if (n >= 0 && (size_t)n < len && p->turbo && strcmp(mach_str(f, r, 1), p->turbo) != 0)
		snprintf(b + n, len - (size_t)n, "; turbo %s, its peers' %s", mach_str(f, r, 1),
			 p->turbo);
	r->reason = ct_xstrdup(b);
}

/*
 * The same host's row of the same result on the other basis: a wall row's
 * cpu-basis twin.  NULL where it has none.
 */
static const struct ct_fleet_row *twin_of(const struct ct_fleet *f, const struct ct_fleet_row *r)
{
	size_t i;

	for (i = 0; i < f->nrows; i++) {
		const struct ct_fleet_row *t = &f->rows[i];

		if (t != r && t->table == r->table && t->host == r->host && t->basis != r->basis &&
		    strcmp(t->kinds, r->kinds) == 0)
			return t;
	}
	return NULL;
}

/*
 * Whether a flagged wall row is a busy host's or its peers' (fleet.h):
 * its cpu-basis twin within the threshold of its peers', and, slower on
 * the wall clock, its share below theirs by the threshold (most samples
 * disturbed where no share is recorded): CT_FLEET_BUSY; faster, its share
 * above theirs by the threshold: CT_FLEET_PEERS_BUSY.  A host apart on
 * both bases is slower or faster.
 */
static int busy_row(const struct ct_fleet *f, const struct ct_fleet_row *r)
{
	const struct ct_fleet_row *t = r->twin;
	int slow = is_time(r) ? r->ratio > 1 : r->ratio < 1;
	int shares = isfinite(r->share) && r->share > 0 && isfinite(r->group_share) &&
		     r->group_share > 0;

	if (r->basis != CT_BASIS_WALL || r->outlier != 1 || !t || !isfinite(t->ratio) ||
	    t->ratio <= 0 || fabs(log(t->ratio)) >= log(1 + f->threshold))
		return 0;
	if (!slow)
		return shares && r->share > r->group_share * (1 + f->threshold) ?
		       CT_FLEET_PEERS_BUSY : 0;
	if (shares)
		return r->share < r->group_share / (1 + f->threshold) ? CT_FLEET_BUSY : 0;
	return r->n && 2 * r->disturbed > r->n ? CT_FLEET_BUSY : 0;
}

/*
 * The reasons of a group's flagged rows, once every group's figures are
 * known (a wall row's reason reads its cpu-basis twin's).
 */
static void group_reasons(struct ct_fleet *f, struct ct_fleet_row *g, size_t n)
{
	double *v = ct_xmalloc((n ? n : 1) * sizeof(*v)), share;
	char *readers = ct_xmalloc((n ? n : 1) * CT_FLEET_READER_LEN);
	struct peers p;
	size_t i, m = 0;

	for (i = 0; i < n; i++)
		if (isfinite(g[i].s->sum_share) && g[i].s->sum_share > 0)
			v[m++] = g[i].s->sum_share;
	share = median_of(v, m);
	free(v);
	group_peers(f, g, n, &p, readers);
	for (i = 0; i < n; i++) {
		struct ct_fleet_row *r = &g[i];

		r->share = r->s->sum_share;
		r->group_share = share;
		/* Only a flagged row looks for its twin: a walk over every row. */
		r->twin = r->outlier == 1 ? twin_of(f, r) : NULL;
		r->busy = busy_row(f, r);
		if (r->outlier == 1)
			outlier_reason(f, r, &p, readers + i * CT_FLEET_READER_LEN);
	}
	free(readers);
}

static void apply_rule(struct ct_fleet *f)
{
	size_t i, j;

	for (i = 0; i < f->nrows; i = j) {
		for (j = i; j < f->nrows && same_group(f, &f->rows[i], &f->rows[j]); j++)
			;
		group_rule(f, &f->rows[i], j - i);
	}
	for (i = 0; i < f->nrows; i = j) {
		for (j = i; j < f->nrows && same_group(f, &f->rows[i], &f->rows[j]); j++)
			;
		group_reasons(f, &f->rows[i], j - i);
	}
	/* Each host's rows: how many, how many flagged, their ratios' geometric mean. */
	{
		double *sum = ct_xcalloc(2 * (f->nhosts ? f->nhosts : 1), sizeof(*sum));

		for (i = 0; i < f->nrows; i++) {
			const struct ct_fleet_row *r = &f->rows[i];
			struct ct_fleet_host *h = &f->hosts[r->host];

			h->rows++;
			if (r->outlier == 1) {
				h->outliers++;
				f->outliers++;
				f->busy += r->busy != 0;
			}
			if (isfinite(r->ratio) && r->ratio > 0) {
				sum[2 * r->host + (size_t)r->basis] += log(r->ratio);
				h->geo_n[r->basis]++;
			}
		}
		for (i = 0; i < f->nhosts; i++)
			for (j = 0; j < 2; j++)
				f->hosts[i].geomean[j] = f->hosts[i].geo_n[j] ?
					exp(sum[2 * i + j] / (double)f->hosts[i].geo_n[j]) : NAN;
		free(sum);
	}
}

int ct_fleet_build(struct ct_fleet *f, char *why, size_t len)
{
	if (gather_hosts(f, why, len) < 0)
		return -1;
	gather_rows(f);
	apply_rule(f);
	return 0;
}

void ct_fleet_free(struct ct_fleet *f)
{
	size_t i;

	for (i = 0; i < f->nhosts; i++) {
		free(f->hosts[i].name);
		free(f->hosts[i].inputs);
	}
	for (i = 0; i < f->nrows; i++)
		free(f->rows[i].reason);
	free(f->hosts);
	free(f->tables);
	free(f->rows);
	f->hosts = NULL;
	f->tables = NULL;
	f->rows = NULL;
	f->nhosts = f->ntables = f->nrows = 0;
}
