/*
 * unit-latency-stream.c - ct-latency's --stream-gbs line from made-up
 * sizes (no cache of this machine involved): rows in L1 and L2 only say
 * there is no size at the memory level, on the table's "stream:" line;
 * a memory row after them gives its Little's-law line instead, and that
 * alone; without --stream-gbs there is no stream line at all.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "report/report.h"
#include "ct-latency/report.h"
#include "unit.h"

#define NCOUNTS 2

static const unsigned chains[NCOUNTS] = { 1, 2 };

/* One size's results: ns per call of 1 Mi loads for 1 and 2 chains. */
static void results(struct ct_latency_results *r, double ns1, double ns2, double gbs)
{
	static struct ct_job k[NCOUNTS];
	static struct ct_sample s[NCOUNTS][5];
	struct ct_series ser[NCOUNTS];
	const double ns[NCOUNTS] = { ns1, ns2 };
	size_t i, j;

	memset(k, 0, sizeof(k));
	memset(ser, 0, sizeof(ser));
	memset(s, 0, sizeof(s));
	for (i = 0; i < NCOUNTS; i++) {
		k[i].name = "chase";
		k[i].isa = "scalar";
		k[i].unit = "load/ns";
		k[i].work = 1048576;
		for (j = 0; j < 5; j++) {
			s[i][j].rep = (unsigned)j;
			s[i][j].wall_ns = s[i][j].cpu_ns = (uint64_t)ns[i];
			s[i][j].cpu_start = s[i][j].cpu_end = 0;
		}
		ser[i].k = &k[i];
		ser[i].s = s[i];
		ser[i].n = 5;
		ser[i].verified = 1;
	}
	ct_latency_results(ser, chains, NCOUNTS, r);
	ct_latency_stream(r, gbs);
}

static void row(struct ct_latency_table *t, uint64_t bytes, const char *level,
		const struct ct_stream_caches *caches, const struct ct_latency_results *r)
{
	struct ct_latency_row w;

	memset(&w, 0, sizeof(w));
	w.placement = "main";
	w.in.bytes = bytes;
	w.in.lines = bytes / CT_LATENCY_LINE;
	w.in.chains = 1;
	w.in.steps = 1048580;
	w.in.level = level;
	w.in.reason = "requested";
	snprintf(w.in.thp, sizeof(w.in.thp), "madvise");
	w.in.huge_asked = 1;
	w.in.huge_pct = -1;
	w.in.caches = caches;
	w.r = r;
	ct_latency_table_add(t, &w);
}

/* The table of sizes in L1, L2 and (memory) 64 MiB, --stream-gbs gbs (0: none), held. */
static const char *table(int memory, double gbs)
{
	struct ct_stream_caches caches;
	struct ct_latency_results r1, r2, r3;
	struct ct_latency_table t;
	struct ct_machine m;
	FILE *f = unit_open_held();

	memset(&caches, 0, sizeof(caches));
	caches.bytes[1] = 32768;
	caches.bytes[2] = 1048576;
	caches.bytes[3] = 33554432;
	memset(&m, 0, sizeof(m));
	memset(&t, 0, sizeof(t));
	t.caches = &caches;
	t.chains = chains;
	t.nchains = NCOUNTS;
	t.stream_gbs = gbs;
	ct_latency_table_begin(&t, f, 0);
	results(&r1, 1.25e6, 1.25e6, gbs);
	row(&t, 16384, "L1", &caches, &r1);
	results(&r2, 4.2e6, 2.2e6, gbs);
	row(&t, 524288, "L2", &caches, &r2);
	if (memory) {
		results(&r3, 1.153e8, 6.0e7, gbs);
		row(&t, 67108864, "memory", &caches, &r3);
	}
	ct_latency_table_end(&t, &m);
	fclose(f);
	return unit_held ? unit_held : "";
}

int main(void)
{
	const char *s;

	ct_init((char *[]){ "unit-latency-stream", NULL });
	s = table(0, 3);
	CHECK(strstr(s, "\nstream:   no size at the memory level: --stream-gbs has nothing to meet\n") !=
	      NULL);
	CHECK(strstr(s, "lines in flight a single stream implies") == NULL);
	if (!strstr(s, "no size at the memory level"))
		fprintf(stderr, "%s", s);
	/* A memory row: its line, and no "no size" line beside it. */
	s = table(1, 3);
	CHECK(strstr(s, "\nstream:   64 MiB at main: 3 GB/s x 109.96 ns / 64 B = 5.2 lines in flight "
			"a single stream implies; ") != NULL);
	CHECK(strstr(s, "no size at the memory level") == NULL);
	if (!strstr(s, "64 MiB at main: 3 GB/s"))
		fprintf(stderr, "%s", s);
	/* No --stream-gbs: no stream line, memory row or not. */
	s = table(1, 0);
	CHECK(strstr(s, "stream:") == NULL);
	s = table(0, 0);
	CHECK(strstr(s, "stream:") == NULL);
	return unit_done();
}
