/*
 * ct-compare/report.c - the comparison written out: the machines side by side,
 * then one row per figure grouped by kernel, as a table, TSV or JSON
 * Lines (one "input" record per input, one "compare" record per row), and
 * for -o DIR the same in Markdown (the chart is ct-compare/chart.c).  Both
 * records are described once here and written by record.c; the verdicts
 * and geomeans under the rows are ct-compare/report-summary.c.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "report/report.h"
#include "core/mann-whitney.h"
#include "ct-compare/compare.h"
#include "core/term.h"

/* --- The input record: one input's machine, as the tables set them side by side. --- */

enum in_field {
	I_COLUMN, I_TOOL, I_ROLE, I_FILE, I_HOST, I_TOOLS, I_CPU, I_KINDS, I_CPUS, I_OS, I_GOVERNOR,
	I_EPP, I_TURBO, I_THP, I_COMPILER, I_CFLAGS, I_COUNTERS, I_CONTAINER, I_LOAD, I_WARNINGS,
	I_DISTURBED, I_SAMPLES, I_DISTURBED_TEXT
};

struct in_rec {
	const struct ct_compare *c;
	size_t i;			/* c->runs[i]: 0 is BASE */
};

/*
 * JSON has a record per input; the table and summary.md show the inputs
 * side by side (CT_REC_SIDE), a column each headed by its role and a row
 * per field, '*' where they differ but for the file and the load, which
 * differ by nature from run to run.
 */
static const struct ct_rec_field in_fields[] = {
	{ I_COLUMN, NULL, "machine", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_HEAD },
	{ I_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ I_ROLE, "role", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ I_FILE, "file", NULL, CT_REC_STR, NULL, NULL,
	  CT_REC_JSON | CT_REC_TEXT | CT_REC_VARIES },
	{ I_HOST, "hostname", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_TOOLS, "tools", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_CPU, "cpu_model", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_KINDS, "kinds", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_CPUS, "cpus", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_OS, "os", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_GOVERNOR, "governor", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_EPP, "epp", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_TURBO, "turbo", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_THP, "thp", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_COMPILER, "compiler", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_CFLAGS, "cflags", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_COUNTERS, "counters", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_CONTAINER, "container", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	{ I_LOAD, "load", NULL, CT_REC_STR, NULL, NULL,
	  CT_REC_JSON | CT_REC_TEXT | CT_REC_VARIES },
	{ I_WARNINGS, "warnings", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON | CT_REC_TEXT },
	/* Disturbed samples (ct_sample_disturbed) over every series, or as the summaries count them. */
	{ I_DISTURBED, "disturbed_samples", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ I_SAMPLES, "samples", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
	{ I_DISTURBED_TEXT, NULL, "disturbed", CT_REC_STR, NULL, NULL,
	  CT_REC_TEXT | CT_REC_VARIES },
};

/* An input's samples and disturbed samples: its sample records', else its summaries'. */
static void input_disturbed(const struct ct_run *r, unsigned *dist, unsigned *n)
{
	size_t i;

	*dist = r->disturbed;
	*n = r->samples;
	if (r->samples)
		return;
	for (i = 0; i < r->nser; i++) {
		*dist += r->ser[i].sum_disturbed;
		*n += r->ser[i].reps_total;
	}
}

/* Every machine record's warnings, by name, comma-separated. */
static void warnings_text(const struct ct_run *r, char *buf, size_t len)
{
	unsigned w = 0;
	size_t i, used = 0;

	for (i = 0; i < r->nmach; i++)
		w |= ct_machine_warnings(&r->mach[i].m);
	buf[0] = '\0';
	for (i = 0; i < CT_MACHINE_NWARN && used + 1 < len; i++)
		if (w & (1u << i))
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
						 ct_machine_warn_names[i]);
	if (!used)
		snprintf(buf, len, "none");
}

/* The input's tools, each once, and the first one's version. */
static void tools_text(const struct ct_run *r, char *buf, size_t len)
{
	size_t i, j, used = 0;

	buf[0] = '\0';
	for (i = 0; i < r->nmach && used + 1 < len; i++) {
		for (j = 0; j < i; j++)
			if (strcmp(r->mach[j].tool, r->mach[i].tool) == 0)
				break;
		if (j == i)
			used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
						 r->mach[i].tool);
	}
	if (used + 1 < len)
		snprintf(buf + used, len - used, " %s", r->mach[0].version);
}

