"""Reconcile a panel's axes with its data: the declared ticks are a hypothesis.

Row labels, table headers and coordinates in the data are evidence. When the declared reading
leaves rows ragged (every row one value short of the ticks, say) or places nothing although the
data part states values, the axis reading is the likelier culprit, not the data. Candidate
readings are scored by running the recognisers again, and the reading that places the most
values with the fewest conflicts is kept; the declared reading wins every tie.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from figdata.parse import gridfirst, keyed, sentences, series
from figdata.parse.accounting import numbers
from figdata.parse.model import Item
from figdata.parse.recognize import SUMMARY_LABEL, Context, labelled_slots, value_list
from figdata.parse.text import strip_markdown
from figdata.parse.ticks import AxisTicks, resolve
from figdata.parse.values import parse_value, split_values

#: finding kinds that count against a reading (a value it could not place as stated)
CONFLICTS = ("ragged_row",)


def score(ctx: Context) -> tuple[int, int]:
    """(values placed minus conflicts, minus the number of conflicts): higher is better.

    A cell placed twice with different values is a conflict of the reading, not two values.
    """
    missing = sum(1 for f in ctx.findings if f["kind"] == "missing_cell")
    conflicts = sum(1 for f in ctx.findings if f["kind"] in CONFLICTS) + clashes(ctx)
    return len(ctx.cells) + missing - 2 * conflicts, -conflicts


def clashes(ctx: Context) -> int:
    """Cells the reading places at a key that another cell holds with another value."""
    seen: dict[tuple[str, str], float] = {}
    out = 0
    for c in ctx.cells:
        key = (c["x"], c["y"])
        if key in seen and seen[key] != c["value"]:
            out += 1
        seen.setdefault(key, c["value"])
    return out


_RAGGED = re.compile(r"has (\d+) values for (\d+)")


def uniformly_ragged(ctx: Context) -> bool:
    """Two or more rows and nothing placed: every row off by the same number of values."""
    ragged = [f for f in ctx.findings if f["kind"] == "ragged_row"]
    gaps = set()
    for f in ragged:
        m = _RAGGED.search(f["detail"])
        gaps.add(int(m.group(2)) - int(m.group(1)) if m else None)
    return len(ragged) >= 2 and len(gaps) == 1 and None not in gaps and not ctx.cells


def ragged_gap(ctx: Context) -> int:
    """How many ticks more than values every ragged row has (0 when they differ or exceed)."""
    gaps = set()
    for f in ctx.findings:
        if f["kind"] == "ragged_row" and (m := _RAGGED.search(f["detail"])):
            gaps.add(int(m.group(2)) - int(m.group(1)))
    return gaps.pop() if len(gaps) == 1 and min(gaps) > 0 else 0


def doubtful(ctx: Context, items: list[Item]) -> bool:
    """Every row ragged by the same amount, or nothing placed of a data part with values, or
    a name of the data for a declared tick that differs from it."""
    if uniformly_ragged(ctx) or renamed_by_data(ctx, items):
        return True
    if bool(ctx.x.ticks) != bool(ctx.y.ticks):
        return True  # one axis read, the other not: its ticks are still to be found
    if ctx.cells:
        # "Threads | Batch | Throughput" read as a wide table puts each row's values twice
        return clashes(ctx) * 2 >= len(ctx.cells)
    single = 0  # "atropine: 8.9" under a group: one labelled value per line
    for it in items:
        body = it.body or ""
        if (
            it.kind == "table"
            or value_list(body) is not None
            or (it.label is not None and len(numbers(body)) >= 2)
        ):
            return True
        single += it.label is not None and len(numbers(body)) == 1
    return single >= 2


_JOINER = re.compile(r"\s*(?:&|\+|/|\band\b)\s*", re.I)


def _data_names(items: list[Item]) -> Iterator[str]:
    """The names the data part gives: a table's cells that hold no number, lines' labels and
    the names before the values of their bodies ("First half 0.71, Second half 0.88")."""
    for it in items:
        if it.zone in ("observations", "interpretation"):
            continue  # (the components too: the zones may take a data list for them)
        if it.kind == "table":
            yield from (strip_markdown(c).strip() for c in it.text.strip().strip("|").split("|"))
            continue
        if it.label:
            yield strip_markdown(it.label).strip()
        for part in re.split(r"[,;|]", strip_markdown(it.body or "")):
            if m := _NAME_BEFORE_VALUE.match(part):
                yield m.group(1).strip()


_NAME_BEFORE_VALUE = re.compile(r"\s*([^\W\d][^:=\d]*?)\s*[:=]?\s+[-−+~≈]?\d")
# a bracket after a name, unless it holds one size: "Small (74M)" names the variant, as
# "Ours (600M)" does; "First half (0–45')" says when
_REMARK = re.compile(r"\s*\((?!\s*[~≈]?\d[\d.,]*\s*[A-Za-zµ%]{0,3}\s*\))[^()]*\)\s*$")


def _keyed_names(items: list[Item]) -> Iterator[str]:
    """The names the data keys values by: a table's cells, a label before its colon ("Maritime
    Cont.: 0.36, ..."); not a bold head that ends its sentence ("**Cold.** This group ...")."""
    for it in items:
        if it.kind == "table":
            yield from (strip_markdown(c).strip() for c in it.text.strip().strip("|").split("|"))
        elif it.label and re.match(rf"\s*{re.escape(it.label.strip())}\s*:", it.text):
            yield strip_markdown(it.label).strip()


