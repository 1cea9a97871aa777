"""Layout recognisers: each turns one shape of statement into cells.

All recognisers share one :class:`Context` per panel: the panel's axes, the
document's pair convention and the lists that collect cells and findings. A
new layout is one more function in :data:`LINE_RECOGNISERS`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from figdata.parse import jsonblock, lexicon
from figdata.parse.findings import finding
from figdata.parse.matrix_prose import (
    NAMES_A_CELL,
    clause_subjects,
    counted_rows,
    opens_row,
    read_matrix_sentence,
    row_subject,
)
from figdata.parse.model import PAIR_THEN_VALUE, Item, one_line_word, split_label
from figdata.parse.text import (
    CLOCK,
    MINUS,
    drop_remarks,
    norm,
    rx,
    split_top,
    strip_markdown,
    triangle_shape,
)
from figdata.parse.ticks import (
    AxisTicks,
    assign_pair,
    mentions,
    name_score,
    resolve,
    resolve_either,
)
from figdata.parse.values import (
    NUM,
    Value,
    is_missing,
    parse_value,
    record_value,
    split_values,
)

SUMMARY_LABEL = lexicon.SUMMARY.regex
claim_words = lexicon.EXTREME.search
compares = lexicon.COMPARISON.search
_HAS_DIGIT = re.compile(r"\d")


@dataclass
class Context:
    panel: int
    x: AxisTicks
    y: AxisTicks
    pair_order: dict[str, str]  # "tuple" / "cross" / "arrow" -> "xy" | "yx"
    last_line: int | None  # the final line when the file ends without a line break
    cells: list[dict] = field(default_factory=list)
    findings: list[dict] = field(default_factory=list)
    addressed: set[tuple[str, str]] = field(default_factory=set)
    truncated: bool = False
    #: sentences may place a value by where it stands ("starts at 0.3"): not when the text
    #: says no number is printed
    loose_sentences: bool = True
    #: the axis whose ticks label the rows of lists and tables ("y" unless the text says)
    rows_axis: str = "y"
    #: False when the text says no value is printed: numbers in prose are then colour readings
    prose_values: bool = True
    #: the panel's lines, for readings that look at all of them (a triangle)
    items: list[Item] = field(default_factory=list)
    _triangle: str | None | bool = False  # not looked at yet
    #: words the panel's text puts before one axis's ticks (see parse/axis_names.py)
    learned_names: dict | None = None
    #: group -> how many one-value bullets under it were placed, in the order of the ticks
    bullets_placed: dict = field(default_factory=dict)
    #: positions counted past the axes' ends ("(1,5)" over four columns): evidence against
    #: this reading of the axes
    overrun: int = 0
    #: other tick lists the text states for the panel's axes (x or y), to try when the
    #: declared reading places less than the data states (read only then)
    other_tick_lists: Callable[[], list[AxisTicks]] = list

    @property
    def triangle(self) -> str | None:
        """ "lower" or "upper" when the rows hold 1, 2, ..., n values (or n, ..., 1)."""
        if self._triangle is False:
            self._triangle = _triangle(self.items, self)
        return self._triangle  # type: ignore[return-value]

    def trial(self, x: AxisTicks, y: AxisTicks, rows_axis: str | None = None) -> Context:
        """Another reading of the same panel's axes, empty, under what the text says of it
        (whether numbers are printed, how pairs are ordered)."""
        out = Context(self.panel, x, y, self.pair_order, self.last_line)
        out.rows_axis = rows_axis or self.rows_axis
        out.prose_values = self.prose_values
        out.loose_sentences = self.loose_sentences
        return out

    def transposed(self, x: AxisTicks, y: AxisTicks) -> Context:
        """This reading with its two axes' roles exchanged, on the axes ``x`` and ``y``: each
        cell, finding and address moves from (x, y) to (y, x)."""
        out = self.trial(x, y, self.columns_axis)
        out.truncated, out.overrun = self.truncated, self.overrun
        out.cells = [{**c, "x": c["y"], "y": c["x"]} for c in self.cells]
        out.findings = [{**f, "x": f["y"], "y": f["x"]} for f in self.findings]
        out.addressed = {(b, a) for a, b in self.addressed}
        return out

    @property
    def columns_axis(self) -> str:
        return "x" if self.rows_axis == "y" else "y"

    def cell(self, x: str, y: str, value: Value | str, item: Item, layout: str) -> None:
        if value == "bound":
            # "< 0.05" in a cell: its place is told, its value is not (the number is left to
            # the accounting, which reports it unplaced)
            self.addressed.add((x, y))
            return
        assert isinstance(value, Value)
        self.cells.append(
            {
                "panel": self.panel,
                "x": x,
                "y": y,
                "value": value.value,
                "value_text": value.text,
                "line": item.line,
                "layout": layout,
            }
        )
        self.addressed.add((x, y))

    def mark(self) -> tuple[int, set, int]:
        """Where the reading stands, for a reading that may be taken back (``undo``)."""
        return len(self.cells), set(self.addressed), len(self.findings)

    def undo(self, mark: tuple[int, set, int]) -> tuple[list, set, list]:
        """Take back what was read since ``mark``; returns it, for ``redo``."""
        taken = (self.cells[mark[0] :], set(self.addressed), self.findings[mark[2] :])
        del self.cells[mark[0] :], self.findings[mark[2] :]
        self.addressed = set(mark[1])
        return taken

    def redo(self, taken: tuple[list, set, list]) -> None:
        self.cells.extend(taken[0])
        self.findings.extend(taken[2])
        self.addressed = taken[1]

    def finding(self, kind: str, severity: str, detail: str, item: Item | None, **where) -> None:
        self.findings.append(
            finding(
                kind,
                severity,
                detail,
                panel=self.panel,
                line=item.line if item else None,
                raw=item.text if item else None,
                x=where.get("x"),
                y=where.get("y"),
            )
        )

    def ragged(self, axis: str, key: str, across: list[str], item: Item, what: str, n: int):
        """A row or column whose length does not match the axis: no value is placed."""
        for tick in across:
            self.addressed.add((tick, key) if axis == "y" else (key, tick))
        unit = "columns" if axis == "y" else "rows"
        where = {"y": key} if axis == "y" else {"x": key}
        detail = f"{what} has {n} values for {len(across)} {unit}; none is placed"
        self.finding("ragged_row", "warning", detail, item, **where)

    def missing(self, x: str, y: str, item: Item, marker: str) -> None:
        self.addressed.add((x, y))
        marker = strip_markdown(marker).split("(")[0].strip() or "blank"
        self.finding("missing_cell", "info", f"'{marker}' printed for x={x}, y={y}", item, x=x, y=y)


# --- slots ---------------------------------------------------------------------------


_POINTER_REMARK = re.compile(r"(?<=\d|%|\))\s*(?:←|<-|⟵|<==?)\s*[^\d\s].*$")


_BOUND_SIGNS = "<>≤≥"
_BOUND_SLOT = re.compile(rf"[{_BOUND_SIGNS}]\s*[~≈]?{NUM}\s*%?")


def _slot(token: str) -> Value | str | None:
    """A value, the string "missing" for a missing marker, "bound" for a value printed as a
    bound ("< 0.05", "> 99%"), or None."""
    token = token.strip()
    if token[:1] in _BOUND_SIGNS and _BOUND_SLOT.fullmatch(token):
        return "bound"
    if "`" in token or "**" in token:  # a value typed as code or bold: `0.71`, **79.5 (x)**
        token = strip_markdown(token)
    if "←" in token or "<" in token or "⟵" in token:
        token = _POINTER_REMARK.sub("", token)  # "5.7 ← strongest effect": a note points at it
    if token == "" or is_missing(token):
        return "missing"
    # "−5.9•", "0.41*", "12.0†": a mark of significance or a footnote after the value
    if token[-1:] in _MARKS:
        token = _MARK_AFTER.sub("", token)
    if token[-1:] == "]":
        # "78.5 [light red]", "94.1 [91.8–95.9]": a remark (a colour, an interval) in square
        # brackets after the value
        token = _SQUARE_REMARK.sub(r" (\1)", token)
    return parse_value(token)


_SQUARE_REMARK = re.compile(r"(?<=\S)\s*\[([^\[\]()]+)\]$")


_MARKS = "•*†‡"
_MARK_AFTER = re.compile(r"(?<=[\d%])\s?[•*†‡]+$")


def value_list(body: str) -> list[Value | str] | None:
    """The slots of a list of two or more values ("41.3, 42.7, 45.3"), or None."""
    if not body or not re.search(r"\d", body):
        return None
    body = re.sub(r"^\s*\[(.*)\]\s*[.;]?\s*$", r"\1", body)
    slots = [_slot(t) for t in split_values(body)]
    if len(slots) < 2 or any(s is None for s in slots):
        return None
    return slots  # type: ignore[return-value]


# --- keyed rows and columns (L01-L05, L07) --------------------------------------------


def labelled_slots(
    body: str, axis: AxisTicks, least: int = 2, own: str | None = None
) -> list[tuple[str, Value | str]] | None:
    """Slots that name their own tick: "vLLM 120, TGI 110" or "0.1: 40.2; 0.2: 41.0".

    ``own``: the line's own tick in a matrix whose axes share them, the cell that "diagonal
    1.00" names ("**Bonds:** vs Equities: −0.31, diagonal 1.00").
    """
    out = []
    for token in split_values(body):
        # "vs Equities: −0.31": the word says the tick is the other one of the pair
        token = _VERSUS.sub("", token)
        if own is not None and (d := _DIAGONAL_KEY.match(token)):
            token = f"{own}: {d.group(1)}"
        # "(1, 55.2)": a data point of a series, its tick first
        m = re.match(r"^\((?P<label>[^,()]+),\s*(?P<value>[^,()]+)\)$", token.strip())
        m = m or re.match(
            r"^(?P<label>.+?)\s*(?:[:=→]|->|\s)\s*"
            # "Winter = 38 kWh/m²": a unit after the value belongs to it
            r"(?P<value>(?:[≈~]\s*)?\S+(?:\s*(?:±|\+/-)\s*\S+)?(?:\s+[A-Za-zµ°][\w/°µ²³]*)?"
            r"(?:\s*\([^()]*\))?)$",
            token,
        )
        if not m:
            return None
        # ("Cell 1 shows 71", "Cell 4 is 91": the verb that ties the value to its place)
        label = _STATED_BY.sub("", m.group("label"))
        # "Cell 5" counts a position even where 5 is also a tick (1, 5, 10, ...)
        tick = _counted(label, axis)
        if tick is None and (hit := resolve(label, axis)) is not None:
            tick = hit.tick
        # "1k ≈ 50.0%": the approximate sign set apart from its number
        slot = _slot(re.sub(r"^([≈~])\s+", r"\1", m.group("value")))
        if tick is None or slot is None:
            return None
        out.append((tick, slot))
    return out if len(out) >= least else None


_VERSUS = re.compile(r"^\s*(?:vs\.?|versus|against)\s+", re.I)
_STATED_BY = re.compile(r"\s+(?:shows?|is|reads?|holds?|equals?|contains?)$", re.I)
_DIAGONAL_KEY = re.compile(
    r"^\s*(?:the\s+)?diagonal(?:\s+only)?\s*[:=]?\s*\(?([^()]+?)\)?\s*$", re.I
)


_POSITION_NAME = re.compile(r"^\s*(?:cell|col|column|row|position)\s*#?\s*(\d+)\s*$", re.I)


def _counted(label: str, axis: AxisTicks) -> str | None:
    """'Cell 3' / 'Col 3' across a row, 'Row 2' down a column: a position, not a tick."""
    m = _POSITION_NAME.match(strip_markdown(label))
    ticks = axis.top_down or axis.ticks if axis.name == "y" else axis.ticks
    if m and 0 < int(m.group(1)) <= len(ticks):
        return ticks[int(m.group(1)) - 1]
    return None


def cut_short(ctx, axis, key, across, slots, item, layout, name) -> bool:
    """The file's last line, cut off inside a row: its complete values, and a finding.

    The last value is left out unless a separator follows it: the cut may have taken digits.
    """
    return len(slots) < len(across) and _cut_pairs(
        ctx, axis, key, len(across), list(zip(across, slots, strict=False)), item, layout, name
    )


def _cut_pairs(ctx, axis, key, size, pairs, item, layout, name, whole=False) -> bool:
    """The file's last line, cut off after ``pairs`` of a row of ``size`` cells ("West: Q1
    −2.8%, Q2 −1.9%, Q3 +5"): the complete pairs, and a finding. ``whole``: a separator
    follows the last of ``pairs``."""
    if item.line != ctx.last_line or not 0 < len(pairs) < size:
        return False
    separated = item.text.rstrip().endswith((",", ";", "|"))
    kept = pairs if whole or separated else pairs[:-1]
    if separated and kept and kept[-1][1] == "missing":
        kept = kept[:-1]  # "0.7, " at the cut: the empty slot after the comma marks no cell
    for tick, s in kept:
        _place(ctx, axis, key, tick, s, item, layout)
    ctx.truncated = True
    ctx.finding(
        "truncated",
        "warning",
        f"file ends inside the {'row' if axis == 'y' else 'column'} '{name}'; "
        "the unterminated value is left out",
        item,
        **({"y": key} if axis == "y" else {"x": key}),
    )
    return True


# "5.2e", "3.": a number the end of the file cut inside its exponent or after its point
_CUT_NUMBER = re.compile(r"^(?P<head>[-−+~≈]?\d[\d.]*?)(?:\.|[eE][-+−]?)$")


def _cut_number_last(body: str) -> list[Value | str] | None:
    """The slots of a row whose last number the end of the file cut ("2.3e-7, 3.5e-7, 5.2e"),
    that number read as far as it goes: it is the unterminated value that cut_short leaves
    out."""
    tokens = split_values(body)
    m = _CUT_NUMBER.match(strip_markdown(tokens[-1]).strip()) if len(tokens) >= 2 else None
    if m is None:
        return None
    return value_list(", ".join([*tokens[:-1], m.group("head")]))


def keyed_list(item: Item, ctx: Context, group) -> bool:
    if item.label is None or SUMMARY_LABEL.search(item.label):
        return False
    slots = value_list(item.body or "") or _after_lead_in(item.body or "")
    if slots is None and item.line == ctx.last_line:
        slots = _cut_number_last(item.body or "")
    if slots is None and (one := _slot(item.body or "")) not in (None, "missing") and ctx.triangle:
        slots = [one]
    if slots is None:
        return labelled_list(item, ctx) or _partly_keyed(item, ctx)
    if (line := _line_of(item, ctx)) is None:
        return False
    axis, key, across = line
    layout = "row_list" if axis == "y" else "column_list"
    remarks = [s.remark for s in slots if isinstance(s, Value)]
    explicit = []
    if slots and all(isinstance(s, Value) for s in slots) and all(remarks):
        other = ctx.x if axis == "y" else ctx.y
        for s in slots:
            hit = resolve(s.remark, other)
            if hit is None:
                explicit = []
                break
            explicit.append(hit.tick)
    if explicit:
        for tick, s in zip(explicit, slots, strict=True):
            x, y = (tick, key) if axis == "y" else (key, tick)
            ctx.cell(x, y, s, item, "row_list_ticked")
        return True
    if cut_short(ctx, axis, key, across, slots, item, layout, strip_markdown(item.label)):
        return True
    if len(slots) < len(across) and ctx.triangle:
        # one triangle of a symmetric matrix: lower rows start at the left edge
        across = across[: len(slots)] if ctx.triangle == "lower" else across[-len(slots) :]
    if across and len(slots) != len(across):
        what = f"{'row' if axis == 'y' else 'column'} '{strip_markdown(item.label)}'"
        ctx.ragged(axis, key, across, item, what, len(slots))
        return True
    for tick, s in zip(across, slots, strict=False):
        _place(ctx, axis, key, tick, s, item, layout)
    return True


def _line_of(item: Item, ctx: Context) -> tuple[str, str, list[str]] | None:
    """(axis, tick, the ticks across it) of the row or column a labelled line lists."""
    label = item.label or ""
    # ("Bayes gains on the structured receipts: ...": the tick the sentence opens with is its
    # subject, not one a later word spells)
    found = (
        positional_label(label, ctx)
        or _opening_tick(strip_markdown(label), ctx)
        or resolve_either(label, ctx.x, ctx.y, prefer=_named_line(label, ctx, ctx.rows_axis))
    )
    if found is None:
        return None
    axis, key = found
    return axis, key, ctx.x.ticks if axis == "y" else column_order(ctx)


_PROSE_AFTER = re.compile(r"\s+(?:[a-z][\w'-]*\b[\s,]*){2,}$")


def _opening_tick(label: str, ctx: Context) -> tuple[str, str] | None:
    """The one tick a sentence before the colon opens with ("URL-only barely changes
    relative to the left panel: 87.5, 40.2"): its subject names the line."""
    found = [
        (axis.name, tick)
        for axis in (ctx.x, ctx.y)
        for tick in axis.ticks
        if label[: len(tick)].casefold() == tick.casefold()
        and _PROSE_AFTER.fullmatch(label[len(tick) :])
    ]
    return found[0] if len(found) == 1 else None


def _partly_keyed(item: Item, ctx: Context) -> bool:
    """'Syntax: L0=72.1, 80.4, 86.9, 88.0, 87.2, L20=85.5': as many values as ticks, those
    that name their tick each at its own place (the first and the last, say), the others
    between them in order."""
    body = item.body or ""
    if "=" not in body and ":" not in body:
        return False  # (no value names its tick: the common case, found without splitting)
    tokens = split_values(body)
    if len(tokens) < 3:
        return False
    if (line := _line_of(item, ctx)) is None:
        return False
    axis, key, across = line
    other = ctx.x if axis == "y" else ctx.y
    if len(tokens) != len(across):
        return False
    slots, named = [], 0
    for i, token in enumerate(tokens):
        pair = labelled_slots(token, other, least=1)
        if pair:
            if pair[0][0] != across[i]:
                return False
            slots.append(pair[0][1])
            named += 1
        elif (slot := _slot(token)) is not None:
            slots.append(slot)
        else:
            return False
    if not named or named == len(tokens):
        return False  # none named: a plain list's; all named: labelled_list's
    for tick, slot in zip(across, slots, strict=True):
        _place(ctx, axis, key, tick, slot, item, "row_list_ticked")
    return True


_LEAD_BEFORE_PAIRS = re.compile(r"^(?P<lead>[A-Za-z][^:()]*):\s+(?P<rest>\(.+)$")
_LEAD_IN = re.compile(r"^(?P<lead>[A-Za-z][^:\d]*(?:\([^()]*\)[^:\d]*)*):\s+(?P<rest>.+)$")


_READS = re.compile(
    rf"^(?P<lead>[a-z][a-z ]{{0,40}}?\b(?:{lexicon.READS.pattern})):?\s+(?P<rest>[-−+~≈]?\d.*)$"
)
_DASHED_REMARK = re.compile(r"\s+[-—–]\s+[a-z][^\d]*$")


def _after_lead_in(body: str) -> list[Value | str] | None:
    """'Values from left to right (dose 0 to 3): 100, 88, 76': the values after a lead-in.

    The lead-in is words (a remark in brackets may hold numbers) and a colon; what follows it
    must be a list of values, or nothing is read.
    """
    text = strip_markdown(body).strip()
    m = _LEAD_IN.match(text)
    if m is None:
        # "the full row reads 0.121, 0.109, 0.098 - the highest row overall": words ending in
        # a reading verb, the values, and a remark set off by a dash
        m = _READS.match(_DASHED_REMARK.sub("", text))
    return value_list(m.group("rest")) if m else None


def _named_line(label: str, ctx: Context, default: str) -> str:
    """'**Gold** column: ...' is a column, '**Gold** row: ...' a row, whatever the default."""
    word = one_line_word(label)
    if word is None:
        return default
    return ctx.rows_axis if word == "row" else ctx.columns_axis


def labelled_list(item: Item, ctx: Context) -> bool:
    body = item.body or ""
    # ("CTC-small: Beam 1 = 6.8   Beam 4 = 6.5": runs of spaces set several pairs apart too)
    several = bool(re.search(r"[,;|·]", body) or _SPACED.search(body.strip()))
    # the lines of a matrix whose axes share ticks are its rows ("Inflation — GDP growth 0.31;
    # Inflation 1.00"), and the first row of a triangle holds a single labelled value
    square = bool(ctx.x.ticks) and ctx.x.ticks == ctx.y.ticks
    if not several and not square:
        return False
    prefer = _named_line(item.label or "", ctx, ctx.rows_axis if square else ctx.columns_axis)
    found = positional_label(item.label or "", ctx) or resolve_either(
        item.label or "", ctx.x, ctx.y, prefer=prefer
    )
    if found is None:
        return False
    axis, key = found
    other = ctx.y if axis == "x" else ctx.x
    pairs = labelled_slots(body, other, 2 if several else 1, own=key if square else None)
    if not pairs and not re.search(r"[,;|]", body) and len(spaced := _SPACED.split(body)) >= 2:
        pairs = labelled_slots(", ".join(spaced), other, 2, own=key if square else None)
    if not pairs and (lead := _LEAD_BEFORE_PAIRS.match(strip_markdown(body))):
        # "**gRPC** — gently rising: (1, 2.1), (2, 2.4)": a remark, a colon, then the pairs
        # (the remark may hold a number: "steeper past 8 clients: (1, 1.9), ...")
        pairs = labelled_slots(lead.group("rest"), other, 2, own=key if square else None)
    whole = False
    if not pairs and item.line == ctx.last_line and re.search(r"[,;|]", body):
        # "... | Phone (high-end) 0.93 | Phone (bud": the file ends inside a pair's name; the
        # pairs before it are whole
        pairs = labelled_slots(re.sub(r"[,;|][^,;|]*$", "", body), other, 1)
        whole = bool(pairs)
    if not pairs:
        return False
    size = len(ctx.y.ticks if axis == "x" else ctx.x.ticks)
    name = strip_markdown(item.label or "")
    if _cut_pairs(ctx, axis, key, size, pairs, item, "labelled_list", name, whole):
        return True
    for tick, slot in pairs:
        _place(ctx, axis, key, tick, slot, item, "labelled_list")
    return True


# "Top row", "second column", "last row": a place counted from an edge
_EDGE_PLACE = re.compile(
    rf"^(?:the\s+)?(?P<place>top|bottom|leftmost|rightmost|{lexicon.ORDINAL.pattern})"
    r"\s+(?P<axis>row|column|col)\s*$",
    re.I,
)
_FROM_END = {"bottom": -1, "rightmost": -1, "last": -1, "top": 1, "leftmost": 1}


def column_order(ctx: Context) -> list[str]:
    """The y ticks in the order a column's values are listed: from the top, unless the text
    says columns are listed from the bottom ("each column listed from the bottom row")."""
    if ctx.pair_order.get("column") == "bottom-up":
        return list(reversed(ctx.y.top_down))
    return ctx.y.top_down


def positional_label(label: str, ctx: Context) -> tuple[str, str] | None:
    """'Row 2' / 'Column 3' / 'Top row' count positions (rows from the top), they are not
    ticks."""
    text = strip_markdown(label).strip()
    if place := _EDGE_PLACE.match(text):
        word, axis = place.group("place").lower(), place.group("axis").lower()
        at = _FROM_END.get(word) or lexicon.ORDINALS.get(word, 0)
        edge = {"top": "row", "bottom": "row", "leftmost": "col", "rightmost": "col"}.get(word)
        if edge is not None and not axis.startswith(edge):
            return None  # "top column" names no place
        ticks = ctx.y.top_down if axis == "row" else ctx.x.ticks
        if not ticks or abs(at) > len(ticks) or at == 0:
            return None
        return ("y" if axis == "row" else "x", ticks[at - 1 if at > 0 else at])
    m = re.match(r"^(row|column|col)\s+(\d+)\s*$", text, re.I)
    if not m:
        return None
    i = int(m.group(2))
    if m.group(1).lower() == "row":
        return ("y", ctx.y.top_down[i - 1]) if 0 < i <= len(ctx.y.top_down) else None
    return ("x", ctx.x.ticks[i - 1]) if 0 < i <= len(ctx.x.ticks) else None


def _place(ctx: Context, axis: str, key: str, tick: str, slot, item: Item, layout: str) -> None:
    x, y = (tick, key) if axis == "y" else (key, tick)
    if slot == "missing":
        ctx.missing(x, y, item, _marker_text(item, tick))
    else:
        ctx.cell(x, y, slot, item, layout)


def _marker_text(item: Item, tick: str) -> str:
    for token in split_values(item.body or ""):
        if _slot(token) == "missing":
            return token or "blank"
    return "-"


# --- points with coordinates (L13-L18, L10, L16) ---------------------------------------

_CROSS = re.compile(r"^\(?\s*([\w.%-]+?)\s*[x×]\s*([\w.%-]+)\s*\)?$")


# "Inflation × GDP growth": names of several words on each side of a spaced cross ("CTC-small
# @ 20": or of an at sign)
_SPACED_CROSS = re.compile(r"^\(?\s*([^×@()]+?)\s+[x×@]\s+([^×@()]+?)\s*\)?$")


_ROW_COL = re.compile(
    r"^(?:cell\s*)?\(?\s*r(?:ow)?\s*#?(?P<row>\d+)\s*[,;/]?\s*c(?:ol(?:umn)?|ell)?\s*#?(?P<col>\d+)\s*\)?$",
    re.I,
)
_COL_ROW = re.compile(
    r"^(?:cell\s*)?\(?\s*c(?:ol(?:umn)?|ell)?\s*#?(?P<col>\d+)\s*[,;/]?\s*r(?:ow)?\s*#?(?P<row>\d+)\s*\)?$",
    re.I,
)


_CORNER = re.compile(
    r"^(?:the\s+)?(?P<v>top|bottom|upper|lower|middle|centre|center)[- ]?"
    r"(?P<h>left|right|middle|centre|center)(?:[- ]?hand)?"
    r"(?:\s+(?:cell|corner|corner\s+cell|square|bin))?$",
    re.I,
)
_EDGE_INDEX = {"top": 0, "upper": 0, "left": 0, "bottom": -1, "lower": -1, "right": -1}


def _at_place(word: str, ticks: list[str]) -> str | None:
    """The tick at an edge ("top", "left") or, on an axis of odd length, in the middle."""
    word = word.lower()
    if word in _EDGE_INDEX:
        return ticks[_EDGE_INDEX[word]]
    return ticks[len(ticks) // 2] if len(ticks) % 2 else None


def point_coords(label: str, ctx: Context, group) -> tuple[str, str, str] | None:
    text = strip_markdown(label).strip()
    text = re.sub(r"^(?:at|for|in|e\.g\.,?|i\.e\.,?|such\s+as)\s+", "", text, flags=re.I)
    # a position word with the coordinates in parentheses: "Top-left (1x1)"
    m = re.match(r"^[A-Za-z -]+\(([^()]+)\)$", text)
    if m and (_CROSS.match(m.group(1)) or "," in m.group(1)):
        text = m.group(1)
    # "Top-left cell", "bottom right corner", "Top-centre" on a 3 × 3 grid: a cell named by
    # its place alone
    if (m := _CORNER.match(text)) and ctx.x.ticks and ctx.y.top_down:
        x, y = _at_place(m.group("h"), ctx.x.ticks), _at_place(m.group("v"), ctx.y.top_down)
        return (x, y, "positional") if x is not None and y is not None else None
    # "(row 1, col 2)", "r2 c3": positions counted from the top-left corner
    m = _ROW_COL.match(text) or _COL_ROW.match(text)
    if m:
        i, j = int(m.group("row")), int(m.group("col"))
        if 0 < i <= len(ctx.y.top_down) and 0 < j <= len(ctx.x.ticks):
            return ctx.x.ticks[j - 1], ctx.y.top_down[i - 1], "positional"
        return None
    m = re.match(r"^\(?\s*x\s*=\s*([^,]+?)\s*,\s*y\s*=\s*([^)]+?)\s*\)?$", text, re.I)
    if m:
        x, y = resolve(m.group(1), ctx.x), resolve(m.group(2), ctx.y)
        return (x.tick, y.tick, "point_xy") if x and y else None
    m = re.match(r"^\(?\s*y\s*=\s*([^,]+?)\s*,\s*x\s*=\s*([^)]+?)\s*\)?$", text, re.I)
    if m:
        x, y = resolve(m.group(2), ctx.x), resolve(m.group(1), ctx.y)
        return (x.tick, y.tick, "point_xy") if x and y else None
    m = _CROSS.match(text) or _SPACED_CROSS.match(text)
    if m:
        return _ordered(m.group(1), m.group(2), ctx, ctx.pair_order.get("cross", "xy"), "cross")
    for arrow in ("→", "->", "⟶", " vs. ", " vs ", " versus "):
        if arrow in text:
            a, _, b = text.partition(arrow)
            return _ordered(a, b, ctx, ctx.pair_order.get("arrow", "yx"), "pair")
    if (m := _SPACED_DASH.fullmatch(text)) is not None:
        # "FR – DE: 0.74" under "each entry is written as row – column"
        return _ordered(m.group(1), m.group(2), ctx, ctx.pair_order.get("dash", "yx"), "pair")
    m = re.match(r"^\(\s*([^,()]+)\s*,\s*([^,()]+)\s*\)$", text)
    if m and (base := ctx.pair_order.get("index")) and (at := _indexed(m, ctx, int(base))):
        return (*at, "positional")  # "(2, 3)" under "(row, column) with 1-based indices"
    if m:
        return _ordered(m.group(1), m.group(2), ctx, ctx.pair_order.get("tuple", "xy"), "tuple")
    parts = split_top(text, ",")
    default = "xy"
    if len(parts) != 2:
        parts = re.split(r"\s+(?:/|&|and|with|at)\s+", text)
        if len(parts) == 2 and re.search(r"\s/\s", text):
            default = ctx.pair_order.get("slash", "xy")
    if len(parts) == 2:
        found = assign_pair(parts[0], parts[1], ctx.x, ctx.y, default)
        if found:
            return found[0], found[1], "point_named"
    if found := _spaced_pair(text, ctx):
        return found
    # "Centre cell, e.g. Mw 6.0 at 40 km": a description first, the coordinates after it
    tail = split_top(text, ",")
    if len(tail) >= 2 and tail[-1].strip() and not resolve_either(tail[0], ctx.x, ctx.y):
        return point_coords(tail[-1], ctx, group)
    m = re.match(r"^cell\s+(\d+)\b", text, re.I)
    if m and group and group[0] == "row_pos":
        j, i = int(m.group(1)), group[1]
        if j <= len(ctx.x.ticks) and i <= len(ctx.y.top_down):
            return ctx.x.ticks[j - 1], ctx.y.top_down[i - 1], "positional"
    if group and group[0] == "row_pos" and group[1] <= len(ctx.y.top_down):
        # "H1: 0.26" under "**Row 1 (Layer 0):**": the column by its tick, the row counted
        if (hit := resolve(text, ctx.x)) is not None:
            return hit.tick, ctx.y.top_down[group[1] - 1], "positional"
    return None


_EXAMPLE = re.compile(r",?\s*\b(?:e\.g\.|i\.e\.|such\s+as|for\s+example|for\s+instance),?\s", re.I)


def _indexed(m: re.Match, ctx: Context, base: int) -> tuple[str, str] | None:
    """The (x, y) ticks at the positions a pair of indices counts from the top-left."""
    if not (m.group(1).strip().isdigit() and m.group(2).strip().isdigit()):
        return None
    a, b = int(m.group(1)) - base, int(m.group(2)) - base
    i, j = (a, b) if ctx.pair_order.get("tuple", "xy") == "yx" else (b, a)
    if 0 <= i < len(ctx.y.top_down) and 0 <= j < len(ctx.x.ticks):
        return ctx.x.ticks[j], ctx.y.top_down[i]
    ctx.overrun += 1
    return None


def _spaced_pair(text: str, ctx: Context) -> tuple[str, str, str] | None:
    """'Construction 2019': two ticks, one of each axis, with only a space between them.

    Taken only when the words split one way into a tick of each axis, each spelt as declared.
    """
    words = text.split()
    xs = {t.casefold(): t for t in ctx.x.ticks}
    ys = {t.casefold(): t for t in ctx.y.ticks}
    found = set()
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]).casefold(), " ".join(words[i:]).casefold()
        if a in ys and b in xs:
            found.add((xs[b], ys[a]))
        if a in xs and b in ys:
            found.add((xs[a], ys[b]))
    return (*found.pop(), "point_named") if len(found) == 1 else None


