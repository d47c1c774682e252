/*
 * platform/darwin/place.c - placements on macOS.  Apple silicon has no cpu
 * affinity: only quality of service steers a thread.  QOS_CLASS_BACKGROUND
 * keeps a thread on the efficiency cores; taskpolicy -c background demotes
 * a whole process.  Higher classes prefer, but do not guarantee, the
 * performance cores.
 */
#include "config.h"

#include <errno.h>
#include <mach-o/dyld.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if HAVE_PTHREAD_SET_QOS_CLASS_SELF_NP
#include <pthread/qos.h>
#endif

#include "platform/place.h"

int ct_place_background_hint(char *how, size_t len)
{
#if HAVE_PTHREAD_SET_QOS_CLASS_SELF_NP
	if (pthread_set_qos_class_self_np(QOS_CLASS_BACKGROUND, 0) == 0) {
		snprintf(how, len, "QOS_CLASS_BACKGROUND");
		return 0;
	}
#endif
	snprintf(how, len, "no QoS API");
	errno = ENOTSUP;
	return -1;
}

int ct_place_allowed(struct ct_cpuset *cpus)
{
	(void)cpus;
	errno = ENOTSUP;
	return -1;
}

int ct_place_clamp_process(const struct ct_cpuset *cpus)
{
	(void)cpus;
	errno = ENOTSUP;
	return -1;
}

int ct_place_can_pin(void)
{
	return 0;
}

int ct_place_self_exe(char *buf, size_t len)
{
	uint32_t n = (uint32_t)len;

	return _NSGetExecutablePath(buf, &n) == 0 ? 0 : -1;
}

int ct_place_exec_background(char *const argv[])
{
#ifdef CT_TASKPOLICY_PATH
	size_t n = 0, i;
	char **av;
	int e;

	while (argv[n])
		n++;
	av = calloc(n + 4, sizeof(*av));
	if (!av)
		return -1;
	av[0] = (char *)"taskpolicy";
	av[1] = (char *)"-c";
	av[2] = (char *)"background";
	for (i = 0; i <= n; i++)
		av[3 + i] = argv[i];
	execv(CT_TASKPOLICY_PATH, av);
	/* The callers tell a missing program (127) by execv's errno. */
	e = errno;
	free(av);
	errno = e;
	return -1;
#else
	(void)argv;
	errno = ENOTSUP;
	return -1;
#endif
}
