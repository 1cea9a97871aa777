"""Cells told in sentences: a row named once, then its values each tied to a column.

"In Q1 the team converted 66.3% in the Restricted area, 42.1% in the Paint ...",
"For k=1 the error falls from 0.121 at T=0.5 to 0.087 at T=2.0", "**Digit Position 1:**
Accuracy is approximately 0.9 for layers 21 and 24". A sentence (or a labelled line) that
names one row is read number by number; each number is tied to a column by the words around
it, in this order of evidence:

1. a column named right after the number ("66.3% in the Restricted area", "41.5% (Corner 3)",
   "0.9 for layers 21 and 24": one value for each column listed);
2. a column named right before it ("Restricted area 65.1%", "T=2.0: 0.087");
3. a column the words after it describe ("40.4% in the paint" for "Paint (non-RA)"): the one
   column whose name shares a word with them;
4. a row's end told without its column ("the row starts at 0.104 and ends at 0.069"): the first
   and the last column;
5. a run of exactly as many values as columns ("60.2%, 37.5%, 36.4%, 38.3% and 33.0% for the
   five zones in the order given above"): the columns in order.

A sentence is read only when every number in it finds its column this way (numbers that
bound, compare, or belong to a range are set aside first); a sentence with a number left over
gives no cell, since its numbers' places would be a guess. When the text says no value is
printed (values read off the colours), only the first two kinds of evidence count.
"""

from __future__ import annotations

import re

from figdata.parse import lexicon
from figdata.parse.accounting import numbers
from figdata.parse.matrix_prose import (
    cell_runs,
    counts_other_rows,
    opens_row,
    read_matrix_sentence,
    row_subject,
    spelled_counts,
)
from figdata.parse.model import Item
from figdata.parse.recognize import SUMMARY_LABEL, Context, bound_before
from figdata.parse.text import CLOCK, strip_markdown
from figdata.parse.ticks import AxisTicks, longest_mentions, mentions, plural_mentions, resolve
from figdata.parse.values import NUM, Value, parse_value

_DIGIT = re.compile(r"\d")
# ("62 ± 4%": one value and its uncertainty)
_PLUS_MINUS = rf"(?:\s*±\s*{NUM}(?:\s*%)?)?"
# a run of values and nothing else: "12, 15 and 18", "11.8 ± 0.2, 12.9 ± 0.4"
_VALUE_RUN_ONLY = re.compile(rf"(?:[~≈]?{NUM}\s*%?{_PLUS_MINUS}\s*(?:,\s*(?:and\s+)?|\s+and\s+)?)+")
_NUMBER = re.compile(rf"(?<![\w.\-/–—=])[~≈]?{NUM}(?![\w]|\.\d)(?:\s*%)?{_PLUS_MINUS}")
SENTENCE = re.compile(r"(?<=[a-z0-9)%])[.!?]\s+(?=[A-Z(])")
# the number after these words is a range's second end, a count of cells or a difference
_RANGE_BEFORE = re.compile(
    rf"(?:(?<=between\s)\s*(?P<low>{NUM})\s*%?\s*and|(?P<num>{NUM})\s*%?\s*(?:-|–|—|\bto))\s*$",
    re.I,
)
# a tick named after a tie word: "at epoch 1", "by step 10", "for T=0.5"
_TIED_TICK = re.compile(
    r"\b(?:at|by|for|in|on|after|from|to|until)\s+(?:the\s+)?(?P<tick>[A-Za-z][\w-]*\s*=?\s*[\w.%]+)",
    re.I,
)
# ticks listed after the axis' name: "layers 21 and 24"
_TICK_LIST = re.compile(
    r"\b(?P<name>[A-Za-z][\w-]*)\s+(?P<rest>\d[\w.%]*(?:\s*(?:,|and|&)\s*\d[\w.%]*)+)"
)
_NOT_A_VALUE_AFTER = re.compile(
    r"^\s*(?:%\s*)?(?:-|–|—|to\s+[~≈]?[+\-−]?\d|times\b|x\b|×|points?\b|pp\b|of\s+(?:the\s+)?\d|"
    r"cells?\b|rows?\b|columns?\b|more\b|less\b|fewer\b|lower\b|higher\b|above\b|below\b|"
    # ("passes the 60 gridline by January": a place on the value axis, not a value)
    rf"{lexicon.AXIS_MARK.pattern})",
    re.I,
)
# words that tie a value to the column named after it
_TIE_AFTER = r"(?:\s*(?:at|in|for|from|on|with|under|of|across|by|—|–|-|:)?\s*(?:the\s+)?)"
_START = re.compile(
    r"\b(?:starts?|starting|begins?|beginning|opens?)\b[^.;:\d]{0,40}?(?:\bat\s+|\bfrom\s+|,\s*)?$",
    re.I,
)
_END = re.compile(r"\b(?:ends?|ending|finish(?:es)?|closes?)\b[^.;:\d]{0,20}?(?:\bat\s+)?$", re.I)
_FROM = re.compile(r"\bfrom\s*$", re.I)
_FROM_TO = re.compile(r"^\s*(?:(?:down|up|back)\s+)?to\s*$", re.I)
_CLAUSE = re.compile(r"[,;—–]|\b(?:and|while|but|with|whereas)\b")
_NAMED_BEFORE = re.compile(
    rf"^\s*(?P<name>.+?)\s*(?:[:=]|\bof\b|(?P<verb>{lexicon.STATES.pattern})(?:\s+(?:about|around|"
    r"roughly|approximately|only|just))?)?\s*$",
    re.I,
)
#: "52 correct": in a matrix whose axes share their classes, the cell on the diagonal
_DIAGONAL = re.compile(
    r"^\s*(?:were\s+|are\s+)?(?:correct(?:ly)?|right)\b(?![^,;]*\b(?:as|to|for|in)\b)", re.I
)
_THREE_WORDS = re.compile(r"\s*(?:\S+\s*){0,3}")
_CONJUNCTION = re.compile(r"(?:and|but|or|while|whereas|then)\b", re.I)
_STOP = {"the", "a", "an", "in", "at", "from", "on", "of", "for", "to", "with", "by", "and", "its"}


