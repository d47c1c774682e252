/*
 * measure/counters.c - what a pair of hardware counter readings says, the same on
 * every platform, and the process-wide record of whether this machine
 * gave counts at all (the machine record's "counters" field).
 *
 * A reading the decision rejects is reported as not counted, never as a
 * number: a count that was extrapolated from a small share of the call,
 * that went backwards, or that implies a clock no core has would otherwise
 * pass for a measurement.
 */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/counters.h"
#include "kernels/kernels.h"
#include "platform/os.h"

static const char *const status_names[CT_COUNT_NSTATUS] = {
	[CT_COUNT_NONE] = "none",
	[CT_COUNT_OK] = "ok",
	[CT_COUNT_SCALED] = "scaled",
	[CT_COUNT_MULTIPLEXED] = "multiplexed",
	[CT_COUNT_NOT_RUNNING] = "not-running",
	[CT_COUNT_BACKWARDS] = "backwards",
	[CT_COUNT_ZERO] = "zero",
	[CT_COUNT_IMPLAUSIBLE] = "implausible",
};

/* Why a status rejects, for messages. */
static const char *const status_why[CT_COUNT_NSTATUS] = {
	[CT_COUNT_NONE] = "no counters",
	[CT_COUNT_OK] = "counted",
	[CT_COUNT_SCALED] = "multiplexed and scaled",
	[CT_COUNT_MULTIPLEXED] = "multiplexed: counted under half of the time",
	[CT_COUNT_NOT_RUNNING] = "never scheduled on a counter",
	[CT_COUNT_BACKWARDS] = "a total went backwards",
	[CT_COUNT_ZERO] = "zero cycles or instructions",
	[CT_COUNT_IMPLAUSIBLE] = "an implausible clock or instruction rate",
};

const char *ct_count_status_name(enum ct_count_status s)
{
	return (unsigned)s < CT_COUNT_NSTATUS ? status_names[s] : "unknown";
}

int ct_count_usable(enum ct_count_status s)
{
	return s == CT_COUNT_OK || s == CT_COUNT_SCALED;
}

enum ct_count_status ct_count_decide(const struct ct_counter_read *a,
				     const struct ct_counter_read *b, uint64_t cpu_ns,
				     struct ct_count *c)
{
	uint64_t enabled, running;
	double scale = 1, ghz;

	memset(c, 0, sizeof(*c));
	if (b->cycles < a->cycles || b->instructions < a->instructions ||
	    b->time_enabled < a->time_enabled || b->time_running < a->time_running)
		return c->status = CT_COUNT_BACKWARDS;
	enabled = b->time_enabled - a->time_enabled;
	running = b->time_running - a->time_running;
	if (running == 0)
		return c->status = CT_COUNT_NOT_RUNNING;
	/* Running can only trail enabled; a platform rounding otherwise is not multiplexing. */
	if (running > enabled)
		enabled = running;
	c->running_share = (double)running / (double)enabled;
	if (c->running_share < CT_COUNT_MIN_RUNNING)
		return c->status = CT_COUNT_MULTIPLEXED;
	if (running < enabled)
		scale = (double)enabled / (double)running;
	if (b->cycles == a->cycles || b->instructions == a->instructions)
		return c->status = CT_COUNT_ZERO;
	c->cycles = (double)(b->cycles - a->cycles) * scale;
	c->instructions = (double)(b->instructions - a->instructions) * scale;
	ghz = cpu_ns ? c->cycles / (double)cpu_ns : 0;
	if ((cpu_ns && (ghz < CT_COUNT_GHZ_MIN || ghz > CT_COUNT_GHZ_MAX)) ||
	    c->instructions > CT_COUNT_IPC_MAX * c->cycles) {
		c->cycles = c->instructions = 0;
		return c->status = CT_COUNT_IMPLAUSIBLE;
	}
	return c->status = running < enabled ? CT_COUNT_SCALED : CT_COUNT_OK;
}

double ct_cycles_ratio(double counted, double estimated)
{
	if (!(counted > 0) || !(estimated > 0) || !isfinite(counted) || !isfinite(estimated))
		return NAN;
	return counted / estimated;
}

