/*
 * compare/fleet-report.c - the fleet view written out: what was compared
 * and by what rule (a "fleet_summary" record), the hosts with each one's
 * geometric mean against its peers ("fleet_host"), and a table per result
 * with a row per host and basis ("fleet"), as a table, TSV, JSON Lines or
 * Markdown; and the chart of the hosts side by side.  Every figure was
 * computed by compare/fleet.c; the records are described once here.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "records/doc.h"
#include "records/record.h"
#include "records/svg.h"
#include "ct-compare/fleet.h"

/* "16M", "4K": a size as the other tables write it. */
static void size_text(char *buf, size_t len, double size)
{
	if (isnan(size))
		snprintf(buf, len, "-");
	else if (size >= 1 << 30 && fmod(size, 1 << 30) == 0)
		snprintf(buf, len, "%.0fG", size / (1 << 30));
	else if (size >= 1 << 20 && fmod(size, 1 << 20) == 0)
		snprintf(buf, len, "%.0fM", size / (1 << 20));
	else if (size >= 1 << 10 && fmod(size, 1 << 10) == 0)
		snprintf(buf, len, "%.0fK", size / (1 << 10));
	else
		snprintf(buf, len, "%.0f", size);
}

/* A result's title: "ct-place stream 16M at main (GB/s)". */
static void table_title(char *buf, size_t len, const struct ct_run_series *s)
{
	char size[32] = "";
	int n;

	if (!isnan(s->size)) {
		size[0] = ' ';
		size_text(size + 1, sizeof(size) - 1, s->size);
	}
	n = snprintf(buf, len, "%s %s%s", s->tool, s->kernel, size);
	if (n >= 0 && (size_t)n < len && isfinite(s->chains))
		n += snprintf(buf + n, len - (size_t)n, ", %.0f chain%s", s->chains,
			      s->chains == 1 ? "" : "s");
	if (n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " at %s (%s)", s->placement,
			 ct_rec_unit_text(s->unit));
}

/* --- The fleet_summary record: what was compared, and the rule. --- */

enum sum_field {
	M_HOSTS, M_MODELS, M_RESULTS, M_ROWS, M_GROUPS, M_SMALL, M_OUTLIERS, M_MADS, M_SCALE,
	M_MIN_GROUP, M_THRESHOLD, M_RULE
};

static const struct ct_rec_field sum_fields[] = {
	{ M_HOSTS, "hosts", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_MODELS, "cpu_models", "cpu models", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_RESULTS, "results", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_ROWS, "rows", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ M_GROUPS, "groups", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_SMALL, "small_groups", "too small to flag", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_OUTLIERS, "outliers", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ M_MADS, "rule_mads", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ M_SCALE, "rule_mad_scale", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ M_MIN_GROUP, "rule_min_group", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ M_THRESHOLD, "threshold_pct", NULL, CT_REC_NUM, NULL, NULL, CT_REC_DATA },
	{ M_RULE, NULL, "rule", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
};

static void sum_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_fleet *f = rec;

	(void)out;
	switch ((enum sum_field)id) {
	case M_HOSTS:
		v->i = (long long)f->nhosts;
		break;
	case M_MODELS:
		v->i = (long long)f->models;
		break;
	case M_RESULTS:
		v->i = (long long)f->ntables;
		break;
	case M_ROWS:
		v->i = (long long)f->nrows;
		break;
	case M_GROUPS:
		v->i = (long long)f->ngroups;
		break;
	case M_SMALL:
		v->i = (long long)f->small_groups;
		break;
	case M_OUTLIERS:
		v->i = (long long)f->outliers;
		break;
	case M_MADS:
		v->num = CT_FLEET_MADS;
		break;
	case M_SCALE:
		v->num = CT_FLEET_MAD_SCALE;
		break;
	case M_MIN_GROUP:
		v->i = CT_FLEET_MIN_GROUP;
		break;
	case M_THRESHOLD:
		v->num = 100 * f->threshold;
		break;
	case M_RULE:
		snprintf(v->buf, sizeof(v->buf), "an outlier is beyond %g scaled MADs (x %g) of its "
			 "group's median and at least %g%% from it (--threshold); a group is the "
			 "hosts of one cpu model and kind of core, %d at least to flag one",
			 CT_FLEET_MADS, CT_FLEET_MAD_SCALE, 100 * f->threshold, CT_FLEET_MIN_GROUP);
		v->str = v->buf;
		break;
	}
}

