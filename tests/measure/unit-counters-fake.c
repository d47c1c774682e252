/*
 * unit-counters-fake.c - the counters end to end through the harness and
 * the records, on a machine that has none: this program defines the
 * platform half itself (ct_counters_open/read/close/scope), so the link
 * takes these instead of src/platform/counters-*.c, and the harness, the
 * summaries and the three formats run as on a machine with a PMU.
 *
 * FAKE_MODE "clean": a 3 GHz core counted the whole time, 2 instructions
 * per cycle.  "multiplexed": counting a third of the time, every reading
 * rejected.  "absent": opening fails.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workloads/clock.h"
#include "measure/counters.h"
#include "measure/harness.h"
#include "measure/context.h"
#include "platform/os.h"
#include "report/report.h"
#include "unit.h"

static const char *mode = "clean";

struct ct_counters {
	int open;
};

const char *ct_counters_scope(void)
{
	return "thread, fake";
}

struct ct_counters *ct_counters_open(char *why, size_t len)
{
	struct ct_counters *c;

	if (strcmp(mode, "absent") == 0) {
		snprintf(why, len, "fake: no PMU");
		return NULL;
	}
	c = calloc(1, sizeof(*c));
	c->open = 1;
	return c;
}

int ct_counters_read(struct ct_counters *c, struct ct_counter_read *r)
{
	uint64_t t = ct_thread_cpu_ns();

	if (!c->open)
		return -1;
	r->cycles = 3 * t;
	r->instructions = 6 * t;
	r->time_enabled = 3 * t;
	r->time_running = strcmp(mode, "multiplexed") == 0 ? t : 3 * t;
	return 0;
}

void ct_counters_close(struct ct_counters *c)
{
	free(c);
}

/* Run the add chain through the harness; the records in every format into buf. */
static void run(struct ct_series *ser, struct ct_job *k, struct ct_clock *ctx,
		char **buf, size_t *len)
{
	struct ct_harness h;
	struct ct_machine m;
	struct ct_out out;
	char why[256];
	FILE *f;
	int fmt;

	memset(&h, 0, sizeof(h));
	h.reps = 6;
	h.bracket_adds = CT_BRACKET_ADDS_DEFAULT;
	ct_clock_kernel(k, ctx, 1000000);
	ct_machine_describe(&m);
	CHECK(ct_harness_run(&h, k, 1, ser, why, sizeof(why)) == 0);
	ct_machine_finish(&m, 1);
	f = open_memstream(buf, len);
	for (fmt = CT_FMT_TABLE; fmt <= CT_FMT_JSON; fmt++) {
		ct_out_begin(&out, f, (enum ct_format)fmt, "unit", 1);
		ct_out_machine(&out, &m);
		ct_out_series(&out, "main", ser);
		ct_out_end(&out);
	}
	fclose(f);
}

int main(void)
{
	struct ct_series ser;
	struct ct_summary sum;
	struct ct_job k;
	struct ct_clock ctx;
	char *buf = NULL, status[256];
	size_t len = 0;
	unsigned i;

	unsetenv("CT_COUNTERS");

	/* Counted: every sample, the fake's 3 GHz, the chain's own estimate. */
	run(&ser, &k, &ctx, &buf, &len);
	CHECK(ser.counters && ser.n == 6);
	for (i = 0; i < ser.n; i++) {
		CHECK(ser.s[i].count_status == CT_COUNT_OK);
		CHECK(ser.s[i].cycles > 0 && ser.s[i].instructions == 2 * ser.s[i].cycles);
	}
	ct_summarize(&ser, CT_BASIS_CPU, &sum);
	CHECK(sum.counters && sum.counted == 6 && sum.counters_scaled == 0);
	/* The reads bracket the two clock readings too: a little over 3. */
	CHECK(sum.counter_ghz.median >= 3.0 && sum.counter_ghz.median < 3.3);
	CHECK(sum.has_estimate && fabs(sum.cycles_est.median - 1000000) < 1e-6);
	CHECK(isfinite(sum.cycles_ratio.median) && sum.verdict != CT_CYCLES_UNKNOWN);
	if (getenv("UNIT_SHOW"))	/* to look at the records */
		fwrite(buf, 1, len, stdout);
	CHECK(strstr(buf, "counters: thread, fake\n") != NULL);
	CHECK(strstr(buf, "hardware counters (thread, fake)") != NULL);
	CHECK(strstr(buf, "\"counters\":\"thread, fake\"") != NULL);
	CHECK(strstr(buf, "\"counted\":6,\"counters_scaled\":0,\"cycles_median\":") != NULL);
	CHECK(strstr(buf, "\"cycles_verdict\":\"") != NULL);
	CHECK(strstr(buf, "\"counter_status\":\"ok\",\"cycles\":") != NULL);
	CHECK(strstr(buf, "\"cycles_est\":1000000,\"cycles_ratio\":") != NULL);
	ct_counters_status(status, sizeof(status));
	CHECK(strcmp(status, "thread, fake") == 0);
	ct_series_free(&ser, 1);
	free(buf);

	/*
	 * Multiplexed to a third: every sample rejected; the first (a
	 * test chain in ct_counters_start) already, so they never open.
	 */
	mode = "multiplexed";
	buf = NULL;
	run(&ser, &k, &ctx, &buf, &len);
	CHECK(!ser.counters);
	for (i = 0; i < ser.n; i++)
		CHECK(ser.s[i].count_status == CT_COUNT_NONE && ser.s[i].cycles == 0);
	ct_summarize(&ser, CT_BASIS_WALL, &sum);
	CHECK(!sum.counters && sum.counted == 0);
	CHECK(strstr(buf, "hardware counters") == NULL);
	CHECK(strstr(buf, "cycles_median") == NULL && strstr(buf, "\"counted\"") == NULL);
	CHECK(strstr(buf, "counter_status") == NULL);
	ct_series_free(&ser, 1);
	free(buf);
	/* This process counted earlier, so the status stays present. */
	ct_counters_status(status, sizeof(status));
	CHECK(strcmp(status, "thread, fake") == 0);
	return unit_done();
}
