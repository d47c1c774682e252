/*
 * report/isa.c - --list-isa as records (isa.h).
 */
#include "config.h"

#include <stdio.h>

#include "core/common.h"
#include "platform/isa.h"
#include "report/isa.h"

enum isa_field { I_ISA, I_COMPILED, I_USABLE, I_COMPILED_WORD, I_USABLE_WORD };

/* In the table, the words yes and no; in TSV and JSON, booleans. */
static const struct ct_rec_field isa_fields[] = {
	{ I_ISA, "isa", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ I_COMPILED_WORD, NULL, "compiled", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ I_USABLE_WORD, NULL, "usable", CT_REC_STR, NULL, NULL, CT_REC_TEXT | CT_REC_LEFT },
	{ I_COMPILED, "compiled", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_DATA },
	{ I_USABLE, "usable", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_DATA },
};

static void isa_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	enum ct_isa isa = *(const enum ct_isa *)rec;

	(void)out;
	switch ((enum isa_field)id) {
	case I_ISA:
		v->str = ct_isa_name(isa);
		break;
	case I_COMPILED:
		v->i = ct_isa_compiled(isa);
		break;
	case I_USABLE:
		v->i = ct_isa_usable(isa);
		break;
	case I_COMPILED_WORD:
		v->str = ct_isa_compiled(isa) ? "yes" : "no";
		break;
	case I_USABLE_WORD:
		v->str = ct_isa_usable(isa) ? "yes" : "no";
		break;
	}
}

const struct ct_rec_kind ct_rec_isa = {
	"isa", isa_fields, CT_ARRAY_SIZE(isa_fields), isa_value, 0
};

void ct_isa_print(FILE *f, enum ct_format fmt)
{
	struct ct_rec_writer w;
	enum ct_isa isa;

	ct_rec_begin(&w, f, ct_rec_out_of(fmt), &ct_rec_isa);
	for (isa = 0; isa < CT_ISA_COUNT; isa++)
		ct_rec_write(&w, &isa);
	ct_rec_end(&w);
}