def renamed_by_data(ctx: Context, items: list[Item]) -> tuple[AxisTicks, AxisTicks] | None:
    """The axes with ticks named as the data names them.

    "Housing, Food, Travel & Leisure" read as four ticks, under a table whose header says
    "Travel & Leisure": the list's reading split a name at its "&"; "First half (0–45')" in a
    legend, where every line of the data says "First half 0.71": the bracket was a remark.
    The data's names are the evidence; a tick the data also names whole stays.
    """
    remarked = any(_REMARK.search(t) for t in ctx.x.ticks + ctx.y.ticks)
    if not remarked and not any(
        _JOINER.search(text := it.text if it.kind == "table" else it.label or "")
        or _ABBREVIATED.search(text)
        for it in items
    ):
        return None  # (nothing to rename: the common case, found without reading the names)
    given = list(_data_names(items))
    joined, known = {}, {n.casefold() for n in given}
    for name in given:
        parts = _JOINER.split(name.casefold())
        if len(parts) == 2 and all(parts):
            joined[tuple(parts)] = name
    bare = {n.casefold(): n for n in given}
    # ("Maritime Cont." in the data where the list's last item lost its point as a sentence's
    # end: the data's spelling, abbreviation and all)
    keyed = {n.casefold(): n for n in _keyed_names(items)}
    dotted = {
        t: keyed[f"{t}.".casefold()]
        for t in ctx.x.ticks + ctx.y.ticks
        if f"{t}.".casefold() in keyed and t.casefold() not in known
    }
    if not joined and not dotted and not any(_REMARK.search(t) for t in ctx.x.ticks + ctx.y.ticks):
        return None

    def renamed(ticks: list[str]) -> list[str]:
        out = list(ticks)
        for k in range(len(out) - 2, -1, -1):
            if name := joined.get((out[k].casefold(), out[k + 1].casefold())):
                out[k : k + 2] = [name]
        out = [dotted.get(t, t) for t in out]
        for k, tick in enumerate(out):
            plain = _REMARK.sub("", tick)
            if plain != tick and tick.casefold() not in known and plain.casefold() in bare:
                out[k] = bare[plain.casefold()]
        return out

    x, y = ctx.x, ctx.y
    if renamed(x.ticks) == x.ticks and renamed(y.ticks) == y.ticks:
        return None
    return (
        AxisTicks("x", x.label, renamed(x.ticks), renamed(x.top_down)),
        AxisTicks("y", y.label, renamed(y.ticks), renamed(y.top_down)),
    )


