"""Parse one figure description into panels, cells, claims and findings.

Pure functions: bytes in, plain records out. No Snakemake, no file system.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial

import pandas as pd

from figdata import tables
from figdata.parse import accounting, claims
from figdata.parse.axes import colour_ranges, is_colourbar_label, parse_axis
from figdata.parse.claims import claim_kind
from figdata.parse.decode import decode
from figdata.parse.findings import finding
from figdata.parse.gridfirst import declares
from figdata.parse.markup import markup_findings, pair_orders
from figdata.parse.meta import Meta, read_meta
from figdata.parse.model import Item, assign_zones, classify, split_label
from figdata.parse.recognize import SUMMARY_LABEL, TUPLE_VALUE, Context, _slot, recognize
from figdata.parse.reconcile import reconcile
from figdata.parse.series import LEGEND_CHARTS
from figdata.parse.structure import Panel, split_panels, widens
from figdata.parse.text import norm, strip_markdown
from figdata.parse.tick_names import strip_axis_words
from figdata.parse.ticks import AxisTicks, name_score
from figdata.parse.values import Value, decimals


@dataclass
class ParsedDocument:
    doc: str
    cells: list[dict] = field(default_factory=list)
    panels: list[dict] = field(default_factory=list)
    findings: list[dict] = field(default_factory=list)
    claims: list[dict] = field(default_factory=list)

    def frames(self) -> dict[str, pd.DataFrame]:
        """The four tables of this document, typed as in :mod:`figdata.tables`."""
        return {
            name: tables.frame([{**row, "doc": self.doc} for row in getattr(self, name)], columns)
            for name, columns in tables.TABLES.items()
        }


def parse_document(doc: str, raw: bytes) -> ParsedDocument:
    """Parse the bytes of one document (``doc`` is its file stem)."""
    decoded = decode(raw)
    result = ParsedDocument(doc=doc, findings=list(decoded.findings))
    if not "".join(decoded.lines).strip():
        # line-end details of a blank file are noise; undecodable bytes are not
        result.findings = [f for f in result.findings if f["severity"] != "info"]
        result.findings.append(
            _doc_finding("empty", "error", "the file is empty or holds only whitespace")
        )
        return result
    lines = list(decoded.lines)
    result.findings.extend(markup_findings(lines))
    if lines and lines[0].strip() == "\\n":
        lines[0] = ""
    items = classify(lines)
    assign_zones(items)
    meta = read_meta(items)
    last_line = None
    if not decoded.ends_with_newline:
        last_line = max((i for i, text in enumerate(lines, 1) if text.strip()), default=None)
    orders = pair_orders(" ".join(it.text for it in items), meta)
    panels, contexts = _read_panels(items, meta, orders, last_line, lines)
    series = meta.y.ticks or (meta.legend.ticks if meta.legend else [])
    if not any(ctx.cells for ctx in contexts) and widens(items, meta.x.ticks, series):
        # the part named like data ("Analysis") placed nothing; the values stand among the
        # figure's components ("3. **Readable annotations**" and its sentences)
        wide = _read_panels(items, meta, orders, last_line, lines, widen=True)
        if any(ctx.cells for ctx in wide[1]):
            panels, contexts = wide
    truncated_at = None
    panels, contexts = _fold_empty_sections(panels, contexts, meta)
    panels, contexts = _join_complements(panels, contexts, meta)
    panels, contexts = _join_series(panels, contexts, meta)
    panels, contexts, restated = _fold_restated(panels, contexts, meta)
    for panel, ctx in zip(panels, contexts, strict=True):
        if ctx.truncated and truncated_at is None:
            truncated_at = panel.index
    titles = [p.title for p in panels]
    for panel, ctx in zip(panels, contexts, strict=True):
        result.cells.extend({**c, "panel_title": panel.title} for c in ctx.cells)
        result.findings.extend(ctx.findings)
        result.claims.extend(_claims(panel.items, ctx))
    result.claims.extend(_observation_claims(items, contexts, titles))
    result.findings.extend(duplicate_findings(result.cells))
    # a row printed twice with other values goes whole, its agreeing cells too; what is left
    # restated with the same value is one cell
    result.cells = _once(without_conflicting_copies(result.cells))
    result.findings.extend(claim_conflicts(result.claims, result.cells))
    claim_lines = {c["line"] for c in result.claims}
    for panel, ctx in zip(panels, contexts, strict=True):
        bounds = [*panel.colour] if panel.colour else []
        bounds += [v for pair in meta.colours for v in pair]
        accounted = claim_lines | restated.get(panel.index, set())
        result.findings.extend(accounting.unplaced(panel, ctx, accounted, bounds))
    result.findings.extend(
        completeness(
            panels,
            contexts,
            truncated_at,
            has_cells=bool(result.cells),
            diagonal_blank=meta.diagonal_blank,
        )
    )
    result.panels = [_panel_row(p, c, meta) for p, c in zip(panels, contexts, strict=True)]
    given = Counter(c["panel"] for c in result.cells)
    for row in result.panels:  # the cells given out, after conflicting copies left
        row["n_cells"] = given[row["panel"]]
    if not panels:
        result.findings.append(_doc_finding("no_data", "warning", "no panel could be found"))
    return result


def _fold_empty_sections(panels: list[Panel], contexts: list[Context], meta: Meta):
    """A section of the data part that states no cell is a remark on the panel before it.

    Headings such as "Extremes" or "Notes" after a panel's data start no panel of their own
    unless the overview announced that many panels or named the section as a panel title.
    """
    announced = max(meta.announced or 1, len(meta.titles))
    kept_p: list[Panel] = []
    kept_c: list[Context] = []
    leading: list[Panel] = []  # sections before the first panel with data ("**Axes**")
    for panel, ctx in zip(panels, contexts, strict=True):
        empty = not ctx.cells and not ctx.addressed and not ctx.findings
        named = panel.title is not None and norm(panel.title) in {norm(t) for t in meta.titles}
        if empty and not named and len(panels) > announced:
            if kept_p:
                kept_p[-1].items.extend(panel.items)
            else:
                leading.append(panel)
            continue
        kept_p.append(panel)
        kept_c.append(ctx)
    if (
        (meta.announced or 1) <= 1  # (a title the text quotes may be an axis' name)
        and len(kept_p) == 2
        and not (kept_c[0].cells or kept_c[0].addressed or kept_c[0].findings)
        and not (kept_p[1].title and norm(kept_p[1].title) in {norm(t) for t in meta.titles})
    ):
        # the figure's one titled panel says what is drawn, and a section after it ("Values
        # read from the bars") gives its data: one panel, under the figure's title
        kept_p[1].items[:0] = kept_p[0].items
        kept_p[1].title = kept_p[0].title
        kept_p, kept_c = kept_p[1:], kept_c[1:]
    if leading and kept_p:
        kept_p[0].items[:0] = [it for p in leading for it in p.items]
        if announced <= 1 and len(kept_p) == 1:
            kept_p[0].title = meta.single_title or leading[0].title
    elif leading:
        return panels, contexts
    elif announced <= 1 and len(kept_p) == 1 < len(panels):
        # "**Values printed on the bars**" and "**What the chart shows**" were sections of one
        # panel: it takes the figure's title
        kept_p[0].title = meta.single_title or kept_p[0].title
    for index, (panel, ctx) in enumerate(zip(kept_p, kept_c, strict=True)):
        if panel.index != index:
            panel.index = ctx.panel = index
            for record in ctx.cells + ctx.findings:
                record["panel"] = index
    return kept_p, kept_c


def _merged(panels: list[Panel], contexts: list[Context]) -> Panel:
    """The first panel, given every panel's lines, and its context every cell and finding."""
    panel, first = panels[0], contexts[0]
    for other, ctx in zip(panels[1:], contexts[1:], strict=True):
        panel.items.extend(other.items)
        for record in ctx.cells + ctx.findings:
            record["panel"] = panel.index
        first.cells.extend(ctx.cells)
        first.findings.extend(ctx.findings)
        first.addressed |= ctx.addressed
    return panel


