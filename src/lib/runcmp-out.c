/*
 * runcmp-out.c - the comparison written out: the machines side by side,
 * then one row per figure grouped by kernel, as a table, TSV or JSON
 * Lines (one "input" record per input, one "compare" record per row), and
 * for -o DIR the same in Markdown and as a chart of the ratios.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct/common.h"
#include "ct/harness.h"
#include "ct/out.h"
#include "ct/rank-test.h"
#include "ct/runcmp.h"
#include "ct/svg.h"

/* --- The machines. --- */

enum mrow {
	M_FILE, M_HOST, M_TOOL, M_CPU, M_KINDS, M_CPUS, M_KERNEL, M_GOVERNOR, M_EPP, M_TURBO,
	M_THP, M_COMPILER, M_CFLAGS, M_COUNTERS, M_CONTAINER, M_LOAD, M_WARNINGS, M_NROWS
};

static const char *const mrow_names[M_NROWS] = {
	"file", "hostname", "tools", "cpu_model", "kinds", "cpus", "os", "governor",
	"epp", "turbo", "thp", "compiler", "cflags", "counters", "container", "load",
	"warnings",
};

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

static void mcell(const struct ct_run *r, enum mrow row, char *buf, size_t len)
{
	const struct ct_machine *m = r->nmach ? &r->mach[0].m : NULL;
	size_t i, used = 0;

	if (row == M_FILE) {
		snprintf(buf, len, "%s", r->file);
		return;
	}
	if (row == M_KINDS) {
		snprintf(buf, len, "%s", r->kinds[0] ? r->kinds : "-");
		return;
	}
	if (!m) {
		snprintf(buf, len, "-");
		return;
	}
	switch (row) {
	case M_HOST:
		snprintf(buf, len, "%s", !r->mach[0].has_hostname ? "-" :
			 m->hostname[0] ? m->hostname : "(withheld)");
		break;
	case M_TOOL:
		buf[0] = '\0';
		for (i = 0; i < r->nmach && used + 1 < len; i++) {
			size_t j;

			for (j = 0; j < i; j++)
				if (strcmp(r->mach[j].tool, r->mach[i].tool) == 0)
					break;
			if (j == i)
				used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : "",
							 r->mach[i].tool);
		}
		if (used + 1 < len)
			snprintf(buf + used, len - used, " %s", r->mach[0].version);
		break;
	case M_CPU:
		snprintf(buf, len, "%s", m->cpu_model);
		break;
	case M_CPUS:
		if (m->cpus_allowed > 0 && m->cpus_allowed != m->cpus_online)
			snprintf(buf, len, "%ld online, %ld allowed", m->cpus_online, m->cpus_allowed);
		else
			snprintf(buf, len, "%ld online", m->cpus_online);
		break;
	case M_KERNEL:
		snprintf(buf, len, "%s %s %s", m->os, m->release, m->arch);
		break;
	case M_GOVERNOR:
		snprintf(buf, len, "%s", m->governor);
		break;
	case M_EPP:
		snprintf(buf, len, "%s", m->epp);
		break;
	case M_TURBO:
		snprintf(buf, len, "%s", m->turbo);
		break;
	case M_THP:
		snprintf(buf, len, "%s", m->thp);
		break;
	case M_COMPILER:
		snprintf(buf, len, "%s", m->compiler);
		break;
	case M_CFLAGS:
		snprintf(buf, len, "%s", m->cflags);
		break;
	case M_COUNTERS:
		snprintf(buf, len, "%s", m->counters);
		break;
	case M_CONTAINER:
		snprintf(buf, len, "%s", m->container);
		break;
	case M_LOAD:
		if (m->load_end[0] >= 0)
			snprintf(buf, len, "%.2f at start, %.2f at end", m->load[0], m->load_end[0]);
		else
			snprintf(buf, len, "%.2f at start", m->load[0]);
		break;
	case M_WARNINGS:
		warnings_text(r, buf, len);
		break;
	default:
		snprintf(buf, len, "-");
		break;
	}
}

/* The load differs by nature from run to run: rows that tell machines apart. */
static int mrow_differs(const struct ct_cmp *c, enum mrow row)
{
	char a[512], b[512];
	size_t i;

	if (row == M_FILE || row == M_LOAD)
		return 0;
	mcell(&c->runs[0], row, a, sizeof(a));
	for (i = 1; i < c->nruns; i++) {
		mcell(&c->runs[i], row, b, sizeof(b));
		if (strcmp(a, b) != 0)
			return 1;
	}
	return 0;
}

