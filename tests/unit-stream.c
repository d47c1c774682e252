/*
 * unit-stream.c - the stream kernels' verification catches what it must:
 * for every usable ISA, a clean call verifies and every ISA sums the same
 * array to the same value; one value changed at the start, in the middle
 * or at the very end of the array (a kernel that skips its last block),
 * or changed in the middle of a run, fails, with the sample and both sums
 * named.  These are the shipped kernels and the shipped verifier,
 * corrupted from outside: no switch in the tool.  Also the default size
 * against what the OS reports, and the size checks; and every compiled
 * kernel's description holds together as a stream kernel's must.
 */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "ct/common.h"
#include "ct/harness.h"
#include "ct/isa.h"
#include "ct/os.h"
#include "ct/stream.h"
#include "unit.h"

/* A kernel whose array gets one value changed before its third call. */
struct sabotage {
	struct ct_kernel real;
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

static const char *field_str(const struct ct_kernel *k, const char *key)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (strcmp(k->fields[i].key, key) == 0)
			return k->fields[i].str;
	return NULL;
}

static double field_num(const struct ct_kernel *k, const char *key)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (strcmp(k->fields[i].key, key) == 0)
			return k->fields[i].num;
	return -2;
}

/* Change a[at], check that the verifier fails and says so, restore it. */
/* The sum of the 64-bit words, as every kernel must return it. */
static uint64_t words_sum(const uint32_t *a, size_t n)
{
	const uint64_t *w = (const void *)a;
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < n / 2; i++)
		sum += w[i];
	return sum;
}

/*
 * The plain and the prefetching loop of isa over a (n 32-bit values), one
 * pass and three: the passes are the kernel's own loop, its accumulators
 * carried across them, so three passes must sum to three times one.
 */
static void check_loops(enum ct_isa isa, uint32_t *a, size_t n)
{
	const uint64_t *w = (const void *)a;
	uint64_t want = words_sum(a, n), p;

	for (p = 1; p <= 3; p += 2) {
		switch (isa) {
		case CT_ISA_SCALAR:
			CHECK(ct_stream_scalar(w, n / 2, p) == p * want);
			break;
#if CT_HAVE_AVX2
		case CT_ISA_AVX2:
			CHECK(ct_stream_avx2(w, n / 2, p) == p * want);
			CHECK(ct_stream_avx2_pf(w, n / 2, p) == p * want);
			break;
#endif
#if CT_HAVE_AVX512
		case CT_ISA_AVX512:
			CHECK(ct_stream_avx512(w, n / 2, p) == p * want);
			CHECK(ct_stream_avx512_pf(w, n / 2, p) == p * want);
			CHECK(ct_stream_avx512_short(w, n / 2, p) == p * want);
			break;
#endif
#if CT_HAVE_NEON
		case CT_ISA_NEON:
			CHECK(ct_stream_neon(w, n / 2, p) == p * want);
			break;
#endif
		default:
			CHECK(0);
		}
	}
}

/* The level of a size, the prefetch rule in the caches, the ISA rule. */
static void check_rules(void)
{
	struct ct_stream_caches c = { { 0, 32 << 10, 1 << 20, 36u << 20 } }, none = { { 0 } };
	char reason[200];
	enum ct_isa isa;
	int i;

	CHECK(strcmp(ct_stream_level(16 << 10, &c), "L1") == 0);
	CHECK(strcmp(ct_stream_level(32 << 10, &c), "L1") == 0);
	CHECK(strcmp(ct_stream_level((32 << 10) + 512, &c), "L2") == 0);
	CHECK(strcmp(ct_stream_level(1 << 20, &c), "L2") == 0);
	CHECK(strcmp(ct_stream_level(8 << 20, &c), "L3") == 0);
	CHECK(strcmp(ct_stream_level(64 << 20, &c), "memory") == 0);
	CHECK(strcmp(ct_stream_level(16 << 10, &none), "memory") == 0);
	for (i = 0; i < CT_ISA_COUNT; i++) {
		const struct ct_kernel_desc *d = ct_stream_desc((enum ct_isa)i);

		if (!d)
			continue;
		/* In L1 and L2 a prefetch only takes load slots: never. */
		CHECK(ct_stream_prefetch_rule((enum ct_isa)i, "L1", reason, sizeof(reason)) == 0);
		CHECK(strncmp(reason, "none", 4) == 0);
		CHECK(ct_stream_prefetch_rule((enum ct_isa)i, "L2", reason, sizeof(reason)) == 0);
		/* Beyond, a distance only where there is a loop for it. */
		if (!d->fn_pf)
			CHECK(ct_stream_prefetch_rule((enum ct_isa)i, "memory", reason,
						      sizeof(reason)) == 0);
		else if (ct_stream_prefetch_rule((enum ct_isa)i, "memory", reason, sizeof(reason)))
			CHECK(strstr(reason, "bytes") != NULL);
		printf("%s in memory: prefetch %s\n", ct_isa_name((enum ct_isa)i), reason);
	}
	isa = ct_stream_isa_rule("memory", reason, sizeof(reason));
	CHECK(ct_isa_usable(isa));
	CHECK(strncmp(reason, "rule: ", 6) == 0);
	printf("default isa %s: %s\n", ct_isa_name(isa), reason);
	/* ct-stream's and ct-place's pick: the rule unless someone asked. */
	unsetenv("CT_ISA");
	CHECK(ct_stream_isa_pick(NULL, CT_ISA_SCALAR, "memory", reason, sizeof(reason)) == isa);
	CHECK(strncmp(reason, "rule: ", 6) == 0);
	CHECK(ct_stream_isa_pick("auto", CT_ISA_SCALAR, "memory", reason, sizeof(reason)) == isa);
	CHECK(ct_stream_isa_pick("scalar", CT_ISA_SCALAR, "memory", reason, sizeof(reason)) ==
	      CT_ISA_SCALAR);
	CHECK(strcmp(reason, "forced: --isa scalar") == 0);
	setenv("CT_ISA", "scalar", 1);
	CHECK(ct_stream_isa_pick(NULL, CT_ISA_SCALAR, "memory", reason, sizeof(reason)) ==
	      CT_ISA_SCALAR);
	CHECK(strcmp(reason, "forced: CT_ISA=scalar") == 0);
	/* --isa auto overrides CT_ISA, as ct_isa_choose() has it. */
	CHECK(ct_stream_isa_pick("auto", CT_ISA_SCALAR, "memory", reason, sizeof(reason)) == isa);
	unsetenv("CT_ISA");
}

