"""Every development-corpus document against its gold table and expected flags.

The cells compared are the validated ones (what ``results/cells`` holds), so the
parser and the validate stage are held to the gold together.
"""

from __future__ import annotations

import csv
import json
import math
import re
from pathlib import Path

import pytest

from figdata.parse import parse_document
from figdata.validate import validate_document

CORPUS = Path(__file__).parent / "corpus"
DOCS = sorted((CORPUS / "docs").glob("*.txt"))


def _label(text: str) -> str:
    """Gold's label comparison: markup, case and quotes aside, numbers as numbers."""
    text = text.replace("\\_", "_").replace("\u2212", "-")
    text = re.sub(r"\*\*|`", "", text).strip().strip("'\"").strip().casefold()
    try:
        number = float(text)
    except ValueError:
        return re.sub(r"\s+", " ", text)
    return repr(round(number, 9)) if math.isfinite(number) else text


def _gold(stem: str) -> tuple[dict, dict]:
    cells = {}
    with open(CORPUS / "gold" / f"{stem}.csv", newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            key = (int(row["panel_index"]), _label(row["x"]), _label(row["y"]))
            cells[key] = float(row["value"].replace("\u2212", "-"))
    meta = json.loads((CORPUS / "gold" / f"{stem}.meta.json").read_text(encoding="utf-8"))
    return cells, meta


@pytest.fixture(scope="module", params=DOCS, ids=[p.stem for p in DOCS])
def result(request):
    path = request.param
    parsed = parse_document(path.stem, path.read_bytes())
    validated = validate_document(path.stem, parsed.frames())
    return path.stem, parsed, validated


def test_cells_match_gold(result):
    stem, _, validated = result
    gold, _ = _gold(stem)
    cells = validated.tables["cells"]
    found = {(int(r.panel), _label(r.x), _label(r.y)): float(r.value) for r in cells.itertuples()}
    assert len(found) == len(cells), "a cell is listed twice after validation"
    assert set(found) - set(gold) == set(), "cells that the gold does not have"
    assert set(gold) - set(found) == set(), "gold cells the parser missed"
    for key, value in gold.items():
        assert math.isclose(found[key], value, rel_tol=1e-6, abs_tol=1e-12), key


def test_flag_kinds_match_gold(result):
    stem, _, validated = result
    _, meta = _gold(stem)
    expected = {flag["kind"] for flag in meta["expected_flags"]}
    # the parser's accounting of numbers is its own alarm, not a flag of the gold format
    kinds = set(validated.tables["findings"]["kind"]) - {"unplaced_number"}
    assert kinds == expected


def test_no_gold_cell_is_an_unplaced_number(result):
    """Every number the gold reads as a cell was placed: none is reported as unplaced."""
    stem, parsed, _ = result
    gold, _ = _gold(stem)
    lines = {}
    for cell in parsed.cells:
        key = (cell["panel"], _label(cell["x"]), _label(cell["y"]))
        if key in gold:
            lines.setdefault(cell["line"], []).append(gold[key])
    for f in parsed.findings:
        if f["kind"] != "unplaced_number":
            continue
        number = float(f["detail"].split()[2].rstrip("%").replace("\u2212", "-"))
        assert not any(math.isclose(number, v) for v in lines.get(f["line"], [])), f


def test_panels_and_titles_match_gold(result):
    stem, parsed, _ = result
    _, meta = _gold(stem)
    assert len(parsed.panels) == len(meta["panels"])
    for panel, gold in zip(parsed.panels, meta["panels"], strict=True):
        assert (panel["title"] or "") == gold["title"]


def test_ticks_match_gold(result):
    stem, parsed, _ = result
    _, meta = _gold(stem)
    for panel, gold in zip(parsed.panels, meta["panels"], strict=True):
        assert [_label(t) for t in panel["x_ticks"]] == [_label(t) for t in gold["x_ticks"]]
        assert [_label(t) for t in panel["y_ticks"]] == [_label(t) for t in gold["y_ticks"]]
        assert panel["y_order"] == gold["y_tick_order"]
