"""A reading of a line or bar chart whose values are told series by series.

Descriptions of charts with a legend give the data per series rather than as a grid:

- an opener that names a series (a heading, a bold line, a bullet with a remark), then one
  line per point keyed by an x tick ("k=0: Accuracy ≈ 0.412", "(0, 0.412)", "Step 1k: ~2.91");
- one line per series with a run of values, one per x tick ("LoRA: 2.41 → 2.18 → 2.05");
- one line per series whose values name their ticks ("Series B: 12 (Q1), 15 (Q2)");
- the other way round, an opener that names an x tick (a benchmark, a cluster of bars) and one
  line per series under it ("Greedy (dark blue): 31.5%").

The x ticks are the declared axis; they are never guessed. The series names are the legend's
when the data names them as the legend does; when the legend could not be read (its entries
told in a way no metadata reading understood), the names come from the data, but only for a
chart with a legend (line or bar), and only when every point is keyed by a declared x tick.
Which way the data runs (series under openers, or ticks under openers) is read off the data:
an opener is a tick when it names one and its lines do not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from figdata.parse import lexicon, sentences
from figdata.parse.model import Item
from figdata.parse.recognize import SUMMARY_LABEL, Context, _slot
from figdata.parse.text import drop_remarks, is_bold_only, quoted, strip_markdown
from figdata.parse.ticks import AxisTicks, match_tick, mentions, resolve, without_part_word
from figdata.parse.values import NUM, Value, parse_value, split_values

#: charts whose y "ticks" are series named by a legend
LEGEND_CHARTS = lexicon.LEGEND_CHARTS

# a run of values joined by arrows: "2.41 → 2.18 → 2.05"
_ARROW = re.compile(r"\s*(?:→|->|⟶|=>)\s*")
# the counter before a numbered opener: "1.", "2)", "(b)"
_ENUMERATOR = re.compile(r"^\s*(?:\(?(?:\d{1,2}|[a-zA-Z])[.)]|\(\d{1,2}\))\s+")
_DIGIT = re.compile(r"\d")
_EMPHASIS_FIRST = re.compile(r"^\s*(\*{1,2}|_)[^*_]+\1")
_KEY_VALUE = re.compile(r"^(?P<key>.+?)\s*(?:[:=→]|->|\s)\s*(?P<value>[^\s:=]+(?:\s*\([^()]*\))?)$")
_FIELD = re.compile(rf"(?:{lexicon.SERIES_FIELD.pattern})", re.I)
# a point "(0, 0.512)", with its spread after it in some descriptions: "(0, 0.512) +/- 0.004"
_TUPLE = re.compile(
    r"^\(\s*(?P<key>[^,()]+?)\s*,\s*(?P<value>[^,()]+?)\s*\)"
    r"(?:\s*(?:±|\+/-|\+-)\s*\d+(?:\.\d+)?%?)?\s*[.;,]?$"
)
# one number in a body that may name the measure first: "Accuracy ≈ 0.412", "~31.0"
_ONE_VALUE = re.compile(
    rf"^(?:[A-Za-z][A-Za-z \-/()]*?\s*(?:[:=]|\bis\b|\bof\b)?\s*)?(?P<value>[~≈]?\s*{NUM}.*)$"
)
# a magnitude suffix on a tick ("1k") and the words of an axis label that make it the unit
_MAGNITUDES = {"k": r"thousands?|\(k\)|\bk\b", "m": r"millions?", "b": r"billions?"}


@dataclass
class Point:
    item: Item
    series: str  # the name as printed (cleaned)
    tick: str  # an x tick
    value: Value | str  # "missing" for a missing marker
    #: told in a sentence that names its series in passing, not by a line or an opener: such
    #: a point adds to the series the lines establish, it names none of its own
    weak: bool = False
    #: the file ends inside this point's line: the values before the cut are kept
    cut: bool = False


def series_name(text: str) -> str:
    """The name an opener gives a series: "**1. Retrieval-ICL (blue):** ..." -> "Retrieval-ICL"."""
    text = strip_markdown(text).strip()
    found = quoted(text)
    if found and len(found) == 1 and re.match(r"^(?:series|line|curve)?\s*[\"“`]", text, re.I):
        return found[0].strip()
    text = _ENUMERATOR.sub("", text)
    text = re.sub(rf"^(?:{lexicon.LEGEND.pattern})\s+", "", text, flags=re.I)
    text = re.split(r"\s+[—–]\s+|\s+-\s+|:\s", text)[0]
    # ("PPO (Red (solid line, circle markers))": a remark may hold brackets of its own;
    # "*Dense-350M* (trend: steadily downward)" cut at the colon leaves the bracket open)
    text = re.sub(r"(?:\s*\((?:[^()]|\([^()]*\))*\))+\s*$", "", text)
    text = re.sub(r"\s*\([^()]*$", "", text)
    return text.strip().rstrip(":.,").strip().strip("\"'`“”").strip()


def x_tick(label: str, axis: AxisTicks) -> str | None:
    """The x tick a label names, also as a multiple of the axis' unit ("Step 1k" in thousands)."""
    if len(label.split()) > 4:
        return None  # a sentence before a colon names no tick
    found = resolve(label, axis)
    if found is not None:
        return found.tick
    # "**Pre-season cluster**": the tick and the word for the part of the chart it names
    bare = without_part_word(strip_markdown(label).strip())
    if bare != strip_markdown(label).strip() and (found := resolve(bare, axis)) is not None:
        return found.tick
    m = re.match(r"^(?P<head>.*?\d)\s*(?P<mag>[kKmMbB])\b\s*$", strip_markdown(label).strip())
    if m and axis.label:
        unit = _MAGNITUDES[m.group("mag").lower()]
        if re.search(unit, axis.label, re.I):
            found = resolve(m.group("head"), axis)
            return found.tick if found is not None else None
    return None


