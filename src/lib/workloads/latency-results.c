/*
 * workloads/latency-results.c - the results step of one size of the
 * chase: latency, lines in flight and the knee, computed once from the
 * series, for the table and the records to write.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "workloads/latency.h"

/* A positive finite median, else NaN. */
static double positive(double v)
{
	return isfinite(v) && v > 0 ? v : NAN;
}

double ct_latency_flight_max(unsigned chains)
{
	return chains * (1 + CT_LATENCY_FLIGHT_SLACK);
}

int ct_latency_flight_implausible(double in_flight, unsigned chains)
{
	return isfinite(in_flight) && chains > 0 && in_flight > ct_latency_flight_max(chains);
}

int ct_latency_mostly_disturbed(const struct ct_summary *s)
{
	return s->reps && 2 * s->descheduled > s->reps;
}

static int flight_disturbed(const struct ct_results *one, const struct ct_results *many,
			    enum ct_basis b)
{
	return b == CT_BASIS_WALL &&
	       (ct_latency_mostly_disturbed(&one->b[b]) ||
		ct_latency_mostly_disturbed(&many->b[b]));
}

void ct_latency_figures(const struct ct_results *one, const struct ct_results *many,
			unsigned chains, enum ct_basis b, struct ct_latency_figures *f)
{
	struct ct_results m;

	/*
	 * One chain: a load's whole latency, in ns and in the brackets'
	 * cycles, one over its rate (a time per load, not a ratio of two
	 * medians).
	 */
	f->ns_per_load = 1 / positive(one->b[b].rate.median);
	f->cycles_per_load = 1 / positive(one->b[b].per_cycle.median);
	f->in_flight = NAN;
	f->chains = 0;
	f->flight_implausible = f->flight_disturbed = 0;
	if (!many)
		return;
	/* N x latency(1) / time per step(N): the results step's ratio of medians. */
	m = *many;
	ct_results_ratio_to(&m, one, NAN);
	f->in_flight = m.ratio[b];
	f->chains = chains;
	f->flight_implausible = ct_latency_flight_implausible(f->in_flight, chains);
	f->flight_disturbed = isfinite(f->in_flight) && flight_disturbed(one, many, b);
}

void ct_latency_stream(struct ct_latency_results *r, double gbs)
{
	r->stream_gbs = gbs;
	r->stream_in_flight = gbs > 0 ? gbs * r->ns_per_load / CT_LATENCY_LINE : NAN;
}

void ct_latency_results(const struct ct_series *ser, const unsigned *chains, size_t n,
			struct ct_latency_results *r)
{
	const struct ct_summary *w;
	struct ct_latency_figures f;
	size_t i;

	memset(r, 0, sizeof(*r));
	if (n > CT_LATENCY_CHAINS_LIST_MAX)
		n = CT_LATENCY_CHAINS_LIST_MAX;
	r->n = n;
	r->verified = n > 0;
	r->ns_per_load = r->cycles_per_load = r->mlp = r->stream_in_flight = NAN;
	for (i = 0; i < n; i++) {
		r->chains[i] = chains[i];
		ct_results_series(&ser[i], &r->res[i]);
		w = &r->res[i].b[CT_BASIS_WALL];
		r->loads_per_ns[i] = positive(w->rate.median);
		r->verified = r->verified && ser[i].verified;
	}
	if (n == 0 || chains[0] != 1)
		return;
	ct_latency_figures(&r->res[0], NULL, 1, CT_BASIS_WALL, &f);
	r->ns_per_load = f.ns_per_load;
	r->cycles_per_load = f.cycles_per_load;
	/*
	 * N x latency(1) / time per step(N): a step of N chains takes N loads,
	 * so it is N's median loads per ns over one chain's, the results
	 * step's ratio of medians.
	 */
	for (i = 0; i < n; i++) {
		ct_results_ratio_to(&r->res[i], &r->res[0], NAN);
		r->in_flight[i] = r->res[i].ratio[CT_BASIS_WALL];
		r->flight_implausible[i] = ct_latency_flight_implausible(r->in_flight[i], chains[i]);
		r->flight_disturbed[i] = isfinite(r->in_flight[i]) &&
			flight_disturbed(&r->res[0], &r->res[i], CT_BASIS_WALL);
	}
	/* The knee: the first count whose next adds under CT_LATENCY_KNEE_GAIN. */
	for (i = 0; i + 1 < n; i++)
		if (!(r->loads_per_ns[i + 1] >= CT_LATENCY_KNEE_GAIN * r->loads_per_ns[i]))
			break;
	r->knee = chains[i];
	r->mlp = r->in_flight[i];
}
