"""figdata.batch.validate_shard and figdata.publish: a shard validated as one table, its
per-document files published all at once and tracked in the manifest."""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from pathlib import Path

import pandas as pd
import pytest
from helpers import (
    CORPUS_DOCS,
    SEEDS,
    per_doc,
    raw_paths,
    run_both_stages,
    shard_outputs,
    write_docs,
)

import figdata.validate
from figdata import batch, fileio, publish


def read_manifest(root: Path) -> pd.DataFrame:
    return pd.read_csv(
        root / "shard" / "manifest.tsv", sep="\t", dtype={"doc": str}, keep_default_na=False
    )


def test_validate_shard_writes_every_output_and_the_manifest(tmp_path):
    docs = sorted(SEEDS.glob("*.txt"))[:2] + sorted(CORPUS_DOCS.glob("x0*.txt"))
    stems, lines = run_both_stages(tmp_path, docs)
    assert len(lines) == len(stems)
    assert all(
        re.fullmatch(r".+: \d+ panels?, \d+ cells?, \d+ findings?.*, \d+ quarantined", x)
        for x in lines
    )
    summary = fileio.read_parquet(tmp_path / "shard" / "summary.parquet")
    assert summary["doc"].tolist() == sorted(stems)
    assert list(summary.columns) == list(batch.SUMMARY)
    shard_findings = fileio.read_parquet(tmp_path / "shard" / "findings.parquet")
    reports = json.loads((tmp_path / "shard" / "validation.json").read_text())
    assert sorted(reports) == sorted(stems)
    m = read_manifest(tmp_path)
    assert list(m.columns) == list(publish.MANIFEST_COLUMNS)
    assert len(m) == len(stems) * len(publish.PER_DOC)
    for row in m.itertuples():
        data = Path(row.path).read_bytes()
        assert hashlib.sha256(data).hexdigest() == row.sha256
    for doc in stems:
        cells = fileio.read_parquet(per_doc(tmp_path, "cells", doc))
        findings = fileio.read_parquet(per_doc(tmp_path, "findings", doc))
        report = json.loads(per_doc(tmp_path, "report", doc).read_text())
        assert report == reports[doc]
        assert per_doc(tmp_path, "quarantine", doc).is_file()
        row = summary.set_index("doc").loc[doc]
        assert (row["cells"], row["findings"]) == (len(cells), len(findings))
        assert row[["error", "warning", "info"]].sum() == len(findings)
        assert (shard_findings["doc"] == doc).sum() == len(findings)
        rows = m.set_index(["doc", "table"]).loc[(doc, "cells"), "rows"]
        assert int(rows) == len(cells)
    assert not (tmp_path / "shard" / publish.STAGING).exists()


def test_a_documents_files_do_not_depend_on_its_shard(tmp_path):
    docs = sorted(CORPUS_DOCS.glob("*.txt"))[:6]
    run_both_stages(tmp_path / "all", docs)
    run_both_stages(tmp_path / "one", docs[2:3])
    doc = docs[2].stem
    for table, _, _ in publish.PER_DOC:
        assert (
            per_doc(tmp_path / "all", table, doc).read_bytes()
            == per_doc(tmp_path / "one", table, doc).read_bytes()
        ), table


def test_validate_shard_is_deterministic(tmp_path):
    docs = sorted(CORPUS_DOCS.glob("*.txt"))[:6]
    run_both_stages(tmp_path / "a", docs)
    run_both_stages(tmp_path / "b", docs)
    for name in ("a", "b"):
        (tmp_path / name / "shard" / publish.PUBLISHED).unlink()
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.*"))
    assert files_a == sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*.*"))
    for rel in files_a:
        if rel.suffix == ".tsv" and rel.name == "manifest.tsv":
            continue  # paths differ by the root folder
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel


def test_documents_that_left_the_shard_lose_their_files(tmp_path):
    docs = sorted(CORPUS_DOCS.glob("*.txt"))[:4]
    run_both_stages(tmp_path, docs)
    kept, gone, moved = docs[:2], docs[2], docs[3]
    run_both_stages(tmp_path, kept, owns=lambda d: d != moved.stem)
    for table, _, _ in publish.PER_DOC:
        assert not per_doc(tmp_path, table, gone.stem).exists()
        # a document that moved to another shard is its new shard's to publish
        assert per_doc(tmp_path, table, moved.stem).exists()
        assert all(per_doc(tmp_path, table, d.stem).exists() for d in kept)
    assert sorted(set(read_manifest(tmp_path)["doc"])) == [d.stem for d in kept]


def test_a_structural_error_publishes_nothing(tmp_path, monkeypatch):
    docs = write_docs(tmp_path / "docs", {"a": b"Row a: 1\n"})
    run_both_stages(tmp_path, docs)
    before = {p: p.read_bytes() for p in (tmp_path / "results").rglob("*") if p.is_file()}
    docs += write_docs(tmp_path / "docs", {"b": b"Row b: 2\n"})
    batch.extract_shard(docs, raw_paths(tmp_path))

    def broken(*args, **kwargs):
        raise figdata.validate.StructuralError("a: cells.value: wrong type", [], None)

    monkeypatch.setattr(figdata.validate, "validate_tables", broken)
    with pytest.raises(figdata.validate.StructuralError, match="cells.value"):
        batch.validate_shard(
            ["a", "b"], raw_paths(tmp_path), shard_outputs(tmp_path), tmp_path / "results"
        )
    after = {p: p.read_bytes() for p in (tmp_path / "results").rglob("*") if p.is_file()}
    assert after == before
    assert not (tmp_path / "shard" / publish.STAGING).exists()


def test_raw_rows_of_a_document_outside_the_shard_are_refused(tmp_path):
    docs = write_docs(tmp_path / "docs", {"a": b"Row a: 1\n", "b": b"Row b: 2\n"})
    batch.extract_shard(docs, raw_paths(tmp_path))
    with pytest.raises(ValueError, match="outside the shard"):
        batch.validate_shard(["a"], raw_paths(tmp_path), shard_outputs(tmp_path), tmp_path)


def test_shard_assignment_is_the_crc32_of_the_id():
    # the workflow imports this very function: a change would move every document
    assert publish.shard_of("000_501d523b0ed066ee", 16) == zlib.crc32(b"000_501d523b0ed066ee") % 16