def one_value(body: str) -> Value | str | None:
    """The single value of a point's body, a measure's name allowed before it."""
    body = strip_markdown(body).strip()
    if not body:
        return None  # "Label:" and nothing after it states no value, not even a blank one
    slot = _slot(body)
    if slot is not None:
        return slot
    m = _ONE_VALUE.match(body)
    if m is None or len(re.findall(NUM, m.group("value").split("(")[0])) != 1:
        return None
    return parse_value(m.group("value").replace("≈ ", "≈").replace("~ ", "~"))


def run_of_values(body: str) -> list[Value | str] | None:
    """The values of a series told in one line: by arrows, commas or semicolons."""
    body = strip_markdown(body).strip().rstrip(".;")
    parts = _ARROW.split(body) if _ARROW.search(body) else split_values(body)
    if len(parts) < 2:
        return None
    slots = [_slot(p) for p in parts]
    if any(s is None for s in slots):
        return None
    return slots  # type: ignore[return-value]


def _keyed_slots(body: str, axis: AxisTicks) -> list[tuple[str, Value | str]] | None:
    """Values that name their ticks: "12 (Q1), 15 (Q2)", "Q1: 12, Q2: 15", "Base 27.4",
    "(2K, 7.91), (4K, 7.64)"."""
    out = []
    for token in split_values(strip_markdown(body)):
        slot = _slot(token)
        if isinstance(slot, Value) and slot.remark and (tick := x_tick(slot.remark, axis)):
            out.append((tick, slot))
            continue
        m = _TUPLE.match(token) or _KEY_VALUE.match(token)
        tick = x_tick(m.group("key"), axis) if m else None
        slot = _slot(m.group("value")) if m else None
        if tick is None or slot is None:
            return None
        out.append((tick, slot))
    return out if len(out) >= 2 else None


