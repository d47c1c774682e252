/*
 * fuzz-cpuset - the cpulist parser (ct_cpuset_parse), which reads sysfs
 * files, Cpus_allowed_list and the -c/--cpu options.  An accepted list
 * formats back to a list that parses to the same set; a rejected one has
 * a reason; a format into a short buffer stays inside it and is either
 * the whole list or marked cut with "..." (never a shorter, valid list).
 */
#include "config.h"

#include "fuzz.h"

/* Large enough for any set: 8192 ids of at most 4 digits and a comma. */
static char full[CT_CPUSET_MAX * 5 + 1];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ct_cpuset s, again;
	const char *why = NULL;
	char *text = fuzz_cstr(data, size), *small;
	size_t len, n;

	if (ct_cpuset_parse(text, &s, &why) < 0) {
		FUZZ_ASSERT(why != NULL && why[0] != '\0');
		free(text);
		return 0;
	}
	ct_cpuset_format(&s, full, sizeof(full));
	n = strlen(full);
	FUZZ_ASSERT(n < sizeof(full) - 1);
	FUZZ_ASSERT(ct_cpuset_parse(full, &again, &why) == 0);
	FUZZ_ASSERT(ct_cpuset_equal(&s, &again));
	FUZZ_ASSERT(ct_cpuset_count(&s) == ct_cpuset_count(&again));
	FUZZ_ASSERT(ct_cpuset_empty(&s) == (n == 0));
	/* A caller's short buffer: 1 to 16 bytes, chosen by the input. */
	len = size ? (size_t)data[0] % 16 + 1 : 1;
	small = malloc(len);
	ct_cpuset_format(&s, small, len);
	FUZZ_ASSERT(strlen(small) < len);
	/* Cut: "..." at the end, or only dots where "..." does not fit. */
	if (strcmp(small, full) != 0) {
		n = strlen(small);
		if (len >= 4)
			FUZZ_ASSERT(n >= 3 && strcmp(small + n - 3, "...") == 0);
		else
			FUZZ_ASSERT(n == len - 1 && strspn(small, ".") == n);
	}
	free(small);
	free(text);
	return 0;
}