_SPACED_DASH = re.compile(r"([^–—]+?)\s+[–—]\s+([^–—]+)")


def _ordered(a: str, b: str, ctx: Context, order: str, layout: str):
    a, b = a.strip(), b.strip()
    first = (ctx.x, ctx.y) if order == "xy" else (ctx.y, ctx.x)
    for ax_a, ax_b in (first, first[::-1]):
        ra, rb = resolve(a, ax_a), resolve(b, ax_b)
        if ra and rb:
            x, y = (ra.tick, rb.tick) if ax_a.name == "x" else (rb.tick, ra.tick)
            return x, y, layout
    return None


_DASH_REMARK = re.compile(r"^\s*(\S+)\s+[—–-]\s+\D.*$")


_SWATCH_FIRST = re.compile(
    rf"^\s*(?:(?:{lexicon.COLOUR_WORDS.pattern})\b[\s-]*)+(?:[,;:]\s*|\(\s*)"
    r"(?P<value>[^()]+?)\)?\s*\.?$",
    re.I,
)


def point(item: Item, ctx: Context, group) -> bool:
    if item.label is None or not (item.body or "").strip():
        return False  # "... as follows:" states no value, not even a blank one
    # "Construction shows a gentle downward trend, e.g. Construction 2019: 14.2%": the key
    # is what follows the example marker; the words before it describe the row
    parts = _EXAMPLE.split(item.label)
    label = parts[-1] if len(parts) > 1 and parts[-1].strip() else item.label
    if SUMMARY_LABEL.search(label):
        return False
    slot = _slot(item.body or "") if item.body is not None else None
    if slot is None and (m := _DASH_REMARK.match(item.body or "")):
        slot = _slot(m.group(1))  # "`0.62` — the darkest cell": a value, then a remark
    if slot is None and (m := _SWATCH_FIRST.match(item.body or "")):
        slot = _slot(m.group("value"))  # "dark purple, ~0.03": the cell's colour, its value
    if slot is None:
        slot = record_value(strip_markdown(item.body or ""))
    if slot is None:
        return False
    coords = point_coords(label, ctx, group)
    if coords is None:
        return False
    x, y, layout = coords
    if slot == "missing":
        ctx.missing(x, y, item, item.body or "")
    else:
        ctx.cell(x, y, slot, item, layout)
    return True


