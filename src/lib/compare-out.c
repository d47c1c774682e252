/*
 * compare-out.c - the comparison written out: the two tables (wall time,
 * thread CPU time) that put the placements side by side, as a table, TSV,
 * JSON Lines, and the markdown of -o DIR.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ct/common.h"
#include "ct/compare.h"

/* The columns of one placement on one basis. */
struct cells {
	struct ct_summary s[CT_CMP_NKERNELS];
	double ratio[CT_CMP_NKERNELS];	/* median rate / main's; NAN without main */
};

static void row_cells(const struct ct_compare_row *rows, size_t n, size_t r,
		      enum ct_basis b, struct cells *c)
{
	const struct ct_compare_row *main_row = NULL;
	size_t i;
	int k;

	for (i = 0; i < n; i++)
		if (rows[i].ran && rows[i].p.kind == CT_PLACE_MAIN)
			main_row = &rows[i];
	for (k = 0; k < CT_CMP_NKERNELS; k++) {
		ct_summarize(&rows[r].ser[k], b, &c->s[k]);
		c->ratio[k] = NAN;
		if (main_row) {
			struct ct_summary m;

			ct_summarize(&main_row->ser[k], b, &m);
			if (m.rate.median > 0)
				c->ratio[k] = c->s[k].rate.median / m.rate.median;
		}
	}
}

static const char *const tsv_cols[] = {
	"placement", "basis", "cpus", "kinds", "clock_ghz_max", "clock_ghz_median",
	"clock_cv_pct", "fma_gflops_median", "fma_cv_pct", "stream_gbs_median",
	"stream_cv_pct", "fma_per_cycle_median", "fma_per_cycle_cv_pct",
	"flops_per_cycle_median", "bytes_per_cycle_median", "bytes_per_cycle_cv_pct",
	"cpu_share", "migrated", "clock_ratio", "fma_ratio", "stream_ratio", "verified",
	/* Added later, so appended: every earlier column keeps its number. */
	"clock_cpu_share", "fma_cpu_share", "stream_cpu_share", "disturbed",
	"fma_per_cycle_samples", "stream_per_cycle_samples", "ci_halfwidth_pct",
	"precision_reached",
};

static const char *const table_cols[] = {
	"placement", "cpus (kinds)", "GHz max", "median", "cv%", "GFLOP/s", "cv%",
	"GB/s", "cv%", "FMA/cyc", "cv%", "B/cyc", "cv%", "share", "x clock", "x fma",
	"x stream",
};

const char *ct_compare_kind_letters(const char *kinds, char *buf, size_t len)
{
	/* "performance,efficiency" -> "P,E"; "low-power" -> "LP". */
	size_t used = 0;
	const char *p = kinds;

	buf[0] = '\0';
	while (*p && used + 4 < len) {
		const char *comma = strchr(p, ',');
		size_t l = comma ? (size_t)(comma - p) : strlen(p);

		used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "," : "",
					 strncmp(p, "performance", l) == 0 ? "P" :
					 strncmp(p, "efficiency", l) == 0 ? "E" :
					 strncmp(p, "low-power", l) == 0 ? "LP" : "?");
		p += l + (comma != NULL);
	}
	return buf;
}

void ct_compare_row_cpus(const struct ct_compare_row *row, char *buf, size_t len)
{
	struct ct_cpuset set;
	unsigned s;
	int k;

	ct_cpuset_zero(&set);
	for (k = 0; k < CT_CMP_NKERNELS; k++)
		for (s = 0; s < row->ser[k].n; s++) {
			ct_cpuset_set(&set, row->ser[k].s[s].cpu_start);
			ct_cpuset_set(&set, row->ser[k].s[s].cpu_end);
		}
	ct_cpuset_format(&set, buf, len);
	if (!buf[0])
		snprintf(buf, len, "unknown");
}

static unsigned row_migrated(const struct cells *c)
{
	unsigned m = 0;
	int k;

	for (k = 0; k < CT_CMP_NKERNELS; k++)
		m += c->s[k].migrated;
	return m;
}

static int row_verified(const struct cells *c)
{
	return c->s[0].verified && c->s[1].verified && c->s[2].verified;
}

/*
 * A row's cpu share: the lowest of its kernels' (one kernel that had 41%
 * of the wall time is not hidden by two that had it all), as a summary
 * whose cells ct_out_share_cell() can mark: an error when any is one,
 * disturbed when any sample was.
 */