def _join_complements(panels: list[Panel], contexts: list[Context], meta: Meta):
    """Sections that complete one grid are one panel: "Main Diagonal", "Off-Diagonal Entries".

    Taken only when the text announces one figure, every section reads the same axes and no
    cell is stated by two of them; sections of a multi-panel figure restate the same keys.
    """
    if len(panels) < 2 or (meta.announced or 1) > 1 or len({norm(t) for t in meta.titles}) > 1:
        return panels, contexts
    first = contexts[0]
    axes = (tuple(first.x.ticks), tuple(first.y.ticks))
    if not all(axes) or any((tuple(c.x.ticks), tuple(c.y.ticks)) != axes for c in contexts):
        return panels, contexts
    keys = [{(c["x"], c["y"]) for c in ctx.cells} for ctx in contexts]
    if not all(keys) or sum(map(len, keys)) != len(set().union(*keys)):
        return panels, contexts
    whole = len(axes[0]) * len(axes[1])
    if any(len(k) >= whole for k in keys):
        return panels, contexts  # a complete grid in one section: the others are more panels
    panel = _merged(panels, contexts)
    panel.title = meta.single_title or panel.title
    return [panel], [first]


def _join_series(panels: list[Panel], contexts: list[Context], meta: Meta):
    """Sections that each hold one series of a line or bar chart are one panel.

    "**Aletsch**", then its points, "**Rhône**", then its points: every section reads the
    same categories and one series of its own. Taken only when the text announces one
    figure; the panels of a figure of several each hold a grid or several series.
    """
    if len(panels) < 2 or meta.chart_type not in LEGEND_CHARTS or (meta.announced or 1) > 1:
        return panels, contexts
    first = contexts[0]
    names = [{c["y"] for c in ctx.cells} for ctx in contexts]
    if any(len(n) != 1 for n in names) or len(set().union(*names)) != len(panels):
        return panels, contexts
    if any(set(ctx.x.ticks) != set(first.x.ticks) or not ctx.x.ticks for ctx in contexts):
        return panels, contexts
    series = [n.pop() for n in names]
    panel = _merged(panels, contexts)
    first.y = AxisTicks("y", first.y.label, series, list(series))
    panel.y = first.y
    panel.title = meta.single_title or panel.title
    return [panel], [first]


