/*
 * tool/progress.h - one line on standard error, redrawn in place with '\r',
 * that says where a long run is (ct-place's placements, a sweep of
 * sizes): only when standard error is a terminal, unless forced either
 * way (--progress, --no-progress).  The caller updates it between
 * samples, never inside one (the harness's progress hook), and it redraws
 * at most every CT_PROGRESS_MIN_NS, so drawing costs the run nothing it
 * measures; it is erased before the results are printed.
 */
#ifndef CT_TOOL_PROGRESS_H
#define CT_TOOL_PROGRESS_H

#include <stdint.h>
#include <stdio.h>

#define CT_PROGRESS_MIN_NS 100000000ull	/* 0.1 s between redraws */

enum ct_progress_mode { CT_PROGRESS_AUTO, CT_PROGRESS_OFF, CT_PROGRESS_ON };

struct ct_progress {
	FILE *f;
	int on;
	uint64_t start_ns, last_ns;
	size_t shown;			/* width of the line on screen */
	int width;			/* the terminal's (term.h): the line is cut to fit */
};

/* AUTO: on when f is a terminal. */
void ct_progress_init(struct ct_progress *p, FILE *f, enum ct_progress_mode mode);
/*
 * Redraw the line as "TEXT, ELAPSED s[, about LEFT s left]" (left < 0:
 * unknown); force redraws even within CT_PROGRESS_MIN_NS of the last.
 */
void ct_progress_show(struct ct_progress *p, int force, double left_s, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/*
 * A line of its own above the progress line, when that is on: what the
 * run will do, wrapped to the terminal's width (two columns in after the
 * first line).
 */
void ct_progress_note(struct ct_progress *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Erase the line (before results or a message). */
void ct_progress_clear(struct ct_progress *p);
/* Seconds since ct_progress_init(). */
double ct_progress_elapsed(const struct ct_progress *p);

#endif