static void row_share(const struct cells *c, struct ct_summary *row)
{
	int k;

	memset(row, 0, sizeof(*row));
	row->cpu_share = NAN;
	for (k = 0; k < CT_CMP_NKERNELS; k++) {
		const struct ct_summary *s = &c->s[k];

		row->share_error |= s->share_error;
		row->descheduled += s->descheduled;
		if (isnan(row->cpu_share) || s->cpu_share < row->cpu_share)
			row->cpu_share = s->cpu_share;
	}
}

/* The widest interval of a row's kernels, as a summary for ct_out_ci_cell(). */
static void row_ci(const struct cells *c, struct ct_summary *row)
{
	int k;

	memset(row, 0, sizeof(*row));
	row->ci_halfwidth_pct = 0;
	for (k = 0; k < CT_CMP_NKERNELS; k++) {
		const struct ct_summary *s = &c->s[k];

		if (!(s->ci_halfwidth_pct <= row->ci_halfwidth_pct))
			row->ci_halfwidth_pct = s->ci_halfwidth_pct;
		row->precision_pct = s->precision_pct;
		if (ct_summary_precision_missed(s))
			row->stopped_by = s->stopped_by;
		else if (!ct_summary_precision_missed(row))
			row->stopped_by = s->stopped_by;
	}
}

/* --precision was given: the tables get an interval column. */
static int rows_precision(const struct ct_compare_row *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (rows[i].ran)
			return rows[i].ser[0].precision_pct > 0;
	return 0;
}

/* v with prec decimals, or "-" when there is no value. */
static void fmt(char *buf, size_t len, int prec, double v)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.*f", prec, v);
}

/*
 * One table row's cells, shared by the human table and the markdown; the
 * last, the interval, only with --precision.
 */
#define NCELLS CT_ARRAY_SIZE(table_cols)
struct text_row {
	char c[NCELLS + 1][64];
};

static size_t ncells(const struct ct_compare_row *rows, size_t n)
{
	return NCELLS + (size_t)rows_precision(rows, n);
}

static const char *col_name(size_t i)
{
	return i < NCELLS ? table_cols[i] : "ci%";
}

static void text_row(const struct ct_compare_row *rows, size_t n, size_t r,
		     enum ct_basis b, struct text_row *t, unsigned *marks)
{
	struct cells c;
	struct ct_summary share, ci;
	char cpus[40], letters[24];

	row_cells(rows, n, r, b, &c);
	ct_compare_row_cpus(&rows[r], cpus, sizeof(cpus));
	snprintf(t->c[0], 64, "%s", rows[r].p.name);
	snprintf(t->c[1], 64, "%s (%s)", cpus, ct_compare_kind_letters(rows[r].kinds, letters, sizeof(letters)));
	fmt(t->c[2], 64, 3, c.s[CT_CMP_CLOCK].rate.max);
	fmt(t->c[3], 64, 3, c.s[CT_CMP_CLOCK].rate.median);
	fmt(t->c[4], 64, 2, c.s[CT_CMP_CLOCK].rate.cv_pct);
	fmt(t->c[5], 64, 1, c.s[CT_CMP_FMA].rate.median);
	fmt(t->c[6], 64, 2, c.s[CT_CMP_FMA].rate.cv_pct);
	fmt(t->c[7], 64, 2, c.s[CT_CMP_STREAM].rate.median);
	fmt(t->c[8], 64, 2, c.s[CT_CMP_STREAM].rate.cv_pct);
	ct_out_per_cycle_cell(t->c[9], 64, &c.s[CT_CMP_FMA], 1, 3, marks);
	fmt(t->c[10], 64, 2, c.s[CT_CMP_FMA].insn_per_cycle.cv_pct);
	ct_out_per_cycle_cell(t->c[11], 64, &c.s[CT_CMP_STREAM], 0, 3, marks);
	fmt(t->c[12], 64, 2, c.s[CT_CMP_STREAM].per_cycle.cv_pct);
	row_share(&c, &share);
	ct_out_share_cell(t->c[13], 64, &share, marks);
	row_ci(&c, &ci);
	ct_out_ci_cell(t->c[NCELLS], 64, &ci, marks);
	fmt(t->c[14], 64, 3, c.ratio[CT_CMP_CLOCK]);
	fmt(t->c[15], 64, 3, c.ratio[CT_CMP_FMA]);
	fmt(t->c[16], 64, 3, c.ratio[CT_CMP_STREAM]);
}

