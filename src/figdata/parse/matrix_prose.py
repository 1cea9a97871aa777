"""Counts of a confusion matrix told in sentences, one row per sentence.

"Only 31 robin clips were predicted as robin; 12 were confused with thrush and 5 went to
finch", "Finch clips were predicted as finch 42 times and as robin 6 times": a count is tied
to a class by where the class stands in the count's own clause, not by a list of verbs.
"""

from __future__ import annotations

import re

from figdata.parse import lexicon
from figdata.parse.ticks import AxisTicks, mentions, plural_mentions
from figdata.parse.values import NUM, Value, parse_value

_NUMBER = re.compile(rf"(?<![\w.\-/–—=])[~≈]?{NUM}(?![\w]|\.\d)(?:\s*%)?")
# what ends the words that tie a count to its class: a clause break, or the next count
_COUNT_CLAUSE_END = re.compile(
    r"[,;:]|(?<=[a-z])[.!?]\s|\band\b|\bwhile\b|\bwhereas\b|\bbut\b", re.I
)
_COLUMN = re.compile(r"\s+columns?\b", re.I)
#: a class named with the word for a cell or a column after it: "the Pine cell", "the 16K
#: columns" name no row
NAMES_A_CELL = re.compile(r"\s+(?:cells?|columns?)\b", re.I)
_ON_DIAGONAL = re.compile(r"\b(?:correct(?:ly)?|right(?:ly)?|on\s+the\s+diagonal)\b", re.I)
# a count of the row's own items, not a cell: "Each true class contains 50 clips", "of 50"
_TOTAL_BEFORE = re.compile(r"\b(?:of|out\s+of)\s*$", re.I)


def read_matrix_sentence(
    sentence: str, classes: AxisTicks, row: str
) -> list[tuple[str, Value]] | None:
    """(column, count) for every count of a sentence about one row of a confusion matrix.

    "Only 31 robin clips were predicted as robin; 12 were confused with thrush ... and 5 went
    to finch", "Finch clips were predicted as finch 42 times and as robin 6 times": each count
    is tied to the class named after it within its clause (a class right after the count is
    the row restated: "4 thrush clips"), to the row's own class by "correctly" or "on the
    diagonal", or else to the class named right before it. Every count must find a class,
    and no class twice, or the sentence gives nothing.
    """
    named = mentions(sentence, classes)
    own = counted_rows(sentence, classes)
    if any(t != row for t in own.values()):
        return None  # "5 sparrows were labelled finch and 6 finches ...": rows of their own
    if any(t != row for _, t in clause_subjects(sentence, named)):
        return None  # "..., and true Blackbird clips were labelled Robin 6 times": another row
    if not named or any(t == row and _COLUMN.match(sentence, b) for _, b, t in named):
        return None  # "... sit in the Coil column; 40 strand residues go there": a column's
    counts = [
        m
        for m in _NUMBER.finditer(sentence)
        if not any(a <= m.start() < b for a, b, _ in named)
        and not (m.group(0).endswith("%") or _TOTAL_BEFORE.search(sentence[: m.start()]))
    ]
    if not counts:
        return None
    out: list[tuple[str, Value]] = []
    for i, m in enumerate(counts):
        value = parse_value(m.group(0))
        if value is None or not float(value.value).is_integer():
            return None  # counts are whole numbers; "19.4 vs ... 17.5" compares scores
        opened = _COUNT_CLAUSE_END.split(sentence[: m.start()])[-1]
        if lexicon.EXTREME.search(opened):
            return None  # "the classifier is strongest on robins (45 ...)": a claim
        if _BOUND_BEFORE.search(opened):
            return None  # "Anything into or out of sw is below about 40": a bound, no cell
        end = counts[i + 1].start() if i + 1 < len(counts) else len(sentence)
        cut = _COUNT_CLAUSE_END.search(sentence[m.end() : end])
        window_end = m.end() + cut.start() if cut else end
        window = sentence[m.end() : window_end]
        after = [(a, t) for a, b, t in named if m.end() <= a < window_end]
        if after and own.get(m.end()) == row == after[0][1]:
            after = after[1:]  # "4 thrush clips were mistaken for robin": the row restated
        said = {t for *_, t in named}
        if _ON_DIAGONAL.search(window) or _DIAGONAL_SHOWS.search(opened):
            tick = row  # "... 39 on the diagonal", "the diagonal shows 41"
        elif after:
            tick = after[0][1]
        elif (
            said == {row}
            and len(counts) == 1
            and _TIMES.fullmatch(window)
            and not _CONFUSED.search(sentence)
        ):
            tick = row  # "Magnolia clips were recognised 46 times": no other class is named
        elif cells := _cells_before(sentence, m.start(), named, counts[i - 1].end() if i else 0):
            # "the Blackpoll and Palm cells in that row read 0": the cells named, one value
            out.extend((t, value) for t in cells)
            continue
        else:
            start = counts[i - 1].end() if i else 0
            before = [t for a, b, t in named if start <= a and b <= m.start()]
            gap = sentence[max((b for a, b, _ in named if b <= m.start()), default=0) : m.start()]
            # ("None are called robin (0)": the count in brackets after the one class a verb
            # of its clause names; "thrush predicted as warbler (6)" names a row of its own,
            # "with wren (57) and finch (54) the best" no verb)
            bracket = (
                gap.strip() == "("
                and len(mentions(opened, classes)) == 1
                and _VERB.search(opened) is not None
            )
            if not before or (gap.strip() and not bracket):
                return None
            tick = before[-1]  # "as finch 42 times": the class right before the count
        out.append((tick, value))
    if len({t for t, _ in out}) != len(out):
        return None
    return out


