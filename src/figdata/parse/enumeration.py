"""Enumerations in prose read as a small grammar, not as a split on commas.

    enumeration := lead? item (sep item)* trail?
    sep         := "," | ", and" | ", or" | " and " | " or " | " & " (the last pair only)
    lead        := words that introduce the list ("ticks", "in the order", "with columns", ":")
    trail       := a remark after the last item ("listed from the top", "reading rightward")
    range       := "from A to D" | "A through D" | "A–D" (integers, month names or letters)

HTML tags and quoted strings are atoms: their commas and quotes never split an item, and they
are kept verbatim. Items of one list share a shape: when the inner items are bare numbers, the
first and last items are reduced to the number they carry ("has four ticks: 8" -> "8").
"""

from __future__ import annotations

import re
from functools import lru_cache

from figdata.parse import lexicon
from figdata.parse.text import abbreviates, strip_markdown
from figdata.parse.values import decimals

MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
_FULL_NAMES = (
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May "
    "June July August September October November December"
).split()
CALENDAR_FULL = {name[:3].lower(): name for name in _FULL_NAMES}
# a tag opens with a name ("<b>", "</span>", "<!DOCTYPE html>"); "<2%, 2-4%, >15%" are bins
_TAG = re.compile(r"<[/!]?[a-zA-Z][^<>]{0,200}>")
# an HTML element is one atom: "<span ...>Learning rate, log</span>" holds no list separator
_ELEMENT = re.compile(rf"<([a-zA-Z][\w-]*)\b[^<>]{{0,200}}>[^<>]{{0,200}}</\1\s*>|{_TAG.pattern}")
_ATOM = re.compile(r"`[^`]*`|\"[^\"]*\"|“[^”]*”")
_LAST_AND = re.compile(r"^(?P<a>.+?)\s+(?:and|or|&)\s+(?P<b>[^\s].*)$", re.I)
_NUMBER_TICK = re.compile(
    r"[~≈]?[+\-\u2212]?(?:\d+(?:[.,]\d+)*|\.\d+)(?:[eE][+\-\u2212]?\d+)?(?:%|°\w?|[KMBkTG]\b)?"
    # ("3+", "80+": an open-ended last bin keeps its sign)
    r"(?:\+(?!\d))?"
)
_BARE_NUMBER = re.compile(rf"^(?:{_NUMBER_TICK.pattern})$")
# the older lead words, kept: "ticks are at", "labelled", "from top to bottom"
_LEAD = re.compile(
    r"^.*?\b(?:ticks?(?:\s+labels?)?(?:\s+are)?(?:\s+at)?(?:\s+values)?|labels?|labell?ed|values?|"
    r"markers?(?:\s+at)?|groups|classes|tokens|categories|series|levels|(?:from\s+)?"
    r"(?:top|bottom|left|right)\s+to\s+(?:top|bottom|left|right))\s*:?\s+",
    re.I,
)
# "labelled from the top down L1, L2, L3": the walk's direction, then the list
_ORDER_LEAD = re.compile(
    r"\b(?:from\s+)?(?:the\s+)?(?:top\s+down|bottom\s+up)(?:wards?)?\s*:?\s+", re.I
)
_DASH_LEAD = re.compile(r"^(?P<lead>[^\d<>\"“`]{1,60}?)\s+[–—-]\s+(?P<rest>\S.*)$")
# "BC5 — and one row per run": a dash that closes a list set off inside a sentence
_DASH_CLAUSE = re.compile(r"\s+[—–]\s+(?:and|or|with|while|each|one|per)\b.*$", re.S)
# "Nov — only odd months are plotted": a remark in lowercase words after a dash
_DASH_ASIDE = re.compile(r"\s[—–]\s+(?=[A-Za-z])")
_DASH_REMARK = re.compile(r"\s+[—–]\s+[a-z]+(?:\s+[a-z,'-]+){2,}\.?$")
_TRAIL_PAREN = re.compile(r"^(.*\S)\s*\(([^()]*)\)$")
MARKER_GLYPH = re.compile(r"^[\u25a0-\u25ff\u2605\u2606\u2715\u2716]+\s*")
_ENDS_IN_BRACKETS = re.compile(r"\([^()]*\)\s*\.?\s*$")


def mask_tags(text: str) -> str:
    """``text`` with HTML elements and tags blanked, same length."""
    if "<" not in text:
        return text
    return _ELEMENT.sub(lambda m: "\x00" * len(m.group(0)), text)


def mask_atoms(text: str) -> str:
    """``text`` with HTML tags and quoted strings blanked, same length (split here, slice there)."""

    def blank(m: re.Match) -> str:
        return "\x00" * len(m.group(0))

    masked = mask_tags(text)
    return re.sub(r"\"[^\"]*\"|“[^”]*”|`[^`]*`", blank, masked)


_THOUSANDS = re.compile(r"\d{3}(?![\d.])")


def _split(text: str) -> list[str]:
    """Top-level comma items (outside brackets, tags and quotes)."""
    masked = mask_atoms(text)
    spaced = ", " in text
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(masked):
        if ch in "([{":
            depth += 1
        elif ch in ")]}" and depth:
            depth -= 1
        elif ch == "," and depth == 0:
            if spaced and i and masked[i - 1].isdigit() and _THOUSANDS.match(masked, i + 1):
                continue  # "Sea level, 1,000 m, 2,200 m": a thousands separator in an item
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


# "Dec (12 columns)": how many items the list has, said after its last one
_COUNT_REMARK = re.compile(
    r"\d+\s+(?:columns?|rows?|ticks?|labels?|categories|levels|classes|items|entries|bars|cells)",
    re.I,
)


def _spelt_out(code: str, gloss: str) -> bool:
    """'sw (Swahili)', 'BP (blood pressure)': a short code, then the name it abbreviates; the
    code is what the figure prints. ('Ours (600M)' and 'T5 (base)' keep their remark.)"""
    if not re.fullmatch(r"[A-Za-z]{2,4}", code) or not re.fullmatch(
        r"[A-Za-z][A-Za-z -]{2,30}", gloss
    ):
        return False
    short, words = code.lower(), gloss.lower().split()
    if len(words) > 1:  # "BP (blood pressure)": the initials
        return short == "".join(w[0] for w in words)
    return len(short) < len(words[0]) and abbreviates(short, words[0])