# --- nested bullets and group headings (L08, L09) -------------------------------------


# "**Values:**", "Data:", "Points:" under a heading that names a row
_VALUES_FIELD = lexicon.VALUES_FIELD.regex


def group_values(item: Item, ctx: Context, group) -> bool:
    """Under a heading that names a row (or column), a bare line of its values, or a field
    of them ("**Values:** 4K ≈ 0.82, 16K ≈ 0.74": each value names its tick)."""
    if not group or group[0] not in ("x", "y"):
        return False
    axis, key = group
    across = ctx.x.ticks if axis == "y" else column_order(ctx)
    if item.label is not None:
        if not _VALUES_FIELD.fullmatch(strip_markdown(item.label).strip()):
            return False
        other = ctx.x if axis == "y" else ctx.y
        pairs = labelled_slots(item.body or "", other)
        if not pairs:
            return False
        for tick, slot in pairs:
            _place(ctx, axis, key, tick, slot, item, "nested")
        return True
    slots = value_list(item.text)
    one = _slot(strip_markdown(item.text)) if slots is None and item.kind == "list" else None
    if one is not None and len(across) > 1:
        # '**Column "0-10 cm"** (top to bottom):' over "- 5.5", "- 14.1": a bullet per value,
        # the values in the order of the other axis' ticks
        done = ctx.bullets_placed.get(group, 0)
        if done >= len(across):
            return False
        ctx.bullets_placed[group] = done + 1
        _place(ctx, axis, key, across[done], one, item, "nested")
        return True
    if slots is None:
        # "1K ≈ 38.2; 5K ≈ 51.7" on a line of its own: each value names its tick
        pairs = labelled_slots(item.text, ctx.x if axis == "y" else ctx.y)
        for tick, slot in pairs or []:
            _place(ctx, axis, key, tick, slot, item, "nested")
        return bool(pairs)
    if len(slots) != len(across):
        what = f"{'row' if axis == 'y' else 'column'} '{key}'"
        ctx.ragged(axis, key, across, item, what, len(slots))
        return True
    for tick, slot in zip(across, slots, strict=True):
        _place(ctx, axis, key, tick, slot, item, "row_list")
    return True


_TICK_THEN_VALUE = re.compile(r"^\s*(?P<label>[^()]+?)\s*\((?P<value>[^()]+)\)\s*[.;]?\s*$")


_BOTH_KEYS = re.compile(r"^\(?\s*[xy]\s*=\s*[^,]+,\s*[xy]\s*=\s*[^)]+\)?$", re.I)


def group_child(item: Item, ctx: Context, group) -> bool:
    if not group or group[0] not in ("x", "y"):
        return False
    label, body = item.label, item.body
    if label is None and item.kind == "list":
        # "capitals (97 ± 1)": the tick, its value in brackets
        m = _TICK_THEN_VALUE.match(strip_markdown(item.text))
        if m is None:
            return False
        label, body = m.group("label"), m.group("value")
    if label is None:
        return False
    slot = _slot(body or "") if body else None
    if slot is None and body:
        slot = record_value(strip_markdown(body))  # "Loss = 2.578 (magenta)"
    if slot is None:
        return False
    other = ctx.x if group[0] == "y" else ctx.y
    found = resolve(label, other)
    if found is None:
        return False
    if _BOTH_KEYS.match(strip_markdown(label).strip()):
        return False  # "(x=16, y=2.0) → 0.80" under a group: the point names its own row
    if "," in label and point_coords(label, ctx, None) is not None:
        return False  # "Dropout 0.1, Weight decay 0: 70.9%" under "**Weight decay 0**": too
    if len(found.prefix.split()) >= 2 and compares(strip_markdown(item.text)):
        return False  # "Annotation above the Drip bar: +0.9 (gain over rain-fed)": a difference
    x, y = (found.tick, group[1]) if group[0] == "y" else (group[1], found.tick)
    if slot == "missing":
        ctx.missing(x, y, item, item.body or "")
    else:
        ctx.cell(x, y, slot, item, "nested")
    return True


def group_pairs(item: Item, ctx: Context, group) -> bool:
    """Under a group, one bullet naming several ticks: "North → 31 cm, South → 22 cm"."""
    if not group or group[0] not in ("x", "y"):
        return False
    other = ctx.x if group[0] == "y" else ctx.y
    tokens = split_values(strip_markdown(item.text))
    if len(tokens) < 2:
        return False
    pairs = []
    for token in tokens:
        m = re.match(r"^(?P<label>.+?)\s*(?:→|->|:|=)\s*(?P<value>.+)$", token)
        hit = resolve(m.group("label"), other) if m else None
        slot = _slot(m.group("value")) if m else None
        if hit is None or slot is None:
            return False
        pairs.append((hit.tick, slot))
    for tick, slot in pairs:
        _place(ctx, group[0], group[1], tick, slot, item, "nested")
    return True


def group_of(text: str, ctx: Context):
    """What a heading or parent bullet fixes: ("y", tick), ("x", tick), ("row_pos", i)."""
    clean = strip_markdown(text).strip().rstrip(":").strip()
    m = re.match(r"^row\s+(\d+)\b", clean, re.I)
    if m:
        return ("row_pos", int(m.group(1)))
    m = re.match(r"^(?:from|to)\s+(.+)$", clean, re.I)
    if m:
        clean = m.group(1)
    found = resolve_either(clean, ctx.x, ctx.y, prefer="y")
    if found is None and (m := _ENUMERATOR.match(clean)):
        found = resolve_either(m.group("rest"), ctx.x, ctx.y, prefer="y")  # "1. Gillnet"
    if found is None and (bracket := _TRAILING_BRACKET.match(clean)):
        # "Top row (50 bar)": the row named by its place, its tick in brackets; both must agree
        # when both are read
        placed = positional_label(bracket.group("head"), ctx)
        named = resolve_either(bracket.group("inner"), ctx.x, ctx.y, prefer="y")
        if placed is not None and named is not None:
            found = placed if placed == named else None
        else:
            found = placed or named
    words = clean.split()
    for k in range(len(words) - 1, 0, -1) if found is None else ():
        # "1% of working set": a tick, then lowercase words on what it is
        if all(re.fullmatch(r"[a-z-]+", w) for w in words[k:]):
            found = resolve_either(" ".join(words[:k]), ctx.x, ctx.y, prefer="y")
            if found is not None:
                break
    return found


_TRAILING_BRACKET = re.compile(r"^(?P<head>[^()]+?)\s*\((?P<inner>[^()]+)\)$")
_BOLD_OPENING = re.compile(r"^\s*\*\*([^*]+)\*\*\s+[a-z]")
#: the counter before a numbered heading or bullet: "1.", "2)", "(b)", "iv."
_ENUMERATOR = re.compile(
    r"^(?:\(?(?:\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)]|\(\d{1,2}\))\s+(?P<rest>\S.*)$"
)


# --- row described by end points (L06) -----------------------------------------------

_AT_TICK = re.compile(
    rf"(?P<num>{NUM})\s*%?\s*,?\s*(?:at\s+|\()\s*(?P<ref>[A-Za-z][\w-]*\s*=\s*[^\s,;)]+)\)?"
)


def end_points(item: Item, ctx: Context, group) -> bool:
    if item.label is None or SUMMARY_LABEL.search(item.label):
        return False
    found = resolve_either(item.label, ctx.x, ctx.y, prefer="y")
    if found is None or found[0] != "y":
        return False
    hits = []
    for m in _AT_TICK.finditer(item.body or ""):
        ref = resolve(m.group("ref"), ctx.x)
        if ref is None:
            return False
        hits.append((ref.tick, Value(float(m.group("num").replace(MINUS, "-")), m.group("num"))))
    if not hits:
        return False
    for tick, value in hits:
        ctx.cell(tick, found[1], value, item, "end_points")
    return True


# --- cells named inside a sentence: "(e.g., 3x8: 31, 2x4: 58)" ------------------------

_INLINE_CROSS = re.compile(rf"(?<![\w.])([\w.]+\s*[x×]\s*[\w.]+)\s*:\s*(~?≈?{NUM})")


def inline_points(item: Item, ctx: Context, group) -> bool:
    text = item.text
    if item.label and re.search(r"\brange\b", item.label, re.I):
        return False
    hits = []
    for m in _INLINE_CROSS.finditer(text):
        coords = point_coords(m.group(1), ctx, group)
        value = parse_value(m.group(2))
        if coords and value:
            hits.append((coords, value))
    for (x, y, _), value in hits:
        ctx.cell(x, y, value, item, "cross_inline")
    return bool(hits)