static void header_lines(FILE *f, const char *pre, const struct ct_machine *m,
			 const struct ct_topo *t, const struct ct_compare_row *rows, size_t n)
{
	const struct ct_compare_row *main_row = NULL, *pb = NULL;
	char list[256], desc[160], ctx[400];
	size_t i;
	int r;

	fprintf(f, "%smachine: %s %s %s, %s, %ld cpus online\n", pre, m->os, m->release,
		m->arch, m->cpu_model, m->cpus_online);
	fprintf(f, "%sload:    %s, up %.0f s\n", pre,
		ct_machine_load_text(m, desc, sizeof(desc)), m->uptime_s);
	fprintf(f, "%scontext: %s\n", pre, ct_machine_context_text(m, ctx, sizeof(ctx)));
	fprintf(f, "%sbuild:   %s %s, %s\n", pre, m->compiler, m->cflags, m->isas);
	fprintf(f, "%scounters: %s\n", pre, m->counters);
	for (r = 0; r < t->nranks; r++) {
		struct ct_cpuset set;
		int c = -1;

		ct_topo_rank_cpus(t, r, &set);
		c = ct_cpuset_next(&set, 0);
		fprintf(f, "%skind:    %-11s rank %d  cpus %s  (%s)\n", pre,
			c >= 0 ? ct_kind_name(ct_topo_cpu(t, c)->kind) : "-", r,
			ct_cpuset_format(&set, list, sizeof(list)),
			ct_topo_describe(t, &set, desc, sizeof(desc)));
	}
	for (i = 0; i < n; i++) {
		if (rows[i].ran && rows[i].p.kind == CT_PLACE_MAIN)
			main_row = &rows[i];
		if (rows[i].p.kind == CT_PLACE_PROCESS_BACKGROUND)
			pb = &rows[i];
	}
	if (main_row) {
		struct ct_summary s;

		ct_summarize(&main_row->ser[CT_CMP_CLOCK], CT_BASIS_WALL, &s);
		fprintf(f, "%sclock:   %.3f GHz at the default placement (main, cpus %s)", pre,
			s.rate.max, s.cpus);
	} else {
		fprintf(f, "%sclock:   main not measured", pre);
	}
	if (pb && pb->ran) {
		struct ct_summary s;

		ct_summarize(&pb->ser[CT_CMP_CLOCK], CT_BASIS_WALL, &s);
		fprintf(f, "; %.3f GHz under the process clamp (cpus %s)\n", s.rate.max, s.cpus);
	} else {
		fprintf(f, "; process clamp %s\n", pb ? pb->p.note : "not measured");
	}
}

static void kernels_line(FILE *f, const char *pre, const struct ct_compare_row *rows,
			 size_t n)
{
	unsigned lo = 0, hi = 0;
	char reps[48];
	size_t i;

	/* --precision: each placement took as many as it needed. */
	for (i = 0; i < n; i++)
		if (rows[i].ran) {
			lo = !lo || rows[i].ser[0].n < lo ? rows[i].ser[0].n : lo;
			hi = rows[i].ser[0].n > hi ? rows[i].ser[0].n : hi;
		}
	if (lo == hi)
		snprintf(reps, sizeof(reps), "%u reps each", lo);
	else
		snprintf(reps, sizeof(reps), "%u to %u reps per placement", lo, hi);
	for (i = 0; i < n; i++)
		if (rows[i].ran) {
			const struct ct_kernel *k = rows[i].k;

			fprintf(f, "%skernels: %s (%s), %s (%s), %s (%s); %s, "
				"round-robin, every sample verified\n", pre,
				k[0].name, k[0].isa, k[1].name, k[1].isa, k[2].name, k[2].isa,
				reps);
			return;
		}
}

static void notes(FILE *f, const char *pre, const struct ct_compare_row *rows, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(f, "%s%-18s %s\n", pre, rows[i].p.name,
			rows[i].ran ? rows[i].how : rows[i].p.note);
}

/* The run's warnings, one line each (they were on standard error too). */
static void warning_lines(FILE *f, const char *pre, const struct ct_machine *m)
{
	size_t i;

	if (!m->nwarnings)
		return;
	fprintf(f, "\n%swarnings:\n", pre);
	for (i = 0; i < m->nwarnings; i++)
		fprintf(f, "%s  %s\n", pre, m->warnings[i]);
}

