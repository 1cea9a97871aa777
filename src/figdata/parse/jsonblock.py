"""A panel's cells typed as JSON in a code block.

Descriptions sometimes transcribe the grid as a nested mapping (outer key a row, inner key a
column: ``{"Layer 0": {"step 1k": 2.1e-2, ...}}``), as a mapping of rows to lists, or as a list
of records (``[{"x": 8, "y": 2, "value": 0.7}, ...]``). The keys are resolved against the
declared axes like any label; each value keeps the spelling and the line it was printed on.
"""

from __future__ import annotations

import ast
import json
import re

from figdata.parse.model import Item
from figdata.parse.ticks import AxisTicks, name_score, resolve
from figdata.parse.values import NUM, parse_value

_STARTS = ("{", "[")
_ASSIGNED = re.compile(r"^[A-Za-z_]\w*\s*=\s*(?=[\[{])")


def read(rows: list[Item], ctx) -> bool:
    """Place the cells of a JSON block; False when the block is no JSON grid."""
    text = "\n".join(it.text for it in rows).strip()
    if text.startswith("#"):  # "# rows: 3400, 3000 | cols: 1980s, 1990s" over the literal
        text = _COMMENT.sub("", text).strip()
    text = _ASSIGNED.sub("", text, count=1)  # "ece = [[4.82, 5.10], ...]": a named matrix
    if not text.startswith(_STARTS) or not ctx.x.ticks or not ctx.y.ticks:
        return False
    try:
        data = json.loads(text)
    except ValueError:
        data = _literal(text)
    if data is None:
        data = _complete_part(text)
        if data is None or rows[-1].line != ctx.last_line:
            return False
        ctx.truncated = True
        detail = "file ends inside a JSON block; the unterminated entry is left out"
        ctx.finding("truncated", "warning", detail, rows[-1])
    if isinstance(data, dict):
        found = _nested(data, rows, ctx)
    elif isinstance(data, list) and data and all(isinstance(r, list) for r in data):
        found = _matrix(data, rows, ctx)
    elif isinstance(data, list):
        found = _records(data, rows, ctx)
    else:
        return False
    if not found:
        return False
    for x, y, value, item in found:
        if value == "missing":
            ctx.missing(x, y, item, "null")
        else:
            ctx.cell(x, y, value, item, "json")
    return True


_COMMENT = re.compile(r"""\s*#[^"'\n]*$""", re.M)


def _literal(text: str):
    """A grid typed as a Python literal ("[0.62, 0.35],   # 3400"): comments after the
    rows, a comma after the last one; None when the text is no literal."""
    try:
        data = ast.literal_eval(_COMMENT.sub("", text))
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return data if isinstance(data, (dict, list)) else None


def _complete_part(text: str):
    """The entries of a JSON block cut off by the end of the file, up to its last separator:
    the open brackets closed there ('"high": {"mug": 81, "toy_car": 63, "cab' keeps mug to
    toy_car; the unterminated entry is left out)."""
    cuts = [m.start() for m in re.finditer(",", text)][::-1][:_MOST_CUTS]
    for end in cuts:
        head = text[:end]
        closers = []
        for ch in re.sub(r'"(?:[^"\\]|\\.)*"', "", head):
            if ch in "{[":
                closers.append("}" if ch == "{" else "]")
            elif ch in "}]" and closers:
                closers.pop()
        try:
            return json.loads(head + "".join(reversed(closers)))
        except ValueError:
            continue
    return None


#: separators tried from the end of a cut block (each a parse of the part before it)
_MOST_CUTS = 200


def _axes_of(key: str, ctx) -> tuple[str, str] | None:
    """(axis name, tick) a key names, preferring the rows."""
    for axis in (ctx.y, ctx.x):
        hit = resolve(key, axis)
        if hit is not None:
            return axis.name, hit.tick
    return None