/* The rule itself, on the cores it was measured on and the ones it was not. */
static void test_isa_rule_for(void)
{
	static const char *const levels[] = { "L1", "L2", "L3", "memory" };
	const struct ct_stream_cpu skx = { CT_VENDOR_INTEL, 6, 85 };
	const struct ct_stream_cpu emr = { CT_VENDOR_INTEL, 6, 207 };
	const struct ct_stream_cpu zen4 = { CT_VENDOR_AMD, 0x19, 0x11 };
	const struct ct_stream_cpu zen5 = { CT_VENDOR_AMD, 0x1a, 0x02 };
	const struct ct_stream_cpu arm = { CT_VENDOR_OTHER, 0, 0 };
	const unsigned x86 = 1u << CT_ISA_SCALAR | 1u << CT_ISA_AVX2 | 1u << CT_ISA_AVX512;
	const unsigned no512 = 1u << CT_ISA_SCALAR | 1u << CT_ISA_AVX2;
	const unsigned only512 = 1u << CT_ISA_SCALAR | 1u << CT_ISA_AVX512;
	char reason[256];
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(levels); i++) {
		int l3 = i == 2;

		/* Skylake-SP: the licence; avx2 in L3, avx512 in L1, L2 and memory. */
		CHECK(ct_stream_isa_rule_for(&skx, x86, levels[i], reason, sizeof(reason)) ==
		      (l3 ? CT_ISA_AVX2 : CT_ISA_AVX512));
		CHECK(strstr(reason, levels[i]) != NULL);
		/* ... but never an ISA that is not usable. */
		CHECK(ct_stream_isa_rule_for(&skx, only512, levels[i], reason, sizeof(reason)) ==
		      CT_ISA_AVX512);
		CHECK(ct_stream_isa_rule_for(&skx, no512, levels[i], reason, sizeof(reason)) ==
		      CT_ISA_AVX2);
		/* Emerald Rapids: avx512 everywhere; Zen 4: avx2 everywhere. */
		CHECK(ct_stream_isa_rule_for(&emr, x86, levels[i], reason, sizeof(reason)) ==
		      CT_ISA_AVX512);
		CHECK(ct_stream_isa_rule_for(&zen4, x86, levels[i], reason, sizeof(reason)) ==
		      CT_ISA_AVX2);
		CHECK(strstr(reason, "Zen 4") != NULL);
		/* Unmeasured cores: the widest usable. */
		CHECK(ct_stream_isa_rule_for(&zen5, x86, levels[i], reason, sizeof(reason)) ==
		      CT_ISA_AVX512);
		CHECK(ct_stream_isa_rule_for(&arm, 1u << CT_ISA_SCALAR | 1u << CT_ISA_NEON, levels[i],
					     reason, sizeof(reason)) == CT_ISA_NEON);
		CHECK(ct_stream_isa_rule_for(&arm, 1u << CT_ISA_SCALAR, levels[i], reason,
					     sizeof(reason)) == CT_ISA_SCALAR);
		CHECK(strncmp(reason, "rule: ", 6) == 0);
	}
}

