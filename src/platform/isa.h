/*
 * platform/isa.h - which kernel ISAs were compiled in, which this cpu and OS can
 * run, and the one-time choice among them.  The feature tests live in the
 * architecture seam: src/platform/cpu/x86.c (CPUID and XGETBV),
 * platform/cpu/arm.c (getauxval, sysctlbyname), platform/cpu/other.c.
 */
#ifndef CT_PLATFORM_ISA_H
#define CT_PLATFORM_ISA_H

#include <stddef.h>
#include <stdio.h>

enum ct_isa {
	CT_ISA_SCALAR,
	CT_ISA_AVX2,		/* AVX2 + FMA3, 256-bit */
	CT_ISA_AVX512,		/* AVX-512F, 512-bit */
	CT_ISA_NEON,		/* AdvSIMD, 128-bit */
	CT_ISA_COUNT
};

const char *ct_isa_name(enum ct_isa isa);
/* Name -> ISA; -1 for an unknown name ("auto" is not an ISA). */
int ct_isa_from_name(const char *name, enum ct_isa *isa);

int ct_isa_compiled(enum ct_isa isa);
/* Compiled, and the cpu has it, and the OS saves its registers. */
int ct_isa_usable(enum ct_isa isa);
/* The widest usable ISA, decided once. */
enum ct_isa ct_isa_best(void);

/*
 * Bit (1u << isa) for every ISA the running cpu and OS support, whatever
 * was compiled: implemented once per architecture in src/platform/cpu/.
 */
unsigned ct_cpu_isa_mask(void);

/*
 * The ISA a tool should run: req is the --isa argument or NULL, then the
 * CT_ISA environment variable, then "auto".  An unknown name is a usage
 * error (exit 2); a known ISA that cannot run here exits CT_EXIT_NOISA.
 */
enum ct_isa ct_isa_choose(const char *req);

/* "scalar avx2 avx512 (usable: scalar avx2 avx512)" for --version. */
char *ct_isa_summary(char *buf, size_t len);

#endif
