/*
 * unit-stream.c - the stream kernels' verification catches what it must:
 * for every usable ISA, a clean call verifies and every ISA sums the same
 * array to the same value; one value changed at the start, in the middle
 * or at the very end of the array (a kernel that skips its last block),
 * or changed in the middle of a run, fails, with the sample and both sums
 * named.  These are the shipped kernels and the shipped verifier,
 * corrupted from outside: no switch in the tool.  Also the default size
 * against what the OS reports, and the size checks.  The kernels
 * themselves, every loop against the scalar reference, and their
 * descriptions: tests/kernels/checkasm.
 */
#include "config.h"

#include <math.h>
#include <inttypes.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "platform/isa.h"
#include "platform/os.h"
#include "workloads/stream.h"
#include "unit.h"

/* A kernel whose array gets one value changed before its third call. */
struct sabotage {
	struct ct_job real;
	unsigned calls;
};

static uint64_t sabotaged_run(void *p)
{
	struct sabotage *s = p;
	size_t n;
	uint32_t *a = ct_stream_data(s->real.ctx, &n);

	if (++s->calls == 3)
		a[n / 2] ^= 0x100;
	return s->real.run(s->real.ctx);
}

static int sabotaged_verify(void *p, uint64_t ret, char *why, size_t len)
{
	struct sabotage *s = p;

	return s->real.verify(s->real.ctx, ret, why, len);
}

static const char *field_str(const struct ct_job *k, const char *key)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (strcmp(k->fields[i].key, key) == 0)
			return k->fields[i].str;
	return NULL;
}

static double field_num(const struct ct_job *k, const char *key)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (strcmp(k->fields[i].key, key) == 0)
			return k->fields[i].num;
	return -2;
}

/* The level of a size in the caches. */
static void check_rules(void)
{
	const enum ct_cache_source S = CT_CACHE_SYSFS, C = CT_CACHE_CPUID, U = CT_CACHE_UNKNOWN;
	struct ct_stream_caches c = { { 0, 32 << 10, 1 << 20, 36u << 20 }, { U, S, S, S }, "" };
	struct ct_stream_caches none = { { 0 }, { U, U, U, U }, "" };
	/* An Apple M1: the sysctls list no L3, so past L2 is memory. */
	struct ct_stream_caches m1 = { { 0, 128 << 10, 12 << 20, 0 }, { U, S, S, S }, "" };
	/* A Zen 5 guest without topoext: CPUID gives L1d and L2, not the L3 one core has. */
	struct ct_stream_caches zen5 = { { 0, 48 << 10, 1 << 20, 0 }, { U, C, C, U }, "" };
	char reason[200];
	enum ct_isa isa;
	int i;

	CHECK(strcmp(ct_stream_level(16 << 10, &c), "L1") == 0);
	CHECK(strcmp(ct_stream_level(32 << 10, &c), "L1") == 0);
	CHECK(strcmp(ct_stream_level((32 << 10) + 512, &c), "L2") == 0);
	CHECK(strcmp(ct_stream_level(1 << 20, &c), "L2") == 0);
	CHECK(strcmp(ct_stream_level(8 << 20, &c), "L3") == 0);
	CHECK(strcmp(ct_stream_level(64 << 20, &c), "memory") == 0);
	CHECK(ct_stream_caches_unknown(&c) == 0);
	/* No size known: never "memory" for an L1-sized array. */
	CHECK(strcmp(ct_stream_level(16 << 10, &none), "unknown") == 0);
	CHECK(strcmp(ct_stream_level(1ull << 30, &none), "unknown") == 0);
	CHECK(ct_stream_caches_unknown(&none) == 1);
	CHECK(strcmp(ct_stream_level(8 << 20, &m1), "L2") == 0);
	CHECK(strcmp(ct_stream_level(64 << 20, &m1), "memory") == 0);
	CHECK(strcmp(ct_stream_level(16 << 10, &zen5), "L1") == 0);
	CHECK(strcmp(ct_stream_level(256 << 10, &zen5), "L2") == 0);
	CHECK(strcmp(ct_stream_level(8 << 20, &zen5), "unknown") == 0);
	CHECK(strcmp(ct_stream_level(64 << 20, &zen5), "unknown") == 0);
	CHECK(ct_stream_caches_unknown(&zen5) == 3);
	(void)isa;
	(void)reason;
	(void)i;
}

/* t->gbs from a list, n trials, as if in two blocks (a win needs them). */
static struct ct_stream_trials trials(int failed, unsigned n, double a, double b, double c)
{
	struct ct_stream_trials t = { { a, b, c }, n, failed, 0, 0, 0, 0, 2 };

	return t;
}

/*
 * n trials (odd, at least 3) of median m and spread (median absolute
 * deviation) m x rel: m, then m (1 + rel) and m (1 - rel) in turn; in a
 * block for every CT_STREAM_TRIALS of them, and two at least (a win
 * needs them: test_versus).
 */
static struct ct_stream_trials made(double m, double rel, unsigned n)
{
	struct ct_stream_trials t;
	unsigned i;

	memset(&t, 0, sizeof(t));
	t.n = n;
	t.blocks = n > 2 * CT_STREAM_TRIALS ? (n + CT_STREAM_TRIALS - 1) / CT_STREAM_TRIALS : 2;
	t.gbs[0] = m;
	for (i = 1; i < n; i++)
		t.gbs[i] = m * (i % 2 ? 1 + rel : 1 - rel);
	return t;
}

/*
 * One challenger against the incumbent, pure: on the log scale, faster by
 * more than the margin by more than z standard errors of the two medians'
 * log ratio, the error 1.858 x the run's relative spread / sqrt(trials).
 * The figures worked by hand: d = log(ratio) - log(1.03), se = 1.858 s
 * sqrt(1/n_c + 1/n_i).
 */
static void test_versus(void)
{
	struct ct_stream_trials c, i;
	double med, spr;

	CHECK(CT_STREAM_TIE_MARGIN == 0.03 && CT_STREAM_TIE_Z == 2.0 && CT_STREAM_SE_MAD == 1.858);
	/* made() gives the median and spread it is asked. */
	c = made(40.0, 0.01, 9);
	ct_stream_trials_stats(&c, &med, &spr);
	CHECK(med == 40.0 && spr > 0.3999 && spr < 0.4001);
	CHECK(ct_stream_spread(&c, 1) > 0.00999 && ct_stream_spread(&c, 1) < 0.01001);
	/* 5 % faster, small spread: d 0.0192, z se 0.0088 (s 0.5 %, 9 and 9): it wins. */
	i = made(100.0, 0.005, 9);
	c = made(105.0, 0.005, 9);
	CHECK(ct_stream_versus(&c, &i, 0.005) == 1);
	/* ... the same the other way round: the slower one is out. */
	CHECK(ct_stream_versus(&i, &c, 0.005) == -1);
	/* 2 % faster never wins: out with a small spread, undecided with a large one. */
	c = made(102.0, 0.005, 9);
	CHECK(ct_stream_versus(&c, &i, 0.005) == -1);
	CHECK(ct_stream_versus(&c, &i, 0.0) == -1);
	c = made(102.0, 0.05, 45);
	CHECK(ct_stream_versus(&c, &i, 0.05) == 0);
	/*
	 * 4 % faster, s 0.8 %: d 0.0097 against z se 0.0140 on 9 and 9
	 * trials (undecided; 0.0066 were the error / n, not / sqrt(n), and
	 * 0.0070 were z left out), against 0.0063 on 45 and 45 (it wins: the
	 * error shrinks with the trials, as a spread does not).
	 */
	c = made(104.0, 0.008, 9);
	CHECK(ct_stream_versus(&c, &i, 0.008) == 0);
	c = made(104.0, 0.008, 45);
	i = made(100.0, 0.008, 45);
	CHECK(ct_stream_versus(&c, &i, 0.008) == 1);
	/*
	 * Equal, s 2.5 %, 9 and 9: d -0.0296 against z se 0.0438, undecided
	 * (out only were z left out of the loss's side, 0.0219); on 45 and 45,
	 * z se 0.0196: out.
	 */
	c = made(100.0, 0.025, 9);
	i = made(100.0, 0.025, 9);
	CHECK(ct_stream_versus(&c, &i, 0.025) == 0);
	c = made(100.0, 0.025, 45);
	i = made(100.0, 0.025, 45);
	CHECK(ct_stream_versus(&c, &i, 0.025) == -1);
	/*
	 * The margin on the log scale: exactly at it (103 against 100) no
	 * win, with no spread or a little; 3.02 % above with no spread wins
	 * (log 1.0302 - log 1.03 > 0; it would not against 0.03 itself, as
	 * log 1.0302 is 0.02975).
	 */
	i = made(100.0, 0.0, 9);
	c = made(103.0, 0.0, 9);
	CHECK(ct_stream_versus(&c, &i, 0.0) == -1);
	CHECK(ct_stream_versus(&c, &i, 0.001) == 0);
	c = made(103.02, 0.0, 9);
	CHECK(ct_stream_versus(&c, &i, 0.0) == 1);
	/*
	 * A win needs two blocks of trials of each (one block cannot tell a
	 * host's passing state from its readers); a loss does not.
	 */
	i = made(100.0, 0.005, 9);
	c = made(120.0, 0.005, 9);
	c.blocks = i.blocks = 1;
	CHECK(ct_stream_versus(&c, &i, 0.005) == 0);
	c.blocks = 2;
	CHECK(ct_stream_versus(&c, &i, 0.005) == 0);
	i.blocks = 2;
	CHECK(ct_stream_versus(&c, &i, 0.005) == 1);
	i.blocks = 1;
	c = made(80.0, 0.005, 9);
	c.blocks = 1;
	CHECK(ct_stream_versus(&c, &i, 0.005) == -1);
}