def _once(cells: list[dict]) -> list[dict]:
    """A cell restated with the same value (a list, then a table of the same numbers) is one cell;
    restated with another value it stays twice, for the duplicate check to report."""
    seen: set[tuple] = set()
    out = []
    for cell in cells:
        key = (cell["panel"], cell["x"], cell["y"], cell["value"])
        if key not in seen:
            seen.add(key)
            out.append(cell)
    return out


def _fold_restated(panels: list[Panel], contexts: list[Context], meta: Meta):
    """A section that restates an earlier panel's cells ("Data Table Reconstruction") is no panel.

    Taken only when the section names no announced panel, uses the same ticks, every cell it
    states is a cell of the earlier panel with the same value (rows and columns may be swapped),
    and the panels left are as many as the text announced.
    Its lines join the earlier panel, their numbers accounted for by the cells they repeat.
    """
    announced = max(meta.announced or 1, len(meta.titles))
    if len(panels) <= announced:
        return panels, contexts, {}
    titles = {norm(t) for t in meta.titles}
    kept_p: list[Panel] = []
    kept_c: list[Context] = []
    restated: dict[int, set[int]] = {}
    folds: list[tuple[int, Panel]] = []
    for panel, ctx in zip(panels, contexts, strict=True):
        named = panel.title is not None and norm(panel.title) in titles
        target = None if named or not ctx.cells else _restates(ctx, kept_c)
        if target is None:
            kept_p.append(panel)
            kept_c.append(ctx)
            continue
        folds.append((target, panel))
        restated.setdefault(target, set()).update(c["line"] for c in ctx.cells)
    if not folds or len(kept_p) > announced:
        # folding explains the extra panels only when it leaves as many as the text announced;
        # distinct panels may well hold the same numbers
        return panels, contexts, {}
    for target, panel in folds:
        kept_p[target].items.extend(panel.items)
    for index, (panel, ctx) in enumerate(zip(kept_p, kept_c, strict=True)):
        if panel.index != index:
            panel.index = ctx.panel = index
            for record in ctx.cells + ctx.findings:
                record["panel"] = index
    return kept_p, kept_c, restated


