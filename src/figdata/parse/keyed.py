"""Axes read off the keys the data lines give each value, for :mod:`figdata.parse.reconcile`.

The ticks an axes section declares are a hypothesis; the keys in the data are evidence. Each
function here reads one shape of keyed data and proposes the axes it implies, spelt as the
declared ticks where a key names one. A proposal is only a candidate: reconcile runs the
recognisers with it and keeps it only when it places more of the panel's values.

- a long table ("Year | Quarter | CPI"): two key columns whose pairs are unique, one column of
  values; which column is which axis is told by the declared ticks a column's keys name, else
  by the axis name its header repeats, never by position alone;
- a triangle: rows that hold 1, 2, ..., n values (or n, ..., 1) under n distinct labels are the
  rows of a square matrix whose columns are the same labels, in the same order;
- labelled lines whose labels name no declared tick, each with as many values as one declared
  axis has ticks: the labels are the other axis;
- points whose two keys each spell their axis' word before the tick ("Sparsity 50%, Calib 32:
  7.48"): the keys are the ticks, where the declared list holds only some of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from figdata.parse import lexicon
from figdata.parse.model import Item
from figdata.parse.recognize import (
    SUMMARY_LABEL,
    Context,
    _slot,
    _split_statements,
    value_column,
    value_list,
)
from figdata.parse.text import split_top, strip_markdown, triangle_shape
from figdata.parse.tick_names import NAMED
from figdata.parse.ticks import PART_WORD_AFTER, AxisTicks, name_score, resolve
from figdata.parse.values import Value, record_value, split_values

_RULE = re.compile(r"^[\s|:\-+=]+$")


def _table_rows(items: list[Item]) -> list[list[str]]:
    rows = [it for it in items if it.kind == "table" and not _RULE.match(it.text)]
    return [[strip_markdown(c).strip() for c in r.text.strip().strip("|").split("|")] for r in rows]


def _spelt(keys: list[str], axis: AxisTicks) -> list[str]:
    """Each distinct key once, in the order of first appearance, as the declared tick it names."""
    out: list[str] = []
    for key in keys:
        hit = resolve(key, axis) if axis.ticks else None
        tick = hit.tick if hit else key
        if tick not in out:
            out.append(tick)
    return out


def _names_ticks(keys: list[str], axis: AxisTicks) -> bool:
    return bool(axis.ticks) and all(resolve(k, axis) for k in keys)


def long_table_keys(items: list[Item]) -> tuple[str, list[str], str, list[str]] | None:
    """(header, keys) of the two key columns of a table with one column of values, or None."""
    rows = _table_rows(items)
    if len(rows) < 4:
        return None
    header, data = rows[0], rows[1:]
    width = len(header)
    if width < 3 or any(len(r) != width for r in data):
        return None
    found = None
    for a in range(width):
        for b in range(a + 1, width):
            if value_column(data, {a, b}, width) is None:
                continue
            pairs = [(r[a], r[b]) for r in data]
            ka, kb = {p[0] for p in pairs}, {p[1] for p in pairs}
            # keys repeat (each names a row or column of several cells) and no pair twice
            if len(set(pairs)) != len(pairs) or len(ka) in (1, len(data)):
                continue
            if len(kb) in (1, len(data)):
                continue
            if found is not None:
                return None  # two readings of the keys: nothing decides
            found = (a, b)
    if found is None:
        return None
    a, b = found
    return header[a], [r[a] for r in data], header[b], [r[b] for r in data]


def long_table(items: list[Item], ctx: Context) -> tuple[AxisTicks, AxisTicks] | None:
    """Axes from a table with two key columns and one value column."""
    keys = long_table_keys(items)
    role = _roles(*keys, ctx) if keys else None
    if keys is None or role is None:
        return None
    _, keys_a, _, keys_b = keys
    xs, ys = (keys_a, keys_b) if role == "ab" else (keys_b, keys_a)
    x_ticks, y_ticks = _spelt(xs, ctx.x), _spelt(ys, ctx.y)
    return AxisTicks("x", ctx.x.label, x_ticks), AxisTicks("y", ctx.y.label, y_ticks, y_ticks)


def undecided_long_table(items: list[Item], ctx: Context) -> str | None:
    """Why a long table places nothing: its key columns match neither axis, by tick or name."""
    keys = long_table_keys(items)
    if keys is None or _roles(*keys, ctx) is not None:
        return None
    return (
        f"the table's key columns {keys[0]!r} and {keys[2]!r} name no declared axis and the "
        "text does not say which runs along x; none of its values is placed"
    )


def _roles(head_a: str, keys_a: list[str], head_b: str, keys_b: list[str], ctx: Context):
    """'ab' when column a holds the x keys, 'ba' when it holds the y keys, None if undecided."""
    x, y = ctx.x, ctx.y
    by_ticks = {
        "ab": _names_ticks(keys_a, x) + _names_ticks(keys_b, y),
        "ba": _names_ticks(keys_a, y) + _names_ticks(keys_b, x),
    }
    if by_ticks["ab"] != by_ticks["ba"]:
        return max(by_ticks, key=by_ticks.get)
    by_name = {
        "ab": name_score(head_a, x) + name_score(head_b, y),
        "ba": name_score(head_a, y) + name_score(head_b, x),
    }
    if by_name["ab"] > 0 and by_name["ab"] > by_name["ba"]:
        return "ab"
    if by_name["ba"] > 0 and by_name["ba"] > by_name["ab"]:
        return "ba"
    return None


def _labelled_rows(items: list[Item]) -> list[tuple[str, int]]:
    """(label, number of values) of the lines that give a label and one or more values."""
    out = []
    for item in items:
        if item.kind not in ("list", "text") or not item.label or not item.body:
            continue
        label = strip_markdown(item.label).strip()
        if not label or SUMMARY_LABEL.search(label):
            continue
        slots = value_list(item.body)
        if slots is None and isinstance(_slot(item.body), Value):
            slots = [_slot(item.body)]
        if slots is not None:
            out.append((label, len(slots)))
    return out


def without_part_noun(labels: list[str]) -> list[str]:
    """'**N-lobe** row', '**Hinge** row': the word every label ends with names what they label,
    not which; the ticks are the labels without it."""
    found = [PART_WORD_AFTER.search(label) for label in labels]
    if not all(found) or len({m.group(1).casefold() for m in found if m}) != 1:
        return labels
    bare = [label[: m.start()].strip() for label, m in zip(labels, found, strict=True) if m]
    return bare if all(bare) and len(set(bare)) == len(bare) else labels


def triangle(items: list[Item], ctx: Context) -> tuple[AxisTicks, AxisTicks] | None:
    """A square matrix from rows of 1, 2, ..., n values (or n, ..., 1) under n distinct labels."""
    rows = _labelled_rows(items)
    n = len(rows)
    labels = [label for label, _ in rows]
    if n < 3 or len(set(labels)) != n:
        return None
    if triangle_shape([k for _, k in rows]) is None:
        return None
    # the declared spelling where the labels name declared ticks ("**Temp**" -> "Temp")
    ticks = _spelt(without_part_noun(labels), ctx.y if ctx.y.ticks else ctx.x)
    return AxisTicks("x", ctx.x.label, list(ticks)), AxisTicks("y", ctx.y.label, ticks, ticks)


def relabelled(items: list[Item], ctx: Context) -> tuple[AxisTicks, AxisTicks] | None:
    """The axis whose declared ticks the data's line labels contradict, read off those labels.

    Lines that each give a label and k values, no label naming a declared tick of either axis:
    when one declared axis has k ticks, the labels are the other axis. When both have k ticks
    nothing tells which the labels replace, and no reading is proposed.
    """
    rows = []
    for item in items:
        if item.kind not in ("list", "text") or not item.label or not item.body:
            continue
        label = strip_markdown(item.label).strip()
        slots = value_list(item.body)
        if not label or slots is None or SUMMARY_LABEL.search(label):
            continue
        if resolve(label, ctx.x) or resolve(label, ctx.y):
            return None  # the labels name declared ticks: the declared reading stands
        rows.append((label, len(slots)))
    labels = [label for label, _ in rows]
    counts = {k for _, k in rows}
    if len(rows) < 2 or len(set(labels)) != len(labels) or len(counts) != 1:
        return None
    k = counts.pop()
    fits_y, fits_x = len(ctx.y.ticks) == k, len(ctx.x.ticks) == k
    if fits_x == fits_y:
        return None
    if fits_y:  # each line is a column: the labels are the x ticks
        return AxisTicks("x", ctx.x.label, labels), ctx.y
    return ctx.x, AxisTicks("y", ctx.y.label, labels, list(labels))


def _statements(items: list[Item]) -> Iterator[Item]:
    """The labelled statements of the panel's lines: "(0.0, 1.5): 0.99; (0.0, 2.0): 0.92" is
    two, as the recognisers read it."""
    for item in items:
        if item.kind not in ("list", "text") or not item.label or not item.body:
            continue
        if not _STATEMENT_BREAK.search(item.text):
            yield item  # one statement: splitting would only cost time
            continue
        for statement in _split_statements(item):
            if statement.label and statement.body:
                yield statement


_STATEMENT_BREAK = re.compile(r"[;|·]|\S\s{2,}\S")  # ("de → fr: 54.3  de → cs: 41.8")


_TUPLE = re.compile(r"^\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*\)$")
_ARROW_KEY = re.compile(r"^([^\s→>()][^→>()]{0,30}?)\s*(?:→|->|⟶)\s*([^\s→>()][^→>()]{0,30}?)$")


def tuples(items: list[Item], ctx: Context) -> tuple[AxisTicks, AxisTicks] | None:
    """Axes from cells listed by coordinates, "(1, 1K) → 950": the members are the ticks.

    Which member is x is told by the declared ticks one member's keys name, else by the
    order the text gives the tuple ("(GPUs, context)", "(row, column)"); nothing is guessed.
    """
    pairs, kinds = [], set()
    for statement in _statements(items):
        label = strip_markdown(statement.label or "").strip()
        # ("en → de: 61.8": a pair written with an arrow, in the order the text states)
        m, kind = (
            (_TUPLE.match(label), "tuple") if "(" in label else (_ARROW_KEY.match(label), "arrow")
        )
        body = strip_markdown(statement.body or "")
        if m and (isinstance(_slot(body), Value) or record_value(body) is not None):
            pairs.append((m.group(1), m.group(2)))
            kinds.add(kind)
    if len(pairs) < 3 or len(set(pairs)) != len(pairs) or len(kinds) != 1:
        return None
    firsts, seconds = [a for a, _ in pairs], [b for _, b in pairs]
    if len(set(firsts)) < 2 or len(set(seconds)) < 2:
        return None
    role = _roles("", firsts, "", seconds, ctx)
    if role is None and (order := ctx.pair_order.get(kinds.pop())):
        role = "ab" if order == "xy" else "ba"
    if role is None:
        return None
    xs, ys = (firsts, seconds) if role == "ab" else (seconds, firsts)
    x_ticks, y_ticks = _spelt(xs, ctx.x), _spelt(ys, ctx.y)
    return AxisTicks("x", ctx.x.label, x_ticks), AxisTicks("y", ctx.y.label, y_ticks, y_ticks)


def _groups(items: list[Item]) -> list[tuple[str, list[str]]]:
    """(group label, child labels) of nested bullets that give one value per child."""
    out: list[tuple[str, list[str]]] = []
    parent_level = None
    for index, item in enumerate(items):
        body = strip_markdown(item.body or "")
        after = items[index + 1] if index + 1 < len(items) else None
        heading = item.kind in ("heading", "bold") or (
            item.kind == "list"
            and (
                (item.label and not body.strip())
                or bool(_BOLD_BULLET.fullmatch(item.text))
                # "- Kisumu" over deeper bullets: a plain bullet heads the ones under it
                or (
                    item.label is None
                    and after is not None
                    and after.kind == "list"
                    and after.level > item.level
                )
            )
        )
        if heading:
            label = item.label if item.kind == "bold" else (item.label or item.text)
            out.append((strip_markdown(label or "").strip().rstrip(":"), []))
            parent_level = item.level if item.kind == "list" else -1
            continue
        if not out or item.kind != "list" or not item.label:
            continue
        if parent_level is not None and item.level <= parent_level:
            continue  # a sibling of the parent bullet, not its child
        if isinstance(_slot(body), Value) or record_value(body) is not None:
            out[-1][1].append(strip_markdown(item.label).strip())
        elif keys := _pair_keys(body):
            out[-1][1].extend(keys)  # "**Values:** 1 shot ≈ 0.39, 4 shots ≈ 0.45": the keys
    return [g for g in out if g[1]]


_PAIR = re.compile(r"^(?P<key>[^≈=:~]+?)\s*(?:≈|=|:|~)\s*(?P<value>\S+)$")


def _pair_keys(body: str) -> list[str]:
    """The keys of a field of "key ≈ value" pairs, or nothing."""
    tokens = split_values(body)
    found = [_PAIR.match(t.strip()) for t in tokens]
    if len(tokens) < 2 or not all(m and isinstance(_slot(m.group("value")), Value) for m in found):
        return []
    return [m.group("key").strip() for m in found if m]


def _uniform_groups(items: list[Item]) -> tuple[list[str], list[str]] | None:
    """(heads, children) of two or more groups of nested bullets that each list the same two or
    more children in the same order, under heads of their own."""
    groups = _groups(items)
    if len(groups) < 2 or any(len(children) < 2 for _, children in groups):
        return None
    children, heads = groups[0][1], [head for head, _ in groups]
    if any(kids != children for _, kids in groups) or len(set(heads)) != len(heads):
        return None
    return heads, children


def nested(items: list[Item], ctx: Context) -> tuple[AxisTicks, AxisTicks] | None:
    """Axes from nested bullets whose children name no declared tick: the children's labels.

    Every group must list the same children in the same order; the groups name ticks of one
    declared axis, and the children are then the other axis.
    """
    if (uniform := _uniform_groups(items)) is None:
        return None
    heads, children = uniform
    for outer, inner in (("x", "y"), ("y", "x")):
        own, other = getattr(ctx, outer), getattr(ctx, inner)
        if not all(resolve(h, own) for h in heads) or any(resolve(h, other) for h in heads):
            continue
        if all(resolve(c, other) for c in children):
            return None  # the declared reading names the children: nothing to replace
        ticks = list(dict.fromkeys(children))
        axis = AxisTicks(inner, other.label, ticks, ticks if inner == "y" else [])
        return (own, axis) if outer == "x" else (axis, own)
    # "1. **PRM-soft (1M)**" over "- mean: 65.7%": the children name a declared axis (a
    # legend), the heads name none; the heads are the other axis
    for outer, inner in (("x", "y"), ("y", "x")):
        own, other = getattr(ctx, outer), getattr(ctx, inner)
        if own.ticks or not other.ticks or any(resolve(h, other) for h in heads):
            continue
        if all(resolve(c, other) for c in children):
            axis = AxisTicks(outer, own.label, heads, heads if outer == "y" else [])
            return (axis, other) if outer == "x" else (other, axis)
    return None


def nested_undeclared(items: list[Item], chart: str) -> tuple[AxisTicks, AxisTicks] | None:
    """Both axes from nested bullets when the text declares neither: "- **100 m**" over
    "  - Runner A: 11.42 s", each group listing the same children in the same order.

    The heads are a bar or line chart's categories (x) and the children its series; of
    anything else the heads are the rows.
    """
    if (uniform := _uniform_groups(items)) is None:
        return None
    heads, children = uniform
    if len(set(children)) != len(children) or not all(heads) or not all(children):
        return None
    if chart in lexicon.LEGEND_CHARTS:
        return AxisTicks("x", None, heads), AxisTicks("y", None, children, list(children))
    return AxisTicks("x", None, children), AxisTicks("y", None, heads, list(heads))


_BOLD_BULLET = re.compile(r"\*\*[^*]+\*\*:?")


def _named_key(text: str, ctx: Context) -> tuple[str, str] | None:
    """("y", "50%") for "Sparsity 50%" when the word names the y axis and not the x axis."""
    m = NAMED.match(text.strip())
    if m is None:
        return None
    on_x, on_y = name_score(m.group("word"), ctx.x), name_score(m.group("word"), ctx.y)
    if on_x > 0 >= on_y:
        return "x", m.group("rest")
    if on_y > 0 >= on_x:
        return "y", m.group("rest")
    return None


def named_points(items: list[Item], ctx: Context) -> tuple[AxisTicks, AxisTicks] | None:
    """Axes from points whose two keys each spell their axis' word: "Sparsity 50%, Calib 32".

    Such a key says by itself which axis it belongs to, so its value is a tick of that axis
    even where the declared list holds only some ticks ("30% at the top down to 70% at the
    bottom": the ends). The keys, in the order the text gives them, are proposed when they
    hold every declared tick of their axis and more.
    """
    keys: dict[str, list[str]] = {"x": [], "y": []}
    points = 0
    for part in _statements(items):
        if (part.label or "").count(",") != 1 or _slot(strip_markdown(part.body or "")) is None:
            continue
        halves = split_top(strip_markdown(part.label or ""), ",")
        found = dict(filter(None, (_named_key(h, ctx) for h in halves)))
        if len(halves) == 2 and len(found) == 2:
            keys["x"].append(found["x"])
            keys["y"].append(found["y"])
            points += 1
    if points < 3:
        return None
    out = []
    for name in ("x", "y"):
        declared: AxisTicks = getattr(ctx, name)
        ticks = list(dict.fromkeys(keys[name]))
        named = {t.casefold() for t in ticks}
        if all(resolve(t, declared) for t in ticks) or any(
            t.casefold() not in named for t in declared.ticks
        ):
            out.append(declared)  # the declared list names every key, or keys it lacks
            continue
        out.append(AxisTicks(name, declared.label, ticks, ticks if name == "y" else []))
    if out[0] is ctx.x and out[1] is ctx.y:
        return None
    return out[0], out[1]
