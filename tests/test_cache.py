"""figdata.cache: a shard's jobs reuse unchanged documents' results, byte for byte."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from helpers import CORPUS_DOCS, SEEDS

from figdata import batch, cache, fileio, layout, publish
from figdata.stats import job

#: the stages whose jobs keep a per-document cache
STAGES = ("extract", "validate", "stats")


def run_shard(
    root: Path, docs: list[Path], cached: bool = True, limits: batch.Limits | None = None
) -> list[str]:
    """Both stages of one shard in ``root``, as the jobs run them; the parsed documents.

    Run from ``root`` with relative paths, as the workflow does, so that the
    manifests of two roots can be compared.
    """
    root.mkdir(parents=True, exist_ok=True)
    with contextlib.chdir(root):
        folder = layout.shard_folder(layout.RESULTS, 0)
        raw = layout.files(folder, layout.EXTRACT_FILES)
        outputs = layout.files(folder, layout.VALIDATE_FILES)
        caches = {s: cache.DocCache.of_shard(folder, s) if cached else None for s in STAGES}
        lines = batch.extract_shard(docs, raw, caches["extract"], limits or batch.Limits())
        stems = [p.stem for p in docs]
        batch.validate_shard(stems, raw, outputs, layout.RESULTS, doc_cache=caches["validate"])
        inputs, stats_outputs, results = job.shard_paths(folder)
        job.stats_shard(stems, inputs, stats_outputs, results, doc_cache=caches["stats"])
    return lines


def all_bytes(root: Path, skip_cache: bool = True) -> dict[str, bytes]:
    base = root / "results"
    return {
        p.relative_to(base).as_posix(): p.read_bytes()
        for p in sorted(base.rglob("*"))
        if p.is_file() and not (skip_cache and layout.CACHE in p.parts)
    }


def corpus(folder: Path, n: int = 12) -> list[Path]:
    folder.mkdir(parents=True)
    picked = sorted(CORPUS_DOCS.glob("*.*"))[:n] + sorted(SEEDS.glob("*.txt"))
    for p in picked:
        shutil.copy(p, folder / p.name)
    return sorted(folder.iterdir())


def differing(a: dict[str, bytes], b: dict[str, bytes]) -> list[str]:
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def test_cached_rerun_equals_a_clean_run_byte_for_byte(tmp_path):
    docs = corpus(tmp_path / "docs")
    run_shard(tmp_path / "a", docs)
    # an edit, an addition and a removal, then a rerun that may use the cache
    docs[3].write_bytes(docs[3].read_bytes() + b"\nPeak 99.5 at the last cell.\n")
    added = tmp_path / "docs" / "zz_added.md"
    added.write_bytes(SEEDS.joinpath(sorted(p.name for p in SEEDS.iterdir())[0]).read_bytes())
    gone = docs.pop(5)
    gone.unlink()
    docs = sorted([*docs, added])
    parsed = run_shard(tmp_path / "a", docs)
    assert sorted(line.split(": ")[0] for line in parsed) == sorted([docs[3].name, added.name])
    run_shard(tmp_path / "b", docs, cached=False)
    a, b = all_bytes(tmp_path / "a"), all_bytes(tmp_path / "b")
    assert len(a) > 6 * len(docs)
    assert differing(a, b) == []


def test_unchanged_documents_are_not_parsed_or_validated_again(tmp_path, monkeypatch):
    docs = corpus(tmp_path / "docs", n=4)
    run_shard(tmp_path, docs)
    parsed, validated = [], []
    real_extract = batch.extract_rows
    monkeypatch.setattr(
        batch, "extract_rows", lambda p, *a: parsed.append(p.name) or real_extract(p, *a)
    )
    import figdata.validate

    real_validate = figdata.validate.validate_tables
    monkeypatch.setattr(
        figdata.validate,
        "validate_tables",
        lambda frames, d: validated.append(list(d)) or real_validate(frames, d),
    )
    computed = []
    real_compute = job.compute
    monkeypatch.setattr(
        job,
        "compute",
        lambda cells, *rest: (
            computed.append(sorted(set(cells["doc"]))) or real_compute(cells, *rest)
        ),
    )
    docs[1].write_bytes(docs[1].read_bytes() + b"\n")
    run_shard(tmp_path, docs)
    assert parsed == [docs[1].name] and validated == [[docs[1].stem]]
    assert computed == [[docs[1].stem]]
    parsed.clear(), validated.clear(), computed.clear()
    run_shard(tmp_path, docs)
    assert parsed == [] and validated == [] and computed == [[]]


def test_the_cache_holds_exactly_the_shards_documents(tmp_path):
    docs = corpus(tmp_path / "docs", n=5)
    run_shard(tmp_path, docs)
    gone = docs.pop(0)
    gone.unlink()
    run_shard(tmp_path, docs)
    folder = tmp_path / "results" / "shards" / "000" / layout.CACHE
    for stage in STAGES:
        index = json.loads((folder / stage / cache.INDEX).read_text())
        assert sorted(index["docs"]) == sorted(p.stem for p in docs)
        for name in index["files"]:
            if name.endswith(".parquet"):
                held = set(pq.read_table(folder / stage / name, columns=["doc"])["doc"].to_pylist())
                assert gone.stem not in held, (stage, name)
        reports = folder / stage / batch.REPORTS
        if reports.is_file():
            assert gone.stem not in json.loads(reports.read_text())


def test_an_altered_cache_is_ignored_not_trusted(tmp_path, caplog):
    docs = corpus(tmp_path / "docs", n=4)
    run_shard(tmp_path / "a", docs)
    cached = tmp_path / "a/results/shards/000" / layout.CACHE / "extract" / "cells.parquet"
    # a well-formed table with other rows: only the index's digest can tell
    shutil.copy(tmp_path / "a/results/shards/000" / layout.CACHE / "extract/claims.parquet", cached)
    docs[0].write_bytes(docs[0].read_bytes() + b"\n")
    parsed = run_shard(tmp_path / "a", docs)
    assert len(parsed) == len(docs)
    assert "ignoring the cache" in caplog.text
    run_shard(tmp_path / "b", docs, cached=False)
    assert differing(all_bytes(tmp_path / "a"), all_bytes(tmp_path / "b")) == []


def test_a_published_file_edited_by_hand_is_rewritten(tmp_path):
    docs = corpus(tmp_path / "docs", n=3)
    run_shard(tmp_path, docs)
    target = Path(publish.doc_path(tmp_path / "results", "cells", docs[0].stem))
    good = target.read_bytes()
    target.write_bytes(b"not parquet")
    docs[1].write_bytes(docs[1].read_bytes() + b"\n")
    run_shard(tmp_path, docs)
    assert target.read_bytes() == good


def test_the_key_changes_with_the_code_and_the_libraries(monkeypatch):
    sources = cache.stage_sources("extract")
    names = {p.relative_to(sources[0].parents[0]).as_posix() for p in sources}
    assert {"parse/__init__.py", "tables.py", "fileio.py", "batch.py"} <= names
    assert not any(n.startswith("validate/") for n in names)
    before = cache.code_version("extract")
    cache.code_version.cache_clear()
    real = cache.metadata.version
    monkeypatch.setattr(cache.metadata, "version", lambda n: "0.0" if n == "pyarrow" else real(n))
    assert cache.code_version("extract") != before
    cache.code_version.cache_clear()
    assert cache.digest("ab", "c") != cache.digest("a", "bc")


@pytest.mark.parametrize("stage", sorted(layout.STAGE_CODE))
def test_every_stage_has_code_to_key_on(stage):
    assert cache.stage_sources(stage)


def test_every_module_is_code_of_some_stage():
    """A module outside every stage's code list would change results without a rerun."""
    root = Path(cache.__file__).parent
    declared = {p for stage in layout.STAGE_CODE for p in cache.stage_sources(stage)}
    modules = {p for p in root.rglob("*.py") if "__pycache__" not in p.parts}
    assert sorted(p.relative_to(root).as_posix() for p in modules - declared) == []


