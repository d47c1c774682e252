/*
 * core/parse.h - numbers and sizes from the command line and the environment.
 * Every parser rejects junk ("12x", "", "-1", overflow) instead of guessing.
 */
#ifndef CT_CORE_PARSE_H
#define CT_CORE_PARSE_H

#include <stdint.h>

/*
 * Parse a decimal unsigned integer in [min, max].  Returns 0, or -1 with
 * a reason ("not a number", "out of range") in *why.
 */
int ct_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out,
		 const char **why);

/*
 * Parse a byte size: a decimal integer with an optional binary suffix
 * K, M, G or T (also KiB, MiB, GiB, TiB, upper or lower case).
 */
int ct_parse_size(const char *s, uint64_t min, uint64_t max, uint64_t *out,
		  const char **why);

/*
 * The same, but a bad value is a usage error (exit 2) naming what was
 * parsed, e.g. ct_u64_or_usage("--reps", optarg, 1, 1000000).
 */
uint64_t ct_u64_or_usage(const char *what, const char *s, uint64_t min,
			 uint64_t max);
uint64_t ct_size_or_usage(const char *what, const char *s, uint64_t min,
			  uint64_t max);

#endif
