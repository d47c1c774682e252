/*
 * ceiling.h - the architectural ceilings of the per-cycle figures: the
 * most any shipped core of an ISA's family can retire or load in one
 * cycle.  A measured median above its ceiling cannot be the core's: the
 * clock under it was misread (a bracket descheduled, a clock that stepped),
 * so the figure is marked implausible instead of printed plainly.
 * coretype(7) lists the values and where they come from.
 */
#ifndef CT_CEILING_H
#define CT_CEILING_H

/*
 * The ceiling of a per-cycle unit ("fma/cycle", "byte/cycle") for a
 * kernel ISA ("avx512", "avx2", "neon", "scalar"); NaN when none is known.
 */
double ct_ceiling(const char *isa, const char *unit);

#endif
