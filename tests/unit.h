/*
 * unit.h - a minimal unit-test vocabulary: CHECK() counts failures and
 * says where; main returns unit_done().
 */
#ifndef CT_TESTS_UNIT_H
#define CT_TESTS_UNIT_H

#include <stdio.h>
#include <stdlib.h>

static int unit_failures, unit_checks;

#define CHECK(cond)                                                          \
	do {                                                                 \
		unit_checks++;                                               \
		if (!(cond)) {                                               \
			unit_failures++;                                     \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, \
				__LINE__, #cond);                            \
		}                                                            \
	} while (0)

/*
 * A memory stream (no terminal) for a writer under test, and what it
 * holds: unit_held, after fflush() or fclose() of the stream.
 */
static char *unit_held;
static size_t unit_held_len;

static inline FILE *unit_open_held(void)
{
	free(unit_held);
	unit_held = NULL;
	return open_memstream(&unit_held, &unit_held_len);
}

static inline int unit_done(void)
{
	printf("%d checks, %d failed\n", unit_checks, unit_failures);
	return unit_failures ? 1 : 0;
}

#endif