/*
 * The decision is a pure function of the trials: a tournament in the
 * fixed order (the order of t), the first verified candidate, or the
 * preferred one, holding the place until a challenger wins it
 * (test_versus); a candidate whose sum was wrong never wins, however
 * fast.  The answers worked by hand.
 */
static void test_decide(void)
{
	struct ct_stream_trials t[5];
	double med, spr;
	int kept;

	/* Clear winner, wherever it stands; median not mean, so one outlier moves nothing. */
	t[0] = trials(0, 3, 41.0, 41.2, 40.8);
	t[1] = trials(0, 3, 17.6, 17.5, 17.7);
	t[2] = trials(0, 3, 33.1, 99.0, 33.0);
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 0 && !kept);
	CHECK(ct_stream_decide(t, 3, 1, &kept) == 0 && !kept);	/* a prior loses to numbers */
	ct_stream_trials_stats(&t[2], &med, &spr);
	CHECK(med == 33.1);
	CHECK(spr > 0.09 && spr < 0.11);		/* |33.0 - 33.1|, not 99 */
	t[0] = trials(0, 3, 17.6, 17.5, 17.7);
	t[1] = trials(0, 3, 41.0, 41.2, 40.8);
	CHECK(ct_stream_decide(t, 2, -1, &kept) == 1 && !kept);
	/* A challenger 5 % faster with a small spread wins, wherever it stands. */
	t[0] = made(100.0, 0.005, 9);
	t[1] = made(80.0, 0.005, 9);
	t[2] = made(105.0, 0.005, 9);
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 2 && !kept);
	/* 2 % faster never wins: the first in the order keeps the place. */
	t[2] = made(102.0, 0.005, 9);
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 0 && kept);
	t[2] = made(102.0, 0.005, 45);
	t[0] = made(100.0, 0.005, 45);
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 0 && kept);
	/* ... and the same the other way round: the first again (stable). */
	t[0] = made(102.0, 0.005, 9);
	t[2] = made(100.0, 0.005, 9);
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 0 && !kept);
	/*
	 * Each challenger meets the incumbent of the moment: 106 takes the
	 * place of 100, then 108 is not 3 % faster than 106 (it is 8 % faster
	 * than the first).
	 */
	t[0] = made(100.0, 0.003, 9);
	t[1] = made(106.0, 0.003, 9);
	t[2] = made(108.0, 0.003, 9);
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 1 && kept);
	/*
	 * The spread is the run's, pooled: a challenger 8 % faster with no
	 * spread of its own against an incumbent and a third with 3 % (the
	 * run's: the median of 3 %, 0, 3 %): z se 0.0526 against d 0.0473,
	 * undecided, and the incumbent stays (with the two candidates' own
	 * spreads, 0.0372: it would win) ...
	 */
	t[0] = made(100.0, 0.03, 9);
	t[1] = made(108.0, 0.0, 9);
	t[2] = made(90.0, 0.03, 9);
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 0 && kept);
	/* ... and one disturbed block (t[2]'s, 20 %) widens nothing: it wins. */
	t[0] = made(100.0, 0.003, 9);
	t[1] = made(108.0, 0.003, 9);
	t[2] = made(90.0, 0.2, 9);
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 1 && !kept);
	/* The spreads of a wrong sum's trials are no part of the run's. */
	t[2].failed = 1;
	t[3] = made(90.0, 0.2, 9);
	t[3].failed = 1;
	CHECK(ct_stream_decide(t, 4, -1, &kept) == 1 && !kept);
	/*
	 * The prior goes first, wherever it stands: 2 % faster does not take
	 * its place, 10 % faster with a small spread does.
	 */
	t[0] = made(102.0, 0.005, 9);
	t[1] = made(80.0, 0.005, 9);
	t[2] = made(100.0, 0.005, 9);
	CHECK(ct_stream_decide(t, 3, 2, &kept) == 2 && kept);
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 0 && !kept);
	t[0] = made(110.0, 0.005, 9);
	CHECK(ct_stream_decide(t, 3, 2, &kept) == 0 && !kept);
	/* A prior that was not verified is no incumbent. */
	t[0] = made(100.0, 0.005, 9);
	t[2] = made(190.0, 0.005, 9);
	t[2].failed = 1;
	CHECK(ct_stream_decide(t, 3, 2, &kept) == 0 && !kept);
	/* Exactly equal medians and no spread: the first. */
	t[0] = trials(0, 3, 20, 20, 20);
	t[1] = trials(0, 3, 20, 20, 20);
	CHECK(ct_stream_decide(t, 2, -1, &kept) == 0 && !kept);
	/* A wrong sum never wins, however fast; none verified: -1. */
	t[0] = made(17.6, 0.005, 9);
	t[1] = made(90.0, 0.005, 9);
	t[1].failed = 1;
	t[2] = made(17.0, 0.005, 9);
	CHECK(ct_stream_decide(t, 3, 1, &kept) == 0 && !kept);
	t[0].failed = 1;
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 2 && !kept);
	t[2].failed = 1;
	CHECK(ct_stream_decide(t, 3, -1, &kept) == -1);
	/* No trials: not a candidate. */
	t[0] = trials(0, 0, 0, 0, 0);
	t[1] = trials(0, 3, 1, 1, 1);
	CHECK(ct_stream_decide(t, 2, -1, &kept) == 1);
}

/*
 * Which candidates need more trials: exactly the two of an undecided
 * pair, until they reach the cap, where the incumbent stays; and the
 * budget of time.
 */