static int any_differs(const struct ct_cmp *c)
{
	int row;

	for (row = 0; row < M_NROWS; row++)
		if (mrow_differs(c, (enum mrow)row))
			return 1;
	return 0;
}

static void machines_table(FILE *f, const struct ct_cmp *c)
{
	const char **hdr = ct_xcalloc(c->nruns + 2, sizeof(*hdr));
	const char **cells = ct_xcalloc(c->nruns + 2, sizeof(*cells));
	char (*text)[512] = ct_xcalloc(c->nruns, sizeof(*text));
	char (*names)[32] = ct_xcalloc(c->nruns, sizeof(*names));
	struct ct_table *t;
	size_t i;
	int row;

	hdr[0] = "";
	hdr[1] = "machine";
	for (i = 0; i < c->nruns; i++) {
		if (i == 0)
			snprintf(names[i], sizeof(names[i]), "base");
		else if (c->nruns == 2)
			snprintf(names[i], sizeof(names[i]), "new");
		else
			snprintf(names[i], sizeof(names[i]), "new %zu", i);
		hdr[i + 2] = names[i];
	}
	t = ct_table_new(hdr, (int)c->nruns + 2);
	for (row = 0; row < M_NROWS; row++) {
		cells[0] = mrow_differs(c, (enum mrow)row) ? "*" : "";
		cells[1] = mrow_names[row];
		for (i = 0; i < c->nruns; i++) {
			mcell(&c->runs[i], (enum mrow)row, text[i], sizeof(text[i]));
			cells[i + 2] = text[i];
		}
		ct_table_add(t, cells);
	}
	ct_table_print(t, f);
	ct_table_free(t);
	free(hdr);
	free(cells);
	free(text);
	free(names);
}

/* --- The rows. --- */

/* v with prec significant digits (-prec: decimals), or "-" without one. */
static void fmt(char *buf, size_t len, int prec, double v)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (prec < 0)
		snprintf(buf, len, "%.*f", -prec, v);
	else
		snprintf(buf, len, "%.*g", prec, v);
}

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

static const char *verdict(const struct ct_cmp_row *r, char *buf, size_t len)
{
	if (!r->a)
		return "new only";
	if (!r->b)
		return "base only";
	if (r->significant < 0)
		return "-";
	if (!r->significant)
		return "~";
	snprintf(buf, len, "%+.1f%%", (r->ratio - 1) * 100);
	return buf;
}

/* Whether a row of the kernel group starting at row i has a size. */
static int group_sized(const struct ct_cmp *c, size_t i)
{
	size_t k = c->rows[i].kernel_rank;

	for (; i < c->nrows && c->rows[i].kernel_rank == k; i++)
		if (!isnan(ct_cmp_side(&c->rows[i])->size))
			return 1;
	return 0;
}

enum col {
	C_NEW, C_PLACEMENT, C_SIZE, C_BASIS, C_FIGURE, C_UNIT, C_BASE_MED, C_NEW_MED, C_RATIO,
	C_CI, C_P, C_VERDICT, C_N, C_NCOLS
};

static const char *const col_names[C_NCOLS] = {
	"new", "placement", "size", "basis", "figure", "unit", "base", "new", "ratio",
	"95% interval", "p", "verdict", "n",
};

struct text_row {
	char c[C_NCOLS][96];
};

static void text_row(const struct ct_cmp *c, const struct ct_cmp_row *r, struct text_row *t)
{
	const struct ct_run_series *s = ct_cmp_side(r);
	char v[32];

	snprintf(t->c[C_NEW], 96, "%s", c->runs[r->newi + 1].file);
	snprintf(t->c[C_PLACEMENT], 96, "%s", s->placement);
	size_text(t->c[C_SIZE], 96, s->size);
	snprintf(t->c[C_BASIS], 96, "%s", ct_cmp_basis_name(r));
	snprintf(t->c[C_FIGURE], 96, "%s", ct_figure_name(r->fig));
	snprintf(t->c[C_UNIT], 96, "%s", r->unit);
	fmt(t->c[C_BASE_MED], 96, 4, r->med_a);
	fmt(t->c[C_NEW_MED], 96, 4, r->med_b);
	fmt(t->c[C_RATIO], 96, -3, r->ratio);
	if (isnan(r->ci_lo))
		snprintf(t->c[C_CI], 96, "-");
	else
		snprintf(t->c[C_CI], 96, "%.3f .. %.3f", r->ci_lo, r->ci_hi);
	if (isnan(r->p))
		snprintf(t->c[C_P], 96, "-");
	else if (r->p < 0.001)
		snprintf(t->c[C_P], 96, "<0.001");
	else
		snprintf(t->c[C_P], 96, "%.3f", r->p);
	snprintf(t->c[C_VERDICT], 96, "%s", verdict(r, v, sizeof(v)));
	snprintf(t->c[C_N], 96, "%zu+%zu", r->n_a, r->n_b);
}

