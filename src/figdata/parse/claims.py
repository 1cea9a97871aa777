"""Claims: summary statements about one cell ("Peak Value: 27.9 at (α=1.0, beam 8)")."""

from __future__ import annotations

import re

from figdata.parse.findings import finding
from figdata.parse.model import Item
from figdata.parse.recognize import Context
from figdata.parse.text import norm, strip_markdown
from figdata.parse.ticks import AxisTicks, name_score
from figdata.parse.values import NUM, parse_value

KIND_WORDS = [
    ("max", r"peak|highest|maximum|\bmax\b|best|strongest|darkest|brightest|largest|top\b|optimal"),
    ("min", r"lowest|minimum|\bmin\b|worst|weakest|smallest|palest|faintest"),
]


def claim_kind(text: str) -> str | None:
    for kind, words in KIND_WORDS:
        if re.search(words, text, re.I):
            return kind
    return None


def _refs(text: str, axis: AxisTicks) -> list[tuple[int, int, str]]:
    """Mentions of this axis' ticks that are marked as such (a name, '=' or unit)."""
    found = []
    for tick in sorted(axis.ticks, key=len, reverse=True):
        bare = re.escape(tick)
        for m in re.finditer(rf"(?<![\w.]){bare}(?!\w|\.\d)(%?)", text):
            start, end = m.start(), m.end()
            before = text[max(0, start - 30) : start]
            after = text[end : end + 15]
            numeric = re.fullmatch(NUM + "%?", tick) is not None
            named = re.search(r"([A-Za-zα-ω][\w-]*)\s*(?:=|:)?\s*$", before)
            score = name_score(named.group(1), axis) if named else 0
            if named and re.search(r"=\s*$", before):
                score = max(score, 0.5)
            unit = re.match(r"\s*([a-z]+)", after)
            if unit and name_score(unit.group(1), axis) > 0:
                score = max(score, 1)
            if numeric and score <= 0:
                continue
            if not numeric or score > 0:
                found.append((start, end, tick))
    # keep the longest mention at each place
    found.sort(key=lambda r: (r[0], -(r[1] - r[0])))
    out, last_end = [], -1
    for r in found:
        if r[0] >= last_end:
            out.append(r)
            last_end = r[1]
    return out


_COMPARATIVE = re.compile(
    r"\b(?:between|more than|less than|at least|at most|up to|within|above|below|over|under|"
    r"higher than|lower than|from\s+\S+\s+to|rises?|falls?|drops?|gains?|improves?|"
    r"compared|versus|vs\.?|difference|\d\s*(?:points?|times|fold)\b|respectively)",
    re.I,
)


def extract(item: Item, text: str, ctx: Context, kind: str | None) -> list[dict]:
    """Claims stated by one sentence about one panel (none when it is ambiguous)."""
    text = strip_markdown(text)
    if kind is None or _COMPARATIVE.search(text):
        return []
    xs, ys = _refs(text, ctx.x), _refs(text, ctx.y)
    if not xs or not ys:
        return []
    if {(s, e) for s, e, _ in xs} & {(s, e) for s, e, _ in ys}:
        return []  # a mention that could name either axis: the claim is ambiguous
    for _, end, _ in xs + ys:
        if re.match(r"\s*[-–]\s*\d", text[end : end + 4]):
            return []  # a tick range such as "T=0.4-0.6"
    used = [(s, e) for s, e, _ in xs + ys]
    values = []
    for m in re.finditer(rf"(?:~|≈|approximately\s+|about\s+)?(?<![\w.\-]){NUM}%?(?![\w.])", text):
        if any(s <= m.start() < e or m.start() <= s < m.end() for s, e in used):
            continue
        if re.match(r"\s*(?:-|–|to)\s*\d", text[m.end() : m.end() + 5]):
            return []  # a range, not a value
        value = parse_value(m.group(0))
        if value is not None:
            values.append(value)
    if len(values) != 1:
        return []
    positions = _positions(text, xs, ys)
    return [
        {
            "panel": ctx.panel,
            "kind": kind,
            "x": x,
            "y": y,
            "value": values[0].value,
            "value_text": values[0].text,
            "line": item.line,
            "text": text.strip(),
        }
        for x, y in positions
    ]


def _positions(text: str, xs, ys) -> list[tuple[str, str]]:
    """One x and one y mention, or several parenthesised (x, y) groups."""
    if len(xs) == 1 and len(ys) == 1:
        return [(xs[0][2], ys[0][2])]
    out = []
    for m in re.finditer(r"\(([^()]*)\)", text):
        inside_x = [r for r in xs if m.start() < r[0] < m.end()]
        inside_y = [r for r in ys if m.start() < r[0] < m.end()]
        if len(inside_x) == 1 and len(inside_y) == 1:
            out.append((inside_x[0][2], inside_y[0][2]))
    covered = sum(1 for r in xs + ys if any(r[2] in p for p in out))
    return out if out and covered >= len(xs) + len(ys) - 0 else []


def panel_for(text: str, titles: list[str | None]) -> int | None:
    key = norm(text)
    hits = [i for i, t in enumerate(titles) if t and norm(t) and norm(t) in key]
    if len(hits) == 1:
        return hits[0]
    if len(titles) == 1:
        return 0
    return None


def conflicts(claims: list[dict], cells: list[dict]) -> list[dict]:
    stated = {}
    for c in cells:
        stated.setdefault((c["panel"], c["x"], c["y"]), set()).add(c["value"])
    out = []
    for claim in claims:
        values = stated.get((claim["panel"], claim["x"], claim["y"]))
        if not values or len(values) != 1:
            continue
        listed = next(iter(values))
        if abs(listed - claim["value"]) > 1e-9 * max(1.0, abs(listed)):
            detail = (
                f"a summary says {claim['value_text']} for x={claim['x']}, "
                f"y={claim['y']}; the listed value is {listed:g}"
            )
            out.append(
                finding(
                    "conflict_with_summary",
                    "warning",
                    detail,
                    panel=claim["panel"],
                    line=claim["line"],
                    raw=claim["text"],
                    x=claim["x"],
                    y=claim["y"],
                )
            )
    return out


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.;!?])\s+(?=[A-Z0-9*(])", text) if s.strip()]