# --- prose sentences (L19) ------------------------------------------------------------


def prose(item: Item, ctx: Context, group) -> bool:
    if not _HAS_DIGIT.search(item.text) or not ctx.prose_values:
        # ("No numbers are printed inside the cells": its sentences state no cell)
        return False
    if item.kind not in ("text", "list") or not ctx.x.ticks or not ctx.y.ticks:
        return False
    # a remark in brackets is blanked; a count alone in brackets after a word is kept ("the
    # rest went to warbler (3), finch (0)")
    text = _BRACKET.sub(lambda m: _blank_remark(m, item.text), item.text)
    # each sentence of a paragraph tells its own row ("Of the basalt samples, 41 ... The
    # granite row is similar: 37 ..."): a row named in one sentence never reaches the next
    sentences = [s for s in _SENTENCE.split(text) if _HAS_DIGIT.search(s)]
    mark = ctx.mark()
    read = [_prose_sentence(s, item, ctx) for s in (sentences if len(sentences) > 1 else [text])]
    if any(read) and not all(read) and not group:
        # sentences of counts beside sentences this reading leaves: the paragraph read as
        # values at ticks, sentence by sentence, when that reads all of it
        mine = ctx.undo(mark)
        if at_pairs(item, ctx, group):
            return True
        ctx.redo(mine)
    return any(read)


_SENTENCE = re.compile(r"(?<=[a-z0-9)])[.!?]\s+(?=[A-Z])")
_BRACKET = re.compile(r"\([^()]*\)")
_COUNT_IN_BRACKETS = re.compile(rf"\(\s*{NUM}\s*\)")


def _blank_remark(m: re.Match, text: str) -> str:
    if _COUNT_IN_BRACKETS.fullmatch(m.group(0)) and re.search(r"[A-Za-z]\s?$", text[: m.start()]):
        return m.group(0)
    return " " * len(m.group(0))


def _prose_sentence(text: str, item: Item, ctx: Context) -> bool:
    row = _prose_row(text, ctx)
    if row is None and not mentions(text, ctx.y):
        return False  # no row named at all: no count can name its own
    if set(ctx.x.ticks) == set(ctx.y.ticks):
        if _matrix_sentence(text, item, ctx, row):
            return True
    ticks = sorted(ctx.x.ticks, key=len, reverse=True)
    alt = "|".join(re.escape(t) for t in ticks)
    pairs = []
    after = rx(
        rf"(?<![\w.])(?P<num>{NUM})\s+(?P<gap>(?:[a-z]+\s+){{0,4}}?)(?:{lexicon.ASSIGNED.pattern})\s+"
        rf"(?:predicted\s+|the\s+)?(?P<tick>{alt})\b",
        re.I,
    )
    before = rx(rf"\b(?P<tick>{alt})\s+(?P<num>{NUM})\s+times?\b", re.I)
    # a run of "thrush 3, warbler 0" or "0 thrush, 1 warbler": each pair ends at a separator
    end = r"(?=\s*(?:[,;]|\.(?!\d)|\band\b|$))"
    named_first = rx(rf"\b(?P<tick>{alt})\s+(?P<num>{NUM}){end}", re.I)
    count_first = rx(rf"(?<![\w.])(?P<num>{NUM})\s+(?P<tick>{alt})\b{end}", re.I)
    bracketed = rx(rf"\b(?P<tick>{alt})\s*\((?P<num>{NUM})\)", re.I)
    # "the rest went to warbler (3), finch (0) and sparrow (6)": a run of classes, each with
    # its count in brackets (one alone, "predicted as finch (5)", is a remark)
    runs = rx(
        rf"\b(?:{alt})\s*\({NUM}\)(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:{alt})\s*\({NUM}\))+", re.I
    )
    in_runs = [(m.start(), m.end()) for m in runs.finditer(text)]
    counted = counted_rows(text, ctx.y)
    # "Solar falls from 88 in 2019 to 48 in 2023, and Wind moves from 68 in 2019 ...": where
    # the rows are not the columns' classes, a value belongs to the row named last before it
    # (a sentence with a subject of its own: "Change from step 1k to 50k: embed −1.2" has none)
    square = bool(set(ctx.x.ticks) & set(ctx.y.ticks))
    subjects = [] if square or row is None else sorted(mentions(text, ctx.y))
    # ("True Robin clips were mistaken for Blackbird 9 times, and true Blackbird clips were
    # labelled Robin 6 times": a later clause with a row of its own as its subject)
    later = clause_subjects(text, mentions(text, ctx.y)) if square else []
    for pattern in (after, before, named_first, count_first, bracketed):
        for m in pattern.finditer(text):
            if pattern is bracketed and not any(a <= m.start() < b for a, b in in_runs):
                continue
            if _PLUS_MINUS_BEFORE.search(text[: m.start("num")]):
                continue  # "24 ± 5 for BC": the 5 is the uncertainty of 24
            named = [t for a, _, t in subjects if a < m.start("num")]
            # "5 warbler calls were predicted as wren", "4 fists were called point": the count
            # names its own row
            at = counted.get(m.end("num"), named[-1] if named else row)
            if opened := [t for a, t in later if a < m.start("num")]:
                at = opened[-1]
            pairs.append((m.start("num"), m.group("tick"), m.group("num"), at))
    if row is not None and any(t.lower() == row.lower() for t in ctx.x.ticks):
        # "... 6 under sparrow and 39 on the diagonal", "36 are correct": the row's own column
        for m in _ON_DIAGONAL.finditer(text):
            pairs.append((m.start("num"), row, m.group("num"), row))
    if len(pairs) < 2 or any(at is None for *_, at in pairs):
        return False
    seen = set()
    for _, tick, num, at in sorted(pairs):
        x = next(t for t in ctx.x.ticks if t.lower() == tick.lower())
        if (x, at) in seen:
            continue
        seen.add((x, at))
        ctx.cell(x, at, Value(float(num.replace(MINUS, "-")), num), item, "prose")
    return True


def _matrix_sentence(text: str, item: Item, ctx: Context, row: str | None) -> bool:
    """A sentence of a confusion matrix read count by count, each tied to a class by its own
    clause (matrix_prose); its row named as above, or as the subject of its first count."""
    if row is None and (opened := row_subject(text, ctx.y)) is not None and opens_row(text, opened):
        row = opened[0]  # "Only 31 robin clips were predicted as robin; ..."
    told = read_matrix_sentence(text, ctx.x, row) if row is not None else None
    if told is None or len(told) < 2:
        return False
    for tick, value in told:
        ctx.cell(tick, row, value, item, "prose")
    return True


_ON_DIAGONAL = re.compile(
    rf"(?<![\w.])(?P<num>{NUM})\s+(?:(?:on|along|in)\s+the\s+(?:main\s+)?diagonal\b|"
    # "5 go to thrush, 36 are correct": the row's own class
    r"(?:are|were|is|was)?\s*correct(?:ly)?(?:\s+(?:classified|predicted|labell?ed))?\b(?!\s+as\b))",
    re.I,
)


def _prose_row(text: str, ctx: Context) -> str | None:
    lower = text.lower()
    words = [w for w in re.findall(r"[a-z]+", (ctx.y.label or "").lower()) if len(w) > 2]
    words = [w for w in words if w not in {"label", "labels", "class", "the"}]
    for tick in sorted(ctx.y.ticks, key=len, reverse=True):
        t = re.escape(tick.lower())
        for w in words:
            # ("whose true species is wren": the axis' word, then "is")
            if rx(rf"\b{w}(?:\s+class)?\s+(?:is\s+|=\s*)?{t}\b").search(lower):
                return tick
        if rx(rf"\bthe\s+{t}\s+row\b").search(lower):
            return tick
    m = re.search(
        r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\s+row\b", lower
    )
    if m and ctx.y.top_down:
        i = len(ctx.y.top_down) if m.group(1) == "last" else lexicon.ORDINALS[m.group(1)]
        if i <= len(ctx.y.top_down):
            return ctx.y.top_down[i - 1]
    # the subject: "Of the thrush recordings, 41 ...": the one row named before any number
    # (not one with its count in brackets: "with wren (57) and finch (54)" names two classes'
    # counts)
    first = re.search(r"\d", text)
    # (nor a class that names a cell or a column: "The Pine cell of this row is 0")
    found = [
        m
        for m in mentions(text[: first.start()] if first else "", ctx.y)
        if not (re.match(rf"\s*\(\s*{NUM}", text[m[1] :]) or NAMES_A_CELL.match(text, m[1]))
    ]
    named = {t for *_, t in found}
    if len(named) == 1:
        return named.pop()
    # "For sparrow, the counts are thrush 3, ...": the first class named, before any count
    # and not itself followed by one, is the subject
    if found and not re.match(rf"\s*{NUM}", text[found[0][1] :]):
        return found[0][2]
    return None


# --- markdown tables (L11 wide, L12 long) ----------------------------------------------


def _cells_of(row: str) -> list[str]:
    row = row.strip()
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|"):
        row = row[:-1]
    return [c.strip() for c in row.split("|")]


def _covers(named: set[str], ticks: list[str], columns: list) -> bool:
    """The header's named columns are the axis: all its ticks, or all but one when most of
    the header is named (a legend's reference line, "Chance", has no column of its own)."""
    if named == set(ticks):
        return True
    unnamed = sum(c is None for c in columns)
    return (
        named < set(ticks)
        and len(named) >= 2
        and len(ticks) - len(named) == 1
        and (unnamed < len(named))
    )


def _worded(header: list[str], axis: AxisTicks) -> list[str]:
    """'| 1 | 4 | 16 |' under ticks declared 'Batch 1, Batch 4, Batch 16': each bare header
    names its worded tick."""
    from figdata.parse.tick_names import bare_names  # (it reads a Context: imported late)

    renames = bare_names(axis)
    if not renames:
        return header
    worded = {bare: tick for tick, bare in renames.items()}
    return [worded.get(strip_markdown(h).strip(), h) for h in header]


_CELL_STATEMENT = re.compile(
    rf"^\s*(?:`[^`]+`|[^=:|`]*[^\W\d][^=:|`]*)\s*[=:]\s*[~≈]?{NUM}\s*%?\s*$"
)


def _statement_cells(body: list[Item]) -> bool:
    """Every cell a statement of its own key and value ("| `1x0` = 88.4 | `2x0` = 76.9 |")."""
    cells = [c for r in body for c in _cells_of(r.text) if c.strip()]
    return len(cells) >= 4 and all(_CELL_STATEMENT.match(c) for c in cells)


def table(rows: list[Item], ctx: Context) -> None:
    body = [r for r in rows if not re.fullmatch(r"[\s|:\-]+", r.text)]
    if len(body) < 2:
        return
    if _statement_cells(body):
        # the table only lays the statements out: each row is read as a line of them
        for r in body:
            if cells := [c.strip() for c in _cells_of(r.text) if c.strip()]:
                line = Item(r.line, "text", 0, "; ".join(cells), r.zone)
                read_line(line, ctx, None)
        return
    header = _cells_of(body[0].text)
    if header and header[-1].count(")") > header[-1].count("("):
        # "Values (row | A | B | C | D):": the bracket around the header closes on its last name
        header[-1] = re.sub(r"\)\s*:?\s*$", "", header[-1]).strip()
    data = [(r, _cells_of(r.text)) for r in body[1:]]
    down = ctx.y if ctx.rows_axis == "y" else ctx.x
    if (
        resolve(header[0], down)
        and header[1:]
        and all(_slot(c) not in (None, "missing") for c in header[1:])
    ):
        # no header line: "Oslo | 1.2 | 2.6 | 4.1" is already a row of the declared grid
        across = ctx.x if down is ctx.y else ctx.y
        header = ["", *(across.top_down or across.ticks)]
        data = [(r, _cells_of(r.text)) for r in body]
    if _long_table(header, data, ctx) or _long_table(header, _filled_down(data), ctx):
        return
    if _point_table(data, ctx):
        return
    # summary columns ("Mean", "Row total") are not part of the grid
    keep = [
        j
        for j, h in enumerate(header)
        if j == 0
        or not SUMMARY_LABEL.search(h)
        or resolve_either(drop_remarks(h) or h, ctx.x, ctx.y) is not None
    ]  # ... unless the header is a declared tick (a task named "SUM"); "Trend (A vs. B)" is not
    if len(keep) < len(header):
        header = [header[j] for j in keep]
        data = [(r, [c[j] for j in keep if j < len(c)]) for r, c in data]
    down = _corner_rows(header[0], ctx) or ctx.rows_axis
    across = ctx.y if down == "x" else ctx.x
    header = [header[0], *_worded(header[1:], across)]
    columns = [resolve_either(h, ctx.x, ctx.y, prefer=across.name) for h in header[1:]]
    if across.ticks and set(across.ticks) == set((ctx.x if across is ctx.y else ctx.y).ticks):
        # both axes list the same ticks: the corner or the prose decides, not the spelling
        columns = [(across.name, r.tick) if (r := resolve(h, across)) else None for h in header[1:]]
    if columns and columns[0] is None and None not in columns[1:] and across.label:
        # "**Columns:** TTA, Fine-tune, ..." read "TTA" as the axis' name; the table's first
        # column is headed "TTA": it was the first tick
        if norm(header[1]) == norm(across.label) and len({c[0] for c in columns[1:]}) == 1:
            fixed = AxisTicks(across.name, None, [strip_markdown(header[1]), *across.ticks])
            fixed.top_down = list(fixed.ticks) if across.name == "y" else []
            setattr(ctx, across.name, fixed)
            across = fixed
            columns = [(across.name, fixed.ticks[0]), *columns[1:]]
    named = [c for c in columns if c is not None]
    if (
        named
        and None in columns
        and len({c[0] for c in named}) == 1
        and len({c[1] for c in named}) == len(named)
        and _covers({c[1] for c in named}, (ctx.x if named[0][0] == "x" else ctx.y).ticks, columns)
    ):
        # every tick of the axis has its column, and more columns follow ("YTD", "Total"):
        # those are no cells of the grid; their numbers stay unplaced, and are reported so
        keep = [0] + [j + 1 for j, c in enumerate(columns) if c is not None]
        header = [header[j] for j in keep]
        data = [(item, [cells[j] for j in keep if j < len(cells)]) for item, cells in data]
        columns = named
    if columns and all(c is not None for c in columns) and len({c[0] for c in columns}) == 1:
        axis = columns[0][0]
        ticks = [c[1] for c in columns]
    elif not ctx.x.ticks:
        axis, ticks = "x", _bare_headers([strip_markdown(h) for h in header[1:]])
    else:
        return
    row_axis = ctx.y if axis == "x" else ctx.x
    undeclared = not ctx.x.ticks and not ctx.y.ticks
    for item, cells in data:
        found = resolve(cells[0], row_axis) if row_axis.ticks else None
        key = found.tick if found else (None if row_axis.ticks else strip_markdown(cells[0]))
        if key is None or (found is None and SUMMARY_LABEL.search(strip_markdown(cells[0]))):
            continue  # a totals row ("Total received") is no row of the grid
        slots = [_slot(c) for c in cells[1:]]
        closed = item.text.rstrip().endswith("|")
        if (
            item.line == ctx.last_line
            and len(slots) <= len(ticks)
            and not (closed and len(slots) == len(ticks))
        ):
            # the file ends inside this row: a cell without its closing bar may be cut short
            kept = slots if closed else slots[:-1]
            for tick, slot in zip(ticks, kept, strict=False):
                if slot is not None:
                    _place(ctx, "y" if axis == "x" else "x", key, tick, slot, item, "table")
            ctx.truncated = True
            where = {"y": key} if axis == "x" else {"x": key}
            detail = (
                f"file ends inside the table row '{strip_markdown(cells[0])}'; "
                "the unterminated value is left out"
            )
            ctx.finding("truncated", "warning", detail, item, **where)
            continue
        if len(slots) != len(ticks) or any(s is None for s in slots):
            row_axis_name = "y" if axis == "x" else "x"
            what = f"table row '{strip_markdown(cells[0])}'"
            ctx.ragged(row_axis_name, key, ticks, item, what, len(slots))
            continue
        for tick, slot, raw in zip(ticks, slots, cells[1:], strict=True):
            x, y = (tick, key) if axis == "x" else (key, tick)
            if slot == "missing":
                ctx.missing(x, y, item, raw or "blank")
            else:
                ctx.cell(x, y, slot, item, "table")
    if undeclared and ctx.cells:
        # no axis was declared: the table's header and first column are the panel's ticks
        ctx.x.ticks = list(dict.fromkeys(c["x"] for c in ctx.cells))
        ctx.y.ticks = list(dict.fromkeys(c["y"] for c in ctx.cells))
        ctx.y.top_down = list(ctx.y.ticks)


