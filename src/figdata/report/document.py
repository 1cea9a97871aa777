"""The data of a document's page, from its tables: plain dicts and lists for the template.

Every cell, finding, claim and quarantined value keeps its source line, so the
page can link it to the line-numbered text. Statistics tables are optional: a
table the statistics stage has not produced is ``None`` and the page says "not
computed" rather than showing nothing.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from urllib.parse import quote

import pandas as pd

from figdata.figures import grid as grids
from figdata.figures.grid import DATA, STATUS_NAMES

#: a document's text is shown up to this size; a longer one is cut with a note
MAX_SOURCE_LINES = 5000
MAX_SOURCE_CHARS = 400_000
MAX_LINE_CHARS = 2000
STATUS_ORDER = {"errors": 0, "findings": 1, "clean": 2}


def page_name(doc: str) -> str:
    """File name of a document's page: its id, or the safe name its files get
    (:func:`figdata.publish.file_stem`); quoted where it is a URL."""
    from figdata.publish import file_stem

    return f"{file_stem(doc)}.html"


def href(name: str) -> str:
    """A relative URL to a file named ``name``: every character that means something in a
    URL (``#``, ``?``, ``%``, spaces) is escaped."""
    return quote(name, safe="")


def source_lines(raw: bytes | None) -> tuple[list[str], str | None]:
    """The document's lines as the parser numbers them, and a note when cut."""
    if raw is None:
        return [], "the document's file is not available"
    text = raw.decode("utf-8", errors="replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n") if text else []
    note = None
    if len(lines) > MAX_SOURCE_LINES or len(text) > MAX_SOURCE_CHARS:
        kept, size = [], 0
        for line in lines[:MAX_SOURCE_LINES]:
            size += len(line) + 1
            if size > MAX_SOURCE_CHARS:
                break
            kept.append(line)
        note = f"showing the first {len(kept)} of {len(lines)} lines"
        lines = kept
    lines = [
        line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + " … (line cut)"
        for line in lines
    ]
    return lines, note


def _value(value) -> object:
    """A table value for display: None for every kind of null, lists as lists."""
    if value is None or value is pd.NA:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    if hasattr(value, "tolist") and not isinstance(value, str):
        return value.tolist()
    return value


def records(rows: list[dict] | None, drop: tuple[str, ...] = ("doc",)) -> list[dict]:
    """Rows for display: without the ``drop`` columns, every null as None."""
    return [{k: _value(v) for k, v in r.items() if k not in drop} for r in rows or []]


def _line(value) -> int | None:
    value = _value(value)
    return int(value) if value is not None else None


def status_of(counts: Mapping[str, int]) -> str:
    """clean / findings / errors, from a document's counts of findings by severity."""
    if counts.get("error", 0):
        return "errors"
    if counts.get("warning", 0) or counts.get("info", 0) or counts.get("quarantined", 0):
        return "findings"
    return "clean"


def grid_table(panel: grids.PanelGrid) -> dict:
    """A panel's grid as the page shows it: rows top to bottom, each position with its
    printed value (or status) and source line."""
    rows = []
    for r, tick in enumerate(panel.rows):
        cells = []
        for c, _ in enumerate(panel.x_ticks):
            code = int(panel.status[r, c])
            line = int(panel.lines[r, c]) or None
            cells.append(
                {
                    "status": STATUS_NAMES[code],
                    "text": panel.labels[r][c] if code == DATA else None,
                    "line": line,
                }
            )
        rows.append({"tick": tick, "cells": cells})
    return {"x_ticks": list(panel.x_ticks), "rows": rows}


def _for_panel(rows: list[dict] | None, panel: int) -> list[dict] | None:
    if rows is None:
        return None
    return [r for r in rows if _value(r.get("panel")) is not None and int(r["panel"]) == panel]


def panel_context(
    row: dict, figure_panel: grids.PanelGrid | None, stats: list[dict] | None
) -> dict:
    k = int(row["panel"])
    declared = [_value(row.get("x_ticks")), _value(row.get("y_ticks"))]
    expected = _value(row.get("n_expected"))
    ctx = {
        "index": k,
        "number": k + 1,
        "title": _value(row.get("title")),
        "chart_type": _value(row.get("chart_type")),
        "x_label": _value(row.get("x_label")),
        "y_label": _value(row.get("y_label")),
        "x_ticks": declared[0],
        "y_ticks": declared[1],
        "y_order": _value(row.get("y_order")),
        "metric": _value(row.get("metric")),
        "colorbar": (
            (_value(row.get("colorbar_min")), _value(row.get("colorbar_max")))
            if _value(row.get("colorbar_min")) is not None
            else None
        ),
        "n_cells": int(row["n_cells"]),
        "n_expected": expected,
        "line": _line(row.get("line")),
        "grid": grid_table(figure_panel) if figure_panel is not None else None,
        "counts": (
            {name: figure_panel.count(code) for code, name in STATUS_NAMES.items()}
            if figure_panel is not None
            else None
        ),
        "stats": None if stats is None else records(stats, drop=("doc", "panel", "title")),
    }
    return ctx


def document_context(
    doc: str,
    rows: Mapping[str, list[dict]],
    raw: bytes | None,
    figure_row: Mapping | None,
    stats: Mapping[str, list[dict] | None],
    provenance: Mapping,
) -> dict:
    """Everything the document page shows, from the rows (dicts) of its tables; a
    statistics table that is None was not computed."""
    lines, source_note = source_lines(raw)
    text = "\n".join(lines)
    figure = grids.figure_from_rows(
        doc, rows["panels"], rows["cells"], rows["findings"], rows["quarantine"], text
    )
    by_index = {p.index: p for p in figure.panels}
    severities = Counter(str(f["severity"]) for f in rows["findings"])
    counts = {
        "panels": len(rows["panels"]),
        "cells": len(rows["cells"]),
        "claims": len(rows["claims"]),
        "quarantined": len(rows["quarantine"]),
        "findings": len(rows["findings"]),
        **{s: severities.get(s, 0) for s in ("error", "warning", "info")},
    }
    panels = [
        panel_context(
            row, by_index.get(int(row["panel"])), _for_panel(stats.get("panel_stats"), row["panel"])
        )
        for row in sorted(rows["panels"], key=lambda r: r["panel"])
    ]
    figure_files = None
    if figure_row and figure_row.get("figure"):
        figure_files = {
            "png": href(figure_row["figure"]),
            "svg": href(figure_row["figure"][: -len(".png")] + ".svg"),
            "difference": href(figure_row["difference"]) if figure_row.get("difference") else None,
            "sweep": href(figure_row["sweep"]) if figure_row.get("sweep") else None,
        }

    def optional(name: str, drop: tuple[str, ...] = ("doc",)) -> list[dict] | None:
        return None if stats.get(name) is None else records(stats[name], drop)

    return {
        "doc": doc,
        "status": status_of(counts),
        "counts": counts,
        "source": lines,
        "source_note": source_note,
        "figure": figure_files,
        "figure_notes": list(figure.notes),
        "no_figure_reason": None if figure_files else _no_figure_reason(counts, figure),
        "panels": panels,
        "claims": records(rows["claims"]),
        "findings": records(rows["findings"]),
        "quarantine": records(rows["quarantine"]),
        "factcheck": optional("factcheck"),
        "pairs": optional("panel_pairs"),
        "same_figure": optional("same_figure", ()),
        "provenance": provenance,
    }


def _no_figure_reason(counts: Mapping[str, int], figure: grids.DocumentFigure) -> str:
    if counts["panels"] == 0:
        return "no figure: the document describes no panel"
    if counts["cells"] == 0:
        return "no figure: the document states no cell value"
    return "no figure: not rendered (the figures stage has not run for this document)"