_ABBREVIATED = re.compile(r"\b[A-Za-z]{2,5}\.\s*(?:\||$)")
#: statements of the axes beyond the first that are tried (each costs a run of the recognisers)
_MOST_RESTATED = 4


def _without(axis: AxisTicks, drop: int) -> AxisTicks:
    ticks = [t for i, t in enumerate(axis.ticks) if i != drop % len(axis.ticks)]
    top_down = [t for t in axis.top_down if t in ticks]
    return AxisTicks(axis.name, axis.label, ticks, top_down)


def candidates(ctx: Context, items: list[Item]) -> Iterator[tuple[str, AxisTicks, AxisTicks]]:
    """Other readings of the same axes: swapped, or one list with a stray first or last item."""
    x, y = ctx.x, ctx.y
    known = x if x.ticks else y
    # a square matrix names its classes once ("the five species, in the same order"), unless
    # the text states another list of as many ticks: then the axes differ
    if bool(x.ticks) != bool(y.ticks) and not gridfirst.stated_list(items, known.ticks):
        yield (
            "mirrored",
            AxisTicks("x", x.label, list(known.ticks)),
            AxisTicks("y", y.label, list(known.ticks), list(known.top_down or known.ticks)),
        )
    if x.ticks and y.ticks and x.ticks != y.ticks:
        yield (
            "swapped",
            AxisTicks("x", y.label, y.top_down or y.ticks),
            AxisTicks("y", x.label, list(x.ticks), list(x.ticks)),
        )
    if renamed := renamed_by_data(ctx, items):
        yield ("named_by_data", *renamed)
    if not uniformly_ragged(ctx):
        return  # a stray tick shows as every row one value short, and nothing else
    gap = ragged_gap(ctx)
    for name, axis in (("x", x), ("y", y)):
        if len(axis.ticks) >= 3:
            for drop in (0, -1):
                fixed = _without(axis, drop)
                yield (
                    f"{name}_without_{'first' if drop == 0 else 'last'}",
                    *((fixed, y) if name == "x" else (x, fixed)),
                )
        if gap > 1 and len(axis.ticks) - gap >= 2:
            # "500, 1000, 2000, 4000 - and Drop ratio 0.1, 0.3, ...": one list ran into the
            # next; the rows say how many ticks the axis has, and they are its first ones
            for part, ticks in (("first", axis.ticks[:-gap]), ("last", axis.ticks[gap:])):
                fixed = AxisTicks(
                    axis.name, axis.label, ticks, [t for t in axis.top_down if t in ticks]
                )
                yield (f"{name}_{part}_{len(ticks)}", *((fixed, y) if name == "x" else (x, fixed)))


# a name holds a letter, unless "=" or ":" sets it apart from its value ("2019 = 30.0%")
_NAMED_VALUE = re.compile(
    r"^(?:(?P<name>.*?[^\d\s.,:=][^:=]*?)\s*(?:[:=]\s*|\s+)|(?P<number>[^:=\s][^:=]*?)\s*[:=]\s*)"
    r"(?P<value>\S+)$"
)