_BOUND_BEFORE = re.compile(
    rf"(?:{lexicon.BOUND.pattern})(?:\s+(?:about|around|roughly|some))?\s*$", re.I
)
# "the diagonal shows 41", "the diagonal entry is 38": the count the row's own class holds
_DIAGONAL_SHOWS = re.compile(r"\bdiagonal\b(?:\s+[a-z]+){0,3}\s*$", re.I)
# words that say a count went elsewhere, so a count beside the row's own name alone is no
# diagonal cell ("Robin was confused 5 times")
_CONFUSED = re.compile(r"\b(?:confus|mistak|wrong|miss|error|off-diagonal)", re.I)
# what may follow such a count: nothing, or the word that makes it a count of events
_TIMES = re.compile(r"\s*(?:times?\b)?\s*[.!]?\s*", re.I)
# "the Pine cell of this row is 0", "the Blackpoll and Palm cells in that row read 0": the
# classes of a run, then the word "cell", then words up to the count
_CELL_WORDS = re.compile(r"\s*cells?\b[^\d]*$", re.I)
#: what joins the classes of a run: "A, B and C", "A or B"
RUN_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)", re.I)


def cell_runs(text: str, named) -> list[list[tuple[int, int, str]]]:
    """The runs of mentions (start, end, class) that name cells or columns: "the Blackpoll and
    Palm cells", "the 4K and 16K columns" (classes joined by "and" or commas, the last one
    followed by the word for a cell or a column)."""
    found, runs = sorted(named), []
    i = len(found) - 1
    while i >= 0:
        if not NAMES_A_CELL.match(text, found[i][1]):
            i -= 1
            continue
        run, i = [found[i]], i - 1
        while i >= 0 and RUN_JOIN.fullmatch(text[found[i][1] : run[0][0]]):
            run.insert(0, found[i])
            i -= 1
        runs.append(run)
    return runs


def _cells_before(sentence: str, at: int, named, start: int) -> list[str]:
    """The classes whose cells the words before the count at ``at`` name ("the Blackpoll and
    Palm cells in that row read 0"), or [] when the words are not of that shape."""
    for run in cell_runs(sentence, [m for m in named if start <= m[0] and m[1] <= at]):
        if _CELL_WORDS.match(sentence, run[-1][1], at):
            return [t for *_, t in run]
    return []


_SPELLED_COUNT = re.compile(
    rf"\b(?P<word>{'|'.join(lexicon.NUMBER_WORDS)}|zero)\b"
    r"(?=\s+(?:went|were|was|are|is|got|to|as|for|into|under|with)\b)",
    re.I,
)


def spelled_counts(text: str) -> str:
    """Counts told in words before the verb or preposition that ties them to a class ("Two
    went to Yellow, one to Blackpoll") as digits, padded so every position stays where it was;
    "the remaining nine clips" and "fifty Yellow clips" count the row's items and stay."""

    def digits(m: re.Match) -> str:
        word = m.group("word").lower()
        number = str(0 if word == "zero" else lexicon.NUMBER_WORDS[word])
        return number.ljust(len(m.group(0)))

    return _SPELLED_COUNT.sub(digits, text)