def _corner_rows(corner: str, ctx: Context) -> str | None:
    """The axis a table's corner cell puts down the rows: "True \\ Predicted", "Source / Target"."""
    parts = re.split(r"\s*(?:\\|/|↓|→|->|\bvs\.?)\s*", strip_markdown(corner).strip())
    if len(parts) != 2 or not all(parts):
        return None
    rows, cols = parts
    for_x = name_score(rows, ctx.x) + name_score(cols, ctx.y)
    for_y = name_score(rows, ctx.y) + name_score(cols, ctx.x)
    if for_x > for_y:
        return "x"
    if for_y > for_x:
        return "y"
    return None


def _bare_headers(headers: list[str]) -> list[str]:
    """Undeclared column ticks: "Ratio 0.1", "Ratio 0.2" -> "0.1", "0.2" (a shared name goes)."""
    split = [re.match(r"^(.*?[A-Za-z_][\w ]*?)\s*[= ]\s*(\S+)$", h) for h in headers]
    if len(headers) > 1 and all(split) and len({m.group(1) for m in split}) == 1:
        return [m.group(2) for m in split]
    return headers


def value_column(rows: list[list[str]], keys: set[int], width: int) -> int | None:
    """The one column of a long table, besides its key columns, that holds the values.

    Other columns may describe the cell in words ("pale", "dark red"); a second column of
    numbers makes the table no long table of one value per cell.
    """
    found = None
    for j in range(width):
        if j in keys:
            continue
        column = [r[j] if j < len(r) else "" for r in rows]
        if all(isinstance(_slot(c), Value) or _slot(c) == "missing" for c in column):
            if found is not None:
                return None
            found = j
        elif any(_HAS_DIGIT.search(c) for c in column):
            return None
    return found


def _filled_down(data):
    """A long table printing a key once per group ("| **Pass@1** | Baseline | 48.6 |" over
    "|  | + Self-repair | 55.2 |"): a blank key cell repeats the key above it. Only columns
    of words are filled; a blank among numbers stays a missing value."""
    if not data or not data[0][1]:
        return data
    width = max(len(cells) for _, cells in data)
    out = [(item, list(cells)) for item, cells in data]
    for j in range(width):
        column = [cells[j] if j < len(cells) else "" for _, cells in out]
        if not column[0] or not any(c == "" for c in column):
            continue
        if any(_HAS_DIGIT.search(c) and _slot(c) not in (None, "missing") for c in column):
            continue
        for i in range(1, len(out)):
            if j < len(out[i][1]) and out[i][1][j] == "":
                out[i][1][j] = out[i - 1][1][j]
    return out


def _point_table(data, ctx: Context) -> bool:
    """A key column of points and a column of values: "| 3x2 | 72.6 |", "| (8, 2) | 0.7 |".

    Read as the same points listed as bullets; taken only when every row's key is a point.
    """
    if len(data) < 2 or any(len(cells) != 2 for _, cells in data):
        return False
    found = []
    for item, cells in data:
        slot = _slot(cells[1])
        coords = point_coords(cells[0], ctx, None) if slot is not None else None
        if coords is None:
            return False
        found.append((item, cells[1], slot, coords))
    for item, raw, slot, (x, y, _) in found:
        if slot == "missing":
            ctx.missing(x, y, item, raw or "blank")
        else:
            ctx.cell(x, y, slot, item, "table")
    return True


def _long_table(header: list[str], data, ctx: Context) -> bool:
    if len(header) < 3 or not data:
        return False
    # the key columns: every cell resolves to a tick of the axis; when both key columns could
    # hold either axis (a square matrix), their headers decide ("Row model", "Column model")
    fits = {
        (j, axis.name): name_score(strip_markdown(header[j]), axis)
        for j in range(len(header))
        for axis in (ctx.x, ctx.y)
        if axis.ticks
        and (column := [cells[j] for _, cells in data if j < len(cells)])
        and all(resolve(c, axis) for c in column)
    }
    pairs = [
        (fits[(jx, "x")] + fits[(jy, "y")], -jx, jx, jy)
        for (jx, ax) in fits
        for (jy, ay) in fits
        if ax == "x" and ay == "y" and jx != jy
    ]
    if not pairs:
        return False
    _, _, jx, jy = max(pairs)
    jv = value_column([cells for _, cells in data], {jx, jy}, len(header))
    if jv is None:
        return False
    for item, cells in data:
        if len(cells) <= max(jx, jy, jv):
            continue
        x, y = resolve(cells[jx], ctx.x).tick, resolve(cells[jy], ctx.y).tick
        slot = _slot(cells[jv])
        if slot == "missing":
            ctx.missing(x, y, item, cells[jv] or "blank")
        elif slot is not None:
            ctx.cell(x, y, slot, item, "long_table")
    return True


# --- a row told as a sentence: "For Window 1000, the values are 41.3, 42.7 and 45.3" ----

_NUM_RUN = re.compile(rf"(?<![\w.])[~≈]?{NUM}%?(?:\s*(?:,\s*(?:and\s+)?|\s+and\s+)[~≈]?{NUM}%?)+")


def prose_row(item: Item, ctx: Context, group) -> bool:
    if not _HAS_DIGIT.search(item.text):
        return False
    if item.kind != "text":
        return False
    text = strip_markdown(item.text)
    runs = list(_NUM_RUN.finditer(text))
    if len(runs) != 1:
        return False
    run = runs[0]
    before = text[: run.start()]
    m = re.search(
        r"(?:for|in|at)\s+(?:the\s+)?(?P<label>[A-Za-z_][\w-]*(?:\s+[A-Za-z_][\w-]*)?\s*=?\s*[\w.%-]+)"
        r"\s*(?:row|column)?\s*,",
        before,
        re.I,
    )
    if not m:
        return False
    found = resolve_either(m.group("label"), ctx.x, ctx.y, prefer=ctx.rows_axis)
    if found is None:
        return False
    axis, key = found
    between = before[m.end() :]
    if any(t != key for *_, t in mentions(between, ctx.y if axis == "y" else ctx.x)):
        return False  # "At Northgate, ... The Riverside row reads 35%, ...": another row's run
    across = ctx.x.ticks if axis == "y" else column_order(ctx)
    tokens = re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", run.group(0))
    slots = [parse_value(t) for t in tokens]
    if any(s is None for s in slots) or len(slots) != len(across):
        return False
    for tick, slot in zip(across, slots, strict=True):
        _place(ctx, axis, key, tick, slot, item, "prose_row")
    return True


# --- the whole grid as one list, in an order the text names ----------------------------

_ROW_MAJOR = re.compile(
    r"row[- ]by[- ]row|row[- ]major|by rows?\b|top to bottom, left to right", re.I
)
_COL_MAJOR = re.compile(r"column[- ]by[- ]column|column[- ]major|by columns?\b", re.I)


def flat_grid(item: Item, ctx: Context, group) -> bool:
    """``Values (row by row, from the top-left): 1, 2, 3, 4, 5, 6`` for a 2 × 3 grid."""
    text = item.text if item.label is None else f"{item.label}: {item.body}"
    rows, cols = ctx.y.top_down, ctx.x.ticks
    if not rows or not cols or (len(rows) < 2 and len(cols) < 2):
        return False
    row_major, col_major = bool(_ROW_MAJOR.search(text)), bool(_COL_MAJOR.search(text))
    if row_major == col_major:
        return False  # the order is not said (or said both ways): nothing is guessed
    slots = value_list(item.body if item.label is not None else text.split(":", 1)[-1])
    if slots is None or len(slots) != len(rows) * len(cols):
        return False
    order = (
        [(x, y) for y in rows for x in cols] if row_major else [(x, y) for x in cols for y in rows]
    )
    for (x, y), slot in zip(order, slots, strict=True):
        _place(ctx, "y", y, x, slot, item, "flat_grid")
    return True


_TUPLES_ONLY = re.compile(r"\s*(?:\([^()]*\d[^()]*\)\s*[,;]?\s*)+")


def _prose_line(item: Item, ctx: Context) -> bool:
    """A sentence or bullet that may state values in prose: the prose recognisers' gate."""
    return (
        ctx.prose_values
        # (a line of code that holds only tuples, "(Mon, 06:00, 58)  (Mon, 07:00, 34)", states
        # its points as a bullet would)
        and (
            item.kind in ("text", "list")
            or (item.kind == "code" and _TUPLES_ONLY.fullmatch(item.text))
        )
        and bool(ctx.x.ticks and ctx.y.ticks)
        and _HAS_DIGIT.search(item.text) is not None
        # a summary label ("Peak:") states a claim; a sentence before a colon is no label
        and not (item.label and len(item.label.split()) <= 8 and SUMMARY_LABEL.search(item.label))
    )


# --- a row told as values "at" ticks: "climbs from 3.6 t/ha at 0 kg N/ha to 5.3 t/ha at 60" --

_AT_PAIR = re.compile(
    # "~89 ± 7 µmol/g at 5 °C": a mean and its deviation ("± 7" alone is no value)
    rf"(?<![\w.±])(?<!± )(?<!\+/- )(?P<num>[~≈]?{NUM}(?:\s*(?:±|\+/-)\s*{NUM})?)\s*"
    # (a sentence's full stop is no unit: "... is 0.512. At 2 demonstrations, ...")
    rf"(?P<unit>%|(?![.!?](?:\s|$))[^\s\d,;()]{{1,8}}(?:\s*/\s*\w+)?)?\s+"
    r"(?:at|by|for|in|with|under|on)\s+(?:the\s+)?"
    # ("0.91 at depth 2", "19.5 at z = 0.3": an axis' word, then its tick)
    r"(?P<ref>[A-Za-z][\w-]*(?:\s*=\s*|\s+)\d[\w.%]*(?![\w.])|[^\s,;()]+(?:\s+(?![~≈\d])[^\s,;()]+){0,3})",
    re.I,
)
# "355 A (0 T)", "~19.9 (epoch 1)": the tick in brackets after the value
_VALUE_THEN_TICK = re.compile(
    rf"(?<![\w.])(?P<num>[~≈]?{NUM})\s*(?P<unit>%|[^\s\d,;()]{{1,8}})?\s*\((?P<ref>[^()]{{1,30}})\)"
)
# "at epoch 10 (~59.6)": the tick, then the value in brackets
_TICK_THEN_VALUE_AT = re.compile(
    rf"\b(?:at|by|in|on)\s+(?:the\s+)?(?P<ref>[^\s,;()]+(?:\s+[^\s,;()]+){{0,3}}?)\s*"
    rf"\((?P<num>[~≈]?{NUM})\s*(?P<unit>%|[^\s\d,;()]{{1,8}})?\)"
)

# "0% → 71.2; 10% → 64.8", "06:00 — 96%; 10:00 — 95%": the tick, an arrow or a spaced dash,
# the value (a colon between digits is part of a tick: a time)
_REF_WORD = rf"(?:{CLOCK.pattern}|[^\s,;:()→—–])+"
_TICK_ARROW_VALUE = re.compile(
    rf"(?<![\w.])(?P<ref>{_REF_WORD}(?:\s+{_REF_WORD}){{0,2}}?)(?:\s*(?:→|->|⟶)\s*|\s+[—–]\s+)"
    rf"(?P<num>[~≈]?{NUM})(?P<unit>%)?(?!\w|\.\d)"
)


def _named_as_row(text: str, at: int, end: int, axis: AxisTicks, other: AxisTicks) -> bool:
    """A mention a sentence makes its subject by the axis' word: "the narrowest column (width
    64)", "The 58°N row", "The northernmost band, 62°N, starts ..." (set off by commas after
    the sentence's opening noun)."""
    if _introduced(text[:at], axis, other):
        return True
    # "the row at y = 16": the axis' name or letter given the tick
    given = re.search(r"([A-Za-z][\w-]*)\s*=\s*$", text[:at])
    if given and name_score(given.group(1), axis) > 0 >= name_score(given.group(1), other):
        return True
    after = re.match(r"\s+([a-z]+)\b", text[end:])
    if after and name_score(after.group(1), axis) > 0 >= name_score(after.group(1), other):
        return True
    # "the 2.0 wt% Zn column": a unit both axes print, then the axis' own name
    unit = re.match(r"\s*[^\s\w]*[a-zµ°]+%?\s+([A-Z][A-Za-z]*)\s+(?:row|column|band)\b", text[end:])
    if unit and name_score(unit.group(1), axis) > 0 >= name_score(unit.group(1), other):
        return True
    return bool(_APPOSED.search(text[:at])) and text[end:].lstrip().startswith(",")


