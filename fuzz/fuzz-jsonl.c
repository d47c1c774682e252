/*
 * fuzz-jsonl - the JSON Lines checker of the test suite (tests/jsonl-check),
 * which decides whether the tools' JSON output keeps the contract of
 * coretype(7): a checker that crashes or loops on odd input would let a
 * broken record pass.  Its parser is static, so the file is compiled in
 * here with its main() renamed.  The input is one line.
 */
#include "config.h"

#define main jsonl_check_main
int jsonl_check_main(int argc, char **argv);
#include "../tests/jsonl-check.c"
#undef main

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = fuzz_cstr(data, size);
	int rc;

	/* What main() does with each line, with -r summary -f isa. */
	p = line;
	nmembers = 0;
	ws();
	rc = *p == '{' ? object(0) : -1;
	/*
	 * The parser never reads past the string's end (AddressSanitizer
	 * watches the copy's exact size); on an error it may stop one past
	 * the NUL it rejected, on success it stops inside the string.
	 */
	FUZZ_ASSERT(p >= line && p <= line + strlen(line) + (rc != 0));
	if (rc == 0) {
		const struct member *r, *m;

		ws();
		r = find("record");
		if (!*p && r && r->is_str) {
			FUZZ_ASSERT(r->len >= 2 && r->val[0] == '"' && r->val[r->len - 1] == '"');
			if (strncmp(r->val + 1, "summary", r->len - 2) == 0 && r->len - 2 == 7 &&
			    (m = find("isa")) != NULL)
				FUZZ_ASSERT(m->val >= line && m->val + m->len <= line + strlen(line));
		}
	}
	free(line);
	return 0;
}
