"""Account for every number of the data part: each one ends in exactly one place.

A number printed in the data part of a description is a cell value, a tick (``Window 3000``),
a position (``Row 2``), part of a claim or summary line, a colour-bar bound, or sits on a line
whose values were set aside with a finding (a ragged or truncated row, a duplicate). Whatever
is none of these is an ``unplaced_number`` finding: silent loss becomes visible, and the count
per document is the parser's own alarm that it misread something.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from figdata.parse import lexicon
from figdata.parse.findings import finding
from figdata.parse.text import strip_markdown
from figdata.parse.ticks import BIN, match_tick, resolve
from figdata.parse.values import to_float

# a number standing on its own: not inside a name such as "Llama-3-8B", "WMT14" or "2x4"
NUMBER_TOKEN = re.compile(
    r"(?<![\w.\-/−@#])[+\-−]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+\-−]?\d+)?(?![\w.]\d|[\w])%?"
)
_DIGIT = re.compile(r"\d")
_GRID_SIZE = re.compile(r"\d+\s*(?:×|x|by)\s*\d+\b")
_GRID_SIZE_END = re.compile(r"\d+\s*(?:×|x|by)\s*\d+$")
#: line findings whose values were set aside on purpose: their numbers are accounted for
SET_ASIDE = frozenset({"ragged_row", "truncated", "duplicate_cell", "conflict_with_summary"})
_POSITION = re.compile(
    rf"\b(?:row|column|col|cell|panel|position|entry|item|subplot|chart|figure)s?\s*#?\s*$|"
    rf"{lexicon.ORDINAL.pattern}\s*$",
    re.I,
)


def numbers(text: str) -> list[re.Match]:
    return list(NUMBER_TOKEN.finditer(text))


def number_value(token: str) -> float | None:
    try:
        return to_float(token.rstrip("%"))
    except ValueError:
        return None


def unplaced(panel, ctx, claim_lines: set[int], colours: Iterable[float]) -> list[dict]:
    """``unplaced_number`` findings for one panel, one per number that found no place."""
    set_aside = {f["line"] for f in ctx.findings if f["kind"] in SET_ASIDE}
    bounds = set(colours)
    # the numbers each line's cells used, as spelled ("71 ± 2" uses 71 and 2)
    used: dict[int, list[float]] = {}
    for cell in ctx.cells:
        spelled = [
            v for m in numbers(cell["value_text"]) if (v := number_value(m.group(0))) is not None
        ]
        used.setdefault(cell["line"], []).extend(spelled or [cell["value"]])
    ticks = [t for t in (ctx.x.ticks, ctx.y.ticks) if t]
    axes = [a for a in (ctx.x, ctx.y) if a.ticks]
    out = []
    for item in panel.items:
        if item.kind == "heading" or item.line in set_aside or item.line in claim_lines:
            continue
        if not _DIGIT.search(item.text):
            continue
        if item.label and lexicon.SUMMARY.search(item.label):
            continue  # a summary line: its numbers are the claim's, kept or not
        if lexicon.COLOUR_BAR.search(item.text):
            continue  # the colour bar's range and ticks
        text = strip_markdown(item.text)
        left = list(used.get(item.line, ()))
        for m in numbers(text):
            token = m.group(0)
            value = number_value(token)
            if value is None:
                continue
            unit = re.match(r"\s*[^\s\d,;.()]+", text[m.end() :])  # "4 MB", "30 min"
            if value in left:
                if unit and any(match_tick(token + unit.group(0), t) is not None for t in ticks):
                    continue  # a tick with its unit ("5 cm"); the value 5.0 is still to come
                left.remove(value)
                continue
            if value in bounds:
                continue
            spelled = [token] + ([token + unit.group(0)] if unit else [])
            # ("Level 2–3: 26": both ends of a bin that is a tick)
            spelled += [b.group(0) for b in BIN.finditer(text) if b.start() <= m.start() < b.end()]
            if any(match_tick(s, t) is not None for s in spelled for t in ticks):
                continue
            named = re.search(r"([A-Za-z][\w-]*)\s*[=:]?\s*$", text[: m.start()])  # "Head 1"
            if named and any(resolve(named.group(1) + " " + token, a) for a in axes):
                continue
            if _GRID_SIZE.match(text, m.start()) or _GRID_SIZE_END.search(text[: m.end()]):
                continue  # "a 4 × 4 matrix", "3 x 7 per panel": the size of the grid
            if _POSITION.search(text[: m.start()]):
                continue
            detail = f"the number {token} is not placed as a cell, tick, claim or colour-bar bound"
            out.append(
                finding(
                    "unplaced_number",
                    "warning",
                    detail,
                    panel=ctx.panel,
                    line=item.line,
                    raw=item.text[:500],
                )
            )
    return out