# "The northernmost band, " / "Finally the southernmost band, ": a noun phrase, then a comma
_APPOSED = re.compile(r"^(?:[A-Z][a-z]+\s+)?(?:the|its)\s+[a-z]+(?:\s+[a-z]+)?,\s*$", re.I)


def _introduced(before: str, axis: AxisTicks, other: AxisTicks) -> bool:
    """Whether the words right before a mention name this axis and not the other."""
    if not re.search(r"[A-Za-z]\s+$", before):
        return False  # "4 (thrush)": a word must stand right before the mention
    words = re.findall(r"[A-Za-z]+", before)[-2:]
    phrase = " ".join(words)
    return bool(words) and name_score(phrase, axis) > 0 and name_score(phrase, other) <= 0


# "below 50% by the 4h column": the lexicon's bound words right before a number
# ("still above the 80% line": an article between)
_BOUND_BEFORE = re.compile(rf"(?:{lexicon.BOUND.pattern})\s*(?:the\s+|an?\s+)?$", re.I)
# "goes from 6.48 at 1 block up to 9.95": the walk's second end, no bound
# ("... from 0.131 at T=0.2 up to": a decimal point ends no sentence)
_WALK_TO = re.compile(rf"\bfrom\s+[~≈]?{NUM}(?:[^.;]|(?<=\d)\.(?=\d))*?\bup\s+to\s*$", re.I)


def bound_before(text: str) -> bool:
    """The number after ``text`` limits a cell ("below 50% by 4h"); it does not state one."""
    if _BOUND_SIGN.search(text) or _PLUS_MINUS_BEFORE.search(text):
        return True  # 'printed as "< 0.05"': a bound's sign; "24 ± 5": an uncertainty
    return bool(_BOUND_BEFORE.search(text)) and not _WALK_TO.search(text)


_BOUND_SIGN = re.compile(rf"[{_BOUND_SIGNS}]\s*[\"“']?\s*$")
_PLUS_MINUS_BEFORE = re.compile(r"(?:±|\+/-|\+/−)\s*$")


def at_pairs(item: Item, ctx: Context, group) -> bool:
    """Two or more "value at tick" pairs on a line that names one row (or under its group)."""
    if not _prose_line(item, ctx):
        return False
    text = strip_markdown(item.text)
    rows_axis, across = (ctx.y, ctx.x) if ctx.rows_axis == "y" else (ctx.x, ctx.y)
    own = group or (item.label and resolve_either(item.label, ctx.x, ctx.y))
    # "the row at y = 16 reads 19.5 at z = 0.3 and 12.8 at z = 0.6; the column at z = 0.4
    # has 7.9 at y = 14": clauses that each name their own row or column are read first
    clauses = [c for s in _SENTENCE.split(text) for c in s.split("; ")]
    if not own and "; " in text and _by_sentence(item, ctx, group, clauses):
        return True
    # "best near T=1.0 (e.g. 0.031 for 1.3B and 0.024 for 2.7B)": a column named once, its
    # values "for" rows, when no row reading fits
    if _at_pairs(item, ctx, group, text, rows_axis, across) or (
        not item.label and not group and _at_pairs(item, ctx, group, text, across, rows_axis)
    ):
        return True
    if own:
        return False  # a label names the line's row; a sentence before a colon does not
    # "The widest column stays dark. The narrowest column (width 64) falls from 0.91 at depth
    # 2 to 0.63 at depth 12.": in a paragraph each sentence names its own row or column
    return _by_sentence(item, ctx, group, _SENTENCE.split(text))


def _by_sentence(item: Item, ctx: Context, group, sentences: list[str]) -> bool:
    """The sentences of a paragraph read one by one, each naming its own row or column; the
    paragraph is taken only when every sentence with numbers states cells."""
    rows_axis, across = (ctx.y, ctx.x) if ctx.rows_axis == "y" else (ctx.x, ctx.y)
    if len(sentences) < 2:
        return False
    mark = ctx.mark()
    # (a sentence of a paragraph must name its row with the axis' word: "the narrowest column
    # (width 64)"; a bare name there is as often a point's key: "Tue 16-20 shows 41.3")
    # (a remark in brackets is blanked: "(they look darker than the 54°N row, perhaps 0.78)")
    plain = [_WORDED_BRACKET.sub(lambda m: " " * len(m.group(0)), s) for s in sentences]
    read = [
        _at_pairs(item, ctx, group, sentence, rows_axis, across, introduced=True)
        or _at_pairs(item, ctx, group, sentence, across, rows_axis, introduced=True)
        for sentence in plain
    ]
    if not any(read):
        return False
    # the line is taken when its other sentences with numbers each state a cell, each read as
    # a line of its own; else the whole paragraph is left to the readers after this one
    for sentence, done in zip(sentences, read, strict=True):
        label, body = split_label(sentence)
        own = Item(item.line, item.kind, item.level, sentence, item.zone, label, body)
        if done or not _HAS_DIGIT.search(lexicon.PARTS_COUNT.regex.sub(" ", sentence)):
            continue  # ("Rather than transcribing all 20 cells, ...": a count, no value)
        if not any(r(own, ctx, group) for r in LINE_RECOGNISERS if r is not at_pairs):
            ctx.undo(mark)
            return False
    return True


# a remark of four words or more ("(width 64)" names the row)
_WORDED_BRACKET = re.compile(r"\((?=(?:[^()\s]+\s+){3}[^()]*[A-Za-z]{3})[^()]*\)")


# "..., whereas the Cerebellum", ". The Cortex row": a row named as a clause's subject
# ("overtakes the baseline" names it as an object)
_OPENS_CLAUSE = re.compile(
    r"(?:^|[.;:(]|,\s*(?:whereas|while|but|and)|\b(?:whereas|while))\s*(?:the\s+)?$", re.I
)


# what may stand between a value's place and a row named with it: ", top-p "
_ROW_AFTER = re.compile(r"\s*,?\s*(?:(?P<word>[A-Za-z][\w-]*)\s*=?\s*)?")


def _names_row(between: str, rows_axis: AxisTicks) -> bool:
    """Whether ``between`` joins a value's place to a row: nothing, or the rows' own name."""
    m = _ROW_AFTER.fullmatch(between)
    return bool(m) and (m.group("word") is None or name_score(m.group("word"), rows_axis) > 0)


def _at_pairs(
    item: Item, ctx: Context, group, text: str, rows_axis, across, introduced: bool = False
) -> bool:
    # a label names the row; a sentence before a colon does not ("... is between A and B: ...")
    named_by = item.label if item.label and len(item.label.split()) <= 6 else None
    labelled = resolve(named_by, rows_axis) if named_by else None
    found: list = []
    if group and group[0] == rows_axis.name:
        key = group[1]
    elif labelled is not None:
        key = labelled.tick  # "**+Mixup**: ... behind the baseline ...": the label names the row
    else:
        found = mentions(text, rows_axis)
        named = {t for *_, t in found}
        if introduced:
            named = {t for a, b, t in found if _named_as_row(text, a, b, rows_axis, across)}
            found = [(a, b, t) for a, b, t in found if t in named] if len(named) == 1 else []
        elif len(named) > 1:
            # "In the row for true class thrush, ... 5 under predicted thrush": the mention
            # that the rows' axis name introduces is the row; the others name columns
            named = {t for a, _, t in found if _introduced(text[:a], rows_axis, across)}
        if not introduced and len(named) != 1 and (first := _PROSE_NUMBER.search(text)):
            # "DeiT-S moves from 0.102 ... to 0.039 ..., tracking ViT-B/16": the one row named
            # before any number is the sentence's subject
            named = {t for a, _, t in found if a < first.start()}
        if not introduced and len(named) > 1:
            # "RLHF + KL 0.05 sits between RLHF and Base, going from 0.131 at T=0.2": the row
            # that opens the line is its subject; the others are compared with it
            named = {t for a, _, t in found if not text[:a].strip()}
        if len(named) != 1:
            return False
        key = named.pop()
    pairs, taken = [], []
    # "learning rate 1e-3 with batch 256 reads 34.2": a number that names a row is no value
    rows = [(a, b) for a, b, _ in (found or mentions(text, rows_axis))]
    for pattern in (_AT_PAIR, _TICK_THEN_VALUE_AT, _VALUE_THEN_TICK, _TICK_ARROW_VALUE):
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            if any(a < m.end("num") and m.start("num") < b for a, b in rows):
                continue
            if bound_before(text[: m.start("num")]):
                continue  # "below 50% by the 4h column": a bound, not a cell
            if lexicon.AXIS_MARK.regex.match(text[m.end("num") :].lstrip()):
                continue  # "passes the 60 gridline by January": a mark of the value axis
            words = m.group("ref").split()
            # the shortest leading run of words that names a tick ("0 kg N/ha" -> 0)
            runs = (" ".join(words[:k]) for k in range(len(words), 0, -1))
            hit = next((h for run in runs if (h := resolve(run, across))), None)
            value = parse_value(m.group("num"))
            if hit is not None and value is not None:
                pairs.append((m.start(), hit.tick, value))
                taken.append((m.start(), m.end()))
    pairs.sort()
    if found and pairs and not any(t == key and a < pairs[0][0] for a, _, t in found):
        return False  # the row is named only after its values: they may be another row's
    ends = [b for _, b in taken]
    if any(
        t != key and any(a >= end and _names_row(text[end:a], rows_axis) for end in ends)
        for a, _, t in (found or mentions(text, rows_axis))
    ):
        # "... to 0.073 at T=1.0, top-p 1.0": a value whose place names its own row too
        return False
    keyed = [(key, tick, value) for _, tick, value in pairs]
    # (a row named after the key's own mention and before its first value opens a clause of
    # its own too: "At Northgate, ... 39% over the winter. Riverside ...: 35% for 05-08")
    key_at = min((a for a, _, t in found if t == key), default=pairs[0][0] if pairs else 0)
    if pairs and any(
        t != key and key_at < a < pairs[-1][0] and _OPENS_CLAUSE.search(text[:a])
        for a, _, t in found
    ):
        # "the Striatum reaches 2.31 at time 8, whereas the Cerebellum stays flat (e.g. 1.02
        # at time 12)": another row named between the values; each is the last row's before it
        if set(rows_axis.ticks) & set(across.ticks):
            return False
        keyed = []
        for at, tick, value in pairs:
            before = [t for a, _, t in found if a < at]
            if not before:
                return False
            keyed.append((before[-1], tick, value))
        between = {t for a, _, t in found if pairs[0][0] < a < pairs[-1][0]}
        if not between <= {row for row, _, _ in keyed}:
            return False  # a row named between them whose values this reading does not see
    if len(keyed) < 2 or len({(k, t) for k, t, _ in keyed}) != len(keyed):
        return False
    for row, tick, value in keyed:
        x, y = (tick, row) if rows_axis.name == "y" else (row, tick)
        ctx.cell(x, y, value, item, "at_pairs")
    return True


# --- a row or column told in a clause: "the first row (fp16) reads 1.1, 2.0 and 3.9" -----

_ROW_OR_COLUMN = re.compile(r"\b(row|column)\b", re.I)


def _clause_column(clause: str, ctx: Context) -> str | None:
    m = re.search(rf"\b({lexicon.ORDINAL.pattern})\s+column\b", clause, re.I)
    if m:
        word = m.group(1).lower()
        i = len(ctx.x.ticks) if word == "last" else lexicon.ORDINALS.get(word, 0)
        return ctx.x.ticks[i - 1] if 0 < i <= len(ctx.x.ticks) else None
    named = {t for *_, t in mentions(clause.split("column")[0], ctx.x)}
    return named.pop() if len(named) == 1 else None


def clause_lines(item: Item, ctx: Context, group) -> bool:
    """A clause that names one row (or column) and gives exactly its values, in order."""
    if not _prose_line(item, ctx):
        return False
    hits = []
    for clause in re.split(r";\s*|(?<=[.!?])\s+(?=[A-Z])", strip_markdown(item.text)):
        m = _ROW_OR_COLUMN.search(clause)
        if not m or claim_words(clause):
            continue
        if len(re.findall(rf"\b{m.group(1)}\b", clause, re.I)) > 1:
            continue  # "12.4% in the Low column, 15.9% in the Medium column": each value's place
        plain = re.sub(r"\([^()]*\)", lambda p: " " * len(p.group(0)), clause)
        if m.group(1).lower() == "row":
            axis, key, across = "y", _prose_row(clause, ctx), ctx.x.ticks
        else:
            axis, key, across = "x", _clause_column(clause, ctx), column_order(ctx)
        if key is None:
            continue
        spans = [(a, b) for a, b, _ in mentions(plain, ctx.x) + mentions(plain, ctx.y)]
        values = [
            v
            for n in _PROSE_NUMBER.finditer(plain)
            if not any(a <= n.start() < b for a, b in spans) and (v := parse_value(n.group(0)))
        ]
        # "98 HV at 0.5 wt% Mg, 112 HV at 1.0 wt% Mg": each value names its own tick; the
        # ticks say where the values go, not their order (at_pairs reads them)
        other = ctx.x if axis == "y" else ctx.y
        if len(mentions(plain, other)) >= len(values):
            continue
        if len(values) == len(across):
            hits.append((axis, key, across, values))
    for axis, key, across, values in hits:
        for tick, value in zip(across, values, strict=True):
            _place(ctx, axis, key, tick, value, item, "prose_row")
    return bool(hits)


# --- one cell told in a clause: "on Monday at noon the count reaches 412" ----------------

# "... the colours are brightest, e.g. BLOCK_M 64 with BLOCK_N 256 reads 1.46": an example
# after a remark is a clause of its own
_CLAUSE = re.compile(
    r"(?<=[.;!?])\s+(?=[A-Z])|;\s*|,\s+(?:while|whereas|and|but)\s+|\s+while\s+|"
    r",?\s+(?:e\.g\.|for\s+example|for\s+instance)[,:]?\s+"
)
# ("5.61k tok/s": a prefix of the unit may follow the number)
_PROSE_NUMBER = re.compile(
    rf"(?<![\w.\-/–—])(?:{NUM})(?!(?![kKM]\s)\w|\.\d|\s*(?:-|–|—|to)\s*\d)(?:\s*%)?"
)


