/*
 * unit-stream-fill.c - every word of the stream array is written and
 * summed.  The reference sum is taken while filling, so a fill that
 * stops short (leaving the last words as the zeroed pages had them) and
 * leaves them out of the reference too would still verify: this test
 * reads the array itself, as the 64-bit words the kernels sum.  No word
 * may be left zero (a random 64-bit word is zero with probability
 * 2^-64), and one call of every usable ISA must return passes x the sum
 * of every word mod 2^64, which the test adds up on its own, for sizes
 * of 16 blocks, an odd number of blocks and a page and a block.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "measure/harness.h"
#include "platform/isa.h"
#include "workloads/stream.h"
#include "unit.h"

static double field_num(const struct ct_job *k, const char *key)
{
	size_t i;

	for (i = 0; i < k->nfields; i++)
		if (strcmp(k->fields[i].key, key) == 0)
			return k->fields[i].num;
	return -1;
}

int main(void)
{
	static const uint64_t sizes[] = {
		CT_STREAM_BLOCK * 16, 65536 + CT_STREAM_BLOCK, 4096 + CT_STREAM_BLOCK,
	};
	size_t si, j;
	int i, tested = 0;

	for (i = 0; i < CT_ISA_COUNT; i++) {
		enum ct_isa isa = (enum ct_isa)i;

		if (!ct_isa_usable(isa))
			continue;
		tested++;
		for (si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
			struct ct_job k;
			struct ct_stream *s;
			uint64_t mine = 0, passes, got;
			size_t n, zeros = 0;
			uint32_t *a;
			char why[256];

			s = ct_stream_new(isa, sizes[si], "unit test", CT_STREAM_QUICK, &k);
			a = ct_stream_data(s, &n);
			CHECK(n * sizeof(uint32_t) == sizes[si]);
			/* ct_stream_data() gives 32-bit halves: two make a word. */
			CHECK(n % 2 == 0);
			for (j = 0; j + 1 < n; j += 2) {
				uint64_t w;

				memcpy(&w, a + j, sizeof(w));
				mine += w;
				zeros += w == 0;
			}
			CHECK(zeros == 0);
			/* The last word, which a fill one short would leave. */
			CHECK(a[n - 1] != 0 || a[n - 2] != 0);
			passes = (uint64_t)field_num(&k, "passes");
			CHECK(passes >= 1);
			got = k.run(k.ctx);
			CHECK(got == passes * mine);
			CHECK(k.verify(k.ctx, got, why, sizeof(why)) == 0);
			if (got != passes * mine || zeros)
				printf("%s, %llu bytes: %zu zero words, sum %llu, expected %llu x %llu\n",
				       ct_isa_name(isa), (unsigned long long)sizes[si], zeros,
				       (unsigned long long)got, (unsigned long long)passes,
				       (unsigned long long)mine);
			ct_stream_free(s);
		}
	}
	CHECK(tested >= 1);
	return unit_done();
}