@lru_cache(maxsize=1 << 14)
def clean_item(item: str) -> str:
    """One list item without markup, list words, a style remark, quotes or a ``name =``."""
    if not _TAG.search(item):
        item = strip_markdown(item)
    item = item.strip().rstrip(".;").strip()
    # ("○ 50 mg", "▇ blue: ...": the marker drawn before a legend's name is no part of it)
    item = MARKER_GLYPH.sub("", item)
    # ('"Season" → Winter, Spring': the arrow from the name to the first item is no part of it)
    item = re.sub(r"^(?:and|or|&)\s+|^[—–-]\s+|^(?:→|->|⟶|=>)\s*", "", item, flags=re.I)
    item = re.sub(r"\s*\([^()]*$", "", item)  # a remark whose parenthesis the text cut off
    for _ in range(2):  # "sw (rows top to bottom)", "64 listed from the top (Layer 0 first)"
        m = _TRAIL_PAREN.match(item)
        if m and (
            lexicon.COLOUR_WORDS.search(m.group(2))
            or len(m.group(2).split()) > 2
            or lexicon.ORDER_TOP_DOWN.search(m.group(2))
            or lexicon.ORDER_BOTTOM_UP.search(m.group(2))
            or _COUNT_REMARK.fullmatch(m.group(2).strip())
            or _spelt_out(m.group(1).strip(), m.group(2).strip())
            # "March (annual maximum)": a remark on what the item stands for
            or (re.fullmatch(r"[a-z ]+", m.group(2).strip()) and lexicon.EXTREME.search(m.group(2)))
        ):
            item = m.group(1).strip()
        item = lexicon.LIST_TRAIL.regex.sub("", item).strip().rstrip(".;,").strip()
        # a dash that opened a clause: "bowl — and whose rows", "Softmax — top to bottom",
        # "BC5 — and one row per run" (a list set off by dashes inside a sentence)
        item = re.sub(r"\s+[—–]$", "", item)
        item = _DASH_CLAUSE.sub("", item)
        item = _DASH_REMARK.sub("", item)
    if len(item) >= 2 and item[0] == item[-1] and item[0] in "\"'`":
        item = item[1:-1]
    elif item[:1] == "“" and item[-1:] == "”":
        item = item[1:-1]
    # "h=1", "fan setting w = 2", "teal = Away": a name, then the item; "LoRA r=8": words
    # before a tight "r=8" are a name of their own
    m = re.match(r"^([A-Za-z_][\w ]{0,20}?)(\s*)=(\s*)(\S.*)$", item)
    if m and " " in m.group(1).strip() and not (m.group(2) and m.group(3)):
        m = None
    if m:
        item = m.group(4)
    return item.strip()


@lru_cache(maxsize=1 << 14)
def _drop_lead(first: str) -> tuple[bool, str]:
    """(whether a lead phrase was found, the item after it)."""
    # a remark in parentheses never holds the lead: "Credit growth (left to right ...)"
    masked = re.sub(r"\([^()]*\)", lambda m: "\x00" * len(m.group(0)), mask_atoms(first))
    ends = [m.end() for m in (_LEAD.match(masked),) if m]
    ends += [m.end() for m in lexicon.LIST_LEAD.regex.finditer(masked)]
    ends += [m.start("rest") for m in (_DASH_LEAD.match(masked),) if m]
    ends += [m.end() for m in _ORDER_LEAD.finditer(masked)]
    # "(top to bottom) de, fr": an order said in brackets before the first item
    ends += [m.end() for m in (_BRACKETED_ORDER.match(first),) if m]
    for end in sorted(set(ends), reverse=True):
        after = first[end:]
        if order := _BRACKETED_ORDER.match(after):
            after = after[order.end() :]  # "ticks (top to bottom) 1": the order, then the item
        if (
            after.strip()
            and not after.lstrip().startswith("(")
            and looks_like_item(clean_item(after))
        ):
            return True, after
    return False, first


_BRACKETED_ORDER = re.compile(rf"^\s*\({lexicon.ORDER_ANY}\)\s*", re.I)
_NOT_ONE_ITEM = re.compile(
    r"\d[KMBk%]?\s*(?:to|–|-|through)\s*-?\d|\b(?:every|steps?|increments?)\b", re.I
)


# "0-10", "1990–1999", "10-20 cm": one bin of a binned axis, a tick of its own
_BIN = re.compile(
    # ("blocks 1-4", "ages 18–24": a named span of the axis)
    # ("30–33°C": a unit with a degree sign)
    # ("0-30'", "61-90′": a bin of minutes or inches carries its prime)
    r"(?:[\w.%-]+|[\w.%:]+[–—][\w.%:°]+|[A-Za-z][\w.]*\s+\d[\d.]*\s?[-–—]\s?\d[\d.]*"
    r"|\d[\d.]*\s?[-–—]\s?\d[\d.]*\s*°?[^\W\d]{1,5}(?:/[^\W\d]{1,3})?\.?(?:\s*\([^()]*\))?)"
    r"['′″]?"
)


_COUNT_PHRASE = re.compile(
    rf"^(?:\d+|{'|'.join(lexicon.NUMBER_WORDS)})\s+(?:[a-z-]+\s+)?"
    r"(?:ticks?|labels?|columns?|rows?|categories|classes|levels|values|groups|entries|markers|"
    r"series|bins|points)$",
    re.I,
)


@lru_cache(maxsize=1 << 14)
def looks_like_item(item: str) -> bool:
    """Short, and not a range or a spacing ("40 to 80", "gridlines every 10")."""
    # (a sign alone is no word: "+ Aug + Denoise + LM" is three)
    words = [w for w in item.split() if re.search(r"\w", w)]
    if not words or len(words) > 4 or len(item) > 60:
        return False
    if _COUNT_PHRASE.match(item) or (item.startswith("(") and item.endswith(")")):
        return False  # "four categorical ticks", "(context window in tokens)": about the list
    if _NOT_ONE_ITEM.search(item) and not _BIN.fullmatch(item):
        return False
    if _WALK_ONLY.fullmatch(item):
        return False  # "..., starting at the bottom edge and moving up, 15 s": the walk
    return item.lower() not in lexicon.NOT_TICKS


