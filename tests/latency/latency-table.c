/*
 * latency-table.c - ct-latency's table of made-up sizes, for
 * tests/latency/table.sh to hold byte for byte: two placements, an array
 * in L1 and one in memory, chains 1, 2, 4, 8 (in memory the lines in
 * flight rise to a knee at 4; in L1 none beyond one), the second
 * placement's samples disturbed, then the lines after the table (with
 * --stream-gbs 14.2, the lines in flight it implies at each memory row:
 * 14.2 x 112.16 ns / 64 B = 24.9); then the array line above a --threads
 * run.
 *
 *   latency-table
 *   latency-table records tsv|json
 *
 * records: the summary records instead, as ct-latency writes them, of
 * the memory size's made-up series over real jobs (a 64 KiB array of a
 * fixed seed on small pages, whose fields the results fill in).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "report/report.h"
#include "ct-latency/report.h"

static void series(struct ct_series *ser, struct ct_sample *s, const struct ct_job *k,
		   double ns, int disturbed)
{
	unsigned i;

	memset(ser, 0, sizeof(*ser));
	ser->k = k;
	ser->s = s;
	ser->n = 5;
	ser->verified = 1;
	for (i = 0; i < 5; i++) {
		memset(&s[i], 0, sizeof(s[i]));
		s[i].rep = i;
		s[i].wall_ns = (uint64_t)(ns * (1 + 0.01 * i));
		s[i].cpu_ns = disturbed && i % 2 ? s[i].wall_ns / 2 : s[i].wall_ns;
		s[i].pre_wall_ns = s[i].post_wall_ns = 1000000;
		s[i].pre_cpu_ns = s[i].post_cpu_ns = 1000000;
		s[i].clock_ghz = s[i].bracket_ghz_wall = s[i].bracket_ghz_cpu = 4.0;
	}
}

static void machine(struct ct_machine *m)
{
	memset(m, 0, sizeof(*m));
	m->load[0] = 0.5;
	m->load[1] = 0.3;
	m->load[2] = 0.2;
	m->load_end[0] = 1.04;
	m->load_end[1] = 0.4;
	m->load_end[2] = 0.22;
	m->run_s = 12.25;
	snprintf(m->warning_text, sizeof(m->warning_text), "3 of 40 samples descheduled");
	m->warning_at[0] = 0;
	m->nwarnings = 1;
}

/* ns per call of 1 Mi loads in memory: 110 ns a load and its chains. */
static const double mem_ns[] = { 1.153e8, 6.0e7, 3.2e7, 3.1e7 };

/* The summary records of the memory size's series, in TSV or JSON. */
static int records(const char *format)
{
	static const unsigned chains[] = { 1, 2, 4, 8 };
	struct ct_latency *l[4];
	struct ct_job k[4];
	struct ct_series ser[4];
	struct ct_sample s[4][5];
	struct ct_latency_results r;
	struct ct_machine m;
	enum ct_format fmt;
	struct ct_out o;
	size_t i;

	if (ct_format_parse(format, &fmt) < 0 || fmt == CT_FMT_TABLE)
		return 99;
	machine(&m);
	l[0] = ct_latency_new(65536, "requested", CT_STREAM_SMALL_PAGES, 0x1234567, 1, &k[0]);
	for (i = 1; i < 4; i++)
		l[i] = ct_latency_share(l[0], chains[i], &k[i]);
	for (i = 0; i < 4; i++)
		series(&ser[i], s[i], &k[i], mem_ns[i], (int)i == 2);
	ct_latency_results(ser, chains, 4, &r);
	for (i = 0; i < 4; i++)
		ct_latency_set_results(l[i], &r);
	ct_out_begin(&o, stdout, fmt, "ct-latency", 0);
	ct_out_machine(&o, &m);
	for (i = 0; i < 4; i++)
		ct_out_series(&o, "main", &ser[i]);
	ct_out_end(&o);
	for (i = 4; i-- > 0;)
		ct_latency_free(l[i]);
	return 0;
}

int main(int argc, char **argv)
{
	static const unsigned chains[] = { 1, 2, 4, 8 };
	/* ns per call of 1 Mi loads: L1 at 1.2 ns a load, memory as above. */
	static const double l1_ns[] = { 1.258e6, 1.25e6, 1.25e6, 1.25e6 };
	static const char *const places[] = { "cpu0", "cpu1" };
	struct ct_stream_caches caches = {
		{ 0, 32768, 1048576, 33554432 },
		{ CT_CACHE_UNKNOWN, CT_CACHE_SYSFS, CT_CACHE_SYSFS, CT_CACHE_SYSFS }, ""
	};
	struct ct_job k[4];
	struct ct_series ser[4];
	struct ct_sample s[4][5];
	struct ct_latency_results r;
	struct ct_latency_table t;
	struct ct_latency_row row;
	struct ct_machine m;
	size_t p, z, i;

	ct_init((char *[]){ "latency-table", NULL });
	if (argc == 3 && strcmp(argv[1], "records") == 0)
		return records(argv[2]);
	if (argc != 1)
		return 99;
	machine(&m);
	memset(k, 0, sizeof(k));
	for (i = 0; i < 4; i++) {
		k[i].name = "chase";
		k[i].isa = "scalar";
		k[i].unit = "load/ns";
		k[i].work = 1048576;
		k[i].per_cycle_unit = "load/cycle";
		k[i].per_cycle_work = 1048576;
	}
	t.caches = &caches;
	t.chains = chains;
	t.nchains = 4;
	t.warned = 0;
	t.stream_gbs = 14.2;
	ct_latency_table_begin(&t, stdout, 1);
	for (p = 0; p < 2; p++)
		for (z = 0; z < 2; z++) {
			for (i = 0; i < 4; i++)
				series(&ser[i], s[i], &k[i], z ? mem_ns[i] : l1_ns[i], (int)p);
			ct_latency_results(ser, chains, 4, &r);
			ct_latency_stream(&r, t.stream_gbs);
			memset(&row, 0, sizeof(row));
			row.placement = places[p];
			row.in.bytes = z ? 67108864 : 16384;
			row.in.lines = row.in.bytes / CT_LATENCY_LINE;
			row.in.chains = 1;
			row.in.steps = 1048580;
			row.in.level = z ? "memory" : "L1";
			row.in.reason = "requested";
			snprintf(row.in.thp, sizeof(row.in.thp), "madvise");
			row.in.huge_asked = 1;
			row.in.huge_pct = z ? 100 : -1;
			row.in.caches = &caches;
			row.r = &r;
			ct_latency_table_add(&t, &row);
		}
	ct_latency_table_end(&t, &m);
	/* And the array line above a --threads run. */
	putchar('\n');
	ct_latency_threads_header(stdout, 16384, "requested", 2);
	return 0;
}
