/*
 * core/term.h - how wide the terminal a stream writes to is, for the human
 * outputs that fit it (tables, the progress line).
 */
#ifndef CT_CORE_TERM_H
#define CT_CORE_TERM_H

#include <stdio.h>

/*
 * The columns the human output to f fits: -w N's N (ct_term_set_width()),
 * none (0) with --wide; else COLUMNS when set to a number; else the
 * terminal's own (TIOCGWINSZ, 80 when it has none), or CT_TERM_PIPE_WIDTH
 * when f is a pipe or a file (lscpu's habits).
 */
#define CT_TERM_PIPE_WIDTH 120
#define CT_TERM_WIDE (-1)
#define CT_TERM_MIN_WIDTH 20
#define CT_TERM_MAX_WIDTH 100000
int ct_term_width(FILE *f);
/* The width the options give: N columns, CT_TERM_WIDE (no limit), or 0 (none given). */
void ct_term_set_width(int width);
/*
 * -w N and --wide (getopt's code c and its argument), every tool's: 1 when
 * c is one of them (a bad N is a usage error), 0 for another option.
 */
int ct_term_option(int c, const char *arg);
/*
 * text and a newline, broken at spaces into lines of at most width
 * columns (0: one line), each after the first starting with indent; a
 * word longer than a line is written whole, on a line of its own.
 */
void ct_term_wrap(FILE *f, int width, const char *indent, const char *text);

/*
 * line[len] (no newline) and a newline, in lines of at most width
 * (0: one line): its start up to its value kept as it is ("load:    "
 * of "label: value", "*      " of a footnote, else its indent and two
 * more), the rest broken at spaces, each further line starting under
 * the value.
 */
void ct_term_wrap_hanging(FILE *f, int width, const char *line, size_t len);
/*
 * Text for a terminal with its long lines wrapped: ct_term_open(f) gives
 * the stream to write instead of f (ct_term_width() of it is f's) when f
 * is a terminal, else f itself; ct_term_close(t, f) writes what t holds
 * to f, each line wider than the terminal broken at spaces, its further
 * lines under the value of a "label: value" line (or two columns in).
 * Tables fitted already are as wide as the terminal at most, and pass.
 */
FILE *ct_term_open(FILE *f);
/* The whole lines t holds so far, out now (a row written as it comes). */
void ct_term_sync(FILE *t);
void ct_term_close(FILE *t, FILE *f);

#endif
