/*
 * ct-compare/report.c - the comparison written out: the machines side by side,
 * then one row per figure grouped by kernel, as a table, TSV or JSON
 * Lines (one "input" record per input, one "compare" record per row), and
 * for -o DIR the same in Markdown and as a chart of the ratios.  Both
 * records are described once here and written by record.c.
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
#include "records/svg.h"
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
	{ W_READER, NULL, "reader", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
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
		size_text(v->buf, sizeof(v->buf), s->size);
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

/* --- The geomean record: a NEW's rows of one figure, basis and unit, their ratios' mean. --- */

struct geo_rec {
	const struct ct_compare *c;
	const struct ct_compare_geomean *g;
};

enum geo_field { G_NEW_FILE, G_FIGURE, G_BASIS, G_UNIT, G_ROWS, G_RATIO, G_CI_LOW, G_CI_HIGH,
		 G_INTERVAL, G_FILE };

static const struct ct_rec_field geo_fields[] = {
	{ G_NEW_FILE, NULL, "new", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ G_FIGURE, "figure", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ G_BASIS, "basis", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ G_UNIT, "unit", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ G_ROWS, "rows", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ G_RATIO, "geomean", NULL, CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ G_CI_LOW, "ratio_ci_low", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ G_CI_HIGH, "ratio_ci_high", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ G_INTERVAL, NULL, "95% interval", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
	{ G_FILE, "file", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
};

static void geo_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct geo_rec *gr = rec;
	const struct ct_compare_geomean *g = gr->g;

	switch ((enum geo_field)id) {
	case G_NEW_FILE:
	case G_FILE:
		v->str = gr->c->runs[g->newi + 1].file;
		break;
	case G_FIGURE:
		v->str = ct_figure_label(g->fig, g->unit);
		break;
	case G_BASIS:
		v->str = g->basis < 0 ? "cpu/wall" : ct_basis_name((enum ct_basis)g->basis);
		break;
	case G_UNIT:
		v->str = out & CT_REC_TEXT ? ct_rec_unit_text(g->unit) : g->unit;
		break;
	case G_ROWS:
		v->i = (long long)g->n;
		break;
	case G_RATIO:
		v->num = g->ratio;
		break;
	case G_CI_LOW:
		v->num = g->ci_lo;
		break;
	case G_CI_HIGH:
		v->num = g->ci_hi;
		break;
	case G_INTERVAL:
		v->omit = isnan(g->ci_lo);
		snprintf(v->buf, sizeof(v->buf), "%.3f .. %.3f", g->ci_lo, g->ci_hi);
		v->str = v->buf;
		break;
	}
}

const struct ct_rec_kind ct_rec_geomean = {
	"geomean", geo_fields, CT_ARRAY_SIZE(geo_fields), geo_value, 0
};

/* The geometric means: a table under the rows (out: the table or Markdown), or records. */
static void geomean_rows(FILE *f, const struct ct_compare *c, unsigned out)
{
	struct ct_rec_writer w;
	struct geo_rec gr = { c, NULL };
	size_t i;

	if (!c->ngeo)
		return;
	if (out & CT_REC_TEXT) {
		ct_doc_gap(f);
		ct_rec_title(f, out, 2, "geomean: the ratios' geometric mean by figure, basis and unit");
	}
	ct_rec_begin(&w, f, out, &ct_rec_geomean);
	if (c->nruns <= 2)
		ct_rec_hide(&w, G_NEW_FILE);
	for (i = 0; i < c->ngeo; i++) {
		gr.g = &c->geo[i];
		ct_rec_write(&w, &gr);
	}
	ct_rec_end(&w);
}

/* --- The verdicts record: a NEW's results, each counted once. --- */

struct verdicts_rec {
	const struct ct_compare *c;
	const struct ct_compare_verdicts *v;
};

enum verdicts_field {
	V_NEW_FILE, V_RESULTS, V_FASTER, V_SLOWER, V_SAME, V_UNCONFIRMED, V_NONE, V_READER,
	V_BASE_ONLY, V_NEW_ONLY, V_FILE
};

static const struct ct_rec_field verdicts_fields[] = {
	{ V_NEW_FILE, NULL, "new", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ V_RESULTS, "results", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ V_FASTER, "faster", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ V_SLOWER, "slower", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ V_SAME, "unchanged", "~", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ V_UNCONFIRMED, "unconfirmed", "apart, one run", CT_REC_INT, NULL, NULL,
	  CT_REC_ALL | CT_REC_FIT(1) },
	{ V_NONE, "without_verdict", "no verdict", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ V_READER, "different_reader", "different reader", CT_REC_INT, NULL, NULL,
	  CT_REC_ALL | CT_REC_FIT(1) },
	{ V_BASE_ONLY, "base_only", "base only", CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(2) },
	{ V_NEW_ONLY, "new_only", "new only", CT_REC_INT, NULL, NULL, CT_REC_ALL | CT_REC_FIT(2) },
	{ V_FILE, "file", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
};

static void verdicts_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct verdicts_rec *vr = rec;
	const struct ct_compare_verdicts *n = vr->v;

	(void)out;
	switch ((enum verdicts_field)id) {
	case V_NEW_FILE:
	case V_FILE:
		v->str = vr->c->runs[n->newi + 1].file;
		break;
	case V_RESULTS:
		v->i = (long long)n->results;
		break;
	case V_FASTER:
		v->i = (long long)n->faster;
		break;
	case V_SLOWER:
		v->i = (long long)n->slower;
		break;
	case V_SAME:
		v->i = (long long)n->same;
		break;
	case V_UNCONFIRMED:
		v->i = (long long)n->unconfirmed;
		break;
	case V_NONE:
		v->i = (long long)n->none;
		break;
	case V_READER:
		v->i = (long long)n->reader;
		break;
	case V_BASE_ONLY:
		v->i = (long long)n->base_only;
		break;
	case V_NEW_ONLY:
		v->i = (long long)n->new_only;
		break;
	}
}

const struct ct_rec_kind ct_rec_verdicts = {
	"verdicts", verdicts_fields, CT_ARRAY_SIZE(verdicts_fields), verdicts_value, 0
};

/* The verdicts, one line per NEW: a table under the rows (out: the table or Markdown), or records. */
static void verdicts_rows(FILE *f, const struct ct_compare *c, unsigned out)
{
	struct ct_rec_writer w;
	struct verdicts_rec vr = { c, NULL };
	size_t i;

	if (out & CT_REC_TEXT) {
		ct_doc_gap(f);
		ct_rec_title(f, out, 2, "verdicts: each result (tool, kernel, placement, size) once, "
			     "by its wall rate row");
	}
	ct_rec_begin(&w, f, out, &ct_rec_verdicts);
	if (c->nruns <= 2)
		ct_rec_hide(&w, V_NEW_FILE);
	for (i = 0; i + 1 < c->nruns; i++) {
		vr.v = &c->verdicts[i];
		ct_rec_write(&w, &vr);
	}
	ct_rec_end(&w);
}

static void kernel_title(char *buf, size_t len, const struct ct_run_series *s)
{
	snprintf(buf, len, "%s %s (%s)", s->tool, s->kernel, s->isa);
}

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
		    "'~' where not; none where the note says why;", c->alpha, 100 * c->threshold);
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
		kernel_title(title, sizeof(title), ct_compare_side(rr.r));
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
	verdicts_rows(f, c, CT_REC_TABLE);
	geomean_rows(f, c, CT_REC_TABLE);
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
		verdicts_rows(f, c, out);
		geomean_rows(f, c, out);
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
	verdicts_rows(f, c, CT_REC_MD);
	geomean_rows(f, c, CT_REC_MD);
}