static void print_table(FILE *f, const struct ct_machine *m, const struct ct_topo *t,
			const struct ct_compare_row *rows, size_t n)
{
	static const char *const titles[2] = {
		"basis wall: elapsed time (CLOCK_MONOTONIC_RAW)",
		"basis cpu: the thread's CPU time (CLOCK_THREAD_CPUTIME_ID)"
	};
	const char *cols[NCELLS + 1];
	size_t nc = ncells(rows, n), r;
	unsigned marks = 0;
	int b;

	for (r = 0; r < nc; r++)
		cols[r] = col_name(r);
	header_lines(f, "", m, t, rows, n);
	kernels_line(f, "", rows, n);
	for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
		struct ct_table *tab = ct_table_new(cols, (int)nc);

		fprintf(f, "\n%s: rates are medians; x = ratio to main\n", titles[b]);
		for (r = 0; r < n; r++) {
			struct text_row tr;
			const char *cells[NCELLS + 1];
			size_t i;

			if (!rows[r].ran)
				continue;
			text_row(rows, n, r, (enum ct_basis)b, &tr, &marks);
			for (i = 0; i < nc; i++)
				cells[i] = tr.c[i];
			ct_table_add(tab, cells);
		}
		ct_table_print(tab, f);
		ct_table_free(tab);
	}
	ct_out_footnotes(f, "", marks, rows_precision(rows, n) ? rows[0].ser[0].precision_pct : 0);
	fprintf(f, "\nplacements:\n");
	notes(f, "  ", rows, n);
	warning_lines(f, "", m);
}

static void print_tsv(FILE *f, const struct ct_compare_row *rows, size_t n)
{
	size_t r, i;
	int b;

	for (i = 0; i < CT_ARRAY_SIZE(tsv_cols); i++)
		fprintf(f, "%s%s", i ? "\t" : "#", tsv_cols[i]);
	fputc('\n', f);
	for (r = 0; r < n; r++) {
		if (!rows[r].ran)
			continue;
		for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
			struct cells c;
			struct ct_summary share, ci;
			char cpus[256], rs[32], ks[CT_CMP_NKERNELS][32], ipc[32], fpc[32], spc[32];
			char cicell[32], fcv[32], scv[32];
			const struct ct_summary *s = c.s;
			int k;

			row_cells(rows, n, r, (enum ct_basis)b, &c);
			ct_compare_row_cpus(&rows[r], cpus, sizeof(cpus));
			row_share(&c, &share);
			row_ci(&c, &ci);
			ct_out_tsv_share(rs, sizeof(rs), &share);
			for (k = 0; k < CT_CMP_NKERNELS; k++)
				ct_out_tsv_share(ks[k], sizeof(ks[k]), &s[k]);
			ct_out_tsv_per_cycle(ipc, sizeof(ipc), s[1].insn_per_cycle.median,
					     s[1].insn_implausible);
			ct_out_tsv_per_cycle(fpc, sizeof(fpc), s[1].per_cycle.median,
					     s[1].per_cycle_implausible);
			ct_out_tsv_per_cycle(spc, sizeof(spc), s[2].per_cycle.median,
					     s[2].per_cycle_implausible);
			if (isfinite(ci.ci_halfwidth_pct))
				snprintf(cicell, sizeof(cicell), "%.3g", ci.ci_halfwidth_pct);
			else
				snprintf(cicell, sizeof(cicell), "-");
			ct_out_tsv_per_cycle(fcv, sizeof(fcv), s[1].insn_per_cycle.cv_pct, 0);
			ct_out_tsv_per_cycle(scv, sizeof(scv), s[2].per_cycle.cv_pct, 0);
			fprintf(f, "%s\t%s\t%s\t%s\t%.6g\t%.6g\t%.3g\t%.6g\t%.3g\t%.6g\t%.3g\t"
				"%s\t%s\t%s\t%s\t%s\t%s\t%u\t%.4g\t%.4g\t%.4g\t%s"
				"\t%s\t%s\t%s\t%u\t%u\t%u\t%s\t%s\n",
				rows[r].p.name, ct_basis_name((enum ct_basis)b), cpus, rows[r].kinds,
				s[0].rate.max, s[0].rate.median, s[0].rate.cv_pct,
				s[1].rate.median, s[1].rate.cv_pct, s[2].rate.median,
				s[2].rate.cv_pct, ipc, fcv, fpc, spc, scv, rs, row_migrated(&c), c.ratio[0], c.ratio[1],
				c.ratio[2], row_verified(&c) ? "true" : "false", ks[0], ks[1], ks[2],
				share.descheduled, s[1].per_cycle_used, s[2].per_cycle_used, cicell,
				ci.precision_pct > 0 ? (ct_summary_precision_missed(&ci) ? "false"
										 : "true") : "-");
		}
	}
}