def _inline(text: str, x: AxisTicks, legend: AxisTicks, loose: bool) -> list[tuple[str, Value]]:
    """Points told in sentences: "a single marker, at k=0: 0.448"; "2.31 at epoch 1"."""
    out: list[tuple[str, Value]] = []
    if not _DIGIT.search(text):
        return out
    for sentence in sentences.SENTENCE.split(strip_markdown(text)):
        out += sentences.read_sentence(sentence, x, legend, loose) or []
    return out


def _cut_run(item: Item, name: str, x: AxisTicks) -> list[Point]:
    """ "**S4**: 1.57, 3.42, 2.5" on the file's last line, short of the axis: the values before
    the cut (the last one too when a separator follows it; the cut may have taken digits)."""
    body = (item.body or "").lstrip(" :")
    run = run_of_values(body)
    if run is None or not 0 < len(run) < len(x.ticks):
        return []
    kept = run if body.rstrip().endswith((",", ";", "|")) else run[:-1]
    return [Point(item, name, t, s, cut=True) for t, s in zip(x.ticks, kept, strict=False)]


@dataclass
class _Opener:
    name: str
    item: Item
    level: int  # list indentation; -1 for a heading, a bold line or a paragraph


def _owner(text: str, legend: AxisTicks) -> str:
    """The series a label or sentence is about: its name, or the one legend entry it mentions."""
    name = series_name(text)
    if _legend_name(name, legend)[0] is not None:
        return name
    if not legend.ticks:
        return name
    named = {t for *_, t in mentions(spelt_out(strip_markdown(text), legend), legend)}
    return named.pop() if len(named) == 1 else name


