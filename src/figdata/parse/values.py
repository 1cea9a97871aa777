"""Numbers as the documents print them: ``87.5%``, ``~0.85``, ``−0.12``, ``71 ± 2``."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from figdata.parse.text import MINUS

NUM = r"[+\-\u2212]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+\-\u2212]?\d+)?"
# a number with thousands separators, "12,400" (only where a slot holds one number)
_GROUPED = r"[+\-\u2212]?\d{1,3}(?:,\d{3})+(?:\.\d+)?"
_HEDGE = r"(?:approximately|approx\.?|about|around|roughly|nearly|~|≈|∼)"
_UNIT = r"(?:[A-Za-zµ°/%²³⁻¹]+(?:/[A-Za-z]+)?)"

# one value slot: optional hedge and bold, the number, optional percent,
# optional "± sd", optional unit word, optional parenthetical remark
_VALUE = re.compile(
    rf"""^\s*(?P<hedge>{_HEDGE}\s*)?(?:\*\*)?\s*(?P<hedge2>{_HEDGE}\s*)?
    (?P<num>{_GROUPED}|{NUM})(?P<mult>[x×](?![\w]))?\s*(?P<pct>%)?(?:\*\*)?
    (?P<sd>\s*(?:±|\+/-)\s*\d+(?:\.\d+)?\s*%?)?
    (?:\s+(?P<unit>{_UNIT}(?:\s+{_UNIT})?))?
    \s*(?P<paren>\((?P<remark>[^()]*(?:\([^()]*\)[^()]*)*)\))?
    \s*[.;]?\s*$""",
    re.VERBOSE | re.IGNORECASE,
)

# markers of a slot that is deliberately empty
_MISSING = re.compile(
    r"^\s*(?:\*\*)?(?:—|–|-|−|n/?a|nan|none|null|missing|blank|empty|\?|x)(?:\*\*)?"
    r"(?:\s*\(.*\))?\s*[.;]?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Value:
    value: float
    text: str
    #: the parenthetical after the number, e.g. a column tick "(0.6)" or a colour
    remark: str | None = None


def to_float(num: str) -> float:
    return float(num.replace(MINUS, "-").replace(",", "").lstrip("+"))


def parse_value(token: str) -> Value | None:
    """The value of one slot, or None when the slot is not a single number."""
    m = _VALUE.match(token)
    if not m:
        return None
    unit = m.group("unit")
    if unit and unit.lower() in {"to", "and", "or", "at", "x", "by", "of", "in", "vs"}:
        return None
    number = m.group("num")
    value = to_float(number)
    if not math.isfinite(value):
        return None
    hedge = (m.group("hedge") or m.group("hedge2") or "").strip()
    text = number + (m.group("mult") or "") + (m.group("pct") or "")
    if hedge:
        text = f"{hedge}{text}" if hedge in "~≈∼" else f"{hedge} {text}"
    if m.group("sd"):
        text += " " + m.group("sd").strip()
    return Value(value=value, text=text, remark=m.group("remark"))


def is_missing(token: str) -> bool:
    return bool(_MISSING.match(token))


def split_values(body: str) -> list[str]:
    """The comma-separated slots of a list body (the last 'and' counts as a comma)."""
    from figdata.parse.text import split_top

    body = body.strip().rstrip(".;")
    parts = split_top(body, ",")
    if len(parts) == 1 and ";" in body:
        parts = split_top(body, ";")
    elif len(parts) == 1 and "|" in body:
        parts = [p for p in body.strip("| ").split("|")]
    elif len(parts) == 1 and re.search(r"\s[/·]\s", body):
        parts = re.split(r"\s+[/·]\s+", body)
    elif len(parts) == 1 and re.fullmatch(rf"\s*{NUM}%?(?:\s+{NUM}%?)+\s*", body):
        # a bare run of numbers separated by spaces, as in a code block
        parts = body.split()
    if len(parts) > 1:
        last = parts[-1]
        m = re.match(r"^\s*and\s+(.*)$", last)
        if m:
            parts[-1] = m.group(1)
    return [p.strip() for p in parts]