def _triples(clause: str, xs, ys) -> list[tuple[str, str, Value]]:
    """Cells told one after another in a clause: every x tick, y tick and number in turn.

    Read only when the tokens fall, in order, into groups of one x tick, one y tick and one
    number each, with nothing left over; anything else is left to the other readings.
    """
    spans = [(a, b) for a, b, _ in xs + ys]
    nums = [
        (m.start(), m.end(), "n", m.group(0))
        for m in _PROSE_NUMBER.finditer(clause)
        if not any(a <= m.start() < b for a, b in spans)
    ]
    tokens = sorted([(a, b, "x", t) for a, b, t in xs] + [(a, b, "y", t) for a, b, t in ys] + nums)
    if len(tokens) < 6 or len(tokens) % 3:
        return []
    out = []
    for i in range(0, len(tokens), 3):
        group = {kind: text for _, _, kind, text in tokens[i : i + 3]}
        value = parse_value(group["n"]) if len(group) == 3 else None
        if value is None:
            return []
        out.append((group["x"], group["y"], value))
    return out


def _named_better(clause: str, xs, ys, ctx: Context):
    """Mentions of both axes at one place ("BLOCK_M 64" under BLOCK_M and BLOCK_N) go to the
    axis the name before them spells better; a tie leaves both."""
    drop_x, drop_y = set(), set()
    for i, (a, b, _) in enumerate(xs):
        for j, (c, d, _) in enumerate(ys):
            if (a, b) != (c, d):
                continue
            before = re.search(r"([A-Za-zα-ω][\w-]*)\s*[=:]?\s*$", clause[:a])
            if before is None:
                continue
            sx, sy = name_score(before.group(1), ctx.x), name_score(before.group(1), ctx.y)
            if sx > sy:
                drop_y.add(j)
            elif sy > sx:
                drop_x.add(i)
    return (
        [m for i, m in enumerate(xs) if i not in drop_x],
        [m for j, m in enumerate(ys) if j not in drop_y],
    )


def _overlap(xs, ys) -> bool:
    """Whether an x mention and a y mention are the same words ("thrush" on both axes)."""
    return any(a < d and c < b for a, b, _ in xs for c, d, _ in ys)


# ("reads 0.31 (the darkest cell in the figure)": the remark set off in brackets)
_APPOSITIVE = re.compile(
    r"(?<=\d)(?:,\s+(?:one\s+of\s+)?(?:the|its)\s+[a-z]+est\b[^\d;]*$"
    r"|\s*\((?:one\s+of\s+)?(?:the|its)\s+[a-z]+est\b[^\d()]*\))"
)


# (digits inside a name, "ViT-B/16", are no value)
def _without_axis_names(text: str, ctx: Context) -> str:
    lower = text.lower()
    for label in (ctx.x.label, ctx.y.label):
        if not label or len(label.strip()) <= 2:
            continue
        name = label.strip().lower()
        while (at := lower.find(name)) >= 0:
            text = text[:at] + " " * len(name) + text[at + len(name) :]
            lower = lower[:at] + " " * len(name) + lower[at + len(name) :]
    return text


# ("gives 70.4%, nearly matching the best cell": an adverb may lead the participle)
_PARTICIPLE_REMARK = re.compile(
    r"(?<=[\d%]),\s+(?:[a-z]+ly\s+)?[a-z]+ing\b(?:[^\d,;]|(?<=[\w/-])\d)*$"
)
_WORDED_REMARK = re.compile(r"(?<=[\d%])\s*\((?=[^()]*[A-Za-z]{3})[^()]*\)")


def _spans_blanked(text: str, mentioned: tuple[list, list]) -> str:
    for a, b, _ in mentioned[0] + mentioned[1]:
        text = text[:a] + " " * (b - a) + text[b:]
    return text


def prose_point(item: Item, ctx: Context, group) -> bool:
    """A clause that names one x tick, one y tick and one number states that cell."""
    return _prose_point(item, ctx, None)


def head_sentences(item: Item, ctx: Context, group) -> bool:
    """'**Batch 32.** At Seq 512 the cell reads 5.61 ...': the head names the column (or
    row) that each sentence of its body leaves unnamed."""
    return _prose_point(item, ctx, group)


def _prose_point(item: Item, ctx: Context, group) -> bool:
    if not _prose_line(item, ctx):
        return False
    shared = set(ctx.x.ticks) & set(ctx.y.ticks)
    text = strip_markdown(item.text)
    body = strip_markdown(item.body or "")
    if (
        item.label
        and len(item.label.split()) > 8
        and mentions(body, ctx.x)
        and mentions(body, ctx.y)
    ):
        # "Melting is highest ..., as the colours show: the 20 bp duplex ... reaches 0.91": a
        # sentence before a colon is a clause of its own when what follows names its cell
        text = text.replace(": ", "; ", 1)
    hits = []
    before: tuple[list, list] = ([], [])  # the mentions of the clause before
    told_text = ""
    subject: tuple[str, str] | None = None  # a row (or column) named by the line's opening
    for clause_no, clause in enumerate(_CLAUSE.split(text)):
        # "Batch 64 at TP=1 reads 3.4, which is the smallest printed number": the cell, then
        # a remark on it
        clause = lexicon.WHICH_REMARK.regex.split(clause)[0]
        said = clause  # the claim and comparison words are read in the whole clause
        # "Fri 15:00 is 0.95 (late-opening Friday)": a remark in words after a value names no cell
        clause = _WORDED_REMARK.sub(lambda m: " " * len(m.group(0)), clause)
        # "... to 0.039 at T=2.0, tracking ViT-B/16 closely": a participle after the values
        # compares; the row it names is not theirs
        clause = _PARTICIPLE_REMARK.sub(lambda m: " " * len(m.group(0)), clause)
        xs, ys = _named_better(clause, mentions(clause, ctx.x), mentions(clause, ctx.y), ctx)
        told, before = before, (xs, ys)
        # "... are in the 00-04 row, for example 1.8 on Wed": the example keeps the row that
        # the clause before named without a value
        if told[0] + told[1] and not _HAS_DIGIT.search(_spans_blanked(told_text, told)):
            if len(xs) == 1 and not ys and len(told[1]) == 1 and not told[0]:
                ys = [(-1, -1, told[1][0][2])]
                subject = ("y", told[1][0][2]) if clause_no == 1 else None
            elif len(ys) == 1 and not xs and len(told[0]) == 1 and not told[1]:
                xs = [(-1, -1, told[0][0][2])]
                subject = ("x", told[0][0][2]) if clause_no == 1 else None
        elif subject and subject[0] == "y" and len(xs) == 1 and not ys:
            # "**Random demos** - moderate. At 1 demonstration, accuracy is 0.512. At 2
            # demonstrations, ... 0.538": the row that opens the line holds for its clauses
            ys = [(-1, -1, subject[1])]
        elif subject and subject[0] == "x" and len(ys) == 1 and not xs:
            xs = [(-1, -1, subject[1])]
        told_text = clause
        if group and group[0] in ("x", "y") and not (xs if group[0] == "x" else ys):
            # "**Batch 32.** At Seq 512 the cell reads 5.61": the head names the column
            if group[0] == "x":
                xs = [(-1, -1, group[1])]
            else:
                ys = [(-1, -1, group[1])]
        # ("at Peak temperature 1100": an axis' name is no claim word; "shows 0.42, one of the
        # darkest cells": a remark set off after the value comments on the cell it states)
        said = _APPOSITIVE.sub("", _without_axis_names(_PARTICIPLE_REMARK.sub("", said), ctx))
        unscaled = lexicon.SCALE_END.regex.sub(" ", said)
        if SUMMARY_LABEL.search(said) or claim_words(unscaled) or compares(said):
            continue  # a claim about a cell ("the highest rate, 80.1") or a difference
        if len({t for *_, t in xs}) > 1 and not ({t for *_, t in xs} & shared and _overlap(xs, ys)):
            hits += _triples(clause, xs, ys)  # "Sun 11:00 reads 1.31, Wed 10:00 shows 0.22"
            continue
        if len({t for *_, t in xs}) != 1 or len({t for *_, t in ys}) != 1:
            continue
        if (xs[0][2] in shared or ys[0][2] in shared) and _overlap(xs, ys):
            continue  # one word names a row and a column: the clause does not say which
        spans = [(a, b) for a, b, _ in xs + ys]
        numbers = [
            m
            for m in _PROSE_NUMBER.finditer(clause)
            if not any(a <= m.start() < b for a, b in spans)
            and not re.search(r"\d\s*(?:-|–|—|to|and)\s*$", clause[: m.start()])
            and not bound_before(clause[: m.start()])  # "likely beyond -30%"
            and not re.match(r"-[A-Za-z]", clause[m.end() :])  # "a 500-word vocabulary"
            and not lexicon.AXIS_MARK.regex.match(clause[m.end() :].lstrip())  # "15 gridline"
        ]
        if len(numbers) != 1 or re.match(r"\s*(?:times|x\b|×)", clause[numbers[0].end() :]):
            continue
        unit = re.match(r"\s*([A-Za-z]+)", clause[numbers[0].end() :])
        if unit and any(name_score(unit.group(1), a) > 0 for a in (ctx.x, ctx.y)):
            continue  # "about 200 tokens" on a "Chunk size (tokens)" axis: a size, not a cell
        value = parse_value(numbers[0].group(0))
        if value is not None:
            hits.append((xs[0][2], ys[0][2], value))
    for x, y, value in hits:
        ctx.cell(x, y, value, item, "prose_point")
    return bool(hits)


_DIAGONAL_SAID = re.compile(
    r"^\s*(?:the\s+)?diagonal(?:\s+(?:cells?|entries|values))?\s+(?:each\s+|all\s+)?"
    rf"(?:reads?|is|are|shows?|equals?)\s+(?P<value>[~≈]?{NUM})\s*\.?\s*$",
    re.I,
)


def diagonal(item: Item, ctx: Context, group) -> bool:
    """'Self-correlation: 1.00' under a row, 'Diagonal: all cells read 1.00': cells at x = y.

    Only in a square matrix whose two axes list the same classes; under a row (or column)
    the label names that class's own cell, on its own it names every diagonal cell.
    """
    # "The diagonal cells each read 1.00.": the label and its value in one sentence
    said = _DIAGONAL_SAID.match(strip_markdown(item.text)) if not item.label else None
    if not said and (
        not item.label or not lexicon.DIAGONAL.regex.search(strip_markdown(item.label))
    ):
        return False
    if not ctx.x.ticks or set(ctx.x.ticks) != set(ctx.y.ticks):
        return False
    body = said.group("value") if said else strip_markdown(item.body or "").strip()
    slot = _slot(body)
    if slot is None:
        found = [m.group(0) for m in _PROSE_NUMBER.finditer(body)]
        slot = parse_value(found[0]) if len(found) == 1 else None
    if slot is None or slot == "missing":
        return False
    if group and group[0] in ("x", "y"):
        ticks = [group[1]]
    elif group is None:
        ticks = list(ctx.x.ticks)
    else:
        return False
    for tick in ticks:
        ctx.cell(tick, tick, slot, item, "diagonal")
    return True


LINE_RECOGNISERS = (
    diagonal,
    keyed_list,
    group_child,
    group_pairs,
    group_values,
    point,
    end_points,
    inline_points,
    prose_row,
    flat_grid,
    prose,
    at_pairs,
    clause_lines,
    prose_point,
)


# an axis of many unnamed positions: slots named "Cell 1", "Col 2" resolve against it
_ANY_POSITION = AxisTicks("x", None, [str(i) for i in range(1, 100)])


def _split_statements(item: Item) -> list[Item]:
    """'A: 1; B: 2; C: 3' on one line is three statements."""
    # "en → de: 31.1 | en → sw: 59.8": outside a table a bar separates statements too
    parts = [p.strip() for p in split_top(item.text, ";·" if item.kind == "table" else ";·|")]
    parts = _carry_arrow_head(parts)
    if len(parts) < 2:
        # "Row 0 -> 0: 1.00, 1: 0.13, 2: 0.64": commas set the pairs apart
        commas = [p.strip() for p in split_top(item.text, ",")]
        if (carried := _carry_arrow_head(commas)) is not commas:
            parts = carried
    if len(parts) < 2 and item.label and item.body:
        # "Layer 0: (0, 0) = 0.42, (0, 1) = 0.24": the keys are whole coordinates, the label
        # only groups them
        pairs = [p.strip() for p in split_top(item.body, ",")]
        if len(pairs) >= 2 and all(_TUPLE_KEYED.match(p) for p in pairs):
            body = Item(item.line, item.kind, item.level, item.body, item.zone)
            if len(out := _keyed_parts(body, pairs)) > 1:
                return out
    if len(parts) < 2:
        out = _comma_statements(item)
        return out if len(out) > 1 else _spaced_statements(item)
    if item.label and labelled_slots(item.body or "", _ANY_POSITION, 2):
        return [item]  # "Row 1: Cell 1 = 61.8; Cell 2 = 64.9": one row, its cells by position
    if item.label and parts[0].startswith(item.text[: len(parts[0])]) and _keyed_row(item):
        return [item]  # "**Water** — 280 K: 1.6e-5; 300 K: 2.2e-5": one row, its cells by tick
    if item.label and (m := _HEAD_DASH.match(item.text)):
        # "pH 5 — 5 °C: 1.2E-5; 15 °C: 3.4E-5": the row's name set off by a dash, unbolded
        headed = Item(
            item.line, item.kind, item.level, item.text, item.zone, m.group("head"), m.group("rest")
        )
        if _keyed_row(headed):
            return [headed]
    labelled = [split_label(p) for p in parts if p]
    if not all(label and body.strip() for label, body in labelled):
        # "(Mild, 10 °C) 2.1 · (Mild, 30 °C) 3.4": keys in brackets, each before its value
        return _keyed_parts(item, [p for p in parts if p])
    out = []
    for part in parts:
        if not part:
            continue
        label, body = split_label(part)
        if m := PAIR_THEN_VALUE.match(part):
            # ("sw → en 52.3 · sw → fr 41.8": statements keyed by a pair of one-word names,
            # the value after them)
            label, body = m.group(1).strip(), m.group(2).strip()
        out.append(Item(item.line, item.kind, item.level, part, item.zone, label, body))
    return out


