#!/usr/bin/env bash
# Installs figdata itself into the conda environment made from figdata.yaml:
# Snakemake runs this inside the new environment right after creating it
# (`--sdm conda`), so that the jobs' `python -m figdata.cli` finds the package.
#
# figdata is on no package index, and a relative pip entry (`-e ..`) in
# figdata.yaml cannot work: Snakemake copies that file to .snakemake/conda/
# before conda reads it, and conda resolves pip paths from the copy's folder.
# rules/common.smk names the workflow's own folder in FIGDATA_SOURCE instead.
# Editable, so the jobs run the source Snakemake tracks for reruns; no deps,
# as figdata.yaml pins them.
set -euo pipefail
source="${FIGDATA_SOURCE:?is not set: Snakemake sets it when it reads rules/common.smk}"
if [ ! -f "$source/pyproject.toml" ]; then
    echo "figdata.post-deploy.sh: no pyproject.toml in $source; run Snakemake from a checkout of figdata" >&2
    exit 1
fi
python -m pip install --quiet --no-deps --editable "$source"