static void in_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	/* The fields the machine record has as they are: its description's. */
	static const enum ct_machine_field as_machine[] = {
		[I_CPU] = CT_MF_CPU_MODEL, [I_GOVERNOR] = CT_MF_GOVERNOR, [I_EPP] = CT_MF_EPP,
		[I_TURBO] = CT_MF_TURBO, [I_THP] = CT_MF_THP, [I_COMPILER] = CT_MF_COMPILER,
		[I_CFLAGS] = CT_MF_CFLAGS, [I_COUNTERS] = CT_MF_COUNTERS,
		[I_CONTAINER] = CT_MF_CONTAINER,
	};
	const struct in_rec *ir = rec;
	const struct ct_run *r = &ir->c->runs[ir->i];
	const struct ct_machine *m = r->nmach ? &r->mach[0].m : NULL;
	struct ct_out_machine_rec mr = { "ct-compare", m };

	v->str = v->buf;
	switch ((enum in_field)id) {
	case I_COLUMN:
		/* "base", "new", or "new 2" among several. */
		if (ir->i == 0)
			v->str = "base";
		else if (ir->c->nruns == 2)
			v->str = "new";
		else
			snprintf(v->buf, sizeof(v->buf), "new %zu", ir->i);
		return;
	case I_TOOL:
		v->str = "ct-compare";
		return;
	case I_ROLE:
		v->str = ir->i > 0 ? "new" : "base";
		return;
	case I_FILE:
		v->str = r->file;
		return;
	case I_KINDS:
		v->str = r->kinds[0] ? r->kinds : "-";
		return;
	case I_DISTURBED:
	case I_SAMPLES:
	case I_DISTURBED_TEXT: {
		unsigned d, n;

		input_disturbed(r, &d, &n);
		v->i = id == I_DISTURBED ? d : n;
		snprintf(v->buf, sizeof(v->buf), "%u of %u samples", d, n);
		return;
	}
	default:
		break;
	}
	if (!m) {
		v->str = "-";
		return;
	}
	switch ((enum in_field)id) {
	case I_HOST:
		v->str = !r->mach[0].has_hostname ? "-" : m->hostname[0] ? m->hostname : "(withheld)";
		break;
	case I_TOOLS:
		tools_text(r, v->buf, sizeof(v->buf));
		break;
	case I_CPUS:
		if (m->cpus_allowed > 0 && m->cpus_allowed != m->cpus_online)
			snprintf(v->buf, sizeof(v->buf), "%ld online, %ld allowed", m->cpus_online,
				 m->cpus_allowed);
		else
			snprintf(v->buf, sizeof(v->buf), "%ld online", m->cpus_online);
		break;
	case I_OS:
		snprintf(v->buf, sizeof(v->buf), "%s %s %s", m->os, m->release, m->arch);
		break;
	case I_LOAD:
		if (m->load_end[0] >= 0)
			snprintf(v->buf, sizeof(v->buf), "%.2f at start, %.2f at end", m->load[0],
				 m->load_end[0]);
		else
			snprintf(v->buf, sizeof(v->buf), "%.2f at start", m->load[0]);
		break;
	case I_WARNINGS:
		warnings_text(r, v->buf, sizeof(v->buf));
		break;
	case I_CPU:
	case I_GOVERNOR:
	case I_EPP:
	case I_TURBO:
	case I_THP:
	case I_COMPILER:
	case I_CFLAGS:
	case I_COUNTERS:
	case I_CONTAINER:
		ct_rec_machine.value(&mr, (int)as_machine[id], out, v);
		break;
	case I_COLUMN:
	case I_TOOL:
	case I_ROLE:
	case I_FILE:
	case I_KINDS:
	case I_DISTURBED:
	case I_SAMPLES:
	case I_DISTURBED_TEXT:
		break;
	}
}

const struct ct_rec_kind ct_rec_input = {
	"input", in_fields, CT_ARRAY_SIZE(in_fields), in_value, CT_REC_SIDE
};

/*
 * The inputs side by side (out: the table or Markdown); returns whether
 * they differ in a row.
 */
