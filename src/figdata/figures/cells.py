"""The printed values and tick labels of a panel, each set as one artist.

A matplotlib ``Text`` per cell pays for its general machinery (layout of
multi-line text, rotation, bounding boxes, a graphics context) at every save;
for a 10 x 10 panel that is most of the cost of a file. :class:`Labels`
draws the labels of a panel itself, through the renderer's public
``draw_text``, centred in their cells with text extents cached per process.
PNG and SVG get the same output as with ``Text`` objects: one text element
per value (SVG keeps text as text), positioned in its cell.
"""

from __future__ import annotations

import numpy as np
from matplotlib.artist import Artist
from matplotlib.colors import to_rgba
from matplotlib.font_manager import FontProperties

from figdata.figures import style

_BITMAPS: dict = {}


def _agg_bitmap(renderer, text: str, prop: FontProperties, size: float):
    """The rendered grey image of ``text`` for the Agg renderer and its offsets, cached.

    Agg lays out and renders every glyph of every string at every save; printed
    values repeat across panels and documents ("47.3"), so each string is
    rendered once per process and then only copied into place. This uses the
    FreeType font object's bitmap calls (private matplotlib API of the pinned
    version); :meth:`Labels.draw` falls back to the public ``draw_text`` without it.
    """
    from matplotlib.backends.backend_agg import get_hinting_flag

    key = (renderer.dpi, size, text)
    hit = _BITMAPS.get(key)
    if hit is None:
        font = renderer._prepare_font(prop)
        font.set_text(text, 0, flags=get_hinting_flag())
        font.draw_glyphs_to_bitmap(antialiased=True)
        xo, yo = font.get_bitmap_offset()
        hit = (np.asarray(font.get_image()).copy(), xo / 64.0, yo / 64.0, font.get_descent() / 64.0)
        if len(_BITMAPS) > 50_000:
            _BITMAPS.clear()
        _BITMAPS[key] = hit
    return hit


def _fast_agg(renderer) -> bool:
    from matplotlib.backends.backend_agg import RendererAgg

    return isinstance(renderer, RendererAgg) and hasattr(renderer, "_prepare_font")


class Labels(Artist):
    """Texts anchored on data positions: ``(x, y, text, colour)`` per label.

    ``ha`` and ``va`` say which point of the text sits on the position (as for
    ``Text``), ``offset`` moves every label by a distance in points.
    """

    zorder = 3

    def __init__(self, ha: str = "center", va: str = "center", offset=(0.0, 0.0)) -> None:
        super().__init__()
        self._labels: list[tuple[float, float, str, tuple]] = []
        self._size = 7.0
        self._prop = FontProperties(size=self._size)
        self.ha, self.va, self.offset = ha, va, offset

    def set_labels(self, labels, size: float) -> None:
        self._labels = [(x, y, s, to_rgba(colour)) for x, y, s, colour in labels if s]
        if size != self._size:
            self._size = size
            self._prop = FontProperties(size=size)
        self.stale = True

    @property
    def labels(self) -> list[tuple[float, float, str, tuple]]:
        return list(self._labels)

    def _anchor(self, x: float, y: float, w: float, h: float, d: float) -> tuple[float, float]:
        """Left end and baseline (y up) of a text of extent (w, h, d) anchored at (x, y)."""
        left = {"center": x - w / 2, "right": x - w, "left": x}[self.ha]
        base = {"center": y - h / 2 + d, "top": y - h + d, "bottom": y + d}[self.va]
        return left, base

    def draw(self, renderer) -> None:
        if not self.get_visible() or not self._labels:
            return
        renderer.open_group("labels", gid=self.get_gid())
        points = self.axes.transData.transform([(x, y) for x, y, _, _ in self._labels])
        dx, dy = (renderer.points_to_pixels(v) for v in self.offset)
        gc = renderer.new_gc()
        prop = self._prop
        fast = _fast_agg(renderer)
        # renderers take y from the top edge, as Text.draw gives it them
        height = renderer.get_canvas_width_height()[1] if renderer.flipy() else None
        for (x, y), (_, _, text, colour) in zip(points, self._labels, strict=True):
            w, h, d = style.text_extent(renderer, text, prop)
            gc.set_foreground(colour, isRGBA=True)
            left, base = self._anchor(x + dx, y + dy, w, h, d)
            if height is not None:
                base = height - base
            if fast:
                image, xo, yo, descent = _agg_bitmap(renderer, text, prop, self._size)
                renderer._renderer.draw_text_image(
                    image, round(left + xo), round(base + yo + descent) + 1, 0, gc
                )
            else:
                renderer.draw_text(gc, left, base, text, prop, 0)
        gc.restore()
        renderer.close_group("labels")
        self.stale = False