static void test_undecided(void)
{
	struct ct_stream_trials t[5];
	int more[5], kept, k;

	/* The first, then one 4 % faster (undecided), one slower, one far slower. */
	t[0] = made(100.0, 0.008, 9);
	t[1] = made(104.0, 0.008, 9);
	t[2] = made(80.0, 0.008, 9);
	t[3] = made(50.0, 0.008, 9);
	CHECK(ct_stream_undecided(t, 4, -1, more) == 2);
	CHECK(more[0] && more[1] && !more[2] && !more[3]);
	CHECK(ct_stream_decide(t, 4, -1, &kept) == 0 && kept);
	/* The pair at the cap: nothing more, and the incumbent stays. */
	t[0] = made(100.0, 0.02, CT_STREAM_TRIALS_MAX);
	t[1] = made(104.0, 0.02, CT_STREAM_TRIALS_MAX);
	CHECK(ct_stream_undecided(t, 4, -1, more) == 0);
	for (k = 0; k < 4; k++)
		CHECK(!more[k]);
	CHECK(ct_stream_decide(t, 4, -1, &kept) == 0 && kept);
	/* One of the pair at the cap: the other is timed more. */
	t[1] = made(104.0, 0.02, 27);
	CHECK(ct_stream_undecided(t, 4, -1, more) == 1);
	CHECK(!more[0] && more[1] && !more[2] && !more[3]);
	/* Decided pairs: none; an unverified candidate is in no pair. */
	t[0] = made(100.0, 0.005, 9);
	t[1] = made(110.0, 0.005, 9);
	t[2] = made(104.0, 0.005, 9);
	t[2].failed = 1;
	CHECK(ct_stream_undecided(t, 3, -1, more) == 0);
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 1 && !kept);
	/* A challenger that would win on one block: both timed again. */
	t[2] = made(130.0, 0.005, 9);
	t[2].blocks = 1;
	CHECK(ct_stream_undecided(t, 3, -1, more) == 2 && !more[0] && more[1] && more[2]);
	CHECK(ct_stream_decide(t, 3, -1, &kept) == 1 && kept);
	/* The prior the incumbent: the pairs it meets (here none). */
	t[0] = made(100.0, 0.008, 9);
	t[1] = made(104.0, 0.008, 9);
	t[2] = made(60.0, 0.008, 9);
	CHECK(ct_stream_undecided(t, 3, -1, more) == 2 && more[0] && more[1] && !more[2]);
	CHECK(ct_stream_undecided(t, 3, 1, more) == 0);
	/* The budget: 300 ms at the mean time of the calls so far, not a ns more. */
	CHECK(CT_STREAM_BUDGET_NS == 300e6);
	CHECK(ct_stream_block_fits(100000000, 50, 100));
	CHECK(!ct_stream_block_fits(100000000, 50, 101));
	CHECK(ct_stream_block_fits(290000000, 70, 0));
	CHECK(!ct_stream_block_fits(301000000, 70, 0));
	CHECK(!ct_stream_block_fits(0, 0, 10));
}

/*
 * Seven readers as a Zen 5 (AMD family 26, 2 vCPUs, loaded) timed them,
 * three runs of each size, each replayed: near-ties within 3 % keep the
 * first in the fixed order every time, a reader ahead by more than the
 * margin wins every time.  The medians of the runs' reasons at 16K, 256K
 * and 8M (GB/s), each given a spread of 0.3 % over two blocks of 9 trials,
 * in the fixed order avx2, avx2/prefetch, avx512, avx512/short,
 * avx512/prefetch, avx512/xor, scalar.
 */
static void test_decide_recorded(void)
{
	static const double runs[][7] = {
		/* 16K: avx512 twice avx2, avx512/xor within 0.4 % of it */
		{ 194.7, 171.2, 397.3, 365.9, 160.0, 398.7, 91.8 },
		{ 225.4, 192.1, 450.0, 418.7, 108.4, 449.5, 99.8 },
		{ 221.6, 189.1, 439.3, 410.0, 320.1, 439.3, 95.5 },
		/* 256K: every 512-bit loop and avx2 within 2.5 % */
		{ 172.3, 156.6, 168.5, 171.4, 170.5, 169.4, 92.6 },
		{ 172.9, 155.8, 171.3, 171.6, 170.5, 169.6, 75.2 },
		{ 170.8, 155.8, 168.0, 171.3, 170.2, 168.9, 94.8 },
		/*
		 * 8M: avx2/prefetch 10 % ahead of avx2, avx512/prefetch 2 %
		 * ahead of it; in the third run avx2/prefetch 2.5 % ahead,
		 * avx512 10 % ahead and its prefetching loop 6.5 % ahead of that.
		 */
		{ 96.3, 105.8, 100.2, 96.9, 108.1, 94.7, 88.6 },
		{ 96.7, 107.2, 101.6, 96.3, 108.4, 95.9, 88.4 },
		{ 93.5, 95.8, 103.3, 98.6, 110.0, 101.5, 62.6 },
	};
	static const int want[] = { 2, 2, 2, 0, 0, 0, 1, 1, 4 };
	struct ct_stream_trials t[7];
	size_t r, i;
	int kept;

	for (r = 0; r < CT_ARRAY_SIZE(runs); r++) {
		for (i = 0; i < 7; i++)
			t[i] = made(runs[r][i], 0.003, 2 * CT_STREAM_TRIALS - 1);
		CHECK(ct_stream_decide(t, 7, -1, &kept) == want[r]);
	}
}

/*
 * The timing order, from the calibration's own trace (each candidate's
 * first and last call) over every candidate usable here, the 512-bit
 * ones apart (CT_STREAM_LICENCE=apart) and in turns (=turns).  Apart, no
 * candidate has a call after a 512-bit one's first but another 512-bit
 * one (whose lower clock licence can outlast it would slow it); in
 * turns, one group.  Within each group the reverse of the fixed order,
 * the trials in turns (each candidate's calls span the others' of its
 * group).  Then a block more for two of them, the first and the last in
 * the order, and only those: after every call before, a settle call and
 * the trials each, apart the 512-bit one last.
 */
