/*
 * unit-machine.h - a made-up machine for the unit tests of the rules
 * (unit-topo) and of declared kinds (unit-kinds): the test then sets the
 * facts its case needs.
 */
#ifndef CT_TESTS_UNIT_MACHINE_H
#define CT_TESTS_UNIT_MACHINE_H

#include "core/cpuset.h"
#include "machine/topo.h"

/* n cpus, all possible, online and allowed, of arch, nothing else known. */
static inline void unit_machine(struct ct_topo *t, int n, enum ct_topo_arch arch)
{
	int i;

	ct_topo_init(t, n);
	for (i = 0; i < n; i++) {
		ct_cpuset_set(&t->possible, i);
		ct_cpuset_set(&t->online, i);
		ct_cpuset_set(&t->allowed, i);
		t->cpu[i].online = 1;
	}
	t->arch = arch;
}

#endif
