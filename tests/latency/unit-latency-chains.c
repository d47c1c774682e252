/*
 * unit-latency-chains.c - what the lines-in-flight figure rests on, with
 * several chains over one array (no cache size or speed involved):
 *
 * - the layout: each chain starts at its own place in the cycle, chain 0
 *   at line 0's place and the N evenly spaced round it (gaps of L/N lines,
 *   rounded either way), found by walking the array's own links; after a
 *   call each has moved on by its steps and the gaps are unchanged;
 * - the load count: a call counts chains x steps loads (the job's work,
 *   per wall and per cycle), about the loads asked for, in whole unrolled
 *   iterations, also after ct_latency_call_loads();
 * - the figure: made-up times of a memory that overlaps every chain's
 *   loads (a call takes its steps x the latency, whatever N) give N lines
 *   in flight for N chains, and one that overlaps none gives 1.
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
#define SEED 0x5eedull

/* One call of k, verified. */
static int call(struct ct_job *k)
{
	char why[256];

	return k->verify(k->ctx, k->run(k->ctx), why, sizeof(why));
}

/*
 * Each chain's place in the cycle from line 0, into at[0, chains): the
 * cycle walked by the array's own links; -1 for a pointer that is not on
 * a line's link word.
 */
static void places(struct ct_latency *l, size_t *at, unsigned *chains)
{
	size_t lines, i, k, line;
	const void **w = ct_latency_words(l, &lines);
	const void *const *p = ct_latency_chain_lines(l, chains);
	size_t *place = malloc(lines * sizeof(*place));
	const void **q = w;
	ptrdiff_t off;

	for (k = 0; k < lines; k++) {
		line = (size_t)(q - w) / WORDS;
		place[line] = k;
		q = (const void **)*q;
	}
	CHECK(q == w);		/* one cycle */
	for (i = 0; i < *chains; i++) {
		off = (const void *const *)p[i] - (const void *const *)w;
		if (off < 0 || (size_t)off >= lines * WORDS || off % (ptrdiff_t)WORDS) {
			at[i] = (size_t)-1;
			continue;
		}
		at[i] = place[(size_t)off / WORDS];
	}
	free(place);
}

/* Consecutive chains (the last to the first round the cycle) L/N apart. */
static void check_spacing(const size_t *at, unsigned chains, size_t lines)
{
	size_t lo = lines / chains, hi = (lines + chains - 1) / chains, gap;
	unsigned j;

	for (j = 0; j < chains; j++) {
		CHECK(at[j] != (size_t)-1);
		gap = (at[(j + 1) % chains] + lines - at[j]) % lines;
		if (chains == 1)
			gap = lines;
		if (!(gap >= lo && gap <= hi))
			fprintf(stderr, "%zu lines, %u chains: chain %u at %zu, chain %u at %zu, "
				"%zu apart (expected %zu..%zu)\n", lines, chains, j + 1, at[j],
				(j + 1) % chains + 1, at[(j + 1) % chains], gap, lo, hi);
		CHECK(gap >= lo && gap <= hi);
	}
}

static void layout(size_t lines, unsigned n)
{
	struct ct_job k;
	struct ct_latency *l = ct_latency_new(lines * CT_LATENCY_LINE, "test", CT_STREAM_QUICK,
					      SEED, n, &k);
	struct ct_latency_info in;
	size_t at[CT_LATENCY_CHAINS_MAX], after[CT_LATENCY_CHAINS_MAX];
	unsigned chains, j;

	places(l, at, &chains);
	CHECK(chains == n);
	/* Chain 0 at the start of the cycle, the others j/N of the way round. */
	CHECK(at[0] == 0);
	check_spacing(at, chains, lines);
	/* A call moves each its own steps on: the stretches stay apart. */
	ct_latency_info(l, &in);
	CHECK(in.chains == n && in.lines == lines);
	CHECK(call(&k) == 0);
	places(l, after, &chains);
	for (j = 0; j < chains; j++)
		CHECK(after[j] == (at[j] + in.steps) % lines);
	check_spacing(after, chains, lines);
	ct_latency_free(l);
}

