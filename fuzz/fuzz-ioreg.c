/*
 * fuzz-ioreg - ioreg-cpus.txt of a recorded Mac (ct_topo_parse_ioreg): the
 * IORegistry's cpus, "cpuN logical-cpu-id=N cluster-type=E|P ...".  It is
 * read after sysctl.txt, so each run starts from a fixed Mac: the recorded
 * M1's (data/machines/apple-m1-macos), eight cpus in two performance
 * levels; then the macOS rules (M1 + M2) match the cluster types against
 * the levels.
 */
#include "config.h"

#include "fuzz.h"

static const char sysctl_txt[] =
	"hw.logicalcpu: 8\n"
	"hw.nperflevels: 2\n"
	"hw.perflevel0.logicalcpu: 4\n"
	"hw.perflevel0.name: Performance\n"
	"hw.perflevel1.logicalcpu: 4\n"
	"hw.perflevel1.name: Efficiency\n"
	"machdep.cpu.brand_string: Apple M1\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ct_topo t;
	char why[512], *copy;
	FILE *base, *f;

	why[0] = '\0';
	ct_topo_init(&t, 0);
	t.recorded = 1;
	base = fmemopen((void *)sysctl_txt, sizeof(sysctl_txt) - 1, "r");
	FUZZ_ASSERT(base != NULL);
	FUZZ_ASSERT(ct_topo_parse_sysctl(&t, base, "sysctl.txt", why, sizeof(why)) == 0);
	FUZZ_ASSERT(ct_topo_mac_cpus(&t, why, sizeof(why)) == 0);
	fclose(base);
	f = fuzz_file(data, size, &copy);
	if (ct_topo_parse_ioreg(&t, f, "ioreg-cpus.txt", why, sizeof(why)) < 0)
		fuzz_check_why(why, "ioreg-cpus.txt:");
	else if (ct_topo_classify(&t, why, sizeof(why)) < 0)
		fuzz_check_why(why, NULL);
	else
		fuzz_use_topo(&t);
	ct_topo_free(&t);
	fclose(f);
	free(copy);
	return 0;
}
