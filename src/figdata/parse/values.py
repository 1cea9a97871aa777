"""Numbers as the documents print them: ``87.5%``, ``~0.85``, ``−0.12``, ``71 ± 2``."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

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
    (?P<sd>\s*(?:±|\+/-)\s*\d+(?:\.\d+)?(?:[eE][+\-\u2212]?\d+)?\s*%?)?
    (?:\s+(?P<unit>{_UNIT}(?:\s+{_UNIT})?)|(?P<glued>(?!(?:st|nd|rd|th|am|pm)\b)[a-zµ]{{2,4}}\b))?
    (?:\s*[.;](?=\s+\())?\s*(?P<paren>\((?P<remark>[^()]*(?:\([^()]*\)[^()]*)*)\))?
    \s*[.;]?\s*$""",
    re.VERBOSE | re.IGNORECASE,
)

# markers of a slot that is deliberately empty
_MISSING = re.compile(
    # a dotted abbreviation where a number belongs ("O.O.B.", "n.d.") or an out-of-something
    # code ("OOM", "OOT") marks a cell with no value
    # (a middle dot or an ellipsis stands for a blank cell too: "| de | · | 31.2 |"; so does a
    # solid or shaded square, a masked cell: "en  ■  58.4")
    r"^\s*(?:\*\*)?(?:—|–|-|−|·|…|[■□█▪▫░▒▓⬛◼◻]|n/?a|nan|none|null|missing|blank|empty|\?|x|(?:[A-Za-z]\.){2,4}|"
    r"OO[A-Z]|DNF|T/O)(?:\*\*)?"
    r"(?:\s*\(.*\))?\s*[.;]?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Value:
    value: float
    text: str
    #: the parenthetical after the number, e.g. a column tick "(0.6)" or a colour
    remark: str | None = None


# digit groups split by a space (plain, no-break, thin) or an underscore: "1 234.5", "1_000"
# (commas, "12,400", are _GROUPED's)
_DIGIT_GROUPS = re.compile(
    r"(?<![\d.,])\d{1,3}(?:([ \u00a0\u202f\u2009_])\d{3})(?:\1\d{3})*(?![\d,])"
)
_INFINITE = re.compile(rf"^\s*(?P<sign>[+\-{MINUS}]?)(?:inf|infinity|∞)\s*[.;]?\s*$", re.IGNORECASE)
# Arabic decimal and thousands separators
_SEPARATORS = str.maketrans({"\u066b": ".", "\u066c": ","})


def _ascii_digits(token: str) -> str:
    """Decimal digits of any script (``٣``, ``३``, full-width ``３``) as ASCII digits."""
    if token.isascii():
        return token
    token = token.translate(_SEPARATORS)
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal() else c for c in token)


def normalise_number(token: str) -> str:
    """``token`` with digits in ASCII and digit-group separators removed.

    ``1 234.5``, ``1_000`` and ``٣٫٥`` read as ``1234.5``, ``1000`` and ``3.5``.
    """
    token = _ascii_digits(token)
    return _DIGIT_GROUPS.sub(lambda m: m.group(0).replace(m.group(1), ""), token)


def to_float(num: str) -> float:
    return float(num.replace(MINUS, "-").replace(",", "").lstrip("+"))


def parse_value(token: str) -> Value | None:
    """The value of one slot, or None when the slot is not a single number (see _parse_value).

    Readings of a panel parse the same short tokens many times; those are remembered, a long
    token (hostile input) is parsed afresh rather than kept."""
    return _parse_value_cached(token) if len(token) <= 64 else _parse_value(token)


@lru_cache(maxsize=1 << 15)
def _parse_value_cached(token: str) -> Value | None:
    return _parse_value(token)


def _parse_value(token: str) -> Value | None:
    """The value of one slot, or None when the slot is not a single number.

    A number too large for a float64 (``1e309``, 400 digits) or an infinity
    (``inf``, ``∞``) is kept as an infinite value, which the validate stage
    quarantines (``non_finite_value``) rather than the row losing it.
    """
    m = _INFINITE.match(token)
    if m:
        sign = -1.0 if m.group("sign") in ("-", MINUS) else 1.0
        return Value(value=sign * float("inf"), text=token.strip().rstrip(".;").strip())
    normal = normalise_number(token)
    m = _VALUE.match(normal)
    if not m:
        return None
    unit = m.group("unit")
    if unit and unit.lower() in {"to", "and", "or", "at", "x", "by", "of", "in", "vs"}:
        return None
    number = m.group("num")
    value = to_float(number)
    if normal != token:
        # the printed spelling, not the normalised one (without a remark in parentheses)
        printed = token.rsplit("(", 1)[0] if m.group("paren") else token
        return Value(
            value=value, text=printed.strip().rstrip(".;").strip(), remark=m.group("remark")
        )
    hedge = (m.group("hedge") or m.group("hedge2") or "").strip()
    text = number + (m.group("mult") or "") + (m.group("pct") or "")
    if hedge:
        text = f"{hedge}{text}" if hedge in "~≈∼" else f"{hedge} {text}"
    if m.group("sd"):
        text += " " + m.group("sd").strip()
    return Value(value=value, text=text, remark=m.group("remark"))