/* The columns shown: the NEW only with several, the size only where any. */
static int col_shown(const struct ct_cmp *c, int col, int sized)
{
	if (col == C_NEW)
		return c->nruns > 2;
	if (col == C_SIZE)
		return sized;
	return 1;
}

static void kernel_title(char *buf, size_t len, const struct ct_run_series *s)
{
	snprintf(buf, len, "%s %s (%s)", s->tool, s->kernel, s->isa);
}

static void legend_lines(FILE *f, const char *pre, const struct ct_cmp *c)
{
	fprintf(f, "%sratio = new / base of the medians; 95%% interval: Hodges-Lehmann (Moses) "
		"on the log ratios; p: two-sided Mann-Whitney U (exact up to %d samples);\n",
		pre, CT_UTEST_EXACT_MAX);
	fprintf(f, "%sverdict: the change in percent where p < %g, '~' where not%s\n", pre,
		c->alpha, c->any_untested ? ";" : "");
	if (c->any_untested)
		fprintf(f, "%s'-': summaries only (no --samples) on a side: the ratio of their "
			"medians, no test, no verdict\n", pre);
}

static void print_table(FILE *f, const struct ct_cmp *c)
{
	int sized = 0, col, ncols = 0;
	const char *hdr[C_NCOLS];
	struct ct_table *t = NULL;
	char title[400], last[400] = "";
	size_t i;

	fprintf(f, "ct-compare: %s against base (%s)\n\n",
		c->nruns > 2 ? "each new, on rows of its own," : "new", c->runs[0].file);
	machines_table(f, c);
	fprintf(f, "%s\n\n", any_differs(c) ? "(* the inputs differ)" : "(no difference in these rows)");
	legend_lines(f, "", c);
	for (i = 0; i < c->nrows; i++) {
		const struct ct_cmp_row *r = &c->rows[i];
		const char *cells[C_NCOLS];
		struct text_row tr;
		int n = 0;

		kernel_title(title, sizeof(title), ct_cmp_side(r));
		if (strcmp(title, last) != 0) {
			if (t) {
				ct_table_print(t, f);
				ct_table_free(t);
			}
			fprintf(f, "\n%s\n", title);
			snprintf(last, sizeof(last), "%s", title);
			sized = group_sized(c, i);
			for (col = 0, ncols = 0; col < C_NCOLS; col++)
				if (col_shown(c, col, sized))
					hdr[ncols++] = col_names[col];
			t = ct_table_new(hdr, ncols);
		}
		text_row(c, r, &tr);
		for (col = 0; col < C_NCOLS; col++)
			if (col_shown(c, col, sized))
				cells[n++] = tr.c[col];
		ct_table_add(t, cells);
	}
	if (t) {
		ct_table_print(t, f);
		ct_table_free(t);
	}
}

static const char *const tsv_cols[] = {
	"tool", "kernel", "isa", "placement", "basis", "figure", "unit", "size_bytes",
	"present", "median_a", "median_b", "ratio", "ratio_ci_low", "ratio_ci_high",
	"p_value", "significant", "test", "n_a", "n_b", "file",
};

static const char *present(const struct ct_cmp_row *r)
{
	return !r->a ? "new" : !r->b ? "base" : "both";
}

static const char *test_name(enum ct_cmp_test t)
{
	return t == CT_TEST_EXACT ? "mann-whitney-exact" :
	       t == CT_TEST_NORMAL ? "mann-whitney-normal" : "none";
}

static void tsv_num(FILE *f, double v)
{
	if (isnan(v))
		fputs("\t-", f);
	else
		fprintf(f, "\t%.6g", v);
}

