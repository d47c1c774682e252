/*
 * fuzz-sysctl - sysctl.txt of a recorded Mac (ct_topo_parse_sysctl), what
 * sysctl(8) printed: "hw.nperflevels: 2", "hw.perflevel0.name: Performance",
 * ...  An accepted file goes on as ct_topo_load takes it: the cpus it
 * counts (ct_topo_mac_cpus), then the macOS rules (M1, M2 without the
 * IORegistry).
 */
#include "config.h"

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ct_topo t;
	char why[512], *copy;
	FILE *f = fuzz_file(data, size, &copy);

	why[0] = '\0';
	ct_topo_init(&t, 0);
	t.recorded = 1;
	if (ct_topo_parse_sysctl(&t, f, "sysctl.txt", why, sizeof(why)) < 0) {
		fuzz_check_why(why, "sysctl.txt:");
	} else if (ct_topo_mac_cpus(&t, why, sizeof(why)) < 0) {
		fuzz_check_why(why, NULL);
	} else if (ct_topo_classify(&t, why, sizeof(why)) < 0) {
		fuzz_check_why(why, NULL);
	} else {
		fuzz_use_topo(&t);
	}
	ct_topo_free(&t);
	fclose(f);
	free(copy);
	return 0;
}