static void test_timing_order(int apart)
{
	struct ct_stream_cand c[CT_STREAM_CANDS_MAX];
	struct ct_stream_trials t[CT_STREAM_CANDS_MAX], was[CT_STREAM_CANDS_MAX];
	struct ct_stream_ask ask = { -1, "", -1, "" };
	const unsigned trials = 3;
	int more[CT_STREAM_CANDS_MAX] = { 0 }, wide[CT_STREAM_CANDS_MAX];
	struct ct_job k;
	struct ct_stream *s;
	size_t n, i, j;
	unsigned calls = 0, ext, last;

	setenv("CT_STREAM_LICENCE", apart ? "apart" : "turns", 1);
	n = ct_stream_ask_candidates(&ask, c);
	CHECK(n >= 1);
	s = ct_stream_new(CT_ISA_SCALAR, 64 << 10, "unit test", CT_STREAM_QUICK, &k);
	ct_stream_trial_cands(s, c, n, trials, t);
	for (i = 0; i < n; i++)
		wide[i] = apart && c[i].isa == CT_ISA_AVX512;
	for (i = 0; i < n; i++) {
		CHECK(!t[i].failed && t[i].n == trials && t[i].first < t[i].last);
		if (t[i].last + 1 > calls)
			calls = t[i].last + 1;
		for (j = 0; j < n; j++) {
			if (wide[i] && !wide[j])
				CHECK(t[j].last < t[i].first);
			if (j > i && wide[i] == wide[j])
				CHECK(t[j].first < t[i].first && t[i].first < t[j].last);
		}
	}
	CHECK(calls == n * (trials + 1));
	/*
	 * The block more, for the first and the last in the order and the
	 * first 512-bit one where there is one: each a settle call and the
	 * trials, after every call before; a group in the reverse order, in
	 * turns; the 512-bit one after the rest.
	 */
	memcpy(was, t, sizeof(was));
	more[0] = more[n - 1] = 1;
	for (i = 0; i < n; i++)
		if (c[i].isa == CT_ISA_AVX512) {
			more[i] = 1;
			break;
		}
	ct_stream_trial_more(s, c, n, more, trials, t);
	for (i = 0, ext = 0, last = 0; i < n; i++) {
		CHECK(!t[i].failed && t[i].first == was[i].first);
		if (!more[i]) {
			CHECK(t[i].n == trials && t[i].blocks == 1 && t[i].last == was[i].last);
			continue;
		}
		ext++;
		last = t[i].last > last ? t[i].last : last;
		CHECK(t[i].n == 2 * trials && t[i].blocks == 2 && t[i].last >= calls + trials);
		CHECK(t[i].gbs[2 * trials - 1] > 0 && t[i].gbs[trials] > 0);
		CHECK(memcmp(t[i].gbs, was[i].gbs, trials * sizeof(double)) == 0);
	}
	CHECK(last == calls + ext * (trials + 1) - 1);
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			if (!more[i] || !more[j])
				continue;
			if (wide[i] != wide[j])	/* the 512-bit one's settle after the other's last */
				CHECK(t[wide[i] ? i : j].last - trials > t[wide[i] ? j : i].last);
			else				/* reversed, in turns */
				CHECK(t[j].last < t[i].last && t[i].last - t[j].last < ext);
		}
	/* Never past the cap. */
	ct_stream_trial_more(s, c, n, more, CT_STREAM_TRIALS_MAX, t);
	CHECK(t[0].n == CT_STREAM_TRIALS_MAX && t[0].blocks == 3 && t[1 % n].n <= CT_STREAM_TRIALS_MAX);
	calls = t[0].last;
	ct_stream_trial_more(s, c, n, more, 1, t);
	CHECK(t[0].n == CT_STREAM_TRIALS_MAX && t[0].blocks == 3 && t[0].last == calls);
	/*
	 * A list of two (the 512-bit one first in the order): apart, the
	 * 512-bit one last; in turns, the scalar one's settle first, then
	 * the 512-bit one's, then a trial of each in turn.
	 */
	if (ct_stream_desc(CT_ISA_AVX512) && ct_isa_usable(CT_ISA_AVX512)) {
		CHECK(ct_stream_candidates(1u << CT_ISA_AVX512 | 1u << CT_ISA_SCALAR,
					   1u << CT_STREAM_LOOP_PLAIN, c) == 2);
		ct_stream_trial_cands(s, c, 2, trials, t);
		CHECK(c[0].isa == CT_ISA_AVX512 && t[1].first == 0);
		if (apart)
			CHECK(t[1].last == trials && t[0].first == trials + 1 &&
			      t[0].last == 2 * trials + 1);
		else
			CHECK(t[0].first == 1 && t[1].last == 2 * trials &&
			      t[0].last == 2 * trials + 1);
	}
	ct_stream_free(s);
	unsetenv("CT_STREAM_LICENCE");
}

/*
 * The licence's decision (pure): the chain's median time after the
 * 512-bit calls over its median after the others', apart above 1 + 3 %,
 * in turns at it or under; apart where nothing was timed.  Then the
 * process's own probe, where a 512-bit reader meets another: measured
 * once, a finite ratio, the decision the ratio's, and the calibration
 * reason's words saying it.
 */
static void test_licence(void)
{
	const double other[5] = { 100, 101, 99, 100, 250 };
	const double slow[5] = { 112, 110, 300, 111, 109 };
	const double same[5] = { 101, 100, 99, 102, 100 };
	const double edge[5] = { 103, 103, 103, 103, 103 };
	const double zero[5] = { 0, 0, 0, 0, 0 };
	struct ct_stream_cand c[CT_STREAM_CANDS_MAX];
	struct ct_stream_trials t[CT_STREAM_CANDS_MAX];
	struct ct_stream_ask ask = { -1, "", -1, "" };
	const struct ct_stream_cand mixed[3] = { { CT_ISA_AVX512, CT_STREAM_LOOP_PLAIN },
						 { CT_ISA_AVX512, CT_STREAM_LOOP_SHORT },
						 { CT_ISA_SCALAR, CT_STREAM_LOOP_PLAIN } };
	const struct ct_stream_cand narrow[2] = { { CT_ISA_AVX2, CT_STREAM_LOOP_PLAIN },
						  { CT_ISA_SCALAR, CT_STREAM_LOOP_PLAIN } };
	struct ct_stream *s;
	struct ct_job k;
	char words[120];
	const char *said;
	double r;
	size_t n, i;
	int wide = 0, rest = 0, d;

	CHECK(ct_stream_licence_apart(slow, other, 5, &r) == 1 && fabs(r - 1.11) < 1e-9);
	CHECK(ct_stream_licence_apart(same, other, 5, &r) == 0 && fabs(r - 1) < 1e-9);
	CHECK(ct_stream_licence_apart(other, slow, 5, &r) == 0 && r < 1);
	CHECK(ct_stream_licence_apart(edge, other, 5, &r) == 0);
	CHECK(ct_stream_licence_apart(zero, other, 5, &r) == 1 && isnan(r));
	CHECK(ct_stream_licence_apart(slow, other, 0, &r) == 1);

	unsetenv("CT_STREAM_LICENCE");
	n = ct_stream_ask_candidates(&ask, c);
	for (i = 0; i < n; i++) {
		wide |= c[i].isa == CT_ISA_AVX512;
		rest |= c[i].isa != CT_ISA_AVX512;
	}
	s = ct_stream_new(CT_ISA_SCALAR, 64 << 10, "unit test", CT_STREAM_QUICK, &k);
	ct_stream_trial_cands(s, c, n, 1, t);
	d = ct_stream_licence(&r);
	ct_stream_licence_words(c, n, words, sizeof(words));
	said = d == 1 ? "512-bit apart: a clock licence (" : "512-bit in turns: no clock licence (";
	if (wide && rest)
		CHECK((d == 0 || d == 1) && isfinite(r) && r > 0 &&
		      d == !(r <= 1 + CT_STREAM_LICENCE_MARGIN) &&
		      strncmp(words, said, strlen(said)) == 0);
	else
		CHECK(d == -1 && isnan(r) && !strcmp(words, ""));
	setenv("CT_STREAM_LICENCE", "turns", 1);
	CHECK(ct_stream_licence(&r) == 0 && isnan(r));
	setenv("CT_STREAM_LICENCE", "apart", 1);
	CHECK(ct_stream_licence(&r) == 1 && isnan(r));
	unsetenv("CT_STREAM_LICENCE");
	ct_stream_free(s);

	/*
	 * The reason's words on made-up candidates, whatever this machine
	 * has: a 512-bit reader beside another, apart or in turns as
	 * CT_STREAM_LICENCE says, wherever in the list; nothing where no
	 * 512-bit one meets another (none, or only 512-bit ones).
	 */
	setenv("CT_STREAM_LICENCE", "turns", 1);
	ct_stream_licence_words(mixed, 3, words, sizeof(words));
	CHECK(!strcmp(words, "512-bit in turns: CT_STREAM_LICENCE=turns"));
	ct_stream_licence_words(mixed + 1, 2, words, sizeof(words));
	CHECK(!strcmp(words, "512-bit in turns: CT_STREAM_LICENCE=turns"));
	setenv("CT_STREAM_LICENCE", "apart", 1);
	ct_stream_licence_words(mixed, 3, words, sizeof(words));
	CHECK(!strcmp(words, "512-bit apart: CT_STREAM_LICENCE=apart"));
	ct_stream_licence_words(narrow, 2, words, sizeof(words));
	CHECK(!strcmp(words, ""));
	ct_stream_licence_words(mixed, 2, words, sizeof(words));
	CHECK(!strcmp(words, ""));
	unsetenv("CT_STREAM_LICENCE");
}

/*
 * The fixed order: the vector ISAs narrowest first, scalar last (a tie
 * goes to the reader more machines have), then plain, short, prefetch.
 */
