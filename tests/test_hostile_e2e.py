"""Hostile input through the whole workflow: discovery, odd names, kill -9 and its recovery."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import hostile
import pandas as pd
import pyarrow.parquet as pq
import pytest
from helpers import SEEDS, doc_ids, make_workspace, run_snakemake

pytestmark = pytest.mark.e2e

#: the command README.md gives for resuming after a killed run
RECOVER = "snakemake --unlock && snakemake --cores 4 --rerun-incomplete"


def summary(workdir: Path) -> pd.DataFrame:
    return pd.read_csv(
        workdir / "results/corpus/summary.tsv", sep="\t", dtype={"doc": str}, keep_default_na=False
    )


def findings_of(workdir: Path, doc: str) -> list[str]:
    rows = pq.read_table(workdir / "results/corpus/findings.parquet").to_pylist()
    return [f["kind"] for f in rows if f["doc"] == doc]


def test_bad_names_links_fifos_and_folders_cost_nothing_else(tmp_path):
    work = make_workspace(tmp_path / "w")
    seeds = work / "seeds"
    small = hostile.small()
    odd = ["a\tb", "a\nb", "n" * 240, 'say "hi", ok', "-rf"]
    for name in odd:
        (seeds / f"{name}.txt").write_text(small)
    (seeds / "UPPER.TXT").write_text(small)
    (seeds / "passwd.txt").symlink_to("/etc/passwd")
    (seeds / "broken.txt").symlink_to(seeds / "nowhere.txt")
    os.mkfifo(seeds / "pipe.txt")
    (seeds / "sub").mkdir()
    (seeds / "sub" / "inner.txt").write_text(small)
    (seeds / "notes.csv").write_text("a,b\n")
    proc = run_snakemake(work)
    out = proc.stdout + proc.stderr
    for entry, reason in [
        ("broken.txt", "broken symbolic link"),
        ("pipe.txt", "not a regular file"),
        ("sub", "a folder (sub-folders are not searched)"),
        ("notes.csv", "not *.txt or *.md"),
    ]:
        assert out.count(f"skipped 'seeds/{entry}': {reason}") == 1, entry
    table = summary(work)
    expected = sorted([*doc_ids(SEEDS), *odd, "UPPER", "passwd"])
    assert sorted(table["doc"]) == expected
    cells = table.set_index("doc")["cells"]
    assert all(cells[name] == 6 for name in [*odd, "UPPER"])
    assert findings_of(work, "passwd") == ["outside_link"]
    raw = pq.read_table(work / "results/corpus/findings.parquet").column("raw").to_pylist()
    assert not any("root:" in (r or "") for r in raw)
    manifests = [
        pd.read_csv(m, sep="\t", dtype=str, keep_default_na=False)
        for m in sorted(work.glob("results/shards/*/manifest.tsv"))
    ]
    listed = pd.concat(manifests)
    assert sorted(set(listed["doc"])) == expected
    for row in listed.itertuples():
        data = (work / row.path).read_bytes()
        assert hashlib.sha256(data).hexdigest() == row.sha256
    # followed when the user says so
    run_snakemake(work, "--config", "follow_outside_links=True")
    assert "outside_link" not in findings_of(work, "passwd")


def test_leading_dash_names_with_the_project_as_seeds_folder(tmp_path):
    work = make_workspace(tmp_path / "w", docs=None)
    (work / "-rf.txt").write_text(hostile.small())
    (work / "--help.md").write_text(hostile.small())
    run_snakemake(work, "--config", "seeds_dir=.")
    assert summary(work).set_index("doc")["cells"].to_dict() == {"--help": 6, "-rf": 6}


def _shard_job_memory(workdir: Path) -> list[int]:
    """mem_mb of the shard jobs a dry run plans."""
    proc = run_snakemake(workdir, "--dry-run", "--config", "shards=1")
    rule, mem = None, []
    for line in (proc.stdout + proc.stderr).splitlines():
        if line.strip().endswith(":") and line.strip().split()[0] in ("rule", "localrule"):
            rule = line.strip().split()[1].rstrip(":")
        elif "mem_mb=" in line and rule == "shard":
            mem.append(int(line.split("mem_mb=")[1].split(",")[0]))
    return mem


def test_memory_of_a_job_grows_with_its_documents(tmp_path):
    work = make_workspace(tmp_path / "w")
    (work / "seeds" / "big.txt").write_text(hostile.sized(2))
    mem = _shard_job_memory(work)
    assert len(mem) == 1 and min(mem) > 2000
    low = _shard_job_memory(make_workspace(tmp_path / "s"))
    assert len(low) == 1 and max(low) < min(mem)


def _tree(root: Path) -> dict[str, bytes]:
    results = root / "results"
    return {
        str(p.relative_to(results)): p.read_bytes()
        for p in sorted(results.rglob("*"))
        if p.is_file()
    }


def _start(work: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(work / "src")}
    return subprocess.Popen(
        [sys.executable, "-m", "snakemake", "--cores", "2"],
        cwd=work,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture(scope="module")
def killed_corpus(tmp_path_factory):
    """Seeds and copies of them (enough that each stage takes a moment), and a clean run."""
    root = tmp_path_factory.mktemp("kill")
    corpus = root / "docs"
    shutil.copytree(SEEDS, corpus)
    for i, p in enumerate(sorted(SEEDS.glob("*.txt")) * 6):
        (corpus / f"copy{i:02d}_{p.name}").write_bytes(p.read_bytes())
    reference = make_workspace(root / "ref", corpus)
    run_snakemake(reference)
    return corpus, _tree(reference)


@pytest.mark.parametrize(
    "when",
    [
        "logs/shard/*.log",
        "results/shards/*/parsed/cells.parquet",
        "results/shards/*/.staging/00000001",
        "results/shards/*/manifest.tsv",
    ],
)
def test_kill_9_at_any_point_then_the_readme_command_gives_identical_results(
    tmp_path, killed_corpus, when
):
    corpus, reference = killed_corpus
    work = make_workspace(tmp_path / "killed", corpus)
    proc = _start(work)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None and not list(work.glob(when)):
        time.sleep(0.002)
    assert proc.poll() is None, f"the run ended before {when} appeared"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    path = os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]
    done = subprocess.run(
        RECOVER.replace("snakemake", f"{sys.executable} -m snakemake"),
        shell=True,
        cwd=work,
        env={**os.environ, "PYTHONPATH": str(work / "src"), "PATH": path},
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert _tree(work) == reference
    assert not list((work / "results").rglob(".staging"))
    run = run_snakemake(work, "--dry-run")
    assert "Nothing to be done" in run.stdout + run.stderr
