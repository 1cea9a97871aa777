"""The words a panel's own text puts in front of one axis's ticks: "Layer 16", "k=16".

A description often names an axis only where it uses it ("| Layer 12 | ...", "Window 2000:",
"k=4") while its axis lines give no label the parser could read. A word that stands before
ticks of one axis only, and never before a tick of the other, names that axis; ticks that
both axes share ("16" for layer and for k) are no evidence either way.
"""

from __future__ import annotations

import re
from collections import Counter

from figdata.parse.text import strip_markdown

# a word, then an optional "=" or ":", then a number: "Layer 12", "k=4", "Window: 500"
_NAMED_NUMBER = re.compile(r"([A-Za-z][\w-]*)\s*(?:=|:)?\s*([+\-]?\d+(?:\.\d+)?%?)(?![\w.])")


def learned(ctx) -> dict[str, frozenset[str]]:
    """{"x": words, "y": words} read from the panel's lines (cached on the context)."""
    if ctx.learned_names is None:
        ctx.learned_names = _learn(
            [strip_markdown(it.text) for it in ctx.items], ctx.x.ticks, ctx.y.ticks
        )
    return ctx.learned_names


def _learn(texts: list[str], x_ticks: list[str], y_ticks: list[str]) -> dict[str, frozenset[str]]:
    only_x, only_y = set(x_ticks) - set(y_ticks), set(y_ticks) - set(x_ticks)
    votes: dict[str, Counter] = {"x": Counter(), "y": Counter()}
    for text in texts:
        for m in _NAMED_NUMBER.finditer(text):
            word, tick = m.group(1).casefold(), m.group(2)
            if tick in only_x:
                votes["x"][word] += 1
            elif tick in only_y:
                votes["y"][word] += 1
    return {
        axis: frozenset(w for w, n in votes[axis].items() if n >= 2 and w not in votes[other])
        for axis, other in (("x", "y"), ("y", "x"))
    }