_WALK_ONLY = re.compile(rf"\s*(?:{lexicon.ORDER_ANY}|{lexicon.WALK_VERB.pattern})\s*", re.I)


def plain_items(text: str) -> list[str]:
    """'A, B, C and D' as items, with no lead or range reading (names such as titles)."""
    parts = [p for p in _split(text) if p.strip()]
    if parts and (m := _LAST_AND.match(parts[-1].strip())):
        parts[-1:] = [m.group("a"), m.group("b")]
    return [strip_markdown(p).strip().strip("\"'“”") for p in parts if p.strip()]


_PREPOSITION_REMARK = re.compile(
    r"\s*(?:from|in|on|at|with|for|by|as|per|seen|viewed)\s+(?:the\s+)?\S+\s+\S+", re.I
)


def runs(text: str) -> list[tuple[bool, list[str]]]:
    """Runs of consecutive item-like parts; ``True`` marks a run that a lead phrase opened."""
    # "Low, Medium, High — note that, unusually, ...", "0, 4, 16 — Layer 0 is at the top": once
    # the list has begun, a dash and words set off a remark, commas and all
    aside = _DASH_ASIDE.search(text)
    # (a comma that opens the text, '"Group", top to bottom — A, B', precedes no item; nor is
    # a dash inside names that each end with a swatch a remark: "New build (light grey),
    # Retrofit – insulated (mid grey), Retrofit – uninsulated (black)")
    swatched = all(_ENDS_IN_BRACKETS.search(p) for p in _split(text) if p.strip())
    if aside and "," in text[: aside.start()].lstrip(" ,") and not swatched:
        text = text[: aside.start()]
    parts = [_DASH_REMARK.sub("", _DASH_CLAUSE.sub("", p)) for p in _split(text) if p.strip()]
    # ("`Bits=2` at the bottom and `Bits=3`, `Bits=4`": an item at its edge, then the next)
    parts = [q for p in parts for q in _at_edge_and(p)]
    # ("0.0, increases upward, 0.25, 0.5": the walk's verb between items is none of them)
    parts = [p for p in parts if not _WALK_ONLY.fullmatch(clean_item(p))] or parts
    if len(parts) >= 3 and all(_BARE_NUMBER.match(clean_item(p)) for p in parts[1:]):
        # ("the figure puts 0.0, 0.25, 0.5": words in lower case before the first number)
        parts[0] = re.sub(rf"^[a-z][a-z ]*\s(?={_NUMBER_TICK.pattern}\W*$)", "", parts[0])
    if sum(bool(_PLACES.search(p)) for p in parts) >= 2:
        # "with Sand at the bottom, Loam in the middle and Clay at the top": places, not names
        parts = [_PLACES.sub("", p) for p in parts]
    if len(parts) >= 2 and all(
        _BARE_NUMBER.match(clean_item(_drop_lead(p)[1] if i == 0 else p))
        for i, p in enumerate(parts[:-1])
    ):
        # "2, 4, 8, 16 and 32 on a log-2 scale": after numbers, words opened by a preposition
        # end the list
        parts[-1] = _NUMBER_THEN_REMARK.sub(r"\1", parts[-1])
    # "A, B and C, listed top to bottom": the last part that is an item holds the "and"
    # (a relative clause after the list, "..., which correspond to ...", is not that part)
    last = next((i for i in range(len(parts) - 1, -1, -1) if _item_or_pair(parts[i])), None)
    if last is not None:
        m = _LAST_AND.match(parts[last].strip())
        # (a name in quotes or code is one item: "`+Irrigation & N-fert`")
        atom = _ATOM.fullmatch(parts[last].strip())
        if m and not atom and not re.match(r"(?i)^(?:and|or)\b", parts[last].strip()):
            a, b = clean_item(m.group("a")), clean_item(m.group("b"))
            if looks_like_item(a) and looks_like_item(b):
                parts[last : last + 1] = [m.group("a"), m.group("b")]
    if sum(bool(_PLACES.search(p)) for p in parts) >= 2:
        # "Coast at the top and Inland at the bottom": two items, each with its place
        parts = [_PLACES.sub("", p) for p in parts]
    if len(parts) >= 3 and _PREPOSITION_REMARK.match(parts[-1]):
        if not any(_PREPOSITION_REMARK.match(p) for p in parts[:-1]):
            parts = parts[:-1]  # "Top, Middle, Bottom, from the crossbar down": a remark
    parts = _counted_lead(_numbered_spans(parts))
    parts = _without_swatches(parts)
    parts = _opened_in_prose(parts)
    parts = _shaped_ends(parts)
    if _counted_items(parts) or _word_numbered(parts):
        return [(False, [clean_item(p) for p in parts])]  # "1 Row, 2 Rows, 3 Rows"
    out: list[tuple[bool, list[str]]] = []
    current: list[str] = []
    keyed = False
    head = None  # the last word of the sentence a run follows ("... over the tasks POS")
    for part in parts:
        led, after = _drop_lead(part)
        dash = _DASH_LEAD.match(mask_atoms(part))
        if swatched and led and current and dash and len(part) - len(after) == dash.start("rest"):
            # ("New build (light grey), Retrofit – insulated (mid grey)": in a list of names
            # that each end with a swatch, a dash after the first item joins a name)
            led = False
        if led and after.strip():
            if current:
                out.append(_named_run(keyed, current))
            tick = clean_item(after)
            current, keyed, head = ([tick] if looks_like_item(tick) else []), True, None
            continue
        if _lead_only(part):  # "..., and carries four ticks, Q1, Q2": the list opens after it
            if current:
                out.append(_named_run(keyed, current))
            current, keyed, head = [], True, None
            continue
        tick = _abbreviated(part, clean_item(part), part is parts[-1])
        if looks_like_item(tick):
            if not current and head:
                current.append(head)
            current.append(tick)
            head = None
        else:
            if current:
                out.append(_named_run(keyed, current))
            current, keyed = [], False
            words = clean_item(part).split()
            head = (
                f"\x00{words[-1]}" if len(words) > 1 and _NAME_TOKEN.fullmatch(words[-1]) else None
            )
    if current:
        out.append(_named_run(keyed, current))
    return [(k, _parallel(r)) for k, r in out]


