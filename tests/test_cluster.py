"""Every job is self-contained: the workflow gives the same tables through a batch system.

The cluster-generic executor hands each job to a submit script; the one in
profiles/local-cluster starts it as a detached process from the shared working
directory, as a cluster node would. The outputs must equal a local run's.
"""

import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pandas as pd
import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ("Snakefile", "rules", "config", "scripts", "envs", "profiles")
SNAKEMAKE = str(Path(sys.executable).parent / "snakemake")
SEEDS = sorted((ROOT / "seeds").glob("*.txt"))[:3]


def workflow_copy(dest: Path) -> Path:
    dest.mkdir()
    for name in WORKFLOW:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name)
        elif src.exists():
            shutil.copy2(src, dest / name)
    (dest / "seeds").mkdir()
    for seed in SEEDS:
        shutil.copy2(seed, dest / "seeds" / seed.name)
    return dest


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    proc = subprocess.run([SNAKEMAKE, *args], cwd=cwd, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return proc


def outputs(folder: Path) -> dict[str, Path]:
    return {
        str(p.relative_to(folder)): p
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    }


def test_cluster_generic_run_matches_local_run(tmp_path):
    local = workflow_copy(tmp_path / "local")
    cluster = workflow_copy(tmp_path / "cluster")
    run(local, "--cores", "2")
    proc = run(
        cluster,
        "--executor",
        "cluster-generic",
        "--cluster-generic-submit-cmd",
        "profiles/local-cluster/submit.sh",
        "--jobs",
        "2",
        "--latency-wait",
        "10",
    )
    # every extract and validate job went through the submit script (the
    # aggregate is a local rule): one detached process per shard and stage
    shards = yaml.safe_load((ROOT / "config" / "config.yaml").read_text())["shards"]
    used = {zlib.crc32(seed.stem.encode()) % shards for seed in SEEDS}
    submitted = list((cluster / "logs" / "cluster").glob("*"))
    assert len(submitted) == 2 * len(used), proc.stderr[-2000:]

    want, got = outputs(local / "results"), outputs(cluster / "results")
    assert sorted(got) == sorted(want)
    assert any(name.endswith(".parquet") for name in want)
    for name, path in want.items():
        if name.endswith(".parquet"):
            pd.testing.assert_frame_equal(pd.read_parquet(got[name]), pd.read_parquet(path))
        else:
            assert got[name].read_bytes() == path.read_bytes(), name

    # and a second cluster run has nothing to do
    again = run(
        cluster,
        "--executor",
        "cluster-generic",
        "--cluster-generic-submit-cmd",
        "profiles/local-cluster/submit.sh",
        "--jobs",
        "2",
        "--dry-run",
    )
    assert "Nothing to be done" in again.stdout + again.stderr