def _nested(data: dict, rows: list[Item], ctx) -> list:
    out = []
    for outer, inner in data.items():
        key = _axes_of(str(outer), ctx)
        if key is None:
            return []
        other: AxisTicks = ctx.x if key[0] == "y" else ctx.y
        line = _line_of(rows, str(outer))
        if isinstance(inner, dict) and len(inner) == 1:
            (only,) = inner.values()
            if isinstance(only, list):
                inner = only  # '"Spring": {"values": [0.21, 0.38]}': the row's list, named
        if isinstance(inner, dict):
            for name, raw in inner.items():
                hit = resolve(str(name), other)
                value = _value(raw, line, str(name))
                if hit is None or value is None:
                    return []
                out.append((*_xy(key, hit.tick), value, line))
        elif isinstance(inner, list) and len(inner) == len(other.ticks):
            across = other.ticks if other.name == "x" else (other.top_down or other.ticks)
            for tick, raw in zip(across, inner, strict=True):
                value = _value(raw, line, None)
                if value is None:
                    return []
                out.append((*_xy(key, tick), value, line))
        else:
            return []
    return out


def _records(data: list, rows: list[Item], ctx) -> list:
    out = []
    for index, record in enumerate(data):
        if not isinstance(record, dict):
            return []
        fields = {str(k): v for k, v in record.items()}
        xk = _field_for(fields, ctx.x)
        yk = _field_for(fields, ctx.y)
        rest = [k for k in fields if k not in (xk, yk) and _number(fields[k])]
        if xk is None or yk is None or len(rest) != 1:
            return []
        x, y = resolve(str(fields[xk]), ctx.x), resolve(str(fields[yk]), ctx.y)
        line = rows[min(index, len(rows) - 1)] if len(rows) <= 2 else _record_line(rows, index)
        value = _value(fields[rest[0]], line, rest[0])
        if x is None or y is None or value is None:
            return []
        out.append((x.tick, y.tick, value, line))
    return out


def _matrix(data: list, rows: list[Item], ctx) -> list:
    """A list of rows of values: rows from the top, values from the left, when its shape is
    the declared grid's (one row per y tick, one value per x tick)."""
    top_down = ctx.y.top_down or ctx.y.ticks
    if len(data) != len(top_down) or any(len(r) != len(ctx.x.ticks) for r in data):
        return []
    lines = [it for it in rows if it.text.strip().startswith("[") and re.search(r"\d", it.text)]
    out = []
    for i, (tick, row) in enumerate(zip(top_down, data, strict=True)):
        line = lines[i] if len(lines) == len(data) else rows[0]
        printed = re.findall(NUM, line.text) if len(lines) == len(data) else []
        for j, (x, raw) in enumerate(zip(ctx.x.ticks, row, strict=True)):
            if raw is not None and not _number(raw):
                return []
            value = (
                parse_value(printed[j])
                if len(printed) == len(row) and raw is not None
                else _value(raw, line, None)
            )
            if value is None:
                return []
            out.append((x, tick, value, line))
    return out


def _field_for(fields: dict, axis: AxisTicks) -> str | None:
    """The record field that names this axis: "x"/"y", or a word of the axis' label."""
    for name in fields:
        if name.lower() == axis.name or name_score(name, axis) > 0:
            return name
    return None


def _xy(key: tuple[str, str], tick: str) -> tuple[str, str]:
    return (tick, key[1]) if key[0] == "y" else (key[1], tick)


def _number(raw) -> bool:
    return isinstance(raw, (int, float)) and not isinstance(raw, bool)


def _value(raw, line: Item, name: str | None):
    """The value as printed on its line ("2.1e-2", not 0.021), or None."""
    if raw is None:
        return "missing"
    if not _number(raw):
        return parse_value(str(raw)) if isinstance(raw, str) else None
    if name is not None:
        m = re.search(rf'"{re.escape(name)}"\s*:\s*({NUM})', line.text)
        if m:
            return parse_value(m.group(1))
    return parse_value(repr(raw))


def _line_of(rows: list[Item], key: str) -> Item:
    return next((it for it in rows if f'"{key}"' in it.text), rows[0])


def _record_line(rows: list[Item], index: int) -> Item:
    """The line of the index-th record of a list written one record per line."""
    opening = [it for it in rows if it.text.lstrip().startswith("{")]
    return opening[index] if index < len(opening) else rows[0]