# "POS", "Dep", "SRL": a short name with a capital, or a code
_NAME_TOKEN = re.compile(r"[A-Z][A-Za-z0-9-]{0,11}")


def _named_run(keyed: bool, run: list[str]) -> tuple[bool, list[str]]:
    """A run after a sentence ending in a name of the run's shape starts with that name
    ("a matrix over the tasks POS, NER, Dep"); otherwise the sentence's last word is not."""
    if not run or not run[0].startswith("\x00"):
        return keyed, run
    rest = run[1:]
    if len(rest) >= 2 and all(_NAME_TOKEN.fullmatch(r) for r in rest):
        return keyed, [run[0][1:], *rest]
    return keyed, rest


# "Q1 at the top through Q4 at the bottom", "T1 (top) to T6": one part that spans numbered names
# names numbered in turn, a place remark allowed after either end: "T1 (top) to T6 (bottom)",
# "S1–S6", "Plot 1 through Plot 5", "Q1 at the top through Q4 at the bottom"
_PLACED = r"(?:\s*\([^()]*\)|\s+at\s+the\s+[a-z]+)?"
_NUMBERED_NAMES = re.compile(
    rf"\b([A-Za-z]{{1,12}})( ?)(\d{{1,3}})\b{_PLACED}\s*(?:(?:down|up)\s+)?"
    r"(?:to|-|–|through|thru)\s*"
    rf"\1\2(\d{{1,3}})\b{_PLACED}"
)


def _numbered(m: re.Match | None) -> list[str]:
    """The names a numbered span stands for ("Q1".."Q4"), or nothing for a span too long."""
    if m is None or not 0 < int(m.group(4)) - int(m.group(3)) <= 50:
        return []
    name = m.group(1) + m.group(2)
    return [f"{name}{v}" for v in range(int(m.group(3)), int(m.group(4)) + 1)]


def _numbered_spans(parts: list[str]) -> list[str]:
    """A part that spans numbered names stands for each of them ("..., Q1 through Q4")."""
    out = []
    for part in parts:
        out += _numbered(_NUMBERED_NAMES.fullmatch(strip_markdown(part).strip())) or [part]
    return out


_COUNTED_NOUN = re.compile(
    rf"^\s*(?:the\s+)?(\d+|{'|'.join(lexicon.NUMBER_WORDS)})\s+[a-z][a-z-]*s\s*$", re.I
)


def _counted_lead(parts: list[str]) -> list[str]:
    """'the four quarters, Q1, Q2, Q3, Q4': a count of the items that follow is no item."""
    m = _COUNTED_NOUN.match(strip_markdown(parts[0])) if parts else None
    if m is None:
        return parts
    count = m.group(1).lower()
    size = int(count) if count.isdigit() else lexicon.NUMBER_WORDS.get(count)
    return parts[1:] if size == len(parts) - 1 else parts


def _shaped_ends(parts: list[str]) -> list[str]:
    """Items of one list share a shape; the words around it on the ends are prose: 'Layer 0 is
    drawn at the top, followed by Layer 4, Layer 8' (the sentence that opened the list), '0 h,
    6 h, 12 h, 48 h after heat shock' (a remark on the list)."""
    if len(parts) < 3:
        return parts
    shapes = {_shape(p) for p in parts[1:-1]}
    # (a bin is one shape too: "age bands 18–24, 25–34, 35–49")
    if len(shapes) == 1 and re.search(r"\s|\d[–-]", shape := shapes.pop()) and "0" in shape:
        if (first := _in_shape(parts[0], shape, either_end=True)) is not None:
            parts = [first, *parts[1:]]
    shapes = {_shape(p) for p in parts[:-1]}
    if len(shapes) == 1 and "0" in (shape := shapes.pop()):
        if (last := _in_shape(parts[-1], shape, either_end=False)) is not None:
            parts = [*parts[:-1], last]
        elif re.match(r"\s*[a-z]+\s+[a-z]", parts[-1]) and not re.search(r"\d", parts[-1]):
            # "5, 15, 30, printed from the bottom of the plot upward": numbers, then a remark
            # in words
            parts = parts[:-1]
    return parts


def _shape(part: str) -> str:
    return _NUMBER_SHAPE.sub("0", clean_item(part))


def _in_shape(part: str, shape: str, either_end: bool) -> str | None:
    """The run of words at the start (or, ``either_end``, the end) of a longer ``part`` that
    has ``shape``."""
    words, k = clean_item(part).split(), len(shape.split())
    if len(words) <= k:
        return None
    for start in (0, len(words) - k) if either_end else (0,):
        window = " ".join(words[start : start + k])
        if _NUMBER_SHAPE.sub("0", window) == shape:
            return window
    return None


_NUMBER_SHAPE = re.compile(r"\d+(?:\.\d+)?")


def _opened_in_prose(parts: list[str]) -> list[str]:
    """'... and carries the class names thrush, warbler, finch and wren': a sentence runs into
    the first item; when every later item is one word of one shape, so is the first."""
    words = clean_item(parts[0]).split() if parts else []
    rest = [clean_item(p) for p in parts[1:]]
    if len(parts) < 3 or len(words) <= 4 or not all(len(r.split()) == 1 for r in rest):
        return parts
    # "... a similarity matrix for tasks 1, 2, 3, 4": after a word, a number like the rest
    if all(_BARE_NUMBER.match(r) for r in rest) and re.fullmatch(r"[a-z]+", words[-2]):
        if _BARE_NUMBER.match(words[-1]) and not re.search(r"\d", " ".join(words[-3:-1])):
            return [words[-1], *parts[1:]]
    if _lead_only(parts[0]):
        return parts  # "... in the same order, thrush, warbler": the list begins after it
    shape = r"[a-z]+" if words[-1].islower() else r"[A-Z][a-z]+"
    if not all(re.fullmatch(shape, w) for w in [words[-1], *rest]):
        return parts
    if _LIST_NOUN.fullmatch(words[-1]) or _COUNT_PHRASE.search(" ".join(words[-3:])):
        return parts  # "with the same three classes, apple at the top, ...": the list's name
    if not re.search(rf"\b{lexicon.LIST_OPENING.pattern}", " ".join(words[:-1]), re.I):
        return parts
    return [words[-1], *parts[1:]]