def _kinds_by_doc(root: Path, name: str) -> dict[str, list[str]]:
    path = root / "results" / "shards" / "000" / name
    findings = fileio.read_parquet(path)
    return findings.groupby("doc")["kind"].apply(sorted).to_dict()


def test_a_refused_document_is_refused_again_with_a_warm_cache(tmp_path, monkeypatch):
    docs = corpus(tmp_path / "docs", n=3)
    big, pipe = tmp_path / "docs" / "big.txt", tmp_path / "docs" / "pipe.txt"
    largest = max(p.stat().st_size for p in docs)
    big.write_bytes(b"x" * (largest + 1))
    os.mkfifo(pipe)
    docs = sorted([*docs, big, pipe])
    read = []
    real_read = fileio.read_document
    monkeypatch.setattr(fileio, "read_document", lambda p: read.append(p.name) or real_read(p))
    for _ in range(2):  # cold, then warm cache
        read.clear()
        run_shard(tmp_path, docs, limits=batch.Limits(max_bytes=largest))
        assert "big.txt" not in read and "pipe.txt" not in read  # never opened
        for name in ("parsed/findings.parquet", "findings.parquet"):
            by_doc = _kinds_by_doc(tmp_path, name)
            assert by_doc["big"] == ["too_large"] and by_doc["pipe"] == ["unreadable"]
    index = json.loads(
        (tmp_path / "results/shards/000" / layout.CACHE / "extract" / cache.INDEX).read_text()
    )
    assert "big" not in index["docs"] and "pipe" not in index["docs"]
    assert len(index["docs"]) == len(docs) - 2


