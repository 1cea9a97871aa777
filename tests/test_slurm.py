"""The workflow on a real SLURM cluster through ``profiles/slurm``.

``scripts/slurm-cluster.sh`` brings up a single-node cluster (munge, MariaDB,
slurmdbd, slurmctld, slurmd) on this machine; the workflow runs on the seeds
plus a few hundred synthetic documents with the profile a user would fill in.
Every job of a non-local rule must have gone through SLURM (Snakemake's
submissions and the accounting database agree), and every output must be
byte-identical to a local run. A job that fails on SLURM must be reported with
its log, and a rerun after the fix must complete.

Needs root on Debian 12 and the ``[slurm]`` extra (``pip install -e .[slurm]``).
Marked ``slurm``: ``pytest -m "not slurm"`` leaves it out; without the extra it
is skipped, unless ``FIGDATA_SLURM=required`` (as ``.ci/run`` sets) makes
that a failure. A cluster that was already up is left up; one this test
started is taken down again.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
import synth  # bench/synth.py: pyproject puts bench/ on the test path
from helpers import CORPUS_DOCS, REPO, SEEDS, doc_ids, make_workspace, run_snakemake

# e2e too: `-m "not e2e"` (the fast suite) leaves out every test that runs Snakemake
pytestmark = [pytest.mark.slurm, pytest.mark.e2e]

CLUSTER_SCRIPT = REPO / "scripts" / "slurm-cluster.sh"
PARTITION = os.environ.get("SLURM_PARTITION", "ci")
ACCOUNT = os.environ.get("SLURM_ACCOUNT", "ci")
N_SYNTHETIC = 300
# A Snakemake whose status checks fail waits for ever: cap every call.
TIMEOUT = 900
# The plugin waits 40 s before its first status check, right for a busy
# cluster; here jobs take seconds.
FAST_STATUS = ("--slurm-init-seconds-before-status-checks", "1")

_RULE = re.compile(r"^(local)?(?:rule|checkpoint) (\w+):$")
_SUBMITTED = re.compile(r"Job (\d+) has been submitted with SLURM jobid (\d+) \(log: (.+?)\)\.")


def _need(condition: bool, reason: str) -> None:
    if condition:
        return
    if os.environ.get("FIGDATA_SLURM") == "required":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def cluster():
    """A running single-node cluster; started here (and stopped after) if it was not up."""
    _need(
        importlib.util.find_spec("snakemake_executor_plugin_slurm") is not None,
        "the SLURM executor plugin is not installed: pip install -e .[slurm]",
    )
    _need(os.geteuid() == 0, "bringing up a SLURM cluster needs root")
    _need(
        shutil.which("apt-get") is not None or shutil.which("slurmctld") is not None,
        "scripts/slurm-cluster.sh needs Debian (apt-get) or SLURM installed",
    )
    was_up = (
        subprocess.run([CLUSTER_SCRIPT, "status"], capture_output=True, text=True).returncode == 0
    )
    start = subprocess.run(
        [CLUSTER_SCRIPT, "start"],
        capture_output=True,
        text=True,
        env={**os.environ, "SLURM_PARTITION": PARTITION, "SLURM_ACCOUNT": ACCOUNT},
        timeout=TIMEOUT,
    )
    try:
        assert start.returncode == 0, start.stdout + start.stderr
        yield
    finally:
        if not was_up:
            stop = subprocess.run([CLUSTER_SCRIPT, "stop"], capture_output=True, text=True)
            assert stop.returncode == 0, stop.stdout + stop.stderr


def fill_profile(workdir: Path) -> None:
    """Fill in the site's values, as the profile asks a user to."""
    path = workdir / "profiles" / "slurm" / "config.yaml"
    text = path.read_text()
    assert "<partition>" in text and "<account>" in text, "profile placeholders changed"
    path.write_text(text.replace("<partition>", PARTITION).replace("<account>", ACCOUNT))


def executed_jobs(output: str) -> dict[str, tuple[str, str, bool]]:
    """Jobs Snakemake started, as {jobid: (rule, wildcards, local)}."""
    jobs, current = {}, None
    for line in output.splitlines():
        m = _RULE.match(line.strip())
        if m:
            current = {"rule": m.group(2), "local": bool(m.group(1)), "wildcards": ""}
            continue
        if current is None:
            continue
        key, _, value = line.strip().partition(": ")
        if key == "wildcards":
            current["wildcards"] = value
        elif key == "jobid":
            jobs[value] = (current["rule"], current["wildcards"], current["local"])
            current = None
    return jobs


def submissions(output: str) -> dict[str, tuple[str, str]]:
    """{Snakemake jobid: (SLURM job id, SLURM log)} from Snakemake's output."""
    return {m.group(1): (m.group(2), m.group(3)) for m in _SUBMITTED.finditer(output)}


def run_id(output: str) -> str:
    m = re.search(r"SLURM run ID: (\S+)", output)
    assert m, output[-3000:]
    return m.group(1)


def accounting(name: str) -> dict[str, dict[str, str]]:
    """SLURM's accounting records of the jobs named ``name`` (the plugin's run id)."""
    fields = ("JobID", "State", "ExitCode", "Partition", "Account", "Comment")
    proc = subprocess.run(
        # sacct's default window starts at midnight
        ["sacct", "-X", "-n", "-P", "-S", "now-1days", "--name", name, "-o", ",".join(fields)],
        capture_output=True,
        text=True,
        check=True,
    )
    rows = [dict(zip(fields, line.split("|"), strict=True)) for line in proc.stdout.splitlines()]
    return {row["JobID"]: row for row in rows}


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def corpus(dest: Path) -> Path:
    """The seeds plus N_SYNTHETIC synthetic documents made from the seeds and the corpus."""
    shutil.copytree(SEEDS, dest)
    templates = synth.load_templates([SEEDS, CORPUS_DOCS])
    synth.write_corpus(dest, synth.generate(templates, N_SYNTHETIC, seed=0))
    return dest


