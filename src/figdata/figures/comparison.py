"""Figures that compare panels: differences, and small multiples with the best cell.

* A *difference figure* draws, for each pair of panels with the same ticks in the
  same order, the grid ``b - a`` where both state a value, on a diverging colour
  map centred on 0 (one symmetric scale for all pairs of the document). It is an
  ordinary :class:`~figdata.figures.grid.DocumentFigure`, so it is drawn on the
  same reused canvases as the documents.
* *Small multiples* draw every panel of a parameter sweep (panels with the same
  axis labels and ticks) small, each on its own colour scale, with its best cell
  outlined and named.

The pairs and best cells come from the statistics stage when it has run;
otherwise from :func:`default_pairs` and :func:`best_cell`.
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np

from figdata.figures import style
from figdata.figures.grid import DATA, HEATMAP, UNKNOWN, DocumentFigure, PanelGrid
from figdata.figures.labels import fit, number

MAX_PAIRS = 6
_LOWER_IS_BETTER = re.compile(
    r"lower is better|\b(?:loss|error|err|wer|cer|perplexity|ppl|latency|regret|rmse|mae)\b",
    re.IGNORECASE,
)


def same_axes(a: PanelGrid, b: PanelGrid) -> bool:
    return a.chart == b.chart == HEATMAP and a.x_ticks == b.x_ticks and a.rows == b.rows


def default_pairs(figure: DocumentFigure) -> list[tuple[int, int]]:
    """(a, b) panel indexes to difference: each later panel against the first one
    with the same ticks, when both state a value somewhere in common."""
    pairs = []
    panels = figure.panels
    for j, b in enumerate(panels):
        for a in panels[:j]:
            if same_axes(a, b) and ((a.status == DATA) & (b.status == DATA)).any():
                pairs.append((a.index, b.index))
                break
    return pairs[:MAX_PAIRS]


def difference_figure(
    figure: DocumentFigure, pairs: list[tuple[int, int]]
) -> DocumentFigure | None:
    """The document's differences ``b - a`` as a figure, or None without a pair."""
    by_index = {p.index: p for p in figure.panels}
    grids = []
    for k, (ia, ib) in enumerate(pairs):
        a, b = by_index.get(ia), by_index.get(ib)
        if a is None or b is None or not same_axes(a, b):
            continue
        both = (a.status == DATA) & (b.status == DATA)
        diff = np.where(both, b.values - a.values, np.nan)
        labels = tuple(
            tuple(_signed(diff[r, c]) if both[r, c] else "" for c in range(diff.shape[1]))
            for r in range(diff.shape[0])
        )
        title_a = a.title or f"panel {a.index + 1}"
        title_b = b.title or f"panel {b.index + 1}"
        grids.append(
            replace(
                b,
                index=k,
                title=f"{fit(title_b, 40)} − {fit(title_a, 40)}",
                metric=f"difference ({b.metric or 'value'})",
                values=diff,
                status=np.where(both, DATA, UNKNOWN).astype(np.int8),
                labels=labels,
                colorbar=None,
            )
        )
    if not grids:
        return None
    extent = max(
        (float(np.nanmax(np.abs(g.values))) for g in grids if np.isfinite(g.values).any()),
        default=0.0,
    )
    extent = extent or 1.0
    scale = (-extent, extent)
    return DocumentFigure(
        figure.doc, tuple(grids), True, tuple(scale for _ in grids), ("difference b − a",)
    )


def _signed(value: float) -> str:
    text = number(float(value))
    return text if text.startswith("-") or text == "0" else "+" + text


def lower_is_better(panel: PanelGrid) -> bool:
    text = " ".join(t for t in (panel.title, panel.metric, panel.y_label) if t)
    return bool(_LOWER_IS_BETTER.search(text))


def best_cell(panel: PanelGrid) -> tuple[int, int] | None:
    """(row, column) of the best stated value: the highest, or the lowest where the
    panel says lower is better (loss, error, WER, ...). Ties go to the first in
    reading order."""
    data = np.where(panel.status == DATA, panel.values, np.nan)
    if not np.isfinite(data).any():
        return None
    flat = np.nanargmin(data) if lower_is_better(panel) else np.nanargmax(data)
    return tuple(int(i) for i in np.unravel_index(flat, data.shape))


def sweeps(figure: DocumentFigure) -> list[list[PanelGrid]]:
    """Groups of two or more heatmap panels over the same parameters (labels and ticks)."""
    groups: dict[tuple, list[PanelGrid]] = {}
    for p in figure.panels:
        if p.chart == HEATMAP and p.n_data:
            groups.setdefault((p.x_label, p.y_label, p.x_ticks, p.rows), []).append(p)
    return [g for g in groups.values() if len(g) > 1]


def small_multiples(
    panels: list[PanelGrid], cmap_name: str, best: dict[int, tuple[int, int]] | None = None
):
    """A compact figure of a sweep: each panel on its own scale, its best cell outlined."""
    from matplotlib import colormaps
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    cmap = colormaps[cmap_name].with_extremes(bad=(0, 0, 0, 0))
    columns = min(len(panels), 4)
    rows = -(-len(panels) // columns)
    ny, nx = panels[0].shape
    cell = min(0.3, 3.0 / max(nx, ny))
    pw, ph = nx * cell, ny * cell
    slot_w, slot_h = pw + 1.3, ph + 1.25
    W, H = columns * slot_w + 0.2, rows * slot_h
    fig = Figure(figsize=(W, H))
    for i, panel in enumerate(panels):
        row, col = divmod(i, columns)
        x0, y0 = col * slot_w + 0.75, H - row * slot_h - 0.55 - ph
        ax = fig.add_axes((x0 / W, y0 / H, pw / W, ph / H))
        ax.set_gid(f"sweep-panel-{panel.index}")
        ax.patch.set_facecolor(style.NO_VALUE_FACE)
        ax.patch.set_hatch("///")
        ax.patch.set_edgecolor(style.RC["hatch.color"])
        masked = np.ma.masked_where(panel.status != DATA, panel.values)
        ax.imshow(masked, cmap=cmap, aspect="auto", interpolation="nearest")
        ax.set_xticks(range(nx), [fit(t, 6) for t in panel.x_ticks], fontsize=6)
        ax.set_yticks(range(ny), [fit(t, 8) for t in panel.rows], fontsize=6)
        ax.tick_params(length=1.5, pad=1)
        spot = (best or {}).get(panel.index) or best_cell(panel)
        title = fit(panel.title or f"Panel {panel.index + 1}", int(slot_w * 12))
        if spot is not None:
            r, c = spot
            ax.add_patch(
                Rectangle((c - 0.5, r - 0.5), 1, 1, fill=False, edgecolor="#e4002b", linewidth=2)
            )
            which = "lowest" if lower_is_better(panel) else "highest"
            title += (
                f"\n{which} {panel.labels[r][c]} at "
                f"{fit(panel.x_ticks[c], 10)}, {fit(panel.rows[r], 10)}"
            )
        ax.set_title(title, fontsize=7, pad=3)
    return fig