static void test_candidates(void)
{
	struct ct_stream_cand c[CT_STREAM_CANDS_MAX];
	unsigned all = 0;
	char name[32];
	size_t n, i;
	int rank[CT_ISA_COUNT] = { 0 };

	rank[CT_ISA_AVX2] = 0;
	rank[CT_ISA_AVX512] = 1;
	rank[CT_ISA_NEON] = 2;
	rank[CT_ISA_SCALAR] = 3;
	for (i = 0; i < CT_ISA_COUNT; i++)
		all |= 1u << i;
	n = ct_stream_candidates(all, ~0u, c);
	CHECK(n >= 1 && c[n - 1].isa == CT_ISA_SCALAR && c[n - 1].loop == CT_STREAM_LOOP_PLAIN);
	CHECK(c[0].loop == CT_STREAM_LOOP_PLAIN);
	if (ct_stream_desc(CT_ISA_AVX2))
		CHECK(c[0].isa == CT_ISA_AVX2);
	for (i = 1; i < n; i++)
		CHECK(rank[c[i].isa] > rank[c[i - 1].isa] ||
		      (c[i].isa == c[i - 1].isa && c[i].loop > c[i - 1].loop));
	for (i = 0; i < n; i++) {
		const struct ct_kernel *d = ct_stream_desc(c[i].isa);

		CHECK(d != NULL);
		CHECK(c[i].loop == CT_STREAM_LOOP_PLAIN ||
		      ct_kernel_loop(d, ct_stream_loop_name(c[i].loop)));
		printf("candidate %zu: %s\n", i, ct_stream_cand_name(&c[i], name, sizeof(name)));
	}
	/* A loop asked for: only the kernels that have it. */
	CHECK(ct_stream_candidates(1u << CT_ISA_SCALAR, 1u << CT_STREAM_LOOP_PREFETCH, c) == 0);
	CHECK(ct_stream_candidates(1u << CT_ISA_SCALAR, ~0u, c) == 1);
	c[0].isa = CT_ISA_AVX512;
	c[0].loop = CT_STREAM_LOOP_SHORT;
	CHECK(strcmp(ct_stream_cand_name(&c[0], name, sizeof(name)), "avx512/short") == 0);
	c[0].loop = CT_STREAM_LOOP_XOR;
	CHECK(strcmp(ct_stream_cand_name(&c[0], name, sizeof(name)), "avx512/xor") == 0);
	c[0].loop = CT_STREAM_LOOP_PLAIN;
	CHECK(strcmp(ct_stream_cand_name(&c[0], name, sizeof(name)), "avx512") == 0);
	/* An xor loop only where a kernel has one, and as the last of its ISA's loops. */
	CHECK(ct_stream_candidates(1u << CT_ISA_SCALAR, 1u << CT_STREAM_LOOP_XOR, c) == 0);
	CHECK(ct_stream_candidates(1u << CT_ISA_AVX2, 1u << CT_STREAM_LOOP_XOR, c) == 0);
	if (ct_stream_desc(CT_ISA_AVX512)) {
		CHECK(ct_stream_candidates(1u << CT_ISA_AVX512, ~0u, c) == 4);
		CHECK(c[3].loop == CT_STREAM_LOOP_XOR);
	}
}

/*
 * The xor loops' reference: the eight lanes' XORs added, on words whose
 * answer is known; a word in another lane, a lane left out or a sum for
 * the XOR would each give another.
 */
static void test_xor_ref(void)
{
	uint64_t a[24] = { 0 };
	enum ct_stream_loop loop;
	size_t i;

	CHECK(ct_stream_xor_ref(a, 8) == 0);
	/* Lane l: a[l] = 1 << l, a[8 + l] = 3 << l, a[16 + l] = 0: XOR 2 << l. */
	for (i = 0; i < 8; i++) {
		a[i] = 1ull << i;
		a[8 + i] = 3ull << i;
	}
	CHECK(ct_stream_xor_ref(a, 8) == 0xff);
	CHECK(ct_stream_xor_ref(a, 24) == 2 * 0xff);
	/* XOR, not a sum: the same word twice in one lane cancels. */
	a[16] = a[8];
	CHECK(ct_stream_xor_ref(a, 24) == 2 * 0xff - 1);
	/* High words wrap mod 2^64 across lanes. */
	memset(a, 0, sizeof(a));
	a[0] = a[1] = 1ull << 63;
	CHECK(ct_stream_xor_ref(a, 8) == 0);
	/* Eight lanes, a line's, not four (the loop's accumulators): a[l] and a[l + 4] stay apart. */
	memset(a, 0, sizeof(a));
	a[0] = a[4] = 1;
	CHECK(ct_stream_xor_ref(a, 8) == 2);
	CHECK(ct_stream_loop_from_name("xor", &loop) == 0 && loop == CT_STREAM_LOOP_XOR);
	CHECK(strcmp(ct_stream_loop_name(CT_STREAM_LOOP_XOR), "xor") == 0);
}

/*
 * The per-model preferences, pure, on the Intel and AMD cores they were
 * measured on and the ones they were not: consulted only on a tie.
 */
static void test_prior_for(void)
{
	static const char *const levels[] = { "L1", "L2", "L3", "memory" };
	const struct ct_stream_cpu skx = { CT_VENDOR_INTEL, 6, 85 };
	const struct ct_stream_cpu spr = { CT_VENDOR_INTEL, 6, 143 };
	const struct ct_stream_cpu emr = { CT_VENDOR_INTEL, 6, 207 };
	const struct ct_stream_cpu zen4 = { CT_VENDOR_AMD, 0x19, 0x11 };
	const struct ct_stream_cpu zen3 = { CT_VENDOR_AMD, 0x19, 0x01 };
	const struct ct_stream_cpu amd85 = { CT_VENDOR_AMD, 6, 85 };	/* not Intel */
	const struct ct_stream_cpu amd207 = { CT_VENDOR_AMD, 6, 207 };
	const struct ct_stream_cpu arm = { CT_VENDOR_OTHER, 0, 0 };
	/* Every candidate an x86 build can have, in the fixed order. */
	const struct ct_stream_cand c[] = {
		{ CT_ISA_SCALAR, CT_STREAM_LOOP_PLAIN },
		{ CT_ISA_AVX2, CT_STREAM_LOOP_PLAIN },
		{ CT_ISA_AVX2, CT_STREAM_LOOP_PREFETCH },
		{ CT_ISA_AVX512, CT_STREAM_LOOP_PLAIN },
		{ CT_ISA_AVX512, CT_STREAM_LOOP_SHORT },
		{ CT_ISA_AVX512, CT_STREAM_LOOP_PREFETCH },
	};
	const size_t n = CT_ARRAY_SIZE(c);
	char why[200];
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(levels); i++) {
		int l1 = i == 0, l2 = i == 1, l3 = i == 2;
		int p = ct_stream_prior_for(&skx, levels[i], c, n, why, sizeof(why));

		/* Skylake-SP: avx2 in L3, the avx512 short loop in L2 and memory, none in L1. */
		CHECK(p == (l1 ? -1 : l3 ? 1 : 4));
		CHECK(l1 ? why[0] == '\0' : strstr(why, "Skylake-SP") && strstr(why, levels[i]));
		/* Sapphire and Emerald Rapids: the avx512 prefetching loop beyond L2. */
		CHECK(ct_stream_prior_for(&spr, levels[i], c, n, why, sizeof(why)) ==
		      (l1 || l2 ? -1 : 5));
		CHECK(ct_stream_prior_for(&emr, levels[i], c, n, why, sizeof(why)) ==
		      (l1 || l2 ? -1 : 5));
		/* AMD, whatever the model number, and Arm: none. */
		CHECK(ct_stream_prior_for(&zen4, levels[i], c, n, why, sizeof(why)) == -1);
		CHECK(why[0] == '\0');
		CHECK(ct_stream_prior_for(&zen3, levels[i], c, n, why, sizeof(why)) == -1);
		CHECK(ct_stream_prior_for(&amd85, levels[i], c, n, why, sizeof(why)) == -1);
		CHECK(ct_stream_prior_for(&amd207, levels[i], c, n, why, sizeof(why)) == -1);
		CHECK(ct_stream_prior_for(&arm, levels[i], c, n, why, sizeof(why)) == -1);
		/* Never a candidate that is not there (no avx512 here). */
		CHECK(ct_stream_prior_for(&emr, levels[i], c, 3, why, sizeof(why)) == -1);
		CHECK(ct_stream_prior_for(&skx, levels[i], c, 3, why, sizeof(why)) == (l3 ? 1 : -1));
	}
	/* A level no source knows is none of them: no prior. */
	CHECK(ct_stream_prior_for(&skx, "unknown", c, n, why, sizeof(why)) == -1 && !why[0]);
	CHECK(ct_stream_prior_for(&spr, "unknown", c, n, why, sizeof(why)) == -1 && !why[0]);
	CHECK(ct_stream_prior_for(&emr, "unknown", c, n, why, sizeof(why)) == -1 && !why[0]);
}

