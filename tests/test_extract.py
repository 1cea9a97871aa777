"""figdata.batch.extract_shard: a shard of documents parsed in one process, none lost."""

from __future__ import annotations

import logging

import pandas as pd
import pytest
from helpers import CORPUS_DOCS, SEEDS, raw_paths, write_docs

import figdata.parse
from figdata import batch, fileio, tables

BAD_INPUTS = {
    "empty": b"",
    "whitespace": b"  \n\t\n",
    "invalid-utf8": b"## Heatmap\nRow a: 1.5, \xff\xfe 2.5\n",
    "bom-crlf": b"\xef\xbb\xbf## Heatmap\r\nRow a: 1, 2\r\nRow b: 3, 4\n",
    "no-numbers": b"## A heatmap\n\nThe colours go from blue to red.\n",
    "html-title": b"# <script>alert(1)</script>\n\n| x | 1 |\n|---|---|\n| a | 2 |\n",
}


def test_describe_counts_by_severity():
    findings = tables.frame(
        [{"severity": "error"}, {"severity": "warning"}, {"severity": "warning"}], tables.FINDINGS
    )
    frames = {"panels": [0, 1, 2], "cells": range(120), "findings": findings}
    assert batch.describe("d.txt", frames) == (
        "d.txt: 3 panels, 120 cells, 3 findings (1 error, 2 warnings)"
    )
    empty = {t: tables.empty(c) for t, c in tables.TABLES.items()}
    assert batch.describe("e.md", empty) == "e.md: 0 panels, 0 cells, 0 findings"


def test_bad_inputs_never_stop_the_batch(tmp_path, caplog):
    docs = write_docs(tmp_path / "docs", BAD_INPUTS)
    stems = [p.stem for p in docs]
    caplog.set_level(logging.INFO, logger="figdata")
    lines = batch.extract_shard(docs, raw_paths(tmp_path))
    assert [line.split(":")[0] for line in lines] == [p.name for p in docs]
    for table, columns in tables.TABLES.items():
        df = fileio.read_parquet(tmp_path / "parsed" / f"{table}.parquet")
        assert list(df.columns) == list(columns)
        assert set(df["doc"]) <= set(stems)
    assert [r.getMessage() for r in caplog.records if r.levelno == logging.INFO] == lines
    problems = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    # every warning or error finding is logged with the file (and line) it concerns
    assert "empty.txt: empty: the file is empty or holds only whitespace" in problems
    assert all(m.split(":")[0] in {p.name for p in docs} for m in problems)


def test_bad_inputs_are_reported_as_findings(tmp_path):
    # Which kind each input gets is the parser's business (tests/test_parse_*);
    # here: each of them yields at least one finding, none a parser crash.
    docs = write_docs(tmp_path / "docs", BAD_INPUTS)
    batch.extract_shard(docs, raw_paths(tmp_path))
    findings = fileio.read_parquet(tmp_path / "parsed" / "findings.parquet")
    for p in docs:
        if p.stem == "html-title":
            continue  # may be fine data with a markup note, or not: parser's call
        mine = findings[findings["doc"] == p.stem]
        assert len(mine) >= 1, p.stem
        assert "parser_error" not in set(mine["kind"]), p.stem


def test_shard_tables_equal_the_documents_frames(tmp_path):
    docs = sorted(SEEDS.glob("*.txt")) + sorted(CORPUS_DOCS.glob("x0*.txt"))
    batch.extract_shard(docs, raw_paths(tmp_path))
    for table in tables.TABLES:
        whole = fileio.read_parquet(tmp_path / "parsed" / f"{table}.parquet")
        frames = [
            figdata.parse.parse_document(p.stem, p.read_bytes()).frames()[table] for p in docs
        ]
        expected = fileio.sort_rows(fileio.concat(frames, tables.TABLES[table]), table)
        pd.testing.assert_frame_equal(whole, expected, check_dtype=False)
        assert {c: str(t) for c, t in whole.dtypes.items()} == {
            c: ("object" if t == "object" else t) for c, t in tables.TABLES[table].items()
        }


def test_a_parser_crash_becomes_an_error_finding(tmp_path, monkeypatch, caplog):
    docs = write_docs(tmp_path / "docs", {"a": b"Row a: 1\n", "boom": b"x\n", "c": b"y\n"})
    real = figdata.parse.parse_document

    def flaky(doc, raw):
        if doc == "boom":
            raise KeyError("no such tick 'Layer 9'")
        return real(doc, raw)

    monkeypatch.setattr(figdata.parse, "parse_document", flaky)
    lines = batch.extract_shard(docs, raw_paths(tmp_path))
    assert lines[1] == "boom.txt: 0 panels, 0 cells, 1 finding (1 error)"
    findings = fileio.read_parquet(tmp_path / "parsed" / "findings.parquet")
    row = findings[findings["doc"] == "boom"].iloc[0]
    assert (row["doc"], row["kind"], row["severity"], row["stage"]) == (
        "boom",
        "parser_error",
        "error",
        "parse",
    )
    assert row["detail"] == "boom.txt: the parser failed: KeyError: \"no such tick 'Layer 9'\""
    for table in ("cells", "panels", "claims"):
        df = fileio.read_parquet(tmp_path / "parsed" / f"{table}.parquet")
        assert "boom" not in set(df["doc"])
    # the documents after the crash were processed, and the traceback is in the log
    assert lines[2].startswith("c.txt: ")
    assert "Traceback" in caplog.text and "KeyError" in caplog.text


def test_extract_needs_every_table_and_distinct_ids(tmp_path):
    docs = write_docs(tmp_path / "docs", {"a": b"1\n"})
    with pytest.raises(ValueError, match="no output paths"):
        batch.extract_shard(docs, {"cells": tmp_path / "c.parquet"})
    (tmp_path / "docs" / "a.md").write_text("2\n")
    with pytest.raises(ValueError, match="share an id"):
        batch.extract_shard([*docs, tmp_path / "docs" / "a.md"], raw_paths(tmp_path))
