/*
 * measure/context.c - the machine description that heads every run: a rate means
 * little without the OS, cpu, load and build it came from, nor without the
 * context that can change it.  What can distort a run is also said on
 * standard error, one line each ("ct-xxx: warning: ..."), so that it is
 * seen even when the records go to a file; what is merely true of the
 * machine (a container, a virtual machine without counters) is recorded,
 * not warned about.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "core/common.h"
#include "measure/counters.h"
#include "measure/harness.h"
#include "platform/isa.h"
#include "measure/context.h"
#include "machine/caches.h"
#include "platform/os.h"
#include "records/record.h"

#ifdef __VERSION__
#if defined(__clang__)
#define CT_COMPILER "clang " __VERSION__
#else
#define CT_COMPILER "gcc " __VERSION__
#endif
#else
#define CT_COMPILER "unknown"
#endif

static void loadavg(double load[3])
{
	int i;

	for (i = 0; i < 3; i++)
		load[i] = -1;
#if HAVE_GETLOADAVG
	if (getloadavg(load, 3) != 3)
		for (i = 0; i < 3; i++)
			load[i] = -1;
#endif
}

/*
 * The load average is machine-wide: compare it with the online cpus.  Under
 * 1 it is mostly the decay of earlier runs (a benchmark script's own
 * previous tool), not work that competes now.
 */
double ct_load_busy(long cpus)
{
	return cpus / 4.0 > 1.0 ? cpus / 4.0 : 1.0;
}

/*
 * The kernel moves the 1-minute average towards the number of runnable
 * tasks n by a factor exp(-t/60) over t seconds: with n constant over the
 * run, end = start * d + n * (1 - d).  n less this process's own threads
 * is the other work.  Over a short run 1 - d is small and the estimate
 * mostly noise (the average is updated every 5 s): none then.
 */
double ct_load_others(double start_1m, double end_1m, double run_s, unsigned threads)
{
	double d, n;

	if (!(run_s >= CT_LOAD_MIN_RUN_S) || start_1m < 0 || end_1m < 0)
		return NAN;
	d = exp(-run_s / 60.0);
	n = (end_1m - start_1m * d) / (1 - d) - threads;
	return n > 0 ? n : 0;
}

/* Governors that may hold the clock low whatever the load. */
static int slow_governor(const struct ct_machine *m)
{
	/* powersave with a preference is intel_pstate's and amd-pstate's normal mode. */
	if (strcmp(m->governor, "powersave") == 0)
		return strcmp(m->epp, "none") == 0;
	return strcmp(m->governor, "conservative") == 0 ||
	       strcmp(m->governor, "userspace") == 0;
}

/*
 * A warning goes to standard error whole, however long, and is kept whole
 * or, past CT_MACHINE_WARNINGS or the room of warning_text, counted lost:
 * never cut.
 */
void ct_machine_warn(struct ct_machine *m, const char *fmt, ...)
{
	size_t at = m->nwarnings ? m->warning_at[m->nwarnings - 1] : 0;
	va_list ap, again;
	char *text;
	int n;

	if (m->nwarnings)
		at += strlen(m->warning_text + at) + 1;
	va_start(ap, fmt);
	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	text = ct_xmalloc(n > 0 ? (size_t)n + 1 : 1);
	vsnprintf(text, n > 0 ? (size_t)n + 1 : 1, fmt, again);
	va_end(again);
	/*
	 * One write, not warnx's three: a signal between them would leave
	 * "ct-xxx: " and the handler's "ct-xxx: interrupted" on one line.
	 */
	fprintf(stderr, "%s: warning: %s\n", ct_progname(), text);
	if (m->nwarnings < CT_MACHINE_WARNINGS && at + strlen(text) < sizeof(m->warning_text)) {
		memcpy(m->warning_text + at, text, strlen(text) + 1);
		m->warning_at[m->nwarnings++] = at;
	} else {
		m->warnings_lost++;
	}
	free(text);
}

