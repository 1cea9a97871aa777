"""Map a label as printed (``**Window 3000**``, ``T=0.6``, ``seed 0``) to a declared tick."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from figdata.parse import lexicon
from figdata.parse.enumeration import CALENDAR_FULL
from figdata.parse.text import abbreviates, norm, rx, strip_markdown
from figdata.parse.values import to_float

_ROW_WORDS = {"row", "rows"}
_COL_WORDS = {"colum", "col", "cols"}


@dataclass
class AxisTicks:
    name: str  # "x" or "y"
    label: str | None
    ticks: list[str]
    #: y only: the ticks listed from the top edge down, for positional references
    top_down: list[str] = field(default_factory=list)

    def words(self) -> frozenset[str]:
        return _words(self.label or "")


@lru_cache(maxsize=1 << 14)
def _words(text: str) -> frozenset[str]:
    words = re.findall(r"[a-z][a-z0-9_-]*", text.lower())
    # the parts of a compound and a plural's singular name the axis too: "4 bits" of "bit-width"
    parts = [p for w in words if "-" in w for p in w.split("-")] + words
    singular = [w[:-1] for w in parts if len(w) > 3 and w.endswith("s") and not w.endswith("ss")]
    return frozenset(
        {w[:5] for w in parts + singular if len(w) > 1} | {w for w in words if w in ("x", "y")}
    )


@lru_cache(maxsize=1 << 14)
def _numeric(text: str) -> float | None:
    """The number a label spells; a percent sign does not change it (``10%`` = ``10``)."""
    try:
        return to_float(text.removesuffix("%").rstrip())
    except ValueError:
        return None


@lru_cache(maxsize=4096)
def _tick_keys(ticks: tuple[str, ...]) -> tuple[dict[str, str], dict[float, str]]:
    """Lookup tables of an axis: by spelling, and by value for numeric ticks (first wins)."""
    by_text: dict[str, str] = {}
    by_number: dict[float, str] = {}
    for tick in ticks:
        key = norm(tick)
        by_text.setdefault(key, tick)
        number = _numeric(key)
        if number is not None:
            by_number.setdefault(number, tick)
    for tick in ticks:
        # "January" under the tick "Jan", "Mon" under "Monday": a calendar name, short or full
        if full := calendar_full(tick):
            by_text.setdefault(norm(full), tick)
            by_text.setdefault(norm(full[:3]), tick)
    return by_text, by_number


def calendar_full(tick: str) -> str | None:
    """The full name of a month or weekday a tick spells short or in full ("Jan", "Monday")."""
    short = tick.strip().lower()[:3]
    full = CALENDAR_FULL.get(short)
    return full if full and tick.strip().lower() in (short, full.lower()) else None


def match_tick(text: str, ticks: list[str]) -> str | None:
    """The declared tick that ``text`` spells, exactly or as the same number."""
    key = norm(text)
    if not key:
        return None
    by_text, by_number = _tick_keys(tuple(ticks))
    if key in by_text:
        return by_text[key]
    number = _numeric(key)
    return by_number.get(number) if number is not None else None


@dataclass(frozen=True)
class Resolved:
    tick: str
    prefix: str  # the words printed before the tick ("Window", "T", "")


def resolve(label: str, axis: AxisTicks) -> Resolved | None:
    """Resolve a printed label to one of the axis' ticks, or None."""
    if not axis.ticks:
        return None
    key = (label, axis.name, axis.label, tuple(axis.ticks))
    if len(label) > 200 or len(key[3]) > 200:
        return _resolve(*key)  # hostile sizes are not kept
    # candidate readings resolve the same labels against the same ticks again and again
    return _resolve_cached(*key)


@lru_cache(maxsize=1 << 14)
def _resolve_cached(label: str, name: str, axis_label: str | None, ticks: tuple):
    return _resolve(label, name, axis_label, ticks)