static void print_tsv(FILE *f, const struct ct_cmp *c)
{
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(tsv_cols); i++)
		fprintf(f, "%s%s", i ? "\t" : "#", tsv_cols[i]);
	fputc('\n', f);
	for (i = 0; i < c->nrows; i++) {
		const struct ct_cmp_row *r = &c->rows[i];
		const struct ct_run_series *s = ct_cmp_side(r);

		fprintf(f, "%s\t%s\t%s\t%s\t%s\t%s\t%s", s->tool, s->kernel, s->isa, s->placement,
			ct_cmp_basis_name(r), ct_figure_name(r->fig), r->unit);
		if (isnan(s->size))
			fputs("\t-", f);
		else
			fprintf(f, "\t%.0f", s->size);
		fprintf(f, "\t%s", present(r));
		tsv_num(f, r->med_a);
		tsv_num(f, r->med_b);
		tsv_num(f, r->ratio);
		tsv_num(f, r->ci_lo);
		tsv_num(f, r->ci_hi);
		tsv_num(f, r->p);
		fprintf(f, "\t%s\t%s\t%zu\t%zu\t%s\n",
			r->significant < 0 ? "-" : r->significant ? "true" : "false",
			test_name(r->test), r->n_a, r->n_b, c->runs[r->newi + 1].file);
	}
}

static void print_json(FILE *f, const struct ct_cmp *c)
{
	char text[512];
	size_t i;
	int row;

	for (i = 0; i < c->nruns; i++) {
		ct_json_begin(f, "input");
		ct_json_str(f, "tool", "ct-compare");
		ct_json_str(f, "role", i ? "new" : "base");
		for (row = 0; row < M_NROWS; row++) {
			mcell(&c->runs[i], (enum mrow)row, text, sizeof(text));
			ct_json_str(f, mrow_names[row], text);
		}
		ct_json_end(f);
	}
	for (i = 0; i < c->nrows; i++) {
		const struct ct_cmp_row *r = &c->rows[i];
		const struct ct_run_series *s = ct_cmp_side(r);

		ct_json_begin(f, "compare");
		ct_json_str(f, "tool", s->tool);
		ct_json_str(f, "kernel", s->kernel);
		ct_json_str(f, "isa", s->isa);
		ct_json_str(f, "placement", s->placement);
		ct_json_str(f, "basis", ct_cmp_basis_name(r));
		ct_json_str(f, "figure", ct_figure_name(r->fig));
		ct_json_str(f, "unit", r->unit);
		if (!isnan(s->size))
			ct_json_num(f, "size_bytes", s->size);
		ct_json_str(f, "present", present(r));
		ct_json_num(f, "median_a", r->med_a);
		ct_json_num(f, "median_b", r->med_b);
		ct_json_num(f, "ratio", r->ratio);
		ct_json_num(f, "ratio_ci_low", r->ci_lo);
		ct_json_num(f, "ratio_ci_high", r->ci_hi);
		ct_json_num(f, "p_value", r->p);
		if (r->significant < 0) {
			/* No verdict: null, as the writer gives a number it has not. */
			ct_json_num(f, "significant", NAN);
		} else {
			ct_json_bool(f, "significant", r->significant);
		}
		ct_json_str(f, "test", test_name(r->test));
		ct_json_int(f, "n_a", (long long)r->n_a);
		ct_json_int(f, "n_b", (long long)r->n_b);
		ct_json_str(f, "file_a", c->runs[0].file);
		ct_json_str(f, "file", c->runs[r->newi + 1].file);
		ct_json_end(f);
	}
}

void ct_cmp_print(FILE *f, enum ct_format fmt, const struct ct_cmp *c)
{
	switch (fmt) {
	case CT_FMT_TABLE:
		print_table(f, c);
		break;
	case CT_FMT_TSV:
		print_tsv(f, c);
		break;
	case CT_FMT_JSON:
		print_json(f, c);
		break;
	}
}

/* Markdown cells: a '|' would end one. */
static void md_cell(FILE *f, const char *s)
{
	fputs("| ", f);
	for (; *s; s++)
		fputs(*s == '|' ? "\\|" : (char[2]){ *s, '\0' }, f);
	fputc(' ', f);
}

