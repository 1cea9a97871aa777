"""figdata.batch and the scripts/ adapters: many documents per process, none lost."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pandas as pd
import pytest
from helpers import CORPUS_DOCS, REPO, SEEDS, load_script

import figdata.parse
import figdata.validate
from figdata import batch, io, tables

BAD_INPUTS = {
    "empty": b"",
    "whitespace": b"  \n\t\n",
    "invalid-utf8": b"## Heatmap\nRow a: 1.5, \xff\xfe 2.5\n",
    "bom-crlf": b"\xef\xbb\xbf## Heatmap\r\nRow a: 1, 2\r\nRow b: 3, 4\n",
    "no-numbers": b"## A heatmap\n\nThe colours go from blue to red.\n",
    "html-title": b"# <script>alert(1)</script>\n\n| x | 1 |\n|---|---|\n| a | 2 |\n",
}


def raw_paths(root: Path, docs: list[str]) -> dict[str, list[Path]]:
    return {t: [root / "parsed" / t / f"{d}.parquet" for d in docs] for t in batch.RAW_TABLES}


def out_paths(root: Path, docs: list[str]) -> dict[str, list[Path]]:
    paths = {t: [root / t / f"{d}.parquet" for d in docs] for t in batch.RAW_TABLES}
    paths["quarantine"] = [root / "quarantine" / f"{d}.parquet" for d in docs]
    paths["report"] = [root / "validation" / f"{d}.json" for d in docs]
    return paths


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
    lines = batch.extract_batch(docs, raw_paths(tmp_path, stems))
    assert [line.split(":")[0] for line in lines] == [p.name for p in docs]
    for stem in stems:
        for table, columns in tables.TABLES.items():
            df = io.read_parquet(tmp_path / "parsed" / table / f"{stem}.parquet")
            assert list(df.columns) == list(columns)
    assert [r.getMessage() for r in caplog.records] == lines


def test_bad_inputs_are_reported_as_findings(tmp_path):
    # Which kind each input gets is the parser's business (tests/test_parse_*);
    # here: each of them yields at least one finding, none a parser crash.
    docs = write_docs(tmp_path / "docs", BAD_INPUTS)
    batch.extract_batch(docs, raw_paths(tmp_path, [p.stem for p in docs]))
    for p in docs:
        if p.stem == "html-title":
            continue  # may be fine data with a markup note, or not: parser's call
        findings = io.read_parquet(tmp_path / "parsed" / "findings" / f"{p.stem}.parquet")
        assert len(findings) >= 1, p.stem
        assert "parser_error" not in set(findings["kind"]), p.stem


def test_a_parser_crash_becomes_an_error_finding(tmp_path, monkeypatch, caplog):
    docs = write_docs(tmp_path / "docs", {"a": b"Row a: 1\n", "boom": b"x\n", "c": b"y\n"})
    real = figdata.parse.parse_document

    def flaky(doc, raw):
        if doc == "boom":
            raise KeyError("no such tick 'Layer 9'")
        return real(doc, raw)

    monkeypatch.setattr(figdata.parse, "parse_document", flaky)
    lines = batch.extract_batch(docs, raw_paths(tmp_path, ["a", "boom", "c"]))
    assert lines[1] == "boom.txt: 0 panels, 0 cells, 1 finding (1 error)"
    findings = io.read_parquet(tmp_path / "parsed" / "findings" / "boom.parquet")
    row = findings.iloc[0]
    assert (row["doc"], row["kind"], row["severity"], row["stage"]) == (
        "boom",
        "parser_error",
        "error",
        "parse",
    )
    assert row["detail"] == "boom.txt: the parser failed: KeyError: \"no such tick 'Layer 9'\""
    for table in ("cells", "panels", "claims"):
        assert io.read_parquet(tmp_path / "parsed" / table / "boom.parquet").empty
    # the documents after the crash were processed, and the traceback is in the log
    assert (tmp_path / "parsed" / "cells" / "c.parquet").is_file()
    assert "Traceback" in caplog.text and "KeyError" in caplog.text


def test_outputs_must_line_up_with_documents(tmp_path):
    docs = write_docs(tmp_path / "docs", {"a": b"1\n", "b": b"2\n"})
    paths = raw_paths(tmp_path, ["b", "a"])
    with pytest.raises(ValueError, match="does not belong to document 'a'"):
        batch.extract_batch(docs, paths)
    paths = raw_paths(tmp_path, ["a"])
    with pytest.raises(ValueError, match="1 paths for 2 documents"):
        batch.extract_batch(docs, paths)
    with pytest.raises(ValueError, match="no output paths"):
        batch.extract_batch(docs, {"cells": paths["cells"]})


def run_both_stages(tmp_path: Path, docs: list[Path]):
    stems = [p.stem for p in docs]
    batch.extract_batch(docs, raw_paths(tmp_path, stems))
    out = out_paths(tmp_path, stems)
    lines = batch.validate_batch(
        stems,
        raw_paths(tmp_path, stems),
        out,
        shard_findings=tmp_path / "shard" / "findings.parquet",
        shard_summary=tmp_path / "shard" / "summary.parquet",
    )
    return stems, out, lines


def test_validate_batch_writes_every_output_and_the_shard_tables(tmp_path):
    docs = sorted(SEEDS.glob("*.txt"))[:2] + sorted(CORPUS_DOCS.glob("x0*.txt"))
    stems, out, lines = run_both_stages(tmp_path, docs)
    assert len(lines) == len(stems)
    assert all(
        re.fullmatch(r".+: \d+ panels?, \d+ cells?, \d+ findings?.*, \d+ quarantined", x)
        for x in lines
    )
    summary = io.read_parquet(tmp_path / "shard" / "summary.parquet")
    assert summary["doc"].tolist() == sorted(stems)
    shard_findings = io.read_parquet(tmp_path / "shard" / "findings.parquet")
    for i, doc in enumerate(stems):
        cells = io.read_parquet(out["cells"][i])
        findings = io.read_parquet(out["findings"][i])
        report = json.loads(Path(out["report"][i]).read_text())
        assert isinstance(report, dict)
        assert Path(out["quarantine"][i]).is_file()
        row = summary.set_index("doc").loc[doc]
        assert (row["cells"], row["findings"]) == (len(cells), len(findings))
        assert row[["error", "warning", "info"]].sum() == len(findings)
        assert (shard_findings["doc"] == doc).sum() == len(findings)


def test_validate_batch_is_deterministic(tmp_path):
    docs = sorted(CORPUS_DOCS.glob("*.txt"))[:6]
    _, out_a, _ = run_both_stages(tmp_path / "a", docs)
    _, out_b, _ = run_both_stages(tmp_path / "b", docs)
    for key in out_a:
        for pa_, pb_ in zip(out_a[key], out_b[key], strict=True):
            assert Path(pa_).read_bytes() == Path(pb_).read_bytes(), pa_


def test_a_structural_error_fails_the_batch(tmp_path, monkeypatch):
    docs = write_docs(tmp_path / "docs", {"a": b"Row a: 1\n"})
    batch.extract_batch(docs, raw_paths(tmp_path, ["a"]))

    def broken(*args, **kwargs):
        raise figdata.validate.StructuralError("a: cells.value: wrong type", [], None)

    monkeypatch.setattr(figdata.validate, "validate_documents", broken, raising=False)
    monkeypatch.setattr(figdata.validate, "validate_document", broken)
    with pytest.raises(figdata.validate.StructuralError, match="cells.value"):
        batch.validate_batch(["a"], raw_paths(tmp_path, ["a"]), out_paths(tmp_path, ["a"]))


def test_aggregate_concatenates_the_shards(tmp_path):
    first = sorted(CORPUS_DOCS.glob("*.txt"))
    run_both_stages(tmp_path / "s1", first[:3])
    run_both_stages(tmp_path / "s2", first[3:5])
    summary = batch.aggregate(
        [tmp_path / s / "shard" / "findings.parquet" for s in ("s2", "s1")],
        [tmp_path / s / "shard" / "summary.parquet" for s in ("s2", "s1")],
        tmp_path / "corpus" / "findings.parquet",
        tmp_path / "corpus" / "summary.tsv",
    )
    tsv = pd.read_csv(tmp_path / "corpus" / "summary.tsv", sep="\t")
    assert tsv["doc"].tolist() == sorted(p.stem for p in first[:5])
    assert list(tsv.columns) == list(batch.SUMMARY)
    findings = io.read_parquet(tmp_path / "corpus" / "findings.parquet")
    assert len(findings) == summary["findings"].sum()
    assert findings["doc"].is_monotonic_increasing


def test_aggregate_of_no_shards_writes_empty_tables(tmp_path):
    batch.aggregate([], [], tmp_path / "f.parquet", tmp_path / "s.tsv")
    assert (tmp_path / "s.tsv").read_text() == "\t".join(batch.SUMMARY) + "\n"
    assert list(io.read_parquet(tmp_path / "f.parquet").columns) == list(tables.FINDINGS)


def test_scripts_run_without_snakemake(tmp_path):
    docs = sorted(SEEDS.glob("*.txt"))[:2]
    stems = [p.stem for p in docs]
    load_script("extract").main(docs, raw_paths(tmp_path, stems), tmp_path / "x.log")
    out = out_paths(tmp_path, stems)
    shard = (tmp_path / "f.parquet", tmp_path / "s.parquet")
    load_script("validate").main(stems, raw_paths(tmp_path, stems), out, *shard, tmp_path / "v.log")
    corpus = (tmp_path / "c" / "findings.parquet", tmp_path / "c" / "summary.tsv")
    load_script("aggregate").main([shard[0]], [shard[1]], *corpus, tmp_path / "a.log")
    assert all(p.is_file() for p in corpus)
    log = (tmp_path / "x.log").read_text()
    assert [line.split(": ")[0].split()[-1] for line in log.splitlines()] == [p.name for p in docs]


def test_workflow_table_names_match_the_package():
    common = (REPO / "rules" / "common.smk").read_text()
    declared = re.search(r"^TABLES = \((.*)\)$", common, re.M).group(1)
    assert [s.strip(' "') for s in declared.split(",") if s.strip()] == list(tables.TABLES)


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
