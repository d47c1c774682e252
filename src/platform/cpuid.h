/*
 * platform/cpuid.h - one cpu's identity as CPUID gives it: vendor, display
 * family, model and stepping, and on an Intel hybrid the core type of leaf
 * 0x1A.  One decoder for every path that reads CPUID: the live cpu
 * (ct_cpu_id_read, through src/platform/cpu/), each cpu of a live machine
 * and each line of a recorded machine's cpuid.txt (ct_topo_cpuid_fact,
 * src/lib/machine/topo.c), so that a recorded Zen 4 and a live one are
 * the same family 0x19 model 0x11.  Portable: it decodes numbers.
 */
#ifndef CT_PLATFORM_CPUID_H
#define CT_PLATFORM_CPUID_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum ct_cpu_vendor { CT_VENDOR_UNKNOWN, CT_VENDOR_INTEL, CT_VENDOR_AMD, CT_VENDOR_OTHER };

/*
 * Intel's core types (leaf 0x1A EAX[31:24]); 0 when the cpu did not
 * answer leaf 0x1A.
 */
#define CT_CPU_CORE_TYPE_ATOM 0x20u
#define CT_CPU_CORE_TYPE_CORE 0x40u

struct ct_cpu_id {
	enum ct_cpu_vendor vendor;	/* leaf 0 (EBX, EDX, ECX); unknown until read */
	/*
	 * Leaf 1 EAX as Intel and AMD display it: the extended family
	 * EAX[27:20] is added only to a base family 0xf, the extended model
	 * EAX[19:16] is the model's high nibble only for base families 6
	 * and 0xf.  0 until read.
	 */
	unsigned family;
	unsigned model;
	unsigned stepping;
	unsigned core_type;		/* leaf 0x1A EAX[31:24], CT_CPU_CORE_TYPE_* */
	uint32_t native_model;		/* leaf 0x1A EAX[23:0] */
};

/* The vendor spelled by leaf 0's EBX, EDX, ECX ("GenuineIntel", "AuthenticAMD"). */
enum ct_cpu_vendor ct_cpuid_vendor(const uint32_t leaf0[4]);

/*
 * Take one CPUID answer (leaf, subleaf, EAX..EDX) into id: leaves 0, 1 and
 * 0x1A (subleaf 0) say something; every other answer leaves id as it is.
 */
void ct_cpu_id_leaf(struct ct_cpu_id *id, uint32_t leaf, uint32_t sub, const uint32_t r[4]);

/*
 * The calling cpu's identity, read with CPUID.  Returns -1 with id zeroed
 * where there is no CPUID (not x86).  Leaf 0x1A describes the cpu that
 * executes the instruction: a caller that wants a given cpu's core type
 * pins there first.
 */
int ct_cpu_id_read(struct ct_cpu_id *id);

/*
 * A recorded machine's cpuid.txt: every line "cpu=N leaf=0x4 sub=0x0
 * eax=... ebx=... ecx=... edx=..." (hex but cpu; '#' comments) given to
 * each(arg, ...) in order.  Returns 0, or -1 with "NAME:LINE: what" in
 * why (src/lib/machine/recorded-text.c).
 */
typedef void (*ct_cpuid_line)(void *arg, uint32_t cpu, uint32_t leaf, uint32_t sub,
			      const uint32_t r[4]);
int ct_cpuid_parse(FILE *f, const char *name, ct_cpuid_line each, void *arg, char *why,
		   size_t len);

/*
 * The platform seam: CPUID leaf/subleaf on the calling cpu
 * (src/platform/cpu/x86.c).  Returns 0, or -1 where the architecture has
 * no CPUID (platform/cpu/arm.c, platform/cpu/other.c).
 */
int ct_cpuid(uint32_t leaf, uint32_t sub, uint32_t r[4]);

#endif
