/*
 * report/paired.c - the paired record (report/paired.h): a cpu against the
 * first cpu of -c, kernel by kernel, from the same rounds.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/common.h"
#include "core/mann-whitney.h"
#include "records/doc.h"
#include "report/paired.h"

enum {
	Q_TOOL, Q_PLACEMENT, Q_AGAINST, Q_KERNEL, Q_ISA, Q_SIZE, Q_SIZE_TEXT, Q_X_WALL,
	Q_WALL_LO, Q_WALL_HI, Q_WALL_INTERVAL, Q_WALL_P, Q_X_CPU, Q_CPU_LO, Q_CPU_HI, Q_CPU_P,
	Q_PAIRS, Q_DISTURBED, Q_KEPT, Q_VERDICT, Q_LEVEL, Q_SEED
};

static const struct ct_rec_field paired_fields[] = {
	{ Q_TOOL, "tool", NULL, CT_REC_STR, NULL, NULL, CT_REC_DATA },
	{ Q_PLACEMENT, "placement", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ Q_AGAINST, "against", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ Q_KERNEL, "kernel", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ Q_ISA, "isa", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ Q_SIZE, "size_bytes", NULL, CT_REC_INT, NULL, NULL, CT_REC_DATA },
	{ Q_SIZE_TEXT, NULL, "size", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
	{ Q_X_WALL, "ratio_wall", "x wall", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ Q_WALL_LO, "ratio_wall_lo", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ Q_WALL_HI, "ratio_wall_hi", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ Q_WALL_INTERVAL, NULL, "interval", CT_REC_STR, NULL, NULL, CT_REC_TEXT },
	{ Q_WALL_P, "ratio_wall_p", "p", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ Q_X_CPU, "ratio_cpu", "x cpu", CT_REC_NUM, "%.6g", "%.3f", CT_REC_ALL },
	{ Q_CPU_LO, "ratio_cpu_lo", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ Q_CPU_HI, "ratio_cpu_hi", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ Q_CPU_P, "ratio_cpu_p", NULL, CT_REC_NUM, "%.6g", NULL, CT_REC_DATA },
	{ Q_PAIRS, "pairs", NULL, CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ Q_DISTURBED, "pairs_disturbed", "disturbed", CT_REC_INT, NULL, NULL, CT_REC_ALL },
	{ Q_KEPT, "pairs_disturbed_kept", NULL, CT_REC_BOOL, NULL, NULL, CT_REC_JSON },
	{ Q_VERDICT, "verdict", NULL, CT_REC_STR, NULL, NULL, CT_REC_ALL | CT_REC_LEFT },
	{ Q_LEVEL, "ratio_level", NULL, CT_REC_NUM, NULL, NULL, CT_REC_JSON },
	{ Q_SEED, "order_seed", NULL, CT_REC_INT, NULL, NULL, CT_REC_JSON },
};

const char *ct_paired_verdict(const struct ct_out_paired_rec *p)
{
	double x = p->r.ratio[CT_BASIS_WALL], lo = p->r.ratio_lo[CT_BASIS_WALL];
	double hi = p->r.ratio_hi[CT_BASIS_WALL];

	if (!isfinite(x) || !isfinite(lo) || !isfinite(hi))
		return "-";
	/* A difference at the level, and at least the minimum effect over its whole interval. */
	if (p->r.ratio_p[CT_BASIS_WALL] < p->alpha && (hi < 1 || lo > 1) &&
	    ct_ratio_beyond(x, lo, hi, CT_COMPARE_THRESHOLD))
		return x < 1 ? "slower" : "faster";
	return "~";
}

