/*
 * machine.c - the machine description that heads every run: a rate means
 * little without the OS, cpu, load and build it came from.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "ct/counters.h"
#include "ct/isa.h"
#include "ct/machine.h"
#include "ct/os.h"

#ifdef __VERSION__
#if defined(__clang__)
#define CT_COMPILER "clang " __VERSION__
#else
#define CT_COMPILER "gcc " __VERSION__
#endif
#else
#define CT_COMPILER "unknown"
#endif

void ct_machine_describe(struct ct_machine *m)
{
	static char isas[128];
	struct utsname u;
	int i;

	memset(m, 0, sizeof(*m));
	if (uname(&u) == 0) {
		snprintf(m->os, sizeof(m->os), "%s", u.sysname);
		snprintf(m->release, sizeof(m->release), "%s", u.release);
		snprintf(m->arch, sizeof(m->arch), "%s", u.machine);
	} else {
		snprintf(m->os, sizeof(m->os), "unknown");
		snprintf(m->release, sizeof(m->release), "unknown");
		snprintf(m->arch, sizeof(m->arch), "unknown");
	}
	ct_os_cpu_model(m->cpu_model, sizeof(m->cpu_model));
	m->cpus_online = ct_os_ncpus();
	for (i = 0; i < 3; i++)
		m->load[i] = -1;
#if HAVE_GETLOADAVG
	if (getloadavg(m->load, 3) != 3)
		for (i = 0; i < 3; i++)
			m->load[i] = -1;
#endif
	m->uptime_s = ct_os_uptime();
	ct_os_governor(m->governor, sizeof(m->governor));
	m->clock = ct_now_clock_name();
	m->compiler = CT_COMPILER;
	m->cflags = CT_BUILD_CFLAGS;
	m->isas = ct_isa_summary(isas, sizeof(isas));
	ct_counters_status(m->counters, sizeof(m->counters));
}
