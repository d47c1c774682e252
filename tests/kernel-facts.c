/*
 * kernel-facts.c - print the description every kernel built into libct
 * gives of itself (struct ct_kernel, src/kernels/kernels.h), one
 * TSV row per kernel under a '#' header, for the inner-loop shape tests
 * (tests/asm-*.sh): they read what a loop must do from here, so that the
 * kernel file is the only place that says it.  Empty cells for the
 * strings a kernel leaves empty (the mnemonic of a kernel whose
 * instructions are the compiler's).
 */
#include "config.h"

#include <stdio.h>

#include "workloads/fma.h"
#include "workloads/isa.h"
#include "kernels/kernels.h"
#include "workloads/stream.h"

static const char *str(const char *s)
{
	return s ? s : "";
}

static void row(const struct ct_kernel *d)
{
	printf("%s\t%s\t%s\t%u\t%u\t%u\t%u\t%u\t%u\t%u\t%s\t%s\t%s\t%s\t%s\t%s\t%u\t%s\t%u\t%s\n",
	       d->kernel, d->isa, d->symbol, d->accumulators, d->lanes, d->loads,
	       d->load_bytes, d->bytes, d->flops, d->ops, str(d->insn), str(d->mnemonic),
	       str(d->reg), str(d->binds), d->flags & CT_KERNEL_SHARED_LOAD ? "yes" : "no",
	       d->flags & CT_KERNEL_AS_COMPILED ? "yes" : "no", d->prefetches,
	       str(d->symbol_pf), d->short_loads, str(d->symbol_short));
}

int main(void)
{
	int i;

	printf("#kernel\tisa\tsymbol\taccumulators\tlanes\tloads\tload_bytes\tbytes\tflops\tops\t"
	       "insn\tmnemonic\treg\tbinds\tshared_load\tas_compiled\tprefetches\tsymbol_pf\t"
	       "short_loads\tsymbol_short\n");
	row(&ct_addchain_desc);
	for (i = 0; i < CT_ISA_COUNT; i++) {
		const struct ct_kernel *d = ct_fma_desc((enum ct_isa)i);

		if (d)
			row(d);
	}
	for (i = 0; i < CT_ISA_COUNT; i++) {
		const struct ct_kernel *d = ct_stream_desc((enum ct_isa)i);

		if (d)
			row(d);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("kernel-facts");
		return 1;
	}
	return 0;
}
