"""Small text helpers shared by the recognisers: markup removal and splitting."""

from __future__ import annotations

import re
from functools import lru_cache

from figdata.parse import lexicon

MINUS = "\u2212"
_BOLD = re.compile(r"\*\*|__")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)([^*]+?)(?<!\s)\*(?![\w*])")
_CODE = re.compile(r"`([^`]*)`")


@lru_cache(maxsize=1 << 14)
def rx(pattern: str, flags: int = 0) -> re.Pattern:
    """A compiled pattern built from a document's words (ticks, labels), compiled once.

    ``re`` keeps only a few hundred patterns; a corpus has thousands of tick names.
    """
    return re.compile(pattern, flags)


@lru_cache(maxsize=1 << 16)
def strip_markdown(text: str) -> str:
    """Remove emphasis, code ticks, backslash escapes and pictographs; keep HTML verbatim."""
    # ("❄ **10 °C**", "🔥 45 °C": a pictograph decorates a name, it is no part of it)
    text = _PICTOGRAPHS.sub("", text)
    text = _CODE.sub(r"\1", text)
    text = _BOLD.sub("", text)
    text = _ITALIC.sub(r"\1", text)
    text = re.sub(r"\\([_*`\\|#\[\]()])", r"\1", text)
    return text.strip()


# (a block or shape before a name is its swatch, "▇ BM25"; alone, "■" marks a masked cell)
_PICTOGRAPHS = re.compile(
    r"[\u2600-\u27bf\U0001f000-\U0001faff]\ufe0f?\s?|[\u2580-\u25ff](?:\s+(?=[^\W\d]))"
)
_REMARK = re.compile(r"\s*\([^()]*\)")
#: nothing but a remark in brackets and a colon: "(left to right):", "(median of 5 runs)", ":"
REMARK_ONLY = re.compile(r"\s*(?:\([^()]*\))?\s*:?\s*")


def drop_remarks(text: str) -> str:
    """The text without its remarks in brackets: "Data Points (approximate)" -> "Data Points"."""
    return _REMARK.sub(" ", text).strip()


@lru_cache(maxsize=1 << 16)
def norm(text: str) -> str:
    """A comparison key: no markup, folded case, single spaces, ASCII minus."""
    text = strip_markdown(text).replace(MINUS, "-").casefold()
    return re.sub(r"\s+", " ", text).strip(" \t\"'.,;:")


_NESTS = re.compile(r'[(\[{)\]}"]')


@lru_cache(maxsize=64)
def _any_of(chars: str) -> re.Pattern:
    return re.compile(f"[{re.escape(chars)}]")


def split_top(text: str, seps: str = ",", quotes: bool = True) -> list[str]:
    """Split on separators that are outside parentheses, brackets and quotes."""
    if not _NESTS.search(text):
        # nothing nests: every separator splits (most lines are plain)
        return text.split(seps) if len(seps) == 1 else _any_of(seps).split(text)
    parts, depth, buf, quote = [], 0, [], False
    for ch in text:
        if quotes and ch == '"' and depth == 0:
            quote = not quote
        if not quote:
            if ch in "([{":
                depth += 1
            elif ch in ")]}" and depth:
                depth -= 1
            elif ch in seps and depth == 0:
                parts.append("".join(buf))
                buf = []
                continue
        buf.append(ch)
    parts.append("".join(buf))
    return parts


def find_top(text: str, needle: str, then: str | None = None) -> int:
    """Index of the first ``needle`` outside parentheses, or -1.

    With ``then``, the needle must end the text or be followed by one of its characters.
    """
    depth, scanned = 0, 0
    i = text.find(needle)
    while i >= 0:
        # only the stretch since the last candidate changes the nesting depth
        for ch in text[scanned:i]:
            if ch in "([{":
                depth += 1
            elif ch in ")]}" and depth:
                depth -= 1
        scanned = i
        end = i + len(needle)
        if depth == 0 and (then is None or end == len(text) or text[end] in then):
            return i
        i = text.find(needle, i + 1)
    return -1


def quoted(text: str) -> list[str]:
    """Strings in double quotes, typographic quotes or backticks.

    The quotes of an HTML tag's attributes (`<div class="figure-desc">`) quote no name.
    """
    masked = _TAG_WITH_ATTRIBUTES.sub(lambda m: m.group(0).replace('"', "\x00"), text)
    return [
        text[m.start(m.lastindex) : m.end(m.lastindex)]
        for m in re.finditer(r"\"([^\"]+)\"|“([^”]+)”|`([^`]+)`", masked)
    ]


_TAG_WITH_ATTRIBUTES = re.compile(r"<[A-Za-z][\w-]*\s[^<>]*=[^<>]*>")


NUMBER_WORDS = lexicon.NUMBER_WORDS


def triangle_shape(lengths: list[int]) -> str | None:
    """'lower' when rows hold 1, 2, ..., n values (n >= 3), 'upper' for n, ..., 1: one triangle
    of a symmetric matrix."""
    n = len(lengths)
    if n < 3:
        return None
    if lengths == list(range(1, n + 1)):
        return "lower"
    return "upper" if lengths == list(range(n, 0, -1)) else None


def is_bold_only(text: str) -> bool:
    """ "**Panel 1 — HCT116**", "**Linear probe**:": one bold name and nothing else."""
    return _BOLD_ONLY.fullmatch(text.strip()) is not None


_BOLD_ONLY = re.compile(r"\*\*[^*]+\*\*:?")


# "06:00", "17:30": a time of day, whose numbers are neither ticks apart nor values
CLOCK = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?![\d:])")


def abbreviates(short: str, word: str) -> bool:
    """ "temp" and "tmp" for "temperature": same first letter, the rest in order within it."""
    if short[0] != word[0] or len(short) >= len(word):
        return word == short
    rest = iter(word[1:])
    return all(ch in rest for ch in short[1:])