/*
 * The record's words: every candidate, fastest first, the trials each
 * (and the candidates timed more), the ms, why the winner is not the
 * fastest where it is not, and the options that pin the winner, kept
 * whole however long the rest.
 */
static void test_reason(void)
{
	const struct ct_stream_cand c[] = {
		{ CT_ISA_SCALAR, CT_STREAM_LOOP_PLAIN },
		{ CT_ISA_AVX2, CT_STREAM_LOOP_PLAIN },
		{ CT_ISA_AVX2, CT_STREAM_LOOP_PREFETCH },
	};
	struct ct_stream_trials t[3];
	char buf[CT_STREAM_REASON_LEN], small[120];

	t[0] = trials(0, 3, 41.2, 41.0, 41.3);
	t[1] = trials(0, 3, 17.6, 17.6, 17.6);
	t[2] = trials(0, 3, 33.1, 33.1, 33.1);
	ct_stream_calibration_reason(c, t, 3, 0, NULL, 52.4, NULL, buf, sizeof(buf));
	printf("reason: %s\n", buf);
	CHECK(strcmp(buf, "calibrated: scalar 41.2, avx2/prefetch 33.1, avx2 17.6 GB/s, "
		     "3 trials each, 52 ms; --isa scalar --loop plain pins it") == 0);
	/* What each trial read: whole passes, or one window of the array. */
	t[0].bytes = t[1].bytes = t[2].bytes = 64ull << 20;
	ct_stream_calibration_reason(c, t, 3, 0, NULL, 52.4, NULL, buf, sizeof(buf));
	CHECK(strcmp(buf, "calibrated: scalar 41.2, avx2/prefetch 33.1, avx2 17.6 GB/s, "
		     "3 trials each of 64 MiB, 52 ms; --isa scalar --loop plain pins it") == 0);
	t[0].windowed = t[1].windowed = t[2].windowed = 1;
	ct_stream_calibration_reason(c, t, 3, 2, NULL, 125.2, NULL, buf, sizeof(buf));
	CHECK(strcmp(buf, "calibrated: scalar 41.2, avx2/prefetch 33.1, avx2 17.6 GB/s, "
		     "3 trials each over one 64 MiB window, 125 ms; avx2/prefetch kept: scalar not "
		     "faster by more than 3 % beyond the trials' noise (the fixed order); --isa "
		     "avx2 --loop prefetch pins it") == 0);
	/* Timed more: the most first, each count once, in the fixed order within it. */
	t[0] = made(41.2, 0.01, 27);
	t[1] = made(17.6, 0.01, 9);
	t[2] = made(33.1, 0.01, 27);
	t[0].bytes = t[1].bytes = t[2].bytes = 64ull << 20;
	ct_stream_calibration_reason(c, t, 3, 0, NULL, 80, NULL, buf, sizeof(buf));
	printf("reason: %s\n", buf);
	CHECK(strcmp(buf, "calibrated: scalar 41.2, avx2/prefetch 33.1, avx2 17.6 GB/s, "
		     "9 trials each of 64 MiB (scalar, avx2/prefetch 27), 80 ms; --isa scalar "
		     "--loop plain pins it") == 0);
	t[1] = made(17.6, 0.01, 45);
	ct_stream_calibration_reason(c, t, 3, 1, NULL, 80, NULL, buf, sizeof(buf));
	CHECK(strstr(buf, " 27 trials each of 64 MiB (avx2 45), 80 ms; avx2 kept: scalar not "));
	t[2] = made(33.1, 0.01, 35);
	ct_stream_calibration_reason(c, t, 3, 1, NULL, 80, NULL, buf, sizeof(buf));
	CHECK(strstr(buf, " 27 trials each of 64 MiB (avx2 45; avx2/prefetch 35), 80 ms; "));
	/* The prior's words for the fixed order's. */
	ct_stream_calibration_reason(c, t, 3, 2, "the rule", 52.4, NULL, buf, sizeof(buf));
	printf("reason: %s\n", buf);
	CHECK(strstr(buf, "; avx2/prefetch kept: scalar not faster by more than 3 % beyond the "
		     "trials' noise (the rule); --isa avx2 --loop prefetch pins it"));
	/* The fastest won: nothing to explain but the pin. */
	ct_stream_calibration_reason(c, t, 3, 0, "the rule", 52.4, NULL, buf, sizeof(buf));
	CHECK(strstr(buf, "ms; --isa scalar --loop plain pins it") && !strstr(buf, "kept"));
	/* Too long for its room: cut short, the pin whole at the end. */
	ct_stream_calibration_reason(c, t, 3, 2, NULL, 52.4, NULL, small, sizeof(small));
	printf("reason: %s\n", small);
	CHECK(strlen(small) == sizeof(small) - 1);
	CHECK(strcmp(small + strlen(small) - strlen("; --isa avx2 --loop prefetch pins it"),
		     "; --isa avx2 --loop prefetch pins it") == 0);
	/* A wrong sum: listed last, never the fastest to explain. */
	t[0].failed = 1;
	ct_stream_calibration_reason(c, t, 3, 2, NULL, 52.4, NULL, buf, sizeof(buf));
	CHECK(strstr(buf, "calibrated: avx2/prefetch 33.1, avx2 17.6, scalar wrong sum GB/s"));
	CHECK(!strstr(buf, "kept"));
	/* No winner: no pin. */
	ct_stream_calibration_reason(c, t, 3, -1, NULL, 52.4, NULL, buf, sizeof(buf));
	CHECK(!strstr(buf, "pins"));
}

/*
 * Windows only where no cache can hold the one a trial reads: the rest of
 * the array, beyond it, at least twice the largest cache; at least two
 * windows; never without a cache size.
 */
static void test_trial_window(void)
{
	const uint64_t M = 1ull << 20, W = CT_STREAM_TRIAL_BYTES;

	CHECK(ct_stream_trial_window(1920 * M, W, 480 * M) == W);	/* the default: 4 x L3 */
	CHECK(ct_stream_trial_window(960 * M + W, W, 480 * M) == W);	/* the edge */
	CHECK(ct_stream_trial_window(960 * M + W - CT_STREAM_BLOCK, W, 480 * M) == 0);
	CHECK(ct_stream_trial_window(600 * M, W, 480 * M) == 0);	/* mostly in L3 */
	CHECK(ct_stream_trial_window(2 * W, W, W / 2) == W);		/* two windows */
	CHECK(ct_stream_trial_window(2 * W - CT_STREAM_BLOCK, W, 1 * M) == 0);
	CHECK(ct_stream_trial_window(64 * W, W, 0) == 0);		/* no cache size */
	CHECK(ct_stream_trial_window(64 * W, 0, 32 * M) == 0);
	CHECK(ct_stream_trial_window(64 * W, W + 8, 32 * M) == 0);	/* not whole blocks */
	CHECK(ct_stream_trial_window(64 * M, CT_STREAM_TRIAL_BYTES_QUICK, 8 * M) ==
	      CT_STREAM_TRIAL_BYTES_QUICK);
}