def from_data(items: list[Item], chart: str) -> tuple[AxisTicks, AxisTicks] | None:
    """Axes read off lines that name every value: "System A: BLEU 31.2, chrF 55.0".

    Taken only when every such line names the same ticks in the same order. The line's label
    is the category (x) of a bar or line chart and the row (y) of anything else.
    """
    labels, names = [], None
    for item in items:
        if item.label is None or item.kind not in ("list", "text", "code", "bold"):
            continue
        if not item.body or SUMMARY_LABEL.search(item.label):
            continue
        # ("**Algebra** — Cohort A 72.5%, Cohort B 80.1%": a bold head, a dash, then the values)
        body = re.sub(r"^\s*[—–-]\s+", "", strip_markdown(item.body))
        parts = [_NAMED_VALUE.match(t.strip()) for t in split_values(body)]
        if len(parts) < 2 or not all(p and parse_value(p.group("value")) for p in parts):
            continue
        # "vs Greedy 71": the opponent is the tick, "vs" only says it is one
        these = [
            re.sub(
                r"^(?:vs\.?|versus|against)\s+", "", (p.group("name") or p.group("number")).strip()
            )
            for p in parts
        ]
        if len(set(these)) != len(these) or gridfirst.declares(strip_markdown(item.label)):
            continue  # "Labels: h=1, h=2, h=3": one name over values is a tick list
        if names not in (None, these):
            return None
        names = these
        labels.append(strip_markdown(item.label).strip())
    # one line is a panel of one row ("SST: SLP 3.4E-4 | Precip 8e-3 | NDVI 0.12") when it
    # names three or more values
    if names is None or len(labels) < (1 if len(names) >= 3 else 2):
        return None
    if len(set(labels)) != len(labels):
        return None
    if chart in series.LEGEND_CHARTS:
        return AxisTicks("x", None, labels), AxisTicks("y", None, names, list(names))
    return AxisTicks("x", None, names), AxisTicks("y", None, labels, list(labels))


def _declared_labels(found: tuple[AxisTicks, AxisTicks], ctx: Context):
    """A reading off the data keeps the ticks the text declared: the lines' labels and names
    must each be the declared ticks of their axis ("**Urban ->:** ..." under rows Urban,
    Forest, ...), or the reading is not this document's."""
    out = list(found)
    for i, name in enumerate("xy"):
        declared = getattr(ctx, name)
        if not declared.ticks:
            continue
        hits = [resolve(tick, declared) for tick in found[i].ticks]
        if any(h is None for h in hits) or len({h.tick for h in hits}) != len(hits):
            return None
        out[i] = declared
    return out[0], out[1]


def from_labels(items: list[Item], ctx: Context) -> tuple[AxisTicks, AxisTicks] | None:
    """The axis no text declared, read off the labels of the lines that list values.

    "seed 0: 92.3, 88.0, ..." under five task columns: the labels are the rows. Taken only when
    two or more such lines carry distinct labels.
    """
    labels = []
    known = ctx.x if ctx.x.ticks else ctx.y
    for item in items:
        if item.label is None or item.kind not in ("list", "text", "code"):
            continue
        if SUMMARY_LABEL.search(item.label):
            continue
        # "**Latitude 58°N**: shift −2 → −0.7; shift −1 → +2.0": values keyed by the known axis
        # ("**Urban ->:** Urban: 0.17, ...": a label with an arrow after it is a label still;
        # a worded remark in brackets is no part of it, "Rotor A (90 m)" keeps its size)
        label = re.sub(r"\s*(?:\([^()\d]*\)|->|→)\s*$", "", strip_markdown(item.label)).strip()
        keyed = resolve(label, known) is None and labelled_slots(item.body or "", known)
        if value_list(item.body or "") is not None or keyed:
            labels.append(label)
    if len(labels) < 2 or len(set(labels)) != len(labels) or not all(labels):
        return None
    known = {t.casefold() for t in (ctx.x.ticks or ctx.y.ticks)}
    if sum(gridfirst.bare(label).casefold() in known for label in labels) * 2 >= len(labels):
        return None  # "Column w=1" under columns w=1, w=2: the labels are the declared axis
    # "seed 0", "seed 1": the word every label begins with names the axis, the rest is the tick
    name = None
    firsts = {label.split()[0] for label in labels}
    # ("Rotor A (90 m)": a name with a qualifier in brackets is one name, its word and all)
    if len(firsts) == 1 and all(len(label.split()) > 1 and "(" not in label for label in labels):
        name = firsts.pop()
        labels = [label.split(None, 1)[1] for label in labels]
    if ctx.x.ticks:
        return ctx.x, AxisTicks("y", ctx.y.label or name, labels, list(labels))
    return AxisTicks("x", ctx.x.label or name, labels), ctx.y


