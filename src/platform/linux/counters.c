/*
 * platform/linux/counters.c - hardware cycles and instructions of the calling
 * thread on Linux: perf_event_open(2), one group of two events
 * (PERF_COUNT_HW_CPU_CYCLES leading, PERF_COUNT_HW_INSTRUCTIONS), user
 * space only (exclude_kernel, exclude_hv: what perf_event_paranoid 2,
 * the default of most distributions, allows; the OS's cycles are not the
 * measured code's), read as a group so that both values and the enabled
 * and running times come from one instant.
 *
 * A generic hardware event opens on one PMU.  On a hybrid machine whose
 * kernel gives each kind of core its own PMU, a thread that runs on the
 * other kind is not counted there: its samples read as not running (or
 * multiplexed) and are rejected, never extrapolated (counters.c).
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/common.h"
#include "platform/counters.h"
#include "platform/os.h"

#if HAVE_LINUX_PERF_EVENT_H
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

const char *ct_counters_scope(void)
{
	return "thread, perf_event_open";
}

#if HAVE_LINUX_PERF_EVENT_H && defined(SYS_perf_event_open)

struct ct_counters {
	int leader, insn;
};

static int open_event(uint64_t config, int group)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = config;
	a.disabled = group < 0;		/* the leader starts the group */
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED |
			PERF_FORMAT_TOTAL_TIME_RUNNING;
	/* pid 0, cpu -1: the calling thread, on whatever cpu it runs. */
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, group, 0);
}

static void explain(int e, const char *which, char *why, size_t len)
{
	switch (e) {
	case ENOENT:
		snprintf(why, len, "perf_event_open %s: no such hardware event "
			 "(ENOENT: no PMU, as under most hypervisors)", which);
		break;
	case EACCES:
	case EPERM:
		snprintf(why, len, "perf_event_open %s: not permitted "
			 "(kernel.perf_event_paranoid is %d)", which, ct_os_perf_paranoid());
		break;
	case ENOSYS:
		snprintf(why, len, "perf_event_open: not in this kernel (ENOSYS)");
		break;
	case EOPNOTSUPP:
		snprintf(why, len, "perf_event_open %s: not supported by this PMU (EOPNOTSUPP)",
			 which);
		break;
	default:
		snprintf(why, len, "perf_event_open %s: %s", which, strerror(e));
		break;
	}
}

struct ct_counters *ct_counters_open(char *why, size_t len)
{
	struct ct_counters *c;
	int leader, insn;

	leader = open_event(PERF_COUNT_HW_CPU_CYCLES, -1);
	if (leader < 0) {
		explain(errno, "cycles", why, len);
		return NULL;
	}
	insn = open_event(PERF_COUNT_HW_INSTRUCTIONS, leader);
	if (insn < 0) {
		explain(errno, "instructions", why, len);
		close(leader);
		return NULL;
	}
	if (ioctl(leader, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP) < 0 ||
	    ioctl(leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP) < 0) {
		snprintf(why, len, "perf_event_open: cannot enable the group: %s",
			 strerror(errno));
		close(insn);
		close(leader);
		return NULL;
	}
	c = ct_xmalloc(sizeof(*c));
	c->leader = leader;
	c->insn = insn;
	return c;
}

int ct_counters_read(struct ct_counters *c, struct ct_counter_read *r)
{
	/* PERF_FORMAT_GROUP: nr, time_enabled, time_running, then one value per event. */
	uint64_t v[5];
	ssize_t n = read(c->leader, v, sizeof(v));

	if (n != (ssize_t)sizeof(v) || v[0] != 2)
		return -1;
	r->time_enabled = v[1];
	r->time_running = v[2];
	r->cycles = v[3];
	r->instructions = v[4];
	return 0;
}

void ct_counters_close(struct ct_counters *c)
{
	if (!c)
		return;
	close(c->insn);
	close(c->leader);
	free(c);
}

#else /* no perf_event_open at build time */

struct ct_counters {
	int unused;
};

struct ct_counters *ct_counters_open(char *why, size_t len)
{
	snprintf(why, len, "built without linux/perf_event.h");
	return NULL;
}

int ct_counters_read(struct ct_counters *c, struct ct_counter_read *r)
{
	(void)c;
	(void)r;
	return -1;
}

void ct_counters_close(struct ct_counters *c)
{
	(void)c;
}

#endif