const struct ct_rec_kind ct_rec_fleet_summary = {
	"fleet_summary", sum_fields, CT_ARRAY_SIZE(sum_fields), sum_value, CT_REC_LINES
};

/* --- The fleet_host record: a host, and its rows' ratios to its peers. --- */

struct host_rec {
	const struct ct_fleet *f;
	const struct ct_fleet_host *h;
};

enum host_field {
	H_HOST, H_HOSTNAME, H_NODE, H_JOB, H_MODEL, H_KINDS, H_INPUTS, H_ROWS, H_OUTLIERS,
	H_GEO_WALL, H_GEO_CPU, H_FILES
};

static const struct ct_rec_field host_fields[] = {
	{ H_HOST, "host", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ H_HOSTNAME, "hostname", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ H_NODE, "slurm_node_name", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ H_JOB, "slurm_job_id", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ H_MODEL, "cpu_model", "cpu model", CT_REC_STR, NULL, NULL,
	  CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(3) },
	{ H_KINDS, "kinds", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(2) },
	{ H_INPUTS, "inputs", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(1) },
	{ H_ROWS, "rows", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(1) },
	{ H_OUTLIERS, "outliers", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ H_GEO_WALL, "geomean_wall", "geomean wall", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ H_GEO_CPU, "geomean_cpu", "geomean cpu", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ H_FILES, "files", "file", CT_REC_LIST, NULL, NULL, CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(4) },
};

static void host_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct host_rec *hr = rec;
	const struct ct_fleet_host *h = hr->h;
	const struct ct_machine *m = h->mach ? &h->mach->m : NULL;
	size_t i;

	(void)out;
	switch ((enum host_field)id) {
	case H_HOST:
		v->str = h->name;
		break;
	case H_HOSTNAME:
		v->null = !m || !h->mach->has_hostname;
		v->str = m ? m->hostname : "";
		break;
	case H_NODE:
		v->null = !m || !m->slurm_node_name[0];
		v->str = m ? m->slurm_node_name : "";
		break;
	case H_JOB:
		v->null = !m || !m->slurm_job_id[0];
		v->i = m ? strtoll(m->slurm_job_id, NULL, 10) : 0;
		break;
	case H_MODEL:
		v->str = h->model;
		break;
	case H_KINDS:
		/* None named: null, '-' in text. */
		v->str = hr->f->runs[h->inputs[0]].kinds;
		v->null = !v->str[0];
		break;
	case H_INPUTS:
		v->i = (long long)h->ninputs;
		break;
	case H_ROWS:
		v->i = (long long)h->rows;
		break;
	case H_OUTLIERS:
		v->i = (long long)h->outliers;
		break;
	case H_GEO_WALL:
		v->num = h->geomean[CT_BASIS_WALL];
		break;
	case H_GEO_CPU:
		v->num = h->geomean[CT_BASIS_CPU];
		break;
	case H_FILES:
		for (i = 0; i < h->ninputs && i < CT_ARRAY_SIZE(v->ptrs); i++)
			v->ptrs[i] = hr->f->runs[h->inputs[i]].file;
		v->list = v->ptrs;
		v->n = i;
		break;
	}
}

const struct ct_rec_kind ct_rec_fleet_host = {
	"fleet_host", host_fields, CT_ARRAY_SIZE(host_fields), host_value, 0
};

/* --- The fleet record: a host's figure of a result on a basis, beside its group's. --- */

struct row_rec {
	const struct ct_fleet *f;
	const struct ct_fleet_row *r;
};

enum row_field {
	F_TOOL, F_KERNEL, F_PLACEMENT, F_SIZE_BYTES, F_CHAINS, F_UNIT, F_BASIS, F_HOST, F_HOSTNAME,
	F_MODEL, F_KINDS, F_READER, F_ISA, F_N, F_RUNS, F_MEDIAN, F_CI_LOW, F_CI_HIGH,
	F_INTERVAL, F_GROUP_N, F_GROUP_MEDIAN, F_GROUP_MAD, F_RATIO, F_RATIO_LOW, F_RATIO_HIGH,
	F_MADS, F_PC_MEDIAN, F_PC_UNIT, F_GROUP_PC, F_PC_RATIO, F_DISTURBED, F_OUTLIER, F_FLAG,
	F_REASON, F_FILE
};

