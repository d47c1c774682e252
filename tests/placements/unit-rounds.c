/*
 * unit-rounds.c - why the placements are measured in interleaved rounds,
 * shown without the host's help: made-up runs whose samples follow a
 * clock of the run (a ramp 20 % slower at the end than at the start, a
 * step halfway), each sample taken at the moment the design puts it,
 * then the paired ratio ct-place reports (ct_results_pair).
 *
 * - one placement after another (the old design): the drift reads as a
 *   placement effect;
 * - interleaved rounds in the order ct_rounds_order() gives: x within
 *   1 % of 1, an interval that holds 1;
 * - a placement truly 10 % slower, under the same drift: found, its
 *   size within 1 %, a narrow interval (paired, not the samples' spread);
 * - rounds where a sample was disturbed are left out and counted, unless
 *   they are most of the rounds;
 * - the order changes from round to round: no placement always first;
 * - the kernel tools' paired verdict: only beyond the minimum effect.
 * Then the placed workers for real (measure/rounds.h): every round's
 * samples, rep and position kept, verified.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/common.h"
#include "measure/results.h"
#include "measure/rounds.h"
#include "report/paired.h"
#include "unit.h"

#define R 15			/* rounds, ct-place's default */
#define M 4			/* placements */

static struct ct_job job = { "fake", "test", "GHz", 1e6, NULL, 0, NULL, 0, NULL, NULL,
			     NULL, NULL, 0, 0, 0 };

enum drift { RAMP, STEP };

/* The host's speed at time t in [0, 1) of the run. */
static double speed(enum drift d, double t)
{
	return d == RAMP ? 1 - 0.2 * t : (t < 0.5 ? 1 : 0.8);
}

/* Deterministic noise of about +-1 %, from the sample's place in the run. */
static double noise(unsigned t)
{
	uint32_t x = t * 2654435761u;

	x ^= x >> 15;
	return 1 + 0.01 * ((double)(x % 2001) / 1000 - 1);
}

/*
 * The runs of M placements (factor[m]: the placement's own speed), each
 * sample taken at its turn: interleaved (the rounds' order from seed) or
 * one placement's R samples after another's.
 */
static void made(struct ct_series *ser, struct ct_sample (*s)[R], const double *factor,
		 enum drift d, int interleaved, uint64_t seed)
{
	size_t order[M], m, i;
	unsigned r, t = 0;

	memset(s, 0, sizeof(struct ct_sample) * M * R);
	for (m = 0; m < M; m++) {
		memset(&ser[m], 0, sizeof(ser[m]));
		ser[m].k = &job;
		ser[m].s = s[m];
		ser[m].n = R;
		ser[m].verified = 1;
	}
	for (i = 0; i < (size_t)M * R; i++) {
		struct ct_sample *x;

		if (interleaved) {
			r = (unsigned)(i / M);
			ct_rounds_order(seed, r, M, order);
			m = order[i % M];
		} else {
			m = i / R;
			r = (unsigned)(i % R);
		}
		x = &s[m][r];
		x->rep = r;
		x->position = interleaved ? (unsigned)(i % M) + 1 : 0;
		x->calls = 1;
		x->wall_ns = (uint64_t)(1e6 / (speed(d, (double)t / (M * R)) * factor[m] *
					       noise(t)));
		x->cpu_ns = x->wall_ns;
		t++;
	}
}

static void pair(const struct ct_series *ser, size_t m, struct ct_results *r, struct ct_pairs *pc)
{
	ct_results_pair(r, &ser[m], &ser[0], 0.05, pc);
}

static void drift_drops_out(enum drift d)
{
	static const double same[M] = { 1, 1, 1, 1 }, slower[M] = { 1, 1, 0.9, 1 };
	static struct ct_sample s[M][R];
	struct ct_series ser[M];
	struct ct_results r;
	struct ct_pairs pc;
	uint64_t seed;
	unsigned missed = 0, cases = 0;
	size_t m;

	/* One after another: the last placement reads the drift as its own. */
	made(ser, s, same, d, 0, 0);
	pair(ser, M - 1, &r, &pc);
	CHECK(r.ratio[CT_BASIS_WALL] < 0.9);
	CHECK(r.ratio_same[CT_BASIS_WALL] == 0);

	/*
	 * Interleaved, for 20 seeds: x within 1 % of 1 every time, and an
	 * interval that holds 1 in all but a few (the drift within one round
	 * still favours whoever goes first in it: at a 5 % level about 5 % of
	 * the intervals miss 1, 4 of 60 here; an order that never changed
	 * would miss in nearly all).
	 */
	for (seed = 1; seed <= 20; seed++) {
		made(ser, s, same, d, 1, seed);
		for (m = 1; m < M; m++) {
			pair(ser, m, &r, &pc);
			CHECK(fabs(r.ratio[CT_BASIS_WALL] - 1) < 0.01);
			missed += r.ratio_same[CT_BASIS_WALL] != 1;
			cases++;
			CHECK(pc.used == R && pc.disturbed == 0);
		}
		/* A placement truly 10 % slower: found, its size, a narrow interval. */
		made(ser, s, slower, d, 1, seed);
		pair(ser, 2, &r, &pc);
		CHECK(fabs(r.ratio[CT_BASIS_WALL] - 0.9) < 0.009);
		CHECK(r.ratio_same[CT_BASIS_WALL] == 0 && r.ratio_p[CT_BASIS_WALL] < 0.01);
		CHECK(r.ratio_hi[CT_BASIS_WALL] / r.ratio_lo[CT_BASIS_WALL] < 1.04);
	}
	if (!(missed * 10 <= cases))
		fprintf(stderr, "drift %d: %u of %u intervals miss 1\n", (int)d, missed, cases);
	CHECK(missed * 10 <= cases);
}

