"""One fixture per layout: a document and the cells, ticks and findings it must give.

Each file in ``tests/fixtures/layouts`` holds the document, then sections that start with
``=== name``: ``cells`` (``panel | x | y | value`` per line), ``x_ticks`` and ``y_ticks`` of
panel 0 (``a | b | c``), ``x_label``, ``y_label`` and ``title`` of panel 0, ``findings``
(finding kinds besides ``unplaced_number``, one per line; exactly these are expected) and
``options`` (``no_final_newline``). Adding a layout is adding a fixture (and, if no recogniser
reads it yet, a recogniser).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from figdata.parse import parse_document
from figdata.parse.values import to_float

FIXTURES = sorted((Path(__file__).parent / "fixtures" / "layouts").glob("*.md"))


def load(path: Path) -> tuple[str, dict[str, list[list[str]]]]:
    text, *parts = path.read_text(encoding="utf-8").split("\n=== ")
    sections = {}
    for part in parts:
        name, _, body = part.partition("\n")
        rows = [[c.strip() for c in line.split(" | ")] for line in body.splitlines() if line]
        sections[name.strip()] = rows
    return text, sections


@pytest.fixture(params=FIXTURES, ids=[p.stem for p in FIXTURES])
def case(request):
    text, sections = load(request.param)
    options = {row[0] for row in sections.get("options", [])}
    raw = (text if "no_final_newline" in options else text + "\n").encode("utf-8")
    return parse_document(request.param.stem, raw), sections


def test_cells(case):
    parsed, sections = case
    expected = {(int(p), x, y): float(v) for p, x, y, v in sections["cells"]}
    found = {(c["panel"], c["x"], c["y"]): c["value"] for c in parsed.cells}
    assert len(found) == len(parsed.cells), "a cell is stated twice"
    assert set(found) == set(expected)
    for key, value in expected.items():
        assert math.isclose(found[key], value), key


def test_ticks(case):
    parsed, sections = case
    for name in ("x_ticks", "y_ticks"):
        if name in sections:
            assert list(parsed.panels[0][name]) == sections[name][0], name
    for name in ("x_label", "y_label", "title"):
        if name in sections:
            assert parsed.panels[0][name] == sections[name][0][0], name


def test_findings(case):
    parsed, sections = case
    expected = {row[0] for row in sections.get("findings", [])}
    kinds = {f["kind"] for f in parsed.findings} - {"unplaced_number"}
    assert kinds == expected


def test_no_cell_value_is_left_unplaced(case):
    parsed, _ = case
    values = {c["value"] for c in parsed.cells}
    for f in parsed.findings:
        if f["kind"] == "unplaced_number":
            number = to_float(f["detail"].split()[2].rstrip("%"))
            assert number not in values or f["line"] not in {c["line"] for c in parsed.cells}
