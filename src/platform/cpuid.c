/*
 * platform/cpuid.c - the one decoder of CPUID's identity leaves (see
 * cpuid.h).  Only ct_cpu_id_read executes CPUID, through ct_cpuid()
 * (src/platform/cpu/), which answers -1 off x86.
 */
#include "config.h"

#include <string.h>

#include "platform/cpuid.h"

enum ct_cpu_vendor ct_cpuid_vendor(const uint32_t leaf0[4])
{
	char v[13];

	/* The vendor string is EBX, EDX, ECX. */
	memcpy(v, &leaf0[1], 4);
	memcpy(v + 4, &leaf0[3], 4);
	memcpy(v + 8, &leaf0[2], 4);
	v[12] = '\0';
	if (strcmp(v, "GenuineIntel") == 0)
		return CT_VENDOR_INTEL;
	if (strcmp(v, "AuthenticAMD") == 0)
		return CT_VENDOR_AMD;
	return CT_VENDOR_OTHER;
}

/* Leaf 1 EAX: [3:0] stepping, [7:4] model, [11:8] family, [19:16] and [27:20] their extensions. */
static void signature(struct ct_cpu_id *id, uint32_t eax)
{
	unsigned base = (eax >> 8) & 0xf;

	id->stepping = eax & 0xf;
	id->model = (eax >> 4) & 0xf;
	id->family = base;
	if (base == 0xf)
		id->family += (eax >> 20) & 0xff;
	if (base == 0x6 || base == 0xf)
		id->model |= ((eax >> 16) & 0xf) << 4;
}

void ct_cpu_id_leaf(struct ct_cpu_id *id, uint32_t leaf, uint32_t sub, const uint32_t r[4])
{
	switch (leaf) {
	case 0:
		id->vendor = ct_cpuid_vendor(r);
		break;
	case 1:
		signature(id, r[0]);
		break;
	case 0x1a:
		if (sub == 0) {
			id->core_type = r[0] >> 24;
			id->native_model = r[0] & 0xffffff;
		}
		break;
	default:
		break;
	}
}

int ct_cpu_id_read(struct ct_cpu_id *id)
{
	uint32_t r[4], max;

	memset(id, 0, sizeof(*id));
	if (ct_cpuid(0, 0, r) < 0)
		return -1;
	ct_cpu_id_leaf(id, 0, 0, r);
	max = r[0];
	if (max >= 1) {
		ct_cpuid(1, 0, r);
		ct_cpu_id_leaf(id, 1, 0, r);
	}
	if (max >= 0x1a) {
		ct_cpuid(0x1a, 0, r);
		ct_cpu_id_leaf(id, 0x1a, 0, r);
	}
	return 0;
}