def _stems(text: str) -> set[str]:
    words = re.findall(r"[a-z]+", text.lower())
    return {(w[:-1] if w.endswith("s") and len(w) > 3 else w)[:5] for w in words} - _STOP


def _ticks_listed(m: re.Match, axis: AxisTicks) -> list[str]:
    """The ticks of "layers 21 and 24" (the axis named once), or [] unless each is one."""
    parts = [p for p in re.split(r"\s*(?:,|\band\b|&)\s*", m.group("rest")) if p]
    hits = [resolve(f"{m.group('name')} {p}", axis) for p in parts]
    return [h.tick for h in hits] if all(hits) else []  # type: ignore[union-attr]


def _enumerated(text: str, axis: AxisTicks) -> list[str]:
    """The columns named right after a value: "at T=0.5", "(Corner 3)", "layers 21 and 24"."""
    m = re.match(rf"^{_TIE_AFTER}", text, re.I)
    rest = re.split(r"[,;]|\s[—–]\s|\bwhile\b|\bthen\b", text[m.end() if m else 0 :])[0]
    rest = rest.strip()
    if _CONJUNCTION.match(rest):
        return []  # "6 and the 50 m tile reads 5": the next clause names its own column
    head = _TICK_LIST.match(rest)
    if head and (ticks := _ticks_listed(head, axis)):
        return ticks
    words = re.split(r"\s+(?:and|to)\s+", rest)[0].split()
    for k in range(min(len(words), 4), 0, -1):
        hit = resolve(" ".join(words[:k]).strip("()"), axis)
        if hit is not None:
            return [hit.tick]
    return []


def _after(text: str, axis: AxisTicks, spans) -> list[str]:
    """Columns named right after a number: within a short tie, or in brackets."""
    found = _enumerated(text, axis)
    if found:
        return found
    # a named column within a few words: "63.9% at the rim (Restricted area)"
    window = re.split(r"[,;]|\s—|\band\b|\bwhile\b", text, maxsplit=1)[0]
    found = mentions(window[:80], axis)
    named = {t for *_, t in found}
    # ("64% of patients were seen over the opening stretch (05-08)": a column in brackets
    # closes the phrase)
    bracketed = len(found) == 1 and window[found[0][0] - 1 : found[0][0]] == "("
    if len(named) == 1 and (len(window.split()) <= 6 or bracketed):
        return [named.pop()]
    return []


