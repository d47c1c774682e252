/*
 * unit-latency.c - the chase's order and verification catch what they
 * must.  Sattolo's order is one cycle through every line for any seed;
 * the randomness check passes it and refuses a sequential and a strided
 * cycle (orders a prefetcher follows); the shipped job verifies a clean
 * call, and fails a call after one link is made short (a line skipped)
 * or after the array is relinked in sequential order, naming the chain
 * and the line expected; with chains, each lands where its own stretch
 * says.  Also --chains' list and the results step (the knee).  The
 * kernels against their reference: tests/kernels/checkasm.
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "workloads/latency.h"
#include "unit.h"

#define WORDS (CT_LATENCY_LINE / sizeof(void *))

static void orders(void)
{
	static const size_t sizes[] = { 2, 3, 64, 1000, 65536 };
	uint32_t *next, *order;
	char why[256];
	size_t i, s, seed;

	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
		for (seed = 1; seed <= 3; seed++) {
			next = malloc(sizes[s] * sizeof(*next));
			order = malloc(sizes[s] * sizeof(*order));
			ct_latency_permute(next, sizes[s], seed * 0x1234567ull);
			CHECK(ct_latency_order(next, sizes[s], order, why, sizeof(why)) == 0);
			if (sizes[s] >= 64)
				CHECK(ct_latency_check_random(next, sizes[s], why, sizeof(why)) == 0);
			free(next);
			free(order);
		}
	/* Two cycles, and a sequential and a strided one: refused. */
	next = malloc(4096 * sizeof(*next));
	order = malloc(4096 * sizeof(*order));
	for (i = 0; i < 4096; i++)
		next[i] = (uint32_t)(i ^ 1);
	CHECK(ct_latency_order(next, 4096, order, why, sizeof(why)) < 0);
	CHECK(strstr(why, "closes after 2 of 4096") != NULL);
	for (i = 0; i < 4096; i++)
		next[i] = (uint32_t)((i + 1) % 4096);
	CHECK(ct_latency_order(next, 4096, order, why, sizeof(why)) == 0);
	CHECK(ct_latency_check_random(next, 4096, why, sizeof(why)) < 0);
	CHECK(strstr(why, "4095 of 4096 links to an adjacent line") != NULL);
	for (i = 0; i < 4096; i++)
		next[i] = (uint32_t)((i + 3) % 4096);
	CHECK(ct_latency_order(next, 4096, order, why, sizeof(why)) == 0);
	CHECK(ct_latency_check_random(next, 4096, why, sizeof(why)) < 0);
	CHECK(strstr(why, "repeat the stride") != NULL);
	free(next);
	free(order);
}

/* One call of k, verified: 0, or -1 with why. */
static int call(struct ct_job *k, char *why, size_t len)
{
	return k->verify(k->ctx, k->run(k->ctx), why, len);
}

static void verification(unsigned chains)
{
	struct ct_job k;
	struct ct_latency *l = ct_latency_new(16384, "test", CT_STREAM_QUICK, 99, chains, &k);
	const void **w, *t;
	char why[256];
	size_t lines, i, j;

	CHECK(call(&k, why, sizeof(why)) == 0);
	CHECK(call(&k, why, sizeof(why)) == 0);
	w = ct_latency_words(l, &lines);
	CHECK(lines == 16384 / CT_LATENCY_LINE);
	/* One link short: line 0 skips the line it pointed to. */
	t = w[0];
	w[0] = *(const void *const *)t;
	CHECK(call(&k, why, sizeof(why)) < 0);
	CHECK(strstr(why, "landed on word") != NULL && strstr(why, "expected line") != NULL);
	w[0] = t;
	ct_latency_free(l);

	/* The whole array relinked in sequential order: a prefetcher's dream, refused. */
	l = ct_latency_new(16384, "test", CT_STREAM_QUICK, 7, chains, &k);
	w = ct_latency_words(l, &lines);
	for (i = 0; i < lines; i++)
		w[i * WORDS] = &w[((i + 1) % lines) * WORDS];
	CHECK(call(&k, why, sizeof(why)) < 0);
	j = 0;
	CHECK(sscanf(why, "chain %zu of", &j) == 1 && j >= 1 && j <= chains);
	ct_latency_free(l);
}

static void chains_lists(void)
{
	unsigned c[CT_LATENCY_CHAINS_LIST_MAX];
	char why[256];

	CHECK(ct_latency_chains_default(c) == 6 && c[0] == 1 && c[5] == 32);
	CHECK(ct_latency_chains_parse("1..32", c, why, sizeof(why)) == 6 && c[5] == 32);
	CHECK(ct_latency_chains_parse("4,6", c, why, sizeof(why)) == 3 && c[0] == 1 && c[1] == 4 &&
	      c[2] == 6);
	CHECK(ct_latency_chains_parse("2..8,12", c, why, sizeof(why)) == 5 && c[4] == 12);
	CHECK(ct_latency_chains_parse("1", c, why, sizeof(why)) == 1);
	CHECK(ct_latency_chains_parse("0", c, why, sizeof(why)) < 0);
	CHECK(ct_latency_chains_parse("33", c, why, sizeof(why)) < 0);
	CHECK(ct_latency_chains_parse("4,2", c, why, sizeof(why)) < 0 && strstr(why, "ascend"));
	CHECK(ct_latency_chains_parse("3..8", c, why, sizeof(why)) < 0);
	CHECK(ct_latency_chains_parse("8..2", c, why, sizeof(why)) < 0);
	CHECK(ct_latency_chains_parse("2,", c, why, sizeof(why)) < 0 && strstr(why, "empty"));
	CHECK(ct_latency_chains_parse("..4", c, why, sizeof(why)) < 0);
	CHECK(ct_latency_chains_parse("2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17", c, why,
				      sizeof(why)) < 0);
}

