"""Which headings open a panel: a heading names one, or values follow it."""

from __future__ import annotations

from pathlib import Path

from figdata.parse import parse_document

LAYOUTS = Path(__file__).parent / "fixtures" / "layouts"


def _panels(name: str) -> list[tuple[str | None, int]]:
    text = (LAYOUTS / name).read_text(encoding="utf-8").split("\n=== ")[0]
    parsed = parse_document(Path(name).stem, text.encode())
    return [(p["title"], p["n_cells"]) for p in parsed.panels]


def test_sections_of_notes_after_the_data_open_no_panel():
    # "Reading Confidence", "Typography", "Open Issues" hold no values: the figure's own title
    assert _panels("notes_sections_under_headings_are_not_panels.md") == [
        ("Germination rate (%)", 9)
    ]


def test_a_heading_with_a_panel_word_opens_a_panel_without_values():
    text = (
        "## Figure: Two maps\n\n### Panel A: Spring\n- North: 1.0, 2.0\n- South: 3.0, 4.0\n\n"
        "### Panel B: Autumn\nColours only; no value is printed.\n"
    )
    parsed = parse_document("two", text.encode())
    assert [p["title"] for p in parsed.panels] == ["Spring", "Autumn"]


def _doc(summary: str) -> bytes:
    return (
        "# Technical Document Extraction: Heatmap\n## 1. Axes\n"
        "- **X-axis:** Width — 256, 512\n- **Y-axis:** Depth — 6, 12 (top to bottom)\n"
        "## 2. Data Grid\n- Depth 6: 70.1, 72.4\n- Depth 12: 74.0, 78.4\n"
        f"## 3. Key Trends\n- **Best cell:** width 512, depth 12 ({summary}).\n"
        "## 4. Trend Verification\n- **Width:** every row rises from 256 to 512 as expected.\n"
    ).encode()


def test_a_numbered_section_of_notes_opens_no_panel():
    parsed = parse_document("notes", _doc("78.4"))
    assert len(parsed.panels) == 1
    assert not [f for f in parsed.findings if f["kind"] == "missing_cell"]


def test_an_approximate_claim_within_rounding_agrees_with_the_cell():
    kinds = lambda text: [f["kind"] for f in parse_document("c", _doc(text)).findings]  # noqa: E731
    assert "conflict_with_summary" not in kinds("around 79")
    assert "conflict_with_summary" in kinds("79")
    assert "conflict_with_summary" in kinds("around 85")


def test_a_sentence_before_a_colon_that_names_no_title_gives_none():
    # 'with the title "Defects per cm²". ... the other way round: the cleanest values ...': the
    # quoted name is the title, not what follows the sentence's colon
    assert _panels("long_underlined_head_over_an_aligned_grid.md") == [("Defects per cm²", 12)]


def test_an_axis_sentence_before_a_colon_names_what_it_lists():
    # "The category axis (x) lists the clinics: Dental, ... . The value axis ...": the name is
    # what the verb lists, and the ticks end with the sentence
    name = "axis_sentence_before_a_colon_names_what_it_lists.md"
    text = (LAYOUTS / name).read_text(encoding="utf-8").split("\n=== ")[0]
    panel = parse_document("clinics", text.encode()).panels[0]
    assert (panel["x_label"], panel["x_ticks"]) == ("clinics", ["Dental", "Eye", "Skin", "Foot"])