enum ct_cycles_verdict ct_cycles_verdict(double ratio)
{
	if (!isfinite(ratio))
		return CT_CYCLES_UNKNOWN;
	if (fabs(ratio - 1) * 100 <= CT_CYCLES_AGREE_PCT)
		return CT_CYCLES_AGREE;
	return ratio < 1 ? CT_CYCLES_FEWER : CT_CYCLES_MORE;
}

const char *ct_cycles_verdict_name(enum ct_cycles_verdict v)
{
	switch (v) {
	case CT_CYCLES_AGREE:
		return "agree";
	case CT_CYCLES_FEWER:
		return "fewer-cycles";
	case CT_CYCLES_MORE:
		return "more-cycles";
	default:
		return "unknown";
	}
}

/* --- The process-wide record, shared by every measuring thread. --- */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int opened_ever, counted_ever;
static char absent_why[256];		/* why none could be opened */
static char uncounted_why[256];		/* opened, yet no sample counted */

static void note_absent(const char *why)
{
	pthread_mutex_lock(&lock);
	if (!absent_why[0])
		snprintf(absent_why, sizeof(absent_why), "%s", why);
	pthread_mutex_unlock(&lock);
}

struct ct_counters *ct_counters_start(void)
{
	const char *env = getenv("CT_COUNTERS");
	struct ct_counter_read a, b;
	struct ct_counters *c;
	struct ct_count n;
	uint64_t c0, c1;
	char why[200], msg[256];

	if (env && strcmp(env, "0") == 0) {
		note_absent("disabled by CT_COUNTERS=0");
		return NULL;
	}
	c = ct_counters_open(why, sizeof(why));
	if (!c) {
		note_absent(why);
		return NULL;
	}
	/*
	 * A counter that opens may still not count (a hypervisor that
	 * accepts the event and never schedules it, a platform that reports
	 * zeros): a million dependent adds must read as a usable pair.
	 */
	c0 = ct_thread_cpu_ns();
	if (ct_counters_read(c, &a) < 0) {
		ct_counters_close(c);
		note_absent("the counters opened but cannot be read");
		return NULL;
	}
	CT_SINK(ct_addchain((1u << 20) / CT_ADDCHAIN_UNROLL));
	if (ct_counters_read(c, &b) < 0) {
		ct_counters_close(c);
		note_absent("the counters opened but cannot be read");
		return NULL;
	}
	c1 = ct_thread_cpu_ns();
	if (!ct_count_usable(ct_count_decide(&a, &b, c1 - c0, &n))) {
		ct_counters_close(c);
		snprintf(msg, sizeof(msg), "%s: a test chain read as %s", ct_counters_scope(),
			 status_why[n.status]);
		note_absent(msg);
		return NULL;
	}
	pthread_mutex_lock(&lock);
	opened_ever = 1;
	pthread_mutex_unlock(&lock);
	return c;
}

void ct_counters_note_run(int opened, unsigned counted, unsigned taken,
			  enum ct_count_status first_reject)
{
	pthread_mutex_lock(&lock);
	opened_ever |= opened;
	if (counted)
		counted_ever = 1;
	else if (opened && taken && !uncounted_why[0])
		snprintf(uncounted_why, sizeof(uncounted_why),
			 "%s: opened, but none of %u samples counted (%s)", ct_counters_scope(),
			 taken, status_why[(unsigned)first_reject < CT_COUNT_NSTATUS ?
					   first_reject : CT_COUNT_NONE]);
	pthread_mutex_unlock(&lock);
}

int ct_counters_present(void)
{
	int v;

	pthread_mutex_lock(&lock);
	v = counted_ever;
	pthread_mutex_unlock(&lock);
	return v;
}

char *ct_counters_status(char *buf, size_t len)
{
	int tried;

	pthread_mutex_lock(&lock);
	tried = opened_ever || absent_why[0];
	pthread_mutex_unlock(&lock);
	if (!tried)
		ct_counters_close(ct_counters_start());
	pthread_mutex_lock(&lock);
	if (counted_ever || (opened_ever && !uncounted_why[0]))
		snprintf(buf, len, "%s", ct_counters_scope());
	else if (opened_ever)
		snprintf(buf, len, "absent: %s", uncounted_why);
	else
		snprintf(buf, len, "absent: %s", absent_why);
	pthread_mutex_unlock(&lock);
	return buf;
}