_TUPLE_KEYED = re.compile(r"^\(\s*[^()]+,[^()]+\)\s*(?:=|:|→|->)\s*\S")
_HEAD_DASH = re.compile(r"^(?P<head>[^:;—–]+?)\s+[—–]\s+(?P<rest>[^:;]+:.+)$")
_HEAD_ARROW = re.compile(r"^(?P<head>[^→⟶>]+?)\s*(?:→|->|⟶)\s*(?P<rest>.+)$")


def _carry_arrow_head(parts: list[str]) -> list[str]:
    """'top-p 0.5 → T=0.2: 18.0 | T=0.5: 16.3': the head before the arrow heads every pair."""
    m = _HEAD_ARROW.match(parts[0]) if len(parts) > 1 else None
    if m is None or any(_ARROW.search(p) for p in parts[1:]):
        return parts
    pairs = [m.group("rest"), *parts[1:]]
    if not all((pair := split_label(p))[0] and pair[1].strip() for p in pairs if p):
        return parts
    return [parts[0], *(f"{m.group('head')} → {p}" for p in parts[1:] if p)]


def _keyed_row(item: Item) -> bool:
    """The body after the row's label is a run of "tick: value" pairs and nothing else."""
    body = item.body or ""
    # ("Park — 06:00: −0.4 | 10:00: −0.9": bars and middle dots set the pairs apart too)
    pieces = [p.strip() for p in split_top(body, ";|·")]
    if len(pieces) < 2:
        return False
    return all(
        (pair := split_label(p))[0] and _slot(pair[1].strip().rstrip(".")) is not None
        for p in pieces
    )


def _comma_statements(item: Item) -> list[Item]:
    """'(1, 2) = 0.86, (1, 4) = 0.08': keyed values in a row, each a statement of its own.

    Only when every comma-separated part names its key and holds exactly one value; a row
    of bare values after one label ("Row A: 1, 2, 3") stays one statement.
    """
    parts = [p.strip() for p in split_top(item.text, ",")]
    if not all(parts):
        return [item]
    # "Pressure = 5, Temperature = 450 → 59.9": one record of named keys, not three statements
    return _keyed_parts(item, parts, record_keys=False)


def _keyed_parts(item: Item, parts: list[str], record_keys: bool = True) -> list[Item]:
    """``parts`` as statements of their own when each names its key and holds one value;
    else ``[item]`` whole. ``record_keys=False``: a key that holds "=", ":" or an arrow
    keeps the line one record."""
    if len(parts) < 2:
        return [item]
    out = []
    for part in parts:
        label, body = split_label(part)
        if not label and (bare := TUPLE_VALUE.match(part)) and not part[bare.end() :].strip():
            label, body = bare.group(1), bare.group(2)  # "(1,1) +1.8": the key, then its value
        if not label or not re.search(r"[\w)]", label) or _slot(body.strip().rstrip(".")) is None:
            return [item]
        if not record_keys and (re.search(r"[=:]", label) or _ARROW.search(label)):
            # "en → de: 31.5, en → fr: 30.3": every key a pair of names joined by an arrow
            # (a key may stand in backticks: "`en → de`: 36.5")
            if not all(
                _PAIR_KEY.fullmatch(strip_markdown(split_label(p)[0] or "").strip()) for p in parts
            ):
                return [item]
        out.append(Item(item.line, item.kind, item.level, part, item.zone, label, body))
    return out


_ARROW = re.compile(r"→|->|⟶")
_TUPLE_RUN = re.compile(r"^\s*(?:[—–:-]\s*)?(\([^()]+\)(?:\s*,\s*\([^()]+\))+)\s*\.\s+\S")
#: "(1,1) 0.82", "(2, 3) = 0.4": a key of coordinates in brackets, then its value
TUPLE_VALUE = re.compile(rf"^\s*(\([^()]+,[^()]+\))\s*(?:=|:|→|->)?\s*([~≈]?{NUM}\s*%?)")
_PAIR_KEY = re.compile(r"\s*[^\W\d][^=:→]*?\s*(?:→|->|⟶)\s*[^\W\d][^=:→]*?\s*")
_PAIR_PARTS = re.compile(r"^\(\s*[^\W\d][^()\d]*,[^()\d]*\)\s*:\s*(?=\()")
_LEADING_SEP = re.compile(r"^\s*(?:→|->|[:=—–]|-(?=\s))\s*")
_SPACED = re.compile(r"\s{2,}|\t+")


def _spaced_statements(item: Item) -> list[Item]:
    """``(1, 2) -> 0.30   (1, 4) -> 0.46``: keyed values set apart by runs of spaces.

    Only when every part names its key and holds exactly one value.
    """
    text = item.text.strip()
    if "  " not in text and "\t" not in text:
        return [item]
    return _keyed_parts(item, [p for p in _SPACED.split(text) if p])


# --- a grid typed in a code block, header line of ticks ---------------------------------


def _grid_tokens(line: str) -> list[str]:
    parts = [p for p in re.split(r"\s{2,}|\t|\s*\|\s*", line.strip()) if p]
    return parts if len(parts) > 1 else line.split()


def _header_ticks(tokens: list[str], axis: AxisTicks) -> list[str]:
    """'CPI Unemp.' set apart by one space in a header aligned by runs of spaces: two ticks,
    when each word is one and the words together are none."""
    out = []
    known = {t.casefold() for t in axis.ticks}
    for token in tokens:
        words = token.split()
        if (
            len(words) > 1
            and token.casefold() not in known
            and all(w.casefold() in known for w in words)
        ):
            out.extend(words)
        else:
            out.append(token)
    return out


def code_grid(rows: list[Item], ctx: Context) -> bool:
    """``        0.1   0.2`` / ``3000   41.3  42.7``: a header of ticks, then labelled rows."""
    if len(rows) < 2:
        return False
    tokens = _grid_tokens(rows[0].text)
    for axis, other in ((ctx.x, ctx.y), (ctx.y, ctx.x)):
        header = _header_ticks(tokens, axis)
        hits = [resolve(h, axis) for h in header]
        if len(header) > 1 and all(hits[1:]) and other.ticks:
            ticks = [h.tick for h in (hits if hits[0] else hits[1:])]
            # ("pH 3:" over "  298: 4.1E-5": a group's head, not a header of one column)
            if len(ticks) >= 2:
                break
    else:
        return False
    key_axis = "y" if axis is ctx.x else "x"
    read = []
    for item in rows[1:]:
        # ("CPI    | -0.61   1.00": a bar may set the row's name apart)
        tokens = item.text.replace("|", " ").split()
        # the shortest leading run of words that names a tick is the row label
        k = next((k for k in range(1, len(tokens)) if resolve(" ".join(tokens[:k]), other)), None)
        slots = [_slot(t) for t in tokens[k:]] if k else [None]
        if k is None or any(slot is None for slot in slots):
            continue
        read.append((item, resolve(" ".join(tokens[:k]), other), slots))
    # a correlation matrix printed as one triangle: its rows hold 1, 2, ..., n values (or n..1)
    lengths = [len(slots) for _, _, slots in read]
    shape = triangle_shape(lengths) if len(lengths) == len(ticks) else None
    if shape and not ctx.triangle:
        ctx._triangle = shape
    for item, found, slots in read:
        across = ticks
        if shape:
            across = ticks[: len(slots)] if shape == "lower" else ticks[len(ticks) - len(slots) :]
        elif cut_short(ctx, key_axis, found.tick, ticks, slots, item, "code_grid", found.tick):
            continue
        if len(slots) != len(across):
            ctx.ragged(key_axis, found.tick, ticks, item, f"row '{found.tick}'", len(slots))
            continue
        for tick, slot in zip(across, slots, strict=True):
            _place(ctx, key_axis, found.tick, tick, slot, item, "code_grid")
    return True


def _triangle(items: list[Item], ctx: Context) -> str | None:
    """'lower' when the labelled rows hold 1, 2, ..., n values for n columns; 'upper' for n..1."""
    rows, across = (ctx.y, ctx.x) if ctx.rows_axis == "y" else (ctx.x, ctx.y)
    n = len(across.ticks)
    if n < 3 or len(rows.ticks) != n:
        return None
    lengths = []
    for item in items:
        if item.kind not in ("list", "text", "code") or not item.label or not item.body:
            continue
        if resolve(item.label, rows) is None:
            continue
        slots = [_slot(t) for t in split_values(item.body)]
        if slots and all(s is not None for s in slots):
            lengths.append(len(slots))
    return triangle_shape(lengths) if len(lengths) == n else None


def _names_a_group(item: Item, after: Item | None) -> bool:
    """A bullet of a name and one tick ("n_features = 10", "Source `en`") over deeper bullets."""
    if item.kind != "list" or after is None or after.kind != "list" or after.level <= item.level:
        return False
    if item.label is None:
        # ("**Column T=0.2** (top to bottom)": a remark in brackets adds no name)
        words = drop_remarks(item.text).split() or item.text.split()
        # ("- 2600 m" over "  - Jun: 3.1": a number tick, and its unit, heads its bullets too;
        # "- 36 minutes left": and a word on what it counts)
        return len(words) <= 4 and (not _HAS_DIGIT.search(words[0]) or len(words) <= 3)
    return "=" in item.text and len((item.body or "").split()) == 1


def read_line(item: Item, ctx: Context, group) -> None:
    """Each statement of a line to the first recogniser that reads it."""
    for statement in _split_statements(item):
        any(recogniser(statement, ctx, group) for recogniser in LINE_RECOGNISERS)


def _head_of(label: str) -> str:
    """What names a group in a line's label: the label, or of a sentence before a colon its
    opening words before a dash, a bracket or a comma ("Pasterze (black dashed) starts close to
    Hintereis but accelerates after 2012" -> "Pasterze"), never a tick it names later ("Tile
    values, given column by column (... down to the 100 cm sensor)")."""
    words = strip_markdown(label).split()
    if len(words) <= 8:
        return label
    head = re.split(r"\s+[—–-]\s+|\s*\(|,", " ".join(words))[0]
    return " ".join(head.split()[:4])


def recognize(items: list[Item], ctx: Context) -> None:
    ctx.items = items
    group = None
    group_indent = -1
    group_sticky = False
    buffer: list[Item] = []
    code: list[Item] = []
    pending: list[Item | None] = []
    # a run of code lines that is not a grid is read line by line like any other
    for item in items + [None]:  # type: ignore[list-item]
        if item is not None and item.kind == "code":
            code.append(item)
            continue
        if code:
            if not (jsonblock.read(code, ctx) or code_grid(code, ctx)):
                pending.extend(code)
            code = []
        pending.append(item)
    for index, item in enumerate(pending):
        if item is not None and item.kind == "table":
            buffer.append(item)
            continue
        if buffer:
            table(buffer, ctx)
            buffer = []
        if item is None:
            break
        if item.kind in ("heading", "bold"):
            text = item.label if item.kind == "bold" else item.text
            group = group_of(text or "", ctx)
            group_sticky, group_indent = True, -1
            if item.kind == "bold" and item.body and (run := _TUPLE_RUN.match(item.body)):
                # "**Baseline** — (0, 100.0), (200, 95.1). The line slopes down and crosses
                # the 80% line before cycle 800": the points, then remarks on the line
                item = Item(
                    item.line, "bold", item.level, item.text, item.zone, item.label, run.group(1)
                )
            if item.kind == "bold" and item.body and not inline_points(item, ctx, group):
                # "**DANN** — slopes downward. Points: 0% → 72.0; 10% → 68.1": the head names
                # the row, its body gives the row's values at ticks
                body = Item(item.line, "text", item.level, item.body, item.zone)
                if (
                    group is not None
                    and not at_pairs(body, ctx, group)
                    and not head_sentences(body, ctx, group)
                ):
                    # "**T1** → 8 | 11 | 19": the head names the row, its values follow
                    # ("**Placebo** — (week, mmHg): (0, 147.9), (2, 146.1)": the pairs' parts
                    # named in brackets before them)
                    values = _PAIR_PARTS.sub("", _LEADING_SEP.sub("", item.body))
                    keyed_list(
                        Item(item.line, "list", 0, item.text, item.zone, item.label, values),
                        ctx,
                        group,
                    )
            continue
        if item.kind == "list" and group is not None and not group_sticky:
            if item.level <= group_indent:
                group = None
        if _names_a_group(item, pending[index + 1]) and (found := group_of(item.text, ctx)):
            # "- n_features = 10" over "  - α=0.25: 0.66": the bullet names the row that its
            # deeper bullets fill
            if found[0] in ("x", "y"):
                group, group_indent, group_sticky = found, item.level, False
                continue
        if item.kind == "list" and item.label and not (item.body or "").strip():
            found = group_of(item.label, ctx)
            if found is None and (bold := _BOLD_OPENING.match(item.label)):
                # "**KRAS-G12D** binds weakly everywhere except B*07:02:" over its bullets
                found = group_of(bold.group(1), ctx)
            if found is not None:
                # a bold parent holds the bullets after it even at its own depth
                sticky = item.text.lstrip().startswith(("**", "__"))
                group, group_indent, group_sticky = found, item.level, sticky
                continue
        if item.kind in ("text", "code") and item.label and not (item.body or "").strip():
            # "Row 1:" alone on a line over "  Cell 1: 15.6": a plain-text head of its lines
            # (in a block of code too: "pH 5:" over "  298: 2.3E-5")
            found = group_of(_head_of(item.label), ctx)
            if found is not None:
                group, group_indent, group_sticky = found, -1, True
                continue
        if item.kind == "text" and item.label is None and len(item.text.split()) <= 4:
            # "Pore 10 nm" alone on its line over "porosity 1e-3 -> 8.6E-8": a plain-text
            # heading of the lines after it (also "Row 2" over "  Cell 1: 3.4")
            found = group_of(item.text, ctx)
            if found is not None and found[0] in ("x", "y", "row_pos"):
                group, group_indent, group_sticky = found, -1, True
                continue
        placed = len(ctx.cells), len(ctx.findings)
        read_line(item, ctx, group)
        if (
            item.kind == "text"
            and item.label
            and placed == (len(ctx.cells), len(ctx.findings))
            and item.text.lstrip().startswith(("**", "__"))
            and (found := group_of(item.label, ctx)) is not None
            and found[0] in ("x", "y")
        ):
            # "**30 cm (red):** ... peaks on day 1 before declining." over the series' points:
            # a head in bold whose remark places nothing names the lines after it
            group, group_indent, group_sticky = found, -1, True
