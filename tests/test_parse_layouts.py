"""One small document per layout and per value spelling, written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from figdata.parse import parse_document

AXES = """## Heatmap: Test figure

### Overview
A single heatmap titled "Probe grid".

### Components/Axes
* **X-axis:** "Alpha", ticks 0.5, 1.0, 2.0.
* **Y-axis:** "Depth", ticks 4, 8 from top to bottom.
* **Colour bar:** from 0 to 100.

### Detailed Analysis
"""


def parse(body: str, head: str = AXES, newline: bool = True):
    text = head + body + ("\n" if newline else "")
    return parse_document("t", text.encode("utf-8"))


def cells(result) -> dict:
    return {(c["x"], c["y"]): c["value"] for c in result.cells}


def kinds(result) -> set:
    return {f["kind"] for f in result.findings}


def test_row_list_keyed_by_name_and_tick():
    r = parse("* Depth 4: 10, 11, 12\n* Depth 8: 20, 21, 22\n")
    assert cells(r) == {
        ("0.5", "4"): 10,
        ("1.0", "4"): 11,
        ("2.0", "4"): 12,
        ("0.5", "8"): 20,
        ("1.0", "8"): 21,
        ("2.0", "8"): 22,
    }
    assert {c["layout"] for c in r.cells} == {"row_list"}
    assert r.panels[0]["title"] == "Probe grid"


def test_row_list_with_bold_labels_and_y_equals():
    r = parse("- **y=4**: 1, 2, 3\n- **Depth 8**: 4, 5, 6\n")
    assert cells(r)[("2.0", "8")] == 6 and len(r.cells) == 6


def test_code_fence_rows_with_arrows():
    r = parse("```text\nDEPTH 4 -> 7, 8, 9\nDEPTH 8 -> 1, 2, 3\n```\n")
    assert cells(r)[("1.0", "4")] == 8 and len(r.cells) == 6


def test_column_list_reads_top_to_bottom():
    head = AXES.replace("from top to bottom", "from bottom to top")
    r = parse(
        "* Column Alpha=0.5: 1, 2\n* Column Alpha=1.0: 3, 4\n* Column Alpha=2.0: 5, 6\n", head
    )
    # the first value of a column is the top row, which is tick 8 here
    assert cells(r)[("0.5", "8")] == 1 and cells(r)[("0.5", "4")] == 2


def test_values_followed_by_their_column_tick():
    r = parse("* Depth 4: 9.5 (2.0), 9.1 (0.5), 9.3 (1.0)\n")
    assert cells(r) == {("2.0", "4"): 9.5, ("0.5", "4"): 9.1, ("1.0", "4"): 9.3}


def test_nested_bullets_row_first():
    r = parse("* **Depth 4:**\n  * Alpha 0.5: 3.5\n  * Alpha 1.0: 4.5\n  * Row total: 99\n")
    assert cells(r) == {("0.5", "4"): 3.5, ("1.0", "4"): 4.5}


def test_group_heading_column_first():
    r = parse("#### 2.0\n- **4**: 70%\n- **8**: 80% (dark blue bar)\n")
    assert cells(r) == {("2.0", "4"): 70, ("2.0", "8"): 80}


def test_wide_markdown_table_with_missing_cells():
    r = parse(
        "| Depth \\ Alpha | 0.5 | 1.0 | 2.0 |\n|:--|--:|--:|--:|\n"
        "| **4** | 1 | — | 3 |\n| **8** | N/A | 5 |  |\n"
    )
    assert cells(r) == {("0.5", "4"): 1, ("2.0", "4"): 3, ("1.0", "8"): 5}
    missing = [f for f in r.findings if f["kind"] == "missing_cell" and f["x"]]
    assert {(f["x"], f["y"]) for f in missing} == {("1.0", "4"), ("0.5", "8"), ("2.0", "8")}


def test_long_table_one_line_per_cell():
    r = parse("| Alpha | Depth | Score |\n|---|---|---|\n| 0.5 | 4 | 12% |\n| 2.0 | 8 | - |\n")
    assert cells(r) == {("0.5", "4"): 12}
    assert any(f["kind"] == "missing_cell" and f["x"] == "2.0" for f in r.findings)


def test_named_points_in_either_order():
    r = parse("* Depth 8, Alpha 1.0: 5.5\n* At Alpha 2.0, Depth 4: ~0.85\n")
    assert cells(r) == {("1.0", "8"): 5.5, ("2.0", "4"): 0.85}
    assert {c["value_text"] for c in r.cells} == {"5.5", "~0.85"}


def test_explicit_x_y_points():
    r = parse("- (x=0.5, y=8) → 1.5\n- (y=4, x=2.0) → 2.5\n")
    assert cells(r) == {("0.5", "8"): 1.5, ("2.0", "4"): 2.5}


def test_cross_names_follow_the_stated_convention():
    head = AXES.replace(
        "### Detailed Analysis", "Cells are named depth×alpha.\n### Detailed Analysis"
    )
    r = parse("* Top-left (4x0.5): 31\n* Interior: e.g., 8x2.0: 12, 4x1.0: 13.\n", head)
    assert cells(r) == {("0.5", "4"): 31, ("2.0", "8"): 12, ("1.0", "4"): 13}


def test_tuples_with_row_column_order():
    head = AXES.replace(
        "### Detailed Analysis", "Coordinates are (row, column).\n### Detailed Analysis"
    )
    r = parse("* (8, 0.5): 0.4\n* (4, 2.0): 0.9\n", head)
    assert cells(r) == {("0.5", "8"): 0.4, ("2.0", "4"): 0.9}


def test_positional_rows_and_cells():
    r = parse("**Row 2 (bottom):**\n* Cell 1 (bottom-left): 4.1 t/ha (pale)\n* Cell 3: 6.0 t/ha\n")
    assert cells(r) == {("0.5", "8"): 4.1, ("2.0", "8"): 6.0}


def test_row_given_by_end_points():
    r = parse("* Row 1 (depth 4): falls from 0.121 at Alpha=0.5 to 0.018 (Alpha=2.0).\n")
    assert cells(r) == {("0.5", "4"): 0.121, ("2.0", "4"): 0.018}


def test_prose_sentences():
    head = AXES.replace('"Depth", ticks 4, 8', '"True class", classes cat, dog').replace(
        '"Alpha", ticks 0.5, 1.0, 2.0', '"Predicted class", classes cat, dog'
    )
    r = parse(
        "For the true class cat, 40 clips are predicted as cat and 3 as dog.\n\n"
        "The dog row reads 5 under cat and 50 under dog.\n",
        head,
    )
    assert cells(r) == {
        ("cat", "cat"): 40,
        ("dog", "cat"): 3,
        ("cat", "dog"): 5,
        ("dog", "dog"): 50,
    }


@pytest.mark.parametrize(
    "printed, value, text",
    [
        ("87.5%", 87.5, "87.5%"),
        ("−0.12", -0.12, "−0.12"),
        ("1.2e-3", 0.0012, "1.2e-3"),
        ("≈12", 12, "≈12"),
        ("**52.0**", 52.0, "52.0"),
        ("71 ± 2", 71, "71 ± 2"),
        ("+0.2", 0.2, "+0.2"),
        ("approximately 74.9%", 74.9, "approximately 74.9%"),
    ],
)
def test_value_spellings(printed, value, text):
    r = parse(f"* Depth 4, Alpha 0.5: {printed}\n")
    assert [(c["value"], c["value_text"]) for c in r.cells] == [(value, text)]


def test_ragged_row_is_a_finding_and_no_cell():
    r = parse("* Depth 4: 1, 2, 3, 4\n* Depth 8: 5, 6, 7\n")
    assert set(cells(r)) == {("0.5", "8"), ("1.0", "8"), ("2.0", "8")}
    ragged = [f for f in r.findings if f["kind"] == "ragged_row"]
    assert len(ragged) == 1 and ragged[0]["y"] == "4" and ragged[0]["line"] == 12


def test_truncated_row_keeps_completed_values():
    r = parse("* Depth 4: 1, 2, 3\n* Depth 8: 5, 6", newline=False)
    assert cells(r)[("0.5", "8")] == 5 and ("1.0", "8") not in cells(r)
    assert "truncated" in kinds(r) and "missing_cell" not in kinds(r)


def test_duplicate_points_are_reported_once_per_statement_pair():
    r = parse(
        "* Depth 4, Alpha 0.5: 1\n* Depth 4, Alpha 0.5: 2\n* Depth 8, Alpha 0.5: 3\n"
        "* Depth 8, Alpha 0.5: 3\n"
    )
    dup = [f for f in r.findings if f["kind"] == "duplicate_cell"]
    assert len(dup) == 1 and (dup[0]["x"], dup[0]["y"]) == ("0.5", "4")


def test_summary_lines_are_claims_not_cells():
    r = parse(
        "* Depth 4: 1, 2, 3\n* Depth 8: 5, 6, 7\n* **Peak Value:** 9 at (Alpha=2.0, Depth 8).\n"
    )
    assert len(r.cells) == 6
    assert [(c["x"], c["y"], c["value"]) for c in r.claims] == [("2.0", "8", 9.0)]
    conflict = [f for f in r.findings if f["kind"] == "conflict_with_summary"]
    assert [(f["x"], f["y"]) for f in conflict] == [("2.0", "8")]


def test_partial_grid_is_recorded():
    r = parse("* Depth 4, Alpha 0.5: 1\n")
    assert [f["detail"] for f in r.findings if f["kind"] == "missing_cell"] == [
        "only 1 of 6 cells are stated"
    ]


def test_distractor_numbers_are_not_cells():
    r = parse(
        "Each panel is a 2 × 3 grid from the 2021 study of Llama-3-8B; values range 0.6-0.8.\n"
        "* Depth 4: 1, 2, 3\n* Row total: 6\n"
    )
    assert len(r.cells) == 3


def test_several_panels_with_titles_and_unreached_panels():
    head = AXES.replace(
        'A single heatmap titled "Probe grid".',
        'Three heatmaps, one per task: "Alpha task", "Beta task" and "Gamma task".',
    )
    r = parse("**1. Alpha task**\n* Depth 4: 1, 2, 3\n**2. Beta task**\n* Depth 8: 4, 5, 6\n", head)
    assert [p["title"] for p in r.panels] == ["Alpha task", "Beta task", "Gamma task"]
    assert {c["panel"] for c in r.cells} == {0, 1}


def test_empty_document():
    r = parse_document("e", b"  \n\t\n")
    assert kinds(r) == {"empty"} and not r.cells and not r.panels


def test_bom_crlf_and_invalid_bytes_are_read_and_reported():
    text = AXES.replace("\n", "\r\n") + "* Depth 4: 1, 2, 3\n* Depth 8: 4, 5, 6\nCaf\xe9\n"
    raw = b"\xef\xbb\xbf" + text.encode("utf-8").replace(
        "Caf\xc3\xa9".encode("latin-1"), b"Caf\xe9"
    )
    r = parse_document("enc", raw)
    assert len(r.cells) == 6
    details = " ".join(f["detail"] for f in r.findings if f["kind"] == "encoding")
    assert "byte-order mark" in details and "CRLF" in details and "not valid UTF-8" in details


def test_document_without_numbers_is_no_data():
    r = parse("The heatmap is described only by its colours.\n")
    assert kinds(r) == {"no_data"}


def test_values_stated_under_names_no_axis_holds_are_not_no_data():
    # the values are stated; that no reading placed them is not "no cell value is stated"
    raw = (
        b'Heatmap "Drift". Columns: 1, 2, 3. Rows: north, south.\n\n'
        b"Readings that could not be tied to a cell:\n"
        b"- probe alpha: 0.31\n"
        b"- probe beta: 0.52\n"
    )
    r = parse_document("drift", raw)
    assert not r.cells
    assert "no_data" not in kinds(r)
    unplaced = sorted(f["line"] for f in r.findings if f["kind"] == "unplaced_number")
    assert unplaced == [4, 5]


def test_html_is_kept_verbatim_and_reported():
    head = AXES.replace('"Probe grid"', '"Probe <script>alert(1)</script>"')
    r = parse("* Depth 4: 1, 2, 3\n", head)
    assert r.panels[0]["title"] == "Probe <script>alert(1)</script>"
    assert "markup_in_text" in kinds(r)


def test_literal_backslash_n_first_line():
    r = parse("* Depth 4: 1, 2, 3\n", head="\\n\n" + AXES)
    assert "markup_in_text" in kinds(r) and len(r.cells) == 3


def test_row_numbers_are_positions_not_ticks():
    head = AXES.replace("from top to bottom", "from bottom to top")
    r = parse("* Row 1: 1, 2, 3\n* Row 2: 4, 5, 6\n", head)
    # with the y list starting at the bottom, the first row from the top is tick 8
    assert cells(r)[("0.5", "8")] == 1 and cells(r)[("0.5", "4")] == 4


def test_space_separated_values_in_a_code_block():
    r = parse("```\nDepth 4: 1 2 3\nDepth 8: 4 5 6\n```\n")
    assert cells(r)[("2.0", "8")] == 6 and len(r.cells) == 6


def test_table_summary_column_is_not_a_grid_column():
    r = parse("| Depth | 0.5 | 1.0 | 2.0 | Mean |\n|---|---|---|---|---|\n| 4 | 1 | 2 | 3 | 2 |\n")
    assert cells(r) == {("0.5", "4"): 1, ("1.0", "4"): 2, ("2.0", "4"): 3}


def test_axis_name_before_a_dash_and_multiplier_values():
    head = AXES.replace('"Alpha", ticks 0.5, 1.0, 2.0.', "Alpha — 0.5, 1.0, 2.0")
    r = parse("* Depth 4: 1.1x, 1.2x, 1.3x\n", head)
    assert r.panels[0]["x_label"] == "Alpha"
    assert [c["value_text"] for c in r.cells] == ["1.1x", "1.2x", "1.3x"]


def test_slots_that_name_their_own_tick():
    r = parse("* **Alpha 1.0:** Depth 4 12, Depth 8 13\n")
    assert cells(r) == {("1.0", "4"): 12, ("1.0", "8"): 13}


def test_axis_named_in_the_entry_label_and_bracketed_rows():
    head = AXES.replace('**X-axis:** "Alpha", ticks', "**X-axis (Alpha):**").replace(
        '**Y-axis:** "Depth", ticks', "**Y-axis (Depth):**"
    )
    r = parse("* 4: [1, 2, 3]\n* 8: [4, 5, 6]\n* **Minimum:** 1 at depth 4, alpha 0.5.\n", head)
    assert (r.panels[0]["x_label"], r.panels[0]["y_label"]) == ("Alpha", "Depth")
    assert len(r.cells) == 6
    assert [(c["x"], c["y"], c["kind"]) for c in r.claims] == [("0.5", "4", "min")]


def test_unlabelled_axis_list_and_versus_pairs():
    head = AXES.replace('"Alpha", ticks 0.5, 1.0, 2.0.', "a, b, c (left to right)").replace(
        '"Depth", ticks 4, 8 from top to bottom.', "a, b, c (top to bottom)"
    )
    r = parse("- a vs b: 0.8\n- b vs c: 0.6\n", head)
    assert r.panels[0]["x_ticks"] == ["a", "b", "c"]
    assert cells(r) == {("b", "a"): 0.8, ("c", "b"): 0.6}


def test_row_told_as_a_sentence():
    r = parse("For Depth 8, the values are 4, 5 and 6 from left to right.\n")
    assert cells(r) == {("0.5", "8"): 4, ("1.0", "8"): 5, ("2.0", "8"): 6}


def test_several_points_on_one_line_and_ticks_in_parentheses():
    head = AXES.replace('"Alpha", ticks 0.5, 1.0, 2.0.', "Alpha (0.5, 1.0, 2.0)")
    r = parse("- Depth 4, Alpha 0.5: 1; Depth 4, Alpha 1.0: 2; Depth 8, Alpha 2.0: 3\n", head)
    assert r.panels[0]["x_label"] == "Alpha"
    assert cells(r) == {("0.5", "4"): 1, ("1.0", "4"): 2, ("2.0", "8"): 3}


def test_axes_told_in_prose_and_sections_without_a_data_heading():
    doc = (
        "# Figure Description: Two grids\n\n"
        'Two heatmaps, titled "First" and "Second". The horizontal axis shows alpha '
        "(0.5, 1.0) and the vertical axis shows depth (4, 8), with depth 4 at the bottom.\n\n"
        "### Heatmap 1: First\nColor scale from 0 to 10.\n"
        "| depth \\ alpha | 0.5 | 1.0 |\n|---|---|---|\n| 8 | 1 | 2 |\n| 4 | 3 | 4 |\n\n"
        "### Heatmap 2: Second\n| depth \\ alpha | 0.5 | 1.0 |\n|---|---|---|\n"
        "| 8 | 5 | 6 |\n| 4 | 7 | 8 |\n\n### Summary\nThe best value is 8.\n"
    )
    r = parse_document("p", doc.encode())
    assert [p["title"] for p in r.panels] == ["First", "Second"]
    assert r.panels[0]["x_ticks"] == ["0.5", "1.0"] and r.panels[0]["y_order"] == "bottom-to-top"
    assert (r.panels[0]["colorbar_min"], r.panels[0]["colorbar_max"]) == (0, 10)
    assert len(r.cells) == 8 and not r.findings


def test_series_of_data_points():
    r = parse("* **Depth 4:** (0.5, 55.2), (1.0, 61.0), (2.0, 64.8)\n")
    assert cells(r) == {("0.5", "4"): 55.2, ("1.0", "4"): 61.0, ("2.0", "4"): 64.8}


def test_axes_told_as_sub_bullets():
    head = AXES.replace(
        '* **X-axis:** "Alpha", ticks 0.5, 1.0, 2.0.\n'
        '* **Y-axis:** "Depth", ticks 4, 8 from top to bottom.',
        "- **X-axis**\n  - Label: Alpha\n  - Ticks: 0.5, 1.0, 2.0\n"
        "- **Y-axis**\n  - Label: Depth\n  - Ticks: 4, 8\n  - Order: bottom to top",
    )
    r = parse("* Row 1: 1, 2, 3\n", head)
    assert (r.panels[0]["x_label"], r.panels[0]["y_ticks"]) == ("Alpha", ["4", "8"])
    assert r.panels[0]["y_order"] == "bottom-to-top"
    assert cells(r)[("0.5", "8")] == 1


def test_undeclared_table_columns_lose_their_shared_name():
    head = AXES.replace('"Alpha", ticks 0.5, 1.0, 2.0.', '"Alpha".')
    r = parse("| Depth | Alpha 0.5 | Alpha 1.0 |\n|---|---|---|\n| 4 | 1 | 2 |\n", head)
    assert cells(r) == {("0.5", "4"): 1, ("1.0", "4"): 2}


def test_percent_ticks_match_bare_numbers():
    head = AXES.replace("ticks 0.5, 1.0, 2.0", "ticks 10%, 30%, 50%")
    r = parse("* Depth 4, Alpha 30: 7\n", head)
    assert cells(r) == {("30%", "4"): 7}


def test_grid_typed_in_a_code_block_and_other_separators():
    r = parse(
        "```\nDepth \\ Alpha   0.5   1.0   2.0\nDepth 4          1     2     3\n"
        "8                4     5\n```\n* Alpha 1.0 / Depth 8: 5.5\n* Depth 8: 7 | 8 | 9\n"
    )
    grid = {(c["x"], c["y"]): c["value"] for c in r.cells if c["layout"] == "code_grid"}
    assert grid == {("0.5", "4"): 1, ("1.0", "4"): 2, ("2.0", "4"): 3}
    assert [(f["kind"], f["y"]) for f in r.findings if f["kind"] == "ragged_row"] == [
        ("ragged_row", "8")
    ]
    by_layout = {(c["layout"], c["x"], c["y"]): c["value"] for c in r.cells}
    # "Alpha 1.0 / Depth 8: 5.5" and the row "Depth 8: 7 | 8 | 9" give one cell two values:
    # both lines were read, the finding names the cell, and no copy is kept
    (dup,) = [f for f in r.findings if f["kind"] == "duplicate_cell"]
    assert (dup["x"], dup["y"]) == ("1.0", "8") and "5.5 vs 8" in dup["detail"]
    rows = {k[1]: v for k, v in by_layout.items() if k[0] == "row_list"}
    assert rows == {"0.5": 7, "2.0": 9}


def test_row_named_by_position_with_its_tick_in_parentheses():
    r = parse("* Top row (4): 1, 2, 3\n* Bottom row (8): 4, 5, 6\n")
    assert cells(r)[("0.5", "4")] == 1 and cells(r)[("2.0", "8")] == 6


def test_whole_grid_as_one_list_in_a_stated_order():
    r = parse("* Values (row by row, from the top-left): 1, 2, 3, 4, 5, 6\n")
    assert cells(r) == {
        ("0.5", "4"): 1,
        ("1.0", "4"): 2,
        ("2.0", "4"): 3,
        ("0.5", "8"): 4,
        ("1.0", "8"): 5,
        ("2.0", "8"): 6,
    }
    r = parse("* Values, column by column: 1, 2, 3, 4, 5, 6\n")
    assert cells(r)[("0.5", "8")] == 2 and cells(r)[("1.0", "4")] == 3
    assert not parse("* Values: 1, 2, 3, 4, 5, 6\n").cells  # no order stated: no guess


def test_tick_followed_by_its_unit_and_numbered_panel_list():
    head = AXES.replace(
        'A single heatmap titled "Probe grid".',
        "Two heatmaps.\n\n### Components/Axes\n* **Panel titles:** (1) North, (2) South",
    ).replace("### Components/Axes\n* **X-axis", "* **X-axis", 1)
    r = parse("#### (1) North\n* 4 steps: 1, 2, 3\n#### (2) South\n* 8 steps: 4, 5, 6\n", head)
    assert [p["title"] for p in r.panels] == ["North", "South"]
    assert {(c["panel"], c["y"]) for c in r.cells} == {(0, "4"), (1, "8")}


def test_guessed_reading_the_stated_grid_contradicts_places_nothing():
    from figdata.parse.model import assign_zones, classify
    from figdata.parse.recognize import Context, recognize
    from figdata.parse.reconcile import _grid_first
    from figdata.parse.ticks import AxisTicks

    text = (
        "Site\tW1\tW2\tW3\nNorth\t0.31\t0.28\t0.25\n"
        "Ridge\t0.22\t0.19\t0.17\nCreek\t0.44\t0.41\t0.39"
    )
    items = classify(text.splitlines())
    assign_zones(items)
    sites = ["North", "Ridge", "Creek"]
    # a candidate reading that took the weeks in reverse order: values land on other weeks
    guess = Context(
        0, AxisTicks("x", None, sites), AxisTicks("y", None, ["W1", "W2", "W3"]), {}, None
    )
    for item, site in zip(items[1:], sites, strict=True):
        for week, value in zip(["W3", "W2", "W1"], item.text.split("\t")[1:], strict=True):
            guess.cells.append(
                {"panel": 0, "x": site, "y": week, "value": float(value), "line": item.line}
            )
    kept = _grid_first(guess, items, lambda trial: recognize(items, trial), guessed=True)
    assert kept.cells == []
    assert [f["kind"] for f in kept.findings] == ["ambiguous_axes"]
    # the same reading declared by the text is kept: only a guess gives way
    assert _grid_first(guess, items, lambda trial: recognize(items, trial), guessed=False) is guess


def test_an_axis_read_with_a_repeated_tick_names_each_column_once():
    """Found by fuzzing: a number repeated in an axis line gave a tick list with a tick twice,
    which broke the panels contract; the values at the repeated tick meet as duplicates."""
    text = (
        "## Heatmap: Scores\n\n### Components/Axes\n"
        '* **X-axis:** "Step" with ticks 1, 2, 2, 3.\n'
        '* **Y-axis:** "Run" with ticks A, B (top to bottom).\n\n'
        "### Detailed Analysis\n* **A**: 5, 6, 7, 8\n* **B**: 1, 2, 3, 4\n"
    )
    parsed = parse_document("dup", text.encode())
    assert [(p["x_ticks"], p["y_ticks"]) for p in parsed.panels] == [(["1", "2", "3"], ["A", "B"])]
    from figdata.validate import validate_document

    validated = validate_document("dup", parsed.frames())
    cells = validated.tables["cells"]
    assert sorted(zip(cells["x"], cells["y"], cells["value"], strict=True)) == [
        ("1", "A", 5.0),
        ("1", "B", 1.0),
        ("3", "A", 8.0),
        ("3", "B", 4.0),
    ]
    dups = validated.tables["findings"].query("kind == 'duplicate_cell'")
    assert sorted(dups["x"]) == ["2", "2"]


def test_colour_bar_told_stop_by_stop_spans_its_first_and_last_stop():
    path = Path(__file__).parent / "fixtures" / "layouts" / "keyed_colour_bar_told_stop_by_stop.md"
    text = path.read_text(encoding="utf-8").split("\n=== ")[0] + "\n"
    (panel,) = parse_document("stops", text.encode()).panels
    assert (panel["colorbar_min"], panel["colorbar_max"]) == (4.40, 4.80)


def test_a_short_title_underlined_with_dashes_is_a_heading_and_a_rule_under_a_sentence_is_not():
    from figdata.parse.model import classify

    lines = ["Data points", "-----------", "LRU: 410, 455", "", "Values follow the ticks.", "---"]
    kinds = {item.text: item.kind for item in classify(lines)}
    assert kinds["Data points"] == "heading"
    assert kinds["Values follow the ticks."] == "text"
