"""A figure's metadata: axes, tick lists, legend, colour bars, titles, panel-scoped axes.

Built like the data recognisers: each piece of metadata is read by one small function in an
ordered, named registry. Block recognisers run first (an axis told as sub-bullets), then line
recognisers (one labelled entry of the components part), then document recognisers (what the
overview's prose says, once every entry is read). Every recogniser sees an entry normalised once
(:class:`Entry`: clean label, body, kind) and writes into one :class:`Meta` under construction.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache

from figdata.parse import axis_sentences, lexicon
from figdata.parse.axes import (
    ALONG_EDGE,
    AXIS_LETTER,
    LETTER_IN_BRACKETS,
    Axis,
    axis_role,
    colour_metric,
    colour_ranges,
    is_colourbar_label,
    panel_count,
    parse_axis,
    tick_order,
)
from figdata.parse.enumeration import MARKER_GLYPH, plain_items
from figdata.parse.model import NAMES_A_PANEL, Item
from figdata.parse.swatches import is_swatch as _swatch
from figdata.parse.text import REMARK_ONLY, norm, quoted, split_top, strip_markdown
from figdata.parse.values import parse_value


@dataclass
class Meta:
    chart_type: str = "unknown"
    x: Axis = field(default_factory=Axis)
    y: Axis = field(default_factory=Axis)
    legend: Axis | None = None
    scoped_axes: dict[int, dict[str, Axis]] = field(default_factory=dict)
    colours: list[tuple[float, float]] = field(default_factory=list)
    colour_by_title: dict[str, tuple[float, float]] = field(default_factory=dict)
    metric: str | None = None
    titles: list[str] = field(default_factory=list)
    single_title: str | None = None
    untitled: bool = False
    announced: int | None = None
    #: which axis label the text says runs down the rows ("rows are the true class")
    rows_named: str | None = None
    #: the text says the diagonal of the matrix is left blank
    diagonal_blank: bool = False
    #: the text says no value is printed in the cells ("No numbers are printed")
    no_values: bool = False  # said in the overview or the components
    no_values_anywhere: bool = False  # said anywhere in the document
    #: ("x" or "y", axis): what a later entry lists for an axis whose ticks an earlier one gave
    restated: list[tuple[str, Axis]] = field(default_factory=list)
    #: the metadata's lines, read sentence by sentence only when a panel's data asks
    statements: list[str] = field(default_factory=list)
    _other_lists: list[tuple[str, Axis]] | None = None

    def other_tick_lists(self) -> list[tuple[str, Axis]]:
        """("x" or "y", axis): each other list the text states for an axis, where it differs
        from the axis as read; hypotheses the data may prefer (see parse/reconcile.py)."""
        if self._other_lists is None:
            found = list(self.restated)
            for text in self.statements:
                for role, axis in axis_sentences.read(text):
                    if _placed_values(axis.ticks) or _named_values(axis.ticks):
                        continue
                    known = self.x if role == "x" else self.y
                    if _counts(axis.ticks) or axis.ticks == known.ticks:
                        continue
                    if (role, axis.ticks) not in [(r, a.ticks) for r, a in found]:
                        found.append((role, axis))
            self._other_lists = found
        return self._other_lists


@dataclass
class Entry:
    """One line of the metadata part, normalised once."""

    index: int
    item: Item
    label: str  # the label without markup ("X-axis (both panels)")
    body: str  # what follows the label, as written

    @property
    def kind(self) -> str:
        return self.item.kind


@dataclass
class Reading:
    """The metadata under construction, and the state a line recogniser hands to the next."""

    meta: Meta
    entries: list[Entry]
    overview: str
    in_colour: bool = False
    #: components-part lines that no line recogniser read ("**Axes.** The x-axis is ...")
    paragraphs: list[str] = field(default_factory=list)


LineRecogniser = Callable[[Entry, Reading], bool]
DocRecogniser = Callable[[Reading], None]


# --- block recognisers: an entry whose body is told by its sub-bullets ---------------------


def nested_axis(entry: Entry, reading: Reading) -> bool:
    """``* **X-axis:**`` followed by ``* Label: ...`` / ``* Ticks: ...`` sub-bullets."""
    if not entry.label or axis_role(entry.label) is None:
        return False
    if not entry.body:
        entry.body = _nested_axis([e.item for e in reading.entries], entry.index)
    elif entry.body.rstrip().endswith(":") and (
        children := _nested_axis([e.item for e in reading.entries], entry.index)
    ):
        # "**Y-axis:** Dataset names (top to bottom):" and the names as sub-bullets
        lead = entry.body.rstrip().rstrip(":")
        entry.body = f'"{strip_markdown(lead).strip()}", {children}'
    elif lexicon.ELEMENT_PLACE.search(strip_markdown(entry.body)) and (
        children := _nested_axis([e.item for e in reading.entries], entry.index)
    ):
        # "**Legend:** Located in the center-right." over its entries as sub-bullets
        entry.body = children
    elif _ticks_below([e.item for e in reading.entries], entry.index):
        # "**X-Axis (Horizontal):** `Sampling month`" over "  - Categories: `Mar`, `Apr`": the
        # name on the line, the ticks in a field below it
        children = _nested_axis([e.item for e in reading.entries], entry.index)
        lead = strip_markdown(entry.body).strip(" .\"'`")
        entry.body = f'"{lead}", {children}'
    return False  # the entry, now with a body, goes on to the line recognisers


def _ticks_below(items: list[Item], i: int) -> bool:
    """The next line is a deeper field that lists ticks ("Categories:", "Ticks:")."""
    if i + 1 >= len(items):
        return False
    child, parent = items[i + 1], items[i]
    return (
        child.kind == "list"
        and child.level > parent.level
        and bool(child.label)
        and bool(_TICK_FIELD.search(strip_markdown(child.label or "").lower()))
        and len(parse_axis(child.body or "", with_label=False).ticks) >= 2
    )


_TICK_FIELD = re.compile(r"tick|value|marker|categor|class|level|group|item|\blabels\b")


def legend_section(entry: Entry, reading: Reading) -> bool:
    """Under a "Legend" heading, ``* **Entries:**`` with one sub-bullet per series."""
    if not entry.label or entry.body or axis_role(entry.label) is not None:
        return False
    heading = next(
        (e for e in reversed(reading.entries[: entry.index]) if e.kind == "heading"), None
    )
    if heading is None or not lexicon.LEGEND.search(strip_markdown(heading.item.text)):
        return False
    body = _listed_children([e.item for e in reading.entries], entry.index)
    if not body:
        return False
    legend = parse_axis(body, with_label=False)
    if len(legend.ticks) < 2:
        return False
    legend.order = "legend"
    reading.meta.legend = reading.meta.legend or legend
    return True


def legend_bullets(entry: Entry, reading: Reading) -> bool:
    """Under a "Legend" heading, "- AdamW — solid blue line, circle markers": unlabelled
    bullets that pair a name with its swatch; after a sentence that opens the legend ("...
    whose legend reads:"), the names may be in bold ("1. **Sub-3h** — dark blue, squares")."""
    # ("**Legend (top right):**" over the bullets: a legend named, its entries still to come)
    if entry.kind != "list" or (reading.meta.legend is not None and reading.meta.legend.ticks):
        return False
    before = reading.entries[: entry.index]
    lead = before[-1] if before else None
    opened = (
        lead is not None
        and lead.kind in ("text", "bold", "list")
        and (lead.kind != "list" or lead.item.level < entry.item.level)
        and lead.item.text.rstrip(" *").endswith(":")
        and lexicon.LEGEND.search(strip_markdown(lead.item.text)) is not None
    )
    heading = next((e for e in reversed(before) if e.kind == "heading"), None)
    under_heading = heading is not None and lexicon.LEGEND.search(strip_markdown(heading.item.text))
    # ("- **RoPE (no scaling)** — solid black" under "### Legend": a name in bold, its swatch)
    swatched = bool(under_heading and entry.label and _swatch(strip_markdown(entry.body or "")))
    if entry.label and not (opened or swatched):
        return False
    if not (under_heading or opened):
        return False
    texts = []
    for other in reading.entries[entry.index :]:
        if (
            other.kind != "list"
            or other.item.level < entry.item.level  # (the nested list of entries has ended)
            or (
                other.label
                and not opened
                and not (swatched and _swatch(strip_markdown(other.body or "")))
            )
        ):
            break
        texts.append(strip_markdown(other.item.text).strip())
    names = series_names(texts)
    if len(names) < 2 or any(n == t or not n for n, t in zip(names, texts, strict=True)):
        return False
    reading.meta.legend = Axis(ticks=names, order="legend")
    return True


def legend_swatches(entry: Entry, reading: Reading) -> bool:
    """Under a "Legend" heading, one bullet per series: "- Blue: Threshold 32"."""
    if entry.kind != "list" or not entry.label or not _swatch(entry.label) or not entry.body:
        return False
    heading = next(
        (e for e in reversed(reading.entries[: entry.index]) if e.kind == "heading"), None
    )
    under_heading = heading is not None and lexicon.LEGEND.search(strip_markdown(heading.item.text))
    # "* **Legend:** Top-right corner." then "* **Light green:** "4K"" at the same depth
    before = [e for e in reading.entries[: entry.index] if e.kind == "list"]
    while before and before[-1].label and _swatch(before[-1].label):
        before.pop()
    under_entry = bool(before) and axis_role(before[-1].label or "") == "legend"
    if not (under_heading or under_entry):
        return False
    if reading.meta.legend is None or not reading.meta.legend.ticks:
        names = []
        for other in reading.entries[entry.index :]:
            if other.kind == "heading":
                break
            if other.kind == "list" and other.label and _swatch(other.label) and other.body:
                names.append(strip_markdown(other.body).strip(" .\"'“”"))
        if len(names) >= 2:
            reading.meta.legend = Axis(ticks=names, order="legend")
    return True


# --- line recognisers ---------------------------------------------------------------------

_SCOPE = re.compile(r"^(left|right|first|second|third|fourth|panel\s*\d|\([a-z]\))", re.I)


def panel_axes(entry: Entry, reading: Reading) -> bool:
    """``* **Left:** x-axis ...; y-axis ...``: axes that belong to one panel."""
    m = _SCOPE.match(entry.label)
    if not m or not re.search(r"[xy]-?axis", entry.body, re.I):
        return False
    key = m.group(1).lower()
    index = lexicon.ORDINALS.get(key, 0) - 1 if key in lexicon.ORDINALS else None
    if index is None:
        digits = re.findall(r"\d", key)
        index = int(digits[0]) - 1 if digits else ord(key[1]) - ord("a")
    scoped = reading.meta.scoped_axes.setdefault(index, {})
    for clause in re.split(r";\s*", entry.body):
        cm = re.match(r"^\s*([xy])-?axis\b\s*(.*)$", clause, re.I)
        if cm:
            scoped[cm.group(1).lower()] = parse_axis(cm.group(2))
    return True


def colour_bar(entry: Entry, reading: Reading) -> bool:
    """``* **Colour bar:** from 0.2 to 0.9, labelled "Accuracy"``."""
    if not is_colourbar_label(entry.label) or _sentence(entry.label):
        # ("... with a shared colour bar on the far right (0–12 Hz). Bins are named by their
        # position: columns West, ...": a paragraph's sentences, read as prose)
        return False
    reading.in_colour = True
    reading.meta.colours.extend(colour_ranges(entry.body))
    reading.meta.metric = reading.meta.metric or colour_metric(entry.body)
    return True


def colour_entry(entry: Entry, reading: Reading) -> bool:
    """A sub-entry of a colour bar: one panel's range (``* Left: 0 to 1``)."""
    if not reading.in_colour or entry.kind != "list":
        return False
    if not entry.label:
        reading.meta.colours.extend(colour_ranges(entry.body))
        return True
    if axis_role(entry.label) is None and (found := colour_ranges(entry.body)):
        reading.meta.colour_by_title[norm(entry.label)] = found[0]
        return True
    return False


def under_axis_heading(entry: Entry, reading: Reading) -> bool:
    """'### X-axis' over 'Visit: Day 0, Day 14, Day 28': the heading names the axis, the line
    gives its name and its ticks."""
    if entry.index == 0 or not entry.label or reading.entries[entry.index - 1].kind != "heading":
        return False
    heading = reading.entries[entry.index - 1]
    # ("## Horizontal Grouped Bar Chart: ...": the heading that names the figure names no axis)
    if heading.item.zone == "title" or axis_role(strip_markdown(heading.item.text)) not in (
        "x",
        "y",
    ):
        return False
    if axis_role(entry.label) is not None:
        return False
    whole = Entry(entry.index, entry.item, strip_markdown(heading.item.text), entry.item.text)
    return axis(whole, reading) and bool(parse_axis(entry.item.text).ticks)


def axes_in_one_entry(entry: Entry, reading: Reading) -> bool:
    """'Axes: x = weekday (Mon, Tue); y = time block, top to bottom 06–09, 09–12': one entry
    for the two axes, each part read as the entry of its own axis."""
    if not _AXES_LABEL.fullmatch(entry.label or ""):
        return False
    parts = [p for p in split_top(entry.body, ";") if p.strip()]
    heads = [_AXIS_PART.match(p) for p in parts]
    if len(parts) != 2 or not all(heads):
        return False
    for part, head in zip(parts, heads, strict=True):
        sub = Entry(entry.index, entry.item, head.group("axis"), part[head.end() :])
        axis(sub, reading)
    return True


_AXES_LABEL = re.compile(r"\s*(?:the\s+)?ax[ie]s\s*", re.I)
_AXIS_PART = re.compile(
    rf"\s*(?P<axis>[xy](?:[- ]?axis)?|{lexicon.AXIS_X.pattern}|{lexicon.AXIS_Y.pattern})"
    r"\s*[=:—–]\s*",
    re.I,
)


def _opens_list(body: str) -> bool:
    """'listed by the figure from the bottom edge upward as': the words that open a list end
    the line; the list is on the next one."""
    text = strip_markdown(body).rstrip(" :") + " "
    return any(m.end() == len(text) for m in lexicon.LIST_LEAD.regex.finditer(text))


def _next_line_list(entry: Entry, reading: Reading) -> Axis | None:
    """The ticks the line after ``entry`` lists, when it holds nothing else ("EGFR, HER2")."""
    if entry.index + 1 >= len(reading.entries):
        return None
    after = reading.entries[entry.index + 1]
    if (
        after.kind not in ("text", "list")
        or after.item.label
        or after.item.line != entry.item.line + 1
    ):
        return None
    listed = parse_axis(after.item.text, with_label=False)
    sentences = re.search(r"[a-z]\.\s+[A-Z]", after.item.text)  # a paragraph, not a list
    if len(listed.ticks) >= 2 and not sentences:
        return listed
    # ("listed from the top of the figure downward:" over "  Euro area", "  Japan": one name
    # a line, the lines one after another)
    names, line = [], entry.item.line
    for later in reading.entries[entry.index + 1 :]:
        text = strip_markdown(later.item.text).strip()
        if (
            later.kind not in ("text", "list")
            or later.item.label
            or later.item.line != line + 1
            or len(text.split()) > 4
            or re.search(r"[,;:.!?]$|,\s|\s[—–=-]\s", text)  # (a pair, "black — Observed")
        ):
            break
        names.append(text)
        line = later.item.line
    return Axis(ticks=names) if len(names) >= 2 else None


# "... axis (x) lists the diagnoses": a verb of listing, then what is listed, at the end
_VERB_THEN_NAME = re.compile(
    r"\b(?:lists?|shows?|holds?|carr(?:y|ies)|gives?|displays?)\s+(?:the\s+)?"
    r"(?P<name>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})\s*$"
)


_NEXT_AXIS_ENTRY = re.compile(
    rf"(?<=[.;])\s+(?:the\s+)?(?:{lexicon.AXIS_X.pattern}|{lexicon.AXIS_Y.pattern})[^.:;]{{0,20}}:",
    re.I,
)


def axis(entry: Entry, reading: Reading) -> bool:
    """``* **X-axis:** "Alpha", ticks 0.5, 1.0, 2.0`` (also "Y-axis ticks", "Legend")."""
    if not entry.label:
        return False
    reading.in_colour = False
    role, own_name = axis_role(entry.label), None
    if role is None and (role := _role_by_order(entry)) is not None:
        own_name = strip_markdown(entry.label).strip()

    if role is None:
        return False
    if (
        role == "value"
        # ('Horizontal axis, "Token position bucket"': a quoted name is no word about the axis)
        or lexicon.ABOUT_ELEMENT.search(_QUOTED.sub('""', entry.label))
        or (
            # ("Bottom-left inside the plot: Station A (blue)", "upper right - Adam, Lion":
            # the place, then the entries after a colon or a dash)
            role == "legend"
            and lexicon.ELEMENT_PLACE.search(strip_markdown(entry.body))
            and not re.search(r":|\s[-–—]\s", entry.body)
        )
    ):
        # a bar chart's value axis spans a range; "Legend placement: top-left, inside the
        # plot" says where the element is drawn: neither lists ticks (the entry's own axis
        # labels are still read, as prose)
        return True
    label, body = entry.label, entry.body
    if role in ("x", "y") and (other := _NEXT_AXIS_ENTRY.search(body)):
        # 'x-axis: "Read ratio" with ticks 50%, 90%, 99%. y-axis: "Clients" with ticks 8, 64':
        # the entry ends where the next axis' entry begins; that one is read as prose
        body, rest = body[: other.start()].rstrip(), body[other.start() :].lstrip(" .;")
        reading.paragraphs.append(rest)
    if _data_line(label, body) or _sentence(label) or lexicon.READING_WALK.search(label):
        return False
    if re.search(r"\btick", label, re.I):
        parsed = parse_axis(body, with_label=False)
        parsed.order = parsed.order or tick_order(label, parsed.ticks)
    elif re.search(r"\blabel\b", label, re.I) and not re.search(r"\bticks?\b", body, re.I):
        parsed = Axis(label=strip_markdown(quoted(body)[0] if quoted(body) else body).strip(". "))
        # "Annealing time (min). Markers: 15, 30, 60": the label entry lists the ticks too
        # (a remark in brackets, "(Position: Left side, rotated)", lists no ticks)
        unbracketed = re.sub(r"\([^()]*\)", " ", body)
        if len(parse_axis(unbracketed).ticks) >= 2:
            parsed = parse_axis(unbracketed)
            parsed.label = re.split(r"(?<=[a-z)])\.\s", parsed.label or "")[0] or None
            if re.match(r"\s*(?:none|no\b|not\s+printed|absent)", body, re.I):
                parsed.label = None
    elif role in ("x", "y") and (verb_name := _VERB_THEN_NAME.search(strip_markdown(label))):
        # "The category axis (x) lists the diagnoses: Heart failure, COPD. The value axis
        # ...": the label names what the axis lists; its ticks end with the body's sentence
        first, *rest = re.split(r"(?<=[a-z0-9)%])\.\s+(?=[A-Z])", body, maxsplit=1)
        parsed = parse_axis(first, with_label=False)
        parsed.label = verb_name.group("name").strip()
        reading.paragraphs.extend(rest)  # ("... The vertical axis lists ...": read as prose)
    elif quoted(label):  # 'Columns (x, "Shot zone"): Paint, ...': the name is in the label
        parsed = parse_axis(body, with_label=False)
        parsed.label = quoted(label)[0]
    elif (
        (named_in := _NAME_IN_BRACKETS.search(label))
        and role in ("x", "y")
        and not (
            AXIS_LETTER.fullmatch(named_in.group(1)) or _AXIS_WORD.fullmatch(named_in.group(1))
        )
        and _first_item_taken(body)
    ):
        # "**Columns (Month):** Jan, Apr, Jul": the name in the label, the body all ticks
        parsed = parse_axis(body, with_label=False)
        parsed.label = named_in.group(1).strip()
    else:
        parsed = parse_axis(body, with_label=role != "legend")
    if not parsed.ticks and REMARK_ONLY.fullmatch(strip_markdown(body)):
        # "**Horizontal axis – kinase target** (left to right):" over "EGFR, HER2, ABL1": the
        # entry says the order, the next line lists the ticks
        listed = _next_line_list(entry, reading)
        parsed = listed or Axis()
        label = f"{label} {body}"
    elif not parsed.ticks and _opens_list(body) and (listed := _next_line_list(entry, reading)):
        # ('y-axis, "Latitude band": listed by the figure from the bottom edge upward as' over
        # "0°, 15°N, 30°N": the words that open the list end the line)
        parsed, label = listed, f"{label} {body}"
    # ('Vertical axis, "Length penalty", listed from the top row downward: ...': the order
    # in the label)
    parsed.order = parsed.order or tick_order(label, parsed.ticks)
    meta = reading.meta
    if role != "legend" and (
        _placed_values(parsed.ticks)
        or _named_values(parsed.ticks)
        # ("Reading the wren row first: 52 wren calls ..., 3 were confused with robin": a
        # sentence before the colon, values in words after it)
        or (len(label.split()) > 3 and axis_sentences.told_values(parsed.ticks))
    ):
        return False  # "The warbler row: 4 as thrush, 37 correctly as warbler": a row's values
    if role == "legend":
        # ("FP16 = navy, INT8 = sky blue": what is left of the pairs' signs are swatches, told
        # by most of them holding only colour words, as series_names tells the swatch side)
        swatches = sum(_swatch(t) for t in parsed.ticks) * 2 > len(parsed.ticks)
        # ("125M – circles, blue; 350M – squares, orange": pairs set apart by semicolons)
        pairs = swatches or not parsed.ticks or ";" in body
        if pairs and (names := legend_entries(body)):
            parsed = Axis(label=parsed.label, ticks=names)
        parsed.ticks = _named_entries(parsed.ticks, body)
        if (
            meta.legend is None
            or len(meta.legend.ticks) < 2 <= len(parsed.ticks)
            or (parsed.ticks and not meta.legend.ticks)
        ):
            # (a later "Legend: upper left" or "Legend: inside the plot area, not overlapping
            # any data" says where it is; the entries stay those listed first)
            meta.legend = parsed
            meta.legend.order = "legend"
        return True
    if role == "both":
        # "**Axis Markers (X and Y)**: integers from 0 to 9": one list for the two axes
        for axis in (meta.x, meta.y):
            axis.ticks = axis.ticks or list(parsed.ticks)
        return True
    target = meta.x if role == "x" else meta.y
    assigned = re.match(r"\s*[xy]\s*=\s*(.+)$", strip_markdown(label), re.I)
    if parsed.label is None and assigned:
        parsed.label = assigned.group(1).strip()  # "x = Pore size (nm)": the name, its unit
    # "Y-axis (Source language, top to bottom)": the name before the order remark; "Y-axis
    # (Chunk size (tokens))": the name with its own brackets
    named = re.search(r"\(([^(),]+(?:\([^()]*\))?)(?:,[^()]*)?\)", label)
    if (
        parsed.label is None
        and named
        and not re.search(
            r"\b(?:left|right|top|bottom|each|all|both|common|shared|panel|heatmap|[xy]-?axis|"
            r"columns?|rows?|"
            r"vertical|horizontal)\b|^\s*[xy]\s*$",
            named.group(1),
            re.I,
        )
    ):
        parsed.label = named.group(1).strip()
    bare_label = strip_markdown(label)
    letter = LETTER_IN_BRACKETS.search(bare_label)
    before = bare_label[: letter.start()].strip() if letter else ""
    if parsed.label is None and before and "(" not in before and not _AXIS_WORD.fullmatch(before):
        parsed.label = before  # "Ratio (x)": the name before the letter
    dashed = re.search(r"\baxis\s*[—–:]\s*([^\W\d][^()]*?)\s*(?:\(|$)", strip_markdown(label), re.I)
    if parsed.label is None and dashed:
        parsed.label = dashed.group(1).strip()  # "X-axis — Ratio"
    target.label = target.label or own_name or parsed.label
    if parsed.ticks and not target.ticks:
        target.ticks = parsed.ticks
    elif parsed.ticks and parsed.ticks != target.ticks:
        meta.restated.append((role, parsed))
    target.order = target.order or parsed.order
    target.same_as_other = target.same_as_other or parsed.same_as_other
    return True


def _role_by_order(entry: Entry) -> str | None:
    """'Temperature (°C): 40, 60, 80 (left → right)': an axis named only by its own name, its
    list read along one edge of the figure."""
    label = strip_markdown(entry.label or "")
    if not entry.body or re.search(r"\d", re.sub(r"\([^()]*\)", " ", label)):
        return None  # "Window 500 (left to right): ...": one row's values
    if (
        NAMES_A_PANEL.search(label)
        or lexicon.LEGEND.search(label)
        or is_colourbar_label(label)
        or re.search(r"\b(?:ax[ie]s|titles?|values?|cells?|numbers?|rows?|columns?)\b", label, re.I)
        or len(label.split()) > 5
    ):
        return None  # "Panel titles (left to right)": the order of other things
    text = f"{label} {entry.body}"
    across = bool(lexicon.ORDER_LEFT_RIGHT.search(text))
    down = bool(lexicon.ORDER_TOP_DOWN.search(text) or lexicon.ORDER_BOTTOM_UP.search(text))
    ticks = parse_axis(entry.body, with_label=False).ticks
    # the body is the list itself and its order ("40, 60, 80 (left → right)"), not a
    # sentence about the figure that holds a list ("**Setup.** The panel, titled ...")
    listed = lexicon.LIST_TRAIL.regex.sub(
        "", re.sub(r"\([^()]*\)", " ", strip_markdown(entry.body))
    )
    if across == down or len(ticks) < 2 or label.endswith("."):
        return None
    if len(listed.strip(" .;")) > sum(len(t) + 3 for t in ticks) + 6:
        return None
    return "x" if across else "y"


def _placed_values(ticks: list[str]) -> bool:
    """Most items place a number under a name ("4 as thrush", "12 at 0.5")."""
    placed = sum(bool(lexicon.VALUE_PLACED.search(t)) for t in ticks)
    return len(ticks) >= 2 and placed * 2 > len(ticks)


_NAME_AND_DECIMAL = re.compile(r"^(?P<name>[^\d]*[A-Za-z][^\d]*?)\s+[-−+]?\d*\.\d+%?$")


def _named_values(ticks: list[str]) -> bool:
    """'PDO 0.62 | AMO −0.08 | NAO 0.11' after "Row ENSO": every item names another column
    and gives it a decimal value; a row's cells, not ticks ("Layer 0, Layer 4" repeat one
    word over whole numbers)."""
    found = [_NAME_AND_DECIMAL.match(t.strip()) for t in ticks]
    names = [m.group("name").casefold() for m in found if m]
    return len(ticks) >= 2 and len(names) == len(ticks) and len(set(names)) == len(names)


#: a label that is only an axis word ("Columns", "Vertical", "y-axis"): it names no axis
_AXIS_WORD = re.compile(rf"{lexicon.AXIS_X.pattern}|{lexicon.AXIS_Y.pattern}", re.I)

# "Columns (Month)", "Rows (Region)": an axis word, then the axis' name in brackets
_NAME_IN_BRACKETS = re.compile(
    rf"^\s*(?:{lexicon.AXIS_X.pattern}|{lexicon.AXIS_Y.pattern})\s*\(\s*([A-Za-z][^(),]*?)\s*\)\s*$",
    re.I,
)


def _first_item_taken(body: str) -> bool:
    """Whether reading a name off ``body`` takes its first tick ("Jan, Apr, Jul" -> "Jan")."""
    label = parse_axis(body).label
    first = re.split(r"[,;]", strip_markdown(body), maxsplit=1)[0].strip()
    return bool(label) and label.strip() == first


def _sentence(label: str) -> bool:
    """The text before a paragraph's first colon is a sentence, not the name of an entry (a
    remark in brackets does not make it one: "Rows and columns (same order; rows top to ...)")."""
    # (nor do the words of a quoted name: 'Vertical axis, "Length penalty alpha", listed from
    # the top'; it still ends a sentence: 'titled "Throughput". X-axis')
    bare = _QUOTED.sub('"', re.sub(r"\([^()]*\)", " ", label))
    # (nor the words of an order: '..., printed from the top row to the bottom row')
    words = [w for w in _ORDER_WORDS.sub(" ", bare).split() if re.search(r"\w", w)]
    # ("The sparrow row is the weakest: ...": a clause with its verb)
    told = len(words) >= 4 and re.search(r"\s(?:is|are|was|were)\s+(?:the\s+)?[a-z]", bare)
    return len(words) > 8 or bool(told or re.search(r"[a-z)\"'”][.!?]\s+[A-Z]", bare))


_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_ORDER_WORDS = re.compile(lexicon.ORDER_ANY, re.I)


_EDGE_TO_EDGE = re.compile(
    r"\b(?:(?:printed|listed|shown|given|labell?ed|read)\s+)?from\s+the\s+"
    r"(?:top|bottom|left|right)(?:\s+(?:row|column|edge))?\s+to\s+the\s+"
    r"(?:top|bottom|left|right)(?:\s+(?:row|column|edge))?",
    re.I,
)


_WALK_VERB = re.compile(
    r"\b(?:reading|read|listed|printed|shown|given|labell?ed|running|ordered|from)\b", re.I
)


def _data_line(label: str, body: str) -> bool:
    """``**Column Q1** (top to bottom): 12.7%, 15.3%``: an axis word and a tick, then values.

    A declaration names its axis alone ("Columns", "X-axis ticks"); a label that names one
    tick beside the axis word, over a body of values only, is a row or column of the data.
    """
    if re.search(r"\baxis\s*[—–:]\s*[^\W\d]", strip_markdown(label), re.I):
        return False  # "X-axis — dropout: 0.0, 0.1": the axis, its name, then its ticks
    if re.match(r"\s*[xy]\s*=\s*[^\W\d]", strip_markdown(label), re.I):
        return False  # "x = Pore size (nm): 10, 20, 40": the axis' letter given its name
    if LETTER_IN_BRACKETS.search(label):
        return False  # "Ratio (x): 0.1, 0.3": the axis' name, its letter in brackets
    if any(rx.search(strip_markdown(label)) for rx in ALONG_EDGE.values()):
        return False  # "Temperature (°C), along the bottom: 200, 225": where the axis runs
    # a remark in brackets and a quoted name ('x-axis "Training data fraction"') name no tick
    # (nor does a name with brackets of its own: "X-axis (Docs retrieved (k))")
    rest = re.sub(r"\([^()]*\)|\"[^\"]*\"|“[^”]*”", " ", strip_markdown(label))
    # ("..., printed from the top row to the bottom row": the order and the verb that tells it)
    rest = _EDGE_TO_EDGE.sub(" ", rest)
    rest = re.sub(r"\([^()]*\)", " ", rest)
    rest = AXIS_LETTER.sub(" ", rest)  # "x (k): 2, 4, 8": the axis' letter
    # "Y-axis (LoRA rank), top to bottom": the order the ticks are read in names no tick
    for order in (lexicon.ORDER_TOP_DOWN, lexicon.ORDER_BOTTOM_UP):
        rest = order.regex.sub(" ", rest)
    rest = re.sub(
        rf"{lexicon.AXIS_X.pattern}|{lexicon.AXIS_Y.pattern}|\b(?:ticks?|labels?|values?|the|of)\b",
        " ",
        rest,
        flags=re.I,
    )
    # ('left axis, "Temperature", reading upward from the bottom': the verb of the walk)
    rest = _WALK_VERB.sub(" ", rest)
    # (brackets emptied of a quoted name: 'X-axis ("Docs retrieved (k)")')
    rest = re.sub(r"\(\s*\)", " ", rest).strip(" ,;:-–—")
    if not rest:
        return False
    if re.search(r"\d", rest):
        # "Row 1 (dose 0): Values from left to right (T 0 to 3): 100, 88, 76": a numbered
        # row, its values after a lead-in
        body = re.split(r":\s", body)[-1]
    items = plain_items(body)
    return len(items) >= 2 and all(re.fullmatch(r"[~≈<>]?-?\d[\d.,]*\s*%?", i) for i in items)


# --- document recognisers ----------------------------------------------------------------


def _axes_prose(reading: Reading) -> str:
    """The prose that may tell the axes: the overview and the unread paragraphs, without the
    sentences about the colour scale ("A colourbar at the bottom (horizontal) runs from −5 to
    35", "Both use an orange colour scale with a shared colour bar from 0 to 50")."""
    prose = " ".join([reading.overview, *reading.paragraphs])
    return _COLOUR_BAR_SENTENCE.sub(" ", _BOTH_USE_A_SCALE.sub(" ", prose))


def prose_axes(reading: Reading) -> None:
    """Axes the overview tells in a sentence, for an axis no entry listed."""
    prose = _axes_prose(reading)
    if chart_type(reading.overview) in lexicon.LEGEND_CHARTS:
        # "(rows are weeks, columns are the three series)": how a table of a line or bar
        # chart is laid out, not the chart's axes (x is the x-axis, y the legend's series)
        prose = _TABLE_REMARK.sub(" ", prose)
    x, y = reading.meta.x, reading.meta.y
    # ("Columns and rows both follow the order C, Mn, Cr": the two named, then "both")
    said = [m.group(0) for m in lexicon.BOTH_AXES.regex.finditer(prose)]
    explicit = any(re.search(r"ax[ie]s|same|directions", m, re.I) for m in said) or bool(
        _ROWS_AND_COLUMNS_BOTH.search(prose)
    )
    if explicit and not x.ticks and not y.ticks and (both := _both_axes(prose)):
        # "both axes list the same four classes, namely ...": one statement for the two axes
        # outweighs a later sentence about a row ("the granite row: 37 ..., 4 for Sandstone")
        x.ticks, y.ticks = list(both), list(both)
        for role, target in (("x", x), ("y", y)):
            # "... tensor parallelism (x-axis) and pipeline stages (y-axis)": their names
            target.label = target.label or _named_before_bracket(prose, role)
        return
    empty = {"x": not x.ticks, "y": not y.ticks}
    for role, target in (("x", x), ("y", y)):
        if target.ticks:
            continue
        found = _axis_in_prose(prose, role)
        if (
            found is None
            or _placed_values(found.ticks)
            or _counts(found.ticks)
            or any(_CLAUSE_OPENER.match(t) for t in found.ticks)
            or _legend_list_at(prose, found.ticks)
            or axis_sentences.clauses(found.ticks)  # "The chart, titled ..., has three formats"
        ):
            continue
        if axis_sentences.told_values(found.ticks):
            continue  # "the model predicted wren 2 times, robin 47 times": a row's values
        target.label = target.label or found.label or _named_before_bracket(prose, role)
        target.ticks = found.ticks
        target.order = target.order or found.order
        target.same_as_other = target.same_as_other or found.same_as_other
    if (
        empty["x"]
        and empty["y"]
        and x.ticks
        and x.ticks == y.ticks
        and not (explicit or x.same_as_other or y.same_as_other)
    ):
        # ("Sectors run along the top of the grid (... on the x-axis): A, B. Regions are the
        # row labels on the y-axis: C, D": one list read for both, where each sentence names
        # its own axis and its own list, is a misreading; the sentences are the evidence)
        told = {r: a for r, a in axis_sentences.read(prose) if r in ("x", "y")}
        if len(told) == 2 and told["x"].ticks != told["y"].ticks:
            for role, target in (("x", x), ("y", y)):
                target.ticks = told[role].ticks
                target.order = told[role].order or target.order
                target.same_as_other = False
    if not x.ticks and not y.ticks and chart_type(reading.overview) not in lexicon.LEGEND_CHARTS:
        # ("The x ticks are T=0.5, T=1.0; the y ticks, from top to bottom, are α=0.1, α=0.3":
        # neither axis read by the patterns above) the general sentence reader, when it
        # finds one list for each axis
        told = _one_list_each(axis_sentences.read(prose))
        if told is not None:
            for role, target in (("x", x), ("y", y)):
                target.ticks, target.order = told[role].ticks, target.order or told[role].order
    if not x.ticks and chart_type(reading.overview) in lexicon.LEGEND_CHARTS:
        # ("the category axis lists three tasks — pick_cube, stack_blocks, open_drawer — and
        # ..."): a bar or line chart's categories that no pattern above reads, told in a
        # sentence that names the axis (a heatmap's are tried against its data instead: see
        # reconcile._stated_elsewhere)
        # (the same sentence read twice, in the overview and among the paragraphs, is one)
        told = _distinct_lists(axis_sentences.read(prose, legend=False), "x")
        if len(told) == 1 and not (_placed_values(told[0].ticks) or _counts(told[0].ticks)):
            x.ticks, x.order = told[0].ticks, x.order or told[0].order
    # (a bar or line chart's other list is its legend's, read after the axes: a list in
    # brackets anywhere in the prose, "the remainder (motorcycles, taxis, other)", is not it)
    if (
        bool(x.ticks) != bool(y.ticks)
        and reading.meta.legend is None
        and chart_type(reading.overview) not in lexicon.LEGEND_CHARTS
    ):
        # "against temperature T (0.5, 1.0, 2.0) for four samplers (rows: A, B, C)": one axis
        # is named, the overview's other list in brackets after a name is the other axis
        known, missing = (x, y) if x.ticks else (y, x)
        if not missing.same_as_other and (other := _other_list(reading.overview, known.ticks)):
            missing.label = missing.label or other.label
            missing.ticks = other.ticks


# a sentence whose verb after "both" or "each" is about the colour scale
_BOTH_USE_A_SCALE = re.compile(
    rf"\b(?:both|each)\s+(?:use|share|have)\s+[^.]*?(?:{lexicon.COLOUR_BAR.pattern})[^.]*\.?",
    re.I,
)
# a sentence whose subject is the colour bar and that names no axis by its words
_COLOUR_BAR_SENTENCE = re.compile(
    rf"(?:^|(?<=[.!?]\s))(?:an?|the)\s+(?:[\w-]+\s+){{0,3}}(?:{lexicon.COLOUR_BAR.pattern})\b"
    r"(?![^.]*\b(?:[xy][- ]?axis|rows|columns)\b)[^.]*(?:\.(?=\s|$)|$)",
    re.I,
)
# ("columns the target language, so the cell in row de ...": a clause, not an item)
_CLAUSE_OPENER = re.compile(r"(?:so|which|because|while|thus|hence|where|whereas)\s", re.I)
_CLAUSE_BREAK = re.compile(r"[;,]\s|\s(?:and|while)\s", re.I)
_TABLE_REMARK = re.compile(r"\((?=[^()]*\brows\b)(?=[^()]*\bcolumns\b)[^()]*\)", re.I)
_ROWS_AND_COLUMNS_BOTH = re.compile(
    r"\b(?:rows\s+and\s+columns|columns\s+and\s+rows)\s+both\b", re.I
)


def _counts(ticks: list[str]) -> bool:
    """'three bars, one per training stage': how many things there are, not their names."""
    return any(_COUNTED.match(t) for t in ticks)


_COUNTED = re.compile(rf"(?:{'|'.join(lexicon.NUMBER_WORDS)})\s+(?:per\b|[a-z]+s\b)", re.I)


_NAMED_LIST = re.compile(
    r"(?P<name>[A-Za-z][\w-]*(?:\s+[A-Za-zα-ω][\w-]*){0,3})\s*\((?P<items>[^()]+)\)"
)


def _other_list(text: str, known: list[str]) -> Axis | None:
    """The one list in brackets after a name, of three or more items, that is not ``known``."""
    found = []
    for m in _NAMED_LIST.finditer(strip_markdown(text)):
        if ":" in m.group("items"):
            continue  # "(rows: A, B, C)" names its axis; it is not the other one
        if len([p for p in m.group("items").split(",") if p.strip()]) < 3:
            continue  # "(quarterly, 1995–2024)": a remark with a span, not a list of ticks
        ticks = parse_axis(m.group("items"), with_label=False).ticks
        if all(map(_swatch, ticks)):
            continue  # "only colour (blue, orange, green) tells them apart": how, not what
        if lexicon.COLOUR_BAR.regex.search(m.group("name")) or re.search(r"=", m.group("items")):
            continue  # "A diverging colour bar (blue = −1, white = 0, red = +1)": its scale
        if len(ticks) >= 3 and not set(ticks) & set(known):
            label = re.sub(
                r"^(?:the|of|against|by|for|over|across)\s+", "", m.group("name"), flags=re.I
            )
            found.append(Axis(label=label.strip(), ticks=ticks))
    return found[0] if len(found) == 1 else None


_PROSE_LEGEND = re.compile(
    # ("the legend at the top right names them A (green), B (blue) and C": where it stands)
    # ("the legend above the plot: 18–29, 30–49, 65+")
    # ("a legend box at the upper left: ...": the legend's own noun)
    r"\blegend\b(?:\s+(?:box|key|inset|panel))?\s*(?:\([^()]*\)\s*|(?:at|in)\s+the\s+(?:\w+\s+){0,2}?\w+\s*(?:\([^()]*\)\s*)?|"
    # ("shown in the legend across the top of the plot: Phonics-first, ...")
    r"(?:above|below|under|over|beside|across|along)\s+the\s+(?:\w+\s+){0,3}?\w+(?=\s*:))?"
    # ("the legend sits in a single row above the plot and contains four entries: ...")
    # ("the legend, placed beneath the plot in a single row, identifies the modes as ...")
    r"(?:(?:[^.:;]{0,60}?\b(?:contains|holds|includes|identifies)|lists|names|shows|reads|"
    r"gives|labels|has)\s+"
    r"(?:(?:the|its)\s+(?:\w+\s+)?|them\s+(?:as\s+)?)?(?:(?:series|lines|bars|curves|entries|models|methods)\b\s*:?\s*)?"
    # "three bars for the legend entries Base (grey), +SFT (orange) and +DPO (blue)";
    # "Legend (upper right): North (red, circles), Coastal (blue, squares)"
    r"|entries\s+|(?<=\))\s*:\s*|:\s*)(?:as\s+)?(?P<rest>(?:[^.;]|\.(?=\d))+)",
    re.I,
)


def prose_legend(reading: Reading) -> None:
    """'The legend lists Adam, SGD and Lamb': a legend told in the overview's prose."""
    if reading.meta.legend is not None and reading.meta.legend.ticks:
        return
    prose = " ".join([reading.overview, *reading.paragraphs])
    for m in _PROSE_LEGEND.finditer(strip_markdown(prose)):
        found = parse_axis(m.group("rest"), with_label=False)
        if len(found.ticks) < 2:
            # "identifies a dark brown line with circles as Elk, a grey line with squares as
            # Wolves (×10), and ...": each entry how it is drawn, then its name
            parts = [re.sub(r"^and\s+", "", p.strip()) for p in split_top(m.group("rest"), ",")]
            names = [_swatch_for(p) for p in parts]
            if len(parts) >= 2 and all(n != p for n, p in zip(names, parts, strict=True)):
                found = Axis(ticks=names)
        if len(found.ticks) >= 2:
            found.order = "legend"
            found.ticks = [_swatch_for(t) for t in found.ticks]
            reading.meta.legend = found
            return
    # ("The legend in the lower right lists, in order, Ni/Al2O3, Ni/CeO2 and Ni/ZrO2.": the
    # sentence that names the legend, read as the axes' sentences are)
    entries = axis_sentences.legend_list(prose)
    if len(entries) >= 2 and not all(_swatch(t) for t in entries):
        reading.meta.legend = Axis(ticks=[_swatch_for(t) for t in entries], order="legend")


# 'dark navy for "Winter"', "orange marks Summer": a swatch, then the name it stands for
# ("a dark brown line with circles as Elk": how it is drawn, then "as" and the name)
_SWATCH_FOR = re.compile(
    r"^(?P<swatch>.+?)\s+(?:for|marks|means|is|as)\s+[\"“']?(?P<name>[^\"”']+?)[\"”']?$"
)


def _swatch_for(tick: str) -> str:
    m = _SWATCH_FOR.match(tick)
    if m and lexicon.COLOUR_WORDS.search(m.group("swatch")) and len(m.group("swatch").split()) <= 7:
        return m.group("name").strip()
    return tick


def shared_ticks(reading: Reading) -> None:
    """ "Y-axis: the same classes" takes the other axis' ticks."""
    x, y = reading.meta.x, reading.meta.y
    prose = _axes_prose(reading)
    if (both := _both_axes(prose)) and not x.ticks == y.ticks == both:
        if not y.ticks and not y.order:
            y.order = tick_order(prose, both)
        # "both in the order a, b, c, d": an axis read with fewer of those ticks lost some
        # "columns the target language, both ordered de, fr, cs": a list read with the words
        # before it lost or gained its first item
        for axis in (x, y):
            if axis.ticks == both[: len(axis.ticks)] or (
                len(set(axis.ticks) & set(both)) >= len(both) - 1 >= 2
            ):
                axis.ticks = list(both)
    if x.same_as_other and not x.ticks:
        x.ticks = list(y.ticks)
    if y.same_as_other and not y.ticks:
        y.ticks = list(x.ticks)


def titles(reading: Reading) -> None:
    """Panel titles from a 'Titles' entry, else from the overview's sentences."""
    meta = reading.meta
    found = _title_items([e.item for e in reading.entries])
    over_titles, single, untitled = _overview_titles(reading.overview)
    if len(found) == 1:
        # "**Panel title:** Token accuracy" names the title itself, whatever word the overview
        # quotes near "title" ('colour map "magma". **Panel title ...**')
        single = found[0]
    if not found:
        found = over_titles
    if found and single is None:
        single = found[0]
    meta.titles = found
    meta.single_title = None if untitled else single
    meta.untitled = untitled


def figure_kind(reading: Reading) -> None:
    """Chart type and the number of panels the overview announces."""
    reading.meta.chart_type = chart_type(reading.overview)
    if reading.meta.chart_type == "unknown":
        # "* **Main chart:** horizontal grouped bar chart, ...": told among the components
        reading.meta.chart_type = chart_type(" ".join(e.item.text for e in reading.entries))
    reading.meta.announced = panel_count(reading.overview)


def swatch_legend(reading: Reading) -> None:
    """ "three bars coloured by model: ResNet-50 (blue), Ours (28M) (green)": the series of a
    bar or line chart, each named with its colour, are its legend."""
    meta = reading.meta
    if meta.legend is not None or meta.chart_type not in lexicon.LEGEND_CHARTS:
        return
    prose = strip_markdown(" ".join([reading.overview, *reading.paragraphs]))
    for sentence in re.split(r"(?<=[a-z)])\.\s", prose):
        names = _swatches(sentence.split(":")[-1])
        if len(names) >= 2:
            meta.legend = Axis(ticks=names, order="legend")
            return


# "ResNet-50 (blue)", "SFT (grey, flat)": a name and, in brackets, its colour first
_SWATCH = re.compile(
    # ("RoPE (blue circles)": the colour first, then how it is drawn)
    rf"^(?P<name>.+?)\s*\((?P<colour>(?:(?:{lexicon.COLOUR_WORDS.pattern})\b[\s-]*)+"
    r"(?:[A-Za-z]+[\s-]*)*(?:,[^()]*)?)\)$",
    re.I,
)


def _swatches(text: str) -> list[str]:
    """The names of a run of "Name (colour)" items, or nothing when one item lacks a colour."""
    parts = []
    for part in split_top(text.strip(" ."), ","):
        part = re.sub(r"^\s*and\s+", "", part.strip())
        parts.extend(p for p in re.split(r"(?<=\))\s+and\s+", part) if p.strip())
    found = [_SWATCH.match(p.strip()) for p in parts]
    if len(parts) < 2 or not all(found):
        return []
    return [m.group("name").strip() for m in found if m]


def rows_named(reading: Reading) -> None:
    """'rows are the true class, columns the predicted class' anywhere in the metadata."""
    text = reading.overview + " " + " ".join(e.item.text for e in reading.entries)
    m = lexicon.ROWS_ARE.search(strip_markdown(text))
    if m:
        reading.meta.rows_named = m.group("rows").strip()


def diagonal(reading: Reading) -> None:
    """'The diagonal is left blank': those cells are not missing."""
    text = " ".join([reading.overview, *reading.paragraphs])
    reading.meta.diagonal_blank = bool(lexicon.DIAGONAL_BLANK.search(strip_markdown(text)))
    reading.meta.no_values = bool(lexicon.NO_VALUES.search(strip_markdown(text)))


BLOCK_RECOGNISERS: tuple[tuple[str, LineRecogniser], ...] = (
    ("nested_axis", nested_axis),
    ("legend_section", legend_section),
    ("legend_swatches", legend_swatches),
    ("legend_bullets", legend_bullets),
)
LINE_RECOGNISERS: tuple[tuple[str, LineRecogniser], ...] = (
    ("panel_axes", panel_axes),
    ("colour_bar", colour_bar),
    ("colour_entry", colour_entry),
    ("axes_in_one_entry", axes_in_one_entry),
    ("under_axis_heading", under_axis_heading),
    ("axis", axis),
)


def sentence_axes(reading: Reading) -> None:
    """Keep the lines that may tell an axis in a sentence (parse/axis_sentences.py), to be
    read when a panel's data places less than it states."""
    reading.meta.statements = [
        e.item.text for e in reading.entries if e.kind in ("list", "bold", "text")
    ]


DOCUMENT_RECOGNISERS: tuple[tuple[str, DocRecogniser], ...] = (
    ("prose_axes", prose_axes),
    ("prose_legend", prose_legend),
    ("shared_ticks", shared_ticks),
    ("titles", titles),
    ("figure_kind", figure_kind),
    ("swatch_legend", swatch_legend),
    ("rows_named", rows_named),
    ("diagonal", diagonal),
    ("sentence_axes", sentence_axes),
)


def read_meta(items: list[Item]) -> Meta:
    """Run the registry over the title, overview and components parts of a description."""
    meta = _read_zones(items)
    if not (meta.x.ticks and (meta.y.ticks or meta.legend)):
        # "**Figure content.** A 4-class confusion matrix ...; both axes list the classes in
        # the order ...": the axes told in a paragraph that the zones took for data; read as
        # the overview, kept when it finds ticks
        told: dict[int, str] = {}
        last = "data"  # the zone of the last paragraph read
        # (when the zones read one axis, only a paragraph that tells the other is taken: a
        # bullet of the data, "**Row EU** — 12, 30", names a row, not the rows' axis)
        partial = bool(meta.x.ticks or meta.y.ticks or meta.legend)
        for it in items:
            if it.zone != "data" or (partial and it.kind == "list"):
                continue
            if it.kind == "heading" and not _PANEL_NAMED.search(it.text):
                last = "data"  # ("## 1. Chart framing": a section, not a panel)
                continue  # "### What is plotted": a section, not a panel
            if it.kind == "list" and last != "data":
                told[id(it)] = "components"  # the bullets a told paragraph opens (a legend)
                continue
            if it.kind == "list" and (
                _TELLS_AXES.search(it.text)
                or (it.label and axis_role(strip_markdown(it.label)) in ("x", "y"))
                or (it.label and _FIGURE_FIELD.search(strip_markdown(it.label)))
            ):
                # "- The horizontal axis is labelled `Training tokens` with ticks ...": a
                # bullet that tells an axis, and the bullets after it (a colour bar)
                last = told[id(it)] = "components"
                continue
            if it.kind not in ("bold", "text"):
                break  # (a panel's heading, or the data: what follows is told per panel)
            if it.label and axis_role(strip_markdown(it.label)) in ("x", "y"):
                # "**Columns (x):** Quarter — Q1, Q2" under "## Context": an axis' entry
                last = told[id(it)] = "components"
                continue
            last = told[id(it)] = "overview" if _TELLS_AXES.search(it.text) else "data"
        if any(zone != "data" for zone in told.values()):
            widened = [replace(it, zone=told.get(id(it), it.zone)) for it in items]
            again = _read_zones(widened)
            # (an axis the zones read stays as read: "### The rows" tells only the other one)
            kept = all(
                not mine.ticks or mine.ticks == theirs.ticks
                for mine, theirs in ((meta.x, again.x), (meta.y, again.y))
            )
            found = (bool(meta.x.ticks), bool(meta.y.ticks or meta.legend))
            more = (bool(again.x.ticks), bool(again.y.ticks or again.legend))
            if kept and more != found and all(b or not a for a, b in zip(found, more, strict=True)):
                for mine, theirs in ((meta.x, again.x), (meta.y, again.y)):
                    theirs.label = theirs.label or mine.label
                meta = again
    return _settle(meta, items)


# "Title printed above the grid", "Colour bar (right edge)": a bullet about the figure
_FIGURE_FIELD = re.compile(
    rf"^(?:(?:chart|figure|plot)\s+)?(?:title\b|{lexicon.COLOUR_BAR.pattern}|{lexicon.LEGEND.pattern})",
    re.I,
)
# "Panel B", "Left subplot": a heading that names a panel, not a section of the text
_PANEL_NAMED = re.compile(r"\b(?:panel|subplot)\b", re.I)
# "the x-axis", "both axes", "along the bottom": a paragraph that tells the axes
_TELLS_AXES = re.compile(
    r"\b(?:[xy][- ]axis|axes|(?:horizontal|vertical)\s+axis|along\s+the\s+(?:bottom|left))\b",
    re.I,
)


def _field_row(item: Item) -> Item:
    """'| x-axis ticks | 0, 250, 500 |' in a table of the figure's elements: an entry as a
    bullet would give it ("- x-axis ticks: 0, 250, 500")."""
    cells = [c.strip() for c in item.text.strip().strip("|").split("|")]
    if len(cells) == 2 and all(cells) and axis_role(cells[0]) is not None:
        return Item(item.line, "list", 0, f"{cells[0]}: {cells[1]}", item.zone, *cells)
    if len(cells) == 3 and all(cells) and axis_role(cells[0]) in ("x", "y", "legend"):
        # '| Horizontal | Number of hops | 1, 2, 3, 4 |' under '| Axis | Title | Ticks |': the
        # axis, its name and its ticks (the cell that lists is the ticks, whichever comes first)
        name, ticks = (cells[1], cells[2]) if "," in cells[2] else (cells[2], cells[1])
        if "," in ticks and "," not in name:
            body = f'"{name}", ticks {ticks}'
            return Item(item.line, "list", 0, f"{cells[0]}: {body}", item.zone, cells[0], body)
    return item


def _ended(item: Item) -> str:
    """The item's text as prose: a bullet or a heading ends its sentence where its line ends
    (a list read from a bullet runs on into the next bullet otherwise: "... Layer 12 (so
    Layer 0 is the bottom row)" over "Colour bar: 20 → 100"), a wrapped paragraph does not."""
    text = item.text.rstrip()
    if item.kind in ("list", "heading", "bold") and text and text[-1] not in ".:;!?,":
        return f"{text}."
    return text


def _joined(items: list[Item]) -> str:
    """The items as prose; a blank line between two ends a paragraph, and its sentence ("...
    top to bottom:" over "GDP growth, CPI inflation, Exchange rate" and, after a blank line,
    "Palette: RdBu"): the list does not run on into the next paragraph's words."""
    out = []
    # (a rule, "---", between two paragraphs is no text of either)
    items = [it for it in items if not re.fullmatch(r"\s*(?:[-*_]\s*){3,}", it.text)]
    for i, it in enumerate(items):
        after = items[i + 1] if i + 1 < len(items) else None
        text = _ended(it)
        if (
            it.kind == "text"
            and after is not None
            and after.line > it.line + 1
            and text
            and text[-1] not in ".:;!?,"
        ):
            text = f"{text}."
        out.append(text)
    return " ".join(out)


def _read_zones(items: list[Item]) -> Meta:
    meta_items = [
        _field_row(it) if it.kind == "table" else it
        for it in items
        if it.zone in ("title", "overview", "components")
    ]
    # (a table's rows are no prose: their bars and numbers are no list of ticks; a sentence
    # whose ticks bars set apart, "The columns are weekdays: Mon | Tue | Wed", is)
    overview = _joined(
        [
            it
            for it in items
            if it.zone in ("title", "overview")
            and not (it.kind == "table" and it.text.startswith("|"))
        ]
    )
    entries = [
        Entry(i, it, strip_markdown(it.label or ""), it.body or "")
        for i, it in enumerate(meta_items)
    ]
    reading = Reading(Meta(), entries, overview)
    for entry in entries:
        if entry.kind not in ("list", "bold", "text"):
            continue
        if entry.item.zone == "overview" and not _declares(entry):
            continue  # the overview's prose is read as prose; its labelled bullets as entries
        if not any(r(entry, reading) for _, r in BLOCK_RECOGNISERS + LINE_RECOGNISERS):
            reading.paragraphs.append(_ended(entry.item))
    for _, recogniser in DOCUMENT_RECOGNISERS:
        recogniser(reading)
    return reading.meta


def _settle(meta: Meta, items: list[Item]) -> Meta:
    # "No numbers are printed inside the cells" said anywhere, the data section too
    meta.no_values_anywhere = meta.no_values or bool(
        lexicon.NO_VALUES.search(strip_markdown(" ".join(it.text for it in items)))
    )
    if (
        meta.chart_type in lexicon.LEGEND_CHARTS
        and meta.y.ticks
        and (
            all(map(_number, meta.y.ticks))
            # ('"Goals per 100 shots", linear, gridlines at 0, 10, 20': a scale described)
            or any(lexicon.VALUE_AXIS.regex.match(t) for t in meta.y.ticks)
        )
    ):
        # "Visits, 0 to 60", "kWh/m², 0 to 450, ticks every 50": the value axis of a bar or
        # line chart is a scale, it lists no series
        meta.y.ticks = []
    sideways_scale = (
        _even_scale(meta.x.ticks) and len(meta.y.ticks) >= 2 and not any(map(_number, meta.y.ticks))
    )
    if meta.chart_type == "grouped_bar" and (_span(meta.x.ticks) or sideways_scale):
        # bars that run sideways: the horizontal axis is the value axis ("Yield (%)" from 0 to
        # 100), the categories listed on the vertical axis are the chart's x
        categories = meta.y if meta.y.ticks else Axis()
        meta.x, meta.y = categories, Axis(label=meta.x.label)
    return meta


def _declares(entry: Entry) -> bool:
    """An overview line that is an entry: a labelled bullet, or "**Columns:** A, B" that
    names an axis, a legend or the colour bar."""
    if not entry.label:
        return False
    if entry.kind == "list":
        return True
    if _sentence(entry.label):
        return False  # the text before a paragraph's colon is a sentence, not an entry's name
    return axis_role(entry.label) is not None or is_colourbar_label(entry.label)


def _number(tick: str) -> bool:
    return parse_value(tick) is not None


def _even_scale(ticks: list[str]) -> bool:
    """'0, 20, 40, 60, 80, 100': four or more evenly spaced numbers, a value axis' gridlines
    (on a log scale, '0.01, 0.1, 1, 10', spaced by one factor)."""
    values = [parse_value(t) for t in ticks]
    if len(values) < 4 or any(v is None for v in values):
        return False
    steps = {round(b.value - a.value, 9) for a, b in zip(values, values[1:], strict=False)}
    if len(steps) == 1 and steps.pop() > 0:
        return True
    if any(v.value <= 0 for v in values):
        return False
    ratios = {round(b.value / a.value, 6) for a, b in zip(values, values[1:], strict=False)}
    return len(ratios) == 1 and ratios.pop() >= 2


def _span(ticks: list[str]) -> bool:
    """Eight or more consecutive integers: a range read as ticks."""
    if len(ticks) < 8 or not all(re.fullmatch(r"-?\d+", t) for t in ticks):
        return False
    values = [int(t) for t in ticks]
    return all(b - a == 1 for a, b in zip(values, values[1:], strict=False))


# --- helpers ------------------------------------------------------------------------------


def chart_type(text: str) -> str:
    """The kind of chart the text names first ("a compact heatmap ...; the left half (a bar
    chart) is not included" is a heatmap)."""
    t = text.lower()
    found = [(m.start(), kind) for kind, pattern in _CHART_KINDS if (m := pattern.search(t))]
    return min(found)[1] if found else "unknown"


_CHART_KINDS = (
    ("grouped_bar", lexicon.BAR_CHART.regex),
    ("line", re.compile(r"\bline (?:chart|graph|plot)")),
    # ("gridlines at 0, 10, 20" says nothing of the chart's kind)
    ("heatmap", re.compile(r"heat ?map|confusion matrix|contact map|matrix|\bgrid\b")),
)


_AXIS_FIELD = re.compile(
    r"(?:labels?|title|name|values?|ticks?|tick labels|categories|markers|order|direction)\b"
)


def _nested_axis(items: list[Item], i: int) -> str:
    """An axis told as sub-bullets (Label: ..., Ticks: ...) as one description."""
    parent = items[i]
    parts: dict[str, str] = {}
    for child in items[i + 1 :]:
        if child.kind != "list" or not child.label:
            break
        key = strip_markdown(child.label).lower()
        # "- **X-Axis:**" over "- Label: `Codon`", "- Values: ..." at its own depth: a model
        # that flattened the nesting; the fields still belong to the bold parent
        flattened = (
            child.level == parent.level
            and not child.text.lstrip().startswith(("**", "__"))
            and _AXIS_FIELD.match(key)
        )
        if child.level <= parent.level and not flattened:
            break
        # "Labels: 0.0, 0.1" are the tick labels, "Label: Dropout" is the axis's name
        if _TICK_FIELD.search(key):
            parts["ticks"] = child.body or ""
            if re.search(r"\(([^()]*)\)", key):  # "Labels (from bottom to top)"
                parts.setdefault("order", re.search(r"\(([^()]*)\)", key).group(1))
        elif re.search(r"label|title|name", key):
            parts["label"] = child.body or ""
        elif re.search(r"order|direction|orientation|position", key):
            parts["order"] = child.body or ""
    if "ticks" not in parts:
        return _listed_children(items, i)
    label = strip_markdown(parts.get("label", "")).strip(" .\"'`")
    head = f'"{label}", ' if label else ""
    return f"{head}ticks {parts['ticks']} {parts.get('order', '')}".strip()


def _listed_children(items: list[Item], i: int) -> str:
    """A legend or axis whose entries are sub-bullets: "Grey – Dense-1.3B", "Orange: MoE"."""
    parent = items[i]
    # "* **X-Axis (Categories):** Six categories from left to right:" (or "* **Rows:**" alone)
    # over "1. Lookup", "2. Counting" at its own depth: a list the model flattened; plain
    # items still belong
    # ("**Legend:** top of the chart, horizontal." tells only where its entries stand)
    introduces = (
        not (parent.body or "").strip()
        or (parent.body or "").rstrip().endswith(":")
        or bool(lexicon.ELEMENT_PLACE.search(strip_markdown(parent.body or "")))
    )
    texts = []
    for child in items[i + 1 :]:
        if child.kind != "list":
            break
        # (entries that pair a name with its swatch, "**Baseline** – grey bar", belong too)
        entry = child.label is None or _swatch(child.body or "") or _swatch(child.label)
        if child.level <= parent.level and not (
            introduces and child.level == parent.level and entry
        ):
            break
        texts.append(strip_markdown(child.text).strip())
    if sum(bool(lexicon.AXIS_FIELD.regex.match(t)) for t in texts) * 2 > len(texts):
        return ""  # "Label: ...", "Scale: Linear, 0 to 2000": fields of the axis, not its ticks
    names = series_names(texts)
    if all(re.fullmatch(r"[\"“].*[\"”]", n) for n in names):
        names = [n[1:-1] for n in names]  # 'Blue square: "Cold Read"': every name quoted
    if len(names) < 2:
        return ""
    # (an entry that holds a separator is one name: "+Irrigation & N-fert")
    return "ticks " + ", ".join(f"`{n}`" if _JOINS.search(n) else n for n in names)


_JOINS = re.compile(r",|\s(?:&|and|or)\s", re.I)


# ("warmup=0 (blue)": an "=" without spaces is part of a name, as in "T=0.5", not a pair's sign)
_SWATCH_SPLIT = re.compile(r"\s+[–—-]\s+|:\s+|\s+=\s*|\s*=\s+")


_WHOLLY_QUOTED = re.compile(r'^["“]([^"“”]+)["”]$')


def series_names(texts: list[str]) -> list[str]:
    """Legend entries without their swatches, the swatch side decided for the whole list.

    "Navy: Direct", "Coral: Step-by-step": one side of every pair is the swatch; the side
    that holds colour words in most entries is it, so a colour the lexicon does not know
    ("coral") is still recognised by its place.
    """
    pairs = [_swatch_pair(t) for t in texts]
    two = [p for p in pairs if len(p) == 2]
    left = sum(_swatch(p[0]) for p in two)
    right = sum(bool(lexicon.COLOUR_WORDS.search(p[1])) for p in two)
    out = []
    for text, parts in zip(texts, pairs, strict=True):
        if len(parts) == 2 and left * 2 >= len(pairs) and left >= right:
            text = parts[1]  # the colour names the swatch, the rest names the series
        elif len(parts) == 2 and right * 2 >= len(pairs):
            text = parts[0]
        text = re.sub(r"\s*\([^()]*\b(?:bars?|line|marker)s?\b[^()]*\)$", "", text)
        text = MARKER_GLYPH.sub("", text.strip())  # "● Athlete A": the marker drawn before it
        # 'mid green — "Two doses, 21 days apart"': the quotes set the whole name off
        text = _WHOLLY_QUOTED.sub(r"\1", text.strip())
        # "Vanilla (black, solid)": a swatch in brackets after the name
        if (m := re.search(r"\s*\(([^()]*)\)$", text)) and _swatch(m.group(1)) and m.start():
            text = text[: m.start()]
        out.append(text)
    return out


def _named_entries(ticks: list[str], body: str) -> list[str]:
    """'T=0.5 (teal), T=1.0 (purple)': a legend entry is its whole printed name; a legend has
    no axis name to leave out, so "T=" stays when every entry prints it."""
    out, names = [], set()
    for tick in ticks:
        m = re.search(
            # ("ticks warmup=0, warmup=500": after a space, only a name that the "=" holds tight)
            rf"(?:(?:^|(?<=[,;:(])\s*|(?<=\*\*)\s*)([A-Za-zα-ω][\w-]*)\s*=\s*|(?<=\s)([A-Za-zα-ω][\w-]*)=)"
            rf"{re.escape(tick)}(?![\w.])",
            body,
        )
        if m is None:
            return ticks
        out.append(m.group(0).strip())
        names.add(m.group(1) or m.group(2))
    # one name for every entry ("T="); "dark teal = Home, grey = Neutral" pairs swatches
    if len(names) != 1 or len(ticks) < 2 or _swatch(names.pop()):
        return ticks
    return out


def _swatch_pair(text: str) -> list[str]:
    """The two sides of "Sampling (T=0.7) - dotted teal line": split outside brackets."""
    masked = re.sub(r"\([^()]*\)", lambda m: "\x00" * len(m.group(0)), text)
    m = _SWATCH_SPLIT.search(masked)
    if m is None:
        return [text.strip()]
    return [text[: m.start()].strip(), text[m.end() :].strip()]


def legend_entries(body: str) -> list[str]:
    """A legend told on one line as swatch-name pairs: "teal bars = A; grey bars = B"."""
    text = strip_markdown(body).strip(" .")
    # pairs set apart by semicolons, or by commas when no semicolon does ("FP16 = navy, INT8
    # = sky blue")
    parts = [p.strip() for p in re.split(r"\s*;\s*" if ";" in text else r"\s*,\s*", text) if p]
    if len(parts) < 2 or not all(re.search(r"\s[–—-]\s|:\s|=", p) for p in parts):
        return []
    names = series_names(parts)
    return names if all(n and n not in parts for n in names) else []


_PLACED_REMARK = re.compile(
    r"\s+[-–—]\s+(?:positioned|located|placed|shown|centred|centered|printed)\b.*$", re.I
)


# a name set off in emphasis at the start of an entry, a sentence after it
_EMPHASISED_FIRST = re.compile(r"\s*(\*{1,2}|_)([^*_]+?)\1(?=\s*(?:[.;,]\s+\S|\s*$))")


def _title_items(items: list[Item]) -> list[str]:
    """Titles listed under a 'Titles' / 'Panel titles' / 'Panels' entry."""
    titles: list[str] = []
    for i, item in enumerate(items):
        label = item.label or ""
        if item.kind not in ("list", "bold", "text") or not re.search(
            r"\btitles?\b|^panels?\s*(?:\(|$)", label, re.I
        ):
            continue
        if axis_role(strip_markdown(label)) in ("x", "y", "both") or is_colourbar_label(label):
            continue  # "X-axis Title: Predicted" names an axis, not a panel
        last = re.split(r"(?<=[.!?])\s+", strip_markdown(label).strip())[-1]
        if not re.search(r"\btitles?\b|^panels?\b", last, re.I):
            continue  # a sentence before a colon ('... with the title "X". It ...: the best')
        # "(a) Pass@1 over Training - positioned at the top-center": where it stands is no title
        body = _PLACED_REMARK.sub("", item.body or "")
        if lexicon.NO_TITLE.regex.match(strip_markdown(body)):
            continue  # "**Chart title:** none printed above the plot"
        found = quoted(body)
        if not found and (set_off := _EMPHASISED_FIRST.match(body)):
            found = [set_off.group(2)]  # "*Pearson r between tasks*. It is a ...": the name
        if not found and body and not re.search(r"\be\.g\.|labell?ed with", body):
            found = [
                strip_markdown(p).strip(" .")
                for p in re.split(
                    r"\s*\((?:[a-z]|\d{1,2})\)\s*|,\s*(?=\((?:[a-z]|\d{1,2})\))", body
                )
                if p.strip(" .,")
            ]
            found = [f.rstrip(",").strip() for f in found if f]
        if not body:
            for child in items[i + 1 :]:
                if child.kind == "list" and not re.match(r"^\s*\*\*", child.text):
                    names = quoted(child.text) or [strip_markdown(child.body or child.text)]
                    found.append(names[0])
                else:
                    break
        titles.extend(strip_markdown(t).strip() for t in found if t.strip())
        if len(titles) > 1:
            return titles
    return titles


def _overview_titles(text: str) -> tuple[list[str], str | None, bool]:
    untitled = bool(re.search(r"\buntitled\b|\bno (?:chart )?title\b", text, re.I))
    titles: list[str] = []
    for sentence in re.split(r"(?<=[.;])\s+(?=[A-Z])", text):
        if re.search(
            r"\btitled\b|\btitle\b|\bone per\b|\b(?:left|right)\s+(?:one|panel)\b", sentence, re.I
        ):
            titles.extend(strip_markdown(q).strip().rstrip(",.") for q in quoted(sentence))
    announced = panel_count(text) or 0
    if not titles and announced > 1:
        # "titled Site A – Loam, Site B – Sandy loam and Site C – Clay": an unquoted list,
        # taken when it has as many names as the panels announced
        for m in re.finditer(r"\btitled\s+(?P<rest>[^.;]+)", text):
            names = plain_items(m.group("rest"))
            if len(names) == announced:
                titles = names
                break
    single = titles[0] if titles else None
    if single is None:
        m = re.search(r"\b(?:heatmap|chart|plot|figure|matrix|map)\s*,\s*\"([^\"]+)\"", text, re.I)
        if m:
            single = m.group(1)
    return titles, single, untitled


_PROSE_AXIS = {"x": lexicon.PROSE_X.pattern, "y": lexicon.PROSE_Y.pattern}
# "target language along the top (en, de)": the top edge names x only right before its ticks
# and "datasets on x (CIFAR-10, SVHN)": the bare letter, right before its ticks
_EDGE = {"x": r"|top(?=\s*\()|x(?=\s*\()", "y": r"|left(?=\s*\()|y(?=\s*\()"}
# the words that can only name an axis ("bottom" may be "from top to bottom")
_AXIS_NAMED = {"x": lexicon.AXIS_NAMED_X.pattern, "y": lexicon.AXIS_NAMED_Y.pattern}


@lru_cache(maxsize=2)
def _bracket_opened_by_axis(role: str) -> re.Pattern:
    return re.compile(
        rf"\((?:the\s+)?(?:{_AXIS_NAMED[role]})\s*(?:[\"“](?P<name>[^\"“”]+)[\"”]\s*)?[,:]\s*"
        r"(?P<tail>[^()]+)\)",
        re.I,
    )


@lru_cache(maxsize=2)
def _counted_bracket(role: str) -> re.Pattern:
    return re.compile(
        rf"(?:^|\s)(?P<count>\d+|{'|'.join(lexicon.NUMBER_WORDS)})\s+(?:{_AXIS_NAMED[role]})\s*"
        r"\((?P<inner>[^()]+)\)",
        re.I,
    )


def _distinct_lists(told: list[tuple[str, Axis]], role: str, keep=None) -> list[Axis]:
    """The lists ``told`` for ``role``, each once (the overview and its paragraphs may hold the
    same sentence), that ``keep`` takes."""
    found: dict[tuple, Axis] = {}
    for r, axis in told:
        if r == role and (keep is None or keep(axis.ticks)):
            found.setdefault(tuple(axis.ticks), axis)
    return list(found.values())


def _one_list_each(told: list[tuple[str, Axis]]) -> dict[str, Axis] | None:
    """One list for x and one for y, or None."""

    def listable(ticks: list[str]) -> bool:
        # (a name twice is no axis' list; nor values placed under names, nor counts)
        unique = len(set(ticks)) == len(ticks)
        return unique and not (_placed_values(ticks) or _counts(ticks))

    lists = {role: _distinct_lists(told, role, listable) for role in "xy"}
    if all(len(found) == 1 for found in lists.values()):
        return {role: found[0] for role, found in lists.items()}
    return None


def _legend_list_at(text: str, ticks: list[str]) -> bool:
    """The list is the legend's: 'along the horizontal axis; ... in the same order as in the
    legend at top right: Okafor (gold), Lindqvist (maroon)' names the legend nearer to it
    than any axis, in its own clause."""
    at = text.find(ticks[0]) if ticks else -1
    if at < 0:
        return False
    clause = re.split(r"[.;]\s", text[:at])[-1]
    return bool(re.search(r"\blegend\b", clause, re.I)) and not axis_sentences.names_an_axis(clause)


def _axis_in_prose(text: str, role: str) -> Axis | None:
    """'the horizontal axis shows the weight λ1 (0.1, 0.5, 1.0)' in an overview."""
    named = None
    # "Quarters (Q1 to Q4) form the columns": the name and its ticks, then the axis they make
    # (two items in brackets are more often a remark: "Irradiance (PPFD, µmol m⁻² s⁻¹)");
    # "Census regions form the rows (Northeast, Midwest, South and West, top to bottom)": the
    # name, the axis it makes, then its ticks
    for pattern, least in ((_BRACKETS_THEN_AXIS[role], 3), (_AXIS_THEN_BRACKETS[role], 2)):
        for m in pattern.finditer(text):
            name = _NAME_BEFORE.search(text, max(0, m.start() - 50), m.start())
            axis = parse_axis(m.group("ticks"), with_label=False)
            if name is not None and len(axis.ticks) >= least:
                axis.label = re.sub(r"(?i)^(?:the|its|and|while)\s+", "", name.group(1)).strip()
                return axis
    # "a source language (rows, top to bottom EN, DE, FR)": the axis word opens the bracket
    for m in _bracket_opened_by_axis(role).finditer(text):
        # ("a function of **batch size** (x-axis: 16, 32)": the name in bold)
        before = re.sub(r"[*_`]+", "", text[max(0, m.start() - 60) : m.start()]).rstrip()
        head = re.search(r"[A-Za-z][\w -]{0,39}$", before)
        if head is None:
            continue
        tail = re.sub(
            r"^\s*(?:(?:from\s+)?(?:left|right|top|bottom)\s+to\s+(?:left|right|top|bottom)|"
            r"top\s+down|bottom\s+up)\s*,?\s*",
            "",
            m.group("tail"),
            flags=re.I,
        )
        if axis := _listed(tail, m.group("tail")):
            axis.label = m.group("name") or _last_phrase(head.group(0))
            # "(vertical axis, k = 1, 5, 10)": the symbol the ticks are written with
            if axis.label and (sym := re.match(r"\s*([A-Za-zα-ω]\w{0,3})\s*=", tail)):
                axis.label = f"{axis.label} ({sym.group(1)})"
            return axis
        if m.group("name") and named is None:
            # '(y-axis "Eval length": 4K at the bottom up to 32K at the top)': the axis is
            # named, its ticks are told by their ends only; no later sentence is its list
            named = Axis(label=m.group("name"), order=tick_order(tail, []))
    # "Along the bottom are five shot zones — A, B, C — and down the left side are ...": the
    # edge opens the clause, the ticks follow its verb
    # ("Along the bottom, the cell lines are, from left to right, A549, ...": the axis' name
    # between the edge and the verb)
    for m in re.finditer(
        rf"\b(?:along|across|under|beneath|down|up)\s+the\s+(?:{_EDGE_ACROSS[role]}),?\s+"
        r"(?:the\s+(?P<name>[A-Za-z][\w -]{0,40}?)\s+)?"
        r"(?:are|is|sit|lie|run|stand)\s*,?\s+(?P<body>[^.;]+)",
        text,
        re.I,
    ):
        body = _SET_OFF_END.split(m.group("body"))[0]
        axis = parse_axis(re.sub(r"^(?:the|its)\s+", "", body.strip(), flags=re.I))
        if len(axis.ticks) >= 2:
            axis.order = axis.order or tick_order(body, axis.ticks)
            axis.label = axis.label if axis.label or not m.group("name") else m.group("name")
            return axis
    # "4 columns (weight bit-width: 2, 3, 4, 8)": a count of them, the list in brackets
    for m in _counted_bracket(role).finditer(text):
        axis = parse_axis(m.group("inner"))
        count = m.group("count").lower()
        size = int(count) if count.isdigit() else lexicon.NUMBER_WORDS.get(count)
        if len(axis.ticks) >= 2 and size == len(axis.ticks):
            axis.order = axis.order or tick_order(m.group("inner"), axis.ticks)
            return axis
    # "eight weeks (W1–W8 on the x-axis)": the ticks, then the axis, in one bracket
    for m in re.finditer(
        rf"\((?P<ticks>[^()]+?)\s+(?:on|along|across)\s+the\s+(?:{_PROSE_AXIS[role]})\s*\)",
        text,
        re.I,
    ):
        axis = parse_axis(m.group("ticks"), with_label=False)
        if len(axis.ticks) >= 2:
            axis.label = _last_phrase(text[max(0, m.start() - 60) : m.start()])
            return axis
    # "the top marginal tax rate on the x-axis (10%, 20%, 30%)": the name before, ticks after
    for m in re.finditer(
        rf"\s(?:on|along|across|up|down|as)\s+(?:the\s+)?(?:{_PROSE_AXIS[role]}{_EDGE[role]})"
        r"\s*\((?P<ticks>[^()]+)\)",
        text,
        re.I,
    ):
        ticks = m.group("ticks")
        if named_axis := re.match(rf"\s*(?:the\s+)?(?:{_AXIS_NAMED[role]})\b", ticks, re.I):
            # "along the bottom (x-axis, "Month"): Jan, ...": it names the axis; "on the x-axis
            # (columns T=0.5, 0.6, 0.7)": the axis word opens the ticks
            ticks = ticks[named_axis.end() :]
            if len(parse_axis(ticks, with_label=False).ticks) < 2:
                continue
        axis = parse_axis(ticks, with_label=False)
        if len(axis.ticks) >= 2:
            before = re.split(r"[.;:()]", text[max(0, m.start() - 80) : m.start()])[-1]
            head = re.split(r",|;|\b(?:and|use|uses|using|with|shows?|has|have)\b", before)
            axis.label = re.sub(r"^\s*(?:the|both)\s+", "", head[-1].strip(), flags=re.I) or None
            axis.order = axis.order or tick_order(m.group("ticks") + " " + text, axis.ticks)
            return axis
    spoken = None  # a name told before "on the y-axis", the last resort
    bracketed = None  # a name told before "(x-axis)": outweighs a name read off a verb
    # "cache sizes 16, 32 and 64 MB (x-axis)": the list, then the axis named in parentheses
    for m in re.finditer(rf"\((?:the\s+)?(?:{_AXIS_NAMED[role]})\b(?P<tail>[^()]*)\)", text, re.I):
        before = re.split(r"[()\[\]:;.]\s", text[max(0, m.start() - 160) : m.start()])[-1]
        before = re.sub(r"^[()\s]*(?:and|with|for|by)\s+", "", before.strip(), flags=re.I)
        if _OWN_LIST.search(m.group("tail")):
            continue  # "(columns left to right, Irrigation 0 → 160)": the bracket has its own
        if axis := _listed(before, m.group("tail")):
            return axis
    if label := _named_before_bracket(text, role):
        bracketed = Axis(label=label)  # "split with tensor parallelism (x-axis)": no ticks
    # "depths (10 cm, 30 cm, 60 cm; rows, top to bottom)": the axis word after the ticks
    for m in re.finditer(
        rf"(?P<head>[\w -]{{2,40}}?)\s*\((?P<ticks>[^()]+?)[,;]\s*"
        rf"(?:{_AXIS_NAMED[role]})\b(?P<tail>[^()]*)\)",
        text,
        re.I,
    ):
        if axis := _listed(m.group("ticks"), m.group("tail")):
            axis.label = m.group("head").strip().split(" and ")[-1].strip() or None
            return axis
    # "Irrigation levels (low, medium, high) are on the x-axis": name and ticks, then the axis;
    # "... and fertiliser types on the y-axis": a name without ticks
    for m in re.finditer(rf"\s{_ON_AXIS}(?:{_AXIS_NAMED[role]}|{_EDGE_NAMED[role]})\b", text, re.I):
        before = text[max(0, m.start() - 160) : m.start()].rstrip()
        listed = re.search(r"(?P<head>[A-Za-z][\w -]{1,40}?)\s*\((?P<ticks>[^()]+)\)$", before)
        if listed and re.search(r"[⁻²³µ/°]", listed.group("ticks")):
            # "Light intensity (PAR, µmol m⁻² s⁻¹) runs along the x-axis at 200, 400": the
            # unit, not the ticks; the ticks follow the axis
            after = re.split(r";|\.\s", text[m.end() :], maxsplit=1)[0]
            axis = parse_axis(re.sub(r"^\s*(?:at|with)\s+", "", after), with_label=False)
            if len(axis.ticks) >= 2:
                axis.label = f"{listed.group('head').strip()} ({listed.group('ticks').strip()})"
                axis.order = axis.order or tick_order(after, axis.ticks)
                return axis
            listed = None
        if listed and (axis := _listed(listed.group("ticks"), text[m.end() : m.end() + 60])):
            axis.label = _last_phrase(listed.group("head"))
            return axis
        # "Dropout rates 0.0, 0.1, 0.2 and 0.3 run along the bottom axis": the list unbracketed
        clause = re.split(r"[.;:]\s|\)\s", before)[-1]
        spoken_list = parse_axis(clause)
        if (
            len(spoken_list.ticks) >= 2
            and spoken_list.label
            and clause.rstrip().endswith(spoken_list.ticks[-1])
            and not re.search(rf"{_AXIS_NAMED['x']}|{_AXIS_NAMED['y']}", clause, re.I)
        ):
            spoken_list.order = spoken_list.order or tick_order(
                text[m.end() : m.end() + 60], spoken_list.ticks
            )
            return spoken_list
        bare = re.search(r"[A-Za-z][\w -]{1,40}$", before)
        # "External field h is on the left axis, increasing upward from 0.0 at the bottom
        # through 0.1 and 0.2 to 0.5 at the top": the name before the axis, its ticks after
        after = re.split(r";|\.\s", text[m.end() :], maxsplit=1)[0]
        if before.count("(") > before.count(")"):
            after = after.split(")")[0]  # "(listed on the vertical axis, from top: A, B)"
        # ("Incubation time (h) runs along the bottom: 2, 6, 12": a unit in the name)
        head = re.search(r"[A-Za-z][\w -]{1,40}(?:\([^()]{1,12}\))?$", before)
        if head and re.match(r"\s*[,:—–]", after):
            other = _AXIS_NAMED["y" if role == "x" else "x"]
            walk = _before_other_axis(after.lstrip(" ,:—–"), other)
            axis = parse_axis(walk, with_label=False)
            if len(axis.ticks) >= 2 and (label := _last_phrase(head.group(0))):
                axis.label = label
                axis.order = axis.order or tick_order(walk, axis.ticks)
                return axis
        if spoken is None and bare and (label := _last_phrase(bare.group(0))):
            spoken = Axis(label=label)
    for m in re.finditer(
        # "columns correspond to depth (2, 4) and rows to hint level (1, 2)": the verb said once
        rf"\b(?:{_PROSE_AXIS[role]})\s*(?:\([^)]*\)\s*)?[,:]?\s*(?:(?:{lexicon.AXIS_VERB.pattern}|to)(?:\s+|(?<=[:=])\s*))?"
        # (a point before a digit or a lowercase word ends no sentence: "0.5", "Seb. keratosis")
        r"(?:the\s+)?(?P<body>[^.]+(?:\.(?:\d|\s+(?-i:[a-z]))[^.]*)*)",
        text,
        re.I,
    ):
        if _CLAUSE_ENDS.match(m.group("body")):
            continue  # "elevation bands on the x-axis and slope aspect (N, E) on the y-axis"
        weak = not re.search(r"axis", m.group(0)[:20], re.I)  # "rows", "columns"
        if weak and _PANELS_IN_A_ROW.search(text, 0, m.start()):
            continue  # "three small heatmaps in one row": how the panels stand
        counted = weak and _COUNT_BEFORE.search(text, 0, m.start())
        if weak and named is not None:
            continue  # the axis was named outright; a later "rows" is something else
        other = _AXIS_NAMED["y" if role == "x" else "x"]
        # the description ends where the other axis' begins ("... and whose rows are ...")
        body = _before_other_axis(_within_brackets(m.group("body")), other)
        # "lists four benchmarks; each group has three bars for the legend entries A, B, C":
        # the legend's entries are not the axis' ticks
        # (the clause that names the legend, never a comma inside the axis' brackets: "the
        # season (2018, 2019, 2020) and the legend names ...")
        # (the clause begins at the last break before the word "legend", not at a comma of the
        # list: "— 8, 32, 128 — and within each group ... a shared legend")
        masked = re.sub(r"\([^()]*\)", lambda b: "\x00" * len(b.group(0)), body)
        if legend := lexicon.LEGEND.regex.search(masked):
            breaks = list(_CLAUSE_BREAK.finditer(masked, 0, legend.start()))
            body = body[: breaks[-1].start()] if breaks else body
        # "on the x-axis - 500, 1000, 2000 - and Drop ratio ...": a closing dash ends the list
        body = _SET_OFF_END.split(body)[0]
        # "... Q1, Q2, Q4 and Q8, and the product categories from top to bottom are ...": a
        # clause with its own subject and verb is another list
        body = _NEXT_SUBJECT.split(body, maxsplit=1)[0]
        axis = parse_axis(body.strip(" ,"))
        told = counted.group(0) if counted else None
        if not told and (at_end := _COUNT_AT_END.search(m.group("body"))):
            told = at_end.group(1)
        if told and len(axis.ticks) < 2 and (then := _listed_next(text, m, told)):
            # "... has three rows. From top to bottom they are 2, 4 and 8 agents."
            names = quoted(m.group("body"))
            then.label = then.label or (names[0] if names else None)
            return then
        if len(axis.ticks) < 2 and not weak and (then := _ITS_LABELS.match(text, m.end("body"))):
            # "The y-axis is the learning rate. Its labels run from the bottom upward: 1e-5,
            # 3e-5": the next sentence lists the ticks of the axis this one named
            listed = parse_axis(then.group("list"), with_label=False)
            if len(listed.ticks) >= 2:
                named = _COPULA.sub("", m.group("body").strip())
                listed.label = axis.label or _last_phrase(named)
                listed.order = listed.order or tick_order(then.group(0), listed.ticks)
                return listed
        if counted and (len(axis.ticks) < 2 or not _LISTED_AFTER_COUNT.match(body)):
            # "a 4-row by 4-column heatmap": a count of them, not the axis; "four columns
            # labelled k=1, k=3, k=5" declares them
            continue
        if len(axis.ticks) >= 2:
            axis.order = axis.order or tick_order(text, axis.ticks)
            return axis
        # "columns the target language (same order, left to right)": the other axis' ticks
        named = named or (axis if axis.same_as_other else _named_only(body))
    if named is not None and (named.ticks or named.same_as_other):
        return named
    if axis := _ticks_told_in_sentence(text, role):
        return axis
    for found in (bracketed, named, spoken):
        # "product category (vertical axis) ... the product categories are A, B"; "the x-axis
        # is the calendar month ... Months shown: Mar, May, Jul" (a name said without its
        # bracket is followed only to a colon: "rows are query tokens and columns are ...")
        if found is None or found.ticks:
            continue
        if axis := _named_list(text, found.label or "", verbs=found is bracketed):
            return axis
    return bracketed or named or spoken


def _named_list(text: str, name: str, verbs: bool = True) -> Axis | None:
    """The list a later clause gives a name an axis was given ("by product category
    (vertical axis) ... the product categories from top to bottom are Steel, Machinery")."""
    words = name.split()
    # the whole name, then its head noun after a colon ("calendar month" is told as "Months
    # shown: Mar, May, ...")
    for part in dict.fromkeys([name, words[-1]] if words else []):
        if len(part) < 3:
            continue
        stem = re.escape(part.rstrip("s")[:-1] if part.endswith("y") else part.rstrip("s"))
        verb = (
            rf"\b{stem}\w*\s+(?P<order>[^.;:,]{{0,30}}?)\s*(?:are|is|include)\s*:?\s+"
            r"(?P<list>[^.;]+)|"
            if part == name and verbs
            # "against running speed ... The speed ticks are 10, 12, 14": the head noun and
            # the word for its ticks
            else rf"\b{stem}\w*\s+(?:tick|label)s\s+(?:are|read)\s*:?\s+(?P<list>[^.;]+)|"
        )
        for m in re.finditer(
            # "Depths, from the surface at the top to the bottom: 5 m, 25 m": a colon after
            # (not past the word "legend": "... one for each country in the legend at the top
            # left: France, Germany" lists the legend)
            rf"{verb}(?<![\w-]){stem}\w*(?P<order_colon>(?:(?!legend)[^.;:\d()]){{0,80}}):\s+"
            r"(?P<list_colon>[^.;]+(?:\.\d[^.;]*)*)",
            text,
            re.I,
        ):
            listed = m.groupdict().get("list") or m.group("list_colon")
            axis = parse_axis(listed, with_label=False)
            if len(axis.ticks) >= 2:
                axis.label = name
                order = m.groupdict().get("order") or m.group("order_colon") or ""
                axis.order = axis.order or tick_order(order, axis.ticks)
                return axis
    return None


# "the ticks are 5, 10, 20", "its labels read: A, B, C": the list a sentence gives its axis
# ("Row order, top to bottom: de, fr, sw": the order, then the list after a colon)
_TICKS_ARE = re.compile(
    r"\b(?:(?:tick(?:\s+label)?s|labels|categories|levels)\s+(?:are|read)\s*:?|"
    r"order\b[^:.;]{0,30}:)\s+(?P<list>[^.;]+(?:\.\d[^.;]*)*)",
    re.I,
)
_PROSE_SENTENCE = re.compile(r"(?<=[A-Za-z0-9)\"”%])[.!?]\s+(?=[A-Z\"“(])")


def _ticks_told_in_sentence(text: str, role: str) -> Axis | None:
    """'Along the bottom (x-axis, "Load (Mbps)") the ticks are 5, 10, 20': a sentence that
    names one axis, and not the other, and says what its ticks are."""
    other = "y" if role == "x" else "x"
    for sentence in _PROSE_SENTENCE.split(text):
        m = _TICKS_ARE.search(sentence)
        if m is None or re.search(_AXIS_OR_EDGE[other], sentence, re.I):
            continue
        head = sentence[: m.start()]
        if not re.search(_AXIS_OR_EDGE[role], head, re.I):
            continue
        axis = parse_axis(m.group("list"), with_label=False)
        if len(axis.ticks) >= 2:
            names = quoted(head)
            axis.label = names[0] if names else None
            axis.order = axis.order or tick_order(sentence, axis.ticks)
            return axis
    return None


_BRACKETS_THEN_AXIS = {
    role: re.compile(
        r"\((?P<ticks>[^()]+)\)\s+"
        r"(?:forms?|make\s+up|makes\s+up|are|is|gives?|labels?|defines?|runs?\s+along|"
        rf"runs?\s+down|sits?\s+on)\s+the\s+(?:{_AXIS_NAMED[role]})",
        re.I,
    )
    for role in ("x", "y")
}
_AXIS_THEN_BRACKETS = {
    role: re.compile(
        r"\s(?:forms?|make\s+up|makes\s+up|label|labels|define|defines)\s+the\s+"
        rf"(?:{_AXIS_NAMED[role]})\s*\((?P<ticks>[^()]+)\)",
        re.I,
    )
    for role in ("x", "y")
}
# the name right before the brackets ("Quarters (Q1 to Q4) ...")
_NAME_BEFORE = re.compile(r"([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3})\s*$")

_PANELS_IN_A_ROW = re.compile(r"\b(?:in|into|as|along)\s+(?:one|a|a\s+single|the\s+same)\s+$", re.I)

_COPULA = re.compile(r"^(?:is|are)\s+(?:the\s+)?", re.I)
_ITS_LABELS = re.compile(
    # ("From the top of the chart down, the ticks read 0.5C, 1C": an order may lead)
    r"\.\s+(?:(?:from|reading|going)\s+[^.,;:]{1,40},\s*)?"
    r"(?:its|their|the)\s+(?:tick\s+)?(?:labels|ticks|values|categories)\b[^.:;]{0,50}?"
    r"(?::|\bare\b|\bread\b)\s*(?P<list>[^.;]+(?:\.\d[^.;]*)*)",
    re.I,
)
# (the next sentence's lead may say the walk in any words: "From the top of the grid to the
# bottom they are: Arid, ..."; the count told before keeps the list honest)
_THEY_ARE = re.compile(
    r"\.\s+(?P<lead>[^.:;]{0,60}?\s*,?\s*)?"
    r"(?:they|these)\s+are\s*:?\s+(?P<list>[^.]+(?:\.\d[^.]*)*)",
    re.I,
)


_COUNT_AT_END = re.compile(
    r"\b(?:has|have|with|shows?)\s+(\w+)\s+(?:rows|columns|ticks|labels|categories|levels)\s*$",
    re.I,
)


def _listed_next(text: str, m: re.Match, told: str) -> Axis | None:
    """The next sentence lists as many ticks as the axis' count said, with "they are"."""
    then = _THEY_ARE.match(text, m.end("body"))
    if then is None:
        return None
    count = told.strip(" -").lower()
    size = int(count) if count.isdigit() else lexicon.NUMBER_WORDS.get(count)
    axis = parse_axis(then.group("list"), with_label=False)
    if size is None or len(axis.ticks) != size:
        return None
    axis.order = axis.order or tick_order(then.group(0), axis.ticks)
    return axis


# the axis word closed its clause: what follows is another one
_CLAUSE_ENDS = re.compile(r"(?:and|while|whereas|but)\b", re.I)

# "4-column", "five rows": a count; "one column per month" declares the axis
_COUNT_BEFORE = re.compile(
    rf"(?:\d|\b(?:{'|'.join(w for w in lexicon.NUMBER_WORDS if w != 'one')}))[- ]?$", re.I
)
_LISTED_AFTER_COUNT = re.compile(r"\s*(?:labell?ed|named|marked|listed|for\b|of\b|[:(—–-])", re.I)
# a bracket that names the axis and then its own name or ends ("columns, Irrigation 0 → 160")
_OWN_LIST = re.compile(r"[A-Za-z]{3,}[^()]*\d")
_NEXT_SUBJECT = re.compile(
    r",\s+and\s+(?:the|its)\s+[a-z][\w -]{0,40}?\s(?:are|is|run|runs|read|reads)\b", re.I
)
_SET_OFF_END = re.compile(r"\s+[—–]\s+(?=(?:and|while|whereas|with|but)\b)", re.I)

# the edges that name an axis after "along the" / "down the"
# ("Across the top of the grid are the periods: ...": an edge of the grid by name)
_OF_THE_GRID = r"(?:\s+of\s+the\s+(?:grid|chart|plot|heatmap|matrix|figure|panel))"
_EDGE_NAMED = {"x": lexicon.EDGE_X.pattern, "y": lexicon.EDGE_Y.pattern}
_EDGE_ACROSS = {
    "x": rf"(?:{lexicon.EDGE_X.pattern}|top){_OF_THE_GRID}?|{lexicon.EDGE_TOP.pattern}",
    "y": rf"(?:{lexicon.EDGE_Y.pattern}){_OF_THE_GRID}?",
}

_AXIS_OR_EDGE = lexicon.AXIS_OR_EDGE

_ON_AXIS = (
    rf"(?:(?:{lexicon.ON_AXIS_VERB.pattern})\s+)?(?:shown\s+|placed\s+)?"
    r"(?:on|along|across|up|down)\s+the\s+"
)


def _named_before_bracket(text: str, role: str) -> str | None:
    """'... with tensor parallelism (x-axis) and pipeline stages (y-axis)': the axis' name."""
    for m in re.finditer(
        rf"\((?:the\s+)?(?:{_AXIS_NAMED[role]})\s*(?:,\s*[\"“](?P<quoted>[^\"”]+)[\"”]\s*)?\)",
        text,
        re.I,
    ):
        if m.group("quoted"):
            return m.group("quoted")  # '... lighting change (y-axis, "Lighting level")'
        before = re.split(r"[()\[\]:;.]\s", text[max(0, m.start() - 160) : m.start()])[-1]
        if (label := _last_phrase(before)) and not _listed(before, ""):
            return label
    return None


def _last_phrase(head: str) -> str | None:
    """The name at the end of a clause: "...; fertiliser types" -> "fertiliser types"."""
    head = re.split(r"[;:,.]|\b(?:and|while|whereas|with)\b", head)[-1]
    if len(head.split()) > 4:
        # "broken down by product category": the name after the last preposition
        head = re.split(r"\b(?:by|of|for|over|across|against)\s", head)[-1]
    head = re.sub(r"^\s*(?:the|its|their)\s+", "", head.strip(), flags=re.I).strip()
    if not head or len(head.split()) > 4 or re.search(r"\d", head):
        return None
    return head


# the end of a sentence; after a capital or a digit only before a capitalised word ("..., BAX,
# GADD45A. Rows go top to bottom")
# ("Seb. keratosis": an abbreviation's point before a lowercase word ends no sentence)
_SENTENCE_END = re.compile(
    r"(?<=[a-z)*_\"'”])\.\s(?!\s*[a-z])|(?<=[A-Z0-9])\.\s+(?=[*_\"“]*[A-Z][a-z])"
)


_ORDER_LEAD = re.compile(r"\s*,?\s*(?:in\s+the\s+(?:same\s+)?order|namely)\s*:?\s+", re.I)


def _both_axes(text: str) -> list[str]:
    """'The same five variables label both axes: A, B, C', 'both in the order a, b, c'."""
    for m in lexicon.BOTH_AXES.regex.finditer(text):
        # "both ordered de, fr, cs", "both list news, law": the list follows the verb
        start = m.end() if re.match(r"(?i)(?:each|both)\b", m.group(0)) else m.start()
        if text.count("(", 0, m.start()) > text.count(")", 0, m.start()):
            # "**Variables** (same order on both axes; rows top → bottom): GDP, CPI": the
            # remark in brackets ends before the list
            closing = text.find(")", m.end())
            if closing >= 0 and re.match(r"\)\s*[:—–]", text[closing:]):
                start = closing + 1
        after = _SENTENCE_END.split(text[start:], maxsplit=1)[0]
        before = _SENTENCE_END.split(text[: m.start()])[-1]
        listed = re.findall(r"\(([^()]*,[^()]*)\)", before)
        if re.match(r"(?i)(?:on|along|label)\b", m.group(0)) and not re.match(
            r"\s*[:—–]", text[m.end() :]
        ):
            clause = re.split(r"[;:]", before)[-1].strip()
            clause = lexicon.LIST_TRAIL.regex.sub("", clause).strip()
            spoken = parse_axis(clause, with_label=False).ticks if "," in clause else []
            if listed:
                after = listed[-1]  # "three annotators (A1, A2, A3) on both axes"
            elif (
                len(spoken) >= 2
                and clause.endswith(spoken[-1])
                # ("are left white, and the class names on both axes": a phrase, not ticks)
                and not any(re.match(r"(?i)(?:the|a|an)\s", t) for t in spoken)
            ):
                return spoken  # "tasks SST-2, MNLI, QNLI, RTE, CoLA on both axes"
            elif ordered := _ORDER_LEAD.match(text, m.end()):
                # "codes appear on both axes in the order de, fr, ja, sw (rows from the top)"
                after = _SENTENCE_END.split(text[ordered.end() :], maxsplit=1)[0]
            elif inside := re.match(r"[^()]{0,40}\(([^()]*,[^()]*)\)", after):
                # "label both axes in the same order (SOX2, PAX6, NES; left to right on x)"
                after = inside.group(1).split(";")[0]
            elif not re.search(r"[:—–]", after):
                continue  # "the labels along both axes are single digits, rotated": no list
        ticks = parse_axis(after, with_label=False).ticks
        if len(ticks) >= 2:
            return ticks
    return []


def _listed(ticks: str, remark: str) -> Axis | None:
    """An axis of two or more ticks read from ``ticks``, its order from the remark beside it."""
    axis = parse_axis(ticks, with_label=False)
    if len(axis.ticks) < 2 or axis_sentences.clauses(axis.ticks):
        return None
    axis.order = axis.order or tick_order(remark, axis.ticks)
    return axis


def _before_other_axis(body: str, other: str) -> str:
    """The body up to where the other axis' description begins ("... and whose rows are ..."),
    outside brackets: "(order de, fr, es on both axes, rows top to bottom)" stays whole."""
    for m in re.finditer(
        rf"[,;]?\s+(?:and\s+)?(?:whose\s+|the\s+|its\s+)?\(?(?:{other})\b", body, re.I
    ):
        head = body[: m.start()]
        if head.count("(") <= head.count(")"):
            return head
    return body


def _within_brackets(body: str) -> str:
    """The body up to a closing bracket it did not open: "(rows: a, b, c) with ..." -> "a, b, c"."""
    depth = 0
    for i, ch in enumerate(body):
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return body[:i]
            depth -= 1
    return body


def _named_only(body: str) -> Axis | None:
    """'the horizontal axis is the gold intent': a name without ticks (a short phrase)."""
    body = strip_markdown(body)
    name = re.split(r",|;|\s+(?:with|from|in|on|each|both|and)\s+", body.strip())[0].strip()
    if 0 < len(name.split()) <= 4 and not re.search(r"\d", name):
        return Axis(label=name)
    return None