# a clause after the first, opened by a class that its verb follows: "and true Blackbird clips
# were labelled Robin"
_LATER_CLAUSE = re.compile(
    r"(?:;|,\s+(?:and|while|whereas|but))\s+(?:(?:the|true|actual)\s+)?$", re.I
)
# (the class with a noun of its own: "Blackbird clips were", not "wren got 2", "robin is 3")
_SUBJECT_VERB = re.compile(r"\s+(?:[a-z]+\s+){1,2}(?:were|was|are|is)\b")


def clause_subjects(sentence: str, named) -> list[tuple[int, str]]:
    """(where, class) of every later clause whose subject is a class of its own."""
    return [
        (a, t)
        for a, b, t in named
        if _LATER_CLAUSE.search(sentence[:a]) and _SUBJECT_VERB.match(sentence, b)
    ]


def row_subject(sentence: str, rows: AxisTicks) -> tuple[str, int, int] | None:
    """The row a sentence of a matrix is about: the class it names first, in its first clause.

    "Of the 50 true thrush recordings, 41 went to thrush, 5 to wren": the classes named after
    the values are the columns. Returns (row, where its name starts, where it ends).
    """
    found = sorted(mentions(sentence, rows))
    first = _NUMBER.search(sentence)
    plural = plural_mentions(sentence[: first.start()] if first else "", rows)
    if plural and (not found or plural[0][0] < found[0][0]):
        found = plural  # "For true warblers, 4 were predicted as thrush": the subject
    if not found:
        return None
    start, end, tick = found[0]
    if NAMES_A_CELL.match(sentence, end):
        return None  # "the entries in the Coil column", "the Pine cell": a column, not the row
    if _VERB.search(_COUNT_CLAUSE_END.split(sentence[:start])[-1]):
        return None  # "None are called robin (0)": a verb's object, not the sentence's row
    for m in _NUMBER.finditer(sentence[:start]):
        if re.search(r"[,;:]", sentence[m.end() : start]):
            return None  # a value in an earlier clause: the sentence does not open with its row
    return tick, start, end


def opens_row(sentence: str, found: tuple[str, int, int]) -> bool:
    """Whether the class ``row_subject`` found is the sentence's row: no count stands before
    it, or the count before it counts the row's own items ("Only 31 robin clips", "Of the 50
    true robin recordings"); a count tied to it by a preposition names a column ("412 for
    Helix", "It confused 11 with Robin")."""
    before = list(_NUMBER.finditer(sentence[: found[1]]))
    if not before:
        return True
    gap = sentence[before[-1].end() : found[1]]
    return len(gap.split()) <= 2 and not _TIE.search(gap)


# the small words that join a count to what follows it, not names ("4 were labelled point
# and 2 wave", "15 of them")
_LINKS = r"and|or|but|of|to|as|in|into|on|at|for|with|under"
_VERBS = r"is|are|was|were|been|got|went|called"
# what ties a count to a column ("11 with Robin", "15 were labelled Warbler")
_TIE = re.compile(rf"\b(?:{_LINKS}|{_VERBS})\b", re.I)
_VERB = re.compile(rf"\b(?:{_VERBS})\b", re.I)


def counts_other_rows(sentence: str, rows: AxisTicks, row: str) -> bool:
    """Whether a count of the sentence is told of another row's items: "9 points were called
    fist and 4 fists were called point" is about two rows ("4 thrush clips" in the thrush row
    is not)."""
    # a plural ("4 fists"), or a name before a noun ("4 thrush clips"); a bare name after a
    # count is a column told short ("4 were labelled point and 2 wave")
    return any(t != row for t in counted_rows(sentence, rows).values())


def counted_rows(sentence: str, rows: AxisTicks) -> dict[int, str]:
    """{where a count ends: the class whose items it counts}: "9 true sparrow clips", "4
    fists", "31 robin clips" (a name and a noun after the count, a word or two of its own
    before the name); a bare name after a count ("and 2 wave") is a column told short."""
    named = {a: t for a, _, t in plural_mentions(sentence, rows)}
    named |= {a: t for a, b, t in mentions(sentence, rows) if _NOUN_AFTER.match(sentence, b)}
    out = {}
    for m in _NUMBER.finditer(sentence):
        for a, t in named.items():
            if a >= m.end() and _OWN_WORDS.fullmatch(sentence[m.end() : a]):
                out[m.end()] = t
                break
    return out


# what may stand between a count and the class it counts: "9 true sparrow clips"
_OWN_WORDS = re.compile(rf"\s+(?:(?!(?:{_LINKS})\b)[a-z]+\s+){{0,2}}")
# a noun after a class: "4 thrush clips"
_NOUN_AFTER = re.compile(rf"\s+(?!(?:{_LINKS})\b)[a-z]{{3,}}\b")
