"""A reading of a panel from its data alone, for when the metadata reading places little.

A description that states a grid plainly states it as lines or table rows that each carry a
label and the same number k of values. Those lines are the rows; the columns' ticks come from a
header line with k names, else from a declared tick list with k items, else (a square matrix)
from the row labels themselves. Nothing is placed when no list of k ticks is found: a grid
without its column ticks is not guessed.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from figdata.parse import lexicon
from figdata.parse.enumeration import read_enumeration
from figdata.parse.model import Item
from figdata.parse.recognize import SUMMARY_LABEL, Context, _slot, cut_short, value_list
from figdata.parse.text import strip_markdown, triangle_shape
from figdata.parse.ticks import AxisTicks, resolve
from figdata.parse.values import Value

# columns of a row: table bars, tabs, or runs of two or more spaces ("00-02     38    40")
_COLUMNS = re.compile(r"\s*\|\s*|\t+|\s{2,}")
_RULE = re.compile(r"^[\s|:\-+=]+$")
_NUMBERS_ONLY = re.compile(r"[-−+]?\d[\d.]*%?(?:\s[-−+]?\d[\d.]*%?)+")


@dataclass
class Grid:
    rows: list[tuple[Item, str, list[Value | str]]]  # item, row label, slots
    columns: list[str | None]  # None: a column that holds no cells (a total, a year-to-date)
    rows_axis: str  # the axis the row labels belong to
    ragged: list[tuple[Item, str, list[Value | str]]]  # rows with another count of values
    names: dict[str, str]  # row label -> tick
    triangle: str | None = None  # "lower": row i holds the first i columns; "upper": the last

    @property
    def row_ticks(self) -> list[str]:
        # a row printed twice is one tick; its copies' disagreement is reported, not guessed
        ordered = sorted(self.rows + self.ragged, key=lambda r: r[0].line)
        return list(dict.fromkeys(self.names[label] for _, label, _ in ordered))

    @property
    def values(self) -> int:
        return sum(
            isinstance(s, Value) and c is not None
            for _, _, slots in self.rows
            for c, s in zip(self.across(slots), slots, strict=True)
        )

    def across(self, slots: list) -> list[str | None]:
        if self.triangle is None or len(slots) == len(self.columns):
            return self.columns
        n = len(slots)
        return self.columns[:n] if self.triangle == "lower" else self.columns[-n:]


def _parts(item: Item) -> list[str]:
    text = item.text.strip()
    if item.kind == "table":
        return [c.strip() for c in text.strip("|").split("|")]
    parts = [p for p in _COLUMNS.split(strip_markdown(text)) if p]
    # "−0.22 0.48" typed with one space: numbers stand apart whatever the padding
    parts = [q for p in parts for q in (p.split() if _NUMBERS_ONLY.fullmatch(p) else [p])]
    if item.kind == "code" and (sep := _delimiter(text)):
        # comma- or semicolon-separated values in a code block: a CSV transcription (padded
        # to align its columns, "298,  3.4E-4, 9.0E-4", as well)
        if len(parts) == 1 or all(p.endswith(sep) for p in parts[:-1]):
            return [p.strip() for p in text.split(sep)]
    return parts


def _delimiter(text: str) -> str | None:
    for sep in (",", ";"):
        if text.count(sep) >= 2:
            return sep
    return None


def _row(item: Item) -> tuple[str, list[Value | str]] | None:
    """(label, slots) of a line that is a label and two or more values, or None."""
    if item.kind not in ("table", "code", "list", "text") or _RULE.match(item.text):
        return None
    if item.zone in ("components", "observations", "interpretation") and item.kind in (
        "list",
        "text",
    ):
        # tick lists and colour-bar ranges of the axes part are no rows; a table or a code
        # block there is data that no heading set apart from the axes
        return None
    if item.kind != "table" and item.label is not None:
        slots = value_list(item.body or "")
        label = strip_markdown(item.label).strip()
        if slots and label and not SUMMARY_LABEL.search(label) and not declares(label):
            return label, slots
    parts = _parts(item)
    if len(parts) < 3:
        return None
    slots = [_slot(p) for p in parts[1:]]
    if any(s is None for s in slots) or not any(isinstance(s, Value) for s in slots):
        return None
    label = strip_markdown(parts[0]).strip()
    if not label or SUMMARY_LABEL.search(label):
        return None
    return label, slots


_AXIS_WORD = re.compile(
    rf"(?:{lexicon.AXIS_X.pattern}|{lexicon.AXIS_Y.pattern}|\bticks?\b|\blabels?\b)", re.I
)


def declares(label: str) -> bool:
    """'Columns (x, "Temperature")', 'Ticks': a label that is only an axis word declares one."""
    bare = re.sub(r"\([^()]*\)|\[[^\[\]]*\]|\"[^\"]*\"", " ", label).strip()
    # ("Columns, left to right": the order the ticks are listed in is no part of the name)
    bare = re.sub(rf"\s*,?\s*(?:{lexicon.ORDER_ANY})$", "", bare, flags=re.I)
    return bool(_AXIS_WORD.fullmatch(bare))


def _header(items: list[Item], first: Item, k: int) -> list[str] | None:
    """The names of the k columns on the line above the first row (a corner may lead)."""
    before = [it for it in items if it.line < first.line and not _RULE.match(it.text)]
    if (
        not before
        or before[-1].kind not in ("table", "code", "text")
        or first.line - before[-1].line > 2
    ):
        return None
    parts = [strip_markdown(p).strip() for p in _parts(before[-1])]
    if len(parts) == k + 1:
        parts = parts[1:]
    return parts if len(parts) == k and all(parts) else None


# "lat\\year", "Actual / Predicted": a corner that names the rows' axis and the columns'
_CORNER = re.compile(r"^[^\d\\/]+\s*[\\/]\s*[^\d\\/]+$")


def _numeric_header(rows: list[tuple[Item, str, list[Value | str]]]) -> bool:
    """The first line is the column ticks: its label is a word and every other label a
    number, or its label is a corner that names both axes."""
    first, rest = rows[0], rows[1:]
    return (
        not re.search(r"\d", first[1])
        and (
            all(re.match(r"[\d.\-–]+$", label) for _, label, _ in rest)
            or bool(_CORNER.match(first[1]))
        )
        and all(isinstance(s, Value) for s in first[2])
        and first[0].line + 1 == rest[0][0].line
    )


def _ticks_with_units(item: Item, ctx: Context) -> bool:
    """Every cell after the first a declared tick of one axis printed with a unit ("20dB" for
    the tick 20)."""
    texts = [strip_markdown(p).strip() for p in _parts(item)][1:]
    if len(texts) < 2 or not all(_UNIT_AFTER.search(t) for t in texts):
        return False
    return any(
        axis.ticks and all(resolve(t, axis) is not None for t in texts) for axis in (ctx.x, ctx.y)
    )


_UNIT_AFTER = re.compile(r"\d\s*[^\W\d]{1,4}\s*$")


def _printed(item: Item, slots: list[Value | str]) -> list[str]:
    """The column ticks as the header prints them: "25 °C" keeps its unit, as the gold does."""
    parts = [strip_markdown(p).strip() for p in _parts(item)][1:]
    if item.label is None and len(parts) == len(slots):
        return parts
    return [str(s.text) for s in slots]


_SENTENCE = re.compile(r"(?<=[.;:])\s+(?=[A-Z(])")


def _listed(items: list[Item], k: int, data: set[int], own: list[str]) -> list[str] | None:
    """A list of k ticks the text states outside the data lines ("(T = 1.5, 2.0, ..., 3.5)").

    Taken only when exactly one such list exists, so that nothing is chosen between two.
    """
    found: list[list[str]] = []
    taken = [bare(t).casefold() for t in own]
    for item in items:
        if id(item) in data or not re.search(r",|…|\.\.\.|\bto\b", item.text):
            continue
        text = strip_markdown(item.text)
        parts = _SENTENCE.split(text) + re.findall(r"\(([^()]*)\)", text)
        for part in parts:
            part = re.sub(r"^[^,:=]*=\s*", "", part.strip().rstrip(":)."))
            ticks = read_enumeration(part)
            if len(ticks) == k and [bare(t).casefold() for t in ticks] != taken:
                if ticks not in found:
                    found.append(ticks)
    return found[0] if len(found) == 1 else None


def stated_list(items: list[Item], ticks: list[str]) -> list[str] | None:
    """Another list with as many ticks as ``ticks``, stated outside the data lines."""
    data = {id(it) for it in items if _row(it)}
    return _listed(items, len(ticks), data, ticks)


def _texts(slots: list[Value | str]) -> tuple[str, ...]:
    return tuple(s.text.casefold() if isinstance(s, Value) else s for s in slots)


def bare(label: str) -> str:
    """'Column `h=0.0`' -> 'h=0.0' -> '0.0': the tick a line label names beside an axis word."""
    label = re.sub(r"^(?:columns?|rows?|col\.?)\s+", "", label.strip(), flags=re.I)
    return label.split("=", 1)[1].strip() if "=" in label else label


def _names(labels: list[str], declared: list[str]) -> dict[str, str]:
    """Each row label as the declared tick it names, or as itself."""
    ticks = {t.casefold(): t for t in declared}
    firsts = {label.split()[0] for label in labels if label.split()}
    if not declared and len(firsts) == 1 and all(len(label.split()) > 1 for label in labels):
        # "Layer 20", "Layer 16" under no declared list: the shared word names the axis, as
        # reconcile.from_labels reads "seed 0"
        return {label: label.split(None, 1)[1] for label in labels}
    axis = AxisTicks("y", None, list(declared))
    return {
        label: ticks.get(label.casefold())
        or ticks.get(bare(label).casefold())
        or ((hit := resolve(label, axis)) and hit.tick)
        or label
        for label in labels
    }


def _match(labels: list[str], ticks: list[str]) -> int:
    wanted = {t.casefold() for t in ticks}
    return sum(label.casefold() in wanted or bare(label).casefold() in wanted for label in labels)


_AXIS_KEY = re.compile(r"\s*([xy])\s*[=:]", re.I)


def _rows_axis(labels: list[str], header: list[str], x: list[str], y: list[str]) -> str:
    """The declared axis the row labels belong to ("y" unless x fits better).

    The header is evidence too: "T=0.5" among the rows names an x tick by chance when the
    header above lists every x tick. Labels that name their axis ("y=4K") say it outright.
    """
    said = {m.group(1).lower() if (m := _AXIS_KEY.match(label)) else None for label in labels}
    if len(said) == 1 and None not in said:
        return said.pop()
    as_x = _match(labels, x) + _match(header, y)
    as_y = _match(labels, y) + _match(header, x)
    return "x" if as_x > as_y else "y"


def find(items: list[Item], ctx: Context) -> Grid | None:
    """The grid the panel's data lines state, with ticks for its columns, or None."""
    # a table's first line, above its rule, names the columns even when they are numbers
    rules = {it.line for it in items if it.kind == "table" and _RULE.match(it.text)}
    rows = [(it, *found) for it in items if it.line + 1 not in rules and (found := _row(it))]
    declared = {bare(t).casefold().rstrip(".") for a in (ctx.x, ctx.y) for t in a.ticks}
    rows = [_label_apart(row, declared) for row in rows]
    header = None
    if len(rows) >= 3 and (_numeric_header(rows) or _ticks_with_units(rows[0][0], ctx)):
        # "height  16  32  64" above "8  210  340  415": a word over numbers names the columns
        # ("noise,20dB,10dB,5dB" over "Babble,4.9,8.7,14.2": the declared ticks with a unit)
        header = _printed(rows[0][0], rows[0][2])
        rows = [r for r in rows[1:] if len(r[2]) == len(header)]
    if len(rows) < 2:
        return None
    k, _ = Counter(len(slots) for _, _, slots in rows).most_common(1)[0]
    triangle, cut = _triangle(items, rows, ctx, declared)
    if triangle:
        rows, k = cut, len(cut)
    # a line listing a declared axis's ticks is that axis, not a row
    ticks = {tuple(t.casefold() for t in a.ticks) for a in (ctx.x, ctx.y) if a.ticks}
    # ("Cathode | 300 K | 350 K": the ticks as printed, units and all)
    rows = [
        r
        for r in rows
        if _texts(r[2]) not in ticks
        and tuple(strip_markdown(p).strip().casefold() for p in _parts(r[0])[1:]) not in ticks
    ]
    ragged = [] if triangle else [r for r in rows if len(r[2]) != k]
    rows = rows if triangle else [r for r in rows if len(r[2]) == k]
    labels = [label for _, label, _ in rows]
    everyone = labels + [label for _, label, _ in ragged]
    if len(rows) < 2 or len(set(everyone)) < max(2, len(everyone) - 1):
        return None  # one row may be printed twice; more repeats are not one grid
    x, y = ctx.x.ticks, ctx.y.ticks
    named = header or _header(items, rows[0][0], k)
    rows_axis = _rows_axis(labels, named or [], x, y)
    other = y if rows_axis == "x" else x
    own = x if rows_axis == "x" else y
    if named:
        # "0mg | 100mg" over the ticks 0, 100 of "dose in mg": the unit glued to each tick
        named = _without_glued_unit(named, other)
        # columns beyond a complete set of declared ticks, and totals, are not cells
        declared = {t.casefold() for t in other} if len(other) >= 2 else None
        present = {c.casefold() for c in named}
        # all the declared ticks have a column, or all but one (a legend's reference line)
        if declared and len(declared - present) > (1 if len(declared & present) >= 2 else 0):
            declared = None
        columns: list[str | None] = [
            c
            if (declared is None or c.casefold() in declared) and not SUMMARY_LABEL.search(c)
            else None
            for c in named
        ]
    elif len(other) == k:
        columns = list(other)
    elif not other and (listed := _listed(items, k, {id(r[0]) for r in rows + ragged}, own)):
        columns = list(listed)
    elif len(labels) == k and len(own) >= 2 and _match(labels, own) >= len(own) - 1:
        # a square matrix whose declared classes the labels confirm (one may have been lost)
        columns = list(labels)
    else:
        return None
    return Grid(rows, columns, rows_axis, ragged, _names(everyone, own), triangle)