def _restates(ctx: Context, earlier: list[Context]) -> int | None:
    """The index of the earlier panel whose cells ``ctx`` repeats, or None."""
    ticks = set(ctx.x.ticks) | set(ctx.y.ticks)
    mine = {(frozenset((c["x"], c["y"])), c["value"]) for c in ctx.cells}
    for i, other in enumerate(earlier):
        if set(other.x.ticks) | set(other.y.ticks) != ticks or not other.cells:
            continue
        theirs = {(frozenset((c["x"], c["y"])), c["value"]) for c in other.cells}
        if mine <= theirs:
            return i
    return None


_AXIS_ENTRY = re.compile(r"^\s*([xy])[- ]?axis\b", re.I)


def _declared_in_panels(panels: list[Panel], meta: Meta) -> None:
    """``### Panel (a)`` over ``* Y-axis: KV bits, rows from top: 2, 3, 4, 8``: axes a panel's
    own section declares are that panel's, before the document's."""
    for panel in panels:
        scoped = meta.scoped_axes.setdefault(panel.index, {})
        for item in panel.items:
            if item.kind != "list" or not item.label or not item.body:
                continue
            m = _AXIS_ENTRY.match(strip_markdown(item.label))
            role = m.group(1).lower() if m else None
            if role is None or role in scoped:
                continue
            axis = parse_axis(strip_markdown(item.body))
            if len(axis.ticks) >= 2:
                scoped[role] = axis


_CUT_TAIL = re.compile(r"(?<=\d)(?:\.|[eE][-+−]?)$")


def _cut_last_cell(ctx: Context, lines: list[str]) -> None:
    """A file that ends inside a row ("West: Q1 −2.8%, Q2 −1.9%, Q3 +5" and no line end) may
    have lost digits of its last value: whatever reader placed the row, that value is left
    out and the cut is reported. A row whose every cell is there is complete, unless it is a
    table's row without its closing bar."""
    if ctx.last_line is None or ctx.truncated:
        return
    on_last = [c for c in ctx.cells if c["line"] == ctx.last_line]
    text = lines[ctx.last_line - 1].rstrip()
    # ("- 65-79: 14.": one value alone, cut after its decimal point)
    if not on_last or (len(on_last) < 2 and not _CUT_TAIL.search(text)):
        return
    last = on_last[-1]
    # ("| S2 | 0.2 | 0.6 | 1.": the cut may leave a decimal point or an exponent's sign behind)
    if not (
        text.endswith(last["value_text"]) or _CUT_TAIL.sub("", text).endswith(last["value_text"])
    ):
        return
    if len({c["y"] for c in on_last}) == 1:
        size, where = len(ctx.x.ticks), {"y": last["y"]}
    elif len({c["x"] for c in on_last}) == 1:
        size, where = len(ctx.y.ticks), {"x": last["x"]}
    else:
        return
    # a table's row that lost its closing bar was cut, even with every cell there ("| 64 |
    # 53.1 | 57.0 | 58.0 | 6")
    unclosed = text.lstrip().startswith("|") and not text.endswith("|")
    if len(on_last) >= size and not unclosed and not _fewer_decimals(on_last):
        return
    ctx.cells.remove(last)
    ctx.addressed.discard((last["x"], last["y"]))
    ctx.truncated = True
    item = Item(ctx.last_line, "text", 0, text, "data")
    detail = "file ends inside a row; the unterminated value is left out"
    ctx.finding("truncated", "warning", detail, item, **where)


def _ticks_from_cells(ctx: Context) -> None:
    """An axis the text gave no ticks, whose cells the data named ("| α = 0.0 | 0.99 |"): its
    ticks are those names, in the order the data gives them."""
    for name in ("x", "y"):
        axis = getattr(ctx, name)
        if axis.ticks or not ctx.cells:
            continue
        named = list(dict.fromkeys(c[name] for c in sorted(ctx.cells, key=lambda c: c["line"])))
        setattr(ctx, name, AxisTicks(name, axis.label, named, list(named) if name == "y" else []))