const char *ct_machine_warning(const struct ct_machine *m, size_t i)
{
	return i < m->nwarnings ? m->warning_text + m->warning_at[i] : "";
}

const char *const ct_machine_warn_names[CT_MACHINE_NWARN] = {
	"governor", "epp", "turbo off", "cpu quota", "load at start", "descheduled",
	"THP never", "other load",
};

unsigned ct_machine_warnings(const struct ct_machine *m)
{
	long cpus = m->cpus_allowed > 0 ? m->cpus_allowed : m->cpus_online;
	unsigned w = 0;

	if (slow_governor(m))
		w |= CT_MACHINE_WARN_GOVERNOR;
	if (strcmp(m->epp, "power") == 0 || strcmp(m->epp, "balance_power") == 0)
		w |= CT_MACHINE_WARN_EPP;
	if (strcmp(m->turbo, "off") == 0)
		w |= CT_MACHINE_WARN_TURBO;
	if (m->cpu_quota > 0 && m->cpu_quota < (double)cpus)
		w |= CT_MACHINE_WARN_QUOTA;
	if (m->load[0] >= ct_load_busy(m->cpus_online))
		w |= CT_MACHINE_WARN_LOAD;
	if (m->descheduled)
		w |= CT_MACHINE_WARN_DESCHEDULED;
	if (strcmp(m->thp, "never") == 0)
		w |= CT_MACHINE_WARN_THP;
	if (m->other_load >= ct_load_busy(m->cpus_online))
		w |= CT_MACHINE_WARN_OTHERS;
	return w;
}

static void warn_start(struct ct_machine *m)
{
	long cpus = m->cpus_allowed > 0 ? m->cpus_allowed : m->cpus_online;
	unsigned w = ct_machine_warnings(m);

	if (w & CT_MACHINE_WARN_GOVERNOR)
		ct_machine_warn(m, "cpufreq governor '%s' may hold the clock below what the "
		      "cores can give", m->governor);
	if (w & CT_MACHINE_WARN_EPP)
		ct_machine_warn(m, "energy_performance_preference is '%s': the cores favour "
		      "saving energy over speed", m->epp);
	if (w & CT_MACHINE_WARN_TURBO)
		ct_machine_warn(m, "turbo is off: the clock stays at or under base");
	if (w & CT_MACHINE_WARN_QUOTA)
		ct_machine_warn(m, "a cgroup cpu quota of %.2f cpus for %ld allowed: the process "
		      "is stopped whenever its group has used it up", m->cpu_quota, cpus);
	if (w & CT_MACHINE_WARN_LOAD)
		ct_machine_warn(m, "load average %.2f at start with %ld cpu%s online: other work "
		      "competes for them", m->load[0], m->cpus_online,
		      m->cpus_online == 1 ? "" : "s");
}