def _before(text: str, axis: AxisTicks) -> str | None:
    """A column named right before a number: "Restricted area 65.1%", "T=2.0: 0.087"."""
    tail = re.split(r"[,;(]|\band\b|\bwhile\b|—", text)[-1]
    m = _NAMED_BEFORE.match(tail)
    if not m or not m.group("name").strip():
        return None
    hit = resolve(m.group("name"), axis)
    if hit is not None:
        return hit.tick
    if m.group("verb"):
        # "The 2018 column at 3000 m is printed as −2.47": the subject names one column
        named = {t for *_, t in mentions(m.group("name"), axis)}
        return named.pop() if len(named) == 1 else None
    return None


def _described(text: str, axis: AxisTicks) -> str | None:
    """The one column whose name shares a word with the words after a number."""
    window = re.split(r"[,;.]|\band\b|\bwhile\b|—", text, maxsplit=1)[0]
    words = _stems(window)
    if not words or len(window.split()) > 5:
        return None
    hits = [t for t in axis.ticks if _stems(t) & words]
    return hits[0] if len(hits) == 1 else None


def _row_of(text: str, rows: AxisTicks) -> str | None:
    # ("The Pine cell of this row is 0", "the 4K and 16K columns": classes that name cells or
    # columns are no row)
    found = mentions(text, rows)
    cells = {a for run in cell_runs(text, found) for a, _, _ in run}
    named = {t for a, _, t in found if a not in cells}
    if not named and (first := _NUMBER.search(text)):
        # "On weekdays, 64% of seats were taken ...": the row named in the plural, as the
        # subject (before any value; "... labels a few points with their values" names no row)
        named = {t for *_, t in plural_mentions(text[: first.start()], rows)}
    return named.pop() if len(named) == 1 else None


_VALUE_AT_SIGN = re.compile(r"(?<=[\d%])\s*@\s*(?=\S)")
_ZERO_PADDED = re.compile(r"0\d+")