void ct_cmp_markdown(FILE *f, const struct ct_cmp *c)
{
	int sized = 0, col, row;
	char title[400], last[400] = "", text[512];
	size_t i;

	fprintf(f, "# coretype: runs compared\n\n## Machines\n\n");
	md_cell(f, "");
	md_cell(f, "machine");
	for (i = 0; i < c->nruns; i++) {
		if (i == 0 || c->nruns == 2)
			snprintf(text, sizeof(text), "%s", i == 0 ? "base" : "new");
		else
			snprintf(text, sizeof(text), "new %zu", i);
		md_cell(f, text);
	}
	fputs("|\n", f);
	for (i = 0; i < c->nruns + 2; i++)
		fputs("|---", f);
	fputs("|\n", f);
	for (row = 0; row < M_NROWS; row++) {
		md_cell(f, mrow_differs(c, (enum mrow)row) ? "*" : "");
		md_cell(f, mrow_names[row]);
		for (i = 0; i < c->nruns; i++) {
			mcell(&c->runs[i], (enum mrow)row, text, sizeof(text));
			md_cell(f, text);
		}
		fputs("|\n", f);
	}
	fputs(any_differs(c) ? "\n\\* the inputs differ\n\n" : "\nNo difference in these rows.\n\n", f);
	legend_lines(f, "", c);
	for (i = 0; i < c->nrows; i++) {
		const struct ct_cmp_row *r = &c->rows[i];
		struct text_row tr;

		kernel_title(title, sizeof(title), ct_cmp_side(r));
		if (strcmp(title, last) != 0) {
			fprintf(f, "\n## %s\n\n", title);
			snprintf(last, sizeof(last), "%s", title);
			sized = group_sized(c, i);
			for (col = 0; col < C_NCOLS; col++)
				if (col_shown(c, col, sized))
					md_cell(f, col_names[col]);
			fputs("|\n", f);
			for (col = 0; col < C_NCOLS; col++)
				if (col_shown(c, col, sized))
					fputs(col <= C_UNIT ? "|---" : "|--:", f);
			fputs("|\n", f);
		}
		text_row(c, r, &tr);
		for (col = 0; col < C_NCOLS; col++)
			if (col_shown(c, col, sized))
				md_cell(f, tr.c[col]);
		fputs("|\n", f);
	}
}

/* --- The chart. --- */

/*
 * One panel per kernel, one bar row per placement (and size, and NEW with
 * several): the rate's ratio on the wall basis, its interval as the error
 * bar, the cpu basis's ratio as the diamond.
 */
void ct_cmp_svg(FILE *f, const struct ct_cmp *c)
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

	/* Panels and rows: the kernels and the placements, in the table's order. */
	for (i = 0; i < c->nrows; i++) {
		const struct ct_cmp_row *cr = &c->rows[i];
		const struct ct_run_series *s = ct_cmp_side(cr);
		char label[160], size[32];

		if (cr->fig != CT_FIG_RATE || cr->basis != CT_BASIS_WALL)
			continue;
		kernel_title(label, sizeof(label), s);
		for (p = 0; p < npanels && strcmp(ptitles[p], label) != 0; p++)
			;
		if (p == npanels) {
			snprintf(ptitles[p], sizeof(ptitles[p]), "%s", label);
			snprintf(pids[p], sizeof(pids[p]), "%s-%s", s->kernel, s->isa);
			npanels++;
		}
		size_text(size, sizeof(size), s->size);
		snprintf(label, sizeof(label), "%s%s%s", s->placement, isnan(s->size) ? "" : " ",
			 isnan(s->size) ? "" : size);
		if (c->nruns > 2) {
			char with[160];

			snprintf(with, sizeof(with), "%s", label);
			snprintf(label, sizeof(label), "%.60s: %.90s", c->runs[cr->newi + 1].file, with);
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
		const struct ct_cmp_row *cr = &c->rows[i];
		const struct ct_run_series *s = ct_cmp_side(cr);
		char label[160], size[32], ktitle[160], v[64];
		struct ct_svg_bar *b;

		if (cr->fig != CT_FIG_RATE)
			continue;
		kernel_title(ktitle, sizeof(ktitle), s);
		for (p = 0; p < npanels && strcmp(ptitles[p], ktitle) != 0; p++)
			;
		size_text(size, sizeof(size), s->size);
		snprintf(label, sizeof(label), "%s%s%s", s->placement, isnan(s->size) ? "" : " ",
			 isnan(s->size) ? "" : size);
		if (c->nruns > 2) {
			char with[160];

			snprintf(with, sizeof(with), "%s", label);
			snprintf(label, sizeof(label), "%.60s: %.90s", c->runs[cr->newi + 1].file, with);
		}
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
	snprintf(notes, sizeof(notes), "A row without a bar is in one input only; the table "
		 "(summary.md) lists it.");
	ch.notes[0] = notes;
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