def _resolve(label: str, name: str, axis_label: str | None, ticks: tuple) -> Resolved | None:
    axis = AxisTicks(name, axis_label, list(ticks))
    text = strip_markdown(label).strip().rstrip(":").strip()
    if not axis.ticks or not text:
        return None
    tick = match_tick(text, axis.ticks)
    if tick is not None:
        return Resolved(tick, "")
    # a parenthetical that names the tick: "Row 3 (ensemble size 4)"
    for inner in re.findall(r"\(([^()]+)\)", text):
        for part in inner.split(","):
            found = resolve(part, axis)
            if found is not None and found.prefix:
                return found
    text = re.sub(r"\s*\([^()]*\)\s*$", "", text)
    # "→ `de`" under a source row: the arrow points to the tick
    text = re.sub(r"^(?:(?:at|for|in)\s+|(?:→|->|⟶)\s*)", "", text, flags=re.I)
    tick = match_tick(text, axis.ticks)
    if tick is not None:
        return Resolved(tick, "")
    # "the Gov. bonds row", "Lot B series": the tick, then the word for what it labels
    named = _LABELS_WHAT.sub("", text)
    if named != text and (
        (tick := match_tick(named, axis.ticks)) is not None
        or (tick := _before_unit(named, axis)) is not None
    ):
        return Resolved(tick, "")
    # "First half" under the legend entry "First half (0–45')": a tick's remark left off
    if any(t.endswith(")") for t in axis.ticks):
        folded = text.casefold()
        bare = [t for t in axis.ticks if _TRAILING_REMARK.sub("", t).casefold() == folded]
        if len(bare) == 1 and bare[0] != text:
            return Resolved(bare[0], "")
    # "Home games" under the row "Home": a name, then a common noun for what it labels
    if (m := _NAME_THEN_NOUN.fullmatch(text)) and (tick := match_tick(m.group(1), axis.ticks)):
        if not _numeric(tick):
            return Resolved(tick, "")
    # the tick after a name: "Window 3000", "T=0.6", "Weight decay 1e-4"
    for m in re.finditer(r"\s*(?:=|:|\s)\s*", text):
        prefix, rest = text[: m.start()], text[m.end() :]
        if not prefix or not re.match(r"^[A-Za-z_α-ωΑ-Ω]", prefix) or _numeric(prefix):
            continue
        tick = match_tick(rest, axis.ticks)
        if tick is None and not rest.isdigit():  # "N = 180 kg/ha", "Step 1k": a unit follows
            tick = _before_unit(rest, axis)
        if tick is not None:
            return Resolved(tick, prefix.strip())
    if (tick := _before_unit(text, axis)) is not None:
        return Resolved(tick, "")
    # "W500" on the axis "Window": the axis' initial glued to the tick
    glued = re.fullmatch(r"([A-Za-z]{1,2})(\d[\d.]*%?)", text)
    if glued and (tick := match_tick(glued.group(2), axis.ticks)) is not None:
        if _short_form(glued.group(1), axis) > 0:
            return Resolved(tick, glued.group(1))
    # "baseline" under the legend entry "Whisper-style baseline": a common noun that ends one
    # tick and no other, the one word qualifying it left off
    if re.fullmatch(r"[a-z][a-z-]+", text):
        ends = [
            t
            for t in axis.ticks
            if re.fullmatch(rf"[\w-]+\s+{re.escape(text)}", t, re.I) and t.casefold() != text
        ]
        if len(ends) == 1:
            return Resolved(ends[0], "")
    # last, a bare tick in parentheses after a position: "Top row (3000)"
    inner = re.findall(r"\(([^()]+)\)", strip_markdown(label))
    if len(inner) == 1 and (tick := match_tick(inner[0], axis.ticks)) is not None:
        return Resolved(tick, "")
    return _by_position(text, axis) or _number_of_named_ticks(text, axis)


