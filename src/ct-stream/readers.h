/*
 * ct-stream/readers.h - --readers FILE: each size read with the reader an
 * earlier run's records used (its ISA and loop), so that a run made to be
 * compared with that one measures what it measured and ct-compare pairs
 * every row; a size the file lacks is calibrated.
 *
 * The file is JSON Lines as ct-stream -f json writes it, or an -o
 * directory's raw.txt (ct-place's main job included): the stream
 * summaries on the wall basis, one per run, placement and size, each
 * naming its isa and loop.  Several runs (cat of their files) may have
 * picked several readers for one size: the most frequent is taken (the
 * first seen of equals), and the reason says how many of the runs it was.
 */
#ifndef CT_STREAM_READERS_H
#define CT_STREAM_READERS_H

#include <stddef.h>
#include <stdint.h>

#include "platform/isa.h"
#include "workloads/stream.h"

#define STREAM_READERS_MAX 256

/* One reader of one size under one placement, and how many runs read with it. */
struct stream_reader {
	char placement[48];
	uint64_t bytes;
	enum ct_isa isa;
	enum ct_stream_loop loop;
	unsigned runs;
};

struct stream_readers {
	const char *path;
	struct stream_reader r[STREAM_READERS_MAX];
	size_t n;
};

/*
 * Read path's stream summaries into rd (zeroed first).  -1 with why: a
 * line is not a JSON object, a summary names an ISA or loop this program
 * does not know, too many readers, or no stream summary with its reader
 * at all; -2: the file cannot be read.
 */
int stream_readers_load(const char *path, struct stream_readers *rd, char *why, size_t len);

/*
 * The reader for bytes under placement: the most frequent of that
 * placement's, else (the placement not in the file) of every
 * placement's; NULL when the file has none for bytes.  *of: the runs
 * that read bytes there, all readers together.  Pure.
 */
const struct stream_reader *stream_readers_find(const struct stream_readers *rd,
						const char *placement, uint64_t bytes,
						unsigned *of);

#endif
