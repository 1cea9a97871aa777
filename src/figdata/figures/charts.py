"""Documents with bar or line panels: drawn on a new figure each (they are few).

A grouped bar panel has its categories on x and one bar per legend series, the
value printed above each bar; a line panel one line per series with its points
labelled. A position without a value shows its glyph (— stated missing,
✕ quarantined) on the axis, never a bar of height zero. Heatmap panels of such a
document are drawn by the same artists as in :mod:`figdata.figures.canvas`.
"""

from __future__ import annotations

import math

import numpy as np

from figdata.figures import style
from figdata.figures.canvas import (
    TITLE_LINES,
    Canvas,
    _PanelArtists,
    columns_for,
    legend_text,
    panel_box,
)
from figdata.figures.grid import BARS, DATA, HEATMAP, DocumentFigure, PanelGrid
from figdata.figures.labels import fit

SERIES_COLOURS = (
    "#4C72B0",
    "#DD8452",
    "#55A868",
    "#C44E52",
    "#8172B3",
    "#937860",
    "#DA8BC3",
    "#8C8C8C",
    "#CCB974",
    "#64B5CD",
)


def _chart_size(grid: PanelGrid) -> tuple[float, float]:
    ny, nx = grid.shape
    per_group = ny * 0.2 + 0.3 if grid.chart == BARS else 0.55
    return max(3.6, min(12.0, nx * per_group)) + 1.1, 3.4


def _colour(i: int) -> str:
    return SERIES_COLOURS[i % len(SERIES_COLOURS)]


def _no_value_marks(ax, grid: PanelGrid, positions: np.ndarray) -> None:
    for r in range(grid.shape[0]):
        for c in range(grid.shape[1]):
            code = int(grid.status[r, c])
            if code in (1, 2):
                ax.annotate(
                    style.GLYPHS[code],
                    (positions[r, c], 0),
                    xycoords=("data", "axes fraction"),
                    xytext=(0, 3),
                    textcoords="offset points",
                    ha="center",
                    va="bottom",
                    fontsize=9,
                    color=style.NO_VALUE_TEXT,
                    gid=f"cell-{grid.index}-{r}-{c}",
                )


def _bars(ax, grid: PanelGrid) -> None:
    ny, nx = grid.shape
    width = 0.8 / max(ny, 1)
    centres = np.arange(nx)
    positions = centres[None, :] + (np.arange(ny)[:, None] - (ny - 1) / 2) * width
    for r, series in enumerate(grid.rows):
        ok = grid.status[r] == DATA
        bars = ax.bar(
            positions[r][ok],
            grid.values[r][ok],
            width * 0.95,
            color=_colour(r),
            label=fit(series, 24),
        )
        labels = [grid.labels[r][c] for c in range(nx) if ok[c]]
        ax.bar_label(bars, labels=labels, fontsize=6, padding=1.5, rotation=90 if ny > 3 else 0)
    _no_value_marks(ax, grid, positions)
    ax.set_xticks(centres)
    ax.set_xlim(-0.6, nx - 0.4)
    ax.margins(y=0.18)


def _lines(ax, grid: PanelGrid) -> None:
    ny, nx = grid.shape
    xs = np.arange(nx)
    data = np.where(grid.status == DATA, grid.values, np.nan)
    # labels of close points would overlap: at each x the highest point is
    # labelled above, the others below it in a stack, one line per rank
    rank = np.argsort(np.argsort(-np.where(np.isnan(data), -np.inf, data), axis=0), axis=0)
    for r, series in enumerate(grid.rows):
        ax.plot(
            xs,
            data[r],
            marker="o",
            markersize=3.5,
            linewidth=1.3,
            color=_colour(r),
            label=fit(series, 24),
        )
        for c in np.flatnonzero(grid.status[r] == DATA):
            k = int(rank[r, c])
            ax.annotate(
                grid.labels[r][c],
                (xs[c], data[r, c]),
                xytext=(0, 4) if k == 0 else (0, -5 - (k - 1) * 7.5),
                textcoords="offset points",
                ha="center",
                va="bottom" if k == 0 else "top",
                fontsize=6,
                color=_colour(r),
            )
    _no_value_marks(ax, grid, np.tile(xs, (ny, 1)).astype(float))
    ax.set_xticks(xs)
    ax.set_xlim(-0.5, nx - 0.5)
    ax.margins(y=0.15)


