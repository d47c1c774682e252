/*
 * workloads/stream-prefs.c - the per-model stream preferences: what
 * earlier measurements know that a few trials of a few ms cannot resolve,
 * which of two candidates within each other's noise was found faster on a
 * quiet machine, over 31-41 interleaved medians.  The preferred candidate
 * is the tournament's first incumbent (ct_stream_decide's preferred),
 * which another takes the place of only where surely faster by more than
 * the margin: never against the numbers.
 *
 * One row a model: the core (CPUID's vendor, display family and model),
 * the levels the row holds at (only known ones: "unknown" may be any of
 * them), the reader preferred, the words the reason gives, and the
 * measurement that justified it (its commit and figures).  A new row
 * needs a measurement of its own; nothing on AMD: the Zen 4 rule ("avx2
 * at every level") was measured on an earlier kernel and is 2x off with
 * today's (issue 21).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/common.h"
#include "workloads/stream.h"

/* The levels a row holds at. */
enum {
	LV_L1 = 1u << 0, LV_L2 = 1u << 1, LV_L3 = 1u << 2, LV_MEMORY = 1u << 3
};

struct stream_pref {
	enum ct_cpu_vendor vendor;
	unsigned family, model;
	unsigned levels;		/* LV_* */
	enum ct_isa isa;		/* the reader preferred */
	enum ct_stream_loop loop;
	const char *cpu;		/* the model's name, in the reason */
	const char *reader;		/* the reader, in the reason */
	const char *provenance;		/* the measurement that justified it */
};

static const struct stream_pref prefs[] = {
	/*
	 * Skylake-SP, Cascade Lake, Cooper Lake: 512-bit instructions lower
	 * these cores' clock licence, and in L3 the clock decides.
	 */
	{ CT_VENDOR_INTEL, 6, 85, LV_L3, CT_ISA_AVX2, CT_STREAM_LOOP_PLAIN,
	  "Skylake-SP", "its avx2 kernel",
	  "0873c2d: bench/stream.sh, 4 interleaved rounds on a quiet machine, 8 MiB: "
	  "avx2 18.0 against avx512 15.7 GB/s" },
	/* The same cores in L2 and from memory: a branch every four lines. */
	{ CT_VENDOR_INTEL, 6, 85, LV_L2 | LV_MEMORY, CT_ISA_AVX512, CT_STREAM_LOOP_SHORT,
	  "Skylake-SP", "the avx512 short loop",
	  "0e92139: in L2 1.00 of a bare load loop against 0.96-0.97 for the main loop, "
	  "from memory 1.03 against 1.01" },
	/* Sapphire Rapids and Emerald Rapids beyond L2. */
	{ CT_VENDOR_INTEL, 6, 143, LV_L3 | LV_MEMORY, CT_ISA_AVX512, CT_STREAM_LOOP_PREFETCH,
	  "Sapphire/Emerald Rapids", "the avx512 prefetching loop",
	  "768dc84: 1 GiB, 0.95-0.98 of a bare load loop against 0.80 without" },
	{ CT_VENDOR_INTEL, 6, 207, LV_L3 | LV_MEMORY, CT_ISA_AVX512, CT_STREAM_LOOP_PREFETCH,
	  "Sapphire/Emerald Rapids", "the avx512 prefetching loop",
	  "768dc84: 1 GiB, 0.95-0.98 of a bare load loop against 0.80 without" },
};

/* The LV_* of a level's name, 0 for "unknown" or any other. */
static unsigned level_bit(const char *level)
{
	static const char *const names[] = { "L1", "L2", "L3", "memory" };
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(names); i++)
		if (strcmp(level, names[i]) == 0)
			return 1u << i;
	return 0;
}

static const char *vendor_name(enum ct_cpu_vendor v)
{
	return v == CT_VENDOR_INTEL ? "Intel" : v == CT_VENDOR_AMD ? "AMD" : "?";
}

int ct_stream_prior_for(const struct ct_stream_cpu *id, const char *level,
			const struct ct_stream_cand *c, size_t n, char *why, size_t len)
{
	unsigned lv = level_bit(level);
	const struct stream_pref *p = NULL;
	size_t i;

	*why = '\0';
	for (i = 0; i < CT_ARRAY_SIZE(prefs) && !p; i++)
		if (prefs[i].vendor == id->vendor && prefs[i].family == id->family &&
		    prefs[i].model == id->model && (prefs[i].levels & lv))
			p = &prefs[i];
	if (!p)
		return -1;
	for (i = 0; i < n; i++)
		if (c[i].isa == p->isa && c[i].loop == p->loop) {
			snprintf(why, len, "%s family %u model %u (%s) in %s, where %s was measured "
				 "faster", vendor_name(p->vendor), p->family, p->model, p->cpu, level,
				 p->reader);
			return (int)i;
		}
	return -1;
}

void ct_stream_cpu_ident(struct ct_stream_cpu *id)
{
	struct ct_cpu_id c;

	ct_cpu_id_read(&c);
	id->vendor = c.vendor;
	id->family = c.family;
	id->model = c.model;
}