def _stepped_rows(ctx: Context) -> None:
    """An axis walked from its ends one by one ("Layer 0 at the top down to Layer 24") whose
    data names every k-th tick from end to end (0, 4, ..., 24) has those ticks: the walk was
    a guess at the steps, the rows say them."""
    for name in ("x", "y"):
        axis = getattr(ctx, name)
        if len(axis.ticks) < 5 or not all(t.isdigit() for t in axis.ticks):
            continue
        numbers = [int(t) for t in axis.ticks]
        if numbers != list(range(numbers[0], numbers[0] + len(numbers))):
            continue
        used = sorted({int(c[name]) for c in ctx.cells if str(c[name]).isdigit()})
        if len(used) < 3 or used[0] != numbers[0] or used[-1] != numbers[-1]:
            continue
        steps = {b - a for a, b in zip(used, used[1:], strict=False)}
        if len(steps) != 1 or steps.pop() < 2:
            continue
        other = ctx.y if name == "x" else ctx.x
        if len(ctx.addressed) < len(used) * max(1, len(other.ticks)):
            continue  # a few cells named by chance on every k-th tick are no grid
        kept = [t for t in axis.ticks if int(t) in set(used)]
        top = [t for t in axis.top_down if t in kept]
        setattr(ctx, name, AxisTicks(name, axis.label, kept, top))


def _fewer_decimals(row: list[dict]) -> bool:
    """The row's last value is printed with fewer decimals than every other ("3.88, 4.1" at
    the end of the file): its last digits were cut."""
    before = {decimals(c["value_text"]) for c in row[:-1]}
    return len(before) == 1 and decimals(row[-1]["value_text"]) < before.pop()


def _context(panel: Panel, meta: Meta, orders: dict, last_line: int | None) -> Context:
    scoped = meta.scoped_axes.get(panel.index, {})
    xa, ya = scoped.get("x", meta.x), scoped.get("y", meta.y)
    if (
        meta.legend is not None
        and meta.legend.ticks
        and (meta.chart_type in LEGEND_CHARTS or not ya.ticks)
    ):
        if meta.chart_type in LEGEND_CHARTS and not xa.ticks and ya.ticks:
            # a horizontal bar chart: the categories are listed down the vertical axis, the
            # legend names the series; the categories are x
            xa = ya
        ya = meta.legend
    order = ya.order or ("legend" if ya is meta.legend else None)
    top_down = list(reversed(ya.ticks)) if order == "bottom-to-top" else list(ya.ticks)
    panel.x = AxisTicks("x", xa.label, list(xa.ticks))
    panel.y = AxisTicks("y", ya.label, list(ya.ticks), top_down)
    panel.y_order = order
    colour = None
    if panel.title and norm(panel.title) in meta.colour_by_title:
        colour = meta.colour_by_title[norm(panel.title)]
    elif len(meta.colours) == 1:
        colour = meta.colours[0]
    elif panel.index < len(meta.colours):
        colour = meta.colours[panel.index]
    for item in panel.items[:3]:
        # "**Panel 2** (colour bar 0 to 1)": the range the colour bar is said to span, not
        # the first range of the paragraph ("age bands 18–24, ... A colour bar runs 30–85%")
        said = is_colourbar_label(item.body or "") and re.search(
            r"colou?r|scale|bar", item.body or "", re.I
        )
        if item.kind == "bold" and said and colour_ranges((item.body or "")[said.start() :]):
            colour = colour_ranges((item.body or "")[said.start() :])[0]
    for item in panel.items:
        if item.label and is_colourbar_label(item.label) and colour_ranges(item.body or ""):
            colour = colour_ranges(item.body or "")[0]
        elif (
            item.kind == "text" and is_colourbar_label(item.text[:40]) and colour_ranges(item.text)
        ):
            colour = colour_ranges(item.text)[0]
    panel.colour = colour
    panel.metric = meta.metric
    ctx = Context(panel.index, panel.x, panel.y, orders, last_line)
    ctx.prose_values = not meta.no_values
    if not scoped and xa is meta.x and ya is meta.y:
        ctx.other_tick_lists = partial(_other_tick_lists, meta)
    if meta.rows_named:
        down_x, down_y = name_score(meta.rows_named, panel.x), name_score(meta.rows_named, panel.y)
        ctx.rows_axis = "x" if down_x > down_y else "y"
    return ctx