def test_a_document_that_timed_out_is_parsed_on_the_next_run(tmp_path, monkeypatch):
    docs = corpus(tmp_path / "docs", n=3)
    slow = docs[1]
    import figdata.parse

    real_parse = figdata.parse.parse_document

    def parse(doc, raw):
        if doc == slow.stem and timing_out:
            raise batch.DocumentTimeout("took more than 1 s")
        return real_parse(doc, raw)

    monkeypatch.setattr(figdata.parse, "parse_document", parse)
    timing_out = True
    run_shard(tmp_path, docs)
    assert _kinds_by_doc(tmp_path, "findings.parquet")[slow.stem] == ["timeout"]
    timing_out = False
    parsed = run_shard(tmp_path, docs)
    assert [line.split(": ")[0] for line in parsed] == [slow.name]
    assert "timeout" not in _kinds_by_doc(tmp_path, "findings.parquet").get(slow.stem, [])
    run_shard(tmp_path / "clean", docs, cached=False)
    assert differing(all_bytes(tmp_path), all_bytes(tmp_path / "clean")) == []


# --- the report's jobs: figures and pages of unchanged documents are not looked at again


def run_report_jobs(root: Path, docs: list[Path], cached: bool = True) -> None:
    """The corpus statistics, the figures and the pages of the one shard, as the
    workflow's jobs run them (after :func:`run_shard`)."""
    from figdata import cli

    no_cache = [] if cached else ["--no-cache"]
    with contextlib.chdir(root):
        folder = layout.shard_folder(layout.RESULTS, 0)
        paths = [str(p) for p in docs]
        stats = layout.files(folder, layout.STATS_FILES)
        given = [f"{t}={stats[t]}" for t in ("panel_stats", "factcheck", "panel_pairs")]
        given += [
            f"same_figure={layout.files(layout.RESULTS, layout.STATS_CORPUS_FILES)['same_figure']}",
            f"stats_findings={stats['findings']}",
        ]
        commands = (
            ["stats-corpus", "--results", layout.RESULTS, *no_cache, "--", "000"],
            ["figures", "--shard-dir", folder, *no_cache, "--", *paths],
            ["report-pages", "--shard-dir", folder, "--stats", *given, *no_cache, "--", *paths],
        )
        for command in commands:
            assert cli.main(command) == 0, command


def report_bytes(root: Path) -> dict[str, bytes]:
    """Everything the report's jobs wrote, their caches aside."""
    caches = (".figures-cache.tsv", ".pages.tsv")
    return {
        k: v
        for k, v in all_bytes(root).items()
        if k.startswith(("report/", "corpus/")) or k.endswith(("figures.tsv", "pages.tsv"))
        if not k.endswith(caches)
    }


def both_runs(root: Path, docs: list[Path]) -> None:
    run_shard(root, docs)
    run_report_jobs(root, docs)


def test_report_jobs_with_their_caches_equal_a_clean_run(tmp_path):
    docs = corpus(tmp_path / "docs", n=6)
    both_runs(tmp_path / "a", docs)
    # an edit, an addition and a removal; the pairs of seeds 003 and 004 stay
    docs[1].write_bytes(docs[1].read_bytes() + b"\nPeak 99.5 at the last cell.\n")
    added = tmp_path / "docs" / "zz_added.md"
    added.write_bytes(docs[2].read_bytes().replace(b"0.", b"1."))
    gone = docs.pop(3)
    gone.unlink()
    docs = sorted([*docs, added])
    both_runs(tmp_path / "a", docs)
    run_shard(tmp_path / "b", docs, cached=False)
    run_report_jobs(tmp_path / "b", docs, cached=False)
    a, b = report_bytes(tmp_path / "a"), report_bytes(tmp_path / "b")
    assert sum(k.startswith("report/docs/") for k in a) == len(docs)
    assert differing(a, b) == []
    assert not [k for k in all_bytes(tmp_path / "a") if gone.stem in k]


def test_unchanged_documents_get_no_new_figure_or_page(tmp_path, monkeypatch):
    from figdata.figures import grid, shard
    from figdata.report import document

    docs = corpus(tmp_path / "docs", n=3)
    both_runs(tmp_path, docs)
    looked_at, rendered, read = [], [], []
    real_figure, real_page = grid.figure_from_rows, document.document_context
    monkeypatch.setattr(
        grid, "figure_from_rows", lambda doc, *a: looked_at.append(doc) or real_figure(doc, *a)
    )
    monkeypatch.setattr(
        document,
        "document_context",
        lambda doc, *a: rendered.append(doc) or real_page(doc, *a),
    )
    real_read = shard.read_tables
    monkeypatch.setattr(
        shard, "read_tables", lambda paths, d=None: read.append(d) or real_read(paths, d)
    )
    both_runs(tmp_path, docs)
    assert (looked_at, rendered, read) == ([], [], [[]])
    edited = docs[1]  # seed 001: in no same-figure pair
    edited.write_bytes(edited.read_bytes() + b"\nOne more line.\n")
    both_runs(tmp_path, docs)
    # rebuilt once for its figures, once for its page
    assert looked_at == [edited.stem] * 2 and rendered == [edited.stem]
    assert read == [[], [edited.stem]]