/*
 * Trials over windows: each verified against its own window's references
 * (a wrong one fails a clean array), each window read in turn (a change
 * in the last window fails a candidate once the turns reach it, and the
 * array's tail, beyond the last whole window, is read by none); then an
 * array of two fill parts and a tail, verified whole.
 */
static void test_trials_windowed(void)
{
	struct ct_stream_cand c[CT_STREAM_CANDS_MAX];
	struct ct_stream_trials t[CT_STREAM_CANDS_MAX];
	struct ct_stream_ask ask = { -1, "", -1, "" };
	const uint64_t win = 64 << 10;
	struct ct_job k;
	struct ct_stream *s;
	size_t n, i, na, calls, turn;
	uint32_t *a;
	int failed;

	n = ct_stream_ask_candidates(&ask, c);
	CHECK(n >= 1);
	/* 8 windows of 64 KiB and a tail of 3 blocks. */
	s = ct_stream_new(CT_ISA_SCALAR, 8 * win + 3 * CT_STREAM_BLOCK, "unit test", CT_STREAM_QUICK,
			  &k);
	ct_stream_set_trial_window(s, win);
	a = ct_stream_data(s, &na);
	/* Enough turns for every window twice: each candidate makes 4 calls. */
	for (calls = 0; calls < 16; calls += 4 * n) {
		ct_stream_trial_cands(s, c, n, CT_STREAM_TRIALS, t);
		for (i = 0; i < n; i++) {
			CHECK(!t[i].failed && t[i].n == CT_STREAM_TRIALS);
			CHECK(t[i].bytes == win && t[i].windowed);
		}
	}
	/* The tail: no window's. */
	a[na - 1] ^= 0x10;
	for (calls = 0; calls < 16; calls += 4 * n) {
		ct_stream_trial_cands(s, c, n, CT_STREAM_TRIALS, t);
		for (i = 0; i < n; i++)
			CHECK(!t[i].failed);
	}
	a[na - 1] ^= 0x10;
	/* The last window's last word, and its first, each found within 8 turns. */
	for (turn = 0; turn < 2; turn++) {
		size_t at = turn ? 7 * win / 4 : 8 * win / 4 - 1;

		ct_stream_set_trial_window(s, win);
		a[at] += 1;
		for (calls = 0, failed = 0; calls < 8; calls += 4 * n) {
			ct_stream_trial_cands(s, c, n, CT_STREAM_TRIALS, t);
			for (i = 0; i < n; i++)
				failed |= t[i].failed;
		}
		CHECK(failed);
		a[at] -= 1;
	}
	/* Whole passes again: at least the trial's bytes, whole passes of the array. */
	ct_stream_set_trial_window(s, 0);
	ct_stream_trial_cands(s, c, n, CT_STREAM_TRIALS, t);
	for (i = 0; i < n; i++) {
		CHECK(!t[i].failed && !t[i].windowed);
		CHECK(t[i].bytes >= CT_STREAM_TRIAL_BYTES_QUICK && t[i].bytes % (8 * win + 3 * CT_STREAM_BLOCK) == 0);
	}
	ct_stream_free(s);

	/*
	 * The fill goes a trial's bytes at a time: an array of two and a
	 * tail, every candidate's whole passes verified against the
	 * references the parts added up to.
	 */
	s = ct_stream_new(CT_ISA_SCALAR, 2 * CT_STREAM_TRIAL_BYTES_QUICK + 3 * CT_STREAM_BLOCK,
			  "unit test", CT_STREAM_QUICK, &k);
	ct_stream_set_trial_window(s, 0);
	ct_stream_trial_cands(s, c, n, 1, t);
	for (i = 0; i < n; i++)
		CHECK(!t[i].failed && !t[i].windowed);
	/* One sequence through the parts, not one restarted in each (windows alike verify alike). */
	a = ct_stream_data(s, &na);
	CHECK(memcmp(a, a + CT_STREAM_TRIAL_BYTES_QUICK / 4, 4096) != 0);
	ct_stream_free(s);
}

/*
 * Every trial of the calibration is verified like a sample: over an array
 * with one value changed after the fill, every candidate fails; over the
 * clean array none does.  And what --isa, --loop, CT_ISA and
 * CT_STREAM_LOOP leave to calibrate.
 */
static void test_trials_verified(void)
{
	struct ct_stream_cand c[CT_STREAM_CANDS_MAX];
	struct ct_stream_trials t[CT_STREAM_CANDS_MAX];
	struct ct_stream_ask ask;
	struct ct_job k;
	struct ct_stream *s;
	char why[200];
	size_t n, i, na;
	uint32_t *a;
	int tied;

	unsetenv("CT_ISA");
	unsetenv("CT_STREAM_LOOP");
	CHECK(ct_stream_ask_from(NULL, CT_ISA_SCALAR, NULL, &ask, why, sizeof(why)) == 0);
	CHECK(ask.isa == -1 && ask.loop == -1);
	n = ct_stream_ask_candidates(&ask, c);
	CHECK(n >= 1);
	s = ct_stream_new(CT_ISA_SCALAR, 1 << 20, "unit test", CT_STREAM_QUICK, &k);
	ct_stream_trial_cands(s, c, n, CT_STREAM_TRIALS, t);
	for (i = 0; i < n; i++)
		CHECK(!t[i].failed && t[i].n == CT_STREAM_TRIALS && t[i].gbs[0] > 0);
	CHECK(ct_stream_decide(t, n, -1, &tied) >= 0);
	a = ct_stream_data(s, &na);
	a[na - 1] ^= 0x40;
	ct_stream_trial_cands(s, c, n, CT_STREAM_TRIALS, t);
	for (i = 0; i < n; i++)
		CHECK(t[i].failed);
	CHECK(ct_stream_decide(t, n, -1, &tied) == -1);
	a[na - 1] ^= 0x40;
	ct_stream_trial_cands(s, c, n, CT_STREAM_TRIALS, t);
	for (i = 0; i < n; i++)
		CHECK(!t[i].failed);
	ct_stream_free(s);

	/* Forcing: --isa and --loop, CT_ISA and CT_STREAM_LOOP, a bad loop name. */
	CHECK(ct_stream_ask_from("scalar", CT_ISA_SCALAR, NULL, &ask, why, sizeof(why)) == 0);
	CHECK(ask.isa == CT_ISA_SCALAR && strcmp(ask.isa_how, "--isa scalar") == 0);
	CHECK(ct_stream_ask_candidates(&ask, c) == 1);
	CHECK(ct_stream_ask_from("auto", CT_ISA_SCALAR, "plain", &ask, why, sizeof(why)) == 0);
	CHECK(ask.isa == -1 && ask.loop == CT_STREAM_LOOP_PLAIN);
	CHECK(strcmp(ask.loop_how, "--loop plain") == 0);
	setenv("CT_ISA", "scalar", 1);
	setenv("CT_STREAM_LOOP", "prefetch", 1);
	CHECK(ct_stream_ask_from(NULL, CT_ISA_SCALAR, NULL, &ask, why, sizeof(why)) == 0);
	CHECK(ask.isa == CT_ISA_SCALAR && strcmp(ask.isa_how, "CT_ISA=scalar") == 0);
	CHECK(ask.loop == CT_STREAM_LOOP_PREFETCH);
	CHECK(ct_stream_ask_candidates(&ask, c) == 0);	/* scalar has no prefetching loop */
	/* --isa auto overrides CT_ISA, as ct_isa_choose() has it. */
	CHECK(ct_stream_ask_from("auto", CT_ISA_SCALAR, NULL, &ask, why, sizeof(why)) == 0);
	CHECK(ask.isa == -1);
	setenv("CT_STREAM_LOOP", "fast", 1);
	CHECK(ct_stream_ask_from(NULL, CT_ISA_SCALAR, NULL, &ask, why, sizeof(why)) < 0);
	CHECK(strstr(why, "CT_STREAM_LOOP 'fast'") != NULL);
	unsetenv("CT_ISA");
	unsetenv("CT_STREAM_LOOP");
	CHECK(ct_stream_ask_from(NULL, CT_ISA_SCALAR, "prefetching", &ask, why, sizeof(why)) < 0);
	CHECK(strstr(why, "--loop 'prefetching'") != NULL);
}