_FIELD = re.compile(r"^\s*(?P<name>[A-Za-z][\w .()/@#+-]{0,30}?)\s*[:=]\s*(?P<rest>.*)$")


def record_value(body: str) -> Value | None:
    """The one number of a record of named fields: "Value = 0.712, Color = Light Blue".

    Models often report a cell as named fields (value, colour, shade, note), one or several
    ("value: 55%"). The cell's value is the record's only numeric field; a record with two
    numbers ("Count = 12, Share = 40%") names no single value, so it gives none.
    """
    fields = split_values(body)
    if len(fields) == 1 and not _FIELD.match(fields[0]):
        return None  # one bare token is a slot, read by parse_value, not a record
    found = []
    for field in fields:
        m = _FIELD.match(field)
        rest = m.group("rest") if m else field
        value = parse_value(rest)
        if value is not None:
            found.append(value)
        elif re.search(r"\d", rest):
            return None  # a number that is not a value slot: nothing is certain
        elif m is None:
            return None  # a record's fields are all named, or it is not a record
    return found[0] if len(found) == 1 else None


def is_missing(token: str) -> bool:
    return bool(_MISSING.match(token))


_ARROW_RUN = re.compile(r"\s*(?:→|->|⟶|=>)\s*")
# a value with its unit ("3.3 t/ha → 4.5 t/ha", "6.8 → 9.2 → 1.2 days")
# (a remark in brackets after it: "6.1 t/ha (light green) → 5.3 t/ha (green)")
_UNIT_VALUE = rf"[~≈]?{NUM}\s*%?(?:\s+[A-Za-zµ°][\w/°µ]*)?(?:\s*\([^()]*\))?"
_ARROW_VALUES = re.compile(rf"\s*{_UNIT_VALUE}(?:\s*(?:→|->|⟶|=>)\s*{_UNIT_VALUE})+\s*")


_BLANK = r"(?:—|−|--|·|…|n/a|N/A|NaN|[■□█▪▫░▒▓⬛◼◻])"
_SPACED_RUN = re.compile(rf"\s*(?:{NUM}%?|{_BLANK})(?:\s+(?:{NUM}%?|{_BLANK})){{2,}}\s*")


_ORDER_TAIL = re.compile(
    r"(?<=\d),\s*(?:in\s+(?:[a-z-]+\s+){0,2}order|(?:from\s+)?(?:left|top|bottom)\s+to\s+"
    r"(?:right|bottom|top))\s*$",
    re.I,
)


def split_values(body: str) -> list[str]:
    """The comma-separated slots of a list body (the last 'and' counts as a comma)."""
    from figdata.parse.text import split_top

    body = body.strip().rstrip(".;")
    body = _ORDER_TAIL.sub("", body)  # "3.6, 4.9, 7.8, in wave order": the walk, said after
    parts = split_top(body, ",")
    if len(parts) == 1 and ";" in body:
        parts = split_top(body, ";")
    elif len(parts) == 1 and "|" in body:
        parts = [p for p in body.strip("| ").split("|")]
    elif len(parts) == 1 and len(_ARROW_RUN.findall(body)) >= 1 and _ARROW_VALUES.fullmatch(body):
        # "6.94 → 5.43 → 6.74": a column read top to bottom, one arrow between values
        parts = _ARROW_RUN.split(body)
    elif len(parts) == 1 and re.search(r"\s[/·]\s", body):
        parts = re.split(r"\s+[/·]\s+", body)
    elif len(parts) == 1 and re.fullmatch(r"(?:\([^()]+\)\s*){2,}", body):
        # "(5, 2.96) (10, 2.95) (15, 2.95)": bracketed pairs set apart by spaces
        parts = re.findall(r"\([^()]+\)", body)
    elif len(parts) == 1 and re.fullmatch(rf"\s*{NUM}%?(?:\s+{NUM}%?)+\s*", body):
        # a bare run of numbers separated by spaces, as in a code block
        parts = body.split()
    elif len(parts) == 1 and _SPACED_RUN.fullmatch(body) and len(re.findall(NUM, body)) >= 2:
        # "—     58.3  61.0  33.9": the same, a blank's marker in a cell's place (a dash or
        # an en dash between two numbers may be a range, and is no marker here)
        parts = body.split()
    if len(parts) > 1:
        last = parts[-1]
        m = re.match(r"^\s*and\s+(.*)$", last)
        if m:
            parts[-1] = m.group(1)
    return [p.strip() for p in parts]


def decimals(text: str) -> int:
    """How many digits a printed number has after its point ("0.125" -> 3, "4" -> 0)."""
    digits = re.search(r"\.(\d+)", text)
    return len(digits.group(1)) if digits else 0
