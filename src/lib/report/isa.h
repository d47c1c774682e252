/*
 * report/isa.h - --list-isa: a record per ISA, whether this binary has it
 * compiled and whether this cpu and OS can run it, in every format.
 */
#ifndef CT_REPORT_ISA_H
#define CT_REPORT_ISA_H

#include <stdio.h>

#include "report/report.h"

extern const struct ct_rec_kind ct_rec_isa;
void ct_isa_print(FILE *f, enum ct_format fmt);

#endif