void ct_machine_describe(struct ct_machine *m)
{
	static char isas[128];
	struct utsname u;
	int i;

	memset(m, 0, sizeof(*m));
	m->start_ns = ct_now_ns();
	if (uname(&u) == 0) {
		snprintf(m->hostname, sizeof(m->hostname), "%s", u.nodename);
		snprintf(m->os, sizeof(m->os), "%s", u.sysname);
		snprintf(m->release, sizeof(m->release), "%s", u.release);
		snprintf(m->arch, sizeof(m->arch), "%s", u.machine);
	} else {
		snprintf(m->hostname, sizeof(m->hostname), "unknown");
		snprintf(m->os, sizeof(m->os), "unknown");
		snprintf(m->release, sizeof(m->release), "unknown");
		snprintf(m->arch, sizeof(m->arch), "unknown");
	}
	/* Results to be published may leave the name out, or give another. */
	if (getenv("CT_HOSTNAME"))
		snprintf(m->hostname, sizeof(m->hostname), "%s", getenv("CT_HOSTNAME"));
	ct_machine_slurm(m);
	ct_os_cpu_model(m->cpu_model, sizeof(m->cpu_model));
	m->cpus_online = ct_os_ncpus();
	loadavg(m->load);
	m->uptime_s = ct_os_uptime();
	ct_os_governor(m->governor, sizeof(m->governor));
	m->clock = ct_now_clock_name();
	m->compiler = CT_COMPILER;
	m->cflags = CT_BUILD_CFLAGS;
	m->isas = ct_isa_summary(isas, sizeof(isas));
	ct_counters_status(m->counters, sizeof(m->counters));
	ct_os_epp(m->epp, sizeof(m->epp));
	ct_os_turbo(m->turbo, sizeof(m->turbo));
	ct_os_thp(m->thp, sizeof(m->thp));
	m->cpus_allowed = ct_os_cpus_allowed();
	ct_os_container(m->container, sizeof(m->container));
	m->cpu_quota = ct_os_cpu_quota();
	{
		struct ct_caches c;

		ct_caches_read(NULL, &c);
		for (i = 1; i <= 3; i++)
			m->cache_source[i] = (int)c.level[i].source;
	}
	for (i = 0; i < 3; i++)
		m->load_end[i] = -1;
	m->run_s = -1;
	m->other_load = NAN;
	warn_start(m);
}

void ct_machine_note(struct ct_machine *m, const char *placement,
		     const struct ct_series *ser, size_t n)
{
	size_t i, e;
	unsigned j;

	for (i = 0; i < n; i++) {
		const struct ct_series *s = &ser[i];
		char what[96];
		unsigned d = 0;

		m->memory |= s->k->memory;
		for (j = 0; j < s->n; j++)
			d += (unsigned)ct_sample_disturbed(&s->s[j]);
		m->samples += s->n;
		m->descheduled += d;
		/* One entry per kernel and placement, over every size of a sweep. */
		snprintf(what, sizeof(what), "%s (%s) at %s", s->k->name, s->k->isa, placement);
		for (e = 0; e < m->ndesched; e++)
			if (strcmp(m->desched[e].what, what) == 0)
				break;
		if (e == m->ndesched) {
			if (e == sizeof(m->desched) / sizeof(m->desched[0])) {
				m->desched_more += d;
				continue;
			}
			snprintf(m->desched[e].what, sizeof(m->desched[e].what), "%s", what);
			m->ndesched++;
		}
		m->desched[e].d += d;
		m->desched[e].n += s->n;
	}
	for (i = 0; i < n; i++) {
		const struct ct_series *s = &ser[i];

		if (s->precision_pct <= 0)
			continue;
		m->imprecise_of++;
		m->imprecise_pct = s->precision_pct;
		if (s->stopped_by != CT_STOP_PRECISION && !m->imprecise++)
			snprintf(m->imprecise_how, sizeof(m->imprecise_how), "%s",
				 ct_stop_name(s->stopped_by));
	}
}

/*
 * The descheduled warning names the first CT_DESCHED_NAMED series with
 * disturbed samples and sums up the rest: a run of many placements gives
 * dozens, which would make a warning no one reads (the tables mark every
 * row).  Its note then fits by construction: each name is under 96
 * characters, each count under 24.
 */
#define CT_DESCHED_NAMED 4

