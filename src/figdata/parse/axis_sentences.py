"""Axes told one sentence at a time: a sentence that names one axis and lists its ticks.

    sentence := ... axis-word ... [lead] list [trail]
    axis-word := what names one axis wherever it stands (lexicon.AXIS_NAMED_X / _Y) or an
                 edge it runs along ("along the bottom", "down the left side")

"The horizontal axis shows every second month: Jan, Mar, May, Jul, Sep, Nov." reads as x:
Jan ... Nov, whatever the sentences around it say. A sentence that names both axes (or none)
is left to the other readers, unless it gives one list for the two ("The order on both axes
is en, de, sw"). Each reading is a hypothesis for the panel's axes, not a declaration:
reconcile (parse/reconcile.py) keeps it only when the data agrees with it better than with
what the entries declared.
"""

from __future__ import annotations

import re

from figdata.parse import lexicon
from figdata.parse.axes import Axis, tick_list, tick_order
from figdata.parse.enumeration import edge_range
from figdata.parse.swatches import is_swatch
from figdata.parse.text import strip_markdown

_NAMES = {role: re.compile(pattern, re.I) for role, pattern in lexicon.AXIS_OR_EDGE.items()}
# the axis' letter outweighs the words for a direction: "Across the pitch (x), the four
# vertical strips are labelled ..." lists x
_LETTER = {
    # ("The x ticks are T=0.5, T=1.0; the y ticks ... are": the letter before "ticks" too)
    role: re.compile(
        rf"\(\s*{role}(?:[- ]axis)?\s*\)|\b{role}[- ](?:axis|ticks|tick\s+labels|categories)\b",
        re.I,
    )
    for role in "xy"
}
# "The order on both axes is en, de, sw": one list for the two axes
_BOTH = re.compile(
    r"\b(?:both|each|either)\s+ax[ie]s\b|\b(?:rows?\s+and\s+columns?|columns?\s+and\s+rows?)\b",
    re.I,
)
# a sentence ends at a point, a question or exclamation mark before a capital or a bracket
# (not inside a number: "0.5. Then")
_SENTENCE = re.compile(r"(?<=[A-Za-z0-9)%\"”'])[.!?;]\s+(?=[A-Z(\"“])")
# ("...; target languages sit along the top edge as ...": a clause after a semicolon that
# names an axis of its own is a statement of its own)
# (or at "and" before a clause that opens with an axis of its own: "The temperature axis is
# horizontal with five ticks — 300, 350 — and the pressure axis is vertical with ...")
_CLAUSE = re.compile(r";\s+|(?:,|\s[—–])?\s+(?:and|while|whereas)\s+(?=(?:the\s+)?\w+\s+axis\b)")
# a number and two lowercase words besides: a value told in a clause ("reads 7 for wren"), no tick
_TOLD_VALUE = re.compile(r"(?=.*\d)(?=(?:.*\b[a-z]{3,}\b){2})", re.S)
# (in a sentence that names an axis, "as" before a run of items opens it: "target languages
# sit along the top edge as en, pt, nl, pl")
_LEAD = re.compile(
    rf"{lexicon.LIST_LEAD.pattern}|\breads?\s+|\bas\s+(?=[^\s,]+(?:\s+[^\s,]+)?(?:,|\s+and\s))",
    re.I,
)
# an item is a tick, not a clause: a few words at most
_MOST_WORDS = 5


def told_values(ticks: list[str]) -> bool:
    """Most items hold a number and words: "52 correctly as wren, confused 3 with robin",
    "robin 47 times": a row's values told in words, not its ticks."""
    return sum(bool(_TOLD_VALUE.search(t)) for t in ticks) * 2 > len(ticks)


def _after_lead(rest: str) -> str:
    """The list's part of a sentence's rest: after the last words that introduce a list
    before its first comma ("labels along the top read 0 h, 2 h" -> "0 h, 2 h")."""
    head = rest[: rest.find(",")] if "," in rest else rest
    # ("lists, in order, A, B": the lead may end at the comma)
    # ("... as LRU (grey), ARC": a lead may look past the first comma to the item it opens)
    ends = sorted(
        {min(m.end(), len(head)) for m in _LEAD.finditer(f"{head} ")}
        | {m.end() for m in _LEAD.finditer(f"{rest} ") if m.end() <= len(head)}
    )
    return rest[ends[-1] :].lstrip(" ,") if ends else rest


def _listed(rest: str, led: bool = False) -> list[str]:
    """The items a sentence lists after the words that name what it lists, or [] when they
    are no list: fewer than two, clauses rather than names, values told in words. ``led``:
    words that open a list must come first."""
    listed = _after_lead(rest)
    if led and listed == rest:
        return []
    # ("*Columns (x-axis):* Q1, Q2": an emphasis marker left over around the head)
    items = [t.strip("*_ ") for t in tick_list(listed)]
    if len(items) < 2 or clauses(items) or told_values(items):
        # ("Rows correspond to layers, and the layer axis is drawn with Layer 0 at the bottom
        # and Layer 3 at the top": clauses, not names; the run between the two ends told)
        return [] if led else _ends_told(rest)
    return items


def clauses(items: list[str]) -> bool:
    """Some item is a clause, not a name: too many words, a verb ("correspond to layers"), or
    a sentence's opening ("This panel, titled ...")."""
    return any(
        len(t.split()) > _MOST_WORDS or _CLAUSE_VERB.search(t) or _SENTENCE_OPENING.match(t)
        for t in items
    )


