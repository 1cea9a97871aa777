"""Annotated heatmaps drawn on reused figures.

Building a matplotlib figure, its axes, a hundred text artists and a colour bar
costs far more than drawing them. Documents of one corpus share few layouts (a
4 x 5 grid four times, a 10 x 10 grid three times), so a :class:`Canvas` is
built once per :class:`Geometry` and every later document of that geometry
only updates its artists: image data and colour limits, the text and colour
of each cell label, tick labels, titles. :class:`CanvasPool` keeps the most
recently used canvases.

All sizes are fixed in inches from the grids (not from a layout engine, which
would cost a full draw per figure): cells are large enough for their printed
labels, every text is bounded in characters (:func:`figdata.figures.labels.fit`),
so nothing overflows the figure whatever the document says.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from figdata.figures import style
from figdata.figures.cells import Labels
from figdata.figures.grid import DATA, DocumentFigure, PanelGrid
from figdata.figures.labels import fit, width

CELL_W, CELL_H = 0.52, 0.36  # inches: room for "88.5%" at 7.5 pt
MAX_PANEL_W = 10.0
#: widest figure (inches, 100 dpi): about the report's figure column
MAX_FIGURE_W = 9.0
TICK_COLUMNS_X, TICK_COLUMNS_Y = 14, 18
CHAR_IN = 7.5 * 0.62 / 72  # width of one character of tick text, in inches
TITLE_LINES = 2
MIN_CELL_FONT = 4.5
TICK_FONT = 7.5
#: larger grids are drawn without labels (a note says so)
MAX_ANNOTATED = 60


def columns_for(n_panels: int, slot_w: float) -> int:
    """Panels per row: as many as fit in :data:`MAX_FIGURE_W`, so the figure stays
    readable at 100 % next to the source text (a 10 x 10 panel fills a row)."""
    fit_in = max(1, int(MAX_FIGURE_W // max(slot_w, 0.1)))
    columns = min(max(n_panels, 1), fit_in)
    # an even split looks better than a lone panel on the last row (4 -> 2 x 2)
    rows = math.ceil(n_panels / columns) if n_panels else 1
    return math.ceil(n_panels / rows) if n_panels else 1


@dataclass(frozen=True)
class PanelBox:
    """Sizes of one panel slot, in inches."""

    nx: int
    ny: int
    cell_w: float
    cell_h: float
    left: float
    bottom: float
    top: float
    right: float
    rotate_x: bool

    @property
    def width(self) -> float:
        return self.left + self.nx * self.cell_w + self.right

    @property
    def height(self) -> float:
        return self.bottom + self.ny * self.cell_h + self.top


@dataclass(frozen=True)
class Geometry:
    """Everything that decides the artists of a figure: equal geometry, reusable canvas."""

    boxes: tuple[PanelBox, ...]
    columns: int
    shared_bar: bool
    legend: bool
    slot_w: float
    slot_h: float
    fig_w: float
    fig_h: float
    bar_w: float


def _tick_width(ticks, columns: int) -> int:
    return max((width(fit(t, columns)) for t in ticks), default=1)


def panel_box(grid: PanelGrid, own_bar: bool) -> PanelBox:
    ny, nx = grid.shape
    cell_w = min(CELL_W, MAX_PANEL_W / nx) if nx * CELL_W > MAX_PANEL_W else CELL_W
    cell_w = max(cell_w, 0.16)
    cell_h = max(min(CELL_H, MAX_PANEL_W / ny), 0.14)
    y_chars = _tick_width(grid.rows, TICK_COLUMNS_Y)
    x_chars = _tick_width(grid.x_ticks, TICK_COLUMNS_X)
    rotate = x_chars * CHAR_IN > cell_w * 0.95
    left = 0.12 + y_chars * CHAR_IN + 0.25
    x_room = (x_chars * CHAR_IN * 0.72 + 0.08) if rotate else 0.2
    bottom = 0.1 + x_room + 0.22
    top = 0.16 + TITLE_LINES * 0.16
    right = 0.95 if own_bar else 0.15
    return PanelBox(
        nx,
        ny,
        round(cell_w, 3),
        round(cell_h, 3),
        round(left, 2),
        round(bottom, 2),
        round(top, 2),
        right,
        rotate,
    )


def geometry(figure: DocumentFigure) -> Geometry:
    panels = figure.panels
    shared = figure.shared_scale
    boxes = tuple(panel_box(p, own_bar=not shared) for p in panels)
    slot_w = max(b.width for b in boxes)
    slot_h = max(b.height for b in boxes)
    columns = columns_for(len(boxes), slot_w + (1.0 if shared else 0.0) / max(len(boxes), 1))
    rows = math.ceil(len(boxes) / columns)
    legend = any((p.status != DATA).any() for p in panels)
    bar_w = 1.0 if shared else 0.0
    fig_w = columns * slot_w + bar_w + 0.1
    fig_h = rows * slot_h + (0.34 if legend else 0.0) + 0.05
    return Geometry(
        boxes,
        columns,
        shared,
        legend,
        round(slot_w, 2),
        round(slot_h, 2),
        round(fig_w, 2),
        round(fig_h, 2),
        bar_w,
    )


def _luminance(rgba: np.ndarray) -> np.ndarray:
    return 0.2126 * rgba[..., 0] + 0.7152 * rgba[..., 1] + 0.0722 * rgba[..., 2]


def cell_font(box: PanelBox, grid: PanelGrid) -> float:
    longest = max((len(s) for row in grid.labels for s in row), default=1) or 1
    by_width = box.cell_w * 72 / (longest * 0.62 + 0.6)
    by_height = box.cell_h * 72 * 0.62
    return max(MIN_CELL_FONT, min(8.0, by_width, by_height))


def bar_ticks(lo: float, hi: float) -> list[tuple[float, str]]:
    """Round tick values within [lo, hi] and their labels, all with one precision."""
    from matplotlib.ticker import MaxNLocator

    values = [v for v in MaxNLocator(nbins=6).tick_values(lo, hi) if lo - 1e-12 <= v <= hi + 1e-12]
    if len(values) < 2:
        return [(lo, f"{lo:.3g}"), (hi, f"{hi:.3g}")]
    step = abs(values[1] - values[0])
    decimals = max(0, -math.floor(math.log10(step))) if step > 0 else 0
    return [(v, f"{v:.{decimals}f}" if abs(v) < 1e6 else f"{v:.2g}") for v in values]


class ColourBar:
    """A colour bar built from plain artists, updated per document.

    matplotlib's ``Colorbar`` rebuilds its axis ticks (several artists per tick)
    whenever its limits change, which made it the most expensive part of saving
    a reused figure; this one is an image of the colour map, a line of tick marks
    and one :class:`Labels` artist.
    """

    def __init__(self, fig, rect, cmap):
        self.ax = ax = fig.add_axes(rect)
        gradient = np.linspace(0, 1, 256)[:, None]
        ax.imshow(
            gradient,
            cmap=cmap,
            aspect="auto",
            origin="lower",
            extent=(0, 1, 0, 1),
            interpolation="nearest",
        )
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_xticks([])
        ax.set_yticks([])
        for spine in ax.spines.values():
            spine.set_linewidth(0.6)
        (self.marks,) = ax.plot([], [], color="black", linewidth=0.6, clip_on=False)
        self.labels = Labels(ha="left", va="center", offset=(4.5, 0.0))
        ax.add_artist(self.labels)
        self.title = ax.text(
            1.0, 0.5, "", rotation=90, ha="left", va="center", transform=ax.transAxes, fontsize=8
        )
        self.width_in = rect[2] * fig.get_figwidth()

    def update(self, lo: float, hi: float, label: str, gid: str) -> None:
        ticks = bar_ticks(lo, hi)
        span = (hi - lo) or 1.0
        ys = [(v - lo) / span for v, _ in ticks]
        xs, yy = [], []
        for y in ys:
            xs += [1.0, 1.0 + 0.06 / max(self.width_in, 0.01), np.nan]
            yy += [y, y, np.nan]
        self.marks.set_data(xs, yy)
        self.labels.set_gid(f"{gid}-ticks")
        self.labels.set_labels(
            [(1.0, y, text, "black") for y, (_, text) in zip(ys, ticks, strict=True)], 7.0
        )
        longest = max(len(text) for _, text in ticks)
        # the metric name stands right of the tick labels
        offset = (0.12 + longest * 7 * 0.62 / 72) / max(self.width_in, 0.01)
        self.title.set_position((1.0 + offset, 0.5))
        self.title.set_text(label)
        self.ax.set_gid(gid)

    def hide(self) -> None:
        self.ax.set_visible(False)


class _PanelArtists:
    """The artists of one heatmap panel, built once, updated per document."""

    def __init__(self, fig, rect, box: PanelBox, cmap, cax_rect=None):
        from matplotlib.colors import Normalize

        self.box = box
        self.ax = ax = fig.add_axes(rect)
        ax.patch.set_facecolor(style.NO_VALUE_FACE)
        ax.patch.set_hatch("///")
        ax.patch.set_edgecolor(style.RC["hatch.color"])
        ax.patch.set_linewidth(0)
        blank = np.ma.masked_all((box.ny, box.nx))
        self.image = ax.imshow(
            blank, cmap=cmap, norm=Normalize(0, 1), aspect="auto", interpolation="nearest"
        )
        # tick labels are drawn by Labels artists: matplotlib's Axis machinery
        # (a Tick with lines and texts per tick, measured at each save) cost a
        # third of every save; rotated x labels keep matplotlib's ticks
        ax.set_yticks([])
        ax.set_xticks(range(box.nx) if box.rotate_x else [])
        ax.tick_params(length=0, pad=3)
        self.yticks = Labels(ha="right", va="center", offset=(-3.0, 0.0))
        ax.add_artist(self.yticks)
        self.xticks = None
        if not box.rotate_x:
            self.xticks = Labels(ha="center", va="top", offset=(0.0, -3.0))
            ax.add_artist(self.xticks)
        ax.set_xlim(-0.5, box.nx - 0.5)
        ax.set_ylim(box.ny - 0.5, -0.5)
        ax.set_anchor("NW")
        self.annotated = box.nx <= MAX_ANNOTATED and box.ny <= MAX_ANNOTATED
        self.cells = Labels()
        ax.add_artist(self.cells)
        # fixed label positions spare matplotlib measuring every tick label at each save
        w_in, h_in = box.nx * box.cell_w, box.ny * box.cell_h
        x_room = box.bottom - 0.1 - 0.22
        ax.xaxis.set_label_coords(0.5, -(x_room + 0.04) / h_in)
        ax.xaxis.label.set_va("top")
        ax.yaxis.set_label_coords(-(box.left - 0.12) / w_in, 0.5)
        ax.yaxis.label.set_va("bottom")
        self.title = ax.set_title("", loc="center", pad=4)
        self.colorbar = None
        if cax_rect is not None:
            self.colorbar = ColourBar(fig, cax_rect, cmap)

    def update(self, grid: PanelGrid, scale: tuple[float, float], cmap, fig_w_in: float):
        from matplotlib.colors import Normalize

        box, ax = self.box, self.ax
        ax.set_gid(f"panel-{grid.index}")
        ax.set_visible(True)
        masked = np.ma.masked_where(grid.status != DATA, grid.values)
        self.image.set_data(masked)
        self.image.set_norm(Normalize(*scale))
        columns = max(8, int(box.nx * box.cell_w / (7.5 * 0.6 / 72)))
        x_labels = [fit(t, TICK_COLUMNS_X) for t in grid.x_ticks]
        if self.xticks is None:
            ax.set_xticklabels(x_labels, rotation=45, ha="right", rotation_mode="anchor")
        else:
            self.xticks.set_gid(f"xticks-{grid.index}")
            self.xticks.set_labels(
                [(c, box.ny - 0.5, t, "black") for c, t in enumerate(x_labels)], TICK_FONT
            )
        self.yticks.set_gid(f"yticks-{grid.index}")
        self.yticks.set_labels(
            [(-0.5, r, fit(t, TICK_COLUMNS_Y), "black") for r, t in enumerate(grid.rows)],
            TICK_FONT,
        )
        title_cols = int((box.nx * box.cell_w + box.right * 0.8) / (9 * 0.6 / 72))
        self.title.set_text(
            fit(grid.title or f"Panel {grid.index + 1}", max(title_cols, 12), TITLE_LINES)
        )
        ax.set_xlabel(fit(grid.x_label or "", columns))
        ax.set_ylabel(fit(grid.y_label or "", max(8, int(box.ny * box.cell_h / (8 * 0.6 / 72)))))
        if self.colorbar is not None:
            self.colorbar.update(
                *scale,
                fit(grid.metric or "value", max(8, int(box.ny * 3))),
                f"colorbar-{grid.index}",
            )
        if not self.annotated:
            return
        font = cell_font(box, grid)
        normed = np.clip((np.nan_to_num(grid.values) - scale[0]) / (scale[1] - scale[0]), 0, 1)
        dark = _luminance(cmap(normed)) < 0.5
        labels = []
        for r in range(box.ny):
            for c in range(box.nx):
                code = int(grid.status[r, c])
                if code == DATA:
                    labels.append((c, r, grid.labels[r][c], "white" if dark[r, c] else "black"))
                else:
                    labels.append((c, r, style.GLYPHS[code], style.NO_VALUE_TEXT))
        self.cells.set_gid(f"cells-{grid.index}")
        self.cells.set_labels(labels, font)

    def hide(self):
        self.ax.set_visible(False)
        if self.colorbar is not None:
            self.colorbar.hide()


def legend_text(figure: DocumentFigure) -> str:
    """The legend entry for positions without a value, naming only what this figure shows."""
    kinds = []
    counts = {code: sum(p.count(code) for p in figure.panels) for code in (1, 2, 3)}
    if counts[3]:
        kinds.append("blank: not stated")
    if counts[1]:
        kinds.append("— stated as missing")
    if counts[2]:
        kinds.append("✕ quarantined (value not drawn)")
    return "no value: " + "; ".join(kinds)


class Canvas:
    """A figure laid out for one :class:`Geometry`, redrawn for each document."""

    def __init__(self, geo: Geometry, cmap_name: str):
        from matplotlib import colormaps
        from matplotlib.figure import Figure
        from matplotlib.patches import Patch

        self.geo = geo
        self.cmap = colormaps[cmap_name].with_extremes(bad=(0, 0, 0, 0))
        self.fig = fig = Figure(figsize=(geo.fig_w, geo.fig_h))
        W, H = geo.fig_w, geo.fig_h
        self.panels: list[_PanelArtists] = []
        for i, box in enumerate(geo.boxes):
            row, col = divmod(i, geo.columns)
            x0 = col * geo.slot_w + box.left
            y_top = H - row * geo.slot_h - box.top
            w, h = box.nx * box.cell_w, box.ny * box.cell_h
            rect = (x0 / W, (y_top - h) / H, w / W, h / H)
            cax_rect = None
            if not geo.shared_bar:
                cax_rect = ((x0 + w + 0.12) / W, (y_top - h) / H, 0.14 / W, h / H)
            self.panels.append(_PanelArtists(fig, rect, box, self.cmap, cax_rect))
        self.shared_bar = None
        if geo.shared_bar:
            x0 = geo.columns * geo.slot_w + 0.05
            rows = math.ceil(len(geo.boxes) / geo.columns)
            top = H - geo.boxes[0].top
            bottom = H - rows * geo.slot_h + geo.boxes[0].bottom
            rect = (x0 / W, bottom / H, 0.16 / W, (top - bottom) / H)
            self.shared_bar = ColourBar(fig, rect, self.cmap)
        self.legend = None
        if geo.legend:
            handle = Patch(
                facecolor=style.NO_VALUE_FACE, edgecolor=style.RC["hatch.color"], hatch="///"
            )
            self.legend = fig.legend(
                [handle],
                [""],
                loc="lower left",
                bbox_to_anchor=(0.1 / W, 0.02 / H),
                frameon=False,
                fontsize=7.5,
                handlelength=1.6,
                borderaxespad=0,
            )
            self.legend_chars = int((W - 0.6) / (7.5 * 0.6 / 72))

    def draw(self, figure: DocumentFigure) -> None:
        for artists, grid, scale in zip(self.panels, figure.panels, figure.scales, strict=True):
            artists.update(grid, scale, self.cmap, self.geo.fig_w)
        if self.shared_bar is not None:
            metric = next((p.metric for p in figure.panels if p.metric), None)
            self.shared_bar.update(*figure.scales[0], fit(metric or "value", 40), "colorbar")
        if self.legend is not None:
            self.legend.get_texts()[0].set_text(fit(legend_text(figure), self.legend_chars))


class CanvasPool:
    """The most recently used canvases, by geometry."""

    def __init__(self, cmap: str, size: int = 12):
        self.cmap = cmap
        self.size = size
        self.canvases: OrderedDict[Geometry, Canvas] = OrderedDict()
        self.built = 0
        self.reused = 0

    def canvas(self, geo: Geometry) -> Canvas:
        canvas = self.canvases.pop(geo, None)
        if canvas is None:
            canvas = Canvas(geo, self.cmap)
            self.built += 1
        else:
            self.reused += 1
        self.canvases[geo] = canvas
        while len(self.canvases) > self.size:
            self.canvases.popitem(last=False)
        return canvas

    def draw(self, figure: DocumentFigure):
        """The matplotlib figure of ``figure``, drawn on a (possibly reused) canvas."""
        canvas = self.canvas(geometry(figure))
        canvas.draw(figure)
        return canvas.fig
