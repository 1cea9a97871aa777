"""What a document's figure draws, as plain data: one grid per panel.

A panel's grid has its x ticks left to right and its rows top to bottom, as the
document shows them: a y list read "from bottom to top" is reversed, so that
`Window 3000` is drawn on top when the text lists it first from the top. Each
position holds one status:

* ``DATA``: a validated cell, drawn and printed;
* ``MISSING``: the text marks the value as missing (``—``, ``N/A``, ...);
* ``QUARANTINED``: a value the validate stage took out; never drawn as data;
* ``UNKNOWN``: the text states nothing for it (a partly stated grid).

Nothing here imports matplotlib: the grids are the input of the renderer, of
the report's HTML tables and of the figure digest.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from figdata.figures.labels import cell_label

DATA, MISSING, QUARANTINED, UNKNOWN = 0, 1, 2, 3
STATUS_NAMES = {DATA: "data", MISSING: "missing", QUARANTINED: "quarantined", UNKNOWN: "unknown"}
HEATMAP, BARS, LINES = "heatmap", "grouped_bar", "line"

# A document that says its panels share one colour scale. The parser does not
# (yet) record this, so it is read from the description's own words.
_SHARED_SCALE = re.compile(
    r"\b(?:same|shared?|single|common|consistent|identical|one)\s+"
    r"(?:colou?r\s*(?:scale|bar|map|gradient|range)|gradient|scale)"
    r"|\b(?:colou?r\s*(?:scale|bar)|gradient|scale)\s+(?:is\s+)?(?:shared|common)",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class PanelGrid:
    """One panel as drawn: ticks in display order and a status per position."""

    index: int
    title: str | None
    chart: str
    x_label: str | None
    y_label: str | None
    metric: str | None
    x_ticks: tuple[str, ...]
    rows: tuple[str, ...]
    y_order: str | None
    values: np.ndarray = field(repr=False)
    status: np.ndarray = field(repr=False)
    labels: tuple[tuple[str, ...], ...] = field(repr=False)
    lines: np.ndarray = field(repr=False)
    colorbar: tuple[float, float] | None = None
    line: int | None = None

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.x_ticks)

    @property
    def n_data(self) -> int:
        return int((self.status == DATA).sum())

    def count(self, status: int) -> int:
        return int((self.status == status).sum())


@dataclass(frozen=True)
class DocumentFigure:
    """Everything a document's figure shows."""

    doc: str
    panels: tuple[PanelGrid, ...]
    shared_scale: bool
    scales: tuple[tuple[float, float], ...]
    notes: tuple[str, ...] = ()

    @property
    def drawable(self) -> bool:
        return any(p.n_data for p in self.panels)

    @property
    def heatmaps_only(self) -> bool:
        return all(p.chart == HEATMAP for p in self.panels)


def _text(value) -> str | None:
    if value is None or value is pd.NA:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    return str(value)


def _ticks(value) -> list[str] | None:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    items = [str(t) for t in list(value)]
    return items or None


def _first_seen(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(values))


def chart_kind(chart_type: str | None, y_order: str | None) -> str:
    if chart_type in (BARS, LINES):
        return chart_type
    return HEATMAP


def display_rows(y_ticks: Sequence[str], y_order: str | None) -> list[str]:
    """Rows top to bottom: a list given from the bottom edge is reversed."""
    rows = list(y_ticks)
    return rows[::-1] if y_order == "bottom-to-top" else rows


def _null(value) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))


def panel_grid(
    panel: dict, cells: list[dict], missing: list[dict], quarantined: list[dict]
) -> PanelGrid | None:
    """The grid of one panel (rows of its tables as dicts), or None when it declares no
    ticks and states no cell."""
    cells = sorted(cells, key=lambda c: c["line"])
    declared_x, declared_y = _ticks(panel.get("x_ticks")), _ticks(panel.get("y_ticks"))
    extra = [*cells, *missing, *quarantined]
    seen_x = _first_seen(str(r["x"]) for r in extra if not _null(r["x"]))
    seen_y = _first_seen(str(r["y"]) for r in extra if not _null(r["y"]))
    x_ticks = declared_x or seen_x
    y_order = _text(panel.get("y_order"))
    chart = chart_kind(_text(panel.get("chart_type")), y_order)
    if declared_y:
        rows = display_rows(declared_y, y_order) if chart == HEATMAP else declared_y
    else:
        rows = seen_y
    if not x_ticks or not rows:
        return None
    col = {t: i for i, t in enumerate(x_ticks)}
    row = {t: i for i, t in enumerate(rows)}
    shape = (len(rows), len(x_ticks))
    values = np.full(shape, np.nan)
    status = np.full(shape, UNKNOWN, dtype=np.int8)
    lines = np.zeros(shape, dtype=np.int64)
    labels = [[""] * shape[1] for _ in range(shape[0])]

    def place(rows_: list[dict], code: int) -> None:
        for rec in rows_:
            r, c = row.get(_text(rec["y"])), col.get(_text(rec["x"]))
            if r is None or c is None or status[r, c] == DATA:
                continue
            if status[r, c] == UNKNOWN or code == MISSING:
                status[r, c] = code
                lines[r, c] = 0 if _null(rec["line"]) else int(rec["line"])

    place(quarantined, QUARANTINED)
    place(missing, MISSING)
    for rec in cells:
        r, c = row.get(str(rec["y"])), col.get(str(rec["x"]))
        if r is None or c is None:
            continue
        values[r, c] = float(rec["value"])
        status[r, c] = DATA
        lines[r, c] = int(rec["line"])
        labels[r][c] = cell_label(float(rec["value"]), rec["value_text"])
    lo, hi = panel.get("colorbar_min"), panel.get("colorbar_max")
    colorbar = None if _null(lo) or _null(hi) else (float(lo), float(hi))
    start = panel.get("line")
    return PanelGrid(
        index=int(panel["panel"]),
        title=_text(panel.get("title")),
        chart=chart,
        x_label=_text(panel.get("x_label")),
        y_label=_text(panel.get("y_label")),
        metric=_text(panel.get("metric")),
        x_ticks=tuple(x_ticks),
        rows=tuple(rows),
        y_order=y_order,
        values=values,
        status=status,
        labels=tuple(tuple(r) for r in labels),
        lines=lines,
        colorbar=colorbar,
        line=None if _null(start) else int(start),
    )


