/*
 * ct-place/bench-chart.c - ct-place --bench as a chart (-o DIR's
 * summary.svg), drawn by the chart writer of records/svg.c: a panel per
 * basis, a bar per placement at its median time with the median's 95%
 * interval, coloured by the kinds its CPU time went to, main's median as
 * the reference line, a placement with disturbed runs marked.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "ct-place/bench.h"
#include "records/svg.h"

void ct_bench_svg(FILE *f, const struct ct_bench_doc *d)
{
	static const char *const ids[CT_BENCH_NBASES] = { "wall", "cpu" };
	static const char *const ptitles[CT_BENCH_NBASES] = {
		"wall time (elapsed)", "CPU time (user + system of the tree)"
	};
	const struct ct_bench_results *res = d->res;
	size_t n = res->n ? res->n : 1, r;
	struct ct_svg_chart c;
	struct ct_svg_panel panels[CT_BENCH_NBASES];
	struct ct_svg_row *rows = ct_xcalloc(n, sizeof(*rows));
	struct ct_svg_bar *bars = ct_xcalloc(n * CT_BENCH_NBASES, sizeof(*bars));
	char (*tips)[320] = ct_xcalloc(n * CT_BENCH_NBASES, sizeof(*tips));
	char title[160], machine[512], run[640], psub[CT_BENCH_NBASES][96], caveat[200];
	unsigned disturbed = 0;
	int b;

	memset(&c, 0, sizeof(c));
	snprintf(title, sizeof(title), "coretype: '%.100s' under each placement", d->command);
	c.title = title;
	snprintf(machine, sizeof(machine), "%s, %s %s %s, %ld cpus online.", d->m->cpu_model,
		 d->m->os, d->m->release, d->m->arch, d->m->cpus_online);
	c.lines[0] = machine;
	snprintf(run, sizeof(run), "%u runs per placement in interleaved rounds after %u warm-up "
		 "each. Bars: median time in seconds, the error bar its 95%% interval; colour: the "
		 "kinds of core its CPU time went to.", d->runs, d->warmup);
	c.lines[1] = run;
	c.axis = "median time per run, s";
	/* No line: main's median is the subtitle of each panel, on its own basis. */
	c.reference = NAN;
	c.bar_legend = "bar: median of the runs";
	c.err_legend = "error bar: 95% interval of the median";
	for (r = 0; r < res->n; r++) {
		const struct ct_bench_summary *s = &res->s[r];

		rows[r].label = res->rows[r].p.name;
		rows[r].sublabel = s->split[0] ? s->split : "kinds unknown";
		rows[r].color = ct_svg_kinds_color(s->kinds);
		for (b = 0; b < CT_BENCH_NBASES; b++) {
			struct ct_svg_bar *bar = &bars[(size_t)b * n + r];
			const struct ct_bench_figures *fg = &s->b[b];
			char *tip = tips[(size_t)b * n + r];

			bar->value = fg->st.median;
			bar->lo = fg->ci_lo;
			bar->hi = fg->ci_hi;
			bar->marker = NAN;
			bar->disturbed = b == CT_BENCH_WALL && s->disturbed > 0;
			snprintf(tip, 320, "%s, %s basis: median %.4f s, min %.4f s, cv %.2f%%, "
				 "%.3f x main (%s); %u runs, %u disturbed", res->rows[r].p.name,
				 ids[b], fg->st.median, fg->st.min, fg->st.cv_pct, fg->ratio,
				 ct_bench_verdict_name(fg->verdict), res->rows[r].n, s->disturbed);
			bar->tip = tip;
		}
		disturbed += s->disturbed;
	}
	c.rows = rows;
	c.nrows = res->n;
	for (b = 0; b < CT_BENCH_NBASES; b++) {
		panels[b].id = ids[b];
		panels[b].title = ptitles[b];
		psub[b][0] = '\0';
		if (res->ref)
			snprintf(psub[b], sizeof(psub[b]), "main: %.4f s (median)",
				 res->s[res->ref - res->rows].b[b].st.median);
		panels[b].subtitle = psub[b][0] ? psub[b] : NULL;
		panels[b].bars = &bars[(size_t)b * n];
	}
	c.panels = panels;
	c.npanels = CT_BENCH_NBASES;
	if (disturbed) {
		snprintf(caveat, sizeof(caveat), "Caveat: bars marked * had disturbed runs (over "
			 "%.0f%% of their time lost to others): their wall figures mislead.",
			 100 * CT_LOST_SHARE_MAX);
		c.caveat = caveat;
	}
	ct_svg_write(f, &c);
	free(rows);
	free(bars);
	free(tips);
}