def _without_swatches(parts: list[str]) -> list[str]:
    """'1 Row (salmon), 2 Rows (gold), 3 Rows (teal)': when most items end in a remark and
    most remarks name a colour, every remark is a swatch, known colour word or not.

    'Small (74M) in light grey, Base (244M) in mid grey': a swatch after "in" ends every item.
    """
    tails = [_SWATCH_TAIL.match(p.strip().rstrip(".;")) for p in parts]
    if len(parts) >= 2 and all(tails):
        return [m.group(1) for m in tails if m]
    # '"Runner A (marathon)" as a navy line with square markers, "Runner B (1500 m)" as ...':
    # every item a quoted name and words on how it is drawn
    heads = [_QUOTED_HEAD.match(p) for p in parts]
    if len(parts) >= 2 and all(heads):
        return [m.group(1) for m in heads if m]
    remarks = [_TRAIL_PAREN.match(p.strip().rstrip(".;")) for p in parts]
    marked = [m for m in remarks if m and len(m.group(2).split()) <= 2]
    if len(parts) < 2 or len(marked) < len(parts):
        return parts
    if sum(bool(lexicon.COLOUR_WORDS.search(m.group(2))) for m in marked) * 2 <= len(marked):
        return parts
    return [m.group(1) for m in marked]


_QUOTED_HEAD = re.compile(r"^\s*(?:and\s+)?[\"“]([^\"”]+)[\"”]\s+[a-z]")
_SWATCH_TAIL = re.compile(
    rf"^(.*?\S)\s+(?:(?:drawn|shown|plotted)\s+)?(?:in|as)\s+(?:(?:{lexicon.COLOUR_WORDS.pattern})"
    r"(?:[\s,/-]+|$))+$",
    re.I,
)


def _counted_items(parts: list[str]) -> bool:
    """Items that count a unit in turn ("1 Row, 2 Rows, 3 Rows", "2 layers, 4 layers") are the
    ticks; one such phrase alone says how many ticks there are."""
    found = [_COUNT_PHRASE.match(clean_item(p)) for p in parts]
    if len(parts) < 2 or not all(found):
        return False
    nouns = {clean_item(p).split()[-1].lower().rstrip("s") for p in parts}
    numbers = [clean_item(p).split()[0] for p in parts]
    return len(nouns) == 1 and len(set(numbers)) == len(numbers)


_WORD_NUMBERED = re.compile(r"([A-Za-z][A-Za-z_-]*)\s+(\S*\d\S*)")


def _word_numbered(parts: list[str]) -> bool:
    """Items that repeat one word before a value ("step 1k, step 10k, step 50k") are ticks,
    even when the word alone would say a spacing ("step 0.5") or a range."""
    found = [_WORD_NUMBERED.fullmatch(clean_item(p)) for p in parts]
    if len(parts) < 2 or not all(found):
        return False
    words = {m.group(1).casefold() for m in found}  # type: ignore[union-attr]
    values = [m.group(2) for m in found]  # type: ignore[union-attr]
    return len(words) == 1 and len(set(values)) == len(values)


def _abbreviated(part: str, tick: str, last: bool) -> str:
    """'GDP, CPI, Unemp., Rate': a period before the next comma ends an abbreviation, not a
    sentence; it belongs to the tick as printed."""
    raw = strip_markdown(part).strip().strip("`")
    if not last and re.search(r"[A-Za-z]{2}\.$", raw) and raw[:-1] == tick:
        return raw
    return tick


_LIST_NOUN = re.compile(
    r"\b(?:ticks?|labels?|columns?|rows?|categories|classes|levels|values|groups|entries|"
    r"markers|series)\b",
    re.I,
)


@lru_cache(maxsize=1 << 14)
def _lead_only(part: str) -> bool:
    """A part that ends in a lead phrase and holds nothing after it."""
    text = strip_markdown(part).strip() + " "
    # words before the lead are plain lowercase prose ("and carries four ticks"), never an
    # item that a trailing remark follows ("4 from top to bottom")
    # a lone verb ("is" in "The, Eiffel, Tower, is, located") is an item, not a lead
    return any(
        m.end() == len(text)
        and re.fullmatch(r"[a-z\s]*", text[: m.start()])
        and len(m.group(0).split()) >= 2
        # never an order remark ("ar from top to bottom"), but "... in the same order," is
        and (_LIST_NOUN.search(m.group(0)) or re.match(r"\s*in\s.*\border\b", m.group(0)))
        for m in lexicon.LIST_LEAD.regex.finditer(text)
    )


def _item_or_pair(part: str) -> bool:
    """A part that is one item, or two joined by the list's last "and"."""
    tick = clean_item(part)
    if not tick or re.match(r"(?i)\s*(?:which|that|who|whose|where)\b", part):
        return False  # "..., which are calendar years": a relative clause about the list
    if looks_like_item(tick):
        return True
    m = _LAST_AND.match(part.strip())
    return bool(m) and all(looks_like_item(clean_item(m.group(g))) for g in ("a", "b"))


_NUMBER_THEN_REMARK = re.compile(
    rf"^(.*?(?:{_NUMBER_TICK.pattern}))\s+(?:on|in|at|with|for|by|as|per|along)\s+(?:a|an|the)?\s*[a-z].*$",
    re.I,
)
_PLACES = re.compile(
    rf"\s+(?:(?:at|in|on)\s+the\s+(?:very\s+)?{lexicon.PLACE.pattern}\b"
    # ("Urban on top, Rural below": a place told in a word, at the item's end)
    r"(?:\s+(?:row|column|edge|side))?|(?:on\s+top|below|above|underneath|beneath)"
    r"(?=\s*(?:$|,|\band\b)))",
    re.I,
)


