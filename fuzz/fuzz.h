/*
 * fuzz.h - shared by the libFuzzer harnesses (make fuzz).  Each harness
 * feeds one parser of outside text, then checks what the parser promises
 * beyond not crashing: an error always comes with a message naming the
 * input, and an accepted input gives facts the rules and queries can use
 * (every usable cpu classified, every description a terminated string in
 * its buffer).  A broken promise aborts, which libFuzzer reports as a crash.
 */
#ifndef CT_FUZZ_H
#define CT_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpuset.h"
#include "machine/topo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define FUZZ_ASSERT(cond)                                                     \
	do {                                                                  \
		if (!(cond)) {                                                \
			fprintf(stderr, "%s:%d: broken promise: %s\n",        \
				__FILE__, __LINE__, #cond);                   \
			abort();                                              \
		}                                                             \
	} while (0)

/* The input as a C string (parsers of text stop at a NUL, as they would). */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/*
 * The input as a FILE for the ct_topo_parse_* readers.  fmemopen reads the
 * bytes as they are, NULs included; an empty input is an empty file.
 */
static inline FILE *fuzz_file(const uint8_t *data, size_t size, char **copy)
{
	FILE *f;

	*copy = malloc(size + 1);
	if (!*copy)
		abort();
	memcpy(*copy, data, size);
	f = size ? fmemopen(*copy, size, "r") : fopen("/dev/null", "r");
	if (!f) {
		perror("fmemopen");
		abort();
	}
	return f;
}

/* A failed parse must say why, naming the file it read. */
static inline void fuzz_check_why(const char *why, const char *name)
{
	FUZZ_ASSERT(why[0] != '\0');
	if (name)
		FUZZ_ASSERT(strncmp(why, name, strlen(name)) == 0);
}

/*
 * A classified topology, as ct-place uses it: every usable cpu has a kind
 * and a rank below nranks, and every query and description works on it.
 * Descriptions go to buffers of the exact length given, on the heap, so a
 * write past the end is AddressSanitizer's to see.
 */
static inline void fuzz_use_topo(const struct ct_topo *t)
{
	struct ct_cpuset s, all;
	char *buf;
	int i, r, k;
	size_t len;

	FUZZ_ASSERT(t->nranks >= 1);
	ct_cpuset_foreach(i, &t->usable) {
		const struct ct_topo_cpu *c = ct_topo_cpu(t, i);

		FUZZ_ASSERT(c != NULL);
		FUZZ_ASSERT(c->kind >= 0 && c->kind < CT_KIND_COUNT);
		FUZZ_ASSERT(c->rank >= 0 && c->rank < t->nranks);
	}
	for (len = 1; len <= 256; len *= 4) {
		buf = malloc(len);
		for (r = 0; r < t->nranks; r++) {
			ct_topo_rank_cpus(t, r, &s);
			ct_topo_rank_online(t, r, &all);
			ct_topo_describe(t, &all, buf, len);
			FUZZ_ASSERT(strlen(buf) < len);
			ct_cpuset_format(&s, buf, len);
			FUZZ_ASSERT(strlen(buf) < len);
		}
		for (k = 0; k < CT_KIND_COUNT; k++)
			ct_topo_kind_cpus(t, (enum ct_kind)k, &s, &all);
		ct_evidence_format(~0u, buf, len);
		FUZZ_ASSERT(strlen(buf) < len);
		free(buf);
	}
	FUZZ_ASSERT(strlen(t->model) < sizeof(t->model));
	FUZZ_ASSERT(strlen(t->rules) < sizeof(t->rules));
	FUZZ_ASSERT(strlen(t->basis) < sizeof(t->basis));
}

#endif
