"""The five seed documents: what the issue promises about them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from figdata.parse import parse_documents
from figdata.validate import validate_document

SEEDS = sorted((Path(__file__).parent.parent / "seeds").glob("*.txt"))


@pytest.fixture(scope="module")
def parsed():
    return {p.doc: p for p in parse_documents((s.stem, s.read_bytes()) for s in SEEDS)}


def test_seventeen_panels(parsed):
    assert sum(len(p.panels) for p in parsed.values()) == 17


def test_the_eleven_value_row_is_a_finding_and_not_cells(parsed):
    doc = parsed["000_501d523b0ed066ee"]
    ragged = [f for f in doc.findings if f["kind"] == "ragged_row"]
    assert [(f["panel"], f["y"], f["line"]) for f in ragged] == [(1, "7", 37)]
    assert not [c for c in doc.cells if c["panel"] == 1 and c["y"] == "7"]
    assert Counter(c["panel"] for c in doc.cells) == {0: 100, 1: 90, 2: 100}


def test_every_stated_cell_and_no_other(parsed):
    counts = {doc: len(p.cells) for doc, p in parsed.items()}
    assert counts == {
        "000_501d523b0ed066ee": 290,
        "001_9d53600add756bdd": 8,
        "002_bb9874f3359bfc19": 80,
        "003_4bef295f338d59e0": 40,
        "004_7287e729ebf072ec": 80,
    }
    sparse = {
        (c["panel"], c["x"], c["y"]): c["value"] for c in parsed["001_9d53600add756bdd"].cells
    }
    assert sparse == {
        (0, "1", "1"): 38,
        (0, "10", "10"): 6,
        (0, "1", "2"): 15,
        (0, "5", "5"): 5,
        (1, "1", "1"): 75,
        (1, "10", "10"): 98,
        (1, "5", "5"): 85,
        (1, "8", "8"): 96,
    }


def test_markdown_table_and_bottom_to_top_rows(parsed):
    doc = parsed["004_7287e729ebf072ec"]
    cells = {(c["panel"], c["x"], c["y"]): c for c in doc.cells}
    assert cells[(0, "0.4", "2000")]["value"] == 52.0
    assert cells[(0, "0.4", "2000")]["value_text"] == "52.0"
    assert doc.panels[0]["y_order"] == "bottom-to-top"
    assert doc.panels[0]["title"] == "R1-Qwen | AIME'24"


def test_peak_claims_agree_with_cells(parsed):
    doc = parsed["002_bb9874f3359bfc19"]
    peaks = {(c["panel"], c["x"], c["y"], c["value"]) for c in doc.claims}
    assert (0, "0.3", "2000", 49.3) in peaks and (0, "0.2", "1000", 49.3) in peaks
    assert "conflict_with_summary" not in {f["kind"] for f in doc.findings}


def test_validation_keeps_every_stated_cell(parsed):
    for doc, p in parsed.items():
        result = validate_document(doc, p.frames())
        assert result.report["structural"] == "pass"
        assert len(result.tables["cells"]) == len(p.cells), doc