def _first_capital(words: list[str]) -> int | None:
    """Where a run of lowercase words ends in a capitalised name, that name's first word."""
    for k, word in enumerate(words):
        if re.match(r"[A-Z]", word):
            return k if k >= 1 else None
        if not re.fullmatch(r"[a-z]+", word):
            return None
    return None


def _parallel(items: list[str]) -> list[str]:
    """Items of one list share a shape: their ends lose the words that do not fit it.

    After bare numbers, the first and last items keep only their number ("ticks 8" -> 8); after
    one-word names with a capital or a digit, lowercase words leading the first item are a noun
    that introduced the list ("stages S1, S2, S3", "agents PPO and SAC").
    """
    if (
        len(items) >= 3
        and len(first := items[0].split()) == 1
        and (named := re.fullmatch(r"([A-Za-z]+) ?\d+", items[1]))
        and first[0].lower() in (named.group(1).lower() + "s", named.group(1).lower() + "es")
    ):
        items = items[1:]  # "layers, Layer 0 through Layer 11": the plural named the list
    words = items[0].split()
    if (
        len(items) >= 2
        and 2 <= len(words) <= 6
        and all(re.fullmatch(r"[a-z]+", w) for w in words[:-1])
        and all(len(i.split()) == 1 and re.search(r"[A-Z0-9]", i) for i in items[1:])
        and re.search(r"[A-Z0-9]", words[-1])
    ):
        items = [clean_item(words[-1]), *items[1:]]  # "sales regions North, East, South"
    elif (
        len(items) >= 3
        and 3 <= len(words) <= 6
        # "with the species thrush, ...", "carries the class names thrush, ...": the opening
        # words anywhere in the phrase before the first item
        and re.search(rf"\b{lexicon.LIST_OPENING.pattern}", items[0], re.I)
        and all(re.fullmatch(r"[a-z]+", w) for w in words)
        and all(len(i.split()) == 1 for i in items[1:])
    ):
        # "with the species thrush, wren, finch": the words that opened the list in a sentence
        items = [clean_item(words[-1]), *items[1:]]
    elif (
        len(items) >= 3
        and (k := _first_capital(words)) is not None
        and all(re.match(r"[A-Z0-9]", i) for i in items[1:])
        and len(words) - k <= max(len(i.split()) for i in items[1:])
    ):
        # "the school types Urban public, Rural public, Charter": lowercase words that named
        # the list before its first item, which is written as the others are
        items = [clean_item(" ".join(words[k:])), *items[1:]]
    elif (
        len(items) >= 3
        and len(words) == 2
        and re.fullmatch(r"(?i)with|including|namely|as", words[0])
        and all(len(i.split()) == 1 for i in items[1:])
    ):
        items = [clean_item(words[1]), *items[1:]]  # "the predicted label with rust, blight"
    if len(items) == 2 and _BARE_NUMBER.match(items[1]) and not _BARE_NUMBER.match(items[0]):
        first = _NUMBER_TICK.findall(items[0])
        if first and items[0].rstrip().endswith(first[-1]):
            return [first[-1].lstrip("~≈"), items[1]]  # "batch sizes 1 and 8"
    if (
        len(items) >= 3
        and all(re.search(r"\d", i) for i in items[:-1])
        and re.fullmatch(r"[a-z][a-z ]*", items[-1])
        and len(items[-1].split()) >= 2
    ):
        items = items[:-1]  # "20–34, 35–49, youngest at the top": a remark in words
    inner = items[1:-1]
    if len(items) < 3 or not all(_BARE_NUMBER.match(i) for i in inner):
        return items
    if not _NUMBER_TICK.search(items[0]) and len(items) >= 4:
        items = items[1:]  # "Window, 500, 1000, 2000": the name stood before the numbers
    out = list(items)
    first = _NUMBER_TICK.findall(items[0])
    if first and not _BARE_NUMBER.match(items[0]):
        out[0] = first[-1]
    last = _NUMBER_TICK.findall(items[-1])
    if last and not _BARE_NUMBER.match(items[-1]):
        out[-1] = last[0]
    return [o.lstrip("~≈") for o in out]


_NUM = r"-?(?:\d+(?:\.\d+)?|\.\d+)"
_STEPPED = re.compile(
    # "0.0 (bottom) up to 1.0 (top) in steps of 0.25": a place remark after each end
    rf"(?P<a>{_NUM})(?:\s*\([a-z -]+\))?\s*(?:(?:up|down)\s+)?(?:to|-|–|through)\s*(?P<b>{_NUM})"
    r"(?:\s*\([a-z -]+\))?\s*[,;(]?\s*(?:in\s+|with\s+(?=ticks?\b|labels?\b|markers?\b))?"
    # "0 to 30, ticks every 5": the ticks named before their step
    r"(?:(?:ticks?|tick\s+marks?|markers?|labels?)\s+(?:at\s+|placed\s+)?)?"
    rf"(?:steps?|increments?|spacing|every)\s*(?:of\s+|=\s*)?(?P<s>{_NUM})",
    re.I,
)


_STEP_WORD = "|".join(lexicon.NUMBER_WORDS)
# "ticks every five years from 1990 to 2020": the step told before the range, a unit between
_STEP_FIRST = re.compile(
    rf"\b(?:steps?\s+of|increments?\s+of|every)\s+(?P<s>{_NUM}|{_STEP_WORD})\b(?:\s+[a-z]+)?"
    rf"\s*,?\s+from\s+(?P<a>{_NUM})\s*(?:to|-|–|through)\s*(?P<b>{_NUM})(?![\d.])",
    re.I,
)


def stepped_range(text: str) -> list[str]:
    """'0.5 to 2.5, step 0.5' as 0.5, 1.0, 1.5, 2.0, 2.5 (spelled with the widest decimals)."""
    m = _STEPPED.search(text) or _STEP_FIRST.search(text)
    if not m:
        return []
    spelt = m.group("s").lower()
    step = float(lexicon.NUMBER_WORDS.get(spelt, 0) or spelt)
    a, b = float(m.group("a")), float(m.group("b"))
    if step <= 0 or b <= a or (b - a) / step > 200:
        return []
    places = max(decimals(m.group(g)) for g in ("a", "b") + (() if spelt.isalpha() else ("s",)))
    count = round((b - a) / step)
    if abs(a + count * step - b) > step * 1e-6:
        return []
    return [f"{a + i * step:.{places}f}" for i in range(count + 1)]