def _points(
    items: list[Item],
    x: AxisTicks,
    legend: AxisTicks,
    loose: bool,
    weak: bool = True,
    last_line: int | None = None,
) -> list[Point] | None:
    """Every point the lines tell, keyed (series as printed, x tick); None on a line that
    would need a guess (a run of values of another length than the axis)."""
    out: list[Point] = []
    opener: _Opener | None = None
    for item in items:
        if item.zone in ("components", "observations", "interpretation"):
            continue
        if item.kind == "table" or item.kind == "code":
            return None  # a table is the grid readers' evidence, not this reading's
        label = strip_markdown(item.label) if item.label else None
        # ("**125M** (highest curve throughout)": a remark in brackets makes no summary)
        if label and SUMMARY_LABEL.search(drop_remarks(label)):
            continue
        # ("- Data Points (approximate):": a remark in brackets does not rename the field)
        if label is not None and _FIELD.fullmatch(drop_remarks(label)):
            # "- Color: Blue", "- Data Points:": a field of the series the opener named
            if opener is not None and (item.body or "").strip():
                run = run_of_values(item.body or "")
                keyed = _keyed_slots(item.body or "", x)
                if keyed:  # "Data points: (2K, 7.91), (4K, 7.64)": each value names its tick
                    out += [Point(item, opener.name, t, s) for t, s in keyed]
                elif run is not None and len(run) == len(x.ticks):
                    out += [
                        Point(item, opener.name, t, s) for t, s in zip(x.ticks, run, strict=True)
                    ]
                else:
                    told = _inline(item.body or "", x, legend, loose)
                    out += [Point(item, opener.name, t, v) for t, v in told]
            continue
        if opener and item.kind == "list" and opener.level >= 0 and item.level <= opener.level:
            opener = None
        if item.kind == "list" and label is None and is_bold_only(item.text):
            # "1. **Linear probe**": a bold bullet holds the bullets after it, at its depth too
            opener = _Opener(series_name(item.text), item, -1)
            continue
        first = _EMPHASIS_FIRST.match(item.text) if item.kind == "text" and not label else None
        if first and _legend_name(series_name(first.group(0)), legend)[0]:
            # "*Dense-350M* (trend: steadily downward)": a legend entry set off in emphasis
            # opens the lines after it
            opener = _Opener(series_name(first.group(0)), item, -1)
            continue
        if (
            item.kind == "bold"
            and item.body
            and weak
            and (across := _across_body(item.body, x, legend, loose))
        ):
            # "**What the bars say.** In the Base block ...": a head that names no series
            # over sentences that each give one category's values
            out += [Point(item, name, tick, v, True) for tick, name, v in across]
            continue
        if (
            item.zone == "title"
            and item.kind in ("heading", "text")
            and not _DIGIT.search(item.text)
        ):
            continue  # "Line chart: herbivore and predator counts": the figure's name
        if (
            item.kind == "heading"
            and legend.ticks
            and not _DIGIT.search(item.text)
            and _legend_name(_owner(item.text, legend), legend)[0] is None
        ):
            # ("### What the lines do" over sentences that name their own series: a section,
            # not a series the legend lacks)
            opener = None
            continue
        if item.kind in ("heading", "bold"):
            opener = _Opener(series_name(item.label or item.text), item, -1)
            if item.kind == "bold" and item.body:
                told = _inline(item.body, x, legend, loose)
                out += [Point(item, opener.name, t, v) for t, v in told]
                if not told and item.line == last_line:
                    out += _cut_run(item, opener.name, x)
            continue
        text = strip_markdown(item.text)
        # a point under an opener: "k=0: Accuracy ≈ 0.412", "(0, 0.412)", "10B: ~31.0"
        m = _TUPLE.match(text)
        if m and (tick := x_tick(m.group("key"), x)) and (slot := _slot(m.group("value"))):
            if opener is None:
                return None
            out.append(Point(item, opener.name, tick, slot))
            continue
        # ("  - 10B: 3.42; 20B: 3.31; 40B: 3.22": the first pair's key is no label of the line)
        keyed = _keyed_slots(item.text, x) if opener is not None else None
        if keyed and (label is None or len(keyed) >= 2):
            # "(1B, 3.92), (2B, 3.71), ...": a line of points under the series' opener
            out += [Point(item, opener.name, t, s) for t, s in keyed]
            continue
        if label is not None and (tick := x_tick(label, x)) is not None:
            slot = one_value(item.body or "")
            if slot is not None:
                if opener is None:
                    return None
                out.append(Point(item, opener.name, tick, slot))
                continue
        name = _owner(label, legend) if label is not None else ""
        if label is not None and item.body:
            keyed = _keyed_slots(item.body, x)
            if keyed:
                out += [Point(item, name, t, s) for t, s in keyed]
                continue
            run = run_of_values(item.body)
            if run is not None:
                if len(run) != len(x.ticks):
                    return None
                out += [Point(item, name, t, s) for t, s in zip(x.ticks, run, strict=True)]
                continue
        # an opener with a remark ("**125M** (blue line): slopes downward throughout."), whose
        # own sentences may tell a point ("It has a single marker, at k=0: 0.448")
        if label is not None and 0 < len(name.split()) <= 6:
            opener = _Opener(name, item, item.level if item.kind == "list" else -1)
            out += [
                Point(item, opener.name, t, v)
                for t, v in _inline(item.body or "", x, legend, loose)
            ]
            continue
        if item.kind not in ("text", "list") or not (weak or opener):
            continue
        # sentences: each is about the one series it names, else about the one the sentence
        # before it named ("The wolf line climbs. Its markers read 12 in 2000, ..."), else about
        # the opener's
        carried = category = None
        for sentence in sentences.SENTENCE.split(text):
            sentence = spelt_out(sentence, legend)
            named = {t for *_, t in mentions(sentence, legend)} if legend.ticks else set()
            ticks = {t for *_, t in mentions(sentence, x)}
            category = ticks.pop() if len(ticks) == 1 else None if ticks else category
            # ("In Grade 3, Phonics-first leads with 64.2. Balanced literacy is next at 58.9,
            # ...": the category the sentence before named goes on)
            if (
                len(named) >= 2
                and weak
                and (across := _across_series(sentence, x, legend, loose, category))
            ):
                # "In the Base block Resisted sled reaches 8.62, Overspeed towing 8.58 and
                # Control 8.55": one category, a value for each series it names
                out += [Point(item, name, tick, v, True) for tick, name, v in across]
                continue
            owner = named.pop() if len(named) == 1 and weak else None
            passing = owner is not None
            carried, owner = (owner, owner) if owner else (None if named else carried, carried)
            if owner is None and opener is not None and not named:
                owner = opener.name
            if owner is not None:
                told = _inline(sentence, x, legend, loose)
                if not told and passing and category:
                    # ("In Grade 3, Phonics-first leads with 64.2": one series, one value, at
                    # the category the sentence names)
                    told = [
                        (t, v)
                        for t, n, v in _across_series(sentence, x, legend, loose, category, 1)
                        if n == owner
                    ]
                out += [Point(item, owner, t, v, passing) for t, v in told]
    return out


