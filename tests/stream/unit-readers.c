/*
 * unit-readers.c - ct-stream --readers FILE (src/ct-stream/readers.c):
 * the wall summaries' readers counted per placement and size, the most
 * frequent taken (the first seen of equals), another placement's where
 * the row's has none, the cpu basis and other records (a stream sample)
 * passed over, room for STREAM_READERS_MAX readers and no more, and every
 * malformed file refused with its message.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ct-stream/readers.h"
#include "unit.h"

static struct stream_readers rd;
static char path[] = "/tmp/unit-readers-XXXXXX";
static char why[400];

/* A summary line of ct-stream -f json (the members the reader reads, and some). */
static void summary(FILE *f, const char *placement, const char *basis, const char *isa,
		    const char *loop, unsigned long long bytes)
{
	fprintf(f, "{\"record\":\"summary\",\"tool\":\"ct-stream\",\"kernel\":\"stream\",\"isa\":\"%s\","
		"\"placement\":\"%s\",\"basis\":\"%s\",\"unit\":\"GB/s\",\"median\":29.8,"
		"\"size_bytes\":%llu,\"loop\":\"%s\"}\n", isa, placement, basis, bytes, loop);
}

/* The file holding text, loaded: load's return. */
static int load_text(const char *text)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
	why[0] = '\0';
	return stream_readers_load(path, &rd, why, sizeof(why));
}

/* The file's reader for bytes under placement is isa/loop, of runs of all. */
static int finds(const char *placement, unsigned long long bytes, enum ct_isa isa,
		 enum ct_stream_loop loop, unsigned runs, unsigned all)
{
	unsigned of = 0;
	const struct stream_reader *r = stream_readers_find(&rd, placement, bytes, &of);

	if (!r || r->isa != isa || r->loop != loop || r->runs != runs || of != all) {
		fprintf(stderr, "%s %llu: %s/%s %u of %u\n", placement, bytes,
			r ? ct_isa_name(r->isa) : "none", r ? ct_stream_loop_name(r->loop) : "-",
			r ? r->runs : 0, of);
		return 0;
	}
	return 1;
}

int main(void)
{
	unsigned of, i;
	FILE *f;
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	close(fd);

	/*
	 * Five runs of two sizes on cpu1 and one on cpu0: at 16 KiB avx2 in
	 * three runs, avx512/xor in two; at 64 MiB one each of two (the
	 * first seen taken); the cpu basis (other readers) and other records
	 * not counted; cpu0 its own.
	 */
	f = fopen(path, "w");
	fputs("{\"record\":\"machine\",\"hostname\":\"vm\"}\n", f);
	summary(f, "cpu1", "wall", "avx512", "xor", 16384);
	summary(f, "cpu1", "cpu", "scalar", "plain", 16384);
	summary(f, "cpu1", "wall", "avx2", "plain", 16384);
	summary(f, "cpu1", "wall", "avx2", "plain", 16384);
	summary(f, "cpu1", "wall", "avx512", "xor", 16384);
	summary(f, "cpu1", "wall", "avx2", "plain", 16384);
	summary(f, "cpu1", "wall", "avx2", "prefetch", 67108864);
	summary(f, "cpu1", "wall", "avx512", "short", 67108864);
	summary(f, "cpu0", "wall", "avx512", "plain", 16384);
	fputs("{\"record\":\"sample\",\"kernel\":\"stream\",\"basis\":\"wall\",\"isa\":\"scalar\","
	      "\"loop\":\"plain\",\"placement\":\"cpu1\",\"size_bytes\":16384}\n", f);
	fputs("\n{\"record\":\"summary\",\"kernel\":\"fma\",\"basis\":\"wall\",\"isa\":\"avx2\","
	      "\"loop\":\"plain\",\"placement\":\"cpu1\",\"size_bytes\":8192}\n", f);
	fclose(f);
	CHECK(stream_readers_load(path, &rd, why, sizeof(why)) == 0);
	CHECK(rd.n == 5);
	CHECK(finds("cpu1", 16384, CT_ISA_AVX2, CT_STREAM_LOOP_PLAIN, 3, 5));
	CHECK(finds("cpu1", 67108864, CT_ISA_AVX2, CT_STREAM_LOOP_PREFETCH, 1, 2));
	CHECK(finds("cpu0", 16384, CT_ISA_AVX512, CT_STREAM_LOOP_PLAIN, 1, 1));
	/* cpu0 has no 64 MiB, main none at all: every placement's. */
	CHECK(finds("cpu0", 67108864, CT_ISA_AVX2, CT_STREAM_LOOP_PREFETCH, 1, 2));
	CHECK(finds("main", 16384, CT_ISA_AVX2, CT_STREAM_LOOP_PLAIN, 3, 6));
	/* A size it lacks: none. */
	CHECK(stream_readers_find(&rd, "cpu1", 8192, &of) == NULL && of == 0);

	/* Refused, each with its message. */
	CHECK(load_text("{\"record\":\"summary\"\n") == -1 && strstr(why, "line 1, column") &&
	      strstr(why, "not ct-stream's -f json"));
	CHECK(load_text("{\"record\":\"machine\"}\n") == -1 &&
	      strstr(why, "no stream summary naming its isa and loop"));
	/* A record of before the loop member: passed over, and nothing left. */
	CHECK(load_text("{\"record\":\"summary\",\"kernel\":\"stream\",\"basis\":\"wall\","
			"\"isa\":\"avx2\",\"placement\":\"main\",\"size_bytes\":16384}\n") == -1 &&
	      strstr(why, "no stream summary"));
	/* A last line of one character (no newline) is read, not passed over as an empty one. */
	CHECK(load_text("x") == -1 && strstr(why, "line 1, column 1"));
	/* A size of no bytes: passed over too. */
	CHECK(load_text("{\"record\":\"summary\",\"kernel\":\"stream\",\"basis\":\"wall\","
			"\"isa\":\"avx2\",\"loop\":\"plain\",\"placement\":\"main\","
			"\"size_bytes\":0}\n") == -1 &&
	      strstr(why, "no stream summary"));
	CHECK(load_text("{\"record\":\"summary\",\"kernel\":\"stream\",\"basis\":\"wall\","
			"\"isa\":\"avx1024\",\"loop\":\"plain\",\"placement\":\"main\","
			"\"size_bytes\":16384}\n") == -1 &&
	      strstr(why, "line 1: a reader this program does not know: avx1024/plain"));
	unlink(path);
	CHECK(stream_readers_load(path, &rd, why, sizeof(why)) == -2 &&
	      strstr(why, "cannot read --readers"));
	/* Room for STREAM_READERS_MAX readers, and no more. */
	f = fopen(path, "w");
	for (i = 1; i <= STREAM_READERS_MAX; i++)
		summary(f, "main", "wall", "avx2", "plain", 4096ull * i);
	fclose(f);
	CHECK(stream_readers_load(path, &rd, why, sizeof(why)) == 0 && rd.n == STREAM_READERS_MAX);
	f = fopen(path, "a");
	summary(f, "cpu1", "wall", "avx2", "plain", 4096);
	fclose(f);
	CHECK(stream_readers_load(path, &rd, why, sizeof(why)) == -1 &&
	      strstr(why, "more than 256 readers of sizes and placements"));
	unlink(path);
	/* A directory opens, and its first read fails: that error. */
	CHECK(stream_readers_load("/", &rd, why, sizeof(why)) == -2 &&
	      strstr(why, "cannot read --readers /: Is a directory"));
	return unit_done();
}