def _number_of_named_ticks(text: str, axis: AxisTicks) -> Resolved | None:
    """ "0" where every tick is the same word and a number ("Layer 0", "Layer 3"): the tick
    with that number."""
    if _numeric(text) is None:
        return None
    parts = [re.fullmatch(r"([^\W\d][\w-]*)\s*(\d[\d.]*)", t) for t in axis.ticks]
    if not all(parts) or len({p.group(1).casefold() for p in parts if p}) != 1:
        return None
    hits = [t for t, p in zip(axis.ticks, parts, strict=True) if p and p.group(2) == text]
    return Resolved(hits[0], "") if len(hits) == 1 else None


# "Row 2", "Column 4" where no tick is a number: the row or column counted in the order the
# axis lists its ticks, from 1
# ("Cell 2" under "Row 1 (Rainfed)": the cell counted from the left along its row)
_POSITION = {"y": re.compile(r"rows?\s*#?\s*(\d{1,3})", re.I)}
_POSITION["x"] = re.compile(r"(?:columns?|cols?\.?|cells?)\s*#?\s*(\d{1,3})", re.I)


def _by_position(text: str, axis: AxisTicks) -> Resolved | None:
    pattern = _POSITION.get(axis.name)
    m = pattern.fullmatch(text) if pattern else None
    if not m:
        return None
    index = int(m.group(1))
    if any(_numeric(t) == index for t in axis.ticks):
        return None  # "Column 2" where 2 is a tick: the tick, or the place? Not guessed
    return Resolved(axis.ticks[index - 1], "") if 1 <= index <= len(axis.ticks) else None


#: the word after a name for the part of the chart it names: "U18 bar", "**pH** row"
PART_WORD_AFTER = re.compile(rf"\s+({lexicon.TICK_NOUN.pattern}|curve)$", re.I)


def without_part_word(name: str) -> str:
    """'U18 bar' -> 'U18', 'Pre-season cluster' -> 'Pre-season'; other names unchanged."""
    return PART_WORD_AFTER.sub("", name)


_LABELS_WHAT = re.compile(rf"^(?:the\s+)|\s+(?:{lexicon.TICK_NOUN.pattern})$", re.I)

# the tick never ends in a period: "1. Dense retriever" is an enumerator and a name
_UNIT = re.compile(r"^(\S*[^\s.])\s*(?<=\s|\d)([a-zA-Z%°µ][a-zA-Z%°µ/²³-]*(?:\s+[a-zA-Z/²³]+)?)$")


_TRAILING_REMARK = re.compile(r"\s*\([^()]*\)\s*$")
_NAME_THEN_NOUN = re.compile(r"([A-Z][^\s]*(?:\s+[A-Z][^\s]*)*)\s+[a-z]{3,}")


def _before_unit(text: str, axis: AxisTicks) -> str | None:
    """A tick followed by its unit: "500 tokens", "4K context", "180 kg/ha", "0.5 T", and
    "0-shot" (a hyphen joins the unit)."""
    if (tick := _before_label_unit(text, axis)) is not None:
        return tick
    m = _UNIT.match(text) or re.match(r"^([\d.]+)-([a-z]+)$", text)
    tick = match_tick(m.group(1), axis.ticks) if m else None
    if m and tick is None and (glued := re.fullmatch(r"([\d.]+)([A-Za-zµ]{1,3})", m.group(1))):
        # "1B tokens" on the axis "Training tokens (B)": the unit the label gives, glued on
        if glued.group(2) in re.findall(r"[A-Za-zµ]+", axis.label or ""):
            tick = match_tick(glued.group(1), axis.ticks)
    if tick is None and " " in text:
        # "0 kg N/ha" under the tick "0 kg": the tick, its unit told in full
        for t in sorted(axis.ticks, key=len, reverse=True):
            if _NUMBER_AND_UNIT.fullmatch(t) and text.startswith(t):
                if _MORE_UNIT.fullmatch(text[len(t) :]):
                    return t
    # "20 µm" is not the tick "20%": a unit other than the tick's own names something else
    if tick is None or (tick.endswith("%") and not m.group(2).startswith("%")):
        return None
    return tick


