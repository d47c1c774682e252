/*
 * unit-cpuid - the one CPUID identity decoder (src/platform/cpuid.c) on
 * the leaf values of known parts, and the same decoder reached through a
 * recorded machine's cpuid.txt, so that the live and the recorded paths
 * cannot disagree on a family or a model.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "platform/cpuid.h"
#include "machine/topo.h"
#include "../unit.h"

/* Leaf 0 of a vendor: EAX the highest leaf, the name in EBX, EDX, ECX. */
static void leaf0(uint32_t r[4], uint32_t max, const char *name)
{
	r[0] = max;
	memcpy(&r[1], name, 4);
	memcpy(&r[3], name + 4, 4);
	memcpy(&r[2], name + 8, 4);
}

static struct ct_cpu_id decode(const char *vendor, uint32_t eax1, uint32_t eax1a)
{
	struct ct_cpu_id id;
	uint32_t r[4] = { 0 };

	memset(&id, 0, sizeof(id));
	leaf0(r, 0x20, vendor);
	ct_cpu_id_leaf(&id, 0, 0, r);
	r[0] = eax1;
	r[1] = r[2] = r[3] = 0;
	ct_cpu_id_leaf(&id, 1, 0, r);
	if (eax1a) {
		r[0] = eax1a;
		ct_cpu_id_leaf(&id, 0x1a, 0, r);
	}
	return id;
}

static void test_parts(void)
{
	struct ct_cpu_id id;

	/* Zen 4 (Genoa): base family 0xf + extended 0xa, model 0x11. */
	id = decode("AuthenticAMD", 0x00a10f11, 0);
	CHECK(id.vendor == CT_VENDOR_AMD);
	CHECK(id.family == 0x19 && id.model == 0x11 && id.stepping == 1);
	CHECK(id.core_type == 0);

	/* Alder Lake P, a Core cpu and an Atom one: family 6 model 0x9a. */
	id = decode("GenuineIntel", 0x000906a3, 0x40000001);
	CHECK(id.vendor == CT_VENDOR_INTEL);
	CHECK(id.family == 6 && id.model == 0x9a && id.stepping == 3);
	CHECK(id.core_type == CT_CPU_CORE_TYPE_CORE && id.native_model == 1);
	id = decode("GenuineIntel", 0x000906a3, 0x20000001);
	CHECK(id.core_type == CT_CPU_CORE_TYPE_ATOM && id.native_model == 1);

	/* Skylake-SP: family 6 model 85 (0x55), stepping 4. */
	id = decode("GenuineIntel", 0x00050654, 0);
	CHECK(id.family == 6 && id.model == 85 && id.stepping == 4);

	/*
	 * The extensions count only where the manuals say: an extended family
	 * beside a base family other than 0xf is not added, an extended model
	 * beside a base family other than 6 and 0xf is not the high nibble.
	 */
	id = decode("GenuineIntel", 0x00f50654, 0);
	CHECK(id.family == 6 && id.model == 85);
	id = decode("GenuineIntel", 0x00050554, 0);
	CHECK(id.family == 5 && id.model == 5);

	id = decode("HygonGenuine", 0x00900f01, 0);
	CHECK(id.vendor == CT_VENDOR_OTHER && id.family == 0x18 && id.model == 0);

	/* Leaf 0x1A's other subleaves and unknown leaves change nothing. */
	{
		uint32_t r[4] = { 0x40000001, 0, 0, 0 };

		id = decode("GenuineIntel", 0x000906a3, 0);
		ct_cpu_id_leaf(&id, 0x1a, 1, r);
		ct_cpu_id_leaf(&id, 0x7, 0, r);
		CHECK(id.core_type == 0 && id.family == 6 && id.model == 0x9a);
	}
}

/* A recorded cpuid.txt goes through the same decoder. */
static void test_recorded(void)
{
	static const char txt[] =
		"cpu=0 leaf=0x0 sub=0x0 eax=0x10 ebx=0x68747541 ecx=0x444d4163 edx=0x69746e65\n"
		"cpu=0 leaf=0x1 sub=0x0 eax=0x00a10f11 ebx=0x0 ecx=0x0 edx=0x0\n";
	struct ct_topo t;
	char why[256];
	FILE *f;

	ct_topo_init(&t, 0);
	f = fmemopen((void *)txt, strlen(txt), "r");
	CHECK(ct_topo_parse_cpuid(&t, f, "cpuid.txt", why, sizeof(why)) == 0);
	fclose(f);
	ct_cpuset_set(&t.online, 0);
	CHECK(t.vendor == CT_VENDOR_AMD);
	CHECK(t.ncpu == 1 && t.cpu[0].id.family == 0x19 && t.cpu[0].id.model == 0x11);
	CHECK(ct_topo_x86_family(&t) == 0x19);
	ct_topo_free(&t);
}

/* The live cpu: where there is CPUID, a vendor and a family. */
static void test_live(void)
{
	struct ct_cpu_id id;

	if (ct_cpu_id_read(&id) < 0) {
		CHECK(id.vendor == CT_VENDOR_UNKNOWN && id.family == 0);
		return;
	}
	CHECK(id.vendor != CT_VENDOR_UNKNOWN);
	CHECK(id.family != 0);
}

int main(void)
{
	test_parts();
	test_recorded();
	test_live();
	return unit_done();
}