def from_table(items: list[Item], ctx: Context | None = None) -> tuple[AxisTicks, AxisTicks] | None:
    """Axes read off a panel's table: its header (less the corner) and its first column.

    The header holds the columns unless its first column lists the declared x ticks: a table
    printed transposed ("each table row is one column of the heatmap").
    """
    rows = [it for it in items if it.kind == "table" and not re.fullmatch(r"[\s|:\-]+", it.text)]
    if len(rows) < 3:
        return None
    cells = [[c.strip() for c in r.text.strip().strip("|").split("|")] for r in rows]
    header = _without_shared_unit([strip_markdown(c) for c in cells[0][1:]])
    first = [strip_markdown(c[0]) for c in cells[1:]]
    if len(header) < 2 or not all(header) or not all(first):
        return None
    if len(set(first)) < max(2, len(first) - 1):
        return None  # one row printed twice is one tick (its copies are reported); not more
    first = list(dict.fromkeys(first))
    if ctx is not None and ctx.x.ticks and not ctx.y.ticks and _same(first, ctx.x.ticks):
        return AxisTicks("x", ctx.x.label, list(ctx.x.ticks)), AxisTicks("y", None, header, header)
    if ctx is not None and ctx.y.ticks and not ctx.x.ticks and _same(header, ctx.y.ticks):
        # "| Chemistry | 10 °C | 25 °C |" under a legend of the temperatures: the columns are
        # the series, the rows the categories
        y = AxisTicks("y", ctx.y.label, list(ctx.y.ticks), list(ctx.y.top_down or ctx.y.ticks))
        return AxisTicks("x", None, first), y
    return AxisTicks("x", None, header), AxisTicks("y", None, first, list(first))


_UNIT_AFTER = re.compile(r"\s*\(([^()]{1,12})\)$")


def _without_shared_unit(header: list[str]) -> list[str]:
    """'Planner-7B (%) | Planner-13B (%)': a unit every column repeats belongs to the values."""
    units = {m.group(1) if (m := _UNIT_AFTER.search(h)) else None for h in header}
    if len(header) < 2 or len(units) != 1 or None in units:
        return header
    bare = [_UNIT_AFTER.sub("", h) for h in header]
    return bare if all(bare) and len(set(bare)) == len(bare) else header


def _same(labels: list[str], ticks: list[str]) -> bool:
    wanted = {t.casefold() for t in ticks}
    return len(labels) == len(ticks) and all(label.casefold() in wanted for label in labels)


def reconcile(
    ctx: Context,
    items: list[Item],
    run: Callable[[Context], None],
    chart: str = "unknown",
    guess: bool = True,
) -> Context:
    """The best of the declared reading (``ctx``, already run) and its candidates.

    ``guess``: also try the readings the text does not state (swapped, mirrored, a tick
    left out); not for a reading that is itself another statement of the axes.
    """
    best = _candidates(ctx, items, run, chart) if guess and doubtful(ctx, items) else ctx
    if renamed := renamed_by_data(best, items):
        # the axes a candidate found (a bar chart's categories off its data lines), with the
        # ticks the data names
        trial = best.trial(*renamed)
        run(trial)
        best = trial if trial.cells and score(trial) >= score(best) else best
    if best is ctx and ctx.cells and chart not in series.LEGEND_CHARTS:
        # a series chart's points are read series by series (_series_first), not as keys
        best = _more_from_keys(ctx, items, run)
    if not best.cells and (why := keyed.undecided_long_table(items, best)):
        return _undecided(best, why)
    best = _grid_first(best, items, run, guessed=best is not ctx)
    if (
        best.x.ticks
        and best.y.ticks
        and len(best.addressed) >= len(best.x.ticks) * len(best.y.ticks)
    ):
        return best  # every cell of the grid is stated: nothing is left to read
    if not _unread(best, items):
        return best  # every number of the data lines is a cell already
    best = _series_first(best, items, chart)
    told = sentences.find(items, best, no_values=not (best.prose_values and best.loose_sentences))
    if (
        told is None
        and not best.cells
        and bool(best.x.ticks) != bool(best.y.ticks)
        and chart not in series.LEGEND_CHARTS  # a bar chart's series are never its categories
    ):
        # a matrix whose other axis is "the same classes": its sentences name their rows by the
        # classes of the axis that was read, which is the evidence the mirrored reading needs
        known = best.x if best.x.ticks else best.y
        x = AxisTicks("x", best.x.label, list(known.ticks))
        y = AxisTicks("y", best.y.label, list(known.ticks), list(known.top_down or known.ticks))
        trial = best.trial(x, y, rows_axis="y")
        told = sentences.find(
            items, trial, no_values=not (best.prose_values and best.loose_sentences)
        )
    if told is None and chart in series.LEGEND_CHARTS and best.x.ticks and best.y.ticks:
        told = _category_sentences(best, items)
    best = told or best
    if (
        chart not in series.LEGEND_CHARTS
        and ctx.prose_values
        and ctx.loose_sentences
        and _unread(best, items)
        and ctx.other_tick_lists()
    ):
        best = _stated_elsewhere(ctx, best, items, run, chart)
    return best


