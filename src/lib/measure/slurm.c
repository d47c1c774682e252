/*
 * measure/slurm.c - the Slurm job and node a run was made in, from the
 * environment slurmstepd gives every task (SLURM_JOB_ID, SLURMD_NODENAME,
 * ...), for the machine record: the files of a fleet (ct-fleet(1)) then
 * say which node of which job wrote them, whatever the host calls itself.
 * Outside Slurm none is set and the record's members are null.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "measure/context.h"

static void env_copy(char *dst, size_t len, const char *name)
{
	const char *v = getenv(name);

	snprintf(dst, len, "%s", v ? v : "");
}

void ct_machine_slurm(struct ct_machine *m)
{
	env_copy(m->slurm_job_id, sizeof(m->slurm_job_id), "SLURM_JOB_ID");
	env_copy(m->slurm_array_job_id, sizeof(m->slurm_array_job_id), "SLURM_ARRAY_JOB_ID");
	env_copy(m->slurm_array_task_id, sizeof(m->slurm_array_task_id), "SLURM_ARRAY_TASK_ID");
	env_copy(m->slurm_node_name, sizeof(m->slurm_node_name), "SLURMD_NODENAME");
	env_copy(m->slurm_node_id, sizeof(m->slurm_node_id), "SLURM_NODEID");
}