static void print_json(FILE *f, int samples, const struct ct_machine *m,
		       const struct ct_compare_row *rows, size_t n)
{
	struct ct_out o;
	size_t r;
	int k;

	ct_out_begin(&o, f, CT_FMT_JSON, "ct-place", samples);
	ct_out_machine(&o, m);
	for (r = 0; r < n; r++) {
		struct cells c[2];

		if (!rows[r].ran)
			continue;
		row_cells(rows, n, r, CT_BASIS_WALL, &c[0]);
		row_cells(rows, n, r, CT_BASIS_CPU, &c[1]);
		for (k = 0; k < CT_CMP_NKERNELS; k++) {
			struct ct_field extra[4] = {
				{ "kinds", rows[r].kinds, 0 },
				{ "placement_how", rows[r].how, 0 },
				{ "ratio_to_main_wall", NULL, c[0].ratio[k] },
				{ "ratio_to_main_cpu", NULL, c[1].ratio[k] },
			};

			ct_out_series_ex(&o, rows[r].p.name, &rows[r].ser[k], extra, 4);
		}
	}
	ct_out_end(&o);
}

void ct_compare_print(FILE *f, enum ct_format fmt, int samples,
		      const struct ct_machine *m, const struct ct_topo *t,
		      const struct ct_compare_row *rows, size_t n)
{
	switch (fmt) {
	case CT_FMT_TABLE:
		print_table(f, m, t, rows, n);
		break;
	case CT_FMT_TSV:
		print_tsv(f, rows, n);
		break;
	case CT_FMT_JSON:
		print_json(f, samples, m, rows, n);
		break;
	}
}

void ct_compare_markdown(FILE *f, const struct ct_machine *m, const struct ct_topo *t,
			 const struct ct_compare_row *rows, size_t n)
{
	static const char *const titles[2] = {
		"Basis wall: elapsed time (CLOCK_MONOTONIC_RAW)",
		"Basis cpu: the thread's CPU time (CLOCK_THREAD_CPUTIME_ID)"
	};
	size_t nc = ncells(rows, n), r, i;
	unsigned marks = 0;
	int b;

	fprintf(f, "# coretype: placements compared\n\n");
	header_lines(f, "    ", m, t, rows, n);
	kernels_line(f, "    ", rows, n);
	for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
		fprintf(f, "\n## %s\n\nRates are medians over the samples; x = ratio to main.\n\n",
			titles[b]);
		for (i = 0; i < nc; i++)
			fprintf(f, "| %s ", col_name(i));
		fprintf(f, "|\n");
		for (i = 0; i < nc; i++)
			fprintf(f, "|%s", i < 2 ? "---" : "--:");
		fprintf(f, "|\n");
		for (r = 0; r < n; r++) {
			struct text_row tr;

			if (!rows[r].ran)
				continue;
			text_row(rows, n, r, (enum ct_basis)b, &tr, &marks);
			for (i = 0; i < nc; i++)
				fprintf(f, "| %s ", tr.c[i]);
			fprintf(f, "|\n");
		}
	}
	if (marks) {
		fprintf(f, "\nMarks:\n\n");
		ct_out_footnotes(f, "    ", marks,
				 rows_precision(rows, n) ? rows[0].ser[0].precision_pct : 0);
	}
	fprintf(f, "\n## Placements\n\n");
	for (r = 0; r < n; r++)
		fprintf(f, "- **%s**: %s\n", rows[r].p.name,
			rows[r].ran ? rows[r].how : rows[r].p.note);
	/* What the run warned about, so that a reader of the file sees it too. */
	fprintf(f, "\n## Warnings\n\n");
	if (!m->nwarnings)
		fprintf(f, "None.\n");
	for (i = 0; i < m->nwarnings; i++)
		fprintf(f, "- %s\n", m->warnings[i]);
}
