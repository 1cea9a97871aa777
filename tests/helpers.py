"""Helpers shared by the tests: paths, and Snakemake driven in a scratch copy."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from figdata import batch, layout, publish, tables

REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO / "seeds"
CORPUS = REPO / "tests" / "corpus"
CORPUS_DOCS = CORPUS / "docs"
WORKFLOW_FILES = layout.WORKFLOW_FILES


def make_workspace(dest: Path, docs: Path | None = SEEDS, docs_name: str = "seeds") -> Path:
    """A runnable copy of the workflow in ``dest``, with ``docs`` copied to ``docs_name``.

    The package source is copied too and put first on PYTHONPATH (see
    :func:`run_snakemake`), so the run uses a snapshot of the code, not files
    that may change while the test runs.
    """
    dest.mkdir(parents=True, exist_ok=True)
    for name in WORKFLOW_FILES:
        src = REPO / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, dest / name)
    shutil.copytree(
        REPO / "src" / "figdata",
        dest / "src" / "figdata",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    if docs is not None:
        shutil.copytree(docs, dest / docs_name)
    return dest


def run_snakemake(
    workdir: Path,
    *args: str,
    check: bool = True,
    cores: int = 2,
    timeout: float | None = None,
    env: dict | None = None,
):
    """Run the Snakemake of this interpreter in ``workdir``; returns the CompletedProcess.

    ``timeout`` (seconds) fails the test instead of waiting for ever, e.g. for a
    Snakemake whose batch-system status checks never succeed. ``env`` adds to
    (or overrides) this process's environment.
    """
    env = {**os.environ, "PYTHONPATH": str(workdir / "src"), **(env or {})}
    cmd = [sys.executable, "-m", "snakemake", "--cores", str(cores), *args]
    try:
        proc = subprocess.run(
            cmd,
            cwd=workdir,
            env=env,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired as exc:
        # the captured output comes back as bytes even with text=True
        out, err = (
            s.decode(errors="replace") if isinstance(s, bytes) else (s or "")
            for s in (exc.stdout, exc.stderr)
        )
        pytest.fail(
            f"{' '.join(cmd)} still running after {timeout} s\n--- stdout\n{out[-4000:]}"
            f"\n--- stderr\n{err[-6000:]}"
        )
    if check and proc.returncode != 0:
        pytest.fail(
            f"{' '.join(cmd)} exited {proc.returncode}\n--- stdout\n{proc.stdout[-4000:]}"
            f"\n--- stderr\n{proc.stderr[-6000:]}"
        )
    return proc


_STATS_ROW = re.compile(r"^(\S+)\s+(\d+)$")


def planned_jobs(workdir: Path, *args: str) -> dict[str, int]:
    """Jobs a dry run would execute, as {rule: count}; empty when nothing is to be done."""
    proc = run_snakemake(workdir, "--dry-run", *args, "--quiet", "rules")
    out = proc.stdout + proc.stderr
    if "Nothing to be done" in out:
        return {}
    jobs: dict[str, int] = {}
    lines = out.splitlines()
    start = lines.index("Job stats:")
    for line in lines[start + 3 :]:
        m = _STATS_ROW.match(line.strip())
        if not m or m.group(1) == "total":
            break
        jobs[m.group(1)] = int(m.group(2))
    return jobs


def planned_shards(workdir: Path, *args: str) -> dict[str, list[str]]:
    """Shards a dry run would process, as {rule: sorted shard numbers}."""
    proc = run_snakemake(workdir, "--dry-run", *args)
    out = proc.stdout + proc.stderr
    shards: dict[str, list[str]] = {}
    rule = None
    for line in out.splitlines():
        m = re.match(r"^(?:local)?(?:rule|checkpoint) (\w+):$", line.strip())
        if m:
            rule = m.group(1)
            continue
        m = re.match(r"^wildcards: shard=(\d+)$", line.strip())
        if m and rule:
            shards.setdefault(rule, []).append(m.group(1))
    return {r: sorted(s) for r, s in shards.items()}


def ran_shards(proc) -> dict[str, list[str]]:
    """Jobs a (real, not dry) run executed, from its output: {rule: sorted shards}, an
    empty list for a corpus-wide rule. A dry run plans the jobs that read a
    checkpoint's side outputs provisionally; this is what ran."""
    ran: dict[str, list[str]] = {}
    rule = None
    for line in (proc.stdout + proc.stderr).splitlines():
        m = re.match(r"^(?:local)?(?:rule|checkpoint) (\w+):$", line.strip())
        if m:
            rule = m.group(1)
            ran.setdefault(rule, [])
            continue
        m = re.match(r"^wildcards: shard=(\d+)$", line.strip())
        if m and rule:
            ran[rule].append(m.group(1))
    return {r: sorted(s) for r, s in ran.items()}