/*
 * The loop rule: the short loop only where it was measured (Skylake-SP,
 * beyond L1) and only for a kernel that has one; the reason names the
 * loads an iteration of the loop chosen.
 */
static void test_loop_rule_for(void)
{
	static const char *const levels[] = { "L1", "L2", "L3", "memory" };
	const struct ct_stream_cpu skx = { CT_VENDOR_INTEL, 6, 85 };
	const struct ct_stream_cpu emr = { CT_VENDOR_INTEL, 6, 207 };
	const struct ct_stream_cpu zen4 = { CT_VENDOR_AMD, 0x19, 0x11 };
	char reason[256], want[32];
	size_t i;
	int isa;

	for (isa = 0; isa < CT_ISA_COUNT; isa++) {
		const struct ct_kernel_desc *d = ct_stream_desc((enum ct_isa)isa);

		if (!d)
			continue;
		for (i = 0; i < CT_ARRAY_SIZE(levels); i++) {
			int s = ct_stream_loop_rule_for(&skx, (enum ct_isa)isa, levels[i], reason,
							sizeof(reason));

			CHECK(s == (d->fn_short != NULL && i > 0));
			snprintf(want, sizeof(want), "%u loads an iteration", s ? d->short_loads : d->loads);
			CHECK(strncmp(reason, want, strlen(want)) == 0);
			CHECK(!ct_stream_loop_rule_for(&emr, (enum ct_isa)isa, levels[i], reason,
						       sizeof(reason)));
			CHECK(!ct_stream_loop_rule_for(&zen4, (enum ct_isa)isa, levels[i], reason,
						       sizeof(reason)));
		}
	}
}

/*
 * What a stream kernel's description must satisfy whatever the kernel:
 * its iterations tile a block, its loads make its bytes, every 64-bit
 * word loaded is added once into a lane of an accumulator, and a
 * prefetching loop prefetches every line of an iteration once.
 */
static void description(enum ct_isa isa)
{
	const struct ct_kernel_desc *d = ct_stream_desc(isa);

	CHECK(ct_isa_compiled(isa) == (d != NULL));
	if (!d)
		return;
	CHECK(strcmp(d->kernel, "stream") == 0 && strcmp(d->isa, ct_isa_name(isa)) == 0);
	CHECK(d->fn.stream != NULL && d->symbol && d->insn && d->binds);
	CHECK(d->accumulators >= 1 && d->lanes >= 1 && d->loads >= 1 && d->bytes >= 1);
	CHECK(CT_STREAM_BLOCK % d->bytes == 0);
	CHECK(d->bytes == d->loads * d->load_bytes);
	CHECK(d->ops * d->lanes * 8 == d->bytes);
	CHECK(d->flops == 0);
	CHECK((d->fn_pf != NULL) == (d->prefetches > 0) && (d->fn_pf != NULL) == (d->symbol_pf != NULL));
	if (d->fn_pf)
		CHECK(d->prefetches * 64 == d->bytes);
	/* The short loop: fewer of the same loads an iteration, tiling a block. */
	CHECK((d->fn_short != NULL) == (d->short_loads > 0) &&
	      (d->fn_short != NULL) == (d->symbol_short != NULL));
	if (d->fn_short)
		CHECK(d->short_loads < d->loads && d->bytes % (d->short_loads * d->load_bytes) == 0);
	if (!(d->flags & CT_KERNEL_AS_COMPILED))
		CHECK(d->mnemonic && d->mnemonic[0] && d->reg && d->reg[0]);
	printf("%s: %u accumulators of %u lanes, %u loads of %u bytes an iteration\n", d->isa,
	       d->accumulators, d->lanes, d->loads, d->load_bytes);
}

static void corrupt_and_check(struct ct_kernel *k, uint32_t *a, size_t at,
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
	struct ct_os_cache c;
	char reason[160], why[128];
	uint64_t def;

	for (i = 0; i < CT_ISA_COUNT; i++)
		description((enum ct_isa)i);
	for (i = 0; i < CT_ISA_COUNT; i++) {
		enum ct_isa isa = (enum ct_isa)i;
		struct ct_kernel k, sk;
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
		/* Both loops, whichever the rule picked, return the sum of the words. */
		check_loops(isa, a, n);

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
	test_isa_rule_for();
	test_loop_rule_for();

	/* Every ISA over one shared array: one sum. */
	{
		struct ct_kernel k[CT_ISA_COUNT];
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
	if (ct_os_largest_cache(NULL, &c) == 0) {
		printf("largest cache: L%d, %" PRIu64 " bytes (%s)\n", c.level, c.bytes, c.where);
		CHECK(c.level >= 1 && c.bytes > 0);
		CHECK(def >= CT_STREAM_CACHE_FACTOR * c.bytes);
		CHECK(strstr(reason, "largest cache") != NULL);
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