/* Disturbed rounds: a few left out and counted; most of them kept. */
static void disturbed(void)
{
	static const double same[M] = { 1, 1, 1, 1 };
	static struct ct_sample s[M][R];
	struct ct_series ser[M];
	struct ct_results r;
	struct ct_pairs pc;
	unsigned i;

	made(ser, s, same, RAMP, 1, 7);
	/* Three rounds where placement 1 lost its cpu for half its sample (3x as long). */
	for (i = 0; i < 3; i++) {
		s[1][4 * i].wall_ns *= 3;
		s[1][4 * i].cpu_ns = s[1][4 * i].wall_ns / 2;
	}
	pair(ser, 1, &r, &pc);
	CHECK(pc.used == R - 3 && pc.disturbed == 3 && !pc.kept_disturbed);
	CHECK(fabs(r.ratio[CT_BASIS_WALL] - 1) < 0.01);
	/* The reference disturbed in one more round: left out the same. */
	s[0][1].cpu_ns = s[0][1].wall_ns / 2;
	pair(ser, 1, &r, &pc);
	CHECK(pc.used == R - 4 && pc.disturbed == 4);
	/* A placement that shares its cpu the whole run: its rounds kept, its share the figure. */
	for (i = 0; i < R; i++) {
		s[3][i].wall_ns *= 2;
		s[3][i].cpu_ns = s[3][i].wall_ns / 2;
	}
	pair(ser, 3, &r, &pc);
	CHECK(pc.kept_disturbed && pc.used == R);
	CHECK(fabs(r.ratio[CT_BASIS_WALL] - 0.5) < 0.01);
	CHECK(fabs(r.ratio[CT_BASIS_CPU] - 1) < 0.01);
}

/*
 * Pairs are rounds, not places in the series: a round one series lacks
 * (its sample left out) is no pair, and the rest pair with their own
 * round, whatever their index.
 */
static void missing_round(void)
{
	static struct ct_sample a[R], b[R];
	struct ct_series x, y;
	struct ct_results r;
	struct ct_pairs pc;
	unsigned i, j;

	memset(&x, 0, sizeof(x));
	memset(&y, 0, sizeof(y));
	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	/* Every round at its own speed, the same on both sides. */
	for (i = 0, j = 0; i < R; i++) {
		a[i].rep = i;
		a[i].calls = 1;
		a[i].wall_ns = a[i].cpu_ns = (uint64_t)(1e6 / (1 + i));
		if (i == 7)
			continue;
		b[j] = a[i];
		j++;
	}
	x.k = y.k = &job;
	x.s = a;
	x.n = R;
	y.s = b;
	y.n = j;
	ct_results_pair(&r, &y, &x, 0.05, &pc);
	CHECK(pc.used == R - 1);
	CHECK(fabs(r.ratio[CT_BASIS_WALL] - 1) < 1e-9 && fabs(r.ratio[CT_BASIS_CPU] - 1) < 1e-9);
}

/* The order: a permutation each round, reproducible, and no placement always first. */
static void order(void)
{
	size_t o[M], again[M], first[M] = { 0 }, after[M][M], m, i, distinct = 0;
	size_t prev[M];
	unsigned r;

	memset(after, 0, sizeof(after));
	for (r = 0; r < 60; r++) {
		int seen[M] = { 0 }, differs = 0;

		ct_rounds_order(42, r, M, o);
		ct_rounds_order(42, r, M, again);
		for (i = 0; i < M; i++) {
			CHECK(o[i] < M && !seen[o[i]]);
			seen[o[i]] = 1;
			CHECK(o[i] == again[i]);
			if (r && o[i] != prev[i])
				differs = 1;
			if (i)
				after[o[i - 1]][o[i]]++;
		}
		distinct += differs;
		first[o[0]]++;
		memcpy(prev, o, sizeof(o));
	}
	/* 60 rounds of 4: each first about 15 times, every neighbour seen. */
	for (m = 0; m < M; m++) {
		CHECK(first[m] >= 5 && first[m] <= 30);
		for (i = 0; i < M; i++)
			CHECK(m == i || after[m][i] > 0);
	}
	CHECK(distinct >= 40);
	/* Another seed, another order. */
	ct_rounds_order(43, 0, M, again);
	ct_rounds_order(42, 0, M, o);
	for (r = 1, i = 0; i < M; i++)
		r &= o[i] == again[i];
	ct_rounds_order(44, 0, M, again);
	for (i = 0; i < M; i++)
		r &= o[i] == again[i];
	CHECK(!r);
}

