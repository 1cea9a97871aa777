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


def settings(user: dict | None = None) -> dict:
    """The figure settings: the defaults overridden by the user's."""
    merged = dict(DEFAULTS)
    merged.update({k: v for k, v in (user or {}).items() if v is not None})
    return merged