def read_sentence(
    sentence: str,
    cols: AxisTicks,
    rows: AxisTicks,
    loose: bool,
    subject: int = 0,
    row: str | None = None,
) -> list[tuple[str, Value]] | None:
    """(column, value) for every number in a sentence about one row, or None.

    ``cols``: the axis the values run along; ``rows``: the other axis (its ticks named in the
    sentence are no values). ``subject``: where the row's name ends when the sentence opens
    with it; a number before it counts the row ("Of the 50 true thrush recordings"), it is
    no cell. ``row``: the row of a matrix whose axes share their classes, where "52 correct"
    names the cell on the diagonal.
    """
    if row is not None and counts_other_rows(sentence, rows, row):
        return None  # "9 points were called fist and 4 fists were called point"
    sentence = _VALUE_AT_SIGN.sub(" at ", sentence)  # "96.8 @ 200": the value at the tick
    sentence = _respectively(sentence, cols)
    spans = [(a, b) for a, b, _ in mentions(sentence, cols) + mentions(sentence, rows)]
    spans += [m.span("rest") for m in _TICK_LIST.finditer(sentence) if _ticks_listed(m, cols)]
    spans += [
        m.span("tick") for m in _TIED_TICK.finditer(sentence) if resolve(m.group("tick"), cols)
    ]
    # ("from about 01:00 to 05:00": the numbers of a time of day are no values)
    spans += [m.span() for m in CLOCK.finditer(sentence)]
    masked = lexicon.SCALE_END.regex.sub(lambda m: " " * len(m.group(0)), sentence)
    numbers = []
    for m in _NUMBER.finditer(sentence):
        if any(a <= m.start() < b for a, b in spans) or m.start() < subject:
            continue
        before, after = sentence[: m.start()], sentence[m.end() :]
        if bound_before(before) or _NOT_A_VALUE_AFTER.match(after):
            continue
        if lexicon.ABOVE_OTHER.regex.match(after):
            continue  # "ends 16 pages above Control": a difference
        if re.search(r"\b(?:through|thru|until)\s*$", before, re.I):
            continue
        if _ZERO_PADDED.fullmatch(m.group(0)):
            continue  # "roughly 00 to 05": an hour or a code, never a measured value
        lower = _RANGE_BEFORE.search(before)
        if lower and not any(a <= lower.start(lower.lastgroup or 0) < b for a, b in spans):
            continue  # "0.0 to 0.1", "between 20 and 45": the second end of a range
        # ("31 at 100 m, the brightest tiles sitting in the far column": an extreme word
        # far after the number names a place; "0.95 is the highest" names the value)
        opened, closing = _CLAUSE.split(masked[: m.start()])[-1], _CLAUSE.split(after)[0]
        near = _THREE_WORDS.match(closing)
        if lexicon.EXTREME.search(opened) or any(
            e.start() < near.end() for e in lexicon.EXTREME.regex.finditer(closing)
        ):
            continue  # "the highest, 0.95": a claim about a cell, not a statement of one
        numbers.append(m)
    if not numbers:
        return None
    placed: list[tuple[str, Value]] = []
    loose_hits: list[tuple[int, str]] = []
    consumed: set[int] = set()
    # each value in the sentence's order with its column: "" when none is named, None when
    # it names several
    walk: list[tuple[str | None, Value]] = []
    for i, m in enumerate(numbers):
        if i in consumed:
            continue
        value = parse_value(m.group(0))
        if value is None:
            return None
        after, before = sentence[m.end() :], sentence[: m.start()]
        if row is not None and _DIAGONAL.match(after):
            placed.append((row, value))
            continue
        ticks = _after(after, cols, spans) or (
            [t] if (t := _before(before, cols)) is not None else []
        )
        if (
            len(ticks) == 1
            and i + 1 < len(numbers)
            and re.fullmatch(_TIE_AFTER, sentence[m.end() : numbers[i + 1].start()], re.I)
            and (hit := resolve(numbers[i + 1].group(0), cols)) is not None
            and hit.tick == ticks[0]
        ):
            consumed.add(i + 1)  # "23.7 in 2019": the number after the tie is the column
        if not ticks and loose and m.group(0) in cols.ticks:
            # "only begins a sustained rise after 2016": a number that spells a tick and that
            # no tie places is that tick named, not a value at a place guessed for it
            continue
        if not ticks and loose:
            if (t := _described(after, cols)) is not None:
                ticks = [t]
            elif _START.search(before) or (
                _FROM.search(before)
                and i + 1 < len(numbers)
                and _FROM_TO.match(sentence[m.end() : numbers[i + 1].start()])
            ):
                ticks = [cols.ticks[0]]
            elif _END.search(before) or (
                i > 0
                and _FROM_TO.match(sentence[numbers[i - 1].end() : m.start()])
                and _FROM.search(sentence[: numbers[i - 1].start()])
            ):
                ticks = [cols.ticks[-1]]
        walk.append((ticks[0] if len(ticks) == 1 else "" if not ticks else None, value))
        if not ticks:
            loose_hits.append((i, ""))
            continue
        placed += [(t, value) for t in ticks]
    if loose_hits:
        # a run of as many values as columns, in the columns' order
        if [n.group(0) for n in numbers] == cols.ticks:
            return None  # "marked every three hours (00, 03, ..., 21)": the ticks, not values
        if loose and len(numbers) == len(cols.ticks) and len(loose_hits) >= len(numbers) - 1:
            run = sentence[numbers[0].start() : numbers[-1].end()]
            if _VALUE_RUN_ONLY.fullmatch(run):
                values = [parse_value(n.group(0)) for n in numbers]
                return list(zip(cols.ticks, values, strict=True))  # type: ignore[arg-type]
        if loose and row is None and _walks_the_columns(walk, cols.ticks):
            # "64% over the opening stretch (05-08), 48% through the summer, 71% in the autumn
            # and 39% over the winter": as many values as columns, those whose column is named
            # each at its own place, the others between them in order (not in a matrix of
            # counts: its row's own class may come first, "44 correctly, 7 as ...")
            return [(tick, value) for tick, (_, value) in zip(cols.ticks, walk, strict=True)]
        return None
    if len({t for t, _ in placed}) != len(placed):
        return None  # two values for one column: the sentence compares, it does not state
    return placed


_VALUE_RUN = rf"[~≈]?{NUM}\s*%?(?:\s*,\s*[~≈]?{NUM}\s*%?)*,?\s+and\s+[~≈]?{NUM}\s*%?"
_RESPECTIVELY = re.compile(
    rf"\b(?:are|were|is|was|reads?|of|at)\s+(?P<values>{_VALUE_RUN}),?\s+respectively\b", re.I
)


