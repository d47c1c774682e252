/*
 * measure/allcore-results.c - the results of an all-core run, from the
 * results step (results.c): each group's reference alone, its threads
 * together and every thread summarised, and each all-core series' ratio
 * to its group's reference alone.  The writers (allcore-report.c) only
 * format them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/allcore.h"
#include "measure/results.h"

void ct_allcore_results(const struct ct_allcore *a, struct ct_allcore_results *res)
{
	size_t nk = a->nk ? a->nk : 1, g, i, k;

	res->single = ct_xcalloc(a->ngroups ? a->ngroups * nk : 1, sizeof(*res->single));
	res->all = ct_xcalloc(a->ngroups ? a->ngroups * nk : 1, sizeof(*res->all));
	res->thread = ct_xcalloc(a->n ? a->n * nk : 1, sizeof(*res->thread));
	for (k = 0; k < a->nk; k++) {
		for (g = 0; g < a->ngroups; g++) {
			struct ct_results *one = &res->single[g * nk + k];

			ct_results_series(&a->g[g].single[k], one);
			ct_results_series(&a->g[g].all[k], &res->all[g * nk + k]);
			ct_results_ratio_to(&res->all[g * nk + k], one, 0);
		}
		for (i = 0; i < a->n; i++) {
			struct ct_results *r = &res->thread[i * nk + k];

			ct_results_series(&a->t[i].ser[k], r);
			ct_results_ratio_to(r, &res->single[a->t[i].group * nk + k], 0);
		}
	}
}

void ct_allcore_results_free(struct ct_allcore_results *res)
{
	free(res->single);
	free(res->all);
	free(res->thread);
	memset(res, 0, sizeof(*res));
}