/* The job of the live workers: a count, verified. */
static uint64_t count_run(void *ctx)
{
	volatile uint64_t n = 0;
	uint64_t i;

	(void)ctx;
	for (i = 0; i < 20000; i++)
		n++;
	return n;
}

static int count_verify(void *ctx, uint64_t ret, char *why, size_t len)
{
	(void)ctx;
	if (ret == 20000)
		return 0;
	snprintf(why, len, "counted %llu", (unsigned long long)ret);
	return -1;
}

/* Three workers for real: main in this thread, two placed threads. */
static void live(void)
{
	struct ct_job k = { "count", "test", "Mop/s", 20000, NULL, 0, NULL, 0, count_run,
			    count_verify, NULL, NULL, 0, 0, 0 };
	struct ct_placement p[3];
	struct ct_worker w[3];
	struct ct_series ser[3];
	struct ct_harness h;
	size_t o[3], i;
	char how[160], why[512];
	unsigned r, pos_seen[3][4];
	int started = 1;

	memset(p, 0, sizeof(p));
	memset(pos_seen, 0, sizeof(pos_seen));
	p[0].kind = CT_PLACE_MAIN;
	p[1].kind = p[2].kind = CT_PLACE_THREAD;
	snprintf(p[0].name, sizeof(p[0].name), "main");
	snprintf(p[1].name, sizeof(p[1].name), "thread");
	snprintf(p[2].name, sizeof(p[2].name), "thread");
	ct_harness_defaults(&h, 1);
	h.reps = 6;
	h.settle_ns = 0;
	h.bracket_adds = 0;
	h.floor_ns = 0;
	for (i = 0; i < 3; i++)
		if (ct_worker_start(&w[i], &p[i], how, sizeof(how), why, sizeof(why)) < 0 ||
		    ct_worker_begin(&w[i], &h, &k, 1, &ser[i], why, sizeof(why)) < 0) {
			fprintf(stderr, "%s\n", why);
			started = 0;
		}
	CHECK(started);
	if (!started)
		return;
	for (r = 0; r < 6; r++) {
		ct_rounds_order(5, r, 3, o);
		for (i = 0; i < 3; i++)
			CHECK(ct_worker_round(&w[o[i]], r, (unsigned)i + 1, 0, why, sizeof(why)) == 0);
	}
	for (i = 0; i < 3; i++)
		ct_worker_stop(&w[i], 1, CT_STOP_REPS);
	for (i = 0; i < 3; i++) {
		CHECK(ser[i].n == 6 && ser[i].verified);
		for (r = 0; r < ser[i].n; r++) {
			CHECK(ser[i].s[r].rep == r);
			CHECK(ser[i].s[r].position >= 1 && ser[i].s[r].position <= 3);
			pos_seen[i][ser[i].s[r].position]++;
		}
	}
	/* Each round's positions 1, 2, 3 given once. */
	for (r = 0; r < 6; r++)
		CHECK(ser[0].s[r].position + ser[1].s[r].position + ser[2].s[r].position == 6);
	ct_series_free(ser, 3);
}

/* The kernel tools' verdict: slower or faster only beyond the minimum effect at the level. */
static void verdict(void)
{
	static const struct {
		double x, lo, hi, p;
		const char *want;
	} c[] = {
		{ 0.5, 0.45, 0.55, 0.001, "slower" },
		{ 1.2, 1.1, 1.3, 0.001, "faster" },
		/* Found, but under 3 %: no verdict. */
		{ 0.99, 0.985, 0.995, 0.001, "~" },
		/* 3 % or more, but the interval reaches within it. */
		{ 0.95, 0.93, 0.98, 0.001, "~" },
		/* Not found. */
		{ 0.9, 0.85, 1.02, 0.2, "~" },
		{ 0.9, NAN, NAN, NAN, "-" },
	};
	struct ct_out_paired_rec q;
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		memset(&q, 0, sizeof(q));
		q.alpha = 0.05;
		q.r.ratio[CT_BASIS_WALL] = c[i].x;
		q.r.ratio_lo[CT_BASIS_WALL] = c[i].lo;
		q.r.ratio_hi[CT_BASIS_WALL] = c[i].hi;
		q.r.ratio_p[CT_BASIS_WALL] = c[i].p;
		if (strcmp(ct_paired_verdict(&q), c[i].want) != 0)
			fprintf(stderr, "verdict of %g [%g, %g] p %g: %s, not %s\n", c[i].x, c[i].lo,
				c[i].hi, c[i].p, ct_paired_verdict(&q), c[i].want);
		CHECK(strcmp(ct_paired_verdict(&q), c[i].want) == 0);
	}
}

int main(void)
{
	verdict();
	drift_drops_out(RAMP);
	drift_drops_out(STEP);
	disturbed();
	missing_round();
	order();
	live();
	return unit_done();
}
