/*
 * fuzz-kinds - the declared kinds (CT_KINDS, --kinds) through
 * ct_kinds_parse_list() and onto a made-up machine with ct_kinds_apply().
 * The first four bytes shape the machine (sixteen cpus: which are online,
 * which are allowed), the rest is the CT_KINDS text.  A refused list or
 * declaration says why; an accepted list declares some cpu, formats to a
 * list that parses to the same declaration, and, applied, classifies
 * every usable cpu as declared, with the evidence "given" and ranks dense
 * in kind order.
 */
#include "config.h"

#include "fuzz.h"
#include "machine/declared.h"

#define NCPU 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ct_kinds d, again;
	struct ct_topo t;
	char why[1024], *text, *canon;
	unsigned online, allowed;
	int i, k, present = 0;
	size_t clen = CT_KIND_COUNT * (6 * CT_CPUSET_MAX + 16);

	if (size < 4)
		return 0;
	online = (unsigned)data[0] | (unsigned)data[1] << 8;
	allowed = (unsigned)data[2] | (unsigned)data[3] << 8;
	text = fuzz_cstr(data + 4, size - 4);
	ct_kinds_init(&d, CT_KINDS_ENV);
	why[0] = '\0';
	if (ct_kinds_parse_list(&d, text, why, sizeof(why)) < 0) {
		FUZZ_ASSERT(why[0] != '\0');
		free(text);
		return 0;
	}
	FUZZ_ASSERT(ct_kinds_any(&d));
	canon = malloc(clen);
	ct_kinds_format(&d, canon, clen);
	ct_kinds_init(&again, CT_KINDS_ENV);
	FUZZ_ASSERT(ct_kinds_parse_list(&again, canon, why, sizeof(why)) == 0);
	for (k = 0; k < CT_KIND_COUNT; k++)
		FUZZ_ASSERT(ct_cpuset_equal(&d.cpus[k], &again.cpus[k]));
	free(canon);

	ct_topo_init(&t, NCPU);
	for (i = 0; i < NCPU; i++) {
		ct_cpuset_set(&t.possible, i);
		if (online >> i & 1) {
			ct_cpuset_set(&t.online, i);
			t.cpu[i].online = 1;
		}
		if (allowed >> i & 1)
			ct_cpuset_set(&t.allowed, i);
	}
	ct_cpuset_and(&t.usable, &t.online, &t.allowed);
	why[0] = '\0';
	if (ct_kinds_apply(&d, &t, why, sizeof(why)) < 0) {
		FUZZ_ASSERT(why[0] != '\0');
	} else {
		FUZZ_ASSERT(strcmp(t.rules, "given") == 0);
		for (k = 0; k < CT_KIND_COUNT; k++)
			present += !ct_cpuset_empty(&d.cpus[k]);
		FUZZ_ASSERT(t.nranks == present);
		for (i = 0; i < NCPU; i++) {
			const struct ct_topo_cpu *c = ct_topo_cpu(&t, i);

			if (!ct_cpuset_isset(&d.all, i)) {
				FUZZ_ASSERT(c == NULL && !ct_cpuset_isset(&t.usable, i));
				continue;
			}
			FUZZ_ASSERT(c != NULL && c->evidence == CT_EV_GIVEN);
			FUZZ_ASSERT(ct_cpuset_isset(&d.cpus[c->kind], i));
			/* The rank counts the kinds declared before this one. */
			for (k = 0, present = 0; k < (int)c->kind; k++)
				present += !ct_cpuset_empty(&d.cpus[k]);
			FUZZ_ASSERT(c->rank == present);
		}
		if (!ct_cpuset_empty(&t.usable))
			fuzz_use_topo(&t);
	}
	ct_topo_free(&t);
	free(text);
	return 0;
}