/* Made-up series: chains[i] at rate[i] loads per ns, 5 samples each. */
static void knee(void)
{
	static const unsigned chains[] = { 1, 2, 4, 8 };
	static const double rate[] = { 0.01, 0.019, 0.035, 0.037 };
	struct ct_job k[4];
	struct ct_series ser[4];
	struct ct_sample s[4][5];
	struct ct_latency_results r;
	size_t i, j;

	memset(k, 0, sizeof(k));
	memset(ser, 0, sizeof(ser));
	memset(s, 0, sizeof(s));
	for (i = 0; i < 4; i++) {
		k[i].name = "chase";
		k[i].unit = "load/ns";
		k[i].work = 1e6;
		for (j = 0; j < 5; j++) {
			s[i][j].rep = (unsigned)j;
			s[i][j].wall_ns = s[i][j].cpu_ns = (uint64_t)(1e6 / rate[i]);
			s[i][j].cpu_start = s[i][j].cpu_end = 0;
		}
		ser[i].k = &k[i];
		ser[i].s = s[i];
		ser[i].n = 5;
		ser[i].verified = 1;
	}
	ct_latency_results(ser, chains, 4, &r);
	CHECK(fabs(r.ns_per_load - 100) < 1e-6);
	CHECK(fabs(r.in_flight[2] - 3.5) < 1e-6);
	/* 4 -> 8 adds under 10 %: the knee is 4, its lines in flight 3.5. */
	CHECK(r.knee == 4);
	CHECK(fabs(r.mlp - 3.5) < 1e-6);
	CHECK(r.verified);
	CHECK(isnan(r.cycles_per_load));
	ser[3].verified = 0;
	ct_latency_results(ser, chains, 4, &r);
	CHECK(!r.verified);
}

/*
 * The bound on lines in flight: N chains can have N x 1.2 at most
 * (ct_latency_flight_max).  Made-up series of 1, 4, 16 and 32 chains: 4.7
 * from 4 is within it, 19.9 from 16 above it, 32.2 from 32 within; then
 * the one chain's samples mostly disturbed (its thread ran a quarter of
 * their wall time) marks every count's figure disturbed, on the wall
 * basis only.
 */
static void flight_bound(void)
{
	static const unsigned chains[] = { 1, 4, 16, 32 };
	static const double rate[] = { 0.01, 0.047, 0.199, 0.322 };
	struct ct_job k[4];
	struct ct_series ser[4];
	struct ct_sample s[4][5];
	struct ct_latency_results r;
	struct ct_latency_figures f;
	struct ct_results one, many;
	size_t i, j;

	CHECK(fabs(ct_latency_flight_max(16) - 19.2) < 1e-9);
	CHECK(!ct_latency_flight_implausible(19.2, 16));
	CHECK(ct_latency_flight_implausible(19.3, 16));
	CHECK(!ct_latency_flight_implausible(NAN, 16));
	memset(k, 0, sizeof(k));
	memset(ser, 0, sizeof(ser));
	memset(s, 0, sizeof(s));
	for (i = 0; i < 4; i++) {
		k[i].name = "chase";
		k[i].unit = "load/ns";
		k[i].work = 1e6;
		for (j = 0; j < 5; j++) {
			s[i][j].rep = (unsigned)j;
			s[i][j].wall_ns = s[i][j].cpu_ns = (uint64_t)(1e6 / rate[i]);
		}
		ser[i].k = &k[i];
		ser[i].s = s[i];
		ser[i].n = 5;
		ser[i].verified = 1;
	}
	ct_latency_results(ser, chains, 4, &r);
	CHECK(fabs(r.in_flight[1] - 4.7) < 1e-3 && !r.flight_implausible[1]);
	CHECK(fabs(r.in_flight[2] - 19.9) < 1e-3 && r.flight_implausible[2]);
	CHECK(fabs(r.in_flight[3] - 32.2) < 1e-3 && !r.flight_implausible[3]);
	for (i = 0; i < 4; i++)
		CHECK(!r.flight_disturbed[i]);
	/* The same through ct_latency_figures, as ct-place takes it. */
	ct_results_series(&ser[0], &one);
	ct_results_series(&ser[2], &many);
	ct_latency_figures(&one, &many, 16, CT_BASIS_WALL, &f);
	CHECK(f.chains == 16 && f.flight_implausible && !f.flight_disturbed);
	/* Three of the one chain's five samples ran a quarter of their wall time. */
	for (j = 0; j < 3; j++)
		s[0][j].wall_ns = 4 * s[0][j].cpu_ns;
	ct_latency_results(ser, chains, 4, &r);
	for (i = 1; i < 4; i++)
		CHECK(r.flight_disturbed[i]);
	ct_results_series(&ser[0], &one);
	ct_latency_figures(&one, &many, 16, CT_BASIS_WALL, &f);
	CHECK(f.flight_disturbed);
	ct_latency_figures(&one, &many, 16, CT_BASIS_CPU, &f);
	CHECK(!f.flight_disturbed);
}

int main(void)
{
	ct_init((char *[]){ "unit-latency", NULL });
	orders();
	verification(1);
	verification(4);
	chains_lists();
	knee();
	flight_bound();
	return unit_done();
}