static void corrupt_and_check(struct ct_job *k, uint32_t *a, size_t at,
			      const char *isa, const char *where)
{
	char why[512];
	uint32_t keep = a[at];

	a[at] += 1;
	why[0] = '\0';
	CHECK(k->verify(k->ctx, k->run(k->ctx), why, sizeof(why)) != 0);
	CHECK(strstr(why, "the sum is 0x") != NULL && strstr(why, "expected 0x") != NULL);
	printf("%s, value %s changed: %s\n", isa, where, why);
	a[at] = keep;
	CHECK(k->verify(k->ctx, k->run(k->ctx), why, sizeof(why)) == 0);
}

int main(void)
{
	int i, tested = 0;
	struct ct_caches c;
	uint64_t top_bytes;
	char reason[160], why[128];
	uint64_t def;

	for (i = 0; i < CT_ISA_COUNT; i++) {
		enum ct_isa isa = (enum ct_isa)i;
		struct ct_job k, sk;
		struct sabotage sab;
		struct ct_harness h = { .reps = 3, .settle_ns = 0, .bracket_adds = 1000 };
		struct ct_series ser;
		struct ct_stream *s;
		uint32_t *a;
		size_t n;

		if (!ct_isa_usable(isa))
			continue;
		tested++;
		CHECK(ct_stream_desc(isa) != NULL);
		/*
		 * 64 KiB + 256: an odd number of blocks, so a kernel that
		 * reads two blocks per iteration and drops the last one is
		 * caught at the end of the array.
		 */
		s = ct_stream_new(isa, 65536 + CT_STREAM_BLOCK, "unit test", CT_STREAM_QUICK, &k);
		a = ct_stream_data(s, &n);
		CHECK(n * sizeof(uint32_t) == 65536 + CT_STREAM_BLOCK);
		CHECK(field_num(&k, "size_bytes") == 65536 + CT_STREAM_BLOCK);
		/* 16 MiB / (64 KiB + a block), rounded up */
		CHECK(field_num(&k, "passes") ==
		      (double)((CT_STREAM_CALL_BYTES_QUICK + 65536 + CT_STREAM_BLOCK - 1) /
			       (65536 + CT_STREAM_BLOCK)));
		CHECK(k.work == (65536.0 + CT_STREAM_BLOCK) * field_num(&k, "passes"));
		CHECK(k.per_cycle_unit && strcmp(k.per_cycle_unit, "byte/cycle") == 0);
		CHECK(strcmp(k.unit, "GB/s") == 0);

		/* Clean: verifies, again and again. */
		CHECK(k.verify(k.ctx, k.run(k.ctx), why, sizeof(why)) == 0);
		CHECK(k.verify(k.ctx, k.run(k.ctx), why, sizeof(why)) == 0);

		/* One value changed at the start, the middle, the last one. */
		corrupt_and_check(&k, a, 0, ct_isa_name(isa), "0");
		corrupt_and_check(&k, a, n / 2 + 3, ct_isa_name(isa), "n/2+3");
		corrupt_and_check(&k, a, n - 1, ct_isa_name(isa), "n-1");

		/* Through the harness: the sample is named. */
		sab.real = k;
		sab.calls = 0;
		sk = k;
		sk.run = sabotaged_run;
		sk.verify = sabotaged_verify;
		sk.ctx = &sab;
		{
			char hwhy[512];

			CHECK(ct_harness_run(&h, &sk, 1, &ser, hwhy, sizeof(hwhy)) < 0);
			/* Call 1 is the warm-up, call 3 the second sample. */
			CHECK(strstr(hwhy, "sample 2 of stream") != NULL);
			printf("%s, changed mid-run: %s\n", ct_isa_name(isa), hwhy);
		}
		ct_series_free(&ser, 1);
		ct_stream_free(s);
	}
	CHECK(tested >= 1);
	check_rules();
	test_versus();
	test_decide();
	test_undecided();
	test_decide_recorded();
	test_timing_order(1);
	test_timing_order(0);
	test_licence();
	test_candidates();
	test_xor_ref();
	test_prior_for();
	test_reason();
	test_trials_verified();
	test_trial_window();
	test_trials_windowed();

	/* Every ISA over one shared array: one sum. */
	{
		struct ct_job k[CT_ISA_COUNT];
		struct ct_stream *s[CT_ISA_COUNT];
		const char *sum0 = NULL;
		int ns = 0;

		for (i = 0; i < CT_ISA_COUNT; i++) {
			if (!ct_isa_usable((enum ct_isa)i))
				continue;
			s[ns] = ns == 0 ? ct_stream_new((enum ct_isa)i, 1 << 20, NULL, CT_STREAM_QUICK, &k[ns]) :
				ct_stream_share(s[0], (enum ct_isa)i, &k[ns]);
			CHECK(k[ns].verify(k[ns].ctx, k[ns].run(k[ns].ctx), why, sizeof(why)) == 0);
			if (!sum0)
				sum0 = field_str(&k[ns], "checksum");
			CHECK(strcmp(sum0, field_str(&k[ns], "checksum")) == 0);
			printf("%s over the shared array: %s\n", ct_isa_name((enum ct_isa)i),
			       field_str(&k[ns], "checksum"));
			ns++;
		}
		while (ns-- > 0)
			ct_stream_free(s[ns]);
	}

	/* The default: at least 64 MiB and 4 x the largest cache reported. */
	def = ct_stream_default_size(NULL, 0, reason, sizeof(reason));
	printf("default size %" PRIu64 ": %s\n", def, reason);
	CHECK(def >= CT_STREAM_FLOOR_BYTES);
	CHECK(def % CT_STREAM_BLOCK == 0);
	if (ct_caches_read(NULL, &c) == 0) {
		int top = ct_caches_largest(&c, &top_bytes);

		printf("largest cache: L%d, %" PRIu64 " bytes (%s)\n", top, top_bytes, c.where);
		CHECK(top >= 1 && top_bytes > 0);
		CHECK(def >= CT_STREAM_CACHE_FACTOR * top_bytes);
		CHECK(strstr(reason, "largest cache") != NULL);
		/* A guess exactly when a level up to L3 is unknown. */
		CHECK(!strstr(reason, "a guess") == (c.level[1].source && c.level[2].source &&
						     c.level[3].source));
	} else {
		CHECK(def == CT_STREAM_FLOOR_BYTES && strstr(reason, "a guess: no cache size"));
	}
	CHECK(ct_stream_default_size(NULL, 1, reason, sizeof(reason)) == CT_STREAM_QUICK_BYTES);
	CHECK(strncmp(reason, "QUICK", 5) == 0);

	/* Sizes: the smallest, zero, more than the memory. */
	CHECK(ct_stream_size_ok(CT_STREAM_MIN_BYTES, why, sizeof(why)) == 0);
	CHECK(ct_stream_size_ok(CT_STREAM_MIN_BYTES - 1, why, sizeof(why)) < 0);
	CHECK(ct_stream_size_ok(0, why, sizeof(why)) < 0);
	CHECK(ct_stream_size_ok(UINT64_MAX, why, sizeof(why)) < 0);
	if (ct_os_mem_bytes() > 0)
		CHECK(ct_stream_size_ok(ct_os_mem_bytes() + 1, why, sizeof(why)) < 0);
	return unit_done();
}
