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