def _respectively(sentence: str, cols: AxisTicks) -> str:
    """'the values for Q4 and Q8 are 37 and 52 respectively' told as '37 for Q4 and 52 for
    Q8': the columns named before the verb take the values after it, in order."""
    m = _RESPECTIVELY.search(sentence)
    if m is None:
        return sentence
    values = re.findall(rf"[~≈]?{NUM}\s*%?", m.group("values"))
    named = mentions(sentence[: m.start()], cols)
    if len(named) < len(values):
        return sentence
    named = named[-len(values) :]
    between = sentence[named[0][0] : named[-1][1]]
    pairs = zip(named, named[1:], strict=False)
    listed = "".join(sentence[b:a] for (_, b, _), (a, _, _) in pairs)
    if not re.fullmatch(r"(?:\s*,\s*|\s*,?\s+and\s+)*", listed) or len(between) > 120:
        return sentence  # the columns must be one list: "Q4 and Q8", "Q1, Q2 and Q4"
    told = ", ".join(f"{v.strip()} for {t}" for v, (*_, t) in zip(values, named, strict=True))
    return sentence[: named[0][0]] + told + sentence[m.end() :]


def _walks_the_columns(walk: list[tuple[str | None, Value]], ticks: list[str]) -> bool:
    """As many values as columns, one or more tied to its column, each tied one at its place."""
    if len(walk) != len(ticks) or len(ticks) < 3:
        return False
    named = [(i, t) for i, (t, _) in enumerate(walk) if t != ""]
    return bool(named) and all(t == ticks[i] for i, t in named)


def _read_item(
    item: Item, rows: AxisTicks, cols: AxisTicks, no_values: bool
) -> list[tuple[str, str, Value]]:
    """(column, row, value) of the sentences of one line."""
    label = strip_markdown(item.label) if item.label else None
    if label is not None and len(label.split()) > 6:
        label = None  # the text before a colon is a sentence, not a label
    if label and SUMMARY_LABEL.search(label):
        return []
    row = None
    if label is not None and (hit := resolve(label, rows)) is not None:
        row, text = hit.tick, strip_markdown(item.body or "")
    else:
        text = strip_markdown(item.text)
    out = []
    square = set(rows.ticks) == set(cols.ticks)
    said = SENTENCE.split(text)
    if not square:
        said = [clause for sentence in said for clause in _row_clauses(sentence, rows, cols)]
    for sentence in said:
        if square:
            sentence = spelled_counts(sentence)  # "Two went to Yellow, one to Blackpoll"
        if not _DIGIT.search(sentence):
            # "Space heating dominates the winter picture. Its Winter bar reaches 11.4": a
            # sentence without a number may still open the row the next ones go on with (in a
            # matrix, as its subject: "The Blackpoll row is the weakest.")
            if label is None and not square and (opened := _row_of(sentence, rows)) is not None:
                row = opened
            elif label is None and square and (found := row_subject(sentence, rows)):
                row = found[0]
            continue
        if (
            not square
            and label is None
            and (across := _down_a_column(sentence, rows, cols, not no_values))
        ):
            # "At 6 h, ZmDREB2A already sits at 2.1 and ZmNAC111 at 1.4": one column, a value
            # for each row it names
            out += across
            continue
        named = _row_of(sentence, rows)
        if square and row is not None and named is not None:
            found = row_subject(sentence, rows)
            if found is None or found[0] != named or not opens_row(sentence, found):
                named = None  # "The model sent 2 of them to Treefrog": the row before's column
        subject = 0
        if named is None and square and (found := row_subject(sentence, rows)) is not None:
            if opens_row(sentence, found):
                named, _, subject = found
        if label is None or row is None or named is not None:
            # (in a matrix whose axes share their classes the classes a sentence names are its
            # columns: a sentence without a subject of its own goes on with the row before it,
            # "For true Thrush, ... 84 correctly. It confused 11 with Robin, ...")
            row = named or (row if square or not mentions(sentence, rows) else None)
        if row is None:
            continue
        told = read_sentence(
            sentence, cols, rows, loose=not no_values, subject=subject, row=row if square else None
        )
        if told is None and square and not no_values:
            told = read_matrix_sentence(sentence, cols, row)
        out += [(tick, row, value) for tick, value in told or []]
    return out


