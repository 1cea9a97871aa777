"""End-to-end: the workflow run by Snakemake in a scratch directory.

Snakemake tracks shard files; the per-document files are published by the
validate jobs and listed in the shards' manifests, so these tests check them
directly: exactly the corpus' documents, checksums as listed, nothing stale.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
import yaml
from helpers import (
    CORPUS_DOCS,
    SEEDS,
    corpus_fed_rules,
    doc_ids,
    every_rule_once,
    make_workspace,
    planned_jobs,
    planned_shards,
    ran_shards,
    run_snakemake,
    shard_rules,
)

from figdata import gcpause, layout, publish, tables

# every test here runs Snakemake: `pytest -m "not e2e"` leaves them out
pytestmark = pytest.mark.e2e

VALIDATED = layout.VALIDATED
STATS = tuple(tables.STATS_TABLES)
PER_DOC = (
    *(f"results/{t}/{{doc}}.parquet" for t in VALIDATED),
    "results/validation/{doc}.json",
    "results/stats/{doc}.json",
)
PER_DOC_DIRS = (*VALIDATED, "validation", "stats")
SHARD_FILES = (
    *layout.EXTRACT_FILES.values(),
    *layout.VALIDATE_FILES.values(),
    *layout.STATS_FILES.values(),
)
CORPUS_OUTPUTS = tuple(
    layout.files(layout.RESULTS, {**layout.CORPUS_FILES, **layout.STATS_CORPUS_FILES}).values()
)


def live_shards(workdir: Path) -> list[str]:
    return sorted({shard(d) for d in doc_ids(workdir / "seeds")})


def shard_jobs(workdir: Path, *shards: str) -> dict[str, list[str]]:
    """Every shard rule for exactly ``shards``; one that reads a corpus-wide table (a
    document's page shows its same-figure matches across the corpus) for every shard."""
    fed = corpus_fed_rules(workdir)
    return {
        rule: live_shards(workdir) if rule in fed else sorted(shards)
        for rule in shard_rules(workdir)
    }


def edit_jobs(workdir: Path) -> dict[str, int]:
    """What an edit of one document must rerun, as {rule: jobs} (see :func:`shard_jobs`)."""
    fed = corpus_fed_rules(workdir)
    n = len(live_shards(workdir))
    return {r: n if r in fed else 1 for r in every_rule_once(workdir)}


SHARDS = yaml.safe_load((Path(__file__).parents[1] / "config/config.yaml").read_text())["shards"]


def shard(doc: str, shards: int = SHARDS) -> str:
    return layout.shard_name(publish.shard_of(doc, shards))


def name_in_shard(target: str, prefix: str) -> str:
    """A document id that falls into shard ``target``."""
    return next(f"{prefix}-{i}" for i in range(10_000) if shard(f"{prefix}-{i}") == target)


def manifest(workdir: Path, shard_: str, stage: str = "") -> pd.DataFrame:
    return pd.read_csv(
        workdir / f"results/shards/{shard_}/{stage}manifest.tsv",
        sep="\t",
        dtype={"doc": str, "sha256": str},
        keep_default_na=False,
    )


def assert_outputs(workdir: Path, docs: list[str], shards: int = SHARDS) -> None:
    missing = [
        p.format(doc=d) for d in docs for p in PER_DOC if not (workdir / p.format(doc=d)).is_file()
    ]
    missing += [p for p in CORPUS_OUTPUTS if not (workdir / p).is_file()]
    used = sorted({shard(d, shards) for d in docs})
    missing += [
        f"results/shards/{s}/{f}"
        for s in used
        for f in SHARD_FILES
        if not (workdir / f"results/shards/{s}/{f}").is_file()
    ]
    assert not missing, f"missing outputs: {missing[:10]}"
    # results/ holds exactly the corpus' documents, and only the live shards
    for folder in PER_DOC_DIRS:
        stems = sorted(p.stem for p in (workdir / "results" / folder).iterdir())
        assert stems == sorted(docs), folder
    assert sorted(p.name for p in (workdir / "results/shards").iterdir()) == used
    assert not list((workdir / "results").rglob(".staging"))
    summary = pd.read_csv(workdir / "results/corpus/summary.tsv", sep="\t", dtype={"doc": str})
    assert summary["doc"].tolist() == sorted(docs)
    listed = []
    for s, stage, shard_tables in (
        *((s, "", VALIDATED) for s in used),
        *((s, "stats/", STATS) for s in used),
    ):
        m = manifest(workdir, s, stage)
        listed += m["path"].tolist()
        for row in m.itertuples():
            data = (workdir / row.path).read_bytes()
            assert hashlib.sha256(data).hexdigest() == row.sha256, row.path
            assert shard(row.doc, shards) == s and row.path == publish.doc_path(
                "results", row.table, row.doc
            )
            if row.table not in ("report", "stats"):  # Parquet: rows as listed
                assert pq.read_metadata(workdir / row.path).num_rows == int(row.rows), row.path
        # the shard tables are the union of the shard's per-document files
        for table in shard_tables:
            whole = pd.read_parquet(workdir / f"results/shards/{s}/{stage}{table}.parquet")
            if stage:  # one JSON file per document holds its rows of every stats table
                files = m.loc[m["table"] == "stats", "path"].sort_values()
                rows = [r for p in files for r in json.loads((workdir / p).read_text())[table]]
                assert len(rows) == len(whole), table
                assert [r["doc"] for r in rows] == whole["doc"].tolist(), table
                continue
            parts = [
                pd.read_parquet(workdir / p)
                for p in m.loc[m["table"] == table, "path"].sort_values()
            ]
            pd.testing.assert_frame_equal(pd.concat(parts, ignore_index=True), whole)
    # stats findings files exist for the documents with a stats finding only
    found = sorted(p.stem for p in (workdir / "results/stats_findings").glob("*.parquet"))
    expected = [p.format(doc=d) for d in docs for p in PER_DOC]
    expected += [f"results/stats_findings/{d}.parquet" for d in found]
    assert sorted(listed) == sorted(expected)
    for doc in docs:
        for table, columns in tables.TABLES.items():
            df = pd.read_parquet(workdir / f"results/{table}/{doc}.parquet")
            assert list(df.columns) == list(columns), (doc, table)
            assert df.empty or set(df["doc"]) == {doc}, (doc, table)
        stats = json.loads((workdir / f"results/stats/{doc}.json").read_text())
        keys = ["doc", "findings", *tables.STATS_TABLES]
        assert sorted(stats) == sorted(keys) and stats["doc"] == doc
        for table, columns in tables.STATS_TABLES.items():
            assert all(sorted(r) == sorted(columns) for r in stats[table]), (doc, table)
            assert all(r["doc"] == doc for r in stats[table]), (doc, table)
        report = json.loads((workdir / f"results/validation/{doc}.json").read_text())
        assert isinstance(report, dict) and report["doc"] == doc
        row = summary.set_index("doc").loc[doc]
        cells = pd.read_parquet(workdir / f"results/cells/{doc}.parquet")
        findings = pd.read_parquet(workdir / f"results/findings/{doc}.parquet")
        assert row["cells"] == len(cells) and row["findings"] == len(findings)


def per_doc_files(workdir: Path, docs: list[str]) -> list[Path]:
    return [workdir / p.format(doc=d) for d in docs for p in PER_DOC]


@pytest.fixture(scope="module")
def seeds_run(tmp_path_factory):
    """The workflow run once from clean on the five seeds (later tests edit it in order)."""
    workdir = make_workspace(tmp_path_factory.mktemp("seeds"))
    run_snakemake(workdir)
    return workdir


def test_seeds_every_output_exists(seeds_run):
    assert_outputs(seeds_run, doc_ids(SEEDS))
    logs = sorted(p.name for p in (seeds_run / "logs/shard").iterdir())
    assert logs == sorted({f"{shard(d)}.log" for d in doc_ids(SEEDS)})
    lines = "".join(p.read_text() for p in (seeds_run / "logs/shard").iterdir())
    for doc in doc_ids(SEEDS):
        assert f"{doc}.txt: " in lines


def test_seeds_counts(seeds_run):
    summary = pd.read_csv(seeds_run / "results/corpus/summary.tsv", sep="\t")
    assert summary["panels"].sum() == 17
    findings = pd.read_parquet(seeds_run / "results/findings/000_501d523b0ed066ee.parquet")
    assert "ragged_row" in set(findings["kind"])


def test_seeds_statistics_meet_their_contracts(seeds_run):
    from figdata import schemas

    corpus = seeds_run / "results/corpus"
    for name, model in schemas.STATS_MODELS.items():
        df = pd.read_parquet(corpus / f"{name}.parquet")
        model.validate(df, lazy=True)
        assert list(df.columns) == list(tables.STATS_CORPUS_TABLES[name]), name
    same = pd.read_parquet(corpus / "same_figure.parquet")
    pairs = set(zip(same["doc_a"], same["doc_b"], strict=True))
    assert pairs == {("003_4bef295f338d59e0", "004_7287e729ebf072ec")}
    assert same["n_agree"].tolist() == [3, 2, 1, 2]
    summary = json.loads((corpus / "stats_summary.json").read_text())
    assert summary["documents"] == 5 and summary["same_figure"]["groups"] == 1
    checks = pd.read_parquet(corpus / "factcheck.parquet")
    assert set(checks["verdict"]) == set(tables.VERDICTS)
    # a contradicted claim is a finding where findings are read
    findings = pd.read_parquet(corpus / "findings.parquet")
    contradicted = findings[findings["kind"] == "claim_contradicted"]
    assert len(contradicted) == (checks["verdict"] == "contradicted").sum() > 0
    assert set(contradicted["stage"]) == {"stats"}
    # ... and in the document's own findings files: results/*findings/{doc}.parquet
    for doc in doc_ids(SEEDS):
        own = pd.concat(
            [pd.read_parquet(p) for p in sorted(seeds_run.glob(f"results/*findings/{doc}.parquet"))]
        )
        mine = contradicted[contradicted["doc"] == doc]
        assert (own["kind"] == "claim_contradicted").sum() == len(mine), doc
        stats_file = seeds_run / f"results/stats_findings/{doc}.parquet"
        assert stats_file.is_file() == (len(mine) > 0), doc
        records = json.loads((seeds_run / f"results/stats/{doc}.json").read_text())["findings"]
        assert [r["line"] for r in records] == mine["line"].tolist(), doc
    assert sorted(p.stem for p in (seeds_run / "results/stats_findings").iterdir()) == sorted(
        set(contradicted["doc"])
    )


def test_second_run_has_nothing_to_do(seeds_run):
    assert planned_jobs(seeds_run) == {}


def test_rerun_is_byte_identical(seeds_run):
    docs = doc_ids(SEEDS)
    files = per_doc_files(seeds_run, docs) + [seeds_run / p for p in CORPUS_OUTPUTS]
    files += sorted(p for p in (seeds_run / "results/shards").rglob("*.*") if p.is_file())
    before = {f: f.read_bytes() for f in files}
    run_snakemake(seeds_run, "--forcerun", "shard")
    assert {f: f.read_bytes() for f in files} == before


def test_touch_without_edit_reruns_nothing(seeds_run):
    doc = seeds_run / "seeds" / f"{doc_ids(SEEDS)[1]}.txt"
    doc.touch()
    assert planned_jobs(seeds_run) == {}


def files_of(workdir: Path, docs: list[str]) -> list[Path]:
    """Every file under results/ named after one of ``docs`` (any stage's, shards aside)."""
    wanted = set(docs)
    return sorted(
        p
        for p in (workdir / "results").rglob("*")
        if p.is_file()
        and "shards" not in p.relative_to(workdir / "results").parts
        and (p.name.split(".")[0] in wanted or p.stem in wanted)
    )


def mentions(workdir: Path, doc: str) -> list[str]:
    """Files under results/ that name ``doc``: by file name, in a table's doc column, in text."""
    found = []
    for p in sorted((workdir / "results").rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(workdir).as_posix()
        if doc in p.name:
            found.append(rel)
        elif p.suffix == ".parquet":
            columns = pq.read_schema(p).names
            if "doc" in columns and doc in pq.read_table(p, columns=["doc"])["doc"].to_pylist():
                found.append(rel)
        elif p.suffix in (".tsv", ".json", ".html", ".svg", ".txt", ".csv"):
            if doc in p.read_text(encoding="utf-8", errors="replace"):
                found.append(rel)
    return found


def test_edit_reruns_only_its_shard_and_aggregates(seeds_run):
    doc = doc_ids(SEEDS)[2]
    others = [d for d in doc_ids(SEEDS) if d != doc]
    path = seeds_run / "seeds" / f"{doc}.txt"
    path.write_bytes(path.read_bytes() + b"\nOne more sentence, with 42 in it.\n")
    assert planned_jobs(seeds_run) == edit_jobs(seeds_run)
    assert planned_shards(seeds_run) == shard_jobs(seeds_run, shard(doc))
    before = {f: (f.read_bytes(), f.stat().st_mtime_ns) for f in files_of(seeds_run, others)}
    assert len(before) >= len(others) * len(PER_DOC)
    run_snakemake(seeds_run)
    # every other document's files keep their bytes and their times, its shard's too
    assert {f: (f.read_bytes(), f.stat().st_mtime_ns) for f in files_of(seeds_run, others)} == (
        before
    )
    assert planned_jobs(seeds_run) == {}
    assert_outputs(seeds_run, doc_ids(SEEDS))


def test_added_document_reruns_only_its_shard(seeds_run):
    # into the shard of a seed, so that the shard holds more than its seeds from now on
    new = name_in_shard(shard(doc_ids(SEEDS)[3]), "zz_added")
    (seeds_run / "seeds" / f"{new}.md").write_text("## A heatmap\n\nRow a: 1, 2\n")
    assert planned_jobs(seeds_run) == edit_jobs(seeds_run)
    assert planned_shards(seeds_run) == shard_jobs(seeds_run, shard(new))
    run_snakemake(seeds_run)
    assert_outputs(seeds_run, [*doc_ids(SEEDS), new])
    shard_mates = [d for d in doc_ids(SEEDS) if shard(d) == shard(new)]
    assert sorted(set(manifest(seeds_run, shard(new))["doc"])) == sorted([*shard_mates, new])
    assert files_of(seeds_run, [new])


def test_removed_document_leaves_results(seeds_run):
    # the shard keeps another document: it reruns without the removed one
    gone = next(d for d in doc_ids(seeds_run / "seeds") if d.startswith("zz_added"))
    assert mentions(seeds_run, gone)
    next((seeds_run / "seeds").glob(f"{gone}.*")).unlink()
    assert planned_shards(seeds_run) == shard_jobs(seeds_run, shard(gone))
    run_snakemake(seeds_run)
    remaining = doc_ids(seeds_run / "seeds")
    # from every table, figure and page, the shards' caches included
    assert mentions(seeds_run, gone) == []
    assert_outputs(seeds_run, remaining)
    assert planned_jobs(seeds_run) == {}


def test_removed_last_document_of_a_shard_leaves_results(seeds_run):
    # the shard is empty now: it has no job any more, the aggregate clears its files
    target = shard(doc_ids(seeds_run / "seeds")[0])
    gone = [d for d in doc_ids(seeds_run / "seeds") if shard(d) == target]
    for doc in gone:
        next((seeds_run / "seeds").glob(f"{doc}.*")).unlink()
    corpus_rules = set(every_rule_once(seeds_run)) - shard_rules(seeds_run)
    fed = {r: len(live_shards(seeds_run)) for r in corpus_fed_rules(seeds_run)}
    assert planned_jobs(seeds_run) == {**dict.fromkeys(corpus_rules, 1), **fed}
    run_snakemake(seeds_run)
    assert not [f for f in per_doc_files(seeds_run, gone) if f.exists()]
    assert [m for doc in gone for m in mentions(seeds_run, doc)] == []
    assert not (seeds_run / f"results/shards/{target}").exists()
    assert_outputs(seeds_run, doc_ids(seeds_run / "seeds"))
    assert planned_jobs(seeds_run) == {}


def test_pages_are_written_again_only_where_same_figure_matches_changed(tmp_path):
    """The corpus job writes the pages of every shard, each keyed by what it shows: an
    edit writes the page of the edited document, and those of the documents whose
    same-figure matches it changed; no other page is touched."""
    workdir = make_workspace(tmp_path)
    run_snakemake(workdir)
    a, b = "003_4bef295f338d59e0", "004_7287e729ebf072ec"  # two descriptions of one figure
    assert shard(a) != shard(b)
    lone = next(d for d in doc_ids(SEEDS) if shard(d) == shard(b) and d != b)
    pages = workdir / "results" / "report" / "docs"

    def page_times() -> dict[str, int]:
        return {p.stem: p.stat().st_mtime_ns for p in pages.iterdir()}

    # an edit that changes no match: its own page only
    path = workdir / "seeds" / f"{lone}.txt"
    path.write_bytes(path.read_bytes() + b"\nOne more sentence, with 42 in it.\n")
    before = page_times()
    ran = ran_shards(run_snakemake(workdir))
    assert ran == {"documents": [shard(lone)], "shard": [shard(lone)], "corpus": [], "all": []}
    after = page_times()
    assert [d for d in before if after[d] != before[d]] == [lone]
    assert "1 written, 0 unchanged" in (workdir / "logs/corpus.log").read_text()
    assert planned_jobs(workdir) == {}
    # a value both documents give: b's matches change, so b's page is written too
    path = workdir / "seeds" / f"{a}.txt"
    text = path.read_bytes()
    assert b"Ratio 0.1, Window 500: 40.0" in text
    path.write_bytes(text.replace(b"Window 500: 40.0", b"Window 500: 41.0"))
    before = page_times()
    ran = ran_shards(run_snakemake(workdir))
    assert ran == {"documents": [shard(a)], "shard": [shard(a)], "corpus": [], "all": []}
    assert "41.0 vs 42.7" in (pages / f"{b}.html").read_text()
    after = page_times()
    assert sorted(d for d in before if after[d] != before[d]) == sorted([a, b])
    assert planned_jobs(workdir) == {}


def test_structural_error_publishes_nothing(seeds_run):
    docs = doc_ids(seeds_run / "seeds")
    target = shard(docs[0])
    new = name_in_shard(target, "yy_new")
    (seeds_run / "seeds" / f"{new}.txt").write_text("## A heatmap\n\nRow a: 1, 2\n")
    # a pipeline bug, not bad data: the extract stage writes the cells without their values
    # (the workspace runs its own copy of the package)
    module = seeds_run / "src" / "figdata" / "batch.py"
    original = module.read_text()
    anchor = "        data = cache.joined_table(reuse.arrow.get(table), frame, table, columns)\n"
    assert anchor in original
    broken = '        data = data.drop_columns([c for c in ["value"] if c in data.column_names])\n'
    module.write_text(original.replace(anchor, anchor + broken))
    before = {f: f.read_bytes() for f in per_doc_files(seeds_run, docs)}
    try:
        proc = run_snakemake(seeds_run, check=False)
    finally:
        module.write_text(original)
    assert proc.returncode != 0
    log = (seeds_run / f"logs/shard/{target}.log").read_text()
    assert "StructuralError" in log and "cells" in log and "value" in log
    assert not [f for f in per_doc_files(seeds_run, [new]) if f.exists()]
    assert {f: f.read_bytes() for f in per_doc_files(seeds_run, docs)} == before
    assert not (seeds_run / f"results/shards/{target}/manifest.tsv").exists()
    assert not list((seeds_run / "results").rglob(".staging"))
    # once the cause is gone the next run repairs everything
    run_snakemake(seeds_run)
    assert_outputs(seeds_run, [*docs, new])


def test_dev_corpus_including_malformed_documents(tmp_path):
    workdir = make_workspace(tmp_path, CORPUS_DOCS, "corpus")
    proc = run_snakemake(workdir, "--config", "seeds_dir=corpus", "shards=4")
    assert proc.returncode == 0
    docs = doc_ids(CORPUS_DOCS)
    assert len(docs) == 30
    assert_outputs(workdir, docs, shards=4)
    # TIGHTEN: with the real parser, every expected flag kind of tests/corpus/gold
    # appears among the findings (empty for x04, encoding for x05, ...).
    log = "".join(p.read_text() for p in (workdir / "logs/shard").iterdir())
    for name in ("x04_whitespace-only.txt", "x05_encoding-bom-crlf.txt"):
        assert f"{name}: " in log


def test_config_is_validated(tmp_path):
    workdir = make_workspace(tmp_path)
    proc = run_snakemake(workdir, "--dry-run", "--config", "shards=0", check=False)
    assert proc.returncode != 0
    out = proc.stdout + proc.stderr
    assert "On instance['shards']" in out and "less than the minimum of 1" in out


def test_missing_seeds_dir_is_a_clear_error(tmp_path):
    workdir = make_workspace(tmp_path)
    proc = run_snakemake(workdir, "--dry-run", "--config", "seeds_dir=nowhere", check=False)
    assert proc.returncode != 0
    assert "seeds_dir 'nowhere' is not a folder" in proc.stdout + proc.stderr


def test_two_documents_with_one_id_are_an_error(tmp_path):
    workdir = make_workspace(tmp_path)
    doc = doc_ids(SEEDS)[0]
    (workdir / "seeds" / f"{doc}.md").write_text("same stem\n")
    proc = run_snakemake(workdir, "--dry-run", check=False)
    assert proc.returncode != 0
    assert f"two documents share the id '{doc}'" in proc.stdout + proc.stderr


def test_hidden_and_other_files_are_ignored(tmp_path):
    workdir = make_workspace(tmp_path)
    (workdir / "seeds" / ".#lock.txt").write_text("editor lock\n")
    (workdir / "seeds" / "notes.csv").write_text("a,b\n")
    (workdir / "seeds" / "sub").mkdir()
    (workdir / "seeds" / "sub" / "nested.txt").write_text("nested\n")
    assert planned_shards(workdir)["shard"] == sorted({shard(d) for d in doc_ids(SEEDS)})
    proc = run_snakemake(workdir, "--dry-run", "--printshellcmds", check=False)
    # the files by name: a module of the package may hold such a word (parse/jsonblock.py)
    assert ".#lock" not in proc.stdout and "nested.txt" not in proc.stdout


@pytest.mark.e2e
def test_snakemake_collects_cycles_as_rarely_as_a_job(tmp_path):
    """rules/common.smk gives Snakemake's own process the jobs' thresholds of the cycle
    collector (figdata.gcpause): with Python's, its plan of 10,000 documents spent a
    quarter of a second in collections on every run."""
    workdir = make_workspace(tmp_path / "w")
    probe = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('thresholds', *gc.get_threshold()))\n"
        "from snakemake.cli import main\n"
        "sys.argv = ['snakemake', '--dry-run', '--cores', '1']\n"
        "main()\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=workdir,
        env={**os.environ, "PYTHONPATH": str(workdir / "src")},
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert f"thresholds {' '.join(map(str, gcpause.JOB_THRESHOLDS))}" in proc.stdout
    assert gcpause.JOB_THRESHOLDS[0] > 700  # not Python's
