"""Every number of the data part ends in one place; the rest are unplaced_number findings."""

from __future__ import annotations

import pandas as pd
from helpers import SEEDS

from figdata import batch, layout
from figdata.parse import parse_document
from figdata.validate import validate_document

HEAD = """## Heatmap: Test figure

### Overview
A single heatmap titled "Probe grid".

### Components/Axes
* **X-axis:** "Alpha", ticks 0.5, 1.0, 2.0.
* **Y-axis:** "Depth", ticks 4, 8 from top to bottom.
* **Colour bar:** from 0 to 100.

### Detailed Analysis
"""


def unplaced(text: str) -> list[tuple[int, str]]:
    parsed = parse_document("t", (HEAD + text).encode("utf-8"))
    return [
        (f["line"], f["detail"].split()[2])
        for f in parsed.findings
        if f["kind"] == "unplaced_number"
    ]


def test_cells_ticks_positions_claims_and_bounds_are_placed():
    text = (
        "* Depth 4: 10, 11, 12\n"  # a tick and three cells
        "* Row 2 (Depth 8): 20, 21.5 ± 0.5, 22\n"  # a position, a tick, cells with a spread
        "* Peak value: 22 at Alpha 2.0, Depth 8\n"  # a claim
        "* The colour bar runs from 0 to 100.\n"  # colour-bar bounds
    )
    assert unplaced(text) == []


def test_a_number_no_recogniser_reads_is_reported_with_its_line():
    text = "* Depth 4: 10, 11, 12\n* Depth 8: 20, 21, 22\n* A stray reading of 123.4 sits below.\n"
    assert unplaced(text) == [(14, "123.4")]


def test_the_values_of_a_ragged_row_are_accounted_for_by_its_finding():
    parsed = parse_document("t", (HEAD + "* Depth 4: 10, 11\n").encode("utf-8"))
    kinds = [f["kind"] for f in parsed.findings]
    assert "ragged_row" in kinds and "unplaced_number" not in kinds


def test_a_data_part_read_wrongly_is_loud_not_silent():
    # a layout no recogniser knows: every value shows up as unplaced
    found = unplaced("Depth 4 gives 10 then 11 then 12\n")
    assert [n for _, n in found] == ["10", "11", "12"]


def test_numbers_inside_names_are_not_numbers():
    assert unplaced("* Depth 4: 10, 11, 12 (Llama-3-8B, WMT14, 3x8 grid)\n") == []


def test_seeds_unplaced_numbers_are_only_prose_ranges():
    found = {}
    for path in sorted(SEEDS.glob("*.txt")):
        parsed = parse_document(path.stem, path.read_bytes())
        cells = {c["line"]: c["value"] for c in parsed.cells}
        for f in parsed.findings:
            if f["kind"] == "unplaced_number":
                number = float(f["detail"].split()[2])
                assert cells.get(f["line"]) != number, f
                found.setdefault(path.stem, []).append(f["detail"].split()[2])
    # "Middle values cluster between 60-97": the start of a range in prose
    assert found == {"001_9d53600add756bdd": ["60"]}


def test_summary_counts_unplaced_numbers_per_document():
    docs = {}
    for doc, text in (
        ("a", "* Depth 4: 10, 11, 12\n"),
        ("b", "* Depth 4: 10, 11, 12\nStray marks 7 and 9 appear here.\n"),
    ):
        parsed = parse_document(doc, (HEAD + text).encode("utf-8"))
        result = validate_document(doc, parsed.frames())
        docs[doc] = {**result.tables, "quarantine": result.quarantine}
    merged = {t: pd.concat([docs[d][t] for d in docs], ignore_index=True) for t in layout.VALIDATED}
    rows = {r["doc"]: r for r in batch.summary_rows(["a", "b"], merged)}
    assert rows["a"]["unplaced"] == 0
    assert rows["b"]["unplaced"] == 2