static int machines_table(FILE *f, const struct ct_compare *c, unsigned out)
{
	struct ct_rec_writer w;
	struct in_rec ir = { c, 0 };

	ct_rec_begin(&w, f, out, &ct_rec_input);
	for (ir.i = 0; ir.i < c->nruns; ir.i++)
		ct_rec_write(&w, &ir);
	ct_rec_end(&w);
	return w.differ > 0;
}

/* --- The compare record: a result and figure, base against a new input. --- */

/*
 * Whether the kernel group starting at row i needs its reader column:
 * a row of a reader beyond its ISA (a loop, chains), or of two readers.
 */
static int group_readers(const struct ct_compare *c, size_t i)
{
	size_t k = c->rows[i].kernel_rank;

	for (; i < c->nrows && c->rows[i].kernel_rank == k; i++) {
		const struct ct_run_series *s = ct_compare_side(&c->rows[i]);

		if (s->loop || !isnan(s->chains) || c->rows[i].reader_differs)
			return 1;
	}
	return 0;
}

/* Whether a row of the kernel group starting at row i has a size. */
static int group_sized(const struct ct_compare *c, size_t i)
{
	size_t k = c->rows[i].kernel_rank;

	for (; i < c->nrows && c->rows[i].kernel_rank == k; i++)
		if (!isnan(ct_compare_side(&c->rows[i])->size))
			return 1;
	return 0;
}

static const char *present(const struct ct_compare_row *r)
{
	return !r->a ? "new" : !r->b ? "base" : "both";
}

static const char *test_name(enum ct_compare_test t)
{
	return t == CT_TEST_EXACT ? "mann-whitney-exact" :
	       t == CT_TEST_NORMAL ? "mann-whitney-normal" :
	       t == CT_TEST_JACKKNIFE ? "jackknife-normal" :
	       t == CT_TEST_RUNS_EXACT ? "mann-whitney-exact-runs" :
	       t == CT_TEST_RUNS_NORMAL ? "mann-whitney-normal-runs" : "none";
}

struct row_rec {
	const struct ct_compare *c;
	const struct ct_compare_row *r;
};

enum row_field {
	W_TOOL, W_KERNEL, W_ISA, W_NEW_FILE, W_PLACEMENT, W_SIZE, W_BASIS, W_FIGURE, W_UNIT,
	W_SIZE_BYTES, W_PRESENT, W_MEDIAN_A, W_MEDIAN_B, W_RATIO, W_CI_LOW, W_CI_HIGH,
	W_INTERVAL, W_P, W_SIGNIFICANT, W_VERDICT, W_TEST, W_N_A, W_N_B, W_N, W_FILE_A, W_FILE,
	W_CHANGED, W_DIST_A, W_DIST_B, W_DIST, W_READER, W_WHY, W_READER_A, W_READER_B,
	W_UNCONFIRMED
};

/*
 * The table and summary.md group the rows by kernel (its title above each
 * group) and show the NEW only among several inputs, the size only where
 * the group has one.
 */
