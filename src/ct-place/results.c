/*
 * ct-place/results.c - ct-place's results, from the results step
 * (measure/results.c): every placement's series summarised, and each one's
 * ratio to the reference, main (or without main the first placement
 * measured, which only the chart uses), paired round by round, with its
 * interval (core/signed-rank.h), and each one's
 * memory latency and lines in flight (workloads/latency.h), and whether its
 * cpu basis can be trusted (ct_cpu_basis_trust).  The table, summary.md, JSON and
 * the chart (report.c, chart.c) only format them.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/signed-rank.h"
#include "measure/results.h"
#include "ct-place/placements.h"

/* The reference of the ratios: main, else the first row measured (or being measured). */
static const struct ct_placements_row *reference(const struct ct_placements_row *rows, size_t n,
						 int measuring)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((measuring ? rows[i].p.applicable : rows[i].ran) &&
		    rows[i].p.kind == CT_PLACE_MAIN)
			return &rows[i];
	for (i = 0; i < n; i++)
		if (measuring ? rows[i].p.applicable : rows[i].ran)
			return &rows[i];
	return NULL;
}

double ct_placements_worst_pct(const struct ct_placements_row *rows, size_t n)
{
	const struct ct_placements_row *ref = reference(rows, n, 1);
	struct ct_pairs pc;
	struct ct_results r;
	double worst = 0;
	size_t i;
	int k, b, others = 0;

	if (!ref)
		return NAN;
	for (i = 0; i < n; i++) {
		if (!rows[i].p.applicable || &rows[i] == ref)
			continue;
		others = 1;
		for (k = 0; k < CT_NJOBS; k++) {
			ct_results_pair(&r, &rows[i].ser[k], &ref->ser[k], CT_PLACEMENTS_ALPHA, &pc);
			for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
				double hw = 100 * (fmax(r.ratio_hi[b] / r.ratio[b],
							r.ratio[b] / r.ratio_lo[b]) - 1);

				if (!(hw <= worst))
					worst = hw;
			}
		}
	}
	/* The reference alone: its medians known well enough. */
	if (!others)
		for (k = 0; k < CT_NJOBS; k++)
			for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++) {
				double hw = ct_series_halfwidth_pct(&ref->ser[k], (enum ct_basis)b);

				if (!(hw <= worst))
					worst = hw;
			}
	return worst;
}

void ct_placements_results(const struct ct_placements_row *rows, size_t n,
			   struct ct_placements_results *res)
{
	size_t r;
	int k, b, kind;

	memset(res, 0, sizeof(*res));
	res->rows = rows;
	res->n = n;
	res->alpha = CT_PLACEMENTS_ALPHA;
	for (res->interval_min = 1; res->interval_min < 64; res->interval_min++)
		if (ct_signed_rank_critical(res->interval_min, res->alpha) >= 0)
			break;
	res->r = ct_xcalloc(n ? n : 1, sizeof(*res->r));
	res->pairs = ct_xcalloc(n ? n : 1, sizeof(*res->pairs));
	res->fast = ct_xcalloc(n ? n : 1, sizeof(*res->fast));
	res->fast_pairs = ct_xcalloc(n ? n : 1, sizeof(*res->fast_pairs));
	res->lat = ct_xcalloc(n ? n : 1, sizeof(*res->lat));
	res->trust = ct_xcalloc(n ? n : 1, sizeof(*res->trust));
	res->ref = reference(rows, n, 0);
	res->ref_main = res->ref && res->ref->p.kind == CT_PLACE_MAIN;
	for (r = 0; r < n; r++)
		if (rows[r].ran) {
			for (k = 0; k < CT_NJOBS; k++)
				ct_results_series(&rows[r].ser[k], &res->r[r][k]);
			/* The chase's latency and lines in flight, on both bases. */
			for (b = CT_BASIS_WALL; b <= CT_BASIS_CPU; b++)
				ct_latency_figures(&res->r[r][CT_JOB_LATENCY], &res->r[r][CT_JOB_CHAINS],
						   CT_PLACEMENTS_CHAINS, (enum ct_basis)b,
						   &res->lat[r][b]);
			res->trust[r].cpu_clock_ghz =
				res->r[r][CT_JOB_CLOCK].b[CT_BASIS_CPU].rate.median;
			res->trust[r].undisturbed_ghz = ct_series_undisturbed_clock(rows[r].ser, CT_NJOBS);
			res->trust[r].trust = ct_cpu_basis_trust(res->trust[r].cpu_clock_ghz,
								 res->trust[r].undisturbed_ghz);
		}
	/*
	 * The fastest kind's pin: the kinds' own order (performance, then
	 * efficiency, then low-power), its first rank's pin ("pin-KIND"), not
	 * this run's clocks, which a busy cpu would reorder.
	 */
	for (kind = 0; kind < CT_KIND_COUNT && !res->fastest; kind++) {
		char name[48];

		snprintf(name, sizeof(name), "pin-%s", ct_kind_name((enum ct_kind)kind));
		for (r = 0; r < n && !res->fastest; r++)
			if (rows[r].ran && rows[r].p.kind == CT_PLACE_PIN &&
			    strcmp(rows[r].p.name, name) == 0)
				res->fastest = &rows[r];
	}
	/* Each other pin against the fastest kind's, where there are two kinds or more. */
	for (r = 0; r < n; r++)
		for (k = 0; k < CT_NJOBS; k++) {
			struct ct_results *f = &res->fast[r][k];

			f->ratio[0] = f->ratio[1] = f->ratio_lo[0] = f->ratio_lo[1] = NAN;
			f->ratio_hi[0] = f->ratio_hi[1] = f->ratio_p[0] = f->ratio_p[1] = NAN;
			f->ratio_same[0] = f->ratio_same[1] = -1;
			if (res->fastest && rows[r].ran && rows[r].p.kind == CT_PLACE_PIN &&
			    &rows[r] != res->fastest)
				ct_results_pair(f, &rows[r].ser[k], &res->fastest->ser[k], res->alpha,
						&res->fast_pairs[r][k]);
		}
	if (!res->ref)
		return;
	/* Each row's ratios to the reference, paired by round. */
	for (r = 0; r < n; r++)
		if (rows[r].ran)
			for (k = 0; k < CT_NJOBS; k++)
				ct_results_pair(&res->r[r][k], &rows[r].ser[k], &res->ref->ser[k],
						res->alpha, &res->pairs[r][k]);
}

void ct_placements_results_free(struct ct_placements_results *res)
{
	free(res->r);
	free(res->lat);
	free(res->trust);
	free(res->pairs);
	free(res->fast);
	free(res->fast_pairs);
	res->pairs = NULL;
	res->fast = NULL;
	res->fast_pairs = NULL;
	res->trust = NULL;
	res->r = NULL;
	res->lat = NULL;
}