_CLAUSE_BEFORE = re.compile(
    r"(?:[,;]\s*(?:(?:and|but|while|whereas)\s+)?|\s+(?:while|whereas)\s+)$"
)


def _row_clauses(sentence: str, rows: AxisTicks, cols: AxisTicks) -> list[str]:
    """'On Sat the counts are 1.4, 5.9 and 8.2, and Sun is quieter, at 0.9, 4.8 and 7.6': a
    sentence that gives two rows their values, cut where a clause names the next row (each
    part must hold two values or more, and a sentence that names one column is that column's
    values, read down it)."""
    if len({t for *_, t in mentions(sentence, cols)}) == 1:
        return [sentence]  # "At 6 h, A sits at 2.1 ...; B at 0.3 and C at 0.2": one column's
    found = longest_mentions(mentions(sentence, rows))
    cuts, seen = [], {found[0][2]} if found else set()
    for start, _, tick in found[1:]:
        if tick not in seen and (m := _CLAUSE_BEFORE.search(sentence[:start])):
            cuts.append(m.start())
        seen.add(tick)
    if not cuts:
        return [sentence]
    bounds = [0, *cuts, len(sentence)]
    parts = [sentence[a:b].strip(" ,;") for a, b in zip(bounds, bounds[1:], strict=False)]
    if all(_values_in(p, rows, cols) >= 2 for p in parts):
        return parts
    return [sentence]


def _values_in(text: str, rows: AxisTicks, cols: AxisTicks) -> int:
    """Numbers in a clause that are not a tick named."""
    spans = [(a, b) for a, b, _ in mentions(text, cols) + mentions(text, rows)]
    return sum(not any(a <= m.start() < b for a, b in spans) for m in _NUMBER.finditer(text))


def _down_a_column(
    sentence: str, rows: AxisTicks, cols: AxisTicks, loose: bool
) -> list[tuple[str, str, Value]]:
    """(column, row, value) of a sentence that names one column and gives two or more of its
    rows a value each, read as a row of the transposed grid; else []."""
    named = {t for *_, t in mentions(sentence, cols)}
    if len(named) != 1 or len({t for *_, t in mentions(sentence, rows)}) < 2:
        return []
    col = named.pop()
    told = read_sentence(sentence, rows, cols, loose=loose) or []
    if len(told) < 2 or any(not r for r, _ in told):
        return []
    return [(col, r, value) for r, value in told]


def find(items: list[Item], best: Context, no_values: bool) -> Context | None:
    """``best`` with the cells that lines it left unread tell in sentences, or None."""
    rows, cols = (best.y, best.x)
    if not rows.ticks or not cols.ticks or best.rows_axis != "y":
        return None
    flagged = {f["line"] for f in best.findings if f["line"]}
    out = Context(best.panel, best.x, best.y, best.pair_order, best.last_line)
    out.prose_values = best.prose_values
    out.cells = list(best.cells)
    out.findings = list(best.findings)
    out.addressed = set(best.addressed)
    added = 0
    told: dict[tuple[str, str], set[float]] = {}
    on_line: dict[int, set[tuple[str, str, float]]] = {}
    for c in best.cells:
        told.setdefault((c["x"], c["y"]), set()).add(c["value"])
        on_line.setdefault(c["line"], set()).add((c["x"], c["y"], c["value"]))
    for item in items:
        if item.line in flagged or item.kind not in ("text", "list", "bold"):
            continue
        if not _DIGIT.search(item.text) or len(on_line.get(item.line, ())) >= len(
            numbers(item.text)
        ):
            continue  # no number, or every number of the line is a cell already
        if item.zone in ("components", "observations", "interpretation"):
            continue
        found = _read_item(item, rows, cols, no_values)
        # a line another reading used is read again only to complete it: every cell that
        # reading placed must come out the same
        if item.line in on_line and not on_line[item.line] <= {
            (x, y, v.value) for x, y, v in found
        }:
            continue
        for tick, row, value in found:
            if (tick, row) in out.addressed:
                if value.value not in told.get((tick, row), ()):
                    return None  # a cell told twice, differently: not this reading
                if item.line in on_line:
                    continue
                # (told again on a line of its own: kept, so that its number is placed; the
                # parser keeps one of two equal statements of a cell)
            out.cell(tick, row, value, item, "sentence")
            added += 1
    return out if added else None
