"""Byte-identical results, and archives restored so that Snakemake accepts them.

Two clean runs of the workflow that differ in working directory, ``--cores``,
``TZ``, ``LANG``/``LC_ALL``, the order in which the seeds were written (and
so listed) and, in one pair, ``shards``, must give the same SHA-256 for every
file under ``results/``; one of the two reaches its state through an edit, an
addition and a removal, so the per-document cache is in the comparison too.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from helpers import (
    CORPUS_DOCS,
    REPO,
    SEEDS,
    corpus_fed_rules,
    full_plan,
    make_workspace,
    planned_jobs,
    run_snakemake,
)

from figdata import archive, layout

pytestmark = pytest.mark.e2e

#: the differences between the runs; "c" also differs in shards
VARIANTS = {
    "a": {"cores": 1, "shards": 4, "TZ": "UTC", "LANG": "C", "LC_ALL": "C", "order": "sorted"},
    "b": {
        "cores": 2,
        "shards": 4,
        "TZ": "Asia/Kathmandu",
        "LANG": "de_DE.UTF-8",
        "LC_ALL": "tr_TR.UTF-8",
        "order": "reversed",
    },
    "c": {
        "cores": 2,
        "shards": 3,
        "TZ": "America/St_Johns",
        "LANG": "fr_FR.UTF-8",
        "LC_ALL": "fr_FR.UTF-8",
        "order": "shuffled",
    },
}
#: bookkeeping that depends on `shards` by construction (one folder per shard)
SHARD_BOOKKEEPING = f"{layout.RESULTS}/shards/"


def sources() -> list[Path]:
    return sorted([*CORPUS_DOCS.iterdir(), *SEEDS.iterdir()])


def write_seeds(folder: Path, docs: list[Path], order: str) -> None:
    """Copy ``docs`` into ``folder`` in the given order (the listing order follows it)."""
    folder.mkdir(parents=True)
    if order == "reversed":
        docs = docs[::-1]
    elif order == "shuffled":
        docs = random.Random(9).sample(docs, len(docs))
    for path in docs:
        shutil.copyfile(path, folder / path.name)


def snakemake(workdir: Path, variant: dict, *args: str, check: bool = True):
    env = {k: variant[k] for k in ("TZ", "LANG", "LC_ALL")}
    return run_snakemake(
        workdir,
        *args,
        "--config",
        f"shards={variant['shards']}",
        cores=variant["cores"],
        env=env,
        check=check,
    )


def digests(workdir: Path) -> dict[str, str]:
    """SHA-256 of every file under results/, by path relative to the working directory."""
    return {
        p.relative_to(workdir).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted((workdir / layout.RESULTS).rglob("*"))
        if p.is_file()
    }


def differing(a: dict[str, str], b: dict[str, str]) -> list[str]:
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def archive_of(workdir: Path) -> Path:
    index = json.loads((workdir / layout.RESULTS / layout.ARCHIVE / "archive.json").read_text())
    return workdir / layout.RESULTS / layout.ARCHIVE / index["archive"]


def manifest_of(path: Path) -> dict:
    with tarfile.open(path, "r:gz") as tar:
        return json.load(tar.extractfile(archive.MANIFEST))


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("repro")
    docs = sources()
    edited, gone = docs[4], docs[7]
    final = [d for d in docs if d != gone]
    out = {}
    # "a" reaches the final corpus by an edit, an addition and a removal after a first run
    a = make_workspace(base / "a", docs=None)
    first = [d for d in docs if d != docs[-1]]
    write_seeds(a / "seeds", first, "sorted")
    snakemake(a, VARIANTS["a"])
    (a / "seeds" / edited.name).write_bytes(edited.read_bytes() + b"\nPeak 0.5 at the end.\n")
    shutil.copyfile(docs[-1], a / "seeds" / docs[-1].name)
    (a / "seeds" / gone.name).unlink()
    snakemake(a, VARIANTS["a"], "archive")
    out["a"] = a
    for name in ("b", "c"):
        # another depth, and a space, so that a leaked path changes bytes
        work = make_workspace(base / f"{name} run" / "deeper" / "still", docs=None)
        write_seeds(work / "seeds", final, VARIANTS[name]["order"])
        (work / "seeds" / edited.name).write_bytes((a / "seeds" / edited.name).read_bytes())
        snakemake(work, VARIANTS[name], "archive")
        out[name] = work
    return out


def test_two_clean_runs_give_the_same_bytes(runs):
    a, b = digests(runs["a"]), digests(runs["b"])
    assert len(a) > 200
    assert any(p.startswith(f"{layout.RESULTS}/{layout.ARCHIVE}/figdata-") for p in a)
    assert differing(a, b) == [], "files that differ between the runs"


def test_another_shards_count_gives_the_same_results(runs):
    a, c = digests(runs["a"]), digests(runs["c"])

    def published(d):
        return {
            k: v
            for k, v in d.items()
            if not k.startswith((SHARD_BOOKKEEPING, f"{layout.RESULTS}/{layout.ARCHIVE}/"))
        }

    assert len(published(a)) > 150
    assert differing(published(a), published(c)) == []
    # the archives differ only in the shards' bookkeeping and in the config that names them
    ma, mc = manifest_of(archive_of(runs["a"])), manifest_of(archive_of(runs["c"]))
    members_a = {k: v for k, v in ma.pop("members").items() if not k.startswith(SHARD_BOOKKEEPING)}
    members_c = {k: v for k, v in mc.pop("members").items() if not k.startswith(SHARD_BOOKKEEPING)}
    assert members_a == members_c
    assert ma.pop("config") == {**mc.pop("config"), "shards": 4}
    assert ma == mc


def test_no_absolute_path_leaks_into_a_text_output(runs):
    for name, work in runs.items():
        for p in (work / layout.RESULTS).rglob("*"):
            if p.is_file() and p.suffix in (".json", ".tsv", ".html", ".svg", ".txt"):
                text = p.read_text(encoding="utf-8", errors="replace")
                assert str(work) not in text and str(work.parent) not in text, (name, p)


def test_the_archive_verifies_and_a_corrupted_copy_does_not(runs, tmp_path):
    path = archive_of(runs["a"])
    ok = subprocess.run(
        [sys.executable, "-m", "figdata", "verify", str(path)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(runs["a"] / "src")},
    )
    assert ok.returncode == 0, ok.stdout + ok.stderr
    manifest = manifest_of(path)
    assert manifest["config"]["shards"] == 4 and len(manifest["seeds"]) == len(sources()) - 1
    # one member's bytes changed, the manifest kept: named, exit 1
    with tarfile.open(path, "r:gz") as tar:
        members = {m.name: tar.extractfile(m).read() for m in tar.getmembers()}
    del members[archive.MANIFEST]
    victim = next(n for n in members if n.startswith("results/cells/"))
    members[victim] = members[victim][:-1] + bytes([members[victim][-1] ^ 1])
    bad = tmp_path / path.name
    bad.write_bytes(archive.archive_bytes(members, manifest))
    problems = [str(p) for p in archive.verify(bad)]
    assert [p for p in problems if p.startswith("altered")] == [
        next(p for p in problems if victim in p)
    ]


def test_the_archive_holds_every_result(runs):
    """Every file under results/ is archived, but the caches and the archive itself."""
    work = runs["a"]
    folders = {p.name for p in (work / layout.RESULTS).iterdir()}
    # a stage publishing into a folder of its own lists it in figdata.layout.PUBLISHED
    assert folders <= {*layout.PUBLISHED, "shards", layout.ARCHIVE}
    expected = {
        k
        for k in digests(work)
        if not k.startswith(f"{layout.RESULTS}/{layout.ARCHIVE}/")
        and layout.CACHE not in k.split("/")
    }
    members = set(manifest_of(archive_of(work))["members"])
    assert sorted(expected - members) == []
    assert {m.split("/")[0] for m in members - expected} == {"seeds", "config"}


def test_a_restored_archive_is_up_to_date_for_snakemake(runs, tmp_path):
    """The README's restore path: restore, touch, and nothing is left to do."""
    source = runs["a"]
    path = archive_of(source)
    work = make_workspace(tmp_path / "restored", docs=None)
    (work / "config" / "config.yaml").unlink()
    env = {**os.environ, "PYTHONPATH": str(work / "src")}
    proc = subprocess.run(
        [sys.executable, "-m", "figdata", "restore", str(path), str(work)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    variant = VARIANTS["a"]
    snakemake(work, variant, "--touch")
    assert planned_jobs(work, "--config", "shards=4") == {}
    # restored files are the archived ones
    archived = {
        k: v
        for k, v in digests(source).items()
        if not k.startswith(f"{layout.RESULTS}/{layout.ARCHIVE}/")
        and layout.CACHE not in k.split("/")
    }
    assert differing(archived, digests(work)) == []
    # only the archive itself is left to make, and it comes out the same
    assert planned_jobs(work, "archive", "--config", "shards=4") == {"archive": 1}
    snakemake(work, variant, "archive")
    assert archive_of(work).read_bytes() == path.read_bytes()
    # an edit after the restore reruns what it affects, as in any working directory
    doc = sorted((work / "seeds").iterdir())[0]
    doc.write_bytes(doc.read_bytes() + b"\n")
    plan = full_plan(work, "--config", "shards=4")
    fed = corpus_fed_rules(work)
    assert planned_jobs(work, "--config", "shards=4") == {
        rule: n if rule in fed else 1 for rule, n in plan.items()
    }


def test_a_fresh_clone_computes_everything_once(tmp_path):
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("needs git and a git checkout")
    clone = tmp_path / "clone"
    proc = subprocess.run(
        ["git", "clone", "--quiet", str(REPO), str(clone)], capture_output=True, text=True
    )
    if proc.returncode:
        pytest.skip(f"git clone failed: {proc.stderr}")
    everything = full_plan(clone)
    assert planned_jobs(clone) == everything
    assert {"shard", "corpus", "all"} <= set(everything)
    run_snakemake(clone)
    assert planned_jobs(clone) == {}