def full_plan(workdir: Path, *args: str) -> dict[str, int]:
    """Every job of the default target, as {rule: count}, whatever is up to date."""
    return planned_jobs(workdir, "--forceall", *args)


def shard_rules(workdir: Path, *args: str) -> set[str]:
    """The rules with a job per shard (the others run once for the corpus)."""
    return set(planned_shards(workdir, "--forceall", *args))


def every_rule_once(workdir: Path) -> dict[str, int]:
    """What an edit of one document must rerun: its shard's jobs and the corpus-wide ones."""
    return dict.fromkeys(full_plan(workdir), 1)


def rule_graph(workdir: Path) -> list[tuple[str, str]]:
    """The workflow's rule graph as (producer, consumer) pairs."""
    dot = run_snakemake(workdir, "--forceall", "--rulegraph").stdout
    names = dict(re.findall(r'^\s*(\d+)\[label = "(\w+)"', dot, flags=re.M))
    return [(names[a], names[b]) for a, b in re.findall(r"^\s*(\d+) -> (\d+)", dot, flags=re.M)]


def downstream(edges: list[tuple[str, str]], first: set[str]) -> set[str]:
    """``first`` and every rule that consumes their outputs, directly or not."""
    found, todo = set(first), list(first)
    while todo:
        rule = todo.pop()
        for a, b in edges:
            if a == rule and b not in found:
                found.add(b)
                todo.append(b)
    return found


def corpus_fed_rules(workdir: Path) -> set[str]:
    """Shard rules that read a corpus-wide rule's output: every change reruns all their jobs."""
    shard = shard_rules(workdir)
    corpus = set(full_plan(workdir)) - shard
    return downstream(rule_graph(workdir), corpus) & shard


def doc_ids(folder: Path) -> list[str]:
    return sorted(
        p.stem
        for p in folder.iterdir()
        if p.suffix in (".txt", ".md") and not p.name.startswith(".")
    )


def load_script(name: str):
    """A module from scripts/, imported without running its Snakemake part."""
    path = REPO / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"script_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- a shard's files, for the tests that call figdata.batch directly ---------------


def raw_paths(root: Path) -> dict[str, Path]:
    return {t: root / "parsed" / f"{t}.parquet" for t in tables.TABLES}


def shard_outputs(root: Path) -> dict[str, Path]:
    return {name: root / "shard" / path for name, path in layout.VALIDATE_FILES.items()}


def per_doc(root: Path, table: str, doc: str) -> Path:
    return Path(publish.doc_path(root / "results", table, doc))


def write_docs(folder: Path, contents: dict[str, bytes]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, raw in contents.items():
        (folder / f"{name}.txt").write_bytes(raw)
        paths.append(folder / f"{name}.txt")
    return paths


def run_both_stages(root: Path, docs: list[Path], owns=None):
    stems = [p.stem for p in docs]
    batch.extract_shard(docs, raw_paths(root))
    lines = batch.validate_shard(
        stems, raw_paths(root), shard_outputs(root), results=root / "results", owns=owns
    )
    return stems, lines
