"""Ticks named with their axis's word ("Layer 0", "Dropout 0.1", "lag 3") as the bare value.

The gold conventions (tests/corpus/README.md) read `Layer 0` as the tick `0` of the axis
*Layer*: the word names the axis, the value is the tick. A panel whose recognisers kept the
word (from a table header, row labels or a list that repeats it) is renamed here, once, after
its cells are placed: every tick of the axis must carry the same word, that word must name the
axis (its label holds the word or begins with its letter; an axis without a label takes
it as its name, a legend does not), and what is left of each tick must
be a value (a number, with a percent sign or a unit) and still tell the ticks apart. "Site 1
(coastal)" or "AISI 4140" under "Steel grade" stay as they are.
"""

from __future__ import annotations

import re

from figdata.parse import lexicon
from figdata.parse.recognize import Context
from figdata.parse.ticks import AxisTicks, label_unit, name_score
from figdata.parse.values import NUM

#: "Layer 0", "Dropout=0.1": an axis' word, then the tick
NAMED = re.compile(
    rf"^(?P<word>[A-Za-zα-ωΑ-Ω][A-Za-z_-]*(?:\s+[A-Za-z][A-Za-z_-]*)?)(?:\s+|\s*[=:]\s*)"
    rf"(?P<rest>{NUM}\s*(?:%|[A-Za-zµ°/]+(?:/[A-Za-z]+)?)?)$"
)


def bare_names(axis: AxisTicks, legend: bool = False) -> dict[str, str] | None:
    """{tick: bare tick} when every tick is the axis's word and a value, else None.

    An axis without a label is named by the word its ticks share ("Layer 0, Layer 4"); a
    legend without one is not: "Cohort 2022" names a series."""
    if len(axis.ticks) < 2:
        return None
    found = [NAMED.match(t.strip()) for t in axis.ticks]
    if not all(found):
        return None
    words = {m.group("word").casefold() for m in found}  # type: ignore[union-attr]
    if len(words) != 1:
        return None
    word = next(iter(words))
    # "α=0.6" under "Length penalty": a symbol given its value names its axis by itself
    symbol = len(word) <= 2 and all("=" in t for t in axis.ticks)
    if (legend and not axis.label) or (axis.label and not symbol and not _names(word, axis)):
        return None
    if legend and symbol:
        return None  # a legend's "T=0.5" is the series' whole printed name
    rests = [m.group("rest") for m in found]  # type: ignore[union-attr]
    if len(set(rests)) != len(rests):
        return None
    return dict(zip(axis.ticks, rests, strict=True))


def strip_axis_words(ctx: Context, chart_type: str | None = None) -> None:
    """Rename the ticks of each axis of ``ctx`` (and its cells and findings) to bare values."""
    for name in ("x", "y"):
        axis: AxisTicks = getattr(ctx, name)
        legend = name == "y" and chart_type in lexicon.LEGEND_CHARTS
        renames = bare_names(axis, legend) or bare_units(axis)
        if renames is None:
            continue
        label = axis.label
        setattr(
            ctx,
            name,
            AxisTicks(
                name,
                label,
                [renames[t] for t in axis.ticks],
                [renames.get(t, t) for t in axis.top_down],
            ),
        )
        for record in ctx.cells + ctx.findings:
            if record.get(name) in renames:
                record[name] = renames[record[name]]
        index = 0 if name == "x" else 1
        ctx.addressed = {
            tuple(renames.get(v, v) if i == index else v for i, v in enumerate(key))
            for key in ctx.addressed
        }


_NUMBER = re.compile(NUM)


def bare_units(axis: AxisTicks) -> dict[str, str] | None:
    """{tick: number} when every tick is a number, a space and the unit of the axis' name.

    Under "Temperature (K)", rows "250 K", "300 K" are the ticks 250 and 300: the unit is
    printed once, on the axis' name. Glued to the number ("8K" under "Length (K)") it is a
    magnitude and stays."""
    unit = label_unit(axis)
    if unit is None or len(axis.ticks) < 2:
        return None
    numbers = []
    for tick in axis.ticks:
        head, _, tail = tick.strip().rpartition(" ")
        if tail != unit or not _NUMBER.fullmatch(head.strip()):
            return None
        numbers.append(head.strip())
    if len(set(numbers)) != len(numbers):
        return None
    return dict(zip(axis.ticks, numbers, strict=True))


def _names(word: str, axis: AxisTicks) -> bool:
    """The word is the axis's name, or a short form of it ("N" for "Nitrogen rate")."""
    if name_score(word, axis) > 0:
        return True
    initials = {w[0] for w in re.findall(r"[a-z]+", (axis.label or "").lower())}
    return len(word) <= 2 and word[0].lower() in initials
