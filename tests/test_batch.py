"""figdata.batch, publish, corpus and cli: a shard of documents per process, none lost."""

from __future__ import annotations

import hashlib
import json
import logging
import re
import zlib
from pathlib import Path

import pandas as pd
import pytest
from helpers import CORPUS_DOCS, REPO, SEEDS

import figdata.parse
import figdata.validate
from figdata import batch, cli, corpus, fileio, publish, tables

BAD_INPUTS = {
    "empty": b"",
    "whitespace": b"  \n\t\n",
    "invalid-utf8": b"## Heatmap\nRow a: 1.5, \xff\xfe 2.5\n",
    "bom-crlf": b"\xef\xbb\xbf## Heatmap\r\nRow a: 1, 2\r\nRow b: 3, 4\n",
    "no-numbers": b"## A heatmap\n\nThe colours go from blue to red.\n",
    "html-title": b"# <script>alert(1)</script>\n\n| x | 1 |\n|---|---|\n| a | 2 |\n",
}


def raw_paths(root: Path) -> dict[str, Path]:
    return {t: root / "parsed" / f"{t}.parquet" for t in batch.RAW_TABLES}


def shard_outputs(root: Path) -> dict[str, Path]:
    paths = {t: root / "shard" / f"{t}.parquet" for t in batch.VALIDATED}
    paths.update(
        report=root / "shard" / "validation.json",
        summary=root / "shard" / "summary.parquet",
        manifest=root / "shard" / "manifest.tsv",
    )
    return paths


def per_doc(root: Path, table: str, doc: str) -> Path:
    return Path(publish.doc_path(root / "results", table, doc))