def _other_tick_lists(meta: Meta) -> list[AxisTicks]:
    out = []
    for role, axis in meta.other_tick_lists():
        ticks = list(axis.ticks)
        if role == "x":
            out.append(AxisTicks("x", axis.label, ticks))
        else:
            down = ticks[::-1] if axis.order == "bottom-to-top" else ticks
            out.append(AxisTicks("y", axis.label, ticks, down))
    return out


def _claims(items: list[Item], ctx: Context) -> list[dict]:
    out = []
    for item in items:
        if item.kind not in ("list", "text"):
            continue
        label = item.label or ""
        if label and SUMMARY_LABEL.search(label):
            for sentence in claims.sentences(f"{label}: {item.body}"):
                out.extend(claims.extract(item, sentence, ctx, claim_kind(sentence)))
    return out


#: prose sections outside the data part whose sentences may state numbers about the data
_CLAIM_ZONES = ("observations", "interpretation")


def _observation_claims(items: list[Item], contexts: list[Context], titles) -> list[dict]:
    out = []
    for item in items:
        if item.kind not in ("list", "text", "bold"):
            continue
        # a summary line among the title or the axes ("**Peak Value:** 88.9 at ...") is a
        # claim like one among the observations
        summary = item.zone in ("title", "overview", "components") and bool(
            item.label and SUMMARY_LABEL.search(item.label)
        )
        if item.zone not in _CLAIM_ZONES and not summary:
            continue
        for sentence in claims.sentences(item.text):
            kind = claim_kind(sentence)
            if kind is None:
                continue
            index = claims.panel_for(sentence, titles)
            if index is None:
                continue
            out.extend(claims.extract(item, sentence, contexts[index], kind))
    return out


def _stated(cell: dict) -> tuple[float, ...]:
    """What a copy of a cell states: its value and any number beside it ("71.3 ± 0.8")."""
    spelled = [accounting.number_value(m.group(0)) for m in accounting.numbers(cell["value_text"])]
    return (cell["value"], *spelled[1:])


def duplicate_findings(cells: list[dict]) -> list[dict]:
    """One finding per group of lines that state the same cell with different values."""
    by_key: dict[tuple, list[dict]] = {}
    for cell in cells:
        by_key.setdefault((cell["panel"], cell["x"], cell["y"]), []).append(cell)
    groups: dict[tuple, list[tuple]] = {}
    for key, group in by_key.items():
        if len(group) > 1 and len({_stated(c) for c in group}) > 1:
            lines = tuple(sorted({c["line"] for c in group}))
            groups.setdefault((key[0], lines), []).append((key, group))
    out = []
    for (panel, lines), members in groups.items():
        keys = [k for k, _ in members]
        xs, ys = {k[1] for k in keys}, {k[2] for k in keys}
        values = "; ".join(
            f"x={k[1]}, y={k[2]}: " + " vs ".join(c["value_text"] for c in g) for k, g in members
        )
        detail = (
            f"stated twice with different values on lines {', '.join(map(str, lines))} "
            f"({values}); none is kept"
        )
        out.append(
            finding(
                "duplicate_cell",
                "warning",
                detail,
                panel=panel,
                line=lines[-1],
                x=next(iter(xs)) if len(xs) == 1 else None,
                y=next(iter(ys)) if len(ys) == 1 else None,
            )
        )
    return out


def without_conflicting_copies(cells: list[dict]) -> list[dict]:
    """The cells less every copy of the cells that lines stating a cell differently share.

    Two lines that give one cell different values (a row printed twice, "PIQA" with other
    numbers the second time) put every cell they both state in doubt, the ones they happen to
    agree on included: the finding reports them, and no copy is kept.
    """
    by_key: dict[tuple, list[dict]] = {}
    for cell in cells:
        by_key.setdefault((cell["panel"], cell["x"], cell["y"]), []).append(cell)
    conflicting = [g for g in by_key.values() if len(g) > 1 and len({_stated(c) for c in g}) > 1]
    if not conflicting:
        return cells
    doubtful_lines = {frozenset(c["line"] for c in g) for g in conflicting}
    doubtful = set()
    for key, group in by_key.items():
        lines = {c["line"] for c in group}
        if len(group) > 1 and any(len(lines & pair) >= 2 for pair in doubtful_lines):
            doubtful.add(key)
    return [c for c in cells if (c["panel"], c["x"], c["y"]) not in doubtful]


