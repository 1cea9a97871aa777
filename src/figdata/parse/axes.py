"""Axis descriptions: labels, declared ticks and the edge the y list starts from."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from figdata.parse import lexicon
from figdata.parse.enumeration import mask_tags, read_enumeration
from figdata.parse.lexicon import NUMBER_WORDS
from figdata.parse.model import one_line_word
from figdata.parse.text import strip_markdown
from figdata.parse.values import NUM, to_float

_X = lexicon.AXIS_X.regex
_Y = lexicon.AXIS_Y.regex
_LEGEND = lexicon.LEGEND.regex
_COLOURBAR = lexicon.COLOUR_BAR.regex


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


# "four ticks", "3 classes": a count of the items, not the name of the axis
_COUNTED = re.compile(
    r"(?i)^(?:(?:the\s+)?(?:x|y)[- ]?axis\s+(?:has|have|shows)\s+)?(?:\w+\s+)?"
    r"(?:ticks|labels|values|categories|classes|levels|columns|rows|groups|entries)$"
)


_PLACE_REMARK = re.compile(r"\b(?:top|bottom|left|right)\b", re.I)


_UNIT_IN_BRACKETS = re.compile(r"\s*\((?:[×x*]\s*)?10\s*(?:[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+|\^\s*[-−]?\d+)\)\s*$")


def axis_label(body: str) -> tuple[str | None, str]:
    """The axis name (quoted or leading phrase) and the rest of the description.

    The patterns run over the text with its HTML tags blanked, so that the quotes and colons
    of ``<span style="color:red">`` delimit nothing; the name is cut from the text as written.
    """
    masked = mask_tags(body)

    def cut(m: re.Match, group: int) -> str:
        return body[m.start(group) : m.end(group)]

    # a name in quotes, code, italics ("*Latitude band*") or bold ("**Category**, top to
    # bottom — ..."), near the start
    m = re.search(
        r"\"([^\"]+)\"|`([^`]+)`|'([^']+)'|“([^”]+)”|(?<![*\w])\*(?!\s)([^*\d]+?)(?<!\s)\*(?![*\w])"
        r"|^\s*\*\*([^*\d]+?)\*\*(?=\s*,)",
        masked,
    )
    if m and (
        re.match(r"\s*[,·;|]\s*[\"“`'*]", masked[m.end() :])
        or re.search(r"[,·;|]\s*$", masked[: m.start()])
    ):
        # 'tasks "POS", "NER", "SRL"', '*IL6*, *TNF*, *MYC*': marked ticks, not a name; nor is
        # one marked item after a comma ("Car, `Bus & tram`, Bike")
        m = None
    if m and m.start() < 40:
        g = next(i for i in range(1, 7) if m.group(i))
        return strip_markdown(cut(m, g)), body[: m.start()] + " " + body[m.end() :]
    m = re.match(
        r"^\s*((?:\*\*|__)?[A-Za-zα-ωΑ-Ω\x00][^(),;:]*?)\s*"
        # a list, or a run told by its ends ("hint level (1 at the top down to 4 at the bottom)")
        r"\(((?:[^()]|\([^()]*\))*(?:,|\sto\s|\sthrough\s)(?:[^()]|\([^()]*\))*)\)\s*(.*)$",
        masked,
    )
    if m and "," not in m.group(2) and len(read_enumeration(cut(m, 2))) < 2:
        m = None  # "Sampler (top to bottom): ...": an order, not a run of ticks
    if (
        m
        and _PLACE_REMARK.search(m.group(2))
        and re.search(r"(?<![\w.])\d+(?:\.\d+)?\s*$", m.group(1))
    ):
        m = None  # "Severity — 1 (mildest, top) to 5": a remark on the first tick's place
    if m and len(m.group(1).split()) <= 6:
        # "Head (1, 2, 3)": the ticks in parentheses after the name
        return strip_markdown(cut(m, 1)).strip(), cut(m, 2)
    # "Noise level σ = 0.00, 0.05, 0.10": the name, then its ticks after "="
    # ("temperature T (K) = 100, 200": a unit in brackets may close the name)
    m = re.match(
        r"^\s*([A-Za-z][^,;:=()]{1,40}?(?:\s*\([^()]{1,10}\))?)\s*=\s*([^=]+,[^=]+)$", masked
    )
    if m and len(m.group(1).split()) >= 2 and not re.search(r"\d", m.group(1)):
        return strip_markdown(cut(m, 1)).strip(), cut(m, 2)
    # "tree, top to bottom — Maple, Birch": the name, its order, a dash, then the ticks
    m = re.match(r"^\s*([^,;:—–]+?)\s*,\s*([^,;:—–]{1,30}?)\s*(?:[—–]|\s-\s|:)\s*(\S.*)$", masked)
    # ("Station, west to east — S1, S2": any one word to another says the order)
    if (
        m
        and (_ORDER.fullmatch(m.group(2)) or _WORD_TO_WORD.fullmatch(m.group(2)))
        and not re.search(r"\d", m.group(1))
    ):
        if len(m.group(1).split()) <= 6:
            return strip_markdown(cut(m, 1)).strip(), cut(m, 3)
    # ("Hour band -> 00-06, 06-10": an arrow from the name to its ticks)
    m = re.match(r"^\s*([^,;:—–→>]+?)\s*(?:[—–]|\s-\s|:|\s->\s|\s→\s)\s*(\S.*)$", masked)
    # "groups bars by the number of concurrent clients — 8, 32": the words a verb phrase
    # opens name nothing; the name is what follows "by"
    named_by = _VERB_BY.match(m.group(1)) if m and len(m.group(1).split()) > 6 else None
    # "Physical gate error (×10⁻⁴) — 10, 20": a unit in brackets may hold digits
    if (
        m
        and not re.search(r"\d", _UNIT_IN_BRACKETS.sub("", m.group(1)))
        and (len(m.group(1).split()) <= 6 or named_by)
    ):
        label = strip_markdown(named_by.group(1) if named_by else cut(m, 1)).strip()
        if not re.match(r"(?i)(the same|from|ticks?|labels?|listed|integer|values?)\b", label):
            return (None if _COUNTED.match(label) else label), cut(m, 2)
    m = re.match(r"^\s*([^,;:]+?)(?:\s+with\b|,|;|:|$)", masked)
    described = re.search(
        r"\b(?:ticks?|labels?|labell?ed|listed|values?|from|with|categories|markers?|range|"
        r"ranging|linear|log|scale)\b|:",
        body[m.end(1) :] if m else "",
        re.I,
    )
    if m and described and len(m.group(1).split()) <= 6 and not re.search(r"\d", m.group(1)):
        label = strip_markdown(cut(m, 1))
        # "Coastal, Upland, Metro, listed from top to bottom": a name shaped like the
        # items that follow it is the first of them
        # ("Coastal, Capital, Uplands — in that order from top to bottom": the remark a dash
        # sets off is no item)
        # ("Spring, Summer, Autumn and Winter, from left to right": "and" sets items apart)
        following = [
            re.split(r"\s[—–-]\s", p)[0].strip()
            for p in re.split(r",|\band\b", masked[m.end(1) : m.end(1) + described.start()])
        ]
        following = [p for p in following if p]
        if len(following) >= 2 and all(
            _PROPER_NAME.fullmatch(strip_markdown(t)) for t in [label, *following]
        ):
            return None, body
        # "lists the plots North, ...": a verb opens the description, no name precedes it
        verb = re.match(rf"(?i)\s*(?:{lexicon.AXIS_VERB.pattern})\s", label + " ")
        if not verb and not re.match(r"(?i)(the same|from|ticks?|labels?|listed|integer)\b", label):
            return label, body[m.end(1) :]
    return None, body


_WORD_TO_WORD = re.compile(r"(?:from\s+)?[A-Za-z]+\s+to\s+(?:the\s+)?[A-Za-z]+", re.I)
_VERB_BY = re.compile(r"^\s*[a-z]+(?:\s+[a-z]+)?\s+by\s+(?:the\s+)?(\S.{0,60})$")
_ORDER = re.compile(rf"(?:listed\s+)?{lexicon.ORDER_ANY}", re.I)
_PROPER_NAME = re.compile(r"[A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,2}")


def tick_list(rest: str) -> list[str]:
    """The ticks a description lists, in the order it lists them."""
    # "`2, 4, 8, 16` (bottom-to-top)": the whole list typed as one code span (one tick with a
    # comma in it, `Ours (7B, chat)`, is an atom; a span of three or more items is a list)
    spans = re.findall(r"`[^`]*`", rest)
    if len(spans) == 1 and spans[0].count(",") >= 2:
        rest = rest.replace(spans[0], spans[0].strip("`"))
    aligned = re.split(r" {2,}|\t", rest.strip(" .;"))
    if (
        "," not in rest
        and 3 <= len(aligned) <= 12
        and len(rest) <= 100  # (not a grid's rows run together into one line of prose)
        and all(len(a.split()) <= 3 and not re.search(r"[=:;.!?]\s|[=:]", a) for a in aligned)
    ):
        # "Q1  Q2  Q3  Q4": short items set apart by runs of spaces, as in a grid's header
        rest = ", ".join(aligned)
    if "," not in rest and re.search(r"\s[|·•]\s|\|", rest):
        # "Loam | Clay | Sand", "Weekday · Saturday · Sunday": bars or dots set the items apart
        rest = re.sub(r"\s*\|\s*|\s+[·•]\s+", ", ", rest)
    elif (bar := re.search(r"\s[|·•]\s", rest)) and "," not in rest[bar.start() :]:
        # ("cache size, labelled 64 MB | 256 MB | 1 GB": the list after the last comma)
        cut = rest.rfind(",", 0, bar.start()) + 1
        rest = rest[:cut] + re.sub(r"\s*\|\s*|\s+[·•]\s+", ", ", rest[cut:])
    # "BLOCK_N, ticks 64 / 128 / 256": items set apart by spaced slashes after
    # a list's lead words are a list ("km / h", one slash, stays a unit; "0.25 / 0.14 / 0.11"
    # alone is a row of values)
    rest = _SLASH_RUN.sub(lambda m: m.group(1) + re.sub(r"\s+/\s+", ", ", m.group(2)), rest)
    ticks = read_enumeration(rest)
    if len(ticks) >= 3 and ticks[-1] in ticks[:-1]:
        ticks = ticks[:-1]  # "1, 2, 4, 8, top row = 1 GPU": a remark on the list repeats a tick
    # "0-10 cm (top), ..., 80-120 cm (bottom)": where the end ticks stand, not their names
    ticks = [_EDGE_NOTE.sub("", t) if i in (0, len(ticks) - 1) else t for i, t in enumerate(ticks)]
    # "N0, N60, N120 (kg N/ha)": the unit of the whole list, after its last item
    if len(ticks) >= 2 and not any("(" in t for t in ticks[:-1]):
        ticks[-1] = _LIST_UNIT.sub("", ticks[-1]) or ticks[-1]
        # "N0, N60, N120, N180 kg/ha": the unit of the whole list, unbracketed
        head, _, unit = ticks[-1].partition(" ")
        shape = re.sub(r"\d+", "0", head)
        if _BARE_UNIT.fullmatch(unit) and all(re.sub(r"\d+", "0", t) == shape for t in ticks[:-1]):
            ticks[-1] = head
    return ticks


_SLASH_RUN = re.compile(rf"({lexicon.LIST_LEAD.pattern})([^\s,/;:]+(?:\s+/\s+[^\s,/;:()]+)+)", re.I)
_BARE_UNIT = re.compile(r"[a-zµ°]{1,4}(?:/[a-zµ°]{1,4})?|%")


_LIST_UNIT = re.compile(
    rf"\s*\((?:[^()\d]*[/%°][^()\d]*|[a-zµ]{{1,3}}|[a-z]?[A-Z]|{lexicon.UNIT_WORD.pattern})\)$"
)


_EDGE_NOTE = re.compile(
    rf"\s*\((?:at\s+the\s+)?{lexicon.PLACE.pattern}(?:[- ]?most)?"
    r"(?:\s+(?:row|column|edge|end|side))?\)\s*$",
    re.I,
)


def tick_order(text: str, ticks: list[str]) -> str | None:
    t = text.lower()
    if lexicon.ORDER_BOTTOM_UP.search(t):
        return "bottom-to-top"
    if lexicon.ORDER_TOP_DOWN.search(t):
        return "top-to-bottom"
    # ("1 (bottom) up to 4 (top)": the place in brackets)
    m = re.search(r"([\w.%-]+)\s+(?:(?:is\s+)?at the bottom|\(bottom\))", text) or re.search(
        r"([\w.%-]+)\s+is the bottom row", text
    )
    if m and ticks:
        token = m.group(1)
        if token == ticks[0] or token.endswith(ticks[0]):
            return "bottom-to-top"
        if token == ticks[-1]:
            return "top-to-bottom"
    m = re.search(r"([\w.%-]+)\s+(?:(?:is\s+)?at the top|\(top\))", text)
    if m and ticks:
        if m.group(1) == ticks[0]:
            return "top-to-bottom"
        if m.group(1) == ticks[-1]:
            return "bottom-to-top"
    return None


_DASH_OPENING = re.compile(r"^\s*[—–]\s+")
_WALK = re.compile(
    r"\b(?:start|begin)s?\s+(?:at|on|from)\s+the\s+(?P<edge>bottom|top|left|right)\s+with\s+"
    r"(?P<first>[^\s,]+)\s*,?\s+and\s+(?:climb|rise|run|go|move|continue|increase|step)s?\s+"
    r"(?:up\s+|down\s+)?(?:to|through)\s+(?P<rest>[^.;]+?)"
    r"(?:\s+at\s+the\s+(?:top|bottom|left|right|other\s+end))?\s*[.;]?\s*$",
    re.I,
)
# ("*noise schedule scale* s ∈ {0.25, 0.5, 1}": the axis' name may stand before its symbol)
_SET = re.compile(
    r"^\s*(?:(?P<named>[^{}∈=]{1,40}?)\s+)?(?P<name>[^\s{}∈]{1,12})\s*(?:∈|in|=)\s*"
    r"\{(?P<items>[^{}]+)\}(?P<rest>.*)$"
)
# "Water, Ethanol (axis label "Solvent")": the axis' name in a remark after its ticks
_NAMED_AFTER = re.compile(
    r"\s*\((?:the\s+)?(?:(?:[xy][- ]?)?axis\s+)?(?:label(?:led)?|title|name)d?\s*[:=]?\s*"
    r"[\"“']([^\"”']+)[\"”']\)"
)


# "the same classes", "(same order, left to right)": the other axis' ticks again
# ("same four models": a count and a noun after "same" too)
_SAME = re.compile(
    r"\bthe same\b|\bsame\s+(?:order|labels?|ticks|set|list|names)\b|"
    rf"^\s*same\s+(?:\d+|{'|'.join(NUMBER_WORDS)})\s+[a-z]+\s*$",
    re.I,
)


_EVERY_TICK = re.compile(r"\(([^()]*,[^()]*)\)\s*\.?\s*$")


# "`0` through `5`": a range whose ends stand in backticks
_TICKED_RANGE = re.compile(r"`([^`,]+)`(\s*(?:to|through|thru|–)\s*)`([^`,]+)`")


_TICKED_NUMBER = re.compile(r"`([-−+]?\d[\d.]*[KMBk%]?)`")


def parse_axis(body: str, with_label: bool = True) -> Axis:
    body = _DASH_OPENING.sub("", body)  # "— Spring, Summer": the dash that set the list off
    if walk := _WALK.search(body):
        # "the labels start at the bottom with 150 and climb to 175, 190 and 210 at the top":
        # the first tick, then the rest, from the edge the walk starts at
        ticks = [walk.group("first"), *read_enumeration(walk.group("rest"))]
        edge = walk.group("edge").lower()
        order = {"bottom": "bottom-to-top", "top": "top-to-bottom"}.get(edge)
        if len(ticks) >= 2:
            return Axis(label=None, ticks=ticks, order=order)
    body = _TICKED_RANGE.sub(r"\1\2\3", body)
    # "`10` at the top down to `1` at the bottom": a number in code is the number
    body = _TICKED_NUMBER.sub(r"\1", body)
    # "β ∈ {0.5, 1, 2, 4}": the axis' symbol and its ticks as a set
    if m := _SET.match(body):
        ticks = read_enumeration(m.group("items"))
        order = tick_order(m.group("rest"), ticks)
        named = strip_markdown(m.group("named") or "").strip()
        return Axis(label=f"{named} {m.group('name')}".strip(), ticks=ticks, order=order)
    if m := _NAMED_AFTER.search(body):
        axis = parse_axis(body[: m.start()] + body[m.end() :], with_label=False)
        if with_label:
            # "temperature T (K) = 100, 200, ... (x-axis label "...")": a name before the
            # ticks too; the list it leaves is kept when it is the longer
            named = parse_axis(body[: m.start()] + body[m.end() :])
            axis = named if len(named.ticks) > len(axis.ticks) else axis
        axis.label = m.group(1).strip()
        return axis
    label, rest = axis_label(body) if with_label else (None, body)
    head = re.split(r"[;.]\s", rest)[0]
    if _SAME.search(head) and not re.search(r"\d", head):
        # "the same four classes in the same order, namely A, B, C": the list is still given
        ticks = tick_list(rest)
        ticks = ticks if len(ticks) >= 2 else []
        count = re.search(rf"\bthe same\s+({'|'.join(NUMBER_WORDS)}|\d+)\b", head, re.I)
        if count and ticks and _count(count.group(1)) != len(ticks):
            ticks = []  # "the same four classes, thrush at the top and finch at the bottom"
        if label and label.count("(") > label.count(")"):
            label = label[: label.rindex("(")].strip() or None  # "language (same order, ..."
        return Axis(label=label, ticks=ticks, order=tick_order(body, ticks), same_as_other=True)
    ticks = tick_list(rest)
    if (
        (every := _EVERY_TICK.search(rest))
        and len(listed := tick_list(every.group(1))) >= 3
        # (the brackets list every tick; "(0 at the top, 16 at the bottom)" names the ends)
        and all(t in every.group(1) for t in listed)
    ):
        # "52°N at the top down to 40°N (52°N, 48°N, 44°N, 40°N)": the ends, then every tick
        if {listed[0], listed[-1]} <= set(ticks) and len(set(ticks) & set(listed)) < len(listed):
            extra = [t for t in ticks if t not in listed]
            if label is None and extra == ticks[:1] and not re.search(r"\d", extra[0]):
                label = extra[0]  # "Latitude, 52°N at the top down to 40°N (...)"
            ticks = listed
    if label and rest.lstrip().startswith(",") and len(words := label.split()) >= 2:
        # "transects I, II, III": the name's last word is the first tick, shaped like the rest
        trial = tick_list(words[-1] + rest)
        # "the decoders Greedy, Beam and Sampling": a capitalised name after lower-case words
        named = all(w.islower() for w in words[:-1]) and all(
            re.fullmatch(r"[A-Z][\w+./-]*", t) for t in trial
        )
        if (
            len(trial) >= 2
            and trial[0] == words[-1]
            and (named or _same_shape(words[-1], trial[1:]))
        ):
            label, ticks = re.sub(r"^(?:the|its|their)\s+", "", " ".join(words[:-1])), trial
    if (
        with_label
        and label is None
        and len(ticks) >= 3
        and len(ticks[0].split()) >= 2
        and re.fullmatch(r"[a-z]+(?: [a-z]+)+", ticks[0])
        and all(len(t.split()) == 1 for t in ticks[1:])
    ):
        label, ticks = ticks[0], ticks[1:]  # "derived base, A, C, G, T": the name, then its ticks
    if with_label and label is None and ticks:
        # "tensor-parallel degree 1, 2, 4, 8": the words before the first tick name the axis
        head = rest[: rest.find(ticks[0])] if ticks[0] in rest else ""
        if re.fullmatch(r"\s*[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}\s*", head) and not re.match(
            rf"(?i)\s*(?:{lexicon.AXIS_VERB.pattern}|the|from|at|with|ticks?|labels?|values?)\b",
            head,
        ):
            label = head.strip()
    if with_label and label is None and not ticks and _NAME_ONLY.fullmatch(strip_markdown(body)):
        label = strip_markdown(body).strip(" .")  # "X-axis: opponent": a name, no ticks
    if label and lexicon.LIST_LEAD.regex.fullmatch(label + " "):
        label = None  # "down as": the words that opened the list name no axis
    return Axis(label=label, ticks=ticks, order=tick_order(body, ticks))


def _same_shape(word: str, ticks: list[str]) -> bool:
    """Roman numerals among roman numerals, capitals among capitals, numbers among numbers,
    short names among short names."""
    # (short capitalised names too: "the days Mon, Wed, Fri")
    shapes = (r"[IVXLC]+", r"[A-Z]", r"[A-Z]\d+|\d+", r"-?\d+(?:\.\d+)?%?", r"[A-Z][a-z]{1,3}")
    return any(
        re.fullmatch(shape, word) and all(re.fullmatch(shape, t) for t in ticks) for shape in shapes
    )


def _count(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word.lower(), 0)


_NAME_ONLY = re.compile(
    r"\s*(?!(?:none|not|no|unlabell?ed|absent|n/a)\b)[A-Za-z][A-Za-z()/%-]*(?:\s+[A-Za-z()/%-]+){0,3}\s*\.?\s*",
    re.I,
)


BOTH_NAMED = re.compile(
    r"\bx(?:[- ]?axis)?\s*(?:and|&|/|,)\s*y\b|\bboth\s+axes\b|\brows\s+(?:and|&|/)\s+columns\b|"
    r"\bcolumns\s+(?:and|&|/)\s+rows\b",
    re.I,
)
# ("Axis ticks, in order: en, de, fr — left to right for targets, top to bottom for sources":
# ticks of no one axis, the same for the two)
_AXIS_TICKS = re.compile(r"^\W*ax[ie]s\s+(?:ticks|tick\s+labels)\b", re.I)


def axis_role(label: str) -> str | None:
    # 'Vertical axis, "Temperature (°C)", printed from the top row to the bottom row': a label
    # that opens by naming its axis declares it, whatever rows its remark mentions
    head = re.split(r"[,:(]", strip_markdown(label), maxsplit=1)[0]
    if _AXIS_TICKS.match(head) and not LETTER_IN_BRACKETS.search(label):
        return "both"
    # ("X-axis — Rows in table": the axis named first, whatever its name says of rows)
    if m := _OPENING_AXIS.match(head):
        return m.group(1).lower()
    if re.search(r"\baxis\b", head, re.I) and (role := _axis_role(head)) in ("x", "y"):
        return role
    # ("Vertical (category) axis", "Horizontal (value) axis": what the axis holds, in brackets,
    # outweighs the direction a bar chart is drawn in)
    if re.search(r"\((?:category|categorical|value)\)\s*axis\b", label, re.I):
        return _axis_role(re.sub(r"\b(?:vertical|horizontal)\s*", "", label, flags=re.I))
    if (
        _POSITION.match(strip_markdown(label))
        or one_line_word(label)
        or _READING_ORDER.search(label)
    ):
        # one row counted from the edge or named, or the order values are read in ("Printed
        # coefficients, row by row"): not the axis
        return None
    # "X-axis (all rows)": a remark in brackets does not name the axis
    bare = re.sub(r"\([^()]*\)", " ", label)
    if bare.strip() and bare != label and (role := _axis_role(bare)) is not None:
        return role
    # "Categories (x)", "Temperature (y-axis)": the axis named in brackets after the name
    if (m := LETTER_IN_BRACKETS.search(label)) and not _COLOURBAR.search(label):
        return m.group(1).lower()
    if (role := _axis_role(label)) is not None:
        return role
    # ("Temperature (°C), along the bottom", "Pressure (bar), up the left side": the axis by
    # the edge its name says it runs along)
    edges = [r for r, rx in ALONG_EDGE.items() if rx.search(strip_markdown(label))]
    return edges[0] if len(edges) == 1 and not _COLOURBAR.search(label) else None


# (a name, a comma, then the edge: "Placed along the top edge" says where a legend sits)
ALONG_EDGE = {
    role: re.compile(rf"^[^,]*\w[^,]*,\s*(?:along|down|up|across)\s+the\s+(?:{edge})\b", re.I)
    for role, edge in (
        ("x", f"{lexicon.EDGE_X.pattern}|{lexicon.EDGE_TOP.pattern}"),
        ("y", lexicon.EDGE_Y.pattern),
    )
}


_OPENING_AXIS = re.compile(r"^\W*([xy])[- ]axis\b", re.I)
# "Row 1 (sowing Early)", 'Column "0-10 cm"': one row or column, named or counted
_POSITION = re.compile(r"^\s*(?:row|column|col)\s+(?:\d+\b|[\"“`'])", re.I)
# "row by row", "Per-row readings", "column-wise": the order values are read in
_READING_ORDER = re.compile(
    r"\b(row|column)\s+by\s+\1\b|\bper[- ](?:row|column)\b|\b(?:row|column)[- ]wise\b", re.I
)
# "Categories (x)", "Window (y, top to bottom)": the axis' letter opens the bracket
LETTER_IN_BRACKETS = re.compile(r"\(\s*([xy])(?:[- ]?axis)?\s*(?:[,;][^()]*)?\)", re.I)


def _axis_role(label: str) -> str | None:
    if _COLOURBAR.search(label):
        return None
    # "x (k)", "y, top to bottom": the axis' letter alone opens the label
    if m := AXIS_LETTER.match(label):
        return m.group(1).lower()
    if _LEGEND.search(label):
        return "legend"
    if BOTH_NAMED.search(label):
        return "both"  # "Axis Markers (X and Y)": one entry for the two axes
    if lexicon.CATEGORY_AXIS.regex.search(label):
        return "x"
    if lexicon.VALUE_AXIS_NAME.regex.search(label):
        return "value"
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


#: "x (k)", "y, top to bottom", "x:", "x = Pore size": the axis' letter alone opens a label
# ("X — signal-to-noise ratio in dB, left to right: 20, 10": a long dash after the letter)
AXIS_LETTER = re.compile(r"^\s*([xyXY])\s*(?:$|[,(:]|[—–]\s|=(?=\s*[^\W\d]))")


def is_colourbar_label(label: str) -> bool:
    return bool(_COLOURBAR.search(label))


_RANGE = re.compile(
    rf"(?:from\s+)?(?:~|about\s+|approximately\s+|roughly\s+|≈)?(?P<lo>{NUM})\s*%?"
    rf"(?:\s*[^\d\s,;()~≈]{{1,12}})?(?:\s*\([^)]*\))?"
    rf"(?:\s+through\s+[^;]*?)?\s*(?:to|–|—)\s*(?:~|about\s+|≈)?(?P<hi>{NUM})",
    re.I,
)


_NEXT_STOP = re.compile(
    rf"\s*%?(?:\s*[^\d\s,;()~≈]{{1,12}})?(?:\s*\([^)]*\))?\s*(?:to|–|—)\s*(?:~|about\s+|≈)?"
    rf"(?P<hi>{NUM})",
    re.I,
)


def colour_ranges(text: str) -> list[tuple[float, float]]:
    """Every numeric range in a colour-bar description, in order.

    A bound too large for a float64 (``1e309``) makes no range: a colour bar's
    ends must be finite numbers (found by tests/test_fuzz.py).
    """
    out = []
    for m in _RANGE.finditer(text):
        stops = [to_float(m.group("lo")), to_float(m.group("hi"))]
        end = m.end()
        # a diverging bar told stop by stop: "3.10 (blue) – 3.30 (white) – 3.50 (red)"
        while more := _NEXT_STOP.match(text, end):
            stops.append(to_float(more.group("hi")))
            end = more.end()
        if all(math.isfinite(v) for v in stops):
            out.append((min(stops), max(stops)))
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