static const struct ct_rec_field row_fields[] = {
	{ F_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_KERNEL, "kernel", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_SIZE_BYTES, "size_bytes", NULL, CT_REC_NUM, "%d", NULL, CT_REC_DATA },
	{ F_CHAINS, "chains", NULL, CT_REC_NUM, "%d", NULL, CT_REC_DATA },
	{ F_UNIT, "unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ F_HOST, "host", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ F_HOSTNAME, "hostname", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ F_MODEL, "cpu_model", "cpu model", CT_REC_STR, NULL, NULL,
	  CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(5) },
	{ F_KINDS, "kinds", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(4) },
	{ F_READER, "reader", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(3) },
	{ F_ISA, "isa", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_N, "n", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(1) },
	{ F_RUNS, "runs", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_MEDIAN, "median", NULL, CT_REC_NUM, "%.6g", "%R", CT_REC_ALL },
	{ F_CI_LOW, "ci_low", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_CI_HIGH, "ci_high", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_INTERVAL, NULL, "95% interval", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_FIT(2) },
	{ F_GROUP_N, "group_hosts", "group", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ F_GROUP_MEDIAN, "group_median", "group median", CT_REC_NUM, "%.6g", "%R", CT_REC_ALL },
	{ F_GROUP_MAD, "group_mad", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_RATIO, "ratio", NULL, CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ F_RATIO_LOW, "ratio_ci_low", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_RATIO_HIGH, "ratio_ci_high", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_MADS, "mads", "MADs", CT_REC_NUM, "%.6g", "%.1f", CT_REC_ALL | CT_REC_FIT(6) },
	{ F_PC_MEDIAN, "per_cycle_median", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_PC_UNIT, "per_cycle_unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ F_GROUP_PC, "group_per_cycle_median", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_PC_RATIO, "per_cycle_ratio", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ F_DISTURBED, "disturbed", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ F_OUTLIER, "outlier", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_DATA },
	{ F_FLAG, NULL, "outlier", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ F_REASON, "reason", "why", CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ F_FILE, "file", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
};

/* The slower one: a lower rate, or a longer time (ct-place --bench). */
static int row_slower(const struct ct_fleet_row *r)
{
	return strcmp(r->s->unit, "s") == 0 ? r->ratio > 1 : r->ratio < 1;
}

static void row_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct row_rec *rr = rec;
	const struct ct_fleet_row *r = rr->r;
	const struct ct_fleet_host *h = &rr->f->hosts[r->host];

	(void)out;
	switch ((enum row_field)id) {
	case F_TOOL:
		v->str = r->s->tool;
		break;
	case F_KERNEL:
		v->str = r->s->kernel;
		break;
	case F_PLACEMENT:
		v->str = r->s->placement;
		break;
	case F_SIZE_BYTES:
		v->omit = isnan(r->s->size);
		v->num = r->s->size;
		break;
	case F_CHAINS:
		v->omit = isnan(r->s->chains);
		v->num = r->s->chains;
		break;
	case F_UNIT:
		v->str = r->s->unit;
		break;
	case F_BASIS:
		v->str = ct_basis_name((enum ct_basis)r->basis);
		break;
	case F_HOST:
		v->str = h->name;
		break;
	case F_HOSTNAME:
		v->null = !h->mach || !h->mach->has_hostname;
		v->str = h->mach ? h->mach->m.hostname : "";
		break;
	case F_MODEL:
		v->str = h->model;
		break;
	case F_KINDS:
		v->str = r->kinds;
		v->null = !r->kinds[0];
		break;
	case F_READER:
		ct_fleet_reader(r, v->buf, sizeof(v->buf));
		v->str = v->buf;
		break;
	case F_ISA:
		v->str = r->s->isa;
		break;
	case F_N:
		v->i = (long long)r->n;
		break;
	case F_RUNS:
		v->i = (long long)r->runs;
		break;
	case F_MEDIAN:
		v->num = r->median;
		v->unit = r->s->unit;
		break;
	case F_CI_LOW:
		v->num = r->ci_lo;
		break;
	case F_CI_HIGH:
		v->num = r->ci_hi;
		break;
	case F_INTERVAL:
		v->omit = isnan(r->ci_lo);
		ct_rec_range_text(v->buf, sizeof(v->buf), r->ci_lo, r->ci_hi, r->s->unit);
		v->str = v->buf;
		break;
	case F_GROUP_N:
		v->i = (long long)r->group_n;
		break;
	case F_GROUP_MEDIAN:
		v->num = r->group_median;
		v->unit = r->s->unit;
		break;
	case F_GROUP_MAD:
		v->num = r->group_mad;
		break;
	case F_RATIO:
		v->num = r->ratio;
		break;
	case F_RATIO_LOW:
		v->num = r->ratio_lo;
		break;
	case F_RATIO_HIGH:
		v->num = r->ratio_hi;
		break;
	case F_MADS:
		/* Beyond any count (the group's MAD is 0): JSON null, "inf" in text. */
		v->num = r->mads;
		if (isinf(r->mads) && (out & (CT_REC_TEXT | CT_REC_TSV)))
			v->str = "inf";
		break;
	case F_PC_MEDIAN:
		v->num = r->pc_median;
		break;
	case F_PC_UNIT:
		v->null = !r->s->pc_unit;
		v->str = r->s->pc_unit ? r->s->pc_unit : "";
		break;
	case F_GROUP_PC:
		v->num = r->group_pc_median;
		break;
	case F_PC_RATIO:
		v->num = r->pc_ratio;
		break;
	case F_DISTURBED:
		v->i = (long long)r->disturbed;
		break;
	case F_OUTLIER:
		v->null = r->outlier < 0;
		v->i = r->outlier == 1;
		break;
	case F_FLAG:
		v->str = r->outlier == 1 ? (row_slower(r) ? "slower" : "faster") : "";
		break;
	case F_REASON:
		v->null = !r->reason;
		v->str = r->reason ? r->reason : "";
		break;
	case F_FILE:
		v->str = rr->f->runs[h->inputs[0]].file;
		break;
	}
}

const struct ct_rec_kind ct_rec_fleet = {
	"fleet", row_fields, CT_ARRAY_SIZE(row_fields), row_value, 0
};

/* --- The outputs. --- */

static void summary_lines(FILE *f, const struct ct_fleet *fl, unsigned out)
{
	struct ct_rec_writer w;

	ct_rec_begin(&w, f, out, &ct_rec_fleet_summary);
	ct_rec_write(&w, fl);
	ct_rec_end(&w);
}

static void host_rows(FILE *f, const struct ct_fleet *fl, unsigned out)
{
	struct ct_rec_writer w;
	struct host_rec hr = { fl, NULL };
	const struct ct_fleet_host **order;
	size_t i;

	order = ct_xmalloc((fl->nhosts ? fl->nhosts : 1) * sizeof(*order));
	for (i = 0; i < fl->nhosts; i++)
		order[fl->hosts[i].rank] = &fl->hosts[i];
	if (out & CT_REC_TEXT) {
		ct_doc_gap(f);
		ct_rec_title(f, out, 2, "hosts: each one's rows, outliers and geometric mean of its "
			     "ratios to its peers' medians");
	}
	ct_rec_begin(&w, f, out, &ct_rec_fleet_host);
	for (i = 0; i < fl->nhosts; i++) {
		hr.h = order[i];
		ct_rec_write(&w, &hr);
	}
	ct_rec_end(&w);
	free(order);
}

/* The rows: a table per result (the table and Markdown), or records. */
static void result_rows(FILE *f, const struct ct_fleet *fl, unsigned out)
{
	struct ct_rec_writer w;
	struct row_rec rr = { fl, NULL };
	char title[400];
	size_t t, i;

	if (!(out & CT_REC_TEXT)) {
		ct_rec_begin(&w, f, out, &ct_rec_fleet);
		for (i = 0; i < fl->nrows; i++) {
			rr.r = &fl->rows[i];
			ct_rec_write(&w, &rr);
		}
		ct_rec_end(&w);
		return;
	}
	for (t = 0; t < fl->ntables; t++) {
		const struct ct_fleet_table *tb = &fl->tables[t];

		table_title(title, sizeof(title), tb->s);
		ct_doc_gap(f);
		ct_rec_title(f, out, 2, title);
		ct_rec_begin(&w, f, out, &ct_rec_fleet);
		for (i = tb->first; i < tb->first + tb->nrows; i++) {
			rr.r = &fl->rows[i];
			ct_rec_write(&w, &rr);
		}
		ct_rec_end(&w);
	}
}

static void legend_lines(FILE *f, unsigned out, const struct ct_fleet *fl)
{
	struct ct_doc d;

	ct_doc_init(&d, f, out, "");
	ct_doc_line(&d, "median: each host's over its samples (one run; its 95%% interval from order "
		"statistics, 6 samples at least), or of its runs' medians (several runs), in the "
		"title's unit (a time in the one that fits it, a latency in ns per load: the ratio "
		"stays the rates');");
	ct_doc_line(&d, "peers: the hosts of its cpu model and kind of core at that result and basis, "
		"itself included; ratio: its median over their median; MADs: how far from it, in "
		"scaled MADs (x %g) of their medians;", CT_FLEET_MAD_SCALE);
	ct_doc_line(&d, "outlier: beyond %g MADs and at least %g%% from the peers' median (--threshold); "
		"a group of fewer than %d hosts flags none; a host is never compared with another "
		"cpu model's", CT_FLEET_MADS, 100 * fl->threshold, CT_FLEET_MIN_GROUP);
}

static void print_table(FILE *f, const struct ct_fleet *fl)
{
	char title[200];

	snprintf(title, sizeof(title), "ct-compare --fleet: %zu host%s side by side", fl->nhosts,
		 fl->nhosts == 1 ? "" : "s");
	ct_rec_title(f, CT_REC_TABLE, 1, title);
	ct_doc_gap(f);
	summary_lines(f, fl, CT_REC_TABLE);
	ct_doc_gap(f);
	legend_lines(f, CT_REC_TABLE, fl);
	host_rows(f, fl, CT_REC_TABLE);
	result_rows(f, fl, CT_REC_TABLE);
}

void ct_fleet_print(FILE *f, enum ct_format fmt, const struct ct_fleet *fl)
{
	unsigned out = ct_rec_out_of(fmt);

	if (fmt == CT_FMT_TABLE) {
		print_table(f, fl);
		return;
	}
	/* TSV keeps one header and the rows alone, as ct-compare's compare rows. */
	if (out == CT_REC_JSON) {
		summary_lines(f, fl, out);
		host_rows(f, fl, out);
	}
	result_rows(f, fl, out);
}

void ct_fleet_markdown(FILE *f, const struct ct_fleet *fl)
{
	ct_rec_title(f, CT_REC_MD, 1, "coretype: a fleet side by side");
	summary_lines(f, fl, CT_REC_MD);
	ct_doc_gap(f);
	legend_lines(f, CT_REC_MD, fl);
	host_rows(f, fl, CT_REC_MD);
	result_rows(f, fl, CT_REC_MD);
}

/* --- The chart. --- */

/*
 * Hosts enough to read: beyond, the hosts with an outlier come first, then
 * those whose wall geometric mean is lowest, until the rows run out; the
 * note says how many are left out (the table has them all).
 */
#define CT_FLEET_CHART_ROWS 120

static int chart_pick_order(const void *x, const void *y)
{
	const struct ct_fleet_host *a = *(const struct ct_fleet_host *const *)x;
	const struct ct_fleet_host *b = *(const struct ct_fleet_host *const *)y;
	double ga = a->geomean[CT_BASIS_WALL], gb = b->geomean[CT_BASIS_WALL];

	if ((a->outliers > 0) != (b->outliers > 0))
		return a->outliers > 0 ? -1 : 1;
	if (isnan(ga) != isnan(gb))
		return isnan(ga) ? 1 : -1;
	if (ga != gb && !isnan(ga))
		return ga < gb ? -1 : 1;
	return a->rank < b->rank ? -1 : a->rank > b->rank;
}

static int rank_order(const void *x, const void *y)
{
	const struct ct_fleet_host *a = *(const struct ct_fleet_host *const *)x;
	const struct ct_fleet_host *b = *(const struct ct_fleet_host *const *)y;

	return a->rank < b->rank ? -1 : a->rank > b->rank;
}

/* A panel per kernel and size ("stream 16M"), the tool's name where several are. */
static void panel_keys(const struct ct_run_series *s, int tools, char *title, size_t tlen,
		       char *id, size_t ilen)
{
	char size[32] = "";

	if (!isnan(s->size))
		size_text(size, sizeof(size), s->size);
	snprintf(title, tlen, "%s%s%s%s%s", tools ? s->tool : "", tools ? " " : "", s->kernel,
		 size[0] ? " " : "", size);
	snprintf(id, ilen, "%s%s%s", s->kernel, size[0] ? "-" : "", size);
}

/*
 * The hosts side by side: a row per host (its cpu model under its name,
 * its bars the colour of its kind), a panel per kernel and size, each bar
 * the host's median at the panel's first placement (main, where the
 * records have it) over its peers', on the wall basis, the cpu basis's
 * ratio as the diamond.  A bar is marked an outlier where the host has
 * one in that kernel at any placement or basis: the table says which.
 */
void ct_fleet_svg(FILE *f, const struct ct_fleet *fl)
{
	size_t np = 0, i, p, r, nshown, *host_row, *panel_of, *first_table;
	const struct ct_fleet_host **pick = ct_xmalloc((fl->nhosts ? fl->nhosts : 1) * sizeof(*pick));
	char (*ptitles)[160] = ct_xcalloc(fl->ntables + 1, sizeof(*ptitles));
	char (*pids)[160] = ct_xcalloc(fl->ntables + 1, sizeof(*pids));
	char (*psubs)[160] = ct_xcalloc(fl->ntables + 1, sizeof(*psubs));
	struct ct_svg_panel *panels;
	struct ct_svg_row *rows;
	struct ct_svg_bar *bars;
	char (*tips)[480], (*odd)[280];
	char title[200], line0[600], line1[600], note0[400], note1[400];
	struct ct_svg_chart ch;
	int tools = 0;

	for (i = 1; i < fl->ntables; i++)
		tools |= strcmp(fl->tables[i].s->tool, fl->tables[0].s->tool) != 0;
	/* Panels, in the tables' order; each one's first table gives its bars. */
	panel_of = ct_xcalloc(fl->ntables + 1, sizeof(*panel_of));
	first_table = ct_xcalloc(fl->ntables + 1, sizeof(*first_table));
	for (i = 0; i < fl->ntables; i++) {
		char t[160], id[160];

		panel_keys(fl->tables[i].s, tools, t, sizeof(t), id, sizeof(id));
		for (p = 0; p < np && strcmp(ptitles[p], t) != 0; p++)
			;
		if (p == np) {
			snprintf(ptitles[p], sizeof(ptitles[p]), "%s", t);
			snprintf(pids[p], sizeof(pids[p]), "%s", id);
			snprintf(psubs[p], sizeof(psubs[p]), "at %.100s", fl->tables[i].s->placement);
			first_table[p] = i;
			np++;
		}
		panel_of[i] = p;
	}
	/* The hosts shown: all, or the odd and the slowest first up to the rows. */
	for (i = 0; i < fl->nhosts; i++)
		pick[i] = &fl->hosts[i];
	qsort(pick, fl->nhosts, sizeof(*pick), chart_pick_order);
	nshown = fl->nhosts < CT_FLEET_CHART_ROWS ? fl->nhosts : CT_FLEET_CHART_ROWS;
	qsort(pick, nshown, sizeof(*pick), rank_order);
	host_row = ct_xcalloc(fl->nhosts + 1, sizeof(*host_row));
	for (i = 0; i < fl->nhosts; i++)
		host_row[i] = (size_t)-1;
	for (i = 0; i < nshown; i++)
		host_row[pick[i] - fl->hosts] = i;

	rows = ct_xcalloc(nshown + 1, sizeof(*rows));
	tips = ct_xcalloc((nshown + 1) * (np + 1), sizeof(*tips));
	odd = ct_xcalloc((nshown + 1) * (np + 1), sizeof(*odd));
	bars = ct_xcalloc((nshown + 1) * (np + 1), sizeof(*bars));
	panels = ct_xcalloc(np + 1, sizeof(*panels));
	for (i = 0; i < (nshown + 1) * (np + 1); i++)
		bars[i].value = bars[i].marker = NAN;
	for (i = 0; i < nshown; i++) {
		rows[i].label = pick[i]->name;
		rows[i].sublabel = pick[i]->model;
		rows[i].color = CT_SVG_UNKNOWN;
	}
	for (i = 0; i < fl->nrows; i++) {
		const struct ct_fleet_row *fr = &fl->rows[i];
		struct ct_svg_bar *b;

		r = host_row[fr->host];
		if (r == (size_t)-1)
			continue;
		p = panel_of[fr->table];
		b = &bars[p * nshown + r];
		/* An outlier of the kernel anywhere marks its bar. */
		if (fr->outlier == 1 && !b->outlier) {
			b->outlier = 1;
			snprintf(odd[p * nshown + r], sizeof(odd[0]), "an outlier at %s, %s basis: "
				 "%.200s", fr->s->placement, ct_basis_name((enum ct_basis)fr->basis),
				 fr->reason ? fr->reason : "");
		}
		if (fr->table != first_table[p])
			continue;
		if (fr->basis == CT_BASIS_CPU) {
			b->marker = fr->ratio;
			continue;
		}
		rows[r].color = fr->kinds[0] ? ct_svg_kinds_color(fr->kinds) : CT_SVG_UNKNOWN;
		b->value = fr->ratio;
		if (isfinite(fr->ratio_lo) && isfinite(fr->ratio_hi)) {
			b->lo = fr->ratio_lo;
			b->hi = fr->ratio_hi;
		}
	}
	/* Each bar's tooltip: its figures first, then its outliers. */
	for (i = 0; i < fl->nrows; i++) {
		const struct ct_fleet_row *fr = &fl->rows[i];
		char *tip;

		r = host_row[fr->host];
		p = panel_of[fr->table];
		if (r == (size_t)-1 || fr->table != first_table[p] || fr->basis != CT_BASIS_WALL)
			continue;
		tip = tips[p * nshown + r];
		snprintf(tip, sizeof(tips[0]), "%.60s, %s at %.60s, wall basis: %.4g %s against its "
			 "%zu peers' %.4g, ratio %.3f%s%.250s", fl->hosts[fr->host].name, ptitles[p],
			 fr->s->placement, fr->median, fr->s->unit, fr->group_n, fr->group_median,
			 fr->ratio, odd[p * nshown + r][0] ? "; " : "", odd[p * nshown + r]);
	}
	for (i = 0; i < nshown * np; i++)
		if (tips[i][0])
			bars[i].tip = tips[i];
	for (p = 0; p < np; p++) {
		panels[p].id = pids[p];
		panels[p].title = ptitles[p];
		panels[p].subtitle = psubs[p];
		panels[p].bars = &bars[p * nshown];
	}
	memset(&ch, 0, sizeof(ch));
	snprintf(title, sizeof(title), "coretype: %zu host%s against their peers", fl->nhosts,
		 fl->nhosts == 1 ? "" : "s");
	ch.title = title;
	snprintf(line0, sizeof(line0), "Each host's median rate over its peers' (the hosts of "
		 "its cpu model and kind of core), on the wall basis, at each panel's placement; "
		 "diamonds: the same on the cpu basis. Error bars: the host's 95%% interval over "
		 "its peers' median, where it has one. %zu host%s, %zu cpu model%s, %zu outlier "
		 "row%s in the table.", fl->nhosts, fl->nhosts == 1 ? "" : "s", fl->models,
		 fl->models == 1 ? "" : "s", fl->outliers, fl->outliers == 1 ? "" : "s");
	ch.lines[0] = line0;
	snprintf(line1, sizeof(line1), "!: the host is an outlier in that kernel (at some "
		 "placement or basis: the tooltip and the table say which and why), beyond %g "
		 "scaled MADs of its peers' median and at least %g%% from it, in a group of %d "
		 "hosts at least.", CT_FLEET_MADS, 100 * fl->threshold, CT_FLEET_MIN_GROUP);
	ch.lines[1] = line1;
	ch.axis = "host / peers (median)";
	ch.reference = 1.0;
	ch.reference_label = "peers' median = 1";
	ch.rows = rows;
	ch.nrows = nshown;
	ch.panels = panels;
	ch.npanels = np;
	ch.bar_legend = "bar: wall basis";
	ch.err_legend = "error bar: the host's 95% interval";
	ch.marker_legend = "diamond: cpu basis";
	ch.outlier_legend = "red outline and !: an outlier in the kernel";
	snprintf(note0, sizeof(note0), "A row without a bar: the host has no such result, or no "
		 "median; the table (summary.md) lists every placement.");
	ch.notes[0] = note0;
	if (nshown < fl->nhosts) {
		snprintf(note1, sizeof(note1), "%zu of %zu hosts shown: every host with an outlier "
			 "first, then the lowest geometric means on the wall basis; the table has "
			 "them all.", nshown, fl->nhosts);
		ch.notes[1] = note1;
	}
	ct_svg_write(f, &ch);
	free(pick);
	free(ptitles);
	free(pids);
	free(psubs);
	free(panel_of);
	free(first_table);
	free(host_row);
	free(rows);
	free(tips);
	free(odd);
	free(bars);
	free(panels);
}
