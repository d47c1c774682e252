/*
 * fuzz-cpuid - cpuid.txt of a recorded machine (ct_topo_parse_cpuid): what
 * CPUID answered on each cpu, "cpu=N leaf=0x.. sub=0x.. eax=.. ebx=..
 * ecx=.. edx=..".  An accepted file is then classified as ct_topo_load
 * would after the sysfs files said its cpus are online: the CPUID rules
 * (R2, R3) run on whatever the file claims.
 */
#include "config.h"

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ct_topo t;
	char why[512], *copy;
	FILE *f = fuzz_file(data, size, &copy);
	int i;

	why[0] = '\0';
	ct_topo_init(&t, 0);
	if (ct_topo_parse_cpuid(&t, f, "cpuid.txt", why, sizeof(why)) < 0) {
		fuzz_check_why(why, "cpuid.txt:");
	} else if (t.ncpu > 0) {
		for (i = 0; i < t.ncpu; i++) {
			ct_cpuset_set(&t.online, i);
			t.cpu[i].online = 1;
		}
		t.possible = t.allowed = t.online;
		t.arch = CT_TOPO_ARCH_X86;
		t.recorded = 1;
		if (ct_topo_classify(&t, why, sizeof(why)) == 0)
			fuzz_use_topo(&t);
		else
			fuzz_check_why(why, NULL);
	}
	ct_topo_free(&t);
	fclose(f);
	free(copy);
	return 0;
}
