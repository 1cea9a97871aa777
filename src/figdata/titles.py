"""Which panels a sentence names, by their titles: one rule for the parser and the stats.

The parser reads which panel an observation is about; the stats stage resolves
the words a claim about several panels keeps (``subject``). Both ask this module,
so they cannot disagree. No pandas, no parser: cheap to import.
"""

from __future__ import annotations

import re
from functools import lru_cache

_MARKUP = re.compile(r"\*\*|__|`|\\")
_WORD = re.compile(r"[a-z0-9@]+")


@lru_cache(maxsize=1 << 16)
def fold(text: str) -> str:
    """Markup, case, the typographic minus and runs of space folded away."""
    text = _MARKUP.sub("", text).replace("\u2212", "-").casefold()
    return re.sub(r"\s+", " ", text).strip(" \t\"'.,;:")


def words(text: str) -> set[str]:
    """The words of a text, apostrophes dropped ("AIME'24" -> "aime24")."""
    return set(_WORD.findall(fold(text).replace("'", "").replace("’", "")))


def own_words(titles: list[str | None]) -> list[set[str]]:
    """Each title's words that not every title shares ("aime24" of "R1-Qwen | AIME24")."""
    sets = [words(t) if t else set() for t in titles]
    common = set.intersection(*sets) if len(sets) > 1 else set()
    return [w - common for w in sets]


#: a parameter setting in prose: "T=1.0", "ratio = 0.3"
_SETTING = re.compile(r"\b([a-z][a-z_]*)\s*=\s*(-?\d+(?:\.\d+)?)(?![\d.]*\d)")
#: a word of a title followed by a number: "Temperature: 1.0", "T = 1.25"
_TITLE_SETTING = re.compile(r"\b([a-z][a-z_]*)\s*[:=]?\s*(-?\d+(?:\.\d+)?)(?![\d.]*\d)")


def panels_named(text: str, titles: list[str | None]) -> list[int]:
    """Indexes of the panels whose title ``text`` names: whole, failing that by all of
    the title's own words, failing that by a setting ("T=1.0" names the panel titled
    "... Temperature: 1.0", a word the name begins and the same number)."""
    key = fold(text)
    hits = [i for i, t in enumerate(titles) if t and fold(t) and fold(t) in key]
    if not hits:
        found = words(text)
        hits = [i for i, own in enumerate(own_words(titles)) if own and own <= found]
    if not hits:
        hits = _panels_by_setting(key, titles)
    return hits


def _panels_by_setting(key: str, titles: list[str | None]) -> list[int]:
    settings = [(name, float(number)) for name, number in _SETTING.findall(key)]
    if not settings:
        return []
    hits = []
    for i, title in enumerate(titles):
        pairs = _TITLE_SETTING.findall(fold(title)) if title else []
        if any(
            word.startswith(name) and float(number) == value
            for name, value in settings
            for word, number in pairs
        ):
            hits.append(i)
    return hits
