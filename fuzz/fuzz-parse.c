/*
 * fuzz-parse - the number and size parsers (ct_parse_u64, ct_parse_size)
 * behind every numeric option, environment value and sysfs number,
 * against a second, independent reading of what the man pages promise:
 * decimal digits only, no sign, no space, no overflow; sizes with an
 * optional K, M, G or T (B, KB/KiB...; any case) suffix, binary multiples.
 */
#include "config.h"

#include <ctype.h>
#include <strings.h>

#include "core/parse.h"
#include "fuzz.h"

/* The digits at the start of s: their count, and the value unless it overflowed. */
static size_t digits(const char *s, uint64_t *v, int *overflow)
{
	size_t i;

	*v = 0;
	*overflow = 0;
	for (i = 0; s[i] >= '0' && s[i] <= '9'; i++)
		if (__builtin_mul_overflow(*v, 10, v) ||
		    __builtin_add_overflow(*v, (uint64_t)(s[i] - '0'), v))
			*overflow = 1;
	return i;
}

static int suffix_shift(const char *s)
{
	static const char *const names[] = { "", "B", "K", "KB", "KiB", "M", "MB", "MiB",
					     "G", "GB", "GiB", "T", "TB", "TiB" };
	static const int shift[] = { 0, 0, 10, 10, 10, 20, 20, 20, 30, 30, 30, 40, 40, 40 };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcasecmp(s, names[i]) == 0)
			return shift[i];
	return -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_cstr(data, size);
	const char *why = NULL;
	uint64_t v, want, got = 0;
	size_t n;
	int overflow, shift, ok;

	n = digits(s, &want, &overflow);

	/* Integers: exactly the all-digit strings that fit. */
	ok = n > 0 && s[n] == '\0' && !overflow;
	if (ct_parse_u64(s, 0, UINT64_MAX, &got, &why) == 0) {
		FUZZ_ASSERT(ok && got == want);
		/* The bounds are inclusive, and checked. */
		FUZZ_ASSERT(ct_parse_u64(s, got, got, &v, &why) == 0 && v == got);
		if (got < UINT64_MAX)
			FUZZ_ASSERT(ct_parse_u64(s, got + 1, UINT64_MAX, &v, &why) < 0);
		if (got > 0)
			FUZZ_ASSERT(ct_parse_u64(s, 0, got - 1, &v, &why) < 0);
	} else {
		FUZZ_ASSERT(!ok && why && why[0]);
	}

	/* Sizes: digits, a known suffix, a product that fits. */
	shift = n > 0 ? suffix_shift(s + n) : -1;
	ok = shift >= 0 && !overflow && (shift == 0 || want <= (UINT64_MAX >> shift));
	why = NULL;
	if (ct_parse_size(s, 0, UINT64_MAX, &got, &why) == 0) {
		FUZZ_ASSERT(ok && got == want << shift);
		FUZZ_ASSERT(ct_parse_size(s, got, got, &v, &why) == 0 && v == got);
		if (got < UINT64_MAX)
			FUZZ_ASSERT(ct_parse_size(s, got + 1, UINT64_MAX, &v, &why) < 0);
	} else {
		FUZZ_ASSERT(!ok && why && why[0]);
	}
	free(s);
	return 0;
}