def _stated_elsewhere(
    ctx: Context, best: Context, items: list[Item], run: Callable[[Context], None], chart: str
) -> Context:
    """The axes as another statement of the text lists them ("Axis ticks: ... Jan, Mar,
    May"), each with each statement of the other axis, when that places more than every other
    reading did. (A bar chart's series are read series by series, not so; a text that says
    no number is printed has no cell to gain.)"""
    said: dict[str, list[AxisTicks]] = {"x": [ctx.x], "y": [ctx.y]}
    rows = [[m.group(0) for m in numbers(it.text)] for it in items]
    for other in ctx.other_tick_lists()[:_MOST_RESTATED]:
        if any(set(other.ticks) <= set(row) and len(row) <= len(other.ticks) + 1 for row in rows):
            continue  # "Column T = 300 K: 1.42, 1.65, 1.98": a row of the data, not ticks
        label = said[other.name][0].label or other.label
        said[other.name].append(AxisTicks(other.name, label, other.ticks, other.top_down))
    for x in said["x"]:
        for y in said["y"]:
            if x is ctx.x and y is ctx.y:
                continue
            trial = ctx.trial(x, y)  # (with no other statements: read as declared)
            run(trial)
            trial = reconcile(trial, items, run, chart, guess=False)
            if trial.cells and not trial.overrun and score(trial) > score(best):
                best = trial
    return best


def _category_sentences(best: Context, items: list[Item]) -> Context | None:
    """A bar chart's sentences that each name a category and walk its series ("In the North,
    turnout climbs: 48.2% among 18–29 year olds, 61.5% for 30–49, ..."): the sentence reading
    with the categories as its rows, its cells turned back to (category, series)."""
    x = AxisTicks("x", best.y.label, list(best.y.ticks))
    y = AxisTicks("y", best.x.label, list(best.x.ticks), list(best.x.ticks))
    trial = best.trial(x, y, rows_axis="y")
    trial.cells = [{**c, "x": c["y"], "y": c["x"]} for c in best.cells]
    trial.addressed = {(b, a) for a, b in best.addressed}
    trial.findings = list(best.findings)
    told = sentences.find(items, trial, no_values=not (best.prose_values and best.loose_sentences))
    if told is None:
        return None
    out = Context(best.panel, best.x, best.y, best.pair_order, best.last_line)
    out.prose_values = best.prose_values
    out.cells = [{**c, "x": c["y"], "y": c["x"]} for c in told.cells]
    out.addressed = {(b, a) for a, b in told.addressed}
    out.findings = list(told.findings)
    return out


def _unread(best: Context, items: list[Item]) -> bool:
    """Whether some line of the panel holds more numbers than cells were placed from it."""
    placed: dict[int, int] = {}
    for cell in best.cells:
        placed[cell["line"]] = placed.get(cell["line"], 0) + 1
    return any(
        item.zone not in ("components", "observations", "interpretation")
        and _DIGIT.search(item.text)
        and len(numbers(item.text)) > placed.get(item.line, 0)
        for item in items
    )