void ct_machine_finish(struct ct_machine *m, unsigned threads)
{
	char note[CT_DESCHED_NAMED * (96 + 24) + 64];
	size_t used = 0, e, named = 0, i;
	unsigned rest = m->desched_more;

	loadavg(m->load_end);
	m->run_s = (double)(ct_now_ns() - m->start_ns) / 1e9;
	m->other_load = ct_load_others(m->load[0], m->load_end[0], m->run_s, threads);
	ct_counters_status(m->counters, sizeof(m->counters));
	if (m->descheduled) {
		note[0] = '\0';
		for (e = 0; e < m->ndesched; e++) {
			if (!m->desched[e].d)
				continue;
			if (named++ >= CT_DESCHED_NAMED || used >= sizeof(note) - 64) {
				rest += m->desched[e].d;
				continue;
			}
			used += (size_t)snprintf(note + used, sizeof(note) - used, "%s%s %u of %u",
						 used ? ", " : "", m->desched[e].what,
						 m->desched[e].d, m->desched[e].n);
		}
		if (rest)
			snprintf(note + used, sizeof(note) - used, "%s%u more in other series",
				 used ? ", " : "", rest);
		ct_machine_warn(m, "the thread ran for under %.0f%% of the wall time of %u of %u "
		      "samples (descheduled): %s; the cpu basis leaves that time out",
		      100 * CT_DESCHEDULED_SHARE, m->descheduled, m->samples, note);
	}
	if (m->imprecise)
		ct_machine_warn(m, "precision +-%g%% not reached for %u of %u series (stopped by "
				"%s): their intervals are wider", m->imprecise_pct, m->imprecise,
				m->imprecise_of, m->imprecise_how);
	/*
	 * A kernel that read memory: a size's level, and a default size,
	 * need the caches (coretype(7), where cache sizes come from).
	 */
	for (i = 1; m->memory && i <= 3; i++) {
		if (m->cache_source[i] != CT_CACHE_UNKNOWN)
			continue;
		if (i == 1)
			ct_machine_warn(m, "no cache size is known (neither the OS nor CPUID gives "
					"one): every size has level 'unknown', and a default array "
					"size is a guess");
		else
			ct_machine_warn(m, "the L%zu size is unknown (the OS lists no caches and "
					"CPUID does not give it): sizes beyond L%zu have level "
					"'unknown', and a default array size is a guess", i, i - 1);
		break;
	}
	if (m->memory && (ct_machine_warnings(m) & CT_MACHINE_WARN_THP))
		ct_machine_warn(m, "transparent huge pages are off ('never'): the array is on "
		      "small pages");
	if (ct_machine_warnings(m) & CT_MACHINE_WARN_OTHERS)
		ct_machine_warn(m, "about %.1f other runnable tasks during the %.0f s run (load "
		      "%.2f at start, %.2f at end)", m->other_load, m->run_s, m->load[0],
		      m->load_end[0]);
}

char *ct_machine_context_text(const struct ct_machine *m, char *buf, size_t len)
{
	char quota[48], allowed[48];

	if (m->cpu_quota > 0)
		snprintf(quota, sizeof(quota), "a cpu quota of %.2f", m->cpu_quota);
	else
		snprintf(quota, sizeof(quota), "no cpu quota");
	if (m->cpus_allowed > 0)
		snprintf(allowed, sizeof(allowed), "%ld of %ld cpus allowed", m->cpus_allowed,
			 m->cpus_online);
	else
		snprintf(allowed, sizeof(allowed), "allowed cpus unknown");
	snprintf(buf, len, "governor %s, epp %s, turbo %s, THP %s; %s%s%s, %s", m->governor,
		 m->epp, m->turbo, m->thp, strcmp(m->container, "none") ? "in a " : "",
		 strcmp(m->container, "none") ? m->container : "no container",
		 strcmp(m->container, "none") ? " container" : "", allowed);
	if (len > strlen(buf))
		snprintf(buf + strlen(buf), len - strlen(buf), ", %s", quota);
	return buf;
}

char *ct_machine_load_text(const struct ct_machine *m, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%.2f %.2f %.2f at start", m->load[0], m->load[1],
			 m->load[2]);
	char run[32];

	ct_rec_time_text(run, sizeof(run), m->run_s);
	if (n > 0 && (size_t)n < len && m->run_s >= 0)
		snprintf(buf + n, len - (size_t)n, ", %.2f %.2f %.2f at the end of a %s run",
			 m->load_end[0], m->load_end[1], m->load_end[2], run);
	return buf;
}