def says_shared_scale(text: str) -> bool:
    return bool(_SHARED_SCALE.search(text or ""))


def _data_range(panel: PanelGrid) -> tuple[float, float] | None:
    data = panel.values[panel.status == DATA]
    return (float(data.min()), float(data.max())) if data.size else None


def _scale(bounds: list[tuple[float, float]], stated: list[tuple[float, float]]) -> tuple:
    """The colour range: the stated colour bar widened to every value, or the values'
    own range when the stated bar does not even overlap them (a misread bar)."""
    if not bounds:
        return stated[0] if stated else (0.0, 1.0)
    lo, hi = min(b[0] for b in bounds), max(b[1] for b in bounds)
    if stated:
        s_lo, s_hi = min(s[0] for s in stated), max(s[1] for s in stated)
        if s_lo <= hi and lo <= s_hi:
            lo, hi = min(lo, s_lo), max(hi, s_hi)
    if lo == hi:
        pad = abs(lo) * 0.05 or 0.5
        return (lo - pad, hi + pad)
    return (lo, hi)


def document_figure(
    doc: str,
    panels: pd.DataFrame,
    cells: pd.DataFrame,
    findings: pd.DataFrame,
    quarantine: pd.DataFrame,
    text: str = "",
) -> DocumentFigure:
    """The figure of one document from its validated tables (and its text, for the scale)."""
    return figure_from_rows(
        doc,
        *(t.to_dict("records") for t in (panels, cells, findings, quarantine)),
        text,
    )


def figure_from_rows(
    doc: str,
    panels: list[dict],
    cells: list[dict],
    findings: list[dict],
    quarantine: list[dict],
    text: str = "",
) -> DocumentFigure:
    """:func:`document_figure` from the tables' rows as dicts (a shard converts its
    tables once; pandas per document cost more than the drawing data itself)."""
    by_panel: dict[int, tuple[list, list, list]] = {}

    def bucket(panel) -> tuple[list, list, list]:
        return by_panel.setdefault(int(panel), ([], [], []))

    for c in cells:
        bucket(c["panel"])[0].append(c)
    for f in findings:
        if f["kind"] == "missing_cell" and not (
            _null(f["x"]) or _null(f["y"]) or _null(f["panel"])
        ):
            bucket(f["panel"])[1].append(f)
    for q in quarantine:
        if q["source"] == "cells" and not _null(q["panel"]):
            bucket(q["panel"])[2].append(q)
    grids: list[PanelGrid] = []
    for panel in sorted(panels, key=lambda p: p["panel"]):
        parts = by_panel.get(int(panel["panel"]), ([], [], []))
        grid = panel_grid(panel, *parts)
        if grid is not None:
            grids.append(grid)
    notes: list[str] = []
    heat = [g for g in grids if g.chart == HEATMAP]
    stated = [g.colorbar for g in heat if g.colorbar]
    same_bar = len(heat) > 1 and len(stated) == len(heat) and len(set(stated)) == 1
    shared = len(heat) > 1 and (same_bar or says_shared_scale(text))
    ranges = {g.index: _data_range(g) for g in grids}
    if shared:
        scale = _scale([r for g in heat if (r := ranges[g.index])], stated)
        scales = tuple(scale for _ in grids)
        notes.append("one colour scale shared by all panels, as the document says")
    else:
        scales = tuple(
            _scale([r] if (r := ranges[g.index]) else [], [g.colorbar] if g.colorbar else [])
            for g in grids
        )
    misread = sorted(
        {
            g.colorbar
            for g, sc in zip(grids, scales, strict=True)
            if g.colorbar and g.chart == HEATMAP and not (sc[0] <= g.colorbar[0] <= sc[1])
        }
    )
    for lo, hi in misread:
        notes.append(
            f"the stated colour bar ({lo:g} to {hi:g}) does not overlap the values: "
            "coloured by the values' own range"
        )
    if any(g.y_order is None and g.chart == HEATMAP and len(g.rows) > 1 for g in grids):
        notes.append(
            "the document does not say which edge y starts from: rows run as listed, top down"
        )
    return DocumentFigure(doc, tuple(grids), shared, scales, tuple(notes))


def _jsonable(grid: PanelGrid) -> dict:
    return {
        "index": grid.index,
        "title": grid.title,
        "chart": grid.chart,
        "x_label": grid.x_label,
        "y_label": grid.y_label,
        "metric": grid.metric,
        "x": list(grid.x_ticks),
        "rows": list(grid.rows),
        "status": grid.status.tolist(),
        "labels": [list(r) for r in grid.labels],
        # repr keeps every bit of the float: a value change always changes the digest
        "values": [[repr(float(v)) for v in r] for r in grid.values],
    }


def digest(figure: DocumentFigure, style: dict, code: str) -> str:
    """SHA-256 of everything the figure draws, the style and the drawing code."""
    payload = {
        "doc": figure.doc,
        "panels": [_jsonable(g) for g in figure.panels],
        "shared": figure.shared_scale,
        "scales": [list(map(repr, s)) for s in figure.scales],
        "notes": list(figure.notes),
        "style": style,
        "code": code,
    }
    blob = json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(blob).hexdigest()
