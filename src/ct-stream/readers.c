/*
 * ct-stream/readers.c - --readers FILE (readers.h): the readers of an
 * earlier run's stream summaries, and the one to read a size with.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "ct-stream/readers.h"
#include "records/jsonl.h"

/* Count one summary's reader; -1 with why where there is no room for another. */
static int add(struct stream_readers *rd, const char *placement, uint64_t bytes,
	       enum ct_isa isa, enum ct_stream_loop loop, char *why, size_t len)
{
	struct stream_reader *r;
	size_t i;

	for (i = 0; i < rd->n; i++) {
		r = &rd->r[i];
		if (r->bytes == bytes && r->isa == isa && r->loop == loop &&
		    strcmp(r->placement, placement) == 0) {
			r->runs++;
			return 0;
		}
	}
	if (rd->n == STREAM_READERS_MAX) {
		snprintf(why, len, "--readers %s: more than %d readers of sizes and placements", rd->path,
			 STREAM_READERS_MAX);
		return -1;
	}
	r = &rd->r[rd->n++];
	snprintf(r->placement, sizeof(r->placement), "%s", placement);
	r->bytes = bytes;
	r->isa = isa;
	r->loop = loop;
	r->runs = 1;
	return 0;
}

/* One line: a wall-basis stream summary's reader counted, anything else passed over. */
static int line(struct stream_readers *rd, struct ct_jobject *o, const char *text, size_t n,
		unsigned long lineno, char *why, size_t len)
{
	const char *rec, *kernel, *basis, *isa, *loop, *placement;
	enum ct_stream_loop l;
	enum ct_isa i;
	char jwhy[128];
	size_t col;
	double bytes;

	if (ct_jsonl_parse(text, n, o, jwhy, sizeof(jwhy), &col) < 0) {
		snprintf(why, len, "--readers %s: line %lu, column %zu: %s (not ct-stream's -f json or an -o "
			 "directory's raw.txt)", rd->path, lineno, col, jwhy);
		return -1;
	}
	rec = ct_jobject_str(o, "record");
	kernel = ct_jobject_str(o, "kernel");
	basis = ct_jobject_str(o, "basis");
	if (!rec || strcmp(rec, "summary") != 0 || !kernel || strcmp(kernel, "stream") != 0 ||
	    !basis || strcmp(basis, "wall") != 0)
		return 0;
	isa = ct_jobject_str(o, "isa");
	loop = ct_jobject_str(o, "loop");
	placement = ct_jobject_str(o, "placement");
	bytes = ct_jobject_num(o, "size_bytes");
	/* A record of before the loop member: its reader is not whole, passed over. */
	if (!isa || !loop || !placement || !(bytes > 0))
		return 0;
	if (ct_isa_from_name(isa, &i) < 0 || ct_stream_loop_from_name(loop, &l) < 0) {
		snprintf(why, len, "--readers %s: line %lu: a reader this program does not know: %s/%s",
			 rd->path, lineno, isa, loop);
		return -1;
	}
	return add(rd, placement, (uint64_t)bytes, i, l, why, len);
}

int stream_readers_load(const char *path, struct stream_readers *rd, char *why, size_t len)
{
	struct ct_jobject o;
	unsigned long lineno = 0;
	char *text = NULL;
	size_t cap = 0;
	ssize_t n;
	FILE *f;
	int rc = 0;

	memset(rd, 0, sizeof(*rd));
	memset(&o, 0, sizeof(o));
	rd->path = path;
	f = fopen(path, "r");
	if (!f) {
		snprintf(why, len, "cannot read --readers %s: %s", path, strerror(errno));
		return -2;
	}
	while (rc == 0 && (n = getline(&text, &cap, f)) >= 0) {
		lineno++;
		if (n == 0 || (n == 1 && text[0] == '\n'))
			continue;
		rc = line(rd, &o, text, (size_t)n, lineno, why, len);
	}
	if (rc == 0 && ferror(f)) {
		snprintf(why, len, "cannot read --readers %s: %s", path, strerror(errno));
		rc = -2;
	}
	if (rc == 0 && rd->n == 0) {
		snprintf(why, len, "--readers %s: no stream summary naming its isa and loop", path);
		rc = -1;
	}
	free(text);
	ct_jobject_free(&o);
	fclose(f);
	return rc;
}

/* The most frequent reader of bytes (under placement, or any where NULL), and the runs of all. */
static const struct stream_reader *most(const struct stream_readers *rd, const char *placement,
					uint64_t bytes, unsigned *of)
{
	const struct stream_reader *best = NULL;
	size_t i;

	*of = 0;
	for (i = 0; i < rd->n; i++) {
		const struct stream_reader *r = &rd->r[i];

		if (r->bytes != bytes || (placement && strcmp(r->placement, placement) != 0))
			continue;
		*of += r->runs;
		if (!best || r->runs > best->runs)
			best = r;
	}
	return best;
}

const struct stream_reader *stream_readers_find(const struct stream_readers *rd,
						const char *placement, uint64_t bytes,
						unsigned *of)
{
	const struct stream_reader *r = most(rd, placement, bytes, of);

	return r ? r : most(rd, NULL, bytes, of);
}
