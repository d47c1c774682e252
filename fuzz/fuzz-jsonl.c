/*
 * fuzz-jsonl - the JSON Lines reader (src/lib/records/jsonl.c) that ct-compare
 * reads runs with and the tests' checker (tests/jsonl-check) validates the
 * output contract with.  The input is one line.  Beyond not crashing: an
 * accepted line's members are terminated strings inside the parser's
 * buffer, their raw text inside the line, no key twice, and the line
 * re-parses the same; a refused one says why, at a column within it.
 */
#include "config.h"

#include <math.h>

#include "records/jsonl.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct ct_jobject o, again;
	char *line = malloc(size ? size : 1), why[128];
	size_t col = 0, i, j;

	if (!line)
		abort();
	memcpy(line, data, size);
	why[0] = '\0';
	/* Exactly size bytes: AddressSanitizer sees a read past the end. */
	if (ct_jsonl_parse(line, size, &o, why, sizeof(why), &col) < 0) {
		FUZZ_ASSERT(why[0] != '\0');
		FUZZ_ASSERT(col >= 1 && col <= size + 1);
		FUZZ_ASSERT(o.n == 0);
		free(line);
		return 0;
	}
	for (i = 0; i < o.n; i++) {
		const struct ct_jmember *m = &o.m[i];

		FUZZ_ASSERT(m->key >= o.buf && m->key < o.buf + o.bufcap);
		FUZZ_ASSERT(m->raw >= line && m->raw + m->rawlen <= line + size);
		FUZZ_ASSERT(m->rawlen > 0);
		if (m->type == CT_JSTR) {
			FUZZ_ASSERT(m->str >= o.buf && m->str + strlen(m->str) < o.buf + o.bufcap);
			FUZZ_ASSERT(m->raw[0] == '"' && m->raw[m->rawlen - 1] == '"');
		}
		if (m->type == CT_JNUM)
			FUZZ_ASSERT(isfinite(m->num));
		for (j = 0; j < i; j++)
			FUZZ_ASSERT(strcmp(o.m[j].key, m->key) != 0);
		FUZZ_ASSERT(ct_jobject_get(&o, m->key) == m);
	}
	FUZZ_ASSERT(ct_jsonl_parse(line, size, &again, why, sizeof(why), &col) == 0);
	FUZZ_ASSERT(again.n == o.n);
	for (i = 0; i < o.n; i++)
		FUZZ_ASSERT(strcmp(again.m[i].key, o.m[i].key) == 0 &&
			    again.m[i].type == o.m[i].type);
	free(line);
	return 0;
}