_GLUED_UNIT = re.compile(r"(?<=\d)\s*[a-zµ°%][a-zA-Z/°%]{0,4}$")


def _without_glued_unit(names: list[str], ticks: list[str]) -> list[str]:
    """The header's names as the declared ticks, when every name is a tick and one unit."""
    wanted = {t.casefold(): t for t in ticks}
    bare_names = [_GLUED_UNIT.sub("", n) for n in names]
    units = {m.group(0).strip() for n in names if (m := _GLUED_UNIT.search(n))}
    if len(units) != 1 or not all(b.casefold() in wanted for b in bare_names):
        return names
    return [wanted[b.casefold()] for b in bare_names]


def _triangle(
    items: list[Item], rows: list[tuple], ctx: Context, declared: set[str]
) -> tuple[str | None, list]:
    """One triangle of a symmetric matrix ("CPI 1.00", "Wages 0.62 1.00", ...): the rows are
    cut at the diagonal, the first (or last) holds one value, the full row counts the columns."""
    n = len(ctx.x.ticks)
    if n < 3 or len(ctx.y.ticks) != n:
        return None, rows
    taken = {id(r[0]) for r in rows}
    singles = []
    for it in items:
        parts = _parts(it) if it.kind in ("code", "table") and id(it) not in taken else []
        if len(parts) == 2 and isinstance(slot := _slot(parts[1]), Value):
            singles.append(_label_apart((it, strip_markdown(parts[0]).strip(), [slot]), declared))
    cut = sorted(rows + singles, key=lambda r: r[0].line)
    shape = triangle_shape([len(slots) for _, _, slots in cut])
    return (shape, cut) if shape and len(cut) == n else (None, rows)


