"""Axis descriptions: labels, declared ticks and the edge the y list starts from."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from figdata.parse.text import NUMBER_WORDS, split_top, strip_markdown
from figdata.parse.values import NUM, to_float

MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
COLOUR_WORDS = (
    r"white|black|gr[ae]y|red|orange|yellow|green|blue|purple|violet|navy|teal|cream|brown|"
    r"pink|cyan|magenta|lavender|pale|dark|light|bright|deep|mid|medium|line|marker|bar|hatched"
)
_X = re.compile(r"\b(?:x[- ]?axis|horizontal axis|columns?)\b", re.I)
_Y = re.compile(r"\b(?:y[- ]?axis|vertical axis|rows?)\b", re.I)
_LEGEND = re.compile(r"\b(?:legend|series)\b", re.I)
_COLOURBAR = re.compile(r"colou?r[- ]?(?:bar|scale|legend|map|mapping|gradient)s?|\bscale\b", re.I)


@dataclass
class Axis:
    label: str | None = None
    ticks: list[str] = field(default_factory=list)
    order: str | None = None  # top-to-bottom | bottom-to-top | legend
    same_as_other: bool = False


def _first_sentence(text: str) -> str:
    # a period followed by a space and a capital ends a sentence; "0.6." does not
    m = re.search(r"\.\s+(?=[A-Z(])", text)
    return text[: m.start()] if m else text


def axis_label(body: str) -> tuple[str | None, str]:
    """The axis name (quoted or leading phrase) and the rest of the description."""
    m = re.search(r"\"([^\"]+)\"|`([^`]+)`|'([^']+)'|“([^”]+)”", body)
    if m and m.start() < 40:
        label = next(g for g in m.groups() if g)
        return strip_markdown(label), body[: m.start()] + " " + body[m.end() :]
    m = re.match(r"^\s*([A-Za-zα-ωΑ-Ω][^(),;:]*?)\s*\(([^()]*,[^()]*)\)\s*(.*)$", body)
    if m and len(m.group(1).split()) <= 6:
        # "Head (1, 2, 3)": the ticks in parentheses after the name
        return strip_markdown(m.group(1)).strip(), m.group(2)
    m = re.match(r"^\s*([^,;:—–]+?)\s*(?:[—–]|\s-\s|:)\s*(\S.*)$", body)
    if m and not re.search(r"\d", m.group(1)) and len(m.group(1).split()) <= 6:
        label = strip_markdown(m.group(1)).strip()
        if not re.match(r"(?i)(the same|from|ticks?|labels?|listed|integer|values?)\b", label):
            return label, m.group(2)
    m = re.match(r"^\s*([^,;:]+?)(?:\s+with\b|,|;|:|$)", body)
    described = re.search(
        r"\b(?:ticks?|labels?|labell?ed|listed|values?|from|with|categories|markers?|range|"
        r"ranging|linear|log|scale)\b|:",
        body[m.end(1) :] if m else "",
        re.I,
    )
    if m and described and len(m.group(1).split()) <= 6 and not re.search(r"\d", m.group(1)):
        label = strip_markdown(m.group(1))
        if not re.match(r"(?i)(the same|from|ticks?|labels?|listed|integer)\b", label):
            return label, body[m.end(1) :]
    return None, body


_LEAD = re.compile(
    r"^.*?\b(?:ticks?(?:\s+labels?)?(?:\s+are)?(?:\s+at)?(?:\s+values)?|labels?|labell?ed|values?|"
    r"markers?(?:\s+at)?|groups|classes|tokens|categories|series|levels|(?:from\s+)?(?:top|bottom|left|right)\s+to\s+"
    r"(?:top|bottom|left|right))\s*:?\s+",
    re.I,
)
_TRAIL = re.compile(
    r"\s*(?:\([^)]*\b(?:top|bottom|left|right)\s+to\s+(?:top|bottom|left|right)[^)]*\)|,?\s*(?:from\s+)?"
    r"(?:top|bottom|left|right)\s+to\s+(?:top|bottom|left|right)\b.*)$",
    re.I,
)


_NOT_TICKS = {
    "ordered",
    "running",
    "listed",
    "drawn",
    "read",
    "arranged",
    "sorted",
    "linear",
    "log",
    "log scale",
    "incrementing",
    "increasing",
    "decreasing",
    "rotated",
    "shown",
    "labelled",
    "labeled",
    "respectively",
    "etc",
    "each",
    "in the same order",
    "evenly spaced",
}


def _clean_tick(item: str) -> str:
    item = strip_markdown(item).strip().rstrip(".;").strip()
    item = re.sub(r"^(?:and|or)\s+", "", item)
    item = _TRAIL.sub("", item).strip().rstrip(".;").strip()
    # a trailing remark in parentheses that describes colour or style, not the tick
    m = re.match(r"^(.*\S)\s*\(([^()]*)\)$", item)
    if m and (re.search(rf"\b(?:{COLOUR_WORDS})", m.group(2), re.I) or len(m.group(2).split()) > 2):
        item = m.group(1).strip()
    if len(item) >= 2 and item[0] == item[-1] and item[0] in "\"'`":
        item = item[1:-1]
    m = re.match(r"^[A-Za-z_][\w ]{0,20}?\s*=\s*(\S.*)$", item)
    if m:
        item = m.group(1)
    return item.strip()


def _looks_like_tick(item: str) -> bool:
    words = item.split()
    if not words or len(words) > 4 or len(item) > 60:
        return False
    return item.lower() not in _NOT_TICKS


def _expand_range(text: str) -> list[str]:
    m = re.search(
        r"(?:from\s+)?(?<![\d.])(-?\d+)\s*(?:to|-|–|through)\s*(-?\d+)(?!\.\d|\d)", text, re.I
    )
    if m:
        lo, hi = int(m.group(1)), int(m.group(2))
        if 0 < hi - lo <= 200:
            return [str(v) for v in range(lo, hi + 1)]
    m = re.search(r"\b([A-Za-z]{3,9})\s+(?:through|to|-|–)\s+([A-Za-z]{3,9})\b", text)
    if m:
        a, b = m.group(1)[:3].lower(), m.group(2)[:3].lower()
        if a in MONTHS and b in MONTHS and MONTHS.index(a) < MONTHS.index(b):
            names = MONTHS[MONTHS.index(a) : MONTHS.index(b) + 1]
            return [n.capitalize() for n in names]
    return []


def _runs(text: str) -> list[tuple[bool, list[str]]]:
    """Runs of consecutive tick-like list items; a run may open with a lead phrase."""
    runs: list[tuple[bool, list[str]]] = []
    current: list[str] = []
    keyed = False
    for part in split_top(text, ",", quotes=False):
        if not part.strip():
            continue
        lead = _LEAD.match(part)
        after = part[lead.end() :].strip() if lead else ""
        if lead and after and not after.startswith("("):
            if current:
                runs.append((keyed, current))
            tick = _clean_tick(part[lead.end() :])
            current, keyed = ([tick] if _looks_like_tick(tick) else []), True
            continue
        tick = _clean_tick(part)
        if _looks_like_tick(tick):
            current.append(tick)
        else:
            if current:
                runs.append((keyed, current))
            current, keyed = [], False
    if current:
        runs.append((keyed, current))
    return runs


def _segments(rest: str) -> list[str]:
    rest = re.sub(r"^\s*(?:labell?ed|labeled)\s*[.:,]?\s*", "", rest.strip(), flags=re.I)
    pieces = re.split(r"(?<=[a-z)\]`\"'])\.\s+(?=[A-Z(`])|;", rest)
    return [p for p in pieces if p.strip(" .,")]


def tick_list(rest: str) -> list[str]:
    """The ticks a description lists, in the order it lists them."""
    for segment in _segments(rest):
        colon = segment.rfind(":")
        texts = [segment[colon + 1 :]] if colon >= 0 else []
        texts.append(segment)
        for text in texts:
            runs = [r for r in _runs(text) if len(r[1]) >= 2]
            if runs:
                keyed, run = max(runs, key=lambda r: (r[0], len(r[1])))
                if len(run) == 2 and _expand_range(segment):
                    return _expand_range(segment)
                return run
        if expanded := _expand_range(segment):
            return expanded
    return []


def tick_order(text: str, ticks: list[str]) -> str | None:
    t = text.lower()
    if re.search(r"bottom[- ]to[- ]top|upward|bottom row first", t):
        return "bottom-to-top"
    if re.search(r"top[- ]to[- ]bottom|downward|from the top", t):
        return "top-to-bottom"
    m = re.search(r"([\w.%-]+)\s+(?:is\s+)?at the bottom", text) or re.search(
        r"([\w.%-]+)\s+is the bottom row", text
    )
    if m and ticks:
        token = m.group(1)
        if token == ticks[0] or token.endswith(ticks[0]):
            return "bottom-to-top"
        if token == ticks[-1]:
            return "top-to-bottom"
    m = re.search(r"([\w.%-]+)\s+(?:is\s+)?at the top", text)
    if m and ticks:
        if m.group(1) == ticks[0]:
            return "top-to-bottom"
        if m.group(1) == ticks[-1]:
            return "bottom-to-top"
    return None


def parse_axis(body: str, with_label: bool = True) -> Axis:
    label, rest = axis_label(body) if with_label else (None, body)
    head = re.split(r"[;.]\s", rest)[0]
    if re.search(r"\bthe same\b", head, re.I) and not re.search(r"\d", head):
        return Axis(label=label, order=tick_order(body, []), same_as_other=True)
    ticks = tick_list(rest)
    return Axis(label=label, ticks=ticks, order=tick_order(body, ticks))


def axis_role(label: str) -> str | None:
    if _COLOURBAR.search(label):
        return None
    if _LEGEND.search(label):
        return "legend"
    if re.search(r"panel|title|grid|cell|size|layout|annotation|dimension", label, re.I) and not (
        re.search(r"axis", label, re.I)
    ):
        return None
    if _LEGEND.search(label):
        return "legend"
    if re.search(r"\by\b|vertical|rows?\b", label, re.I) and _Y.search(label):
        return "y"
    if _X.search(label):
        return "x"
    if _Y.search(label):
        return "y"
    return None


def is_colourbar_label(label: str) -> bool:
    return bool(_COLOURBAR.search(label))


_RANGE = re.compile(
    rf"(?:from\s+)?(?:~|about\s+|approximately\s+|roughly\s+|≈)?(?P<lo>{NUM})\s*%?"
    rf"(?:\s*[^\d\s,;()~≈]{{1,12}})?(?:\s*\([^)]*\))?"
    rf"(?:\s+through\s+[^;]*?)?\s*(?:to|–|—)\s*(?:~|about\s+|≈)?(?P<hi>{NUM})",
    re.I,
)


def colour_ranges(text: str) -> list[tuple[float, float]]:
    """Every numeric range in a colour-bar description, in order."""
    out = []
    for m in _RANGE.finditer(text):
        lo, hi = to_float(m.group("lo")), to_float(m.group("hi"))
        out.append((min(lo, hi), max(lo, hi)))
    return out


def colour_metric(text: str) -> str | None:
    m = re.search(r"(?:labell?ed|titled)\s+(?:\"([^\"]+)\"|`([^`]+)`|(\S+))", text)
    if m:
        return strip_markdown(next(g for g in m.groups() if g)).rstrip(".,;")
    m = re.search(r"\"([^\"]+)\"|`([^`]+)`", text)
    if m:
        return strip_markdown(next(g for g in m.groups() if g))
    return None


def panel_count(text: str) -> int | None:
    """How many panels an overview announces ("four heatmaps", "2 × 3 grid")."""
    m = re.search(r"(\d)\s*[×x]\s*(\d)\s+grid\s+of\s+(?:\w+\s+)?(?:heatmaps|panels|charts)", text)
    if m:
        return int(m.group(1)) * int(m.group(2))
    words = "|".join(NUMBER_WORDS)
    m = re.search(
        rf"\b({words}|\d+)\s+(?:[\w-]+\s+){{0,2}}(?:heatmaps|panels|charts|subplots|plots|"
        r"maps|matrices|bar charts)\b",
        text,
        re.I,
    )
    if m:
        word = m.group(1).lower()
        return NUMBER_WORDS.get(word) or int(word)
    if re.search(
        r"\b(?:single|one)\s+(?:[\w-]+\s+){0,2}(?:heatmap|chart|matrix|map|plot)\b", text, re.I
    ):
        return 1
    return None
