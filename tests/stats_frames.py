"""Hand-made panels for the stats tests: grids typed as lists of rows, known answers."""

from __future__ import annotations

import pandas as pd

from figdata import tables


def panel_row(doc: str, panel: int, xs, ys, title=None, **extra) -> dict:
    n_expected = len(xs) * len(ys) if xs is not None and ys is not None else None
    return {
        "doc": doc,
        "panel": panel,
        "title": title,
        "chart_type": "heatmap",
        "x_label": extra.pop("x_label", "Width"),
        "y_label": extra.pop("y_label", "Depth"),
        "x_ticks": list(xs) if xs is not None else None,
        "y_ticks": list(ys) if ys is not None else None,
        "y_order": "top-to-bottom",
        "colorbar_min": extra.pop("colorbar_min", None),
        "colorbar_max": extra.pop("colorbar_max", None),
        "metric": None,
        "n_cells": 0,
        "n_expected": n_expected,
        "line": extra.pop("line", 1),
    }


def grid_cells(doc: str, panel: int, xs, ys, rows, title=None, texts=None) -> list[dict]:
    """Cells of a grid given row by row (``None``: the cell is not stated)."""
    out, line = [], 10 + 20 * panel
    for yi, (y, row) in enumerate(zip(ys, rows, strict=True)):
        for xi, (x, v) in enumerate(zip(xs, row, strict=True)):
            if v is None:
                continue
            text = texts[yi][xi] if texts else f"{v:g}"
            out.append(
                {
                    "doc": doc,
                    "panel": panel,
                    "panel_title": title,
                    "x": x,
                    "y": y,
                    "value": float(v),
                    "value_text": text,
                    "line": line + yi,
                    "layout": "test",
                }
            )
    return out


def frames(panels: list[dict], cells: list[dict]) -> tuple[pd.DataFrame, pd.DataFrame]:
    p = tables.frame(panels, tables.PANELS)
    c = tables.frame(cells, tables.CELLS)
    counts = c.groupby(["doc", "panel"]).size()
    p["n_cells"] = [int(counts.get((d, i), 0)) for d, i in zip(p["doc"], p["panel"], strict=True)]
    return c, p


def claim(doc: str, kind: str, text: str, **fields) -> dict:
    row = dict.fromkeys(tables.CLAIMS)
    row.update(doc=doc, kind=kind, text=text, line=fields.pop("line", 50), **fields)
    return row


def claims_frame(rows: list[dict]) -> pd.DataFrame:
    return tables.frame(rows, tables.CLAIMS)