/* --- The chart. --- */

/*
 * A row's place in the chart: its panel, the kernel and its size (a stream
 * of 16M is a panel of its own), and its bar row, the placement (and the
 * NEW, with several), so that every panel has the same rows as the
 * table's keys: a size in the row would give the other kernels' panels
 * rows they never measured.
 */
static void chart_keys(const struct ct_compare *c, const struct ct_compare_row *cr,
		       char *panel, size_t plen, char *row, size_t rlen)
{
	const struct ct_run_series *s = ct_compare_side(cr);
	char title[160], size[32];

	kernel_title(title, sizeof(title), s);
	size_text(size, sizeof(size), s->size);
	snprintf(panel, plen, "%.120s%s%s", title, isnan(s->size) ? "" : " ",
		 isnan(s->size) ? "" : size);
	if (c->nruns > 2)
		snprintf(row, rlen, "%.60s: %.90s", c->runs[cr->newi + 1].file, s->placement);
	else
		snprintf(row, rlen, "%s", s->placement);
}

/*
 * One panel per kernel (and size), one bar row per placement (and NEW
 * with several): the rate's ratio on the wall basis, its interval as the
 * error bar, the cpu basis's ratio as the diamond.
 */
void ct_compare_svg(FILE *f, const struct ct_compare *c)
{
	struct ct_svg_chart ch;
	struct ct_svg_panel *panels = ct_xcalloc(c->nrows + 1, sizeof(*panels));
	struct ct_svg_row *rows = ct_xcalloc(c->nrows + 1, sizeof(*rows));
	char (*labels)[160] = ct_xcalloc(c->nrows + 1, sizeof(*labels));
	char (*subs)[160] = ct_xcalloc(c->nrows + 1, sizeof(*subs));
	char (*ptitles)[160] = ct_xcalloc(c->nrows + 1, sizeof(*ptitles));
	char (*pids)[160] = ct_xcalloc(c->nrows + 1, sizeof(*pids));
	char (*tips)[400] = ct_xcalloc(c->nrows + 1, sizeof(*tips));
	struct ct_svg_bar *bars;
	char title[200], line0[600], line1[400], notes[800];
	size_t npanels = 0, nrows = 0, i, p, r;
	int any_disturbed = 0;

	/* Panels and rows: the kernels and the placements, in the table's order. */
	for (i = 0; i < c->nrows; i++) {
		const struct ct_compare_row *cr = &c->rows[i];
		const struct ct_run_series *s = ct_compare_side(cr);
		char label[160], size[32], ktitle[160];

		if (cr->fig != CT_FIG_RATE || cr->basis != CT_BASIS_WALL)
			continue;
		chart_keys(c, cr, ktitle, sizeof(ktitle), label, sizeof(label));
		for (p = 0; p < npanels && strcmp(ptitles[p], ktitle) != 0; p++)
			;
		if (p == npanels) {
			snprintf(ptitles[p], sizeof(ptitles[p]), "%s", ktitle);
			size_text(size, sizeof(size), s->size);
			snprintf(pids[p], sizeof(pids[p]), "%s-%s%s%s", s->kernel, s->isa,
				 isnan(s->size) ? "" : "-", isnan(s->size) ? "" : size);
			npanels++;
		}
		for (r = 0; r < nrows && strcmp(labels[r], label) != 0; r++)
			;
		if (r == nrows) {
			snprintf(labels[r], sizeof(labels[r]), "%s", label);
			rows[r].label = labels[r];
			rows[r].color = s->kinds ? ct_svg_kinds_color(s->kinds) : CT_SVG_UNKNOWN;
			nrows++;
		}
	}
	bars = ct_xcalloc((npanels ? npanels : 1) * (nrows ? nrows : 1), sizeof(*bars));
	for (i = 0; i < npanels * nrows; i++) {
		bars[i].value = NAN;
		bars[i].marker = NAN;
	}
	for (i = 0; i < c->nrows; i++) {
		const struct ct_compare_row *cr = &c->rows[i];
		const struct ct_run_series *s = ct_compare_side(cr);
		char label[160], ktitle[160], v[64];
		struct ct_svg_bar *b;

		if (cr->fig != CT_FIG_RATE)
			continue;
		chart_keys(c, cr, ktitle, sizeof(ktitle), label, sizeof(label));
		for (p = 0; p < npanels && strcmp(ptitles[p], ktitle) != 0; p++)
			;
		for (r = 0; r < nrows && strcmp(labels[r], label) != 0; r++)
			;
		if (p == npanels || r == nrows)
			continue;
		b = &bars[p * nrows + r];
		if (cr->basis == CT_BASIS_CPU) {
			b->marker = cr->ratio;
			continue;
		}
		b->value = cr->ratio;
		b->disturbed = cr->dist_a > 0 || cr->dist_b > 0;
		any_disturbed |= b->disturbed;
		if (!isnan(cr->ci_lo)) {
			b->lo = cr->ci_lo;
			b->hi = cr->ci_hi;
		}
		if (isnan(cr->p))
			snprintf(v, sizeof(v), "no test (summaries only)");
		else
			snprintf(v, sizeof(v), "p = %.3g, %s", cr->p,
				 cr->significant ? "significant" : "not significant");
		snprintf(tips[p * nrows + r], sizeof(tips[0]),
			 "%s at %s, wall basis: %.4g %s in base, %.4g in new, ratio %.3f; %s",
			 ktitle, s->placement, cr->med_a, cr->unit, cr->med_b, cr->ratio, v);
		b->tip = tips[p * nrows + r];
	}
	for (p = 0; p < npanels; p++) {
		panels[p].id = pids[p];
		panels[p].title = ptitles[p];
		panels[p].bars = &bars[p * nrows];
	}
	(void)subs;

	memset(&ch, 0, sizeof(ch));
	snprintf(title, sizeof(title), "coretype: %s relative to base",
		 c->nruns > 2 ? "each new run" : "new");
	ch.title = title;
	snprintf(line0, sizeof(line0), "Base: %s (%s). New: %s%s.", c->runs[0].file,
		 c->runs[0].nmach ? c->runs[0].mach[0].m.cpu_model : "no machine record",
		 c->runs[1].file, c->nruns > 2 ? " and the others, one row each" : "");
	ch.lines[0] = line0;
	snprintf(line1, sizeof(line1), "Bars: the ratio of the median rates on the wall basis "
		 "(elapsed time), new over base; diamonds: the same on the cpu basis. Error bars: "
		 "the 95%% interval (Hodges-Lehmann on the log ratios), where both sides have "
		 "samples.");
	ch.lines[1] = line1;
	ch.axis = "median rate, new / base";
	ch.reference = 1.0;
	ch.reference_label = "base = 1";
	ch.rows = rows;
	ch.nrows = nrows;
	ch.panels = panels;
	ch.npanels = npanels;
	ch.bar_legend = "bar: wall basis";
	ch.err_legend = "error bar: 95% interval of the ratio";
	ch.marker_legend = "diamond: cpu basis";
	snprintf(notes, sizeof(notes), "A row without a bar is in one input only, or has no "
		 "ratio (a side without a median); the table (summary.md) lists it and why.");
	ch.notes[0] = notes;
	if (any_disturbed)
		ch.caveat = "*: a side of the bar had disturbed (descheduled) samples: its wall basis "
			    "measured other work too; the table counts them";
	ct_svg_write(f, &ch);
	free(panels);
	free(rows);
	free(labels);
	free(subs);
	free(ptitles);
	free(pids);
	free(tips);
	free(bars);
}
