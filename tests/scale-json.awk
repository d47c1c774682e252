# scale-json.awk - a recorded run (the tools' JSON lines) made slower or
# faster by a factor, its work per sample unchanged: every rate and
# per-cycle figure (samples and summaries) times RATE, every sample's
# wall_ns, cpu_ns and cpu_reads_ns over RATE (so its share holds), and
# every ct-place --bench run's times (wall_s, cpu_s, user_s, sys_s,
# exec_cpu_s, lost_s, run_queue_wait_s, steal_s and the per-kind CPU
# times) over RATE.  For tests/compare/compare.sh and
# bench/compare-aa.sh, which compare a run with such a copy of itself.
# Usage: awk -v rate=0.9 -f tests/scale-json.awk FILE
function scale(line, key, f,    re, out, v) {
	re = "\"" key "\":-?[0-9][0-9.eE+-]*"
	out = ""
	while (match(line, re)) {
		v = substr(line, RSTART + length(key) + 3, RLENGTH - length(key) - 3) * f
		out = out substr(line, 1, RSTART - 1) "\"" key "\":" sprintf("%.9g", v)
		line = substr(line, RSTART + RLENGTH)
	}
	return out line
}
BEGIN {
	if (!(rate > 0)) {
		print "scale-json.awk: give -v rate=FACTOR (above 0)" > "/dev/stderr"
		exit 2
	}
	nr = split("min median max mean ci_low ci_high value_wall value_cpu " \
		   "per_cycle_wall per_cycle_cpu per_cycle_median", rates, " ")
	nt = split("wall_ns cpu_ns cpu_reads_ns wall_s cpu_s user_s sys_s exec_cpu_s lost_s " \
		   "run_queue_wait_s steal_s performance_cpu_s efficiency_cpu_s low_power_cpu_s",
		   times, " ")
}
{
	for (i = 1; i <= nr; i++)
		$0 = scale($0, rates[i], rate)
	for (i = 1; i <= nt; i++)
		$0 = scale($0, times[i], 1 / rate)
	print
}