static const struct ct_rec_field row_fields[] = {
	{ W_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ W_KERNEL, "kernel", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ W_ISA, "isa", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	/* Which NEW, among several: what tells their rows apart, left out last. */
	{ W_NEW_FILE, NULL, "new", CT_REC_STR, NULL, NULL,
	  CT_REC_TEXT | CT_REC_LEFT | CT_REC_FIT(7) },
	{ W_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ W_SIZE, NULL, "size", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ W_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	/* The figure goes before the unit it follows from (s: a time, share: the share). */
	{ W_FIGURE, "figure", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(6) },
	{ W_UNIT, "unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ W_SIZE_BYTES, "size_bytes", NULL, CT_REC_NUM, "%d", NULL, CT_REC_DATA },
	{ W_PRESENT, "present", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ W_MEDIAN_A, "median_a", "base", CT_REC_NUM, "%.6g", "%R", CT_REC_ALL },
	{ W_MEDIAN_B, "median_b", "new", CT_REC_NUM, "%.6g", "%R", CT_REC_ALL },
	{ W_RATIO, "ratio", NULL, CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ W_CI_LOW, "ratio_ci_low", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ W_CI_HIGH, "ratio_ci_high", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ W_INTERVAL, NULL, "95% interval", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_FIT(2) },
	{ W_P, "p_value", "p", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL | CT_REC_FIT(3) },
	{ W_SIGNIFICANT, "significant", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_DATA },
	{ W_VERDICT, NULL, "verdict", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
	{ W_TEST, "test", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ W_N_A, "n_a", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ W_N_B, "n_b", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ W_N, NULL, "n", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_FIT(1) },
	{ W_FILE_A, "file_a", NULL, CT_REC_STR, NULL, NULL, CT_REC_JSON },
	{ W_FILE, "file", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ W_CHANGED, "changed", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_DATA },
	{ W_DIST_A, "disturbed_a", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ W_DIST_B, "disturbed_b", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ W_DIST, NULL, "disturbed", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_FIT(1) },
	/* Base's reader (a row's one side's), the note says both where they differ. */
	{ W_READER, NULL, "reader", CT_REC_STR, NULL, NULL,
	  CT_REC_TEXT | CT_REC_LEFT | CT_REC_FIT(6) },
	{ W_WHY, "no_verdict", "note", CT_REC_STR, NULL, NULL,
	  CT_REC_ALL | CT_REC_LEFT | CT_REC_FIT(5) },
	{ W_READER_A, "reader_a", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ W_READER_B, "reader_b", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	/* Apart within one run a side: no verdict (changed null), the note says why. */
	{ W_UNCONFIRMED, "unconfirmed", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_DATA },
};

static void row_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct row_rec *rr = rec;
	const struct ct_compare_row *r = rr->r;
	const struct ct_run_series *s = ct_compare_side(r);

	(void)out;
	switch ((enum row_field)id) {
	case W_TOOL:
		v->str = s->tool;
		break;
	case W_KERNEL:
		v->str = s->kernel;
		break;
	case W_ISA:
		v->str = s->isa;
		break;
	case W_NEW_FILE:
	case W_FILE:
		v->str = rr->c->runs[r->newi + 1].file;
		break;
	case W_PLACEMENT:
		v->str = s->placement;
		break;
	case W_SIZE:
		ct_compare_size_text(v->buf, sizeof(v->buf), s->size);
		v->str = v->buf;
		break;
	case W_BASIS:
		v->str = ct_compare_basis_name(r);
		break;
	case W_FIGURE:
		v->str = ct_figure_label(r->fig, r->unit);
		break;
	case W_UNIT:
		/* The unit the base and new cells are in: a latency's ns per load. */
		v->str = out & CT_REC_TEXT ? ct_rec_unit_text(r->unit) : r->unit;
		break;
	case W_SIZE_BYTES:
		/* None: no member at all. */
		v->omit = isnan(s->size);
		v->num = s->size;
		break;
	case W_PRESENT:
		v->str = present(r);
		break;
	case W_MEDIAN_A:
		v->num = r->med_a;
		v->unit = r->unit;
		break;
	case W_MEDIAN_B:
		v->num = r->med_b;
		v->unit = r->unit;
		break;
	case W_RATIO:
		v->num = r->ratio;
		break;
	case W_CI_LOW:
		v->num = r->ci_lo;
		break;
	case W_CI_HIGH:
		v->num = r->ci_hi;
		break;
	case W_INTERVAL:
		v->omit = isnan(r->ci_lo);
		snprintf(v->buf, sizeof(v->buf), "%.3f .. %.3f", r->ci_lo, r->ci_hi);
		v->str = v->buf;
		break;
	case W_P:
		v->num = r->p;
		if ((out & CT_REC_TEXT) && r->p < 0.001)
			v->str = "<0.001";
		break;
	case W_SIGNIFICANT:
		/* No verdict: null, as the writer gives a number it has not. */
		v->null = r->significant < 0;
		v->i = r->significant;
		break;
	case W_VERDICT:
		if (!r->a)
			v->str = "new only";
		else if (!r->b)
			v->str = "base only";
		else if (r->unconfirmed)
			snprintf(v->buf, sizeof(v->buf), "%+.1f%%? %s", (r->ratio - 1) * 100,
				 ct_figure_change(r->fig, r->unit, r->ratio));
		else if (r->reader_differs)
			/* Said in the verdict, which a narrow table keeps, not the note alone. */
			v->str = "other reader";
		else if (r->changed < 0)
			v->omit = 1;
		else if (!r->changed)
			v->str = "~";
		else
			snprintf(v->buf, sizeof(v->buf), "%+.1f%% %s", (r->ratio - 1) * 100,
				 ct_figure_change(r->fig, r->unit, r->ratio));
		if (v->str == NULL && !v->omit)
			v->str = v->buf;
		break;
	case W_TEST:
		v->str = test_name(r->test);
		break;
	case W_N_A:
		v->i = (long long)r->n_a;
		break;
	case W_N_B:
		v->i = (long long)r->n_b;
		break;
	case W_N:
		snprintf(v->buf, sizeof(v->buf), "%zu+%zu", r->n_a, r->n_b);
		v->str = v->buf;
		break;
	case W_FILE_A:
		v->str = rr->c->runs[0].file;
		break;
	case W_CHANGED:
		v->null = r->changed < 0;
		v->i = r->changed;
		break;
	case W_UNCONFIRMED:
		v->i = r->unconfirmed;
		break;
	case W_DIST_A:
		v->i = (long long)r->dist_a;
		break;
	case W_DIST_B:
		v->i = (long long)r->dist_b;
		break;
	case W_DIST:
		snprintf(v->buf, sizeof(v->buf), "%zu+%zu", r->dist_a, r->dist_b);
		v->str = v->buf;
		break;
	case W_WHY:
		v->null = !r->why[0];
		v->str = r->why;
		break;
	case W_READER:
	case W_READER_A:
	case W_READER_B: {
		const struct ct_run_series *side = id == W_READER ? s : id == W_READER_A ? r->a : r->b;

		v->null = !side;
		if (side)
			ct_compare_reader_text(side, v->buf, sizeof(v->buf));
		v->str = v->buf;
		break;
	}
	}
}

const struct ct_rec_kind ct_rec_compare = {
	"compare", row_fields, CT_ARRAY_SIZE(row_fields), row_value, 0
};

/* Whether some row's test took one run's samples as its unit (one run a side). */
static int any_sample_unit(const struct ct_compare *c)
{
	size_t i;

	for (i = 0; i < c->nrows; i++)
		if (c->rows[i].test == CT_TEST_EXACT || c->rows[i].test == CT_TEST_NORMAL)
			return 1;
	return 0;
}

static void legend_lines(const struct ct_doc *d, const struct ct_compare *c)
{
	ct_doc_line(d, "ratio = new / base of the medians; 95%% interval: Hodges-Lehmann (Moses) "
		    "on the log ratios; p: two-sided Mann-Whitney U (exact up to %d samples);",
		    CT_UTEST_EXACT_MAX);
	ct_doc_line(d, "the share's ratio is of the pooled shares (the summaries' cpu_share), "
		    "its interval and p the jackknife's of that ratio;");
	ct_doc_line(d, "base, new: in the unit column's unit, a time in the one that fits it (ns, "
		    "\xc2\xb5s, ms, s), a latency in ns per load (the ratio stays the rates': above 1 faster);");
	ct_doc_line(d, "verdict: the change in percent, faster or slower (a time's rise is slower), "
		    "where p < %g and its interval at that level is beyond 1 +- %g%% (--threshold), "
		    "'~' where not; 'other reader' where the sides ran different readers (the "
		    "note says which and how to pin base's); none where the note says why;",
		    c->alpha, 100 * c->threshold);
	/* What one run a side cannot hold (ct-compare(1), bench/compare-aa-tools.sh). */
	if (any_sample_unit(c))
		ct_doc_line(d, "one run a side: the test holds each run's own spread, not what the "
			    "host moves between runs (A/A pairs of ct-place -o on a Firecracker guest: "
			    "18%% of effects apart), so a row apart shows its change with '?' and no "
			    "verdict; give 5 runs a side (cat their files) for the run as the unit and "
			    "verdicts;");
	ct_doc_line(d, "disturbed: base+new samples descheduled (under %.0f%% of wall on the cpu), "
		    "left out of the per-cycle rows%s", 100 * CT_DESCHEDULED_SHARE,
		    c->any_untested ? ";" : "");
	if (c->any_untested)
		ct_doc_line(d, "'-': summaries only (no --samples) on a side: the ratio of their "
			    "medians, no test, no verdict");
}

/* The rows as the table or Markdown (out): a title and a table per kernel. */
static void row_groups(FILE *f, const struct ct_compare *c, unsigned out)
{
	struct ct_rec_writer w;
	struct row_rec rr = { c, NULL };
	char title[400], last[400] = "";
	int open = 0;
	size_t i;

	for (i = 0; i < c->nrows; i++) {
		rr.r = &c->rows[i];
		ct_compare_kernel_title(title, sizeof(title), ct_compare_side(rr.r));
		if (strcmp(title, last) != 0) {
			if (open)
				ct_rec_end(&w);
			ct_doc_gap(f);
			ct_rec_title(f, out, 2, title);
			snprintf(last, sizeof(last), "%s", title);
			ct_rec_begin(&w, f, out, &ct_rec_compare);
			if (c->nruns <= 2)
				ct_rec_hide(&w, W_NEW_FILE);
			if (!group_sized(c, i))
				ct_rec_hide(&w, W_SIZE);
			if (!group_readers(c, i))
				ct_rec_hide(&w, W_READER);
			open = 1;
		}
		ct_rec_write(&w, &rr);
	}
	if (open)
		ct_rec_end(&w);
}

static void print_table(FILE *f, const struct ct_compare *c)
{
	const char *what = c->nruns > 2 ? "each new, on rows of its own," : "new";
	int n = snprintf(NULL, 0, "ct-compare: %s against base (%s)", what, c->runs[0].file);
	char *title = ct_xmalloc((size_t)n + 1);
	struct ct_doc d;
	int differ;

	snprintf(title, (size_t)n + 1, "ct-compare: %s against base (%s)", what, c->runs[0].file);
	ct_rec_title(f, CT_REC_TABLE, 1, title);
	free(title);
	ct_doc_init(&d, f, CT_REC_TABLE, "");
	ct_doc_blank(&d);
	differ = machines_table(f, c, CT_REC_TABLE);
	ct_doc_line(&d, "%s", differ ? "(* the inputs differ)" : "(no difference in these rows)");
	ct_doc_blank(&d);
	legend_lines(&d, c);
	row_groups(f, c, CT_REC_TABLE);
	ct_compare_verdicts_rows(f, c, CT_REC_TABLE);
	ct_compare_geomean_rows(f, c, CT_REC_TABLE);
	ct_compare_found_lines(f, c, CT_REC_TABLE);
}

/* TSV has the rows; JSON an input record per input first. */
static void print_records(FILE *f, unsigned out, const struct ct_compare *c)
{
	struct ct_rec_writer w;
	struct in_rec ir = { c, 0 };
	struct row_rec rr = { c, NULL };
	size_t i;

	ct_rec_begin(&w, f, out, &ct_rec_input);
	for (ir.i = 0; out == CT_REC_JSON && ir.i < c->nruns; ir.i++)
		ct_rec_write(&w, &ir);
	ct_rec_end(&w);
	ct_rec_begin(&w, f, out, &ct_rec_compare);
	for (i = 0; i < c->nrows; i++) {
		rr.r = &c->rows[i];
		ct_rec_write(&w, &rr);
	}
	ct_rec_end(&w);
	/* TSV keeps one header and the compare rows alone. */
	if (out == CT_REC_JSON) {
		ct_compare_verdicts_rows(f, c, out);
		ct_compare_geomean_rows(f, c, out);
	}
}

void ct_compare_print(FILE *f, enum ct_format fmt, const struct ct_compare *c)
{
	if (fmt == CT_FMT_TABLE)
		print_table(f, c);
	else
		print_records(f, ct_rec_out_of(fmt), c);
}

void ct_compare_markdown(FILE *f, const struct ct_compare *c)
{
	struct ct_doc d;
	int differ;

	ct_doc_init(&d, f, CT_REC_MD, "");
	ct_rec_title(f, CT_REC_MD, 1, "coretype: runs compared");
	ct_rec_title(f, CT_REC_MD, 2, "Machines");
	differ = machines_table(f, c, CT_REC_MD);
	ct_doc_blank(&d);
	ct_doc_line(&d, "%s", differ ? "\\* the inputs differ" : "No difference in these rows.");
	ct_doc_blank(&d);
	legend_lines(&d, c);
	row_groups(f, c, CT_REC_MD);
	ct_compare_verdicts_rows(f, c, CT_REC_MD);
	ct_compare_geomean_rows(f, c, CT_REC_MD);
	ct_compare_found_lines(f, c, CT_REC_MD);
}