def spelt_out(sentence: str, legend: AxisTicks) -> str:
    """``sentence`` with each series it calls by a short name spelt as the legend spells it:
    "the resisted-sled group", "the sled bar" -> "the Resisted sled group", "the Resisted sled
    bar" for the entry "Resisted sled". A short name is the entry's words joined by hyphens,
    one word of four letters or more that no other entry holds, or the singular of a plural
    ("the wolf line" for "Wolves (×10)", "the otter line" for "Otters")."""
    if len(legend.ticks) < 2:
        return sentence
    words = {t: [w for w in re.findall(r"[^\W\d_]{4,}", t)] for t in legend.ticks}
    held: dict[str, int] = {}
    for ws in words.values():
        for w in {w.casefold() for w in ws}:
            held[w] = held.get(w, 0) + 1
    marks: list[str] = []

    def mark(tick: str) -> str:
        marks.append(tick)
        return f"\x00{len(marks) - 1}\x00"

    for tick in sorted(legend.ticks, key=len, reverse=True):
        # ("new builds" for "New build": the name in the plural)
        whole = r"[\s-]+".join(re.escape(part) for part in tick.split()) + r"(?:e?s)?"
        sentence = re.sub(
            rf"(?<![\w-]){whole}(?![\w-])", lambda m, t=tick: mark(t), sentence, flags=re.I
        )
    for tick, ws in words.items():
        if len(tick.split()) < 2:
            ws = [f for f in _forms(tick)[1:] if held.get(f.casefold(), 0) == 0]  # "the otter line"
        for w in ws:
            if held.get(w.casefold(), 0) <= 1:
                forms = "|".join(map(re.escape, _forms(w))) + _stem(w, len(ws))
                sentence = re.sub(
                    rf"(?<![\w-])(?:{forms})(?![\w-])",
                    lambda m, t=tick: mark(t),
                    sentence,
                    flags=re.I,
                )
    return re.sub(r"\x00(\d+)\x00", lambda m: marks[int(m.group(1))], sentence)


def _stem(word: str, words: int) -> str:
    """An alternation for other forms of a long word of a name of several words: "preemptive"
    for "preemption" (the word less its last three letters, six at least), else ""."""
    if words < 2 or len(word) < 9:
        return ""
    return rf"|{re.escape(word[: len(word) - 3])}[a-z]{{0,4}}"


def _forms(word: str) -> list[str]:
    """The word, its singular when it is an English plural ("Wolves" -> "Wolf"), else its
    plural ("build" -> "builds")."""
    forms = [word]
    if word.lower().endswith("ves"):
        forms.append(word[:-3] + "f")
    elif word.lower().endswith("s") and not word.lower().endswith("ss"):
        forms.append(word[:-1])
    else:
        forms.append(word + "s")
    return forms


def _across_series(
    sentence: str,
    x: AxisTicks,
    legend: AxisTicks,
    loose: bool,
    carried: str | None = None,
    least: int = 2,
) -> list[tuple[str, str, Value]]:
    """(tick, series, value) of a sentence about one category that gives each series it names
    a value, read as a row of the transposed grid; [] unless it names exactly one category
    (or none, and the sentence before named ``carried``)."""
    sentence = spelt_out(sentence, legend)
    ticks = {t for *_, t in mentions(sentence, x)} or ({carried} if carried else set())
    if len(ticks) != 1:
        return []
    tick = ticks.pop()
    told = sentences.read_sentence(sentence, legend, x, loose) or []
    if len(told) < least or any(not name for name, _ in told):
        return []
    return [(tick, name, value) for name, value in told]


