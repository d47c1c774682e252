/*
 * platform/isa.c - which kernel ISA runs: compiled in (configure), supported here
 * (ct_cpu_isa_mask()), chosen once.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "platform/isa.h"

static const char *const names[CT_ISA_COUNT] = {
	[CT_ISA_SCALAR] = "scalar",
	[CT_ISA_AVX2] = "avx2",
	[CT_ISA_AVX512] = "avx512",
	[CT_ISA_NEON] = "neon",
};

/* Widest first: the order auto tries them in. */
static const enum ct_isa preference[] = {
	CT_ISA_AVX512, CT_ISA_AVX2, CT_ISA_NEON, CT_ISA_SCALAR,
};

const char *ct_isa_name(enum ct_isa isa)
{
	return (unsigned)isa < CT_ISA_COUNT ? names[isa] : "?";
}

int ct_isa_from_name(const char *name, enum ct_isa *isa)
{
	int i;

	for (i = 0; i < CT_ISA_COUNT; i++)
		if (strcmp(name, names[i]) == 0) {
			*isa = (enum ct_isa)i;
			return 0;
		}
	return -1;
}

int ct_isa_compiled(enum ct_isa isa)
{
	switch (isa) {
	case CT_ISA_SCALAR:
		return 1;
	case CT_ISA_AVX2:
#if CT_HAVE_AVX2
		return 1;
#else
		return 0;
#endif
	case CT_ISA_AVX512:
#if CT_HAVE_AVX512
		return 1;
#else
		return 0;
#endif
	case CT_ISA_NEON:
#if CT_HAVE_NEON
		return 1;
#else
		return 0;
#endif
	default:
		return 0;
	}
}

static unsigned cpu_mask(void)
{
	static int done;
	static unsigned mask;

	if (!done) {
		mask = ct_cpu_isa_mask();
		done = 1;
	}
	return mask;
}

int ct_isa_usable(enum ct_isa isa)
{
	return ct_isa_compiled(isa) && (cpu_mask() >> isa & 1);
}

enum ct_isa ct_isa_best(void)
{
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(preference); i++)
		if (ct_isa_usable(preference[i]))
			return preference[i];
	return CT_ISA_SCALAR;
}

enum ct_isa ct_isa_choose(const char *req)
{
	const char *from = "--isa";
	enum ct_isa isa;

	if (!req) {
		req = getenv("CT_ISA");
		from = "CT_ISA";
		if (!req || !*req)
			req = "auto";
	}
	if (strcmp(req, "auto") == 0)
		return ct_isa_best();
	if (ct_isa_from_name(req, &isa) < 0)
		ct_usage_error("invalid %s '%s': use auto, avx512, avx2, neon or scalar",
			       from, req);
	if (!ct_isa_compiled(isa)) {
		fprintf(stderr, "%s: ISA '%s' was not built into this %s binary\n",
			ct_progname(), req, CT_ARCH_NAME);
		exit(CT_EXIT_NOISA);
	}
	if (!ct_isa_usable(isa)) {
		fprintf(stderr, "%s: ISA '%s' cannot run on this cpu (or the OS does not enable it)\n",
			ct_progname(), req);
		exit(CT_EXIT_NOISA);
	}
	return isa;
}

char *ct_isa_summary(char *buf, size_t len)
{
	size_t used = 0;
	int pass, i;

	buf[0] = '\0';
	for (pass = 0; pass < 2; pass++) {
		used += (size_t)snprintf(buf + used, len - used, pass ? " (usable:" : "compiled:");
		for (i = 0; i < CT_ISA_COUNT && used < len; i++) {
			enum ct_isa isa = (enum ct_isa)i;

			if (pass ? ct_isa_usable(isa) : ct_isa_compiled(isa))
				used += (size_t)snprintf(buf + used, len - used, " %s", names[i]);
		}
		if (used >= len)
			break;
	}
	if (used < len)
		snprintf(buf + used, len - used, ")");
	return buf;
}