def expand_range(text: str) -> list[str]:
    """'from 1 to 5', '1–5', 'Jan through Jun' as the items they stand for.

    A value axis ("linear, 40 to 80, gridlines every 10") has a range, not ticks to list.
    """
    if stepped := stepped_range(text):
        return stepped
    if lexicon.VALUE_AXIS.search(text):
        return []
    if names := _numbered(_NUMBERED_NAMES.search(text)):
        return names
    m = re.search(
        # "1 (top) to 5 (bottom)", "10 at the top down to 1": a place remark allowed after the
        # first end
        r"(?:from\s+)?(?<![\d.:])(-?\d+)(?:\s*\([A-Za-z -]*\)|\s+at\s+the\s+[a-z]+)?\s*"
        r"(?P<way>(?:down|up)\s+)?(?:to|-|–|through|thru)\s*(-?\d+)(?![.:]\d|\d)",
        text,
        re.I,
    )
    if m:
        lo, hi = int(m.group(1)), int(m.group(3))
        if 0 < hi - lo <= 200:
            return [str(v) for v in range(lo, hi + 1)]
        if m.group("way") and 0 < lo - hi <= 200:
            return [str(v) for v in range(lo, hi - 1, -1)]  # "10 at the top down to 1"
    # "N to NW": the points of the compass in turn
    m = re.search(r"\b([NESW]{1,2})\s+(?:through|thru|to)\s+([NESW]{1,2})\b", text)
    if m and m.group(1) in COMPASS and m.group(2) in COMPASS:
        a, b = COMPASS.index(m.group(1)), COMPASS.index(m.group(2))
        if a < b:
            return COMPASS[a : b + 1]
    m = re.search(
        r"\b([A-Za-z]{3,9})(?:\s+(?:through|thru|to)\s+|\s*[-–]\s*)([A-Za-z]{3,9})\b", text
    )
    if m:
        a, b = m.group(1)[:3].lower(), m.group(2)[:3].lower()
        for names in (MONTHS, WEEKDAYS):
            if a in names and b in names and names.index(a) < names.index(b):
                spelled = [n.capitalize() for n in names[names.index(a) : names.index(b) + 1]]
                if len(m.group(1)) > 3:  # "Monday to Friday": the full names
                    spelled = [CALENDAR_FULL.get(n.lower(), n) for n in spelled]
                return spelled
    # "domains A-F": capital letters in turn
    m = re.search(r"(?<![\w-])([A-Z])\s*(?:[-–]|\s(?:to|through|thru)\s)\s*([A-Z])(?![\w-])", text)
    if m and ord(m.group(1)) < ord(m.group(2)):
        return [chr(c) for c in range(ord(m.group(1)), ord(m.group(2)) + 1)]
    return []


def segments(rest: str) -> list[str]:
    rest = re.sub(
        r"^\s*labell?ed(?!(?:\s+[a-z]+){1,4}?\s+as\s)\s*[.:,]?\s*", "", rest.strip(), flags=re.I
    )
    masked = mask_atoms(rest)
    # (nor inside brackets: "CRP (left to right on x; top to bottom on y)" is one remark)
    masked = re.sub(r"\([^()]*\)", lambda b: "(" + "\x01" * (len(b.group(0)) - 2) + ")", masked)
    cuts = [0]
    # (a sentence also ends after a digit or a capital before a capitalised word: "..., 10,
    # 20. Note the axis ...")
    for m in re.finditer(
        # ("ZmPIP1;2": a semicolon between two characters of a word is part of a name)
        r"(?<=[a-z)\]`\"'\x00])\.\s+(?=[A-Z(`\x00])|(?<=[A-Z0-9%])\.\s+(?=[A-Z][a-z])|"
        r"(?<!\w);|;(?!\w)",
        masked,
    ):
        cuts.append(m.start())
        cuts.append(m.end())
    cuts.append(len(rest))
    pieces = [rest[cuts[i] : cuts[i + 1]] for i in range(0, len(cuts), 2)]
    return [p for p in pieces if p.strip(" .,")]


_ELLIPSIS = re.compile(
    r"(?:(?P<word>[A-Za-z_]+)\s*)?(?<![\d.])(?P<head>\d+(?:\s*,\s*(?:(?P=word)\s*)?\d+)*)"
    # "0, 1, 2, ..., 9, 10, 11": the run may end in several items after the gap
    r"\s*,?\s*(?:…|\.\.\.)\s*,?\s*(?P<tail>(?:(?P=word)\s*)?\d+(?![\d.])"
    r"(?:\s*,\s*(?:(?P=word)\s*)?\d+(?![\d.]))*)"
)


