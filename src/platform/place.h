/*
 * platform/place.h - placements: where a measuring thread is asked to run,
 * and the operating-system calls that ask.  The calls live in the platform
 * seam, src/platform/linux/place.c and platform/darwin/place.c;
 * src/platform/place.c runs a function under a thread-level placement.
 * Which placements a machine has: ct-place/plan.h (ct_place_plan).
 *
 * Placements (ct-place(1) has the full story per OS):
 *   main                the main thread as spawned, no call
 *   thread              a new pthread, no call (a control for the route)
 *   thread-background   a new pthread that asks for the efficiency hint,
 *                       then blocks once so the scheduler can move it
 *   process-background  the whole process clamped: Linux limits its
 *                       affinity to the efficiency kind (a pin, not a
 *                       hint); macOS re-runs it under taskpolicy -c
 *                       background
 *   pin-KIND            Linux: the thread pinned to one allowed cpu of KIND
 */
#ifndef CT_PLATFORM_PLACE_H
#define CT_PLATFORM_PLACE_H

#include <pthread.h>
#include <stddef.h>

#include "core/cpuset.h"

enum ct_place_kind {
	CT_PLACE_MAIN,
	CT_PLACE_THREAD,
	CT_PLACE_THREAD_BACKGROUND,
	CT_PLACE_PROCESS_BACKGROUND,
	CT_PLACE_PIN
};

struct ct_placement {
	enum ct_place_kind kind;
	char name[48];			/* "main", "pin-efficiency" */
	int cpu;			/* CT_PLACE_PIN: the cpu */
	struct ct_cpuset cpus;		/* PROCESS_BACKGROUND on Linux: the clamp */
	int applicable;			/* 0: shown as not applicable */
	int darwin;			/* planned for macOS (QoS, taskpolicy) */
	char note[160];			/* why not applicable, or how it is asked */
};

/*
 * Run fn(arg) under a thread-level placement (main, thread, thread-*,
 * pin).  how gets what the OS was asked, as it answered ("SCHED_IDLE (a
 * hint)", "pinned to cpu 3").  Returns 0, or -1 with a message in why.
 */
int ct_place_run_thread(const struct ct_placement *p, void (*fn)(void *),
			void *arg, char *how, size_t howlen, char *why, size_t len);

/*
 * The same for a thread that stays: fn(arg) starts in a new thread under
 * the thread-level placement p (thread, thread-*, pin; not main) and runs
 * on while the caller goes on, so that one placed thread can be handed
 * work round after round.  Returns once the thread is placed: 0 with how
 * filled, or -1 with a message (the thread gone, fn never called).
 * ct_place_thread_join() waits for fn to return.
 */
struct ct_place_thread {
	pthread_t t;
	struct thread_job *job;
};
int ct_place_thread_start(const struct ct_placement *p, void (*fn)(void *), void *arg,
			  struct ct_place_thread *th, char *how, size_t howlen, char *why,
			  size_t len);
void ct_place_thread_join(struct ct_place_thread *th);
/*
 * Pin the calling thread to cpu, only if this process may run there: a
 * cpu that went offline or was taken out of the allowed set since it was
 * chosen is an error naming it, never a silent widening of the affinity
 * (Linux lets a thread pin itself outside the set taskset gave it) nor a
 * run on some other cpu.  Returns 0, or -1 with "cpu N ..." in why.
 */
int ct_place_pin(int cpu, char *why, size_t len);
/*
 * Whether the calling thread could pin itself to cpu: ct_place_pin()'s
 * checks alone, nothing changed.  Returns 0, or -1 with "cpu N ..." in why.
 */
int ct_place_can_use(int cpu, char *why, size_t len);

/* The platform seam (src/platform/linux/place.c, platform/darwin/place.c). */

/*
 * Ask, from the calling thread, to be treated as background work so the
 * scheduler prefers an efficiency core.  Describes in how what it did
 * ("QOS_CLASS_BACKGROUND", "SCHED_IDLE + uclamp max 0 (a hint)").
 * Returns 0, or -1 with errno when nothing could be asked.
 */
int ct_place_background_hint(char *how, size_t len);

/* The cpus this process may run on; -1 where the OS has no affinity. */
int ct_place_allowed(struct ct_cpuset *cpus);

/* Limit the whole process (every thread, and children) to cpus. */
int ct_place_clamp_process(const struct ct_cpuset *cpus);

/* Whether this OS can pin threads to cpus. */
int ct_place_can_pin(void);

/* The running executable's path, for re-running it under a placement. */
int ct_place_self_exe(char *buf, size_t len);

/*
 * Replace the process with argv[0..] demoted to the efficiency cores
 * where the OS does that with a program (macOS: taskpolicy -c background);
 * returns -1 with errno (ENOTSUP elsewhere) if it could not.
 */
int ct_place_exec_background(char *const argv[]);

#endif