_NUMBER_AND_UNIT = re.compile(r"[-−+]?\d[\d.,]*\s*[A-Za-zµ°%][\w/°µ²³%]*")
_MORE_UNIT = re.compile(r"\s*/?\s*[A-Za-zµ°][\w/°µ²³]*")


# "Temperature (K)", "Dose [mg/kg]", "Gate error (×10⁻⁴)": what the axis' name gives in
# brackets at its end
_LABEL_UNIT = re.compile(r"[(\[]\s*([^()\[\]]{1,12}?)\s*[)\]]\s*$")


def label_unit(axis: AxisTicks) -> str | None:
    """The unit or multiplier the axis' name gives in brackets at its end, or None."""
    m = _LABEL_UNIT.search(axis.label or "")
    return m.group(1) if m else None


def _before_label_unit(text: str, axis: AxisTicks) -> str | None:
    """ "10×10⁻⁴" under "Physical gate error (×10⁻⁴)": the tick, then what the name gives."""
    given = label_unit(axis)
    if given is None:
        return None
    unit = re.sub(r"\s+", "", given)
    squeezed = re.sub(r"\s+", "", text)
    if len(squeezed) <= len(unit) or not squeezed.endswith(unit):
        return None
    return match_tick(squeezed[: -len(unit)], axis.ticks)


def name_score(prefix: str, axis: AxisTicks) -> float:
    """How well the words before a tick name this axis (0 when they say nothing)."""
    words = _words(prefix)
    if not words:
        return _short_form(prefix, axis)
    if axis.label and _spelt(prefix) == _spelt(axis.label):
        return 2.5  # "digit_a = 1" under the axes digit_a and digit_b: the whole name decides
    mine = (_ROW_WORDS | {"y"}) if axis.name == "y" else (_COL_WORDS | {"x"})
    other = (_COL_WORDS | {"x"}) if axis.name == "y" else (_ROW_WORDS | {"y"})
    if words & mine:
        return 2.0
    if words & other:
        return -2.0
    own = axis.words()
    if words & own:
        return 1.0 + 0.1 * len(words & own)
    # a clipped form: "Mix" for "mixture", "Temp" for "temperature"; a contracted one: "src"
    # for "source", "tgt" for "target"
    if any(abbreviates(w, o) for w in words if len(w) >= 3 for o in own):
        return 1.0
    return _short_form(prefix, axis)


@lru_cache(maxsize=1 << 12)
def _spelt(name: str) -> str:
    return norm(strip_markdown(name)).strip(" =:").casefold()


def _short_form(prefix: str, axis: AxisTicks) -> float:
    """ "T" for "Temperature", "N" for "Nitrogen rate", "g" for "group size"."""
    short = prefix.strip()
    if (
        0 < len(short) <= 3
        and axis.label
        and re.search(rf"(?<![\w]){re.escape(short)}(?![\w])", axis.label)
    ):
        return 1.0  # "λ=0.4" on the axis "mixing weight λ": the symbol the label gives it
    if 2 <= len(short) <= 4 and short.isalpha() and axis.label:
        # "bp" for "base pairs", "GC" for "guanine cytosine": the initials of words in a row
        words = re.findall(r"[a-z]+", axis.label.lower())
        initials = "".join(w[0] for w in words)
        if len(words) >= len(short) and short.lower() in initials:
            return 1.0
    if 0 < len(short) <= 2 and short[0].isalpha() and axis.label:
        initials = {w[0] for w in re.findall(r"[a-z]+", axis.label.lower())}
        if short.lower()[0] in initials:
            return 0.5
    return 0.0


