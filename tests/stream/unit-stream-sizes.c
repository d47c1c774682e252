/*
 * unit-stream-sizes.c - ct-stream's --size list: sizes and ranges spelt
 * out in order, and every malformed list refused with its message.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "workloads/stream-sizes.h"
#include "unit.h"

static uint64_t sizes[CT_STREAM_SIZES_MAX];
static char why[256];

/* arg gives exactly the n sizes of want. */
static int gives(const char *arg, const uint64_t *want, int n)
{
	int i;

	why[0] = '\0';
	if (ct_stream_sizes_parse(arg, sizes, why, sizeof(why)) != n)
		return 0;
	for (i = 0; i < n; i++)
		if (sizes[i] != want[i])
			return 0;
	return 1;
}

/* arg is refused with the message msg. */
static int refused(const char *arg, const char *msg)
{
	why[0] = '\0';
	if (ct_stream_sizes_parse(arg, sizes, why, sizeof(why)) != -1)
		return 0;
	if (strcmp(why, msg) != 0) {
		fprintf(stderr, "'%s': got '%s', expected '%s'\n", arg, why, msg);
		return 0;
	}
	return 1;
}

int main(void)
{
	static const uint64_t one[] = { 1 << 20 };
	static const uint64_t range[] = { 16 << 10, 32 << 10, 64 << 10 };
	static const uint64_t mixed[] = { 3 << 20, 4 << 10, 8 << 10, 4 << 10 };
	static const uint64_t point[] = { 64 << 10 };
	char list[CT_STREAM_SIZES_MAX * 3 + 8], msg[sizeof(why)];
	int i;

	CHECK(gives("1M", one, 1));
	CHECK(gives("16K..64K", range, 3));
	CHECK(gives("3M,4K..8K,4K", mixed, 4));
	/* A range of one size. */
	CHECK(gives("64K..64K", point, 1));

	CHECK(refused("", "invalid --size '': an empty size"));
	CHECK(refused("1M,,2M", "invalid --size '1M,,2M': an empty size"));
	CHECK(refused("1M,", "invalid --size '1M,': an empty size"));
	CHECK(refused("12x", "invalid --size '12x': not a size (use a number with K, M, G or T)"));
	CHECK(refused("4K,64K,0", "invalid --size '0': too small (at least 4 KiB)"));
	CHECK(refused("12K..1M", "invalid --size '12K..1M': the ends of a range are powers of two"));
	CHECK(refused("16K..24K", "invalid --size '16K..24K': the ends of a range are powers of two"));
	CHECK(refused("1M..16K", "invalid --size '1M..16K': the range runs backwards"));
	CHECK(refused("16K..", "invalid --size '16K..': a range needs both ends"));
	CHECK(refused("..16K", "invalid --size '..16K': a range needs both ends"));
	CHECK(refused("1K..1M", "invalid --size '1K': too small (at least 4 KiB)"));
	CHECK(refused("16K..x", "invalid --size 'x': not a number"));

	/* CT_STREAM_SIZES_MAX sizes, listed or spelt out by ranges, and no more. */
	list[0] = '\0';
	for (i = 0; i < CT_STREAM_SIZES_MAX; i++)
		strcat(list, i ? ",4K" : "4K");
	CHECK(ct_stream_sizes_parse(list, sizes, why, sizeof(why)) == CT_STREAM_SIZES_MAX);
	strcat(list, ",4K");
	snprintf(msg, sizeof(msg), "invalid --size '%s': more than 64 sizes", list);
	CHECK(refused(list, msg));
	/* 4K..128M is 16 sizes: four of them are 64, a fifth size one more. */
	CHECK(ct_stream_sizes_parse("4K..128M,4K..128M,4K..128M,4K..128M", sizes, why,
				    sizeof(why)) == 64);
	CHECK(sizes[63] == 128u << 20 && sizes[16] == 4096);
	CHECK(refused("4K..128M,4K..128M,4K..128M,4K..128M,1M",
		      "invalid --size '4K..128M,4K..128M,4K..128M,4K..128M,1M': more than 64 sizes"));
	CHECK(refused("4K..1G,4K..1G,4K..1G,4K..1G",
		      "invalid --size '4K..1G,4K..1G,4K..1G,4K..1G': more than 64 sizes"));
	return unit_done();
}
