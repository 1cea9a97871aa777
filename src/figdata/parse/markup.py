"""Document-wide signals: markup noise, and how the text orders coordinate pairs."""

from __future__ import annotations

import re

from figdata.parse.findings import finding

_HTML = re.compile(
    r"<\s*/?\s*(?:script|iframe|img|svg|object|embed|style|td|tr|table|div|span|a|b|i|p|br)\b[^>]*>"
    r"|\bon[a-z]+\s*=|javascript:",
    re.I,
)
LONG_TITLE = 300


def markup_findings(lines: list[str]) -> list[dict]:
    out = []
    first = next((i for i, t in enumerate(lines) if t.strip()), None)
    if first is not None and lines[first].strip() == "\\n":
        out.append(_f(first + 1, "a literal backslash-n ('\\\\n') stands as the first line", "\\n"))
    for number, text in enumerate(lines, start=1):
        if _HTML.search(text):
            tags = sorted({m.group(0)[:40] for m in _HTML.finditer(text)})
            out.append(_f(number, "HTML in the text, kept verbatim: " + ", ".join(tags), text))
        heading = re.match(r"^\s*#{1,6}\s+(.*)$", text)
        if heading and len(heading.group(1)) > LONG_TITLE:
            out.append(_f(number, f"a heading of {len(heading.group(1))} characters", text[:200]))
    return out


def _f(line: int, detail: str, raw: str) -> dict:
    return finding("markup_in_text", "warning", detail, line=line, raw=raw[:500])


_COLUMNS_UPWARD = re.compile(
    # ("within each column the entries go from the bottom row ... to the top row")
    # (a verb of copying, before or after: "I transcribe each column from the bottom tile")
    r"\b(?:(?:transcrib|cop(?:y|i)|record|enter)[a-z]*\s+(?:[a-z]+\s+){0,2}columns?\s+|"
    r"columns?\b[^.;:]{0,30}?\b(?:listed|read|given|written|ordered|runs?|go(?:es)?|starts?|"
    r"transcribed|copied|recorded|entered)\s+)"
    r"(?:(?:from|at)\s+(?:the\s+)?bottom|bottom[- ]to[- ]top|upwards?)",
    re.I,
)


# ("1-based indices", "both counted from 1": the pair counts positions)
_INDEX_BASE = re.compile(
    r"\b(?:(0|1|zero|one)-based\s+ind(?:ices|ex)|(?:counted|numbered|indexed)\s+"
    r"(?:from|starting\s+(?:at|from))\s+(0|1|zero|one))\b",
    re.I,
)


def pair_orders(text: str, meta) -> dict[str, str]:
    """Which coordinate comes first in tuples, 'AxB' names, 'A → B' and 'A / B' pairs."""
    from figdata.parse.ticks import AxisTicks, name_score

    x = AxisTicks("x", meta.x.label, meta.x.ticks)
    y = AxisTicks("y", meta.y.label, meta.y.ticks)
    orders: dict[str, str] = {}
    if re.search(r"\(\s*(?:row|y)\b[^()]*,\s*(?:column|col|x)\b[^()]*\)", text, re.I):
        orders["tuple"] = "yx"
    elif re.search(r"\(\s*(?:column|col|x)\b[^()]*,\s*(?:row|y)\b[^()]*\)", text, re.I):
        orders["tuple"] = "xy"
    explicit = orders.get("tuple")  # the order the text names outright
    if explicit and (base := _INDEX_BASE.search(text)):
        # "tiles as (row, column) with 1-based indices counted from the top-left corner": the
        # pair counts positions, it does not name ticks
        orders["index"] = "0" if (base.group(1) or base.group(2)) in ("0", "zero") else "1"
    if "tuple" not in orders:
        # "each point is (GPUs, context)": the names in a tuple say which axis comes first
        for m in re.finditer(
            r"\(\s*([A-Za-z][\w -]{1,30}?)\s*,\s*([A-Za-z][\w -]{1,30}?)\s*\)", text
        ):
            a, b = m.group(1), m.group(2)
            xy = name_score(a, x) + name_score(b, y)
            yx = name_score(a, y) + name_score(b, x)
            if xy != yx and max(xy, yx) > 0:
                orders["tuple"] = "xy" if xy > yx else "yx"
                break
    # "each column listed from the bottom row (top-p 0.5) to the top row": the order in which
    # a column's values are given, when it is not the axis' own from the top
    if _COLUMNS_UPWARD.search(text):
        orders["column"] = "bottom-up"
    # "(row asset / column asset)": the order of a pair written with a slash
    if re.search(r"\(\s*(?:row|y)\b[^()/]*/\s*(?:column|col|x)\b[^()]*\)", text, re.I):
        orders["slash"] = "yx"
    elif re.search(r"\(\s*(?:column|col|x)\b[^()/]*/\s*(?:row|y)\b[^()]*\)", text, re.I):
        orders["slash"] = "xy"
    elif explicit:
        orders["slash"] = explicit  # "values (row, column): MNLI / SST-2: -0.10"
    for kind, sep in (("cross", r"[×x]"), ("arrow", r"(?:→|->)")):
        for m in re.finditer(
            rf"\b([A-Za-z][A-Za-z-]{{2,}})\s*{sep}\s*([A-Za-z][A-Za-z-]{{2,}})\b", text
        ):
            a, b = m.group(1), m.group(2)
            xy = name_score(a, x) + name_score(b, y)
            yx = name_score(a, y) + name_score(b, x)
            if xy > yx and xy > 0:
                orders[kind] = "xy"
                break
            if yx > xy and yx > 0:
                orders[kind] = "yx"
                break
    # "each entry is written as row country – column country", "*row asset* × *column
    # asset*": the order of a pair joined by a dash, a cross or an arrow, said once
    for m in _ROW_COLUMN_ORDER.finditer(text):
        kind = _SEPARATOR_KIND.get(m.group("sep"), "arrow")
        orders.setdefault(kind, "yx" if m.group(1).lower().startswith("row") else "xy")
    # "Lower triangle (row variable listed first)": the one order every pair follows
    if first := _LISTED_FIRST.search(text):
        row_first = first.group("axis").lower().startswith(("row", "y"))
        for kind in ("tuple", "slash", "cross", "arrow", "dash"):
            orders.setdefault(kind, "yx" if row_first else "xy")
    return orders


_ROW_COLUMN_ORDER = re.compile(
    r"\b(rows?|columns?)\b[^–—×/→.;:()]{0,25}?\s(?P<sep>[–—×/]|x|->|→)\s[^–—×/→.;:()]{0,25}?"
    r"\b(?:columns?|rows?)\b",
    re.I,
)
_SEPARATOR_KIND = {"–": "dash", "—": "dash", "×": "cross", "x": "cross", "X": "cross", "/": "slash"}
_LISTED_FIRST = re.compile(
    r"\b(?P<axis>rows?|columns?)\b[^.;:()]{0,25}?\b(?:listed|given|named|written|comes?)\s+first\b",
    re.I,
)
