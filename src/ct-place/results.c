/*
 * ct-place/results.c - ct-place's results, from the results step
 * (measure/results.c): every placement's series summarised, and each one's
 * ratio to the reference, main (or without main the first placement
 * measured, which only the chart uses) with its interval, and each one's
 * memory latency and lines in flight (workloads/latency.h), and whether its
 * cpu basis can be trusted (ct_cpu_basis_trust).  The table, summary.md, JSON and
 * the chart (report.c, chart.c) only format them.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "core/mann-whitney.h"
#include "measure/results.h"
#include "ct-place/placements.h"

void ct_placements_results(const struct ct_placements_row *rows, size_t n,
			   struct ct_placements_results *res)
{
	size_t i, r;
	int k, b;

	memset(res, 0, sizeof(*res));
	res->rows = rows;
	res->n = n;
	res->alpha = CT_PLACEMENTS_ALPHA;
	for (res->interval_min = 1; res->interval_min < 64; res->interval_min++)
		if (ct_utest_critical(res->interval_min, res->interval_min, res->alpha) >= 0)
			break;
	res->r = ct_xcalloc(n ? n : 1, sizeof(*res->r));
	res->lat = ct_xcalloc(n ? n : 1, sizeof(*res->lat));
	res->trust = ct_xcalloc(n ? n : 1, sizeof(*res->trust));
	for (i = 0; i < n && !res->ref; i++)
		if (rows[i].ran && rows[i].p.kind == CT_PLACE_MAIN)
			res->ref = &rows[i];
	res->ref_main = res->ref != NULL;
	for (i = 0; i < n && !res->ref; i++)
		if (rows[i].ran)
			res->ref = &rows[i];
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
	if (!res->ref)
		return;
	for (r = 0; r < n; r++)
		if (rows[r].ran)
			for (k = 0; k < CT_NJOBS; k++) {
				const struct ct_results *ref = &res->r[res->ref - rows][k];

				ct_results_ratio_to(&res->r[r][k], ref, NAN);
				ct_results_ratio_interval(&res->r[r][k], ref, res->alpha);
			}
}

void ct_placements_results_free(struct ct_placements_results *res)
{
	free(res->r);
	free(res->lat);
	free(res->trust);
	res->trust = NULL;
	res->r = NULL;
	res->lat = NULL;
}