def _across_body(
    body: str, x: AxisTicks, legend: AxisTicks, loose: bool
) -> list[tuple[str, str, Value]]:
    """Every sentence of ``body`` read by ``_across_series``, when each sentence with a number
    is of that kind; else []."""
    out = []
    for sentence in sentences.SENTENCE.split(strip_markdown(body)):
        if not _DIGIT.search(sentence):
            continue
        if not (told := _across_series(sentence, x, legend, loose)):
            return []
        out += told
    return out


def _legend_name(name: str, legend: AxisTicks) -> tuple[str | None, bool]:
    """(the legend entry a printed series name spells, whether the entry is clipped).

    An entry is clipped when the legend reading kept only the value of a ``name=value``
    ("LoRA r=8" read as "8"): the data prints the whole name, and the whole name is the series.
    """
    if not legend.ticks:
        return None, False
    tick = match_tick(name, legend.ticks)
    if tick is not None:
        return tick, False
    # "U18 bar: 71 s": the entry and the word for what draws it
    bare = without_part_word(name)
    if bare != name and (tick := match_tick(bare, legend.ticks)) is not None:
        return tick, False
    found = resolve(name, legend)
    if found is None:
        # "RoPE" for the entry "RoPE (no scaling)": the opener dropped the entry's remark
        bare = [t for t in legend.ticks if re.sub(r"\s*\([^()]*\)\s*$", "", t) == name]
        return (bare[0], False) if len(bare) == 1 else (None, False)
    return found.tick, bool(found.prefix) and "=" in name


def _names(printed: list[str], legend: AxisTicks, chart: str) -> dict[str, str] | None:
    """Each printed series name to its series: the legend's entry, else the name as printed.

    The legend is the hypothesis. Names the data prints are taken instead only for a chart
    with a legend (its entries told in a way the metadata reading missed), and only when no
    name is a legend entry (a mixed reading would be a guess) or the legend reading clipped
    the names the data prints whole.
    """
    found = {n: _legend_name(n, legend) for n in dict.fromkeys(printed)}
    entries = [tick for tick, _ in found.values()]
    clipped = any(c for _, c in found.values())
    if all(entries) and not clipped and len(set(entries)) == len(entries):
        return {n: tick for n, (tick, _) in found.items()}  # type: ignore[misc]
    if legend.ticks and chart not in LEGEND_CHARTS:
        return None
    if any(entries) and not (clipped and all(entries) and len(set(entries)) == len(entries)):
        return None
    return {n: n for n in found}