@pytest.fixture(scope="module")
def runs(cluster, tmp_path_factory):
    """The same corpus run locally and through profiles/slurm."""
    tmp = tmp_path_factory.mktemp("slurm")
    docs = corpus(tmp / "docs")
    local = make_workspace(tmp / "local", docs)
    on_slurm = make_workspace(tmp / "slurm", docs)
    fill_profile(on_slurm)
    local_proc = run_snakemake(local, timeout=TIMEOUT)
    slurm_proc = run_snakemake(
        on_slurm, "--profile", "profiles/slurm", *FAST_STATUS, timeout=TIMEOUT
    )
    return local, local_proc, on_slurm, slurm_proc


def test_every_job_runs_on_slurm_and_outputs_equal_a_local_run(runs):
    local, local_proc, on_slurm, slurm_proc = runs
    out = slurm_proc.stdout + slurm_proc.stderr
    jobs = executed_jobs(out)
    # the same jobs as the local run, whatever rules the workflow has
    local_jobs = executed_jobs(local_proc.stdout + local_proc.stderr)
    assert Counter((r, w) for r, w, _ in jobs.values()) == Counter(
        (r, w) for r, w, _ in local_jobs.values()
    )
    remote = {jobid for jobid, (_, _, is_local) in jobs.items() if not is_local}
    assert len(remote) >= 2, out[-3000:]

    # every job of a non-local rule was submitted to SLURM, and nothing else
    submitted = submissions(out)
    assert set(submitted) == remote, out[-3000:]
    # ... and the accounting database knows exactly these jobs, all completed
    # in the partition and account of the profile, each tagged with its rule
    records = accounting(run_id(out))
    assert set(records) == {slurm_id for slurm_id, _ in submitted.values()}
    for jobid, (slurm_id, _) in submitted.items():
        rule, wildcards, _ = jobs[jobid]
        record = records[slurm_id]
        assert record["State"] == "COMPLETED", record
        assert (record["Partition"], record["Account"]) == (PARTITION, ACCOUNT), record
        assert record["Comment"].startswith(f"rule_{rule}"), record
        for value in re.findall(r"=(\S+?)(?:,|$)", wildcards):
            assert value in record["Comment"], record

    # byte for byte what the local run wrote
    want, got = tree(local / "results"), tree(on_slurm / "results")
    assert sorted(got) == sorted(want)
    assert sum(name.startswith("cells/") for name in want) == N_SYNTHETIC + len(doc_ids(SEEDS))
    different = [name for name in want if got[name] != want[name]]
    assert not different, different[:10]

    # and a second run on the cluster has nothing to do
    again = run_snakemake(on_slurm, "--profile", "profiles/slurm", "--dry-run", timeout=TIMEOUT)
    assert "Nothing to be done" in again.stdout + again.stderr


# Added to a copy of the workflow: a rule whose job fails until a file exists.
FAILING_RULE = """

rule injected_failure:
    input:
        summary="results/corpus/summary.tsv",
    output:
        "injected/summary.tsv",
    log:
        "logs/injected_failure.log",
    shell:
        "cat fix/header.tsv {input.summary} > {output} 2> {log}"
"""


def test_failed_slurm_job_is_reported_with_its_log_and_a_rerun_completes(runs):
    _, _, on_slurm, _ = runs
    with (on_slurm / "Snakefile").open("a") as snakefile:
        snakefile.write(FAILING_RULE)
    target = ("--profile", "profiles/slurm", *FAST_STATUS, "injected/summary.tsv")

    failed = run_snakemake(on_slurm, *target, check=False, timeout=TIMEOUT)
    out = failed.stdout + failed.stderr
    assert failed.returncode != 0, out[-3000:]
    # Snakemake names the rule, the job's log and the SLURM job's own log ...
    assert "Error in rule injected_failure" in out, out[-3000:]
    assert "logs/injected_failure.log" in out, out[-3000:]
    attempts = [m.groups() for m in _SUBMITTED.finditer(out)]
    assert attempts, out[-3000:]
    # ... and the logs say why
    assert (
        "fix/header.tsv: No such file or directory"
        in (on_slurm / "logs" / "injected_failure.log").read_text()
    )
    for _, _, slurm_log in attempts:
        assert Path(slurm_log).is_file(), slurm_log
        assert "injected_failure" in Path(slurm_log).read_text()
    # the profile's retry submitted it again; both attempts failed on SLURM
    records = accounting(run_id(out))
    assert {r["State"] for r in records.values()} == {"FAILED"}
    assert set(records) == {slurm_id for _, slurm_id, _ in attempts}
    assert not (on_slurm / "injected" / "summary.tsv").exists()

    (on_slurm / "fix").mkdir()
    (on_slurm / "fix" / "header.tsv").write_text("# copy of the corpus summary\n")
    fixed = run_snakemake(on_slurm, *target, timeout=TIMEOUT)
    out = fixed.stdout + fixed.stderr
    [(slurm_id, _)] = submissions(out).values()
    assert accounting(run_id(out))[slurm_id]["State"] == "COMPLETED"
    summary = (on_slurm / "results" / "corpus" / "summary.tsv").read_bytes()
    assert (on_slurm / "injected" / "summary.tsv").read_bytes() == (
        b"# copy of the corpus summary\n" + summary
    )