/* The loads of a call: chains x steps, about loads, whole iterations. */
static void check_loads(const struct ct_job *k, const struct ct_latency *l, uint64_t loads)
{
	struct ct_latency_info in;
	uint64_t total;

	ct_latency_info(l, &in);
	total = in.steps * in.chains;
	CHECK(in.steps % CT_CHASE_UNROLL == 0 && in.steps > 0);
	CHECK(k->work == (double)total);
	CHECK(k->per_cycle_work == k->work);
	/* Rounded to whole iterations per chain, then an odd number of them. */
	if (!(total + (uint64_t)CT_CHASE_UNROLL * in.chains > loads &&
	      total <= loads + (uint64_t)CT_CHASE_UNROLL * in.chains))
		fprintf(stderr, "%u chains: %llu steps each, %llu loads a call, asked %llu\n",
			in.chains, (unsigned long long)in.steps, (unsigned long long)total,
			(unsigned long long)loads);
	CHECK(total + (uint64_t)CT_CHASE_UNROLL * in.chains > loads &&
	      total <= loads + (uint64_t)CT_CHASE_UNROLL * in.chains);
}

static void load_count(unsigned n)
{
	struct ct_job k;
	struct ct_latency *l = ct_latency_new(16384, "test", CT_STREAM_QUICK, SEED, n, &k);

	check_loads(&k, l, CT_LATENCY_CALL_LOADS_QUICK);
	CHECK(call(&k) == 0);
	/* ct-place's shorter calls: the same count, the verifier in step. */
	ct_latency_call_loads(l, 6000, &k);
	check_loads(&k, l, 6000);
	CHECK(call(&k) == 0);
	CHECK(call(&k) == 0);
	ct_latency_free(l);
}

/*
 * Made-up samples over the real jobs of 1, 2, 4 and 8 chains: a call of
 * steps steps per chain takes steps x LAT ns when the memory overlaps
 * every chain's misses (overlap), steps x chains x LAT when it overlaps
 * none.
 */
#define LAT 80.0
#define NCOUNTS 4
static void in_flight(int overlap)
{
	static const unsigned chains[NCOUNTS] = { 1, 2, 4, 8 };
	struct ct_job k[NCOUNTS];
	struct ct_latency *l[NCOUNTS];
	struct ct_series ser[NCOUNTS];
	struct ct_sample s[NCOUNTS][5];
	struct ct_latency_results r;
	struct ct_latency_info in;
	size_t i, j;
	double ns;

	memset(ser, 0, sizeof(ser));
	memset(s, 0, sizeof(s));
	l[0] = ct_latency_new(16384, "test", CT_STREAM_QUICK, SEED, 1, &k[0]);
	for (i = 1; i < NCOUNTS; i++)
		l[i] = ct_latency_share(l[0], chains[i], &k[i]);
	for (i = 0; i < NCOUNTS; i++) {
		ct_latency_info(l[i], &in);
		ns = (double)in.steps * LAT * (overlap ? 1 : chains[i]);
		for (j = 0; j < 5; j++) {
			s[i][j].rep = (unsigned)j;
			s[i][j].wall_ns = s[i][j].cpu_ns = (uint64_t)ns;
			s[i][j].cpu_start = s[i][j].cpu_end = 0;
		}
		ser[i].k = &k[i];
		ser[i].s = s[i];
		ser[i].n = 5;
		ser[i].verified = 1;
	}
	ct_latency_results(ser, chains, NCOUNTS, &r);
	CHECK(fabs(r.ns_per_load - LAT) < 1e-6);
	for (i = 0; i < NCOUNTS; i++) {
		double want = overlap ? chains[i] : 1;

		if (!(fabs(r.in_flight[i] - want) < 1e-6))
			fprintf(stderr, "%s memory: %u chains, %g lines in flight, expected %g\n",
				overlap ? "an overlapping" : "a serial", chains[i], r.in_flight[i],
				want);
		CHECK(fabs(r.in_flight[i] - want) < 1e-6);
	}
	for (i = NCOUNTS; i-- > 0;)
		ct_latency_free(l[i]);
}

int main(void)
{
	static const unsigned counts[] = { 1, 2, 3, 4, 7, 8, 32 };
	size_t c;

	ct_init((char *[]){ "unit-latency-chains", NULL });
	for (c = 0; c < sizeof(counts) / sizeof(counts[0]); c++) {
		layout(1000, counts[c]);
		layout(4096, counts[c]);
		load_count(counts[c]);
	}
	in_flight(1);
	in_flight(0);
	return unit_done();
}
