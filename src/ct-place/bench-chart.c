/*
 * ct-place/bench-chart.c - ct-place --bench as a chart (-o DIR's
 * summary.svg), drawn by the chart writer of records/svg*.c: a panel per
 * basis, a bar per placement at its median time (in the unit that suits
 * the panel: ms, µs) with the median's 95% interval, coloured by the
 * kinds its CPU time went to, main's median as the reference line, a
 * placement with disturbed runs marked.  With
 * several commands (-- CMD1 -- CMD2) each row names its command ("cmd 2:
 * main"), the title counts them, a line lists them and each panel's
 * subtitle gives every command's main.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/common.h"
#include "measure/harness.h"
#include "ct-place/bench.h"
#include "records/record.h"
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
	char (*tips)[360] = ct_xcalloc(n * CT_BENCH_NBASES, sizeof(*tips));
	char (*labels)[80] = ct_xcalloc(n, sizeof(*labels));
	char title[160], machine[512], run[640], cmds[640], psub[CT_BENCH_NBASES][160];
	char caveat[200], axis[CT_BENCH_NBASES][64], med[64], min[64];
	size_t used, k;
	double scale[CT_BENCH_NBASES], max;
	const char *unit[CT_BENCH_NBASES];
	unsigned disturbed = 0;
	int b;

	memset(&c, 0, sizeof(c));
	if (res->ncmd > 1)
		snprintf(title, sizeof(title), "coretype: %u commands under each placement", res->ncmd);
	else
		snprintf(title, sizeof(title), "coretype: '%.100s' under each placement", d->command);
	c.title = title;
	snprintf(machine, sizeof(machine), "%s, %s %s %s, %ld cpus online.", d->m->cpu_model,
		 d->m->os, d->m->release, d->m->arch, d->m->cpus_online);
	c.lines[0] = machine;
	k = 1;
	if (res->ncmd > 1 && d->commands) {
		used = (size_t)snprintf(cmds, sizeof(cmds), "Commands:");
		for (r = 0; r < d->ncmd && used < sizeof(cmds); r++)
			used += (size_t)snprintf(cmds + used, sizeof(cmds) - used, "%s %zu '%.100s'",
						 r ? "," : "", r + 1, d->commands[r]);
		c.lines[k++] = cmds;
	}
	snprintf(run, sizeof(run), "%u runs per placement%s in interleaved rounds after %u "
		 "warm-up each. Bars: median time, the error bar its 95%% interval; colour: the "
		 "kinds of core its CPU time went to.", d->runs, res->ncmd > 1 ? " and command" : "",
		 d->warmup);
	c.lines[k] = run;
	c.digits = 4;
	/* Each panel's times in the unit that suits its longest median: 54.12 ms, not 0.054 s. */
	for (b = 0; b < CT_BENCH_NBASES; b++) {
		for (max = 0, r = 0; r < res->n; r++)
			if (res->s[r].b[b].st.median > max)
				max = res->s[r].b[b].st.median;
		unit[b] = ct_rec_time_unit(max, &scale[b]);
		snprintf(axis[b], sizeof(axis[b]), "median time per run, %s", unit[b]);
	}
	/* No line: main's median is the subtitle of each panel, on its own basis. */
	c.reference = NAN;
	c.bar_legend = "bar: median of the runs";
	c.err_legend = "error bar: 95% interval of the median";
	for (r = 0; r < res->n; r++) {
		const struct ct_bench_summary *s = &res->s[r];

		if (res->ncmd > 1)
			snprintf(labels[r], sizeof(labels[r]), "cmd %u: %s", res->rows[r].cmd + 1,
				 res->rows[r].p.name);
		else
			snprintf(labels[r], sizeof(labels[r]), "%s", res->rows[r].p.name);
		rows[r].label = labels[r];
		rows[r].sublabel = s->split[0] ? s->split : "kinds unknown";
		rows[r].color = ct_svg_kinds_color(s->kinds);
		for (b = 0; b < CT_BENCH_NBASES; b++) {
			struct ct_svg_bar *bar = &bars[(size_t)b * n + r];
			const struct ct_bench_figures *fg = &s->b[b];
			char *tip = tips[(size_t)b * n + r];

			bar->value = fg->st.median * scale[b];
			bar->lo = fg->ci_lo * scale[b];
			bar->hi = fg->ci_hi * scale[b];
			bar->marker = NAN;
			bar->disturbed = b == CT_BENCH_WALL && s->disturbed > 0;
			ct_svg_number(med, sizeof(med), fg->st.median * scale[b], 4);
			ct_svg_number(min, sizeof(min), fg->st.min * scale[b], 4);
			snprintf(tip, 360, "%s, %s basis: median %s %s, min %s %s, cv %.2f%%, "
				 "%.3f x main (%s); %u runs, %u disturbed", labels[r],
				 ids[b], med, unit[b], min, unit[b], fg->st.cv_pct, fg->ratio,
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
		panels[b].axis = axis[b];
		psub[b][0] = '\0';
		/* Each command's main, the reference of its rows' x main. */
		for (r = 0, used = 0; r < res->n && used < sizeof(psub[b]); r++) {
			if (strcmp(res->rows[r].p.name, "main") != 0)
				continue;
			ct_svg_number(med, sizeof(med), res->s[r].b[b].st.median * scale[b], 4);
			if (res->ncmd > 1)
				used += (size_t)snprintf(psub[b] + used, sizeof(psub[b]) - used,
							 "%scmd %u %s %s", used ? ", " : "main: ",
							 res->rows[r].cmd + 1, med, unit[b]);
			else
				used += (size_t)snprintf(psub[b] + used, sizeof(psub[b]) - used,
							 "main: %s %s", med, unit[b]);
		}
		if (used && used < sizeof(psub[b]))
			snprintf(psub[b] + used, sizeof(psub[b]) - used, " (median%s)",
				 res->ncmd > 1 ? "s" : "");
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
	free(labels);
	free(bars);
	free(tips);
}
