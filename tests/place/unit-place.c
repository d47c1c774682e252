/*
 * unit-place.c - the process-level placement end to end, which a machine
 * of one kind never runs through ct-place: ct_placements_run() clamps a
 * re-run of this program to one cpu, and must get every sample back, all
 * from that cpu; and a re-run that fails or writes garbage must fail the
 * run, not pass for one.
 *
 * Re-run as "unit-place --child-run SPEC" this program plays ct-place's
 * child; UNIT_PLACE_CHILD=garbage|exit|short|uneven|uncounted makes it
 * misbehave.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct-place/child.h"
#include "ct-place/placements.h"
#include "workloads/fma.h"
#include "workloads/stream.h"
#include "unit.h"

/*
 * A child that sends n[i] made-up samples of kernel i, the end saying
 * they stopped by stop and the samples counted, with no cycles, when
 * counted.
 */
static int fake(const struct ct_placements_opts *co, const unsigned n[CT_NJOBS],
		enum ct_stop stop, int counted)
{
	struct ct_series ser[CT_NJOBS];
	struct ct_job k[CT_NJOBS];
	struct ct_placements_kernels *ck = ct_placements_kernels_new(co, k);
	unsigned s;
	int i;

	memset(ser, 0, sizeof(ser));
	for (i = 0; i < CT_NJOBS; i++) {
		ser[i].k = &k[i];
		ser[i].n = n[i];
		ser[i].s = calloc(n[i] ? n[i] : 1, sizeof(struct ct_sample));
		ser[i].stopped_by = stop;
		ser[i].counters = counted;
		for (s = 0; s < n[i]; s++) {
			ser[i].s[s].rep = s;
			ser[i].s[s].cpu_start = ser[i].s[s].cpu_end = 1;
			ser[i].s[s].wall_ns = ser[i].s[s].cpu_ns = 1000;
			ser[i].s[s].count_status = counted ? CT_COUNT_OK : CT_COUNT_NONE;
		}
	}
	/* Ready at once, then everything, whatever the parent asks. */
	printf("{\"record\":\"child_ready\",\"pid\":1}\n");
	ct_placements_child_write(stdout, ser);
	ct_series_free(ser, CT_NJOBS);
	ct_placements_kernels_free(ck);
	return 0;
}

static int child(const char *spec)
{
	static const unsigned one[CT_NJOBS] = { 1, 0, 0, 0, 0 },
		uneven[CT_NJOBS] = { 1, 1, 1, 2, 0 }, each[CT_NJOBS] = { 1, 1, 1, 1, 1 };
	const char *how = getenv("UNIT_PLACE_CHILD");
	struct ct_placements_opts co;

	memset(&co, 0, sizeof(co));
	if (ct_placements_parse_child_spec(spec, &co) < 0)
		return 2;
	if (how && strcmp(how, "garbage") == 0) {
		printf("S 0 0 1 1 1000 1000 3.0 3.0 0 0 0 0 0 0 0\n");
		return 0;
	}
	if (how && strcmp(how, "exit") == 0)
		return 1;
	if (how && strcmp(how, "short") == 0)
		return fake(&co, one, CT_STOP_REPS, 0);
	/* Five samples, as the end says, but two of one kernel and none of another. */
	if (how && strcmp(how, "uneven") == 0)
		return fake(&co, uneven, CT_STOP_MAX_TIME, 0);
	/* A sample said to be counted, with no cycles. */
	if (how && strcmp(how, "uncounted") == 0)
		return fake(&co, each, CT_STOP_MAX_TIME, 1);
	return ct_placements_child(&co, stdin, stdout);
}

static int run(const struct ct_placements_opts *co, const struct ct_topo *t,
	       struct ct_placements_row *row, const struct ct_job *k, int cpu,
	       char *why, size_t len)
{
	int i;

	memset(row, 0, sizeof(*row));
	row->p.kind = CT_PLACE_PROCESS_BACKGROUND;
	row->p.applicable = 1;
	row->p.cpu = -1;
	snprintf(row->p.name, sizeof(row->p.name), "process-background");
	ct_cpuset_set(&row->p.cpus, cpu);
	for (i = 0; i < CT_NJOBS; i++)
		row->k[i] = k[i];
	return ct_placements_run(co, t, row, why, len);
}