def write_docs(folder: Path, contents: dict[str, bytes]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, raw in contents.items():
        (folder / f"{name}.txt").write_bytes(raw)
        paths.append(folder / f"{name}.txt")
    return paths


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
    for table in batch.RAW_TABLES:
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


def run_both_stages(root: Path, docs: list[Path], owns=None):
    stems = [p.stem for p in docs]
    batch.extract_shard(docs, raw_paths(root))
    lines = batch.validate_shard(
        stems, raw_paths(root), shard_outputs(root), results=root / "results", owns=owns
    )
    return stems, lines


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

    monkeypatch.setattr(figdata.validate, "validate_documents", broken)
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


def test_aggregate_concatenates_the_shards(tmp_path):
    first = sorted(CORPUS_DOCS.glob("*.txt"))
    run_both_stages(tmp_path / "s1", first[:3])
    run_both_stages(tmp_path / "s2", first[3:5])
    corpus.aggregate(
        [tmp_path / s / "shard" / "findings.parquet" for s in ("s2", "s1")],
        [tmp_path / s / "shard" / "summary.parquet" for s in ("s2", "s1")],
        tmp_path / "corpus" / "findings.parquet",
        tmp_path / "corpus" / "summary.tsv",
    )
    tsv = pd.read_csv(tmp_path / "corpus" / "summary.tsv", sep="\t")
    assert tsv["doc"].tolist() == sorted(p.stem for p in first[:5])
    assert list(tsv.columns) == list(batch.SUMMARY)
    findings = fileio.read_parquet(tmp_path / "corpus" / "findings.parquet")
    assert len(findings) == tsv["findings"].sum()
    assert findings["doc"].is_monotonic_increasing
    expected = fileio.sort_rows(
        fileio.concat(
            [fileio.read_parquet(tmp_path / s / "shard" / "findings.parquet") for s in ("s1", "s2")]
        ),
        "findings",
    )
    pd.testing.assert_frame_equal(findings, expected)


def test_aggregate_of_no_shards_writes_empty_tables(tmp_path):
    corpus.aggregate([], [], tmp_path / "f.parquet", tmp_path / "s.tsv")
    assert (tmp_path / "s.tsv").read_text() == "\t".join(batch.SUMMARY) + "\n"
    assert list(fileio.read_parquet(tmp_path / "f.parquet").columns) == list(tables.FINDINGS)


def test_orphan_shards_are_cleared_but_not_what_a_live_shard_published(tmp_path):
    results = tmp_path / "results"
    for name, docs in (("000", ["a", "b"]), ("001", ["c"])):
        pub = publish.Publication(results / "shards" / name / "manifest.tsv", results)
        for doc in docs:
            pub.add_doc_file(doc, "cells", doc.encode(), 1)
        pub.commit(docs)
    # "b" moved to shard 002 (the number of shards changed); 000 and 001 are gone
    pub = publish.Publication(results / "shards" / "002" / "manifest.tsv", results)
    pub.add_doc_file("b", "cells", b"b2", 1)
    pub.commit(["b"])
    live = [results / "shards" / "002" / "manifest.tsv"]
    assert corpus.clear_orphans(results, live) == 2
    assert sorted(p.name for p in (results / "cells").iterdir()) == ["b.parquet"]
    assert (results / "cells" / "b.parquet").read_bytes() == b"b2"
    assert sorted(p.name for p in (results / "shards").iterdir()) == ["002"]


def test_the_command_line_runs_every_stage(tmp_path):
    docs = sorted(SEEDS.glob("*.txt"))[:2]
    raw = raw_paths(tmp_path)
    out = shard_outputs(tmp_path)
    log = tmp_path / "logs"
    log.mkdir()
    extract = [f"--{t}={raw[t]}" for t in batch.RAW_TABLES]
    assert cli.main(["extract", f"--log={log / 'x.log'}", *extract, *map(str, docs)]) == 0
    validate = [f"--raw-{t}={raw[t]}" for t in batch.RAW_TABLES]
    validate += [f"--{k}={v}" for k, v in out.items()]
    args = ["validate", f"--log={log / 'v.log'}", f"--results={tmp_path / 'results'}", *validate]
    assert cli.main([*args, "--", *(p.stem for p in docs)]) == 0
    corpus_out = (tmp_path / "c" / "findings.parquet", tmp_path / "c" / "summary.tsv")
    agg = ["aggregate", f"--log={log / 'a.log'}", "--findings", str(out["findings"])]
    agg += ["--summaries", str(out["summary"]), f"--out-findings={corpus_out[0]}"]
    assert cli.main([*agg, f"--out-summary={corpus_out[1]}"]) == 0
    assert all(p.is_file() for p in corpus_out)
    text = (log / "x.log").read_text()
    info = [line for line in text.splitlines() if " INFO " in f" {line} "]
    assert [line.split(": ")[0].split()[-1] for line in info] == [p.name for p in docs]
    assert any("000_501d523b0ed066ee.txt:37: ragged_row" in line for line in text.splitlines())
    assert len((log / "v.log").read_text().splitlines()) == len(docs)


def test_the_command_line_logs_a_failure(tmp_path):
    log = tmp_path / "x.log"
    with pytest.raises(FileNotFoundError):
        cli.main(
            [
                "validate",
                f"--log={log}",
                *(f"--raw-{t}=nowhere" for t in batch.RAW_TABLES),
                *(f"--{k}={tmp_path / k}" for k in shard_outputs(tmp_path)),
            ]
        )
    assert "figdata validate failed" in log.read_text() and "Traceback" in log.read_text()


def test_workflow_table_names_match_the_package():
    common = (REPO / "rules" / "common.smk").read_text()
    declared = re.search(r"^TABLES = \((.*)\)$", common, re.M).group(1)
    assert [s.strip(' "') for s in declared.split(",") if s.strip()] == list(tables.TABLES)


def test_workflow_shard_assignment_matches_the_package():
    common = (REPO / "rules" / "common.smk").read_text()
    body = re.search(r"^def shard_of\(doc, shards\):\n(.*?)\n\n", common, re.M | re.S).group(1)
    assert 'zlib.crc32(doc.encode("utf-8")) % shards' in body
    assert publish.shard_of("000_501d523b0ed066ee", 16) == zlib.crc32(b"000_501d523b0ed066ee") % 16


def pins(lines):
    found = {}
    for line in lines:
        m = re.match(r"^\s*-?\s*([A-Za-z0-9_.\-\[\]]+)==(\S+)\s*$", line)
        if m:
            found[m.group(1).lower()] = m.group(2)
    return found


def test_conda_env_pins_match_requirements():
    req = pins((REPO / "requirements.txt").read_text().splitlines())
    lock = pins((REPO / "requirements.lock").read_text().splitlines())
    env = pins((REPO / "envs" / "figdata.yaml").read_text().splitlines())
    assert env and all(req.get(name) == version for name, version in env.items())
    assert all(lock.get(name) == version for name, version in req.items())