def _label_apart(row: tuple, declared: set[str]) -> tuple:
    """ "Unemp. −0.38  −0.55", "Nitrogen −0.18 0.41  0.87": a label padded with one space
    only; the values after it are set apart when the label without them is a declared tick
    (``declared``: the ticks as ``bare`` gives them, folded) and with them is none."""
    item, label, slots = row
    if bare(label).casefold().rstrip(".") in declared:
        return row
    words = label.split()
    for cut in range(len(words) - 1, 0, -1):
        values = [_slot(w) for w in words[cut:]]
        if not all(isinstance(v, Value) for v in values):
            break
        head = " ".join(words[:cut])
        if bare(head).casefold().rstrip(".") in declared:
            return item, head, [*values, *slots]
    return row


def axes(grid: Grid, ctx: Context) -> tuple[AxisTicks, AxisTicks]:
    """The grid's ticks as (x, y), keeping the declared axis labels."""
    labels = grid.row_ticks
    kept = [c for c in grid.columns if c is not None]
    rows, columns = (labels, kept) if grid.rows_axis == "y" else (kept, labels)
    return AxisTicks("x", ctx.x.label, list(columns)), AxisTicks(
        "y", ctx.y.label, list(rows), list(rows)
    )


def fill(grid: Grid, ctx: Context) -> Context:
    """A context for the same panel holding the grid's cells."""
    out = Context(ctx.panel, *axes(grid, ctx), ctx.pair_order, ctx.last_line)
    out.rows_axis = grid.rows_axis
    out.prose_values = ctx.prose_values
    out.items = ctx.items
    for item, label, slots in grid.rows:
        for column, slot in zip(grid.across(slots), slots, strict=True):
            if isinstance(slot, Value) and column is not None:
                tick = grid.names[label]
                xy = (column, tick) if grid.rows_axis == "y" else (tick, column)
                out.cell(*xy, slot, item, "grid_first")
    k = len(grid.columns)
    for item, label, slots in grid.ragged:
        tick = grid.names[label]
        across = [c for c in grid.columns]
        if None not in across and cut_short(
            out, grid.rows_axis, tick, across, slots, item, "grid_first", tick
        ):
            continue
        if None not in across:
            # the row's cells count as addressed: the row is told, its length is wrong
            out.ragged(grid.rows_axis, tick, across, item, f"row {tick!r}", len(slots))
            continue
        where = {grid.rows_axis: tick}
        detail = (
            f"row {grid.names[label]!r} has {len(slots)} values for {k} columns; none is placed"
        )
        out.finding("ragged_row", "warning", detail, item, **where)
    return out
