#!/usr/bin/env bash
# A stand-in for a batch system's submit command, for the cluster-generic
# executor: the job script (last argument) runs as a separate, detached
# process from the shared working directory, as a cluster node would run it,
# so a job that relied on the Snakemake process's memory or environment fails.
set -euo pipefail
jobscript="${!#}"
mkdir -p logs/cluster
log="logs/cluster/$(basename "$jobscript").log"
setsid nohup bash "$jobscript" >"$log" 2>&1 </dev/null &
echo "$!"
