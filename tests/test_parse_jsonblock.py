"""Cells typed as JSON in a code block (figdata.parse.jsonblock)."""

from __future__ import annotations

from figdata.parse import parse_document

HEAD = (
    "## Heatmap: T\n\n* **X-axis:** Batch — 8, 16\n* **Y-axis:** Threads — 1, 2 (top to bottom)\n\n"
)


def _cells(block: str):
    parsed = parse_document("j", (HEAD + "### Values\n```json\n" + block + "\n```\n").encode())
    return {(c["x"], c["y"]): c["value_text"] for c in parsed.cells}, parsed


def test_a_mapping_of_rows_to_lists_follows_the_declared_columns():
    cells, _ = _cells('{"Threads 1": [410, 655], "Threads 2": [780, 1190]}')
    assert cells == {("8", "1"): "410", ("16", "1"): "655", ("8", "2"): "780", ("16", "2"): "1190"}


def test_a_null_is_a_missing_cell_not_a_value():
    cells, parsed = _cells('{"Threads 1": {"Batch 8": 1.5, "Batch 16": null}}')
    assert cells == {("8", "1"): "1.5"}
    assert any(f["kind"] == "missing_cell" and f["x"] == "16" for f in parsed.findings)


def test_broken_json_or_unknown_keys_place_nothing_from_the_block():
    for block in ('{"Threads 1": [410, 655', '{"Threads 9": {"Batch 8": 1.0}}'):
        cells, _ = _cells(block)
        assert cells == {}
