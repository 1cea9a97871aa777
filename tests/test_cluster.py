"""Every job is self-contained: the workflow gives the same tables through a batch system.

The cluster-generic executor hands each job to a submit script; the one in
profiles/local-cluster starts it as a detached process from the shared working
directory, as a cluster node would. The outputs must equal a local run's.
"""

import zlib
from pathlib import Path

import pandas as pd
import pytest
import yaml
from helpers import REPO, SEEDS, make_workspace, run_snakemake

# runs Snakemake: `pytest -m "not e2e"` leaves it out
pytestmark = pytest.mark.e2e

THREE_SEEDS = sorted(SEEDS.glob("*.txt"))[:3]
# each job goes through the local submit script, as it would through a batch system
CLUSTER = (
    "--executor",
    "cluster-generic",
    "--cluster-generic-submit-cmd",
    "profiles/local-cluster/submit.sh",
    "--jobs",
    "2",
)


def outputs(folder: Path) -> dict[str, Path]:
    return {
        str(p.relative_to(folder)): p
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    }


def test_cluster_generic_run_matches_local_run(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for seed in THREE_SEEDS:
        (docs / seed.name).write_bytes(seed.read_bytes())
    local = make_workspace(tmp_path / "local", docs)
    cluster = make_workspace(tmp_path / "cluster", docs)
    run_snakemake(local)
    proc = run_snakemake(cluster, *CLUSTER, "--latency-wait", "10")
    # every shard job and the corpus job went through the submit script: one detached
    # process each
    shards = yaml.safe_load((REPO / "config" / "config.yaml").read_text())["shards"]
    used = {zlib.crc32(seed.stem.encode()) % shards for seed in THREE_SEEDS}
    submitted = list((cluster / "logs" / "cluster").glob("*"))
    assert len(submitted) == len(used) + 1, proc.stderr[-2000:]

    want, got = outputs(local / "results"), outputs(cluster / "results")
    assert sorted(got) == sorted(want)
    assert any(name.endswith(".parquet") for name in want)
    for name, path in want.items():
        if name.endswith(".parquet"):
            pd.testing.assert_frame_equal(pd.read_parquet(got[name]), pd.read_parquet(path))
        else:
            assert got[name].read_bytes() == path.read_bytes(), name

    # and a second cluster run has nothing to do
    again = run_snakemake(cluster, *CLUSTER, "--dry-run")
    assert "Nothing to be done" in again.stdout + again.stderr
