"""Text that is safe to print on a figure: any title or tick a document holds.

Document text is data. It may be 5,000 characters long, hold HTML, right-to-left
script, control characters or emoji that the font cannot draw. Everything that
reaches matplotlib goes through :func:`fit`, which bounds its width and height
in characters so it cannot overflow the figure, and replaces characters the font
lacks so that no glyph warning fires and the output stays the same everywhere.
"""

from __future__ import annotations

import math
import re
import textwrap
import unicodedata
from functools import cache

ELLIPSIS = "…"
MISSING_GLYPH = "\ufffd"
_SPACE = re.compile(r"\s+")
_APPROX = re.compile(r"^(?:approximately|approx\.?|about|around|roughly|~|≈)\s*", re.I)
#: widest printed cell label; longer spellings fall back to the number itself
MAX_CELL_LABEL = 7


@cache
def _font_charmap() -> frozenset[int]:
    from matplotlib import font_manager, ft2font

    path = font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans"))
    return frozenset(ft2font.FT2Font(path).get_charmap())


def _printable(ch: str) -> str:
    if ch in "\t\n\r":
        return " "
    category = unicodedata.category(ch)
    if category in ("Cc", "Cf", "Cs", "Co", "Cn"):
        # bidi overrides, zero-width joiners, controls: invisible and harmful to layout
        return ""
    return ch if ord(ch) in _font_charmap() else MISSING_GLYPH


def clean(text: object) -> str:
    """``text`` on one line, printable in the figure font, whitespace collapsed."""
    if text is None or (isinstance(text, float) and math.isnan(text)):
        return ""
    raw = str(text)
    if len(raw) > 20_000:
        # bounded before the per-character work; fit() shortens far more anyway
        raw = raw[:20_000]
    return _SPACE.sub(" ", "".join(_printable(ch) for ch in raw)).strip()


def width(text: str) -> int:
    """Width in character cells: East Asian wide characters count twice."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _cut(text: str, limit: int) -> str:
    """``text`` shortened to ``limit`` cells, ending with an ellipsis when cut."""
    if width(text) <= limit:
        return text
    out, used = [], 0
    for ch in text:
        w = width(ch)
        if used + w > limit - 1:
            break
        out.append(ch)
        used += w
    return "".join(out).rstrip() + ELLIPSIS


def fit(text: object, columns: int, lines: int = 1) -> str:
    """``text`` wrapped to at most ``lines`` lines of ``columns`` cells, with an ellipsis if cut."""
    columns = max(4, int(columns))
    flat = clean(text)
    if lines <= 1 or width(flat) <= columns:
        return _cut(flat, columns)
    # wrap by characters, then bound each line by its display width
    wrapped = textwrap.wrap(flat, columns, break_long_words=True, break_on_hyphens=True)
    kept = [_cut(line, columns) for line in wrapped[:lines]]
    if len(wrapped) > lines:
        kept[-1] = _cut(kept[-1] + " " + wrapped[lines], columns)
        if not kept[-1].endswith(ELLIPSIS):
            kept[-1] = _cut(kept[-1], width(kept[-1]) - 1)
    return "\n".join(kept)


def number(value: float) -> str:
    """A compact spelling of a number for a cell: at most four significant digits."""
    if value == 0:
        return "0"
    if abs(value) >= 1e5 or abs(value) < 1e-3:
        return f"{value:.2g}"
    return f"{value:.4g}"


def cell_label(value: float, value_text: object) -> str:
    """What a cell prints: the document's spelling, short of words such as "approximately"."""
    text = clean(value_text)
    text = _APPROX.sub("", text)
    if 0 < len(text) <= MAX_CELL_LABEL:
        return text
    return number(value)
