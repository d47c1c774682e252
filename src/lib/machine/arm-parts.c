/*
 * machine/arm-parts.c - the Arm cores the rules know by their MIDR implementer and
 * part number (R4), as arch/arm64/include/asm/cputype.h numbers them: each
 * one's name, and whether it is a little (efficiency) design.
 */
#include "config.h"

#include <stddef.h>

#include "core/common.h"
#include "machine/topo.h"

#define IMPL_ARM 0x41
#define IMPL_APPLE 0x61
#define IMPL_QCOM 0x51

static const struct {
	unsigned impl, part;
	const char *name;
	int little;
} midr_parts[] = {
	{ IMPL_ARM, 0xd03, "Cortex-A53", 1 },
	{ IMPL_ARM, 0xd04, "Cortex-A35", 1 },
	{ IMPL_ARM, 0xd05, "Cortex-A55", 1 },
	{ IMPL_ARM, 0xd46, "Cortex-A510", 1 },
	{ IMPL_ARM, 0xd80, "Cortex-A520", 1 },
	{ IMPL_ARM, 0xd07, "Cortex-A57", 0 },
	{ IMPL_ARM, 0xd08, "Cortex-A72", 0 },
	{ IMPL_ARM, 0xd09, "Cortex-A73", 0 },
	{ IMPL_ARM, 0xd0a, "Cortex-A75", 0 },
	{ IMPL_ARM, 0xd0b, "Cortex-A76", 0 },
	{ IMPL_ARM, 0xd0c, "Neoverse-N1", 0 },
	{ IMPL_ARM, 0xd0d, "Cortex-A77", 0 },
	{ IMPL_ARM, 0xd40, "Neoverse-V1", 0 },
	{ IMPL_ARM, 0xd41, "Cortex-A78", 0 },
	{ IMPL_ARM, 0xd44, "Cortex-X1", 0 },
	{ IMPL_ARM, 0xd47, "Cortex-A710", 0 },
	{ IMPL_ARM, 0xd48, "Cortex-X2", 0 },
	{ IMPL_ARM, 0xd49, "Neoverse-N2", 0 },
	{ IMPL_ARM, 0xd4d, "Cortex-A715", 0 },
	{ IMPL_ARM, 0xd4e, "Cortex-X3", 0 },
	{ IMPL_ARM, 0xd4f, "Neoverse-V2", 0 },
	{ IMPL_ARM, 0xd81, "Cortex-A720", 0 },
	{ IMPL_ARM, 0xd82, "Cortex-X4", 0 },
	{ IMPL_ARM, 0xd84, "Neoverse-V3", 0 },
	{ IMPL_ARM, 0xd85, "Cortex-X925", 0 },
	{ IMPL_ARM, 0xd87, "Cortex-A725", 0 },
	{ IMPL_ARM, 0xd8e, "Neoverse-N3", 0 },
	{ IMPL_QCOM, 0x001, "Oryon", 0 },
	{ IMPL_APPLE, 0x022, "Icestorm", 1 },
	{ IMPL_APPLE, 0x024, "Icestorm", 1 },
	{ IMPL_APPLE, 0x028, "Icestorm", 1 },
	{ IMPL_APPLE, 0x032, "Blizzard", 1 },
	{ IMPL_APPLE, 0x034, "Blizzard", 1 },
	{ IMPL_APPLE, 0x038, "Blizzard", 1 },
	{ IMPL_APPLE, 0x023, "Firestorm", 0 },
	{ IMPL_APPLE, 0x025, "Firestorm", 0 },
	{ IMPL_APPLE, 0x029, "Firestorm", 0 },
	{ IMPL_APPLE, 0x033, "Avalanche", 0 },
	{ IMPL_APPLE, 0x035, "Avalanche", 0 },
	{ IMPL_APPLE, 0x039, "Avalanche", 0 },
};

static int midr_lookup(unsigned impl, unsigned part)
{
	size_t i;

	for (i = 0; i < CT_ARRAY_SIZE(midr_parts); i++)
		if (midr_parts[i].impl == impl && midr_parts[i].part == part)
			return (int)i;
	return -1;
}

const char *ct_midr_name(unsigned implementer, unsigned part)
{
	int i = midr_lookup(implementer, part);

	return i < 0 ? NULL : midr_parts[i].name;
}

/* 1: a known little part, 0: a known big part, -1: unknown or no MIDR. */
int ct_midr_little(const struct ct_topo_cpu *c)
{
	int i;

	if (!c->has_midr || c->part == 0)
		return -1;
	i = midr_lookup(c->implementer, c->part);
	return i < 0 ? -1 : midr_parts[i].little;
}