int main(int argc, char **argv)
{
	struct ct_placements_opts co;
	struct ct_placements_row row;
	struct ct_job k[CT_NJOBS];
	struct ct_placements_kernels *ck;
	struct ct_topo t;
	char why[640];
	int cpu = -1, c, i, rc;
	unsigned s;

	if (argc == 3 && strcmp(argv[1], "--child-run") == 0)
		return child(argv[2]);
	if (ct_topo_load(&t, NULL, why, sizeof(why)) < 0) {
		fprintf(stderr, "%s\n", why);
		return 99;
	}
	ct_cpuset_foreach(c, &t.usable)
		cpu = c;
	CHECK(cpu >= 0);

	memset(&co, 0, sizeof(co));
	co.h.reps = 3;
	co.h.settle_ns = 0;
	co.h.bracket_adds = 100000;
	co.quick = 1;
	co.isa = ct_isa_best();
	co.clock_adds = 1000000;
	co.fma_passes = 16;
	co.stream_bytes = 1 << 20;
	snprintf(co.stream_reason, sizeof(co.stream_reason), "unit test");
	ck = ct_placements_kernels_new(&co, k);
	/*
	 * The chase's calls: QUICK ct-latency's QUICK call, 16384 loads (in
	 * whole odd numbers of unrolled iterations a chain); the full run's
	 * 65536; the chains unbracketed, the one chain bracketed.
	 */
	CHECK(k[CT_JOB_LATENCY].work == 16388 && k[CT_JOB_CHAINS].work == 16 * 1028);
	CHECK(k[CT_JOB_LATENCY].per_cycle_unit != NULL && k[CT_JOB_CHAINS].per_cycle_unit == NULL);
	{
		struct ct_placements_opts full = co;
		struct ct_job fk[CT_NJOBS];
		struct ct_placements_kernels *fck;

		full.quick = 0;
		fck = ct_placements_kernels_new(&full, fk);
		CHECK(fk[CT_JOB_LATENCY].work == 65540 && fk[CT_JOB_CHAINS].work == 16 * 4100);
		ct_placements_kernels_free(fck);
	}

	/* A good re-run: every sample back, all of them on the clamp's cpu. */
	unsetenv("UNIT_PLACE_CHILD");
	rc = run(&co, &t, &row, k, cpu, why, sizeof(why));
	if (rc < 0)
		fprintf(stderr, "%s\n", why);
	CHECK(rc == 0);
	CHECK(row.ran);
	for (i = 0; i < CT_NJOBS; i++) {
		CHECK(row.ser[i].n == co.h.reps);
		CHECK(row.ser[i].verified);
		for (s = 0; s < row.ser[i].n; s++) {
			CHECK(row.ser[i].s[s].cpu_start == cpu || row.ser[i].s[s].cpu_start == -1);
			CHECK(row.ser[i].s[s].cpu_end == cpu || row.ser[i].s[s].cpu_end == -1);
			CHECK(row.ser[i].s[s].wall_ns > 0);
		}
	}
	CHECK(row.ser[CT_JOB_FMA].s[0].bracket_ghz_wall > 0);
	/* The chase's two jobs came back apart, each to its own series. */
	CHECK(row.ser[CT_JOB_LATENCY].k == &row.k[CT_JOB_LATENCY]);
	CHECK(strcmp(row.ser[CT_JOB_CHAINS].k->name, CT_PLACEMENTS_CHAINS_NAME) == 0);
	CHECK(row.ser[CT_JOB_LATENCY].s[0].bracket_ghz_wall > 0);
	CHECK(strcmp(row.kinds, "performance") == 0 || strchr(row.kinds, ',') == NULL);
	ct_series_free(row.ser, CT_NJOBS);

	/* Re-runs that fail, or answer garbage or too little, fail the run. */
	setenv("UNIT_PLACE_CHILD", "exit", 1);
	CHECK(run(&co, &t, &row, k, cpu, why, sizeof(why)) < 0);
	CHECK(strstr(why, "the re-run failed (exit 1)") != NULL);
	ct_series_free(row.ser, CT_NJOBS);
	setenv("UNIT_PLACE_CHILD", "garbage", 1);
	CHECK(run(&co, &t, &row, k, cpu, why, sizeof(why)) < 0);
	CHECK(strstr(why, "the child wrote a bad record") != NULL);
	ct_series_free(row.ser, CT_NJOBS);
	setenv("UNIT_PLACE_CHILD", "short", 1);
	CHECK(run(&co, &t, &row, k, cpu, why, sizeof(why)) < 0);
	CHECK(strstr(why, "stopped after 1 of") != NULL);
	ct_series_free(row.ser, CT_NJOBS);
	setenv("UNIT_PLACE_CHILD", "uneven", 1);
	CHECK(run(&co, &t, &row, k, cpu, why, sizeof(why)) < 0);
	CHECK(strstr(why, "samples of one kernel") != NULL);
	ct_series_free(row.ser, CT_NJOBS);
	setenv("UNIT_PLACE_CHILD", "uncounted", 1);
	CHECK(run(&co, &t, &row, k, cpu, why, sizeof(why)) < 0);
	CHECK(strstr(why, "bad sample record") != NULL);
	ct_series_free(row.ser, CT_NJOBS);

	/*
	 * --precision reaches the re-run: it takes as many rounds as it needs
	 * (+-100%: the 6 an interval needs), more than REPS, and says why it
	 * stopped.
	 */
	unsetenv("UNIT_PLACE_CHILD");
	co.h.precision_pct = 100;
	co.h.max_ns = 30000000000ull;
	rc = run(&co, &t, &row, k, cpu, why, sizeof(why));
	if (rc < 0)
		fprintf(stderr, "%s\n", why);
	CHECK(rc == 0);
	for (i = 0; i < CT_NJOBS && rc == 0; i++) {
		CHECK(row.ser[i].n >= 6 && row.ser[i].n == row.ser[0].n);
		CHECK(row.ser[i].stopped_by == CT_STOP_PRECISION);
		CHECK(row.ser[i].verified);
	}
	ct_series_free(row.ser, CT_NJOBS);

	ct_placements_kernels_free(ck);
	ct_topo_free(&t);
	return unit_done();
}