# a verb makes a clause of an item ("correspond to layers", "the layer axis is")
_CLAUSE_VERB = re.compile(r"\b(?:is|are|was|were|corresponds?|shows?|has|have|titled)\b")
_SENTENCE_OPENING = re.compile(r"(?:This|These|That|Those|It|Its|Each|Every)\s")
_WALK_START = re.compile(r"\b(?:with|from)\s+", re.I)


def _ends_told(rest: str) -> list[str]:
    """The run between two ends told at their edges: "with Layer 0 at the bottom and Layer 3
    at the top" -> Layer 0, Layer 1, Layer 2, Layer 3; or every item told at its place: "with
    the top row ">1 mm", the middle row ">10 mm" and the bottom row ">25 mm"" (in the order of
    the places, from the top or the left)."""
    for m in _WALK_START.finditer(rest):
        if ends := edge_range(rest[m.end() :].strip().rstrip(".")):
            return ends
    placed = [
        (_PLACE_RANK[m.group("place").lower()], m.group("item")) for m in _AT_PLACE.finditer(rest)
    ]
    if len(placed) >= 2 and len({r for r, _ in placed}) == len(placed):
        return [item.strip() for _, item in sorted(placed)]
    return []


_PLACE_RANK = {
    "top": 0,
    "leftmost": 0,
    "first": 1,
    "upper": 1,
    "second": 2,
    "middle": 3,
    "centre": 3,
    "center": 3,
    "third": 4,
    "lower": 5,
    "last": 6,
    "bottom": 7,
    "rightmost": 7,
}
# 'the top row ">1 mm"', "the middle row 10 mm": a row or column told by its place
_AT_PLACE = re.compile(
    rf"\bthe\s+(?P<place>{'|'.join(_PLACE_RANK)})\s+(?:row|column)\s+(?:is\s+)?"
    r"[\"“']?(?P<item>[^\"”',;]+?)[\"”']?(?=\s*(?:,|;|\band\b|\.\s|\.?$))",
    re.I,
)


def names_an_axis(text: str) -> bool:
    return any(rx.search(text) for rx in (*_LETTER.values(), *_NAMES.values()))


def _statements(text: str) -> list[str]:
    """The sentences of ``text``, each cut at a semicolon before a clause that names an axis
    ("The y-axis is labelled "Band"; the bands are drawn ...: 3400, 3000" stays whole)."""
    out = []
    for sentence in _SENTENCE.split(text):
        clauses = _CLAUSE.split(sentence)
        out.append(clauses[0])
        for clause in clauses[1:]:
            if names_an_axis(clause) or _LEGEND.search(clause):
                # ("...; the players appear in the order of the legend: A, B": the legend's)
                out.append(clause)
            else:
                out[-1] = f"{out[-1]}; {clause}"
    return out


def read(text: str, legend: bool = True) -> list[tuple[str, Axis]]:
    """(axis, its ticks and order) for every sentence of ``text`` that lists one axis' ticks;
    ``legend=False``: not a list that follows the word "legend" ("The x-axis lists four
    benchmarks; each group has three bars for the legend entries Base, +SFT and +DPO")."""
    out: list[tuple[str, Axis]] = []
    for sentence in _statements(strip_markdown(text)):
        named = [(role, m) for role, rx in _LETTER.items() if (m := rx.search(sentence))]
        if not named and (both := _BOTH.search(sentence)):
            named = [("both", both)]
        if not named:
            named = [(role, m) for role, rx in _NAMES.items() if (m := rx.search(sentence))]
        if len(named) != 1:
            continue
        role, m = named[0]
        if not legend and _LEGEND.search(sentence, m.end()):
            continue
        if not (ticks := _listed(sentence[m.end() :])):
            continue
        for name in ("x", "y") if role == "both" else (role,):
            out.append((name, Axis(label=None, ticks=ticks, order=tick_order(sentence, ticks))))
    return out


_LEGEND = re.compile(r"\blegend\b", re.I)
_SET_OFF = re.compile(r"^\s*,[^,:;]{1,60},\s*")


def legend_list(text: str) -> list[str]:
    """The entries of the first sentence of ``text`` that names the legend and lists items
    after it ("A legend in the upper-left corner lists the models in this order: Random walk,
    AR(1), VAR(4), and Phillips-curve BVAR.")."""
    for sentence in _statements(strip_markdown(text)):
        if (m := _LEGEND.search(sentence)) is None or any(
            rx.search(sentence) for rx in (*_LETTER.values(), *_NAMES.values())
        ):
            continue
        # ("The legend, boxed in the upper right, names the series in this order: A, B": a
        # remark set off by commas after the noun is no part of the list's lead)
        rest = _SET_OFF.sub(" ", sentence[m.end() :], count=1)
        # (no words that open a list: "the legend sits in the lower right")
        entries = _listed(rest, led=True)
        head = rest.split(",", 1)[0]
        if not entries and ":" in head and not names_an_axis(head):
            # ("the legend at top right: Okafor (gold), Reyes (grey)": a colon opens the list)
            entries = _listed(rest[rest.index(":") + 1 :])
        # ("... lists: 1. Control (black, open circles) 2. ...": the entries are on the next
        # lines; what a split on commas finds there are swatches)
        if entries and not any(is_swatch(e.strip("() ")) for e in entries):
            return entries
    return []
