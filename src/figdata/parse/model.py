"""A normalised model of a description: typed lines grouped into zones.

Descriptions of this genre vary in markup but not in shape: a title heading,
an overview, a components/axes part, the data, then observations and an
interpretation. Recognisers work on :class:`Item` objects, never on raw text,
so a new markup variant is handled here once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from figdata.parse import lexicon
from figdata.parse.text import find_top, split_top, strip_markdown
from figdata.parse.values import NUM

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
# (the hollow and square bullets of a nested list too: "◦ Delta — 1480", "▪ 2019")
_LIST = re.compile(r"^(\s*)(?:[*+\-•◦▪‣]|\d{1,2}[.)])\s+(.*)$")
_TABLE = re.compile(r"^\s*\|.*\|?\s*$")
# a key of two members only, before what it keys (a list of values in brackets is no key)
_SQUARE_PAIR = re.compile(r"^\s*\[([^\[\](),]{1,30},[^\[\](),]{1,30})\](?=\s*(?:→|->|:|=))")
# "[1,1] +1.8   [1,2] +2.4", "addressed as [row, column]": positions, written in squares
_SQUARE_INDEX = re.compile(
    r"\[(\d{1,3}\s*,\s*\d{1,3})\](?=\s*[=:→]?\s*[~≈]?[+\-\u2212]?\.?\d)"
    r"|\[((?:row|column|col)\b[^\[\],]{0,20},\s*(?:row|column|col)\b[^\[\],]{0,20})\]"
)
_FENCE = re.compile(r"^\s*(```|~~~)")
# "> **150 °C** (1 h → 48 h): 96, 108": a block quote's marker, as markdown drops it
_QUOTE = re.compile(r"^\s{0,3}(?:>\s?)+")
# a whole line in bold, optionally followed by a remark: "**1. Title** (note)"
_BOLD_LINE = re.compile(r"^\s*\*\*(?P<head>[^*]+?)\*\*(?P<rest>.*)$")
_ARROWS = (" → ", " -> ", " => ", " ⟶ ")
# "Cell (row 1, col 2) = 0.34": a spaced equals sign before the one value
_EQUALS_VALUE = re.compile(
    r"^(.{1,80}?)\s+=\s+([~≈]?[+\-\u2212]?\d[\d.]*(?:[eE][+\-\u2212]?\d+)?\s*%?)\s*$"
)
_DASH_VALUES = re.compile(
    # ("KX-101 — 2.1e-6; 8.5e-7": in scientific notation too)
    r"^(.{1,60}?)\s+[—–-]\s+([~≈]?[+\-\u2212]?\d[\d.]*(?:[eE][+\-\u2212]?\d+)?%?(?:\s*[,;/|]\s*\S+)+)$"
)

# "A*02:01 — 2140": a name, a long dash, one value (and its unit)
# ("Random — 1.1E-4": the value in scientific notation too)
_DASH_ONE_VALUE = re.compile(
    rf"^(.{{1,60}}?)\s+[—–]\s+([~≈]?(?:{NUM}|[+\-\u2212]?\d[\d.,]*)%?(?:\s*[A-Za-zµ°/]{{1,6}})?"
    # ("Ancestral — 2310 (deep indigo)": a remark in brackets after the value)
    r"(?:\s*\([^()\d]*\))?)\s*$"
)
# "2021 — North 44, South 35": a dash before values that each name their tick
_NAMED_VALUE = r"[^\W\d][^,;|:—–]{0,30}?\s+[~≈]?[+\-\u2212]?\d[\d.]*%?"
_DASH_NAMED_VALUES = re.compile(
    rf"^(.{{1,60}}?)\s+[—–-]\s+({_NAMED_VALUE}(?:\s*[,;|]\s*(?:and\s+)?{_NAMED_VALUE})+)\s*\.?$"
)

ZONE_WORDS = [(zone, words) for zone, words, _ in lexicon.ZONE_WORDS]
_ZONE_PATTERNS = [(zone, re.compile(rf"\b(?:{words})")) for zone, words in ZONE_WORDS]
_NUMBERED = re.compile(r"^\s*(?:\d+(?:\.\d+)*[.)]?|[ivx]+\.)\s*")
_BRACKETED = re.compile(r"\([^()]*\)")
NON_DATA = {"title", "overview", "components", "observations", "interpretation"}


@dataclass
class Item:
    line: int
    kind: str  # heading, bold, list, table, code, text
    level: int  # heading depth, or list indentation
    text: str  # the line without its list or heading marker
    zone: str = "title"
    label: str | None = None
    body: str | None = None

    @property
    def clean(self) -> str:
        return strip_markdown(self.text)


def split_label(text: str) -> tuple[str | None, str]:
    """``**Label**: body`` / ``Label: body`` / ``Label -> body`` into (label, body)."""
    m = re.match(r"^\s*\*\*(.+?)\*\*(.*)$", text)
    if m:
        head, rest = m.group(1).strip(), m.group(2).strip()
        if head.endswith(":") or rest.startswith(":") or not rest:
            return head.rstrip(":").strip(), rest.lstrip(":").strip()
        if re.match(r"[—–]\s|-\s", rest):  # "**GEMM** — A100: 91%, H100: 94%"
            return head.strip(), rest[1:].strip()
        if remarked := _REMARK_THEN_DASH.match(rest):
            # "**Reef flat** (orange) — climbs fastest.": the name, its remark, then the body
            return f"{head.strip()} {remarked.group(1)}", remarked.group(2).strip()
    if m := _ITALIC_THEN_DASH.match(text):
        return m.group(2).strip(), m.group(3).strip()  # "*SSP1-2.6* — (2030s, 18.5), ..."
    if m := _AXIS_DASH.match(text):
        # "Horizontal — *Charlson index* with bins `0`, `1–2`": an axis, a long dash (or an
        # equals sign), its description
        return m.group(1).strip(), m.group(2).strip()
    if m := _LEADER_DOTS.match(text):
        return m.group(1).strip(), m.group(2).strip()  # "LRU ........ 0.31": a dot leader
    if m := _DASH_THEN_PAIRS.match(text):
        return m.group(1).strip(), m.group(2).strip()  # "Park — 06:00: −0.4 | 10:00: −0.9"
    colon = find_top(text, ":", then=" *\t")
    if colon >= 0:
        # ("64°N  ::  1970s −0.4 | 1980s −0.3": a doubled colon sets the label off the same)
        label, body = text[:colon].rstrip(": ").strip(), text[colon + 1 :].strip()
        if (opened := re.match(r"[*_]+", label)) and body.startswith(opened.group(0)):
            # "*Columns (x-axis):* Q1, Q2": the label's emphasis closes after the colon
            return f"{label}{opened.group(0)}", body[opened.end() :].strip()
        return label, body
    if m := _TUPLE_THEN_VALUE.match(text):
        return m.group(1).strip(), m.group(2).strip()  # "(Harbourton, Millbridge) 12.6"
    arrowed = any(a in text for a in _ARROWS)
    if arrowed and (m := _PAIR_THEN_SPACED_VALUE.match(text)) and _names_a_pair(m.group(1)):
        # "Hindi → Swahili      41.2": a key pair, spaces, its value (no arrow points at it)
        return m.group(1).strip(), m.group(2).strip()
    for arrow in _ARROWS:
        i = find_top(text, arrow)
        if i > 0:
            return text[:i].strip(), text[i + len(arrow) :].strip()
    # "bright — 92, 88, 95": a dash before a run of values; "MDM2 | TP53 0.62, MDM2 1.00": the
    # one bar of a line sets its name apart
    m = (
        _DASH_VALUES.match(text)
        or _DASH_ONE_VALUE.match(text)
        or _DASH_NAMED_VALUES.match(text)
        or _EQUALS_VALUE.match(text)
        or _BAR_NAME.match(text)
    )
    if m:
        return m.group(1).strip(), m.group(2).strip()
    return None, text.strip()


# a name in italics, a long dash, then its body, as a name in bold
_ITALIC_THEN_DASH = re.compile(r"^\s*([*_])(?!\1)([^*_]+?)\1\s*(?:[—–]|-(?=\s))\s*(\S.*)$")


# ("horizontal = BLOCK_N, ticks 64 / 128 / 256": or an equals sign before a name; "x = 0.05:
# 13.8 | 15.6" is a row keyed by the axis' value)
_PAIR_THEN_SPACED_VALUE = re.compile(r"^(.*\S)(?:\s{2,}|\t)([-−+~≈]?\d[\d.]*\s*%?)\s*$")

# a pair of coordinates in brackets, then its value after a space
_TUPLE_THEN_VALUE = re.compile(rf"^\s*(\([^()]+,[^()]+\))\s+([~≈]?{NUM}\s*%?)\s*\.?\s*$")
PAIR_THEN_VALUE = re.compile(
    r"^\s*([^\W\d][\w-]*\s*(?:→|->|⟶)\s*[^\W\d][\w-]*)(?:\s+|\s*=\s*)([-−+~≈]?\d[\d.]*\s*%?)\s*$"
)


def _names_a_pair(key: str) -> bool:
    """'Hindi → Swahili': two names joined by an arrow, no value among them."""
    for arrow in _ARROWS:
        a, sep, b = key.partition(arrow)
        if sep and a.strip() and b.strip() and not re.search(r"(?:^|\s)[-−+~≈]?\d", b):
            return True
    return False


_REMARK_THEN_DASH = re.compile(r"^(\([^()]*\))\s*[—–:]\s+(.*)$")
_AXIS_DASH = re.compile(
    r"^\s*((?:horizontal|vertical|[xy])(?:[- ]axis)?)\s+(?:[—–]|=(?=\s+[^\W\d]))\s+(\S.*)$", re.I
)
_LEADER_DOTS = re.compile(r"^\s*(\S.*?)\s*\.{2,}\s*([-−+~≈]?\d.*)$")
# a name, a dash, then two or more "key: value" pairs (the keys may hold colons: "06:00")
_DASH_THEN_PAIRS = re.compile(
    r"^\s*([^:|—–]{1,40}?)\s+[—–]\s+((?:[^|;,]+?:\s+[-−+~≈]?\d[^|;,]*[|;,]\s*)+"
    r"[^|;,]+?:\s+[-−+~≈]?\d[^|;,]*)$"
)
# "S1 Headwater, 1.2, 0.9, 0.6": a row typed as comma-separated fields, its name first
_FIELD_VALUE = rf"(?:[~≈]?{NUM}%?|—|n/a|NA)"
_NAME_THEN_VALUES = re.compile(
    rf"^\s*([^\W\d][^,:;|]{{0,40}}?),\s*({_FIELD_VALUE}(?:\s*,\s*{_FIELD_VALUE}){{2,}})\s*$"
)
_BAR_NAME = re.compile(r"^\s*(?![-−+~≈]?\d[\d.,]*\s*%?\s*\|)([^|]{1,40}?)\s+\|\s+([^|\s][^|]*)$")

# (values set apart by spaces alone are a grid's row, read with the block: code_grid)
_CODE_ROW = re.compile(
    r"^([^\s\d\W][^\s,]*)\s+([-−+~≈]?\d[\d.]*%?(?:\s*,\s*[-−+~≈]?\d[\d.]*%?)*)\s*$"
)

# "HIIT        (0, 44.1)  (3, 46.8)": a series' name, then its points as pairs, no colon
_NAME_THEN_PAIRS = re.compile(
    r"^\s*([^\W\d][^(:|]{0,40}?)\s+"
    r"(\([^()]*\d[^()]*\)(?:\s*[,;]?\s*\([^()]*\d[^()]*\))+)\s*[.;]?\s*$"
)

_SETEXT = re.compile(r"^\s{0,3}={3,}\s*$")
_HTML_ITEM = re.compile(r"^\s*<li(?:\s[^<>]*)?>(.*?)(?:</li>)?\s*$", re.I)


# "Row 1 (size 1): 0.119 | 0.102", "B = 0.5 T → 4.76 | 6.50": a label, then values set apart
# ("**Yaw 0°:** 0.186 | 0.337": the label's closing emphasis after the colon)
# ("`en → sw`: 58.3 | `en → yo`: 41.2": a key in code may hold an arrow of its own)
# ("**Tomato:** DSLR 0.94 | Phone 0.91": a name before each value, the same line; "North-West
# — 31.5 | 52.8": a long dash after the row's name)
_LABELLED_BARS = re.compile(
    # ("16–24 → 11.9 | 14.8": a dash between digits is part of the label, a bin)
    r"^(?:`[^`|]*`|(?<=\d)[—–](?=\d)|[^|:→`—–])+(?::+|→|->|\s[—–])(?:\*\*|__|\*)?\s*(?:[^|\d:]{1,40}?\s)?[-−+~≈]?\d[^|]*\|"
)


# 'x-axis  "Soil texture": Loam | Clay | Sand': an axis' entry whose ticks bars set apart
# ("**Horizontal axis — "Age band (years)":** 18–34 | 35–49": its head in bold too; "x (Shot
# zone): Six-yard box | Outside box": the axis' letter with its name in brackets)
_AXIS_BARS = re.compile(
    rf"^\s*(?:\*\*|__|\*|_)?(?:{lexicon.AXIS_X.pattern}|{lexicon.AXIS_Y.pattern}|{lexicon.LEGEND.pattern}|"
    r"\b[xy](?=\s*\()|"
    r"\b(?:ticks?|labels?))\b[^|:]*:\s*[^|\d][^|]*\|",
    re.I,
)


_CODE_SPANS = re.compile(r"`[^`]+`(?:\s*[,;]\s*(?:and\s+)?`[^`]+`)+\s*[.;]?")
_SETEXT_DASHES = re.compile(r"^\s{0,3}(-{3,})\s*$")


def _underlined(text: str, dashes: int) -> bool:
    """A title of a few words, no sentence, with a line of dashes about its length under it."""
    words = text.split()
    # (a longer head with its remark in brackets, underlined to the character, is one too:
    # "Cell values (as printed, one line per bin, left to right)")
    return (
        (len(words) <= 6 or (len(words) <= 16 and text.strip().endswith(")")))
        and not re.search(r"[.:;,]$", text.strip())
        and abs(dashes - len(text.strip())) <= 3
    )


def classify(lines: list[str]) -> list[Item]:
    items: list[Item] = []
    in_code = quoted_code = False
    for number, raw in enumerate(lines, start=1):
        if (quote := _QUOTE.match(raw)) and (quoted_code or not in_code):
            raw = raw[quote.end() :] if raw[quote.end() :].strip() else ""
        if _FENCE.match(raw):
            in_code = not in_code
            quoted_code = in_code and quote is not None
            continue
        if not raw.strip():
            continue
        if (
            not in_code
            and _SETEXT.match(raw)
            and items
            and items[-1].kind == "text"
            and items[-1].line == number - 1
        ):
            # "Heatmap — D_eff" over "=======": the line above is a heading, as markdown reads
            # it (a line of dashes under a paragraph is mostly a rule between sections here)
            items[-1] = Item(items[-1].line, "heading", 1, items[-1].text)
            continue
        if (
            not in_code
            and (dashes := _SETEXT_DASHES.match(raw))
            and items
            and items[-1].kind == "text"
            and items[-1].line == number - 1
            and _underlined(items[-1].text, len(dashes.group(1)))
        ):
            # "Data points" over "-----------": a short title underlined to its own length is
            # a heading; a rule under a sentence stays a rule
            items[-1] = Item(items[-1].line, "heading", 2, items[-1].text)
            continue
        if not in_code and (li := _HTML_ITEM.match(raw)):
            # "<li>Cut-off 5.7%: 0.88, 0.91</li>": an item of an HTML list is a bullet
            raw = f"- {li.group(1)}"
        if in_code or _indented_code(raw, lines, number, items):
            item = Item(number, "code", 0, raw.strip())
        elif m := _HEADING.match(raw):
            item = Item(number, "heading", len(m.group(1)), m.group(2))
        elif _TABLE.match(raw) and raw.count("|") >= 2:
            item = Item(number, "table", 0, raw.strip())
        elif m := _LIST.match(raw):
            indent = len(m.group(1).expandtabs(4))
            item = Item(number, "list", indent, m.group(2).strip())
        elif (m := _BOLD_LINE.match(raw)) and not _looks_like_pair(m):
            item = Item(number, "bold", 0, raw.strip())
        elif (
            raw.count(" | ") >= 2
            and not _LABELLED_BARS.match(raw)
            and not _AXIS_BARS.match(raw)
            and not _LEADER_DOTS.match(raw.split(" | ")[0])
        ):
            # a table typed without its outer bars: "Oslo | 1.2 | 2.6 | 4.1" (but "Row 1 (size
            # 1): 0.119 | 0.102" and "North ........ 4.8 | 5.2" are labelled lines whose values
            # are set apart by bars)
            item = Item(number, "table", 0, raw.strip())
        else:
            item = Item(number, "text", 0, raw.strip())
        if item.kind != "table" and "[" in item.text:
            # "[head, layer] → 71.8": a pair in square brackets is a tuple as in round ones
            item.text = _SQUARE_PAIR.sub(r"(\1)", item.text, count=1)
            item.text = _SQUARE_INDEX.sub(lambda m: f"({m.group(1) or m.group(2)})", item.text)
        if item.kind in ("list", "text") and _CODE_SPANS.fullmatch(item.text):
            # "`(0.0, 1e-5) → 12`, `(0.001, 1e-5) → 15`": each statement typed as code
            item.text = item.text.replace("`", "")
        if item.kind in ("list", "code", "text"):
            item.label, item.body = split_label(item.text)
        if item.kind in ("list", "text") and item.label is None:
            # (a block of code in that form is a CSV grid, read as a whole: code_grid)
            if row := _NAME_THEN_VALUES.match(item.text):
                item.label, item.body = row.group(1).strip(), row.group(2).strip()
        if item.label is None and (pairs := _NAME_THEN_PAIRS.match(item.text)):
            item.label, item.body = pairs.group(1).strip(), pairs.group(2)
        if item.kind == "code" and item.label is None and (row := _CODE_ROW.match(item.text)):
            # "NER   0.62, 1.00" in a block of code: a row's name, then its values
            item.label, item.body = row.group(1), row.group(2)
        elif item.kind == "bold":
            item.label, item.body = _bold_parts(item.text)
        items.append(item)
    _aligned_blocks_as_code(items)
    _csv_blocks_as_tables(items)
    _semicolon_blocks_as_tables(items)
    _bare_values_as_bullets(items)
    return items


_BARE_VALUE = re.compile(r"[~≈]?[+\-\u2212]?\d[\d.,]*%?")


def _bare_values_as_bullets(items: list[Item]) -> None:
    """ "Position 47:" over "+1.8", "+3.9", one value a line: the lines are the head's
    bullets, as "- +1.8" would be."""
    for i, item in enumerate(items):
        if item.kind != "text" or not _BARE_VALUE.fullmatch(item.text):
            continue
        before = items[i - 1] if i else None
        if before is None or before.line != item.line - 1:
            continue
        opened = before.kind in ("text", "bold") and before.text.rstrip(" *").endswith(":")
        if opened or (
            before.kind == "list"
            and before.level == 2
            and before.body is not None
            and _BARE_VALUE.fullmatch(before.text)
        ):
            item.kind, item.level, item.label, item.body = "list", 2, None, item.text


def _semicolon_blocks_as_tables(items: list[Item]) -> None:
    """Plain lines of semicolon-separated fields ("hub height;Jan;Feb" over "150 m;61.2;58.7"):
    three or more lines one after another, each of the same three or more fields, no space
    after a semicolon (a sentence's clauses have one), are a table's rows."""
    for run in _text_runs(items, lambda it: it.text.count(";") >= 2 and "; " not in it.text):
        fields = [it.text.split(";") for it in run]
        if len(run) >= 3 and all(len(f) == len(fields[0]) for f in fields):
            for it, parts in zip(run, fields, strict=True):
                it.kind = "table"
                it.text = "| " + " | ".join(p.strip() for p in parts) + " |"
                it.label = it.body = None


def _text_runs(items: list[Item], accept=lambda it: True) -> list[list[Item]]:
    """Runs of plain lines one after another (no blank line between) that ``accept`` takes."""
    runs: list[list[Item]] = []
    current: list[Item] = []
    for it in items:
        taken = it.kind == "text" and accept(it)
        if taken and current and it.line == current[-1].line + 1:
            current.append(it)
            continue
        if current:
            runs.append(current)
        current = [it] if taken else []
    if current:
        runs.append(current)
    return runs


def _indented_code(raw: str, lines: list[str], number: int, items: list[Item]) -> bool:
    """A line indented four spaces or more, not a list item, that opens after a blank line
    or goes on a block of such lines (markdown's indented code: "    NER   0.62, 1.00").
    A list's indented paragraph stays a part of its list."""
    if not raw.startswith(("    ", "\t")) or _LIST.match(raw):
        return False
    before = lines[number - 2] if number >= 2 else ""
    if items and items[-1].kind == "code" and items[-1].line == number - 1:
        return True
    return not before.strip() and not (items and items[-1].kind == "list")


_ALIGNED_GAP = re.compile(r"\s{2,}")
_NUMBER_FIELD = re.compile(rf"[~≈]?{NUM}%?")


def _aligned_blocks_as_code(items: list[Item]) -> None:
    """Plain lines whose fields runs of spaces align into columns are a grid typed as code.

    "src     de     fr" over "pl      49.3   47.5": three or more lines one after another,
    each of the same three or more fields, every line but the first holding two or more
    numbers; markdown would have read them as code had they been indented four spaces.
    """
    for run in _text_runs(items):
        fields = [_ALIGNED_GAP.split(it.text.strip()) for it in run]
        if (
            len(run) >= 3
            and len(fields[0]) >= 3
            and all(len(f) == len(fields[0]) for f in fields)
            and all(sum(bool(_NUMBER_FIELD.fullmatch(c)) for c in f) >= 2 for f in fields[1:])
        ):
            for it in run:
                it.kind, it.label, it.body = "code", None, None


def _csv_blocks_as_tables(items: list[Item]) -> None:
    """A code block of comma-separated lines in long format is a table ("depth,width,acc").

    Every line of the block must have the same number (three or more) of fields, the first
    line must name them (no field of it a number) and at least two lines must follow; the lines are
    then read as the rows of a markdown table, by the same recognisers.
    """
    i = 0
    while i < len(items):
        if items[i].kind != "code":
            i += 1
            continue
        j = i + 1  # the block: code lines one after another
        while j < len(items) and items[j].kind == "code" and items[j].line == items[j - 1].line + 1:
            j += 1
        block = items[i:j]
        fields = [split_top(it.text, ",") for it in block]
        width = len(fields[0])
        if (
            len(block) >= 3
            and width >= 3
            and all(len(f) == width for f in fields)
            and not any(re.fullmatch(r"\s*[-+\u2212]?[\d.]+%?\s*", f) for f in fields[0])
            # long format: the first column repeats its keys (a wide grid's row labels do not,
            # and the grid-first reading takes those)
            and len({f[0].strip() for f in fields[1:]}) < len(fields) - 1
        ):
            for it, parts in zip(block, fields, strict=True):
                it.kind = "table"
                it.text = "| " + " | ".join(p.strip() for p in parts) + " |"
                it.label = it.body = None
        i = j


def _looks_like_pair(m: re.Match) -> bool:
    """``**Peak Value:** 27.9`` is a labelled statement, not a heading."""
    head = m.group("head").rstrip()
    rest = m.group("rest").strip()
    if re.match(r"^\([^()]*\)\s*:\s*\S*\d", rest):
        return True  # "**Window 512** (top → bottom): 39.3, ...": the remark belongs to the label
    return head.endswith(":") and bool(re.search(r"\d", rest))


def _bold_parts(text: str) -> tuple[str, str]:
    m = _BOLD_LINE.match(text)
    assert m
    return m.group("head").strip().rstrip(":").strip(), m.group("rest").strip()


@lru_cache(maxsize=1 << 12)
def zone_of_heading(text: str) -> str | None:
    t = strip_markdown(text).casefold()
    t = _NUMBERED.sub("", t)
    # "Cell Values (values follow the x-axis)": a remark in brackets does not name the section
    bare = _BRACKETED.sub(" ", t)
    # ("Panel 1 — σ = 15 (colour bar 31 to 34)": a panel's remark does not make it a section)
    opens_panel = bool(bare.strip()) and bool(lexicon.PANEL_OPENER.search(opener_parts(bare)[0]))
    for text in (bare,) if opens_panel else (bare, t) if bare.strip() else (t,):
        for zone, words in _ZONE_PATTERNS:
            if words.search(text):
                # "Notable cells", "Highlighted values": what the section holds outweighs
                # how it is introduced
                if zone == "observations" and _HOLDS_CELLS.search(text):
                    return "data"
                return zone
    return None


_HOLDS_CELLS = re.compile(rf"\b(?:{lexicon.VALUES_NAME.pattern})\b", re.I)


def assign_zones(items: list[Item]) -> None:
    """Give each item its zone; deeper unknown headings stay in their zone."""
    zone, zone_level = "title", 0
    seen_title = False
    holds = _sections_with_data(items)
    declares = _sections_declaring_axes(items)
    for index, item in enumerate(items):
        if item.kind == "heading":
            found = zone_of_heading(item.text)
            # the first heading names the figure ("Heatmap: ..."), unless it is a bare
            # section name such as "Overview"
            titled = ":" in item.text or len(strip_markdown(item.text).split()) > 3
            # ("### Values by column" after a paragraph that described the figure: a section)
            prose_before = any(
                it.kind == "text" and len(it.text.split()) >= 8 for it in items[:index]
            )
            # ("#### Panel 1: North Plain" after the paragraphs that describe the figure: the
            # first panel's section, not the figure's name)
            after_prose = prose_before and (
                found == "data" or bool(lexicon.PANEL_OPENER.search(opener_parts(item.text)[0]))
            )
            if (
                not seen_title
                and zone == "title"
                and (found in (None, "data") or titled)
                and not after_prose
            ):
                seen_title = True
                item.zone = "title"
                continue
            seen_title = True
            if found in (None, "data") and index in declares and index not in holds:
                found = "components"  # "## Chart" over "- **X-axis:** ...": it declares the axes
            if found is not None and (item.level <= zone_level or zone in ("title",)):
                zone, zone_level = found, item.level
            elif found is not None and zone in NON_DATA and found != "data":
                # a subsection of the zone it is in ("### Header / Metadata" under "## Components")
                # keeps the zone's depth, so that its unnamed sibling sections stay in it too
                zone_level = zone_level if found == zone else item.level
                zone = found
            elif found is not None and found != "data" and zone == "data":
                if found in ("observations", "interpretation") or item.level <= zone_level:
                    zone, zone_level = found, item.level
            elif (
                found is None
                and zone == "components"
                and index in holds
                and lexicon.PANEL_OPENER.search(opener_parts(item.text)[0].strip())
            ):
                # "## Image Structure" over "### Panel 1: `en→de`" and its rows: a panel's
                # section holds data, however deep it sits under the components
                zone, zone_level = "data", item.level
            elif found is None and (item.level <= zone_level or zone in ("title", "overview")):
                # an unnamed section at zone depth: data when values follow (one per panel, say);
                # after the data, a section of notes ("Additional Notes") leaves the zone as is
                if index in holds or zone not in ("observations", "interpretation"):
                    zone, zone_level = "data", item.level
            elif found == "data" and zone != "data":
                zone, zone_level = "data", item.level
        elif (
            (index > 0 or item.kind == "bold")
            and (found := _pseudo_heading(item, zone)) is not None
            and found != zone
        ):
            # (the document's first line, "Technical Document Extraction: GEMM tile sweep",
            # names the figure; it opens no section)
            # "**Axes.** The x-axis ...", "What stands out:": a section named in a paragraph
            # a "Trend: ..." remark inside the data part stays there; a head on its own does not
            leaves = item.kind == "bold" or not (item.body or "").strip()
            if zone != "data" or (found in ("observations", "interpretation") and leaves):
                zone, zone_level = found, 7
        elif (
            index > 0  # (the document's first line names the figure)
            and item.kind == "bold"
            and zone in ("title", "overview")
            and not (item.body or "").strip(" :")
            and _pseudo_heading(item, zone) is None
            # (a head whose remark names rows or columns declares the axes)
            and not any(_AXIS_WORDS.search(r) for r in re.findall(r"\(([^()]*)\)", item.text))
            # (a panel's head, "**Right panel – ...**", opens a panel, not the data part)
            and not NAMES_A_PANEL.search(item.label or "")
            and _bullets_with_values(items, index + 1)
        ):
            # "**Row trends**:" over bullets that state values, the overview's bold sections
            # around it: a section of data, whatever its name
            zone, zone_level = "data", 7
        elif (
            item.kind in ("bold", "text")
            and zone in ("title", "overview", "components")
            and (item.label is None or not (item.body or "").strip(" :"))
            and (
                _LETTERED_PANEL.match(strip_markdown(item.label or item.text))
                or _PLACED_PANEL_TITLED.match(strip_markdown(item.text))
            )
            and _values_follow(items, index + 1)
        ):
            # "**(a) AA6061**", 'Left panel, titled "Leaf tissue"' over the panel's values: a
            # panel's own line opens the data part
            zone, zone_level = "data", 7
        elif (
            item.kind == "bold"
            and zone == "components"
            and _pseudo_heading(item, zone) is None
            and not _ELEMENT_HEAD.search(strip_markdown(item.label or ""))
            and len(_NUMBER.findall(item.body or "")) >= 3
        ):
            # "**What the bars say.** In the Base block the sled group reaches 8.62 ...": after
            # the axes and the legend, a head that names no element over a paragraph of values
            zone, zone_level = "data", 7
        item.zone = zone


_BARE_HEAD = re.compile(r"\s*[A-Z][\w-]*(?:\s+[\w-]+){0,2}\s*")
#: where a panel stands, or its rank: "Left panel", "second chart"
PANEL_PLACE = r"left|right|center|centre|middle|top|bottom|upper|lower|first|second|third"
#: a panel's letter or number in brackets: "(a)", "(2)", "(iv)"
PANEL_LETTER = r"\((?:[a-h]|\d{1,2}|[ivx]{1,4})\)"
_LETTERED_PANEL = re.compile(rf"^\s*{PANEL_LETTER}\s+\S")
_PLACED_PANEL_TITLED = re.compile(
    rf"^\s*(?:{PANEL_PLACE})\s+panel\b[^.]{{0,20}}?\btitled\s+[\"“][^\"”]+[\"”]\s*:?\s*$",
    re.I,
)
_ELEMENT_HEAD = re.compile(
    rf"{lexicon.AXIS_X.pattern}|{lexicon.AXIS_Y.pattern}|{lexicon.LEGEND.pattern}|"
    rf"{lexicon.COLOUR_BAR.pattern}|\b(?:ax[ie]s|title|scale|colou?rs?|ticks?|labels?)\b",
    re.I,
)
NAMES_A_PANEL = re.compile(r"\b(?:panel|chart|subplot|heatmap|plot|map|graph|matrix)\b", re.I)


def _values_follow(items: list[Item], start: int) -> bool:
    """Some line from ``start`` up to the next heading or bold head states values."""
    for item in items[start:]:
        if item.kind in ("heading", "bold"):
            return False
        if states_values(item):
            return True
    return False


def _bullets_with_values(items: list[Item], start: int) -> bool:
    """The lines from ``start`` are bullets, and one of them states values."""
    for item in items[start:]:
        if item.kind != "list":
            return False
        if states_values(item):
            return True
    return False


# "Panel 1: `en→de`", "Panel 1 – DJF anomaly": a panel opener, then the panel's name
OPENER_SEP = re.compile(r"\s*:\s*|\s+[–—-]\s+")


_ONE_LINE = re.compile(r"\s(row|column)\s*$", re.I)


def one_line_word(label: str) -> str | None:
    """'**Gold** column', '**Inflation** row': "row" or "column" when a name, then that word,
    says the line is one row or one column (not an axis), else None."""
    m = _ONE_LINE.search(strip_markdown(label).strip())
    return m.group(1).lower() if m else None


def opener_parts(text: str) -> list[str]:
    """The opener and the name of "Panel 1: `en→de`" (one part when there is no separator)."""
    return OPENER_SEP.split(strip_markdown(text), maxsplit=1)


def _sections_declaring_axes(items: list[Item]) -> set[int]:
    """Indices of the headings whose section has a bullet labelled as an axis ("X-axis:")."""
    out, current = set(), None
    for index, item in enumerate(items):
        if item.kind == "heading":
            current = index
        elif current is not None and item.kind == "list" and _AXIS_LABEL.search(item.label or ""):
            out.add(current)
    return out


def _sections_with_data(items: list[Item]) -> set[int]:
    """Indices of the headings whose section (up to the next heading) states values."""
    out, current = set(), None
    for index, item in enumerate(items):
        if item.kind == "heading":
            current = index
        elif current is not None and current not in out and states_values(item):
            out.add(current)
    return out


_NUMBER = re.compile(r"\d+(?:\.\d+)?")


_AXIS_LABEL = re.compile(r"\b[xy][- ]?axis\b", re.I)
_DECLARATION = re.compile(rf"{_AXIS_LABEL.pattern}|colou?r[- ]?(?:bar|scale)|\blegend\b", re.I)


def states_values(item: Item) -> bool:
    """A table row, a code line with numbers, or a labelled line with a number in its body."""
    if item.kind == "table" or (item.kind == "code" and _NUMBER.search(item.text)):
        return True
    if item.label is not None and lexicon.SUMMARY.regex.search(item.label):
        return False  # "Maximum: 96 at 100 °C": a claim about the data, not the data
    if item.label is not None and _DECLARATION.search(item.label):
        return False  # "X-axis: 0.5, 0.7, 0.9": the ticks, not the data
    numbers = len(_NUMBER.findall(item.text))
    if item.kind == "list" and numbers >= 2 and len(item.text.split()) <= 3 * numbers:
        return True  # mostly numbers: "0.41, 0.52, 0.63"; not a sentence that quotes two
    # "Window 500: 41.5, 43.1", "Layer 8, Head 3: 0.71"; not "Trend: in every row it rises to 400"
    body = item.body or ""
    found = len(_NUMBER.findall(body))
    return item.label is not None and found >= 1 and len(body.split()) <= 3 * found + 2


_AXIS_WORDS = re.compile(rf"{lexicon.AXIS_X.pattern}|{lexicon.AXIS_Y.pattern}", re.I)


_ITALIC_LINE = re.compile(r"^\s*([*_])(?!\1)([^*_]{1,60})\1\s*$")


def _pseudo_heading(item: Item, zone: str | None = None) -> str | None:
    """The zone a bold paragraph head or a short 'Name:' line opens, if any.

    A head is named before its remark in brackets: "**Values as printed (row label followed
    by the five cells):**" after the axes' declarations (``zone`` components), "**Row-by-row
    values (from the left edge up to the diagonal):**" anywhere, open the data; before the
    axes are declared, a remark that names rows or columns ("(rows from the top down;
    columns Head 1 → Head 6)") declares them and keeps the head where it is.
    """
    if item.kind == "bold":
        head = item.label or ""
    elif item.kind == "text" and item.label is not None:
        head = item.label
    elif item.kind == "text" and (italic := _ITALIC_LINE.match(item.text)):
        head = italic.group(2)  # "*Cells, bottom row first.*" on a line of its own
    elif item.kind == "text" and _BARE_HEAD.fullmatch(item.text):
        # ("Observations", "Take-aways" alone on a line: a section's name, unmarked)
        found = zone_of_heading(item.text)
        return found if found in ("observations", "interpretation") else None
    else:
        return None
    head = strip_markdown(head).strip().rstrip(".:")
    # "Values as printed (row label followed by the five cells):" is named before its remark
    remarks = re.findall(r"\(([^()]*)\)", head)
    declaring = any(_AXIS_WORDS.search(r) for r in remarks)
    bare = head if declaring and zone != "components" else re.sub(r"\([^()]*\)", " ", head).strip()
    name = bare.split(",")[0].strip()
    if len(bare.split()) > 4 and "," in bare and zone in ("observations", "interpretation"):
        # "Cell values, row by row:" after notes: the name, then a remark
        bare = name
    elif (
        len(bare.split()) > 4
        and len(name.split()) <= 2
        and NAMES_A_PANEL.search(bare)
        and zone_of_heading(name) == "data"
    ):
        # "Cells, left panel (FP16), given as BLOCK_M × BLOCK_N:": the data of one panel
        bare = name
    if not bare or len(bare.split()) > 4 or re.search(r"\d", bare):
        return None
    return zone_of_heading(bare)