def resolve_either(label: str, x: AxisTicks, y: AxisTicks, prefer: str = "y"):
    """Resolve a label against both axes; returns (axis name, tick) or None."""
    text = strip_markdown(label)
    m = re.match(r"^\s*([xy])\s*=\s*(.+)$", text, re.I)
    if m:
        axis, other = (x, y) if m.group(1).lower() == "x" else (y, x)
        found = resolve(m.group(2), axis)
        if found is None and other.label and re.search(rf"\b{m.group(1)}$", other.label, re.I):
            # "x = 0.05" under the axis "Doping x": the letter is that axis' symbol
            found, axis = resolve(m.group(2), other), other
        return (axis.name, found.tick) if found else None
    options = []
    for axis in (x, y):
        found = resolve(text, axis)
        if found is not None:
            score = name_score(found.prefix, axis) + (0.05 if axis.name == prefer else 0)
            # "10 mg" is the series "10 mg" before it is the tick 10 with a unit
            score += 0.1 if match_tick(text.strip(), axis.ticks) is not None else 0
            options.append((score, axis.name, found.tick))
    if not options:
        return None
    options.sort(reverse=True)
    if options[0][0] < 0:
        return None
    return options[0][1], options[0][2]


def assign_pair(first: str, second: str, x: AxisTicks, y: AxisTicks, default: str = "xy"):
    """Two coordinate labels to (x tick, y tick), choosing the better reading."""
    readings = []
    for order in ("xy", "yx"):
        ax_a, ax_b = (x, y) if order == "xy" else (y, x)
        a, b = resolve(first, ax_a), resolve(second, ax_b)
        if a is None or b is None:
            continue
        score = name_score(a.prefix, ax_a) + name_score(b.prefix, ax_b)
        score += 0.01 if order == default else 0
        xt, yt = (a.tick, b.tick) if order == "xy" else (b.tick, a.tick)
        readings.append((score, xt, yt))
    if not readings:
        return None
    readings.sort(reverse=True)
    return readings[0][1], readings[0][2]


@lru_cache(maxsize=1 << 12)
def _tick_patterns(ticks: tuple[str, ...]) -> list[tuple[str, bool, re.Pattern]]:
    """Each tick, longest first: whether it is a number, and the pattern of its mentions."""
    out = []
    for tick in sorted(ticks, key=len, reverse=True):
        # "Sunday" names the tick "Sun": a calendar abbreviation matches its full name too
        full = calendar_full(tick) or tick
        whole = re.escape(tick) + (f"(?:{re.escape(full[len(tick) :])}s?)?" if full != tick else "")
        pattern = rx(rf"(?<![\w.]){whole}(?![\w]|\.\d)", re.I)
        out.append((tick, _numeric(norm(tick)) is not None, pattern))
    return out


#: "0-10", "2–3": a bin of a binned axis
BIN = re.compile(r"\d[\d.]*\s*[-–]\s*\d[\d.]*")
_UNIT_THEN_LABELS = re.compile(
    rf"\s*[A-Za-zµ°%/²³]{{1,4}}\.?\s+(?:{lexicon.TICK_NOUN.pattern})\b", re.I
)