def claim_conflicts(claim_rows: list[dict], cells: list[dict]) -> list[dict]:
    return claims.conflicts(claim_rows, cells)


def _expected(ctx: Context, diagonal_blank: bool) -> int:
    """Cells the panel's grid holds: a blank diagonal is no cell, and a symmetric matrix
    stated as one triangle holds that triangle (its mirror half says nothing new)."""
    n = len(ctx.x.ticks) * len(ctx.y.ticks)
    k = len(ctx.x.ticks)
    # the axes name two quantities (len_a, len_b): the other half is not implied, it is missing
    symmetric = not (ctx.x.label and ctx.y.label and norm(ctx.x.label) != norm(ctx.y.label))
    if len(ctx.addressed) < n and symmetric and _whole_triangle(ctx, strict=True):
        return k * (k - 1) // 2  # a triangle without its diagonal (correlations, distances)
    if len(ctx.addressed) < n and symmetric and (ctx.triangle or _whole_triangle(ctx)):
        n = k * (k + 1) // 2
    if diagonal_blank:
        n -= len(set(ctx.x.ticks) & set(ctx.y.ticks))
    return n


def _whole_triangle(ctx: Context, strict: bool = False) -> bool:
    """The cells stated are exactly one triangle of a square matrix, with its diagonal (or,
    ``strict``, without it)."""
    ticks = ctx.x.ticks
    if len(ticks) < 3 or ticks != ctx.y.ticks:
        return False
    order = {t: i for i, t in enumerate(ticks)}
    if strict:
        below = {(x, y) for x in ticks for y in ticks if order[x] < order[y]}
        above = {(x, y) for x in ticks for y in ticks if order[x] > order[y]}
    else:
        below = {(x, y) for x in ticks for y in ticks if order[x] <= order[y]}
        above = {(x, y) for x in ticks for y in ticks if order[x] >= order[y]}
    return ctx.addressed in (below, above)


# "Gaussian +1.5": a name, then its value
_NAMED_VALUE = re.compile(r"[A-Za-z][\w .()/-]{0,30}?\s+[~≈]?[-−+]?\d[\d.]*\s*%?")
_POINT = re.compile(r"^\s*\(\s*[^,()]+,\s*[~≈]?[-−+]?\d[\d.]*\s*%?\s*\)\s*$")


def _read_panels(items, meta, orders, last_line, lines, widen: bool = False):
    """The panels of ``items`` and what the recognisers read in each."""
    panels = split_panels(items, meta, widen)
    if len(panels) > 1:
        _declared_in_panels(panels, meta)
    contexts = []
    read_before = None  # the axes a panel before read off its own data
    for panel in panels:
        ctx = _read_panel(panel, meta, orders, last_line, lines)
        if (
            not ctx.cells
            and read_before is not None
            and not (meta.x.ticks or meta.y.ticks)
            and any(it.kind in ("table", "code") for it in panel.items)
        ):
            # "two square heatmaps ... both use the same languages": a panel the text gives no
            # axes, whose grid names none, shares those its neighbour's grid named
            ctx = _read_panel(panel, meta, orders, last_line, lines, read_before)
        if ctx.cells and ctx.x.ticks and ctx.y.ticks and not (meta.x.ticks or meta.y.ticks):
            read_before = (ctx.x, ctx.y)
        contexts.append(ctx)
    return panels, contexts


def _read_panel(panel, meta, orders, last_line, lines, axes=None):
    """What the recognisers read in one panel; ``axes`` replace the ones the text declares."""
    ctx = _context(panel, meta, orders, last_line)
    if axes is not None:
        ctx.x = AxisTicks("x", axes[0].label, list(axes[0].ticks))
        ctx.y = AxisTicks("y", axes[1].label, list(axes[1].ticks), list(axes[1].top_down))
    # "No numbers are printed inside the cells" said in the data section: sentences that
    # read a colour ("close to white (near 0)") place no cell by where they stand
    ctx.loose_sentences = not meta.no_values_anywhere
    recognize(panel.items, ctx)
    ctx = reconcile(
        ctx, panel.items, lambda trial, its=panel.items: recognize(its, trial), meta.chart_type
    )
    _ticks_from_cells(ctx)
    strip_axis_words(ctx, meta.chart_type)
    _stepped_rows(ctx)
    _cut_last_cell(ctx, lines)
    panel.x, panel.y = ctx.x, ctx.y
    return ctx