_DIGIT = re.compile(r"\d")


def _series_first(best: Context, items: list[Item], chart: str) -> Context:
    """The data told series by series, when that places more of the panel's numbers.

    As for the grid, the reading replaces ``best`` only when each cell ``best`` placed stays
    where it was: the two readings must agree on everything ``best`` could read; cells of
    ``best`` on lines the series reading did not read, at places it left empty, are kept.
    """
    for reading in (series.find, series.transposed):
        trial = reading(items, best, chart)
        if trial is None:
            continue
        kept = {(c["line"], c["x"], c["y"], c["value"]) for c in trial.cells}
        # a series told in sentences that the series reading leaves alone joins it: the two
        # readings placed cells on other lines, at other places
        lines = {c["line"] for c in trial.cells}
        extra = [c for c in best.cells if (c["line"], c["x"], c["y"], c["value"]) not in kept]
        if len(trial.cells) + len(extra) <= len(best.cells):
            continue
        if all(c["line"] not in lines and (c["x"], c["y"]) not in trial.addressed for c in extra):
            for cell in extra:
                trial.cells.append(cell)
                trial.addressed.add((cell["x"], cell["y"]))
            best = trial
    return best


def _more_from_keys(ctx: Context, items: list[Item], run: Callable[[Context], None]) -> Context:
    """The data's keys, when they place more values than the declared reading and move none.

    "(SGD, constant) → 71.3" under an axis list misread as "Adam, constant": the declared
    reading places the two cells whose keys it happens to name; the tuples' own keys place all
    six, those two where they were.
    """
    best = ctx
    for propose in (keyed.long_table, keyed.tuples, keyed.nested, keyed.named_points):
        found = propose(items, ctx)
        if found is None or (set(found[0].ticks), set(found[1].ticks)) == (
            set(ctx.x.ticks),
            set(ctx.y.ticks),
        ):
            continue
        trial = ctx.trial(*found)
        run(trial)
        kept = {(c["line"], c["x"], c["y"], c["value"]) for c in trial.cells}
        if score(trial) > score(best) and all(
            (c["line"], c["x"], c["y"], c["value"]) in kept for c in ctx.cells
        ):
            best = trial
    return best


def _grid_first(
    best: Context, items: list[Item], run: Callable[[Context], None], guessed: bool
) -> Context:
    """The data's own grid, when it places more of the panel's numbers than ``best`` does.

    ``guessed``: ``best`` is a reconcile candidate, not what the text declared. When the grid
    places the same numbers elsewhere, nothing in the text decides between the two readings:
    none is placed, and a finding says why.
    """
    grid = gridfirst.find(items, best)
    if grid is None or grid.values < len(best.cells):
        return best
    if grid.values == len(best.cells):
        if not guessed:
            return best
        filled = gridfirst.fill(grid, best)
        other = {(c["line"], c["x"], c["y"], c["value"]) for c in filled.cells}
        xs, ys = {c["x"] for c in filled.cells}, {c["y"] for c in filled.cells}
        # the same ticks in other places (swapped, reversed); a tick spelt otherwise is no conflict
        moved = [
            c
            for c in best.cells
            if c["x"] in xs
            and c["y"] in ys
            and (c["line"], c["x"], c["y"], c["value"]) not in other
        ]
        return _undecided(best) if moved else best
    x, y = gridfirst.axes(grid, best)
    trial = best.trial(x, y, rows_axis=grid.rows_axis)
    run(trial)
    if len(trial.cells) < grid.values:
        trial = gridfirst.fill(grid, best)
    # no conflict: each cell the metadata reading placed stays where it was (a cell a line
    # outside the grid restates with the grid's value, "the caption restates 200 mg at 3 h
    # as 84.2%", agrees with it)
    kept = {(c["line"], c["x"], c["y"], c["value"]) for c in trial.cells}
    grid_lines = {c["line"] for c in trial.cells}
    same = {(c["x"], c["y"], c["value"]) for c in trial.cells}
    if any(
        (c["line"], c["x"], c["y"], c["value"]) not in kept
        and (c["line"] in grid_lines or (c["x"], c["y"], c["value"]) not in same)
        for c in best.cells
    ):
        return best
    return trial if score(trial) > score(best) else best