def mentions(text: str, axis: AxisTicks) -> list[tuple[int, int, str]]:
    """Where ``text`` names a tick of ``axis``: (start, end, tick), longest first at a place.

    A word tick ("Monday") counts wherever it stands as a word; a number tick only when
    the axis is named beside it ("window 2000", "T=0.6", "500 warmup steps"), since a bare
    number may be a value.
    """
    found = []
    for tick, numeric, pattern in _tick_patterns(tuple(axis.ticks)):
        for m in pattern.finditer(text):
            if numeric:
                before = re.search(
                    r"([A-Za-zα-ω][\w-]*)\s*(?:=|:|\s(?:of|at|is))?\s*$", text[: m.start()]
                )
                # "τ=1.0" names the axis labelled with τ; a bare "=" names any axis without a label
                equals = text[: m.start()].rstrip()[-1:] == "="
                named = before and (
                    name_score(before.group(1), axis) > 0 or (equals and not axis.label)
                )
                # "500 warmup steps": the axis named right after the number, as its unit
                after = re.match(
                    r"\s*([A-Za-zα-ω°µ][\w-]*)%?(?:\s+([A-Z][\w-]*))?", text[m.end() :]
                )
                named = named or (
                    after
                    and name_score(after.group(1), axis) > 0
                    # "0.5 wt% Sn" under "Zn (wt%)": a unit both axes print, then the other
                    # axis' name
                    and not (
                        after.group(2)
                        and name_score(after.group(2), axis) <= 0
                        and _in_brackets(after.group(1), axis.label)
                    )
                )
                # "the 1000 m row", "the 25 °C column": a unit, then the word for what it labels
                named = named or bool(_UNIT_THEN_LABELS.match(text, m.end()))
                # "(05-08)": a bin alone in brackets is no value
                named = named or bool(
                    BIN.fullmatch(tick)
                    and text[m.start() - 1 : m.start()] == "("
                    and text[m.end() : m.end() + 1] == ")"
                )
                # "At midnight (00) the values are ...": a tick alone in brackets after a word
                # says which tick the word means
                named = named or bool(
                    re.search(r"[A-Za-z]\s\($", text[max(0, m.start() - 3) : m.start()])
                    and text[m.end() : m.end() + 1] == ")"
                )
                # "For the 2021 cohort": a number a determiner opens before a noun names a row
                named = named or bool(
                    after
                    and re.match(r"\s+[a-z]{3,}\b", text[m.end() :])
                    and re.search(r"\b(?:for|in|of)\s+the\s+$", text[: m.start()], re.I)
                )
                if not named:
                    continue
            found.append((m.start(), m.end(), tick))
    return longest_mentions(found)


def _in_brackets(word: str, label: str | None) -> bool:
    """Whether ``word`` stands only inside the brackets of ``label`` (its unit)."""
    if not label:
        return False
    inside = " ".join(re.findall(r"\(([^()]*)\)", label)).casefold()
    outside = re.sub(r"\([^()]*\)", " ", label).casefold()
    return word.casefold() in inside and word.casefold() not in outside


def plural_mentions(text: str, axis: AxisTicks) -> list[tuple[int, int, str]]:
    """Where ``text`` names a word tick in the plural ("weekdays", "finches", "hoverflies"):
    (start, end, tick). Kept apart from :func:`mentions`: a plural is a subject's name ("For
    true finches, ..."), and taken only where a reader asks for one."""
    found = []
    for tick, pattern in _plural_patterns(tuple(axis.ticks)):
        found += [(m.start(), m.end(), tick) for m in pattern.finditer(text)]
    return sorted(found)


@lru_cache(maxsize=1 << 10)
def _plural_patterns(ticks: tuple[str, ...]) -> list[tuple[str, re.Pattern]]:
    out = []
    for tick in ticks:
        if _PLURABLE.fullmatch(tick):
            pattern = rf"(?<![\w.]){re.escape(tick)}(?:s|es)(?!\w)"
            if re.search(r"[^aeiou]y$", tick):  # "hoverfly": "hoverflies"
                pattern += rf"|(?<![\w.]){re.escape(tick[:-1])}ies(?!\w)"
            out.append((tick, re.compile(pattern, re.I)))
    return out


# a word to which a plural's "s" or "es" may be added ("Weekday": "weekdays")
_PLURABLE = re.compile(r"[A-Za-z][a-z]+[a-rt-z]")


def longest_mentions(found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """(start, end, tick) mentions, the longest kept at each place, none overlapping."""
    found = sorted(found, key=lambda r: (r[0], -(r[1] - r[0])))
    out, last_end = [], -1
    for r in found:
        if r[0] >= last_end:
            out.append(r)
            last_end = r[1]
    return out