static void paired_value(const void *rec, int id, unsigned out, struct ct_rec_value *v)
{
	const struct ct_out_paired_rec *p = rec;
	const struct ct_results *r = &p->r;

	(void)out;
	switch (id) {
	case Q_TOOL:
		v->str = p->tool;
		break;
	case Q_PLACEMENT:
		v->str = p->placement;
		break;
	case Q_AGAINST:
		v->str = p->against;
		break;
	case Q_KERNEL:
		v->str = p->kernel;
		break;
	case Q_ISA:
		v->str = p->isa;
		break;
	case Q_SIZE:
		v->omit = !p->size_bytes;
		v->i = (long long)p->size_bytes;
		break;
	case Q_SIZE_TEXT:
		if (!p->size_bytes)
			snprintf(v->buf, sizeof(v->buf), "-");
		else if (p->size_bytes % (1u << 20) == 0)
			snprintf(v->buf, sizeof(v->buf), "%lluM",
				 (unsigned long long)(p->size_bytes >> 20));
		else if (p->size_bytes % 1024 == 0)
			snprintf(v->buf, sizeof(v->buf), "%lluK",
				 (unsigned long long)(p->size_bytes >> 10));
		else
			snprintf(v->buf, sizeof(v->buf), "%llu", (unsigned long long)p->size_bytes);
		v->str = v->buf;
		break;
	case Q_X_WALL:
		v->num = r->ratio[CT_BASIS_WALL];
		break;
	case Q_WALL_LO:
		v->num = r->ratio_lo[CT_BASIS_WALL];
		break;
	case Q_WALL_HI:
		v->num = r->ratio_hi[CT_BASIS_WALL];
		break;
	case Q_WALL_INTERVAL:
		if (isfinite(r->ratio_lo[CT_BASIS_WALL]) && isfinite(r->ratio_hi[CT_BASIS_WALL]))
			snprintf(v->buf, sizeof(v->buf), "%.3f..%.3f", r->ratio_lo[CT_BASIS_WALL],
				 r->ratio_hi[CT_BASIS_WALL]);
		else
			snprintf(v->buf, sizeof(v->buf), "-");
		v->str = v->buf;
		break;
	case Q_WALL_P:
		v->num = r->ratio_p[CT_BASIS_WALL];
		break;
	case Q_X_CPU:
		v->num = r->ratio[CT_BASIS_CPU];
		break;
	case Q_CPU_LO:
		v->num = r->ratio_lo[CT_BASIS_CPU];
		break;
	case Q_CPU_HI:
		v->num = r->ratio_hi[CT_BASIS_CPU];
		break;
	case Q_CPU_P:
		v->num = r->ratio_p[CT_BASIS_CPU];
		break;
	case Q_PAIRS:
		v->i = p->pc.used;
		break;
	case Q_DISTURBED:
		v->i = p->pc.disturbed;
		break;
	case Q_KEPT:
		v->i = p->pc.kept_disturbed;
		break;
	case Q_VERDICT:
		v->str = ct_paired_verdict(p);
		break;
	case Q_LEVEL:
		v->num = 1 - p->alpha;
		break;
	case Q_SEED:
		v->i = (long long)p->seed;
		break;
	}
}

const struct ct_rec_kind ct_rec_paired = {
	"paired", paired_fields, CT_ARRAY_SIZE(paired_fields), paired_value, 0
};

void ct_out_paired(FILE *f, enum ct_format fmt, const struct ct_out_paired_rec *p, size_t n)
{
	struct ct_rec_writer w;
	unsigned out = fmt == CT_FMT_JSON ? CT_REC_JSON : fmt == CT_FMT_TSV ? CT_REC_TSV :
		       CT_REC_TABLE;
	struct ct_doc d;
	size_t i;

	if (!n)
		return;
	if (out == CT_REC_TABLE) {
		ct_doc_init(&d, f, CT_REC_TABLE, "");
		ct_doc_section(&d, "paired: each cpu against %s in the same rounds (wall basis "
			       "interval at %g%%, signed-rank)", p[0].against, 100 * (1 - p[0].alpha));
	} else if (out == CT_REC_TSV) {
		ct_doc_gap(f);
	}
	ct_rec_begin(&w, f, out, &ct_rec_paired);
	for (i = 0; i < n; i++)
		ct_rec_write(&w, &p[i]);
	ct_rec_end(&w);
	if (out == CT_REC_TABLE) {
		ct_doc_init(&d, f, CT_REC_TABLE, "");
		ct_doc_mark(&d, "~", "no difference of %.0f%% or more at that level (slower, faster: "
			    "the whole interval beyond it); -: too few rounds for an interval",
			    100 * CT_COMPARE_THRESHOLD);
	}
}
