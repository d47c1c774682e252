/*
 * measure/ceiling.h - the architectural ceilings of the per-cycle figures: the
 * most any shipped core of an ISA's family can retire or load in one
 * cycle.  A measured median above its ceiling cannot be the core's: the
 * clock under it was misread (a bracket descheduled, a clock that stepped),
 * so the figure is marked implausible instead of printed plainly.
 * A per-cycle figure has an error of its own (it divides by a clock the
 * brackets measured), so only a median beyond the ceiling plus that
 * error is implausible.  coretype(7) lists the values, where they come
 * from and the margin.
 */
#ifndef CT_MEASURE_CEILING_H
#define CT_MEASURE_CEILING_H

/*
 * The ceiling of a per-cycle unit ("fma/cycle", "byte/cycle") for a
 * kernel ISA ("avx512", "avx2", "neon", "scalar"); NaN when none is known.
 */
double ct_ceiling(const char *isa, const char *unit);

/*
 * The error allowed a per-cycle figure, as a fraction: a fixed part for
 * what the run cannot see (the add chain against the core's own clock:
 * a Zen 4 at its exact limit of 32 flop/cycle read up to 1.5 % above it
 * with steady brackets) plus the brackets' spread in the run (the fastest
 * of the n clocks over their median, less one: how far a typical sample's
 * clock reads below the best one), capped so that a figure 10 % over its
 * ceiling is always implausible.  ghz: the brackets' clock of each sample
 * the figure comes from; n 0 gives the fixed part alone.  Pure.
 */
#define CT_CEILING_MARGIN_FIXED 0.02
#define CT_CEILING_MARGIN_MAX 0.05
double ct_ceiling_margin(const double *ghz, unsigned n);

/*
 * Whether a median per-cycle figure is implausible: above ceiling x
 * (1 + margin).  A NaN median or ceiling (no figure, none known) never
 * is.  Pure.
 */
int ct_ceiling_exceeded(double median, double ceiling, double margin);

#endif
