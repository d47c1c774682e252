/*
 * workloads/stream-sizes.h - ct-stream's --size list: SIZE, or A..B for
 * A, 2A, 4A, ... B, separated by commas ("16K..1M,3M,64M").
 */
#ifndef CT_WORKLOADS_STREAM_SIZES_H
#define CT_WORKLOADS_STREAM_SIZES_H

#include <stddef.h>
#include <stdint.h>

/* The most sizes one list gives, ranges spelt out. */
#define CT_STREAM_SIZES_MAX 64

/*
 * Parse and check every size of arg before anything is allocated: each a
 * size ct_parse_size() takes and ct_stream_size_ok() accepts, the ends of
 * a range powers of two with A <= B, at most CT_STREAM_SIZES_MAX in all.
 * Returns how many went into sizes[CT_STREAM_SIZES_MAX], or -1 with the
 * usage error ("invalid --size '...': why") in why; a message names arg
 * whole at most, so strlen(arg) + 256 holds any.
 */
int ct_stream_sizes_parse(const char *arg, uint64_t *sizes, char *why, size_t len);

#endif