def _keyed_values(panels) -> bool:
    """Two or more lines that give values under names ("- Base: 71.2", "- `en → de`: 36.5,
    `en → fr`: 30.0"): values are stated, whether or not a reading placed them; their numbers
    are reported unplaced, and the document is not one that states none."""
    found = 0
    for panel in panels:
        for it in panel.items:
            if it.label is None and it.zone != "components" and _POINT.match(it.text):
                found += 1  # "(0, 62.4)": a point of a series, its tick and its value
                continue
            if it.label is None and TUPLE_VALUE.match(it.text):
                found += 1  # "(1,1) 0.82   (1,2) 0.77": cells keyed by their coordinates
                continue
            if it.label is None or not it.body or it.zone == "components":
                continue
            label = strip_markdown(it.label)
            if SUMMARY_LABEL.search(label) or declares(label):
                continue  # "Peak: 0.98", "Labels: 0, 32, 64": a summary, a tick list
            parts = [p.strip().rstrip(".") for p in re.split(r"[,;|]", strip_markdown(it.body))]
            named = len(parts) >= 2 and all(_NAMED_VALUE.fullmatch(p) for p in parts)
            found += (
                named
                or all(
                    isinstance(_slot(p), Value)
                    or isinstance(_slot(split_label(p)[1].strip()), Value)
                    for p in parts
                )
                and (len(parts) == 1 or any(":" in p or "=" in p for p in parts))
            )
    return found >= 2


def completeness(
    panels,
    contexts,
    truncated_at,
    has_cells: bool,
    diagonal_blank: bool = False,
) -> list[dict]:
    undecided = any(f["kind"] == "ambiguous_axes" for c in contexts for f in c.findings)
    if (
        not has_cells
        and not any(c.addressed for c in contexts)
        and not undecided
        and not _keyed_values(panels)
    ):
        return [
            _doc_finding(
                "no_data", "warning", "no cell value is stated (only colours, ranges or prose)"
            )
        ]
    out = []
    for panel, ctx in zip(panels, contexts, strict=True):
        if truncated_at is not None and panel.index >= truncated_at:
            continue
        expected = _expected(ctx, diagonal_blank)
        stated = len(ctx.addressed)
        if expected and stated < expected:
            detail = f"only {stated} of {expected} cells are stated"
            out.append(finding("missing_cell", "info", detail, panel=panel.index, line=panel.line))
    return out


def _panel_row(panel: Panel, ctx: Context, meta: Meta) -> dict:
    # An axis read with a tick twice (a number repeated in its line) still names each column
    # once: the contract's tick lists are sets in order, and cells stated at the repeated
    # tick meet as duplicates, which the validate stage reports.
    x_ticks, y_ticks = list(dict.fromkeys(ctx.x.ticks)), list(dict.fromkeys(ctx.y.ticks))
    expected = len(x_ticks) * len(y_ticks)  # the grid, as the panels contract says
    return {
        "panel": panel.index,
        "title": panel.title,
        "chart_type": meta.chart_type,
        "x_label": ctx.x.label,
        "y_label": ctx.y.label,
        "x_ticks": x_ticks,
        "y_ticks": y_ticks,
        "y_order": panel.y_order,
        "colorbar_min": panel.colour[0] if panel.colour else None,
        "colorbar_max": panel.colour[1] if panel.colour else None,
        "metric": panel.metric,
        "n_cells": len(ctx.cells),
        "n_expected": expected or None,
        "line": panel.line,
    }


def _doc_finding(kind: str, severity: str, detail: str) -> dict:
    return finding(kind, severity, detail)


def parse_documents(items: Iterable[tuple[str, bytes]]) -> list[ParsedDocument]:
    """Parse many documents in one process (batches amortise start-up cost)."""
    return [parse_document(doc, raw) for doc, raw in items]
