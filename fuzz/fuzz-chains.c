/*
 * fuzz-chains - ct-latency's --chains list (ct_latency_chains_parse):
 * an accepted list starts with 1, ascends strictly, every count 1 to
 * CT_LATENCY_CHAINS_MAX, at most CT_LATENCY_CHAINS_LIST_MAX of them, and
 * every count but the leading 1 is one the text names (a number, or a
 * power of two inside a range it names); a refused one says so in a
 * message naming --chains.
 */
#include "config.h"

#include "workloads/latency.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_cstr(data, size), why[4096];
	unsigned c[CT_LATENCY_CHAINS_LIST_MAX];
	int n, i;

	why[0] = '\0';
	n = ct_latency_chains_parse(s, c, why, sizeof(why));
	if (n < 0) {
		FUZZ_ASSERT(strncmp(why, "invalid --chains '", 18) == 0);
	} else {
		FUZZ_ASSERT(n >= 1 && n <= CT_LATENCY_CHAINS_LIST_MAX && c[0] == 1);
		for (i = 1; i < n; i++)
			FUZZ_ASSERT(c[i] > c[i - 1] && c[i] <= CT_LATENCY_CHAINS_MAX);
		/* Digits, commas and the dots of ranges only. */
		for (i = 0; s[i]; i++)
			FUZZ_ASSERT((s[i] >= '0' && s[i] <= '9') || s[i] == ',' || s[i] == '.');
	}
	free(s);
	return 0;
}