def _chart_panel(fig, rect, grid: PanelGrid, box_w: float) -> None:
    ax = fig.add_axes(rect)
    ax.set_gid(f"panel-{grid.index}")
    (_bars if grid.chart == BARS else _lines)(ax, grid)
    rotate = max((len(t) for t in grid.x_ticks), default=0) * 0.06 > box_w / max(grid.shape[1], 1)
    ax.set_xticklabels(
        [fit(t, 14) for t in grid.x_ticks],
        rotation=30 if rotate else 0,
        ha="right" if rotate else "center",
    )
    ax.set_title(
        fit(grid.title or f"Panel {grid.index + 1}", int(box_w * 13), TITLE_LINES), fontsize=9
    )
    ax.set_xlabel(fit(grid.x_label or "", int(box_w * 14)))
    ax.set_ylabel(fit(grid.metric or grid.y_label or "value", 30))
    ax.spines[["top", "right"]].set_visible(False)
    ax.legend(
        fontsize=6.5,
        frameon=False,
        loc="upper left",
        bbox_to_anchor=(1.0, 1.0),
        title=fit(grid.y_label or "", 20) or None,
        title_fontsize=7,
    )


def draw_mixed(figure: DocumentFigure, cmap_name: str):
    """A new figure for a document with at least one bar or line panel."""
    from matplotlib import colormaps
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    cmap = colormaps[cmap_name].with_extremes(bad=(0, 0, 0, 0))
    sizes = []
    for grid in figure.panels:
        if grid.chart == HEATMAP:
            box = panel_box(grid, own_bar=True)
            sizes.append((box.width, box.height))
        else:
            sizes.append(_chart_size(grid))
    slot_w, slot_h = max(s[0] for s in sizes) + 1.4, max(s[1] for s in sizes)
    columns = columns_for(len(sizes), slot_w)
    rows = math.ceil(len(sizes) / columns)
    legend = any((g.status != DATA).any() for g in figure.panels)
    W, H = columns * slot_w, rows * slot_h + (0.34 if legend else 0.0)
    fig = Figure(figsize=(W, H))
    for i, (grid, scale) in enumerate(zip(figure.panels, figure.scales, strict=True)):
        row, col = divmod(i, columns)
        top = H - row * slot_h
        if grid.chart == HEATMAP:
            box = panel_box(grid, own_bar=True)
            x0, w, h = col * slot_w + box.left, box.nx * box.cell_w, box.ny * box.cell_h
            y0 = top - box.top - h
            cax = ((x0 + w + 0.12) / W, y0 / H, 0.14 / W, h / H)
            artists = _PanelArtists(fig, (x0 / W, y0 / H, w / W, h / H), box, cmap, cax)
            artists.update(grid, scale, cmap, W)
        else:
            x0, y0 = col * slot_w + 0.7, top - slot_h + 0.75
            w, h = sizes[i][0] - 1.1, slot_h - 0.75 - 0.55
            _chart_panel(fig, (x0 / W, y0 / H, w / W, h / H), grid, w)
    if legend:
        handle = Patch(
            facecolor=style.NO_VALUE_FACE, edgecolor=style.RC["hatch.color"], hatch="///"
        )
        fig.legend(
            [handle],
            [fit(legend_text(figure), int(W * 18))],
            loc="lower left",
            bbox_to_anchor=(0.1 / W, 0.02 / H),
            frameon=False,
            fontsize=7.5,
            borderaxespad=0,
        )
    return fig


def draw(figure: DocumentFigure, pool) -> object:
    """The matplotlib figure of a document: pooled canvases for heatmap-only documents."""
    if figure.heatmaps_only:
        return pool.draw(figure)
    return draw_mixed(figure, pool.cmap)


__all__ = ["Canvas", "draw", "draw_mixed"]