def _undecided(best: Context, why: str | None = None) -> Context:
    out = Context(best.panel, best.x, best.y, best.pair_order, best.last_line)
    out.rows_axis = best.rows_axis
    if why is None:
        lines = sorted({c["line"] for c in best.cells})
        why = (
            f"{len(best.cells)} values on lines {lines[0]}-{lines[-1]} fit two readings of the "
            "axes that place them differently, and the text does not say which holds; none is "
            "placed"
        )
    out.finding("ambiguous_axes", "warning", why, None)
    return out


def _candidates(
    ctx: Context, items: list[Item], run: Callable[[Context], None], chart: str
) -> Context:
    best, best_score = ctx, score(ctx)
    legend = chart in series.LEGEND_CHARTS
    # a legend never names the categories too: no mirrored reading for a chart with one
    readings = [r for r in candidates(ctx, items) if not (legend and r[0] == "mirrored")]
    # lines that name every value give the axis nothing else declared
    if not (ctx.x.ticks and ctx.y.ticks) and (found := from_data(items, chart)):
        if found := _declared_labels(found, ctx):
            readings.append(("from_data", *found))
    if not ctx.cells and (found := from_table(items, ctx)):
        readings.append(("from_table", *found))
    if bool(ctx.x.ticks) != bool(ctx.y.ticks) and (found := from_labels(items, ctx)):
        readings.append(("from_labels", *found))
    if found := keyed.long_table(items, ctx):
        readings.append(("long_table", *found))
    if found := keyed.triangle(items, ctx):
        readings.append(("triangle", *found))
    if found := keyed.tuples(items, ctx):
        readings.append(("tuples", *found))
    if found := keyed.nested(items, ctx):
        readings.append(("nested", *found))
    elif not (ctx.x.ticks or ctx.y.ticks) and (found := keyed.nested_undeclared(items, chart)):
        readings.append(("nested_undeclared", *found))
    if ctx.x.ticks and ctx.y.ticks and (found := keyed.relabelled(items, ctx)):
        readings.append(("relabelled", *found))
    won = None
    for name, x, y in readings:
        trial = ctx.trial(x, y)
        run(trial)
        # a reading that places nothing only trades one kind of loss for another; the data's
        # own name for two ticks wins a tie (the declared reading took "Travel & Leisure"
        # for "Leisure", its "Travel" left empty)
        # (a reading that counts positions past its axes' ends, "(1,5)" over four columns
        # guessed, is not the document's)
        if (
            trial.cells
            and not trial.overrun
            and (
                score(trial) > best_score
                or (name == "named_by_data" and score(trial) == best_score)
            )
        ):
            best, best_score, won = trial, score(trial), name
    if won == "mirrored":
        # ('The y-axis is labelled "Band"; the bands are drawn ...: 3400, 3000': a list a
        # sentence states for the undeclared axis outweighs the guess that it mirrors the other)
        missing = "y" if ctx.x.ticks else "x"
        for other in ctx.other_tick_lists():
            if other.name != missing:
                continue
            trial = ctx.trial(ctx.x, other) if missing == "y" else ctx.trial(other, ctx.y)
            run(trial)
            # (on a tie only: a reading that places more is for _stated_elsewhere, which tries
            # each statement of the two axes together)
            if trial.cells and not trial.overrun and score(trial) == best_score:
                return trial
    if legend and won == "swapped":
        # ("In the Cell & pack group, the NMC bar ends at 74.6": lines named by a category,
        # read as rows; the legend's series stay the chart's y, as the gold has them)
        return best.transposed(ctx.x, ctx.y)
    return best