def elided(text: str) -> list[str]:
    """'1, 2, ..., 6', '1, 2, 4, …, 64', 'Head 0 … Head 5': a run of integers, gap filled."""
    m = _ELLIPSIS.search(text)
    if not m:
        return []
    head = [int(v) for v in re.findall(r"\d+", m.group("head"))]
    tail = [int(v) for v in re.findall(r"\d+", m.group("tail"))]
    last = tail[-1]
    steps = {b - a for a, b in zip(head, head[1:], strict=False)} or {1}
    ratios = {b // a if a and b % a == 0 else 0 for a, b in zip(head, head[1:], strict=False)}
    out = list(head)
    if len(steps) == 1 and (step := steps.pop()) > 0 and (last - head[-1]) % step == 0:
        out += list(range(head[-1] + step, last + 1, step))
    elif len(ratios) == 1 and (ratio := ratios.pop()) > 1:
        while out[-1] * ratio <= last:
            out.append(out[-1] * ratio)
    if out[-len(tail) :] != tail or len(out) > 200:
        return []
    word = m.group("word")
    if word and text[m.start("word") : m.start("head")] == word and len(word) <= 3:
        # "S1 … S6": a short prefix glued to the number is part of the name
        return [f"{word}{v}" for v in out]
    return [str(v) for v in out]


_EDGE_REMARK = re.compile(
    r"\s+(?:at|on|along)\s+the\s+(?:very\s+|far\s+)?(?:top|bottom|left|right)"
    r"(?:[- ](?:most|hand))?(?:\s+(?:edge|end|side|row|column))?\b",
    re.I,
)
_WALK = re.compile(
    r"\s+(?:through|thru|(?:down|up|over|across|on)\s+to|then|followed\s+by)\s+", re.I
)


_WALK_IN_WORDS = re.compile(
    r"(?:^|\s)from\s+(?P<a>\S+(?:\s+\S+){0,4}?)\s+(?:through|thru|via)\s+"
    r"(?P<b>\S+(?:\s+\S+){0,8}?)\s+(?:(?:down|up|over|across|on)\s+)?to\s+(?P<c>.+)$",
    re.I,
)


# "10 at the bottom and climbs through 20 to 40 at the top": the first end at its edge, then
# the walk's verb, its middle and its last item
_EDGE_WALK = re.compile(
    rf"(?P<a>[^\s,]+){_EDGE_REMARK.pattern}\s+(?:and\s+)?(?:[a-z]+\s+){{0,2}}?"
    r"(?:through|thru|via)\s+(?P<b>\S+(?:\s+\S+){0,8}?)\s+"
    r"(?:(?:down|up|over|across|on)\s+)?to\s+(?P<c>.+)$",
    re.I,
)


def walked_list(text: str) -> str:
    """'from Mon at the top through Tue, Wed and Sat down to Sun at the bottom' as a list.

    A list told as a walk along the axis: the edge remarks go, the walking words and the
    "and" inside the walk separate items. Only a text that also separates items by commas
    is read this way; "Mar through Jun" alone stays a range.
    """
    if "," not in text and (m := _WALK_IN_WORDS.search(text) or _EDGE_WALK.search(text)):
        # "from 0.0 at the bottom through 0.1 and 0.2 to 0.5 at the top": no comma, the walk
        # words alone set the first item, the middle ones and the last apart
        text = f"{m.group('a')}, {m.group('b')}, {m.group('c')}"
    elif "," not in text or not _WALK.search(text):
        return text
    walked = _EDGE_REMARK.sub("", text)
    if through := re.search(r"\s(?:through|thru|via)\s", walked):
        # "through 0.25, 0.5, 0.75 to 1.0": after the walk's middle, "to" names its last item
        head, tail = walked[: through.end()], walked[through.end() :]
        walked = head + re.sub(r"^(.*,.*?)\s+to\s+(?=\S+$)", r"\1, ", tail.rstrip(" ."))
    walked = _WALK.sub(", ", walked)
    walked = re.sub(r"\s+(?:and|or)\s+", ", ", walked)
    return re.sub(r"^\s*from\s+", "", walked, flags=re.I)


# (not "2 at the bottom and 8 at the top": two ends, each at its edge)
_PLACE_AND = re.compile(
    rf"^(?P<a>.+?){_EDGE_REMARK.pattern}\s+and\s+(?P<b>(?!.*{_EDGE_REMARK.pattern})\S.*)$", re.I
)
_EDGE_ENDS = re.compile(
    # "1 at the top down to 4 at the bottom": the direction word before "to"
    # ("Layer 0 at the bottom, Layer 3 at the top": an end may carry the axis' word)
    rf"^\W*(?P<a>(?:[A-Za-z]+\s+)?[\w.]+){_EDGE_REMARK.pattern}\s*"
    r"(?:,|and|(?:(?:down|up|over|across|on)\s+)?to)\s*(?:[a-z]+ing\s+)?(?:,|and|to)?\s*"
    rf"(?P<b>(?:[A-Za-z]+\s+)?[\w.]+){_EDGE_REMARK.pattern}\W*$",
    re.I,
)


def _at_edge_and(part: str) -> list[str]:
    m = _PLACE_AND.match(part)
    return [m.group("a"), m.group("b")] if m else [part]


def edge_range(text: str) -> list[str]:
    """'2019 at the top, 2024 at the bottom': the two ends of a run, the run between them."""
    m = _EDGE_ENDS.match(text.strip())
    return expand_range(f"{m.group('a')} to {m.group('b')}") if m else []


_SPANS = re.compile(r"(?<![\d.])\d[\d.]*\s?[-–]\s?\d")


def read_enumeration(rest: str) -> list[str]:
    """The items a description lists, in the order it lists them."""
    if filled := elided(rest):
        return filled
    spans = any(_NUMBERED_NAMES.fullmatch(strip_markdown(p).strip()) for p in _split(rest))
    if (
        not spans  # "Q1 at the top through Q4 at the bottom" names all four, not two ends
        and (walked := walked_list(rest)) != rest
        and len(items := read_enumeration(walked)) >= 3
    ):
        return items
    if ends := edge_range(rest):
        return ends
    for segment in segments(rest):
        masked = mask_atoms(segment)
        colon = masked.rfind(":")
        texts = [segment[colon + 1 :]] if colon >= 0 else []
        texts.append(segment)
        for text in texts:
            found = [r for r in runs(text) if len(r[1]) >= 2]
            if found:
                keyed, run = max(found, key=lambda r: (r[0], len(r[1])))
                # ("0-5, 5-10 m/s": two bins, not the run 0 to 5)
                bins = all(re.fullmatch(r"\d[\d.]*\s?[-–]\s?\d[\d.]*.*", r) for r in run)
                if len(run) == 2 and not bins and expand_range(segment):
                    return expand_range(segment)
                return run
        # ("0-30', 31-60', 61-90'": several spans are the bins of a list, not one range)
        if len(_SPANS.findall(segment)) < 2 and (expanded := expand_range(segment)):
            return expanded
    # '"Sequence length" (512, 1024, 2048)': the list is the parenthesis
    inner = re.search(r"\(([^()]*,[^()]*)\)", rest)
    return read_enumeration(inner.group(1)) if inner else []
