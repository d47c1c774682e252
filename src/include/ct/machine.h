/*
 * machine.h - the description every run starts with: what ran where.
 */
#ifndef CT_MACHINE_H
#define CT_MACHINE_H

struct ct_machine {
	char os[80];			/* uname sysname */
	char release[128];		/* kernel release */
	char arch[80];			/* uname machine */
	char cpu_model[128];
	long cpus_online;
	double load[3];			/* load average at start, -1 if unknown */
	double uptime_s;		/* -1 if unknown */
	char governor[64];		/* cpufreq governor or "none" */
	const char *clock;		/* the clock ct_now_ns() reads */
	const char *compiler;
	const char *cflags;
	const char *isas;		/* ISAs compiled in */
	char counters[256];		/* ct_counters_status() */
};

void ct_machine_describe(struct ct_machine *m);

#endif
