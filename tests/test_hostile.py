"""Hostile input, one case at a time: one bad file costs one document, never a shard.

Each case of bench/hostile.py (which times them through the whole workflow)
is here as a test of the function that handles it; tests/test_hostile_e2e.py
runs the cases that need Snakemake (discovery, names, kill -9).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import time
from pathlib import Path

import hostile
import pandas as pd
import pyarrow as pa
import pytest
from helpers import SEEDS, per_doc, raw_paths, run_both_stages, shard_outputs

import figdata.validate
from figdata import batch, corpus, fileio, publish
from figdata.parse import parse_document

SEED = sorted(SEEDS.glob("*.txt"))[0]


def kinds(rows) -> list[str]:
    return [f["kind"] for f in rows["findings"]]


# --- reading one document ------------------------------------------------------------


def test_an_unreadable_file_is_a_finding_and_its_shard_goes_on(tmp_path, monkeypatch):
    docs = [tmp_path / "bad.txt", tmp_path / "good.txt"]
    docs[0].write_text("## x\n")
    docs[1].write_bytes(SEED.read_bytes())
    real = fileio.read_document

    def read(path):
        if Path(path).name == "bad.txt":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(fileio, "read_document", read)
    stems, _ = run_both_stages(tmp_path, docs)
    bad = fileio.read_parquet(per_doc(tmp_path, "findings", "bad"))
    assert bad["kind"].tolist() == ["unreadable"]
    assert "bad.txt" in bad["detail"][0] and "Permission denied" in bad["detail"][0]
    assert len(fileio.read_parquet(per_doc(tmp_path, "cells", "good"))) > 100


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its mode")
def test_a_file_without_read_permission(tmp_path):
    path = tmp_path / "locked.txt"
    path.write_text("## x\n")
    path.chmod(0)
    assert kinds(batch.extract_rows(path)) == ["unreadable"]


def test_a_fifo_is_not_read(tmp_path):
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    rows = batch.extract_rows(path)  # would block for ever if opened
    assert kinds(rows) == ["unreadable"] and "not a regular file" in rows["findings"][0]["detail"]


def test_a_link_out_of_the_folder_is_refused_unless_allowed(tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("secret line\n")
    (tmp_path / "seeds").mkdir()
    link = tmp_path / "seeds" / "link.txt"
    link.symlink_to(outside)
    rows = batch.extract_rows(link)
    assert kinds(rows) == ["outside_link"]
    assert "secret" not in json.dumps(rows)
    allowed = batch.extract_rows(link, batch.Limits(follow_outside_links=True))
    assert "outside_link" not in kinds(allowed)
    # a link that stays inside the folder is read as usual
    (tmp_path / "seeds" / "real.txt").write_bytes(SEED.read_bytes())
    (tmp_path / "seeds" / "inside.txt").symlink_to("real.txt")
    assert batch.extract_rows(tmp_path / "seeds" / "inside.txt")["cells"]


def test_a_document_above_the_size_limit_is_refused_unread(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(SEED.read_bytes())
    size = path.stat().st_size
    rows = batch.extract_rows(path, batch.Limits(max_bytes=size - 1))
    assert kinds(rows) == ["too_large"] and f"{size:,} bytes" in rows["findings"][0]["detail"]
    assert batch.extract_rows(path, batch.Limits(max_bytes=size))["cells"]


def test_a_document_over_its_time_budget_gets_a_finding(tmp_path, monkeypatch):
    import figdata.parse

    def slow(doc, raw):
        end = time.monotonic() + 30
        while time.monotonic() < end:
            pass

    monkeypatch.setattr(figdata.parse, "parse_document", slow)
    path = tmp_path / "slow.txt"
    path.write_text("## x\n")
    start = time.monotonic()
    rows = batch.extract_rows(path, batch.Limits(time_budget=0.5))
    assert kinds(rows) == ["timeout"] and time.monotonic() - start < 10
    assert "doc_time_budget_s" in rows["findings"][0]["detail"]


def test_the_time_budget_interrupts_a_slow_regular_expression():
    import re

    with pytest.raises(batch.DocumentTimeout), batch.time_budget(0.3):
        re.match(r"(a+)+$", "a" * 40 + "b")  # catastrophic backtracking


def test_extract_shard_keeps_every_document_whatever_one_does(tmp_path, monkeypatch):
    good = tmp_path / "good.txt"
    good.write_bytes(SEED.read_bytes())
    big = tmp_path / "big.txt"
    big.write_bytes(SEED.read_bytes() * 3)
    pipe = tmp_path / "pipe.txt"
    os.mkfifo(pipe)
    limits = batch.Limits(max_bytes=SEED.stat().st_size + 10)
    batch.extract_shard([good, big, pipe], raw_paths(tmp_path), limits=limits)
    findings = fileio.read_parquet(raw_paths(tmp_path)["findings"])
    by_doc = findings.groupby("doc")["kind"].apply(list).to_dict()
    assert by_doc["big"] == ["too_large"] and by_doc["pipe"] == ["unreadable"]
    cells = fileio.read_parquet(raw_paths(tmp_path)["cells"])
    assert set(cells["doc"]) == {"good"}


# --- names ----------------------------------------------------------------------------

ODD_NAMES = ["a\tb", "a\nb", "n" * 250, "-rf", 'say "hi", ok', "a\\b", "é" * 120, "x\rz"]


def test_file_stems_are_safe_unique_and_short_enough():
    stems = [publish.file_stem(n) for n in ODD_NAMES]
    assert len(set(stems)) == len(stems)
    for stem in stems:
        assert not any(c in stem for c in "\t\n\r/\\")
        assert len(f".{stem}.parquet.tmp".encode()) <= publish.NAME_MAX
    assert publish.file_stem("000_501d523b0ed066ee") == "000_501d523b0ed066ee"
    assert publish.file_stem("-rf") == "-rf"
    # a name in another encoding (undecodable bytes) still gets a file
    assert publish.file_stem("caf\udce9").endswith(publish.file_stem("caf\udce9")[-16:])


def test_odd_names_are_published_under_safe_files_listed_in_the_manifest(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    docs = []
    for i, name in enumerate(ODD_NAMES):
        path = folder / f"{name}.txt"
        path.write_bytes(hostile.small().encode() if i % 2 else SEED.read_bytes())
        docs.append(path)
    stems, _ = run_both_stages(tmp_path, docs)
    manifest = pd.read_csv(
        tmp_path / "shard" / "manifest.tsv", sep="\t", dtype=str, keep_default_na=False
    )
    assert sorted(set(manifest["doc"])) == sorted(ODD_NAMES)
    for row in manifest.itertuples():
        assert hashlib.sha256(Path(row.path).read_bytes()).hexdigest() == row.sha256
        assert Path(row.path).name.startswith(publish.file_stem(row.doc))
    assert [e.doc for e in publish.read_manifest(tmp_path / "shard" / "manifest.tsv")][:1]


def test_summary_and_manifest_quote_ids_alike():
    name = 'say "hi"\tok'
    entry = publish.Entry(name, "cells", "results/cells/x.parquet", 1, "0" * 64)
    manifest_line = publish.manifest_text([entry]).splitlines()[1]
    summary = pa.table({"doc": [name], "cells": [1]})
    summary_line = corpus.tsv_text(summary).splitlines()[1]
    assert manifest_line.split("\t")[0] == summary_line.split("\t")[0] == '"say ""hi""'
    back = pd.read_csv(io.StringIO(corpus.tsv_text(summary)), sep="\t")
    assert back["doc"].tolist() == [name]


# --- validating one document -----------------------------------------------------------


def test_a_document_that_breaks_the_contract_is_withheld_not_its_shard(tmp_path):
    docs = [tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "c.txt"]
    for p in docs:
        p.write_bytes(SEED.read_bytes())
    batch.extract_shard(docs, raw_paths(tmp_path))
    cells = fileio.read_parquet(raw_paths(tmp_path)["cells"])
    cells.loc[cells["doc"] == "b", "line"] = 0  # a line number below 1: structural
    fileio.write_parquet(cells, raw_paths(tmp_path)["cells"], "cells")
    batch.validate_shard(
        ["a", "b", "c"], raw_paths(tmp_path), shard_outputs(tmp_path), tmp_path / "results"
    )
    b = fileio.read_parquet(per_doc(tmp_path, "findings", "b"))
    assert "contract_violation" in b["kind"].tolist()
    assert "line" in b.loc[b["kind"] == "contract_violation", "detail"].iloc[0]
    assert len(fileio.read_parquet(per_doc(tmp_path, "cells", "b"))) == 0
    for doc in ("a", "c"):
        assert len(fileio.read_parquet(per_doc(tmp_path, "cells", doc))) > 100


def test_a_table_wide_break_still_fails_the_job(tmp_path):
    docs = [tmp_path / "a.txt", tmp_path / "b.txt"]
    for p in docs:
        p.write_bytes(SEED.read_bytes())
    batch.extract_shard(docs, raw_paths(tmp_path))
    cells = fileio.read_parquet(raw_paths(tmp_path)["cells"]).drop(columns=["value"])
    cells.to_parquet(raw_paths(tmp_path)["cells"])
    with pytest.raises(figdata.validate.StructuralError):
        batch.validate_shard(
            ["a", "b"], raw_paths(tmp_path), shard_outputs(tmp_path), tmp_path / "results"
        )
    assert not (tmp_path / "results").exists()


# --- publishing: a crash between any two steps ----------------------------------------


def _state(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (the manifests name files by absolute path: made relative)."""
    return {
        str(p.relative_to(root)): p.read_bytes().replace(str(root).encode(), b"ROOT")
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _publish(root: Path, version: int) -> None:
    """A shard of three documents; version 2 edits one, drops one and adds one; 3 drops one."""
    docs = {1: ["a", "b", "c"], 2: ["a", "c", "d"], 3: ["a", "c"]}[version]
    pub = publish.Publication(root / "shard" / "manifest.tsv", root / "results")
    for doc in docs:
        body = f"{doc}{version if doc == 'c' else ''}".encode()
        pub.add_doc_file(doc, "cells", body, 1)
        pub.add_doc_file(doc, "report", body + b"r", None)
    pub.add_output(f"summary {version}".encode(), root / "shard" / "summary.parquet")
    pub.commit(docs)


def _crash_at(monkeypatch, step: int) -> None:
    """Make the ``step``-th file operation of publish (rename or unlink) raise."""
    calls = {"n": 0}
    real_replace, real_unlink = os.replace, os.unlink

    def counted(real):
        def op(*args, **kwargs):
            calls["n"] += 1
            if calls["n"] == step:
                raise OSError(5, "injected failure")
            return real(*args, **kwargs)

        return op

    monkeypatch.setattr(publish.os, "replace", counted(real_replace))
    monkeypatch.setattr(publish.os, "unlink", counted(real_unlink))


def test_a_commit_interrupted_at_any_step_rolls_forward_or_back(tmp_path, monkeypatch):
    reference = tmp_path / "reference"
    _publish(reference, 1)
    before = _state(reference)
    _publish(reference, 2)
    after = _state(reference)
    assert before != after
    step = 1
    outcomes = set()
    while True:
        root = tmp_path / f"crash{step}"
        _publish(root, 1)
        with monkeypatch.context() as m:
            _crash_at(m, step)
            try:
                _publish(root, 2)
                finished = True
            except OSError:
                finished = False
        if finished:
            break
        staging = root / "shard" / publish.STAGING
        assert staging.exists()
        outcome = publish.recover(staging)
        outcomes.add(outcome)
        # forward: the new publication, complete; back: the old one, untouched
        assert _state(root) == (after if outcome == "forward" else before), step
        # and the next run publishes as if nothing had happened
        _publish(root, 2)
        assert _state(root) == after
        step += 1
    assert step > 8 and outcomes == {"forward", "back"}


def test_the_next_job_after_a_crash_leaves_no_stale_file(tmp_path, monkeypatch):
    # the crashed commit added document d; before the next run d is removed: its
    # files must go, which takes rolling the crashed commit forward first
    reference = tmp_path / "reference"
    for version in (1, 2, 3):
        _publish(reference, version)
    expected = _state(reference)
    for step in range(1, 11):
        root = tmp_path / f"crash{step}"
        _publish(root, 1)
        with monkeypatch.context() as m:
            _crash_at(m, step)
            with pytest.raises(OSError):
                _publish(root, 2)
        _publish(root, 3)
        assert _state(root) == expected, step


def test_a_job_finds_and_finishes_a_commit_left_half_done(tmp_path, monkeypatch):
    _publish(tmp_path, 1)
    with monkeypatch.context() as m:
        _crash_at(m, 4)
        with pytest.raises(OSError):
            _publish(tmp_path, 2)
    pub = publish.Publication(tmp_path / "shard" / "manifest.tsv", tmp_path / "results")
    assert pub.recovered == "forward"
    assert {e.doc for e in pub.previous} == {"a", "c", "d"}


# --- numbers and encodings in the parser -----------------------------------------------


def _cells_and_findings(text: str | bytes):
    raw = text.encode("utf-8") if isinstance(text, str) else text
    parsed = parse_document("doc", raw)
    frames = parsed.frames()
    checked = figdata.validate.validate_document("doc", frames)
    return parsed, checked


@pytest.mark.parametrize("layout", ["list", "table"])
def test_every_number_is_placed_or_reported(tmp_path, layout):
    (tmp_path / "seeds").mkdir()
    setup = hostile._numbers_list if layout == "list" else hostile._numbers_table
    setup(tmp_path)
    path = next((tmp_path / "seeds").iterdir())
    parsed, checked = _cells_and_findings(path.read_bytes())
    cells = checked.tables["cells"]
    quarantine = checked.quarantine
    findings = checked.tables["findings"]
    read = dict(zip(cells["value_text"], cells["value"], strict=True))
    assert read["٣٫٥"] == 3.5 and read["1 234.5"] == 1234.5 and read["1_000"] == 1000
    reasons = dict(zip(quarantine["value_text"], quarantine["reason"], strict=True))
    for text in ("1e309", "inf", "9" * 400):
        assert reasons[text] == "non_finite_value"
    assert reasons["1e-400"] == "underflow"
    # each row of the data section: every value is a cell, a quarantined row, or named
    # by a finding on its line (whose raw text or detail holds it)
    lines = path.read_text(encoding="utf-8").splitlines()
    for odd in hostile.NUMBERS:
        line = next(i for i, t in enumerate(lines, 1) if odd in t and t.count(odd) == 1)
        placed = set(cells.loc[cells["line"] == line, "value_text"])
        placed |= set(quarantine.loc[quarantine["line"] == line, "value_text"])
        told = findings[findings["line"] == line]
        text = " ".join(told["raw"].fillna("") + " " + told["detail"].fillna(""))
        for token in ("1.5", odd, "2.5"):
            assert token in placed or token in text, (odd, token, placed, text)
        # a neighbour of an odd number is never lost
        assert {"1.5", "2.5"} <= placed or {"1.5", "2.5"} <= set(text.split()) | placed, odd


@pytest.mark.parametrize(
    "codec,bom",
    [
        ("utf-16-le", b"\xff\xfe"),
        ("utf-16-be", b"\xfe\xff"),
        ("utf-32-le", b"\xff\xfe\x00\x00"),
        ("utf-32-be", b"\x00\x00\xfe\xff"),
    ],
)
def test_wide_encodings_are_read_by_their_byte_order_mark(codec, bom):
    text = hostile.heatmap(["y=1: 1.5, 2.5, 3.5", "y=2: 4.5, 5.5, 6.5"])
    parsed = parse_document("doc", bom + text.encode(codec))
    assert len(parsed.cells) == 6
    assert [f["kind"] for f in parsed.findings] == ["encoding"]
    assert codec.upper() in parsed.findings[0]["detail"]


def test_nul_bytes_are_a_finding_and_do_not_cost_the_row():
    text = hostile.heatmap(["y=1: 1.5, 2\x00.5, 3.5", "y=2: 4.5, 5.5, 6.5"], title="Ti\x00tle")
    parsed = parse_document("doc", text.encode())
    assert len(parsed.cells) == 6 and {c["value"] for c in parsed.cells} >= {2.5}
    nul = [f for f in parsed.findings if f["kind"] == "nul_byte"]
    assert len(nul) == 1 and nul[0]["line"] == 1 and "1, 6" in nul[0]["detail"]
    assert "\x00" not in json.dumps([parsed.panels, parsed.cells])


def test_panel_numbers_from_100_up_leave_the_titles():
    parsed = parse_document("doc", hostile.panels(range(1, 103)).encode())
    titles = [p["title"] for p in parsed.panels]
    assert titles[98:] == ["Panel 99", "Panel 100", "Panel 101", "Panel 102"]


def test_a_job_waits_for_another_working_in_its_shard_folder(tmp_path):
    import subprocess
    import sys

    from figdata import cli

    folder = tmp_path / "results" / "shards" / "000"
    waiter = (
        "import sys, time; from figdata import cli\n"
        "with cli.shard_lock(sys.argv[1]):\n"
        "    print(time.monotonic())\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with cli.shard_lock(str(folder)):
        proc = subprocess.Popen(
            [sys.executable, "-c", waiter, str(folder)], env=env, stdout=subprocess.PIPE, text=True
        )
        time.sleep(1.5)
        released = time.monotonic()
    entered = float(proc.communicate(timeout=60)[0])
    assert entered >= released
    assert sorted(p.name for p in folder.parent.iterdir()) == ["000"]  # no lock file


def test_a_colour_bar_bound_too_large_for_a_float_states_no_range():
    # found by tests/test_fuzz.py: colorbar_max = inf broke the panels contract
    from figdata.parse.axes import colour_ranges

    assert colour_ranges("ranges from 0 to 1e309") == []
    assert colour_ranges("ranges from 0 to 1.5") == [(0.0, 1.5)]
    text = hostile.small().replace(
        "### Detailed Analysis", "* **Colour bar:** from 0 to 1e309\n### Detailed Analysis"
    )
    parsed = parse_document("doc", text.encode())
    figdata.validate.validate_document("doc", parsed.frames())  # raises on a broken contract
    assert all(p["colorbar_max"] is None for p in parsed.panels)
