"""matplotlib settings every figure is drawn with: fixed fonts, sizes and file metadata.

The SVG keeps its text as text (``svg.fonttype: none``): it stays small and
searchable, prints sharply, and a test can read every printed value back.
``svg.hashsalt`` fixes the ids of clip paths, so the same figure gives the same
bytes; the writers in :mod:`figdata.figures.output` drop dates and versions.
"""

from __future__ import annotations

RC = {
    "font.family": "DejaVu Sans",
    "font.size": 8,
    "axes.titlesize": 9,
    "axes.labelsize": 8,
    "xtick.labelsize": 7.5,
    "ytick.labelsize": 7.5,
    "text.parse_math": False,
    "svg.fonttype": "none",
    "svg.hashsalt": "figdata",
    "path.simplify": True,
    "image.interpolation": "nearest",
    "hatch.linewidth": 0.6,
    "hatch.color": "#b9b9b9",
    "figure.facecolor": "white",
    "savefig.facecolor": "white",
}

#: defaults of the user's figure settings (config key ``figures``)
DEFAULTS = {"cmap": "viridis", "diverging_cmap": "RdBu_r", "dpi": 100}

#: colours of positions that hold no value
NO_VALUE_FACE = "#efefef"
NO_VALUE_TEXT = "#555555"
#: what a position without a value prints: stated missing, quarantined, not stated
GLYPHS = {1: "—", 2: "✕", 3: ""}


def apply() -> None:
    """Switch matplotlib to the Agg backend and figdata's settings (idempotent)."""
    import matplotlib

    matplotlib.use("Agg", force=True)
    matplotlib.rcParams.update(RC)
    _share_text_metrics()


#: the matplotlib modules the drawing code imports when it first draws or saves a figure
DRAWING_MODULES = (
    "matplotlib.backends.backend_agg",
    "matplotlib.backends.backend_svg",
    "matplotlib.colors",
    "matplotlib.figure",
    "matplotlib.patches",
    "matplotlib.ticker",
    "PIL.Image",
)


def preload() -> None:
    """:func:`apply`, and import what the first figure would import (0.3 s at least).

    A process forked to draw calls this while it waits for its data, so that the
    imports are not paid when the drawing starts.
    """
    import importlib

    apply()
    for name in DRAWING_MODULES:
        importlib.import_module(name)


def _share_text_metrics() -> None:
    """Measure each text once per process rather than once per saved file.

    matplotlib caches a text's extent per renderer *instance*, and every
    ``savefig`` makes a new renderer: the same "47.3" in the same font is measured
    again for every file, and measuring was the largest single cost of saving a
    figure (about 40 % of it in the profile of bench/figures.py). The extent
    depends only on the kind of renderer, its resolution, the string and the
    font, so one cache keyed by those serves every file. The hook is private
    matplotlib API (pinned version); without it figures are the same, only slower.
    """
    from matplotlib import text

    if getattr(text, "_figdata_shared_metrics", False) or not hasattr(
        text, "_get_text_metrics_with_cache"
    ):
        return

    def cached(renderer, string, fontprop, ismath, dpi):
        return text_extent(renderer, string, fontprop, ismath, dpi)

    text._get_text_metrics_with_cache = cached
    text._figdata_shared_metrics = True


_METRICS: dict = {}


def text_extent(renderer, string: str, fontprop, ismath=False, dpi=None):
    """(width, height, descent) of ``string`` in ``fontprop`` for ``renderer``, measured
    once per process for each kind of renderer, resolution, string and font."""
    prop = fontprop.copy()
    key = (type(renderer), getattr(renderer, "dpi", None), string, prop, ismath, dpi)
    hit = _METRICS.get(key)
    if hit is None:
        hit = renderer.get_text_width_height_descent(string, prop, ismath=ismath)
        if len(_METRICS) > 200_000:
            _METRICS.clear()
        _METRICS[key] = hit
    return hit


def settings(user: dict | None = None) -> dict:
    """The figure settings: the defaults overridden by the user's."""
    merged = dict(DEFAULTS)
    merged.update({k: v for k, v in (user or {}).items() if v is not None})
    return merged