def test_a_page_edited_or_deleted_by_hand_is_written_again(tmp_path):
    docs = corpus(tmp_path / "docs", n=2)
    both_runs(tmp_path, docs)
    pages = tmp_path / "results" / "report" / "docs"
    edited, deleted = (pages / f"{d.stem}.html" for d in docs[:2])
    good = edited.read_bytes(), deleted.read_bytes()
    edited.write_bytes(b"<p>edited</p>")
    deleted.unlink()
    run_report_jobs(tmp_path, docs)
    assert (edited.read_bytes(), deleted.read_bytes()) == good


def test_a_same_figure_match_changes_the_page_of_the_other_document(tmp_path, monkeypatch):
    from figdata.report import document

    docs = corpus(tmp_path / "docs", n=0)  # the seeds: 003 and 004 describe one figure
    both_runs(tmp_path, docs)
    rendered = []
    real_page = document.document_context
    monkeypatch.setattr(
        document, "document_context", lambda doc, *a: rendered.append(doc) or real_page(doc, *a)
    )
    seed_003 = next(p for p in docs if p.name.startswith("003_"))
    text = seed_003.read_bytes()
    assert b"Ratio 0.1, Window 500: 40.0" in text
    seed_003.write_bytes(text.replace(b"Window 500: 40.0", b"Window 500: 41.0"))
    both_runs(tmp_path, docs)
    partner = next(p.stem for p in docs if p.name.startswith("004_"))
    assert sorted(rendered) == sorted([seed_003.stem, partner])
    page = (tmp_path / "results" / "report" / "docs" / f"{partner}.html").read_text()
    assert "41.0 vs 42.7" in page


def _panel(doc: str, panel: int, ticks: list[str] | None, line: int | None) -> dict:
    return {"doc": doc, "panel": panel, "title": f"{doc} {panel}", "x_ticks": ticks,
            "y_ticks": ticks, "n_cells": 0, "line": line}  # fmt: skip


@pytest.mark.parametrize("other_writer", [False, True], ids=["arrow", "pandas"])
def test_cached_arrow_rows_join_fresh_ones_as_a_clean_run_writes_them(other_writer):
    from figdata import tables

    cached_rows = [_panel("a", 1, ["x"], None), _panel("a", 0, ["y"], 3), _panel("c", 0, None, 1)]
    fresh_rows = [_panel("b", 1, ["1", "2"], 2), _panel("b", 0, None, None)]
    cached_df = fileio.sort_rows(tables.frame(cached_rows, tables.PANELS), "panels")
    cached = fileio.arrow_table(cached_df, "panels")
    if other_writer:  # a cache another pandas wrote: its metadata differs
        meta = json.loads(cached.schema.metadata[b"pandas"])
        meta["pandas_version"] = "0.0.1"
        cached = cached.replace_schema_metadata({b"pandas": json.dumps(meta).encode()})
    fresh = tables.frame(fresh_rows, tables.PANELS)
    fast = cache._joinable(cached.schema, fileio.arrow_table(fresh, "panels").schema)
    assert fast != other_writer
    joined = cache.joined_table(cached, fresh, "panels", tables.PANELS)
    clean = tables.frame(cached_rows + fresh_rows, tables.PANELS)
    expected = fileio.arrow_table(fileio.sort_rows(clean, "panels"), "panels")
    # the same schema (pandas metadata included) and rows: the same file, byte for byte
    assert fileio.parquet_bytes(joined) == fileio.parquet_bytes(expected)


def test_an_edit_joins_the_cached_rows_in_arrow_and_equals_a_clean_run(tmp_path, monkeypatch):
    docs = corpus(tmp_path / "docs", n=6)
    run_shard(tmp_path / "a", docs)
    docs[2].write_bytes(docs[2].read_bytes() + b"\nPeak 99.5 at the last cell.\n")
    joins = []
    real = cache._joinable
    monkeypatch.setattr(cache, "_joinable", lambda c, f: joins.append(real(c, f)) or joins[-1])
    run_shard(tmp_path / "a", docs)
    # extract, validate and stats join each of their tables (4, 5 and 6) without pandas
    assert joins == [True] * 15
    monkeypatch.undo()
    run_shard(tmp_path / "b", docs, cached=False)
    assert differing(all_bytes(tmp_path / "a"), all_bytes(tmp_path / "b")) == []