def find(items: list[Item], best: Context, chart: str) -> Context | None:
    """The series reading of a panel, or None when its lines do not tell series."""
    x, legend = best.x, best.y
    if len(x.ticks) < 2:
        return None
    # a heatmap's rows told in sentences are the sentence reading's, not weak series points
    # ("The cells are not annotated with numbers" said in the data part: no sentence of it
    # states a cell)
    prose = best.prose_values and best.loose_sentences
    points = _points(items, x, legend, prose, weak=chart in LEGEND_CHARTS, last_line=best.last_line)
    if not points:
        return None
    strong = [p for p in points if not p.weak]
    if chart not in LEGEND_CHARTS:
        points = strong  # a heatmap's rows told in sentences are the sentence reading's
    if any(match_tick(p.series, x.ticks) for p in strong or points):
        return None  # an opener named like a tick over lines keyed by ticks: not series
    names = _names([p.series for p in strong or points], legend, chart)
    if names is None:
        return None
    if strong:
        # a sentence's series is one the lines named, spelt as the legend spells it
        for printed, final in list(names.items()):
            entry, _ = _legend_name(printed, legend)
            if entry is not None:
                names.setdefault(entry, final)
        if set(names.values()) <= set(legend.ticks):
            # (and any entry of the declared legend: "For new builds the bars read ~4.1 ..."
            # beside a line "The uninsulated retrofit bars are the shortest: ~3.2, ...")
            for entry in legend.ticks:
                names.setdefault(entry, entry)
        points = strong + [p for p in points if p.weak and p.series in names]
    if any(not n or len(n.split()) > 6 for n in names.values()):
        return None
    series = list(dict.fromkeys(names.values()))
    ticks = legend.ticks if set(series) <= set(legend.ticks) else series
    y = AxisTicks("y", legend.label, list(ticks), list(ticks))
    out = Context(best.panel, x, y, best.pair_order, best.last_line, rows_axis="y")
    out.prose_values = best.prose_values
    seen: dict[tuple[str, str], Value | str] = {}
    for p in points:
        key = (p.tick, names[p.series])
        if key in seen:
            if seen[key] != p.value and not p.weak:
                return None  # one point told twice differently: not this reading
            continue  # a sentence that repeats (or contradicts) a line adds nothing
        seen[key] = p.value
        if p.value == "missing":
            out.missing(p.tick, names[p.series], p.item, "-")
        else:
            out.cell(p.tick, names[p.series], p.value, p.item, "series")
    for p in points:
        if p.cut and not out.truncated:
            out.truncated = True
            detail = (
                f"file ends inside the row '{names[p.series]}'; the unterminated value is left out"
            )
            out.finding("truncated", "warning", detail, p.item, y=names[p.series])
    return out


def transposed(items: list[Item], best: Context, chart: str) -> Context | None:
    """Openers that name x ticks, one line per series under each: bars told cluster by cluster."""
    x, legend = best.x, best.y
    if len(x.ticks) < 2:
        return None
    rows: list[tuple[Item, str, str, Value | str]] = []  # item, tick, series name, value
    tick = None
    level = -1
    for item in items:
        if item.zone in ("components", "observations", "interpretation"):
            continue
        label = strip_markdown(item.label) if item.label else None
        if item.kind == "list" and tick is not None and level >= 0 and item.level <= level:
            tick = None
        opener_text = item.label or item.text if item.kind in ("heading", "bold") else None
        if opener_text is None and label is not None and not (item.body or "").strip():
            opener_text = label
        if opener_text is not None:
            # "4. RAR (ours):" names the tick "RAR (ours)"; "Llama (blue):" names "Llama"
            whole = _ENUMERATOR.sub("", strip_markdown(opener_text).strip()).rstrip(": ")
            found = x_tick(whole, x) or x_tick(series_name(opener_text), x)
            if found is not None:
                tick, level = found, item.level if item.kind == "list" else -1
                continue
        if tick is None or label is None or not item.body:
            continue
        slot = one_value(item.body)
        if slot is None or x_tick(label, x) is not None:
            continue
        rows.append((item, tick, series_name(label), slot))
    if len(rows) < 2:
        return None
    printed = list(dict.fromkeys(name for _, _, name, _ in rows))
    mapped = _names(printed, legend, chart)
    if mapped is None:
        return None
    ticks = list(legend.ticks) if set(mapped.values()) <= set(legend.ticks) else printed
    if any(not n or len(n.split()) > 6 for n in ticks):
        return None
    y = AxisTicks("y", legend.label, list(ticks), list(ticks))
    out = Context(best.panel, x, y, best.pair_order, best.last_line, rows_axis="y")
    out.prose_values = best.prose_values
    seen: dict[tuple[str, str], Value | str] = {}
    for item, t, name, slot in rows:
        key = (t, mapped[name] or name)
        if key in seen:
            if seen[key] != slot:
                return None
            continue
        seen[key] = slot
        if slot == "missing":
            out.missing(key[0], key[1], item, "-")
        else:
            out.cell(key[0], key[1], slot, item, "series")
    return out
