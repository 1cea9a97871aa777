"""Claims: every numeric statement the prose makes about the data, as structured records.

Kinds (one record per statement, several per sentence when it makes several):

========== ============================================= ====================================
kind       example                                       fields besides text, line, panel
========== ============================================= ====================================
max / min  "Peak Value: 49.3 at (Ratio=0.3, Window=2000)" x, y (one record per cell named),
           "Peak performance (24)"                       value
range      "Range: 1 to 38", "values span ~24–31",       value (low), value_hi (high),
           "(AIME25: ~24-31, AIME24: ~39-49)"            subject (the panel named, if any)
bound      "for y=10 is uniformly poor (≤4)"             axis and tick of the row/column,
                                                         relation (le, lt, ge, gt), value
identical  "identical rows for y=9 and y=10"             axis, tick, tick2
improved   "Every cell shows improvement"                relation (higher / lower)
trend      "increases with increasing Window Size"       axis (the one the value moves
                                                         along), relation (increasing /
                                                         decreasing), tick (a single line)
panel_rank "AMC23 is the highest of the four"            subject, relation (highest / lowest)
line_rank  "Geriatrics is the highest row",              axis and tick of the row/column
           "By 16B tokens AdamW is best (2.87)"          (series) ranked, x or y: the one
                                                         position compared at, relation
                                                         (highest / lowest / best / worst),
                                                         value if stated
========== ============================================= ====================================

``panel`` is the panel whose section states the claim, or the one the sentence names;
claims of the observations about several panels keep ``panel`` null and the words
naming the panel in ``subject``: the stats stage resolves those against the titles.
"""

from __future__ import annotations

import functools
import re

from figdata.parse.axis_names import learned
from figdata.parse.findings import finding
from figdata.parse.model import Item
from figdata.parse.recognize import Context
from figdata.parse.text import strip_markdown
from figdata.parse.ticks import AxisTicks, longest_mentions, name_score
from figdata.parse.values import NUM, parse_value
from figdata.titles import panels_named

KIND_WORDS = [
    ("max", r"peak|highest|maximum|\bmax\b|best|strongest|darkest|brightest|largest|top\b|optimal"),
    ("min", r"lowest|minimum|\bmin\b|worst|weakest|smallest|palest|faintest"),
]


#: kinds read from any sentence, before the cell-level max / min
_APPROX = r"(?:~|≈|∼|approximately\s+|approx\.?\s*|about\s+|around\s+|roughly\s+|nearly\s+)"
_RANGE_WORDS = re.compile(r"\b(?:range[sd]?|ranging|span(?:s|ning)?|var(?:y|ies|ying)\b)", re.I)
_VAGUE = re.compile(
    r"\b(?:cluster\w*|mostly|most\s+(?:values|cells|of)|middle|typical(?:ly)?|mid-range|e\.g\.)",
    re.I,
)
_RANGE = re.compile(
    rf"(?<![\w.=])(?P<lo>{_APPROX}?{NUM}%?)(?:\s*\((?:min|minimum|lowest)\))?"
    rf"\s*(?:to|–|—|-|and)\s*(?P<hi>{_APPROX}?{NUM}%?)(?!\w|\.\d)(?:\s*\((?:max|maximum|highest)\))?",
    re.I,
)
_BOUND = re.compile(
    rf"(?P<rel>≤|<=|≥|>=|<|>|\bat most\b|\bat least\b|\bno more than\b|\bno less than\b|"
    rf"\bbelow\b|\babove\b|\bunder\b|\bapproach(?:es|ing)?\b|\bnears\b)\s*"
    rf"(?P<num>{_APPROX}?{NUM}%?)(?!\w|\.\d)",
    re.I,
)
#: a range in parentheses says the values of something whole: "scores (85-88)",
#: "uniformly high (85.0-88.5)", "(AIME25: ~24-31, ...)"; "(3.0% to 4.2%)" after
#: "the large model" is about a few rows, not the panel
_PAREN_RANGE = re.compile(
    r"(?:\b(?:scores?|values?|results?|range|uniformly\s+\w+)\s*\(|[(,;]\s*[\w'’ |-]{1,40}:\s*)"
    r"\s*[~≈]?[-+−]?\d",
    re.I,
)
_RELATIONS = {
    "≤": "le", "<=": "le", "at most": "le", "no more than": "le",
    "≥": "ge", ">=": "ge", "at least": "ge", "no less than": "ge",
    "<": "lt", "below": "lt", "under": "lt", ">": "gt", "above": "gt",
    # "the p99 approaches 100 ms": close to the bound from below
    "approaches": "le", "approach": "le", "approaching": "le", "nears": "le",
}  # fmt: skip
_IMPROVED = re.compile(
    r"\b(?:every|each|all)\s+(?:\w+\s+){0,2}?(?:cells?|values?|configurations?|combinations?|"
    r"settings?|points?)\b(?P<rest>.*)",
    re.I,
)
_UP = r"improv\w*|increas\w*|rise|rises|rose|risen|higher|gains?|better|up\b|upward"
_DOWN = r"declin\w*|decreas\w*|drops?|dropped|fall|falls|fell|lower|worse|degrad\w*|down\b|downward"
_IDENTICAL = re.compile(r"\b(?:identical|the same values|same values)\b", re.I)
_TREND = re.compile(
    rf"(?P<verb>{_UP}|{_DOWN})\w*\s+(?:\w+\s+){{0,2}}?with\s+(?P<rest>.+)",
    re.I,
)
_DRIVER = re.compile(
    r"(?P<mod>increasing|higher|larger|bigger|greater|more|decreasing|lower|smaller|fewer|less)?"
    r"\s*(?:the\s+)?['‘’\"]?(?P<name>[A-Za-z][\w@ -]{0,40}?)['‘’\"]?(?=\s*(?:,|\band\b|\.|;|$|\())",
    re.I,
)
_CAUSE = re.compile(
    r"(?P<mod>increasing|decreasing|raising|lowering|reducing|larger|smaller|higher|lower)\s+"
    r"(?:the\s+)?['‘’\"]?(?P<name>[A-Za-z][\w@ -]{0,40}?)['‘’\"]?"
    r"(?=\s*(?:,|\band\b|\bgenerally\b|\bleads?\b|\bresults?\b|\byields?\b|\())",
    re.I,
)
_EFFECT = re.compile(
    rf"\b(?:leads?|results?|yields?|gives?)\s+(?:to|in)?\s*(?:\w+\s+)?(?P<verb>{_UP}|{_DOWN})", re.I
)
_RANK = re.compile(
    r"\b(?:is|are|exhibits?|yields?|shows?|has|have|achieves?|gives?|scores?|performs?)\b"
    r"(?:\s+\w+){0,3}?\s+(?:the\s+)?(?P<rel>highest|lowest|best|worst|strongest|weakest)\b"
    r"(?!\s+(?:value|cell|point|peak)s?\s+(?:is|at|of)\b)",
    re.I,
)
_VALUE_AFTER = re.compile(
    rf"(?:peak|highest|maximum|max|best|lowest|minimum|min|worst)\w*(?:\s+[a-z@]+){{0,3}}?"
    rf"\s*(?:\(|:|\bof\b|\bis\b|\bat\b|=)\s*(?P<num>{_APPROX}?{NUM}%?)(?!\w|\.\d)\)?",
    re.I,
)
_DOC_LEVEL = ("range", "improved", "panel_rank")


def claim_kind(text: str) -> str | None:
    """The first kind of claim a sentence may make (None: it makes none)."""
    for kind in kinds(text):
        return kind
    return None


def kinds(text: str) -> list[str]:
    """Every kind of claim a sentence may make, most specific first."""
    return list(_kinds(text))


@functools.lru_cache(maxsize=4096)
def _kinds(text: str) -> tuple[str, ...]:
    # a sentence is asked once to be found and once to be read: pay for the regexes once
    text = strip_markdown(text)
    found = []
    if (
        _IMPROVED.search(text)
        and re.search(rf"{_UP}|{_DOWN}", text, re.I)
        and not re.search(r"\b(?:almost|nearly|most|many|some)\s+(?:every|each|all)\b", text, re.I)
    ):
        found.append("improved")
    if _IDENTICAL.search(text):
        found.append("identical")
    if _TREND.search(text) or (_CAUSE.search(text) and _EFFECT.search(text)):
        found.append("trend")
    if _RANGE.search(text) and (_RANGE_WORDS.search(text) or _PAREN_RANGE.search(text)):
        found.append("range")
    if _BOUND.search(text):
        found.append("bound")
    if _RANK.search(text):
        found.append("panel_rank")
    # max / min: the word that comes first decides ("Lowest value ... at top-p 1.0")
    extremes = []
    for kind, words in KIND_WORDS:
        m = re.search(words, text, re.I)
        if m:
            extremes.append((m.start(), kind))
    found.extend(kind for _, kind in sorted(extremes))
    return tuple(found)


def _refs(text: str, axis: AxisTicks, ctx=None) -> list[tuple[int, int, str]]:
    """Mentions of this axis' ticks that are marked as such (a name, '=' or unit)."""
    names = learned(ctx) if ctx is not None else {"x": frozenset(), "y": frozenset()}
    other = "y" if axis.name == "x" else "x"
    found = []
    for tick in sorted(axis.ticks, key=len, reverse=True):
        bare = re.escape(tick)
        for m in re.finditer(rf"(?<![\w.]){bare}(?!\w|\.\d)(%?)", text):
            start, end = m.start(), m.end()
            before = text[max(0, start - 30) : start]
            after = text[end : end + 15]
            numeric = re.fullmatch(NUM + "%?", tick) is not None
            named = re.search(r"([A-Za-zα-ω][\w-]*)\s*(?:=|:)?\s*$", before)
            score = name_score(named.group(1), axis) if named else 0
            if named and score == 0:
                word = named.group(1).casefold()
                score = 1 if word in names[axis.name] else -2 if word in names[other] else 0
            if named and score == 0 and re.search(r"=\s*$", before):
                # "name=value" marks a tick, unless the name is the other axis's ("α = 0.5")
                rival = (ctx.y if axis.name == "x" else ctx.x) if ctx is not None else None
                score = -2 if rival is not None and name_score(named.group(1), rival) > 0 else 0.5
            unit = re.match(r"\s*([a-z]+)", after)
            if unit and name_score(unit.group(1), axis) > 0:
                score = max(score, 1)
            if numeric and score <= 0:
                continue
            if not numeric or score > 0:
                found.append((start, end, tick))
    return longest_mentions(found)


_COMPARATIVE = re.compile(
    r"\b(?:between|more than|less than|at least|at most|up to|within|above|below|over|under|"
    r"higher than|lower than|from\s+\S+\s+to|rises?|falls?|drops?|gains?|improves?|"
    r"compared|versus|vs\.?|difference|\d\s*(?:points?|times|fold)\b|respectively)",
    re.I,
)


_CONTEXT = "\u2063"  # joins an item's label to each of its sentences (see sentences())
_FIELDS = ("panel", "kind", "x", "y", "value", "value_text", "line", "text")
_EXTRA = ("value_hi", "value_hi_text", "axis", "tick", "tick2", "relation", "subject")


def _record(item: Item, text: str, panel, kind: str, **fields) -> dict:
    row = dict.fromkeys(_FIELDS + _EXTRA)
    row.update(panel=panel, kind=kind, line=item.line, text=text.strip(), **fields)
    return row


def extract(item: Item, text: str, ctx: Context, kind: str | None) -> list[dict]:
    """Claims stated by one sentence (none when it states none or is ambiguous)."""
    label, _, sentence = text.rpartition(_CONTEXT)
    text = strip_markdown(sentence)
    if kind is None:
        return []
    found = kinds(text)
    observed = item.zone in ("observations", "interpretation")
    out = []
    for k in found:
        if k == "range":
            out.extend(_ranges(item, text, ctx, observed, label))
        elif k == "bound":
            out.extend(_bounds(item, text, ctx))
        elif k == "identical":
            out.extend(_identical(item, text, ctx))
        elif k == "improved":
            out.append(_improved(item, text, ctx, observed, label))
        elif k == "trend":
            out.extend(_trends(item, text, ctx))
        elif k == "panel_rank" and observed:
            out.extend(_line_rank(item, text, ctx) or _rank(item, text, label))
    extremes = [k for k in found if k in ("max", "min")]
    if "bound" in found:
        # "the darkest; at 512 clients the p99 approaches 100 ms": a bound is no extreme's value
        text = _BOUND.sub(lambda m: " " * len(m.group(0)), text)
    if extremes and not any(
        r is not None and r["kind"] in ("panel_rank", "line_rank") for r in out
    ):
        cells = _cell_claims(item, text, ctx, extremes[0])
        if not cells and len(extremes) == 2:
            cells = _clause_claims(item, text, ctx)
        out.extend(cells or _value_only(item, text, ctx, extremes[0]))
    return [r for r in out if r is not None]


# where a sentence joins two statements: "..., and the weakest is ...", "; the lowest ..."
_CLAUSE_BREAK = re.compile(
    r",?\s+(?:and|while|whereas|but)\s+(?=the\b|its\b)|;\s+|,\s+(?=the\b)", re.I
)


def _clause_claims(item: Item, text: str, ctx: Context) -> list[dict]:
    """'The best cell ... at 93.8, and the weakest ... at 38.4': one claim per clause.

    Each clause must name its own extreme and its own cell, and together they must say
    both a maximum and a minimum; otherwise the sentence stays unread."""
    out = []
    for clause in _CLAUSE_BREAK.split(text):
        kind = next((k for k in kinds(clause) if k in ("max", "min")), None)
        if kind is None:
            continue
        found = _cell_claims(item, clause, ctx, kind)
        if len(found) != 1:
            return []
        found[0]["text"] = text.strip()
        out.extend(found)
    return out if {c["kind"] for c in out} == {"max", "min"} else []


def _ticks_of(number: str, ctx: Context) -> bool:
    """Whether ``number`` spells a tick of either axis (a tick range, not a value range)."""
    try:
        value = float(number)
    except ValueError:
        return False
    for axis in (ctx.x, ctx.y):
        for tick in axis.ticks:
            try:
                if float(tick) == value:
                    return True
            except ValueError:
                continue
    return False


def _num(token: str):
    return parse_value(token.strip())


def _subject(label: str, before: str) -> str | None:
    words = f"{label} {before}".strip()
    return words[-120:] or None


def _ranges(item, text, ctx, observed, label) -> list[dict]:
    if _VAGUE.search(text):
        return []
    out = []
    for m in _RANGE.finditer(text):
        lo, hi = _num(m.group("lo")), _num(m.group("hi"))
        if lo is None or hi is None or lo.value > hi.value:
            continue
        bare = [re.sub(r"[^\d.\-]", "", m.group(g)) for g in ("lo", "hi")]
        if all(_ticks_of(b, ctx) for b in bare) and not _RANGE_WORDS.search(text[: m.start()]):
            continue
        if (
            all(_ticks_of(b, ctx) for b in bare)
            and re.search(r"(?:=|\b[a-z]+\s*)$", text[max(0, m.start() - 12) : m.start()], re.I)
            and not re.search(r"\b(?:from|between|span\w*|ranging)\s*$", text[: m.start()], re.I)
        ):
            continue
        if not _RANGE_WORDS.search(text[: m.start()]) and not _PAREN_RANGE.search(
            text[max(0, m.start() - 60) : m.start() + 8]
        ):
            continue
        panel, subject = ctx.panel, None
        if observed:
            segment = re.split(r"[(,;]", text[: m.start()])[-1]
            named = re.match(r"^\s*([^:]{1,60}?)\s*:\s*$", segment)
            panel = None
            subject = named.group(1) if named else _subject(label, text[: m.start()])
        out.append(
            _record(
                item,
                text,
                panel,
                "range",
                value=lo.value,
                value_text=lo.text,
                value_hi=hi.value,
                value_hi_text=hi.text,
                subject=subject,
            )
        )
    return out


def _line_refs(text: str, ctx: Context) -> list[tuple[str, str]]:
    """(axis, tick) of the rows and columns the sentence names; a mention both axes could
    claim ("y=10" where both axes run 1 to 10) goes to the axis its name prefix names."""
    spans: dict[tuple[int, int], list[tuple[str, str]]] = {}
    for axis in (ctx.x, ctx.y):
        for start, end, tick in _refs(text, axis, ctx):
            spans.setdefault((start, end), []).append((axis.name, tick))
    out = []
    for (start, _), refs in sorted(spans.items()):
        if len(refs) > 1:
            named = re.search(
                r"([A-Za-zα-ω][\w-]*)\s*(?:=|:)?\s*$", text[max(0, start - 30) : start]
            )
            word = named.group(1) if named else ""
            scores = {a: name_score(word, ax) for a, ax in (("x", ctx.x), ("y", ctx.y))}
            if word.lower() in ("x", "y"):
                scores[word.lower()] += 10
            best = max(scores, key=scores.get)
            if scores["x"] == scores["y"]:
                continue
            refs = [r for r in refs if r[0] == best]
        if refs[0] not in out:
            out.append(refs[0])
    # "Depth=40" where 40 is no tick: kept, so the claim is checked and found unverifiable
    for m in re.finditer(rf"([A-Za-zα-ω][\w-]*)\s*=\s*({NUM})(?![\w.])", text):
        if any(s <= m.start(2) < e for s, e in spans):
            continue
        axis = _axis_named(m.group(1), ctx)
        if axis is not None and (axis, m.group(2)) not in out:
            out.append((axis, m.group(2)))
    return out


def _bounds(item, text, ctx) -> list[dict]:
    refs = _line_refs(text, ctx)
    out = []
    for m in _BOUND.finditer(text):
        value = _num(m.group("num"))
        if value is None:
            continue
        rel = _RELATIONS[m.group("rel").lower()]
        if re.search(r"\b(?:never|not|no)\s*$", text[max(0, m.start() - 8) : m.start()], re.I):
            rel = {"le": "gt", "lt": "ge", "ge": "lt", "gt": "le"}[rel]  # "never below 97"
        after = text[m.end() : m.end() + 12]
        if _ticks_of(re.sub(r"[^\d.\-]", "", m.group("num")), ctx) and re.match(
            r"\s*[A-Za-z]", after
        ):
            continue  # "above 120 kg N/ha": a place on an axis, not a bound on values
        if re.search(r"\b(?:up to|until|through|beyond|from)\s+\S+", text, re.I) and refs:
            continue  # "perfect up to 16K": several rows, not the one named
        if len(refs) == 1:
            axis, tick = refs[0]
        elif (
            not refs
            and re.search(r"\b(?:all|every|each|uniformly|entire)\b", text, re.I)
            and len(re.findall(r"\d+", text)) == len(re.findall(r"\d+", m.group(0)))
        ):
            axis, tick = None, None
        else:
            continue
        out.append(
            _record(
                item,
                text,
                ctx.panel,
                "bound",
                value=value.value,
                value_text=value.text,
                axis=axis,
                tick=tick,
                relation=rel,
            )
        )
    return out


def _identical(item, text, ctx) -> list[dict]:
    refs = _line_refs(text, ctx)
    axes = {a for a, _ in refs}
    if len(refs) != 2 or len(axes) != 1:
        return []
    (axis, first), (_, second) = refs
    return [_record(item, text, ctx.panel, "identical", axis=axis, tick=first, tick2=second)]


def _improved(item, text, ctx, observed, label) -> dict | None:
    m = _IMPROVED.search(text)
    rest = m.group("rest") if m else text
    up = re.search(_UP, rest, re.I)
    down = re.search(_DOWN, rest, re.I)
    if up and (
        not down or re.search(r"\bno\s+(?:\w+\s+(?:or|and)\s+)?" + down.group(0), rest, re.I)
    ):
        relation = "higher"
    elif down and not up:
        relation = "lower"
    else:
        return None
    panel = None if observed else ctx.panel
    subject = _subject(label, text[: m.start()] if m else "") if observed else None
    return _record(item, text, panel, "improved", relation=relation, subject=subject)


def _axis_named(name: str, ctx: Context) -> str | None:
    scores = {a.name: name_score(name, a) for a in (ctx.x, ctx.y)}
    best = max(scores, key=scores.get)
    if scores[best] <= 0 or scores["x"] == scores["y"]:
        return None
    return best


def _trends(item, text, ctx) -> list[dict]:
    out = []
    refs = _line_refs(text, ctx)
    m = _TREND.search(text)
    drivers = []
    if m:
        sign = -1 if re.fullmatch(_DOWN, m.group("verb"), re.I) else 1
        for d in re.split(r",|\band\b", m.group("rest").split(".")[0]):
            dm = re.match(
                r"\s*(?P<mod>increasing|higher|larger|bigger|greater|more|decreasing|lower|"
                r"smaller|fewer|less)?\s*(?:the\s+)?['‘’\"]?(?P<name>[A-Za-z][\w@ -]*)",
                d,
                re.I,
            )
            if dm and (dm.group("mod") or _axis_named(dm.group("name").split()[0], ctx)):
                drivers.append((sign, dm.group("mod"), dm.group("name")))
    else:
        effect = _EFFECT.search(text)
        sign = -1 if re.fullmatch(_DOWN, effect.group("verb"), re.I) else 1
        drivers = [(sign, c.group("mod"), c.group("name")) for c in _CAUSE.finditer(text)]
    for sign, mod, name in drivers:
        axis = _axis_named(name.strip(), ctx)
        if axis is None:
            continue
        if mod and re.match(r"decreas|lower|smaller|fewer|less|reduc", mod, re.I):
            sign = -sign
        line = [t for a, t in refs if a != axis]
        out.append(
            _record(
                item,
                text,
                ctx.panel,
                "trend",
                axis=axis,
                relation="increasing" if sign > 0 else "decreasing",
                tick=line[0] if len(line) == 1 else None,
            )
        )
    return out


def _rank(item, text, label) -> list[dict]:
    m = _RANK.search(text)
    if not m:
        return []
    rel = m.group("rel").lower()
    relation = "highest" if rel in ("highest", "best", "strongest") else "lowest"
    return [
        _record(
            item,
            text,
            None,
            "panel_rank",
            relation=relation,
            subject=_subject(label, text[: m.start()]),
        )
    ]


_ALL_PANELS = re.compile(
    r"\b(?:both|all|each|every)\s+(?:\w+\s+)?(?:models|panels|charts|heatmaps|maps|plots)\b", re.I
)
_RANK_VALUE = re.compile(rf"^\s*(?:\w+\s+){{0,3}}?\(\s*(?P<num>{_APPROX}?{NUM}%?)\s*\)")


def _line_rank(item, text, ctx) -> list[dict]:
    """'Geriatrics is the highest row', 'By 16B tokens AdamW is best (2.87)': a row,
    column or series of the panel ranked against the others, over the whole line or
    at one position of the other axis."""
    m = _RANK.search(text)
    if not m:
        return []
    refs = [(s, e, a.name, t) for a in (ctx.x, ctx.y) for s, e, t in _refs(text, a, ctx)]
    before = sorted(r for r in refs if r[1] <= m.start())
    if not before:
        return []
    _, _, axis, tick = before[-1]
    if any(r[2] == axis and r[3] != tick for r in before):
        return []  # two rows named before the verb: which one is ranked is unclear
    if _ALL_PANELS.search(text):
        return []  # "for both models": a claim about every panel, left to panel_rank
    other = "x" if axis == "y" else "y"
    at = sorted({r[3] for r in refs if r[2] == other})
    if len(at) > 1:
        return []
    rel = m.group("rel").lower()
    relation = {"strongest": "highest", "weakest": "lowest"}.get(rel, rel)
    fields = {"axis": axis, "tick": tick, "relation": relation, other: at[0] if at else None}
    stated = _RANK_VALUE.match(text[m.end() :])
    value = _num(stated.group("num")) if stated else None
    if value is not None:
        fields.update(value=value.value, value_text=value.text)
    return [_record(item, text, ctx.panel, "line_rank", **fields)]


def _value_only(item, text, ctx, kind) -> list[dict]:
    """'Peak performance (24)': a stated extreme without its cell."""
    if _COMPARATIVE.search(text) or re.search(r"\bspread\b|\bgap\b", text, re.I):
        return []
    hits = list(_VALUE_AFTER.finditer(text))
    if len(hits) != 1:
        return []
    value = _num(hits[0].group("num"))
    if value is None or _ticks_of(hits[0].group("num"), ctx):
        return []
    return [_record(item, text, ctx.panel, kind, value=value.value, value_text=value.text)]


def _cell_claims(item: Item, text: str, ctx: Context, kind: str) -> list[dict]:
    """Max / min claims naming their cells (none when it is ambiguous)."""
    if _COMPARATIVE.search(text):
        return []
    xs, ys = _refs(text, ctx.x, ctx), _refs(text, ctx.y, ctx)
    if not xs or not ys:
        return []
    if {(s, e) for s, e, _ in xs} & {(s, e) for s, e, _ in ys}:
        return []  # a mention that could name either axis: the claim is ambiguous
    for _, end, _ in xs + ys:
        if re.match(r"\s*[-–]\s*\d", text[end : end + 4]):
            return []  # a tick range such as "T=0.4-0.6"
    used = [(s, e) for s, e, _ in xs + ys]
    values = []
    # a number may end the sentence ("... at 38.4."), but not be cut from a longer one
    for m in re.finditer(
        rf"(?:~|≈|approximately\s+|about\s+)?(?<![\w.\-]){NUM}%?(?!\w|\.\d)", text
    ):
        if any(s <= m.start() < e or m.start() <= s < m.end() for s, e in used):
            continue
        if re.match(r"\s*(?:-|–|to)\s*\d", text[m.end() : m.end() + 5]):
            return []  # a range, not a value
        value = parse_value(m.group(0))
        if value is not None:
            values.append(value)
    if len(values) != 1:
        return []
    return [
        _record(
            item, text, ctx.panel, kind, x=x, y=y, value=values[0].value, value_text=values[0].text
        )
        for x, y in _positions(text, xs, ys)
    ]


def _positions(text: str, xs, ys) -> list[tuple[str, str]]:
    """One x and one y mention, or several parenthesised (x, y) groups."""
    if len(xs) == 1 and len(ys) == 1:
        return [(xs[0][2], ys[0][2])]
    out = []
    for m in re.finditer(r"\(([^()]*)\)", text):
        inside_x = [r for r in xs if m.start() < r[0] < m.end()]
        inside_y = [r for r in ys if m.start() < r[0] < m.end()]
        if len(inside_x) == 1 and len(inside_y) == 1:
            out.append((inside_x[0][2], inside_y[0][2]))
    covered = sum(1 for r in xs + ys if any(r[2] in p for p in out))
    return out if out and covered >= len(xs) + len(ys) - 0 else []


def panel_for(text: str, titles: list[str | None]) -> int | None:
    """The panel a sentence of the observations is about, or None when it is unclear.

    A title counts as named when it appears whole or when all of its own words (those
    it does not share with every other title) do. A sentence that names no single
    panel but only makes document-level claims (ranges, every cell improved, which
    panel is highest) gets panel 0 as its reading context: extract() leaves such
    claims' panel null and keeps the words naming the panel in ``subject``.
    """
    hits = panels_named(text, titles)
    if len(hits) == 1:
        return hits[0]
    if len(titles) == 1:
        return 0
    sentence = text.rpartition(_CONTEXT)[2]
    found = kinds(sentence)
    if (
        titles
        and found
        and all(k in _DOC_LEVEL or k in ("max", "min") for k in found)
        and any(k in _DOC_LEVEL for k in found)
    ):
        return 0
    return None


def _tolerance(claim: dict, listed: float) -> float:
    """How far a claim may sit from the listed value: none, unless it says it is approximate.

    "around 79" for a listed 78.4 rounds; one percent of the value is the allowance, and at
    least half a unit of the claim's last digit.
    """
    exact = 1e-9 * max(1.0, abs(listed))
    text = claim.get("text") or ""
    value_text = str(claim.get("value_text") or "")
    if not value_text or not re.search(rf"{_APPROX}\s*{re.escape(value_text)}", text, re.I):
        return exact
    places = len(value_text.split(".")[1]) if "." in value_text else 0
    return max(exact, 0.5 * 10**-places, 0.01 * abs(listed))


def conflicts(claims: list[dict], cells: list[dict]) -> list[dict]:
    stated = {}
    for c in cells:
        stated.setdefault((c["panel"], c["x"], c["y"]), set()).add(c["value"])
    out = []
    for claim in claims:
        values = stated.get((claim["panel"], claim["x"], claim["y"]))
        if not values or len(values) != 1:
            continue
        listed = next(iter(values))
        if abs(listed - claim["value"]) > _tolerance(claim, listed):
            detail = (
                f"a summary says {claim['value_text']} for x={claim['x']}, "
                f"y={claim['y']}; the listed value is {listed:g}"
            )
            out.append(
                finding(
                    "conflict_with_summary",
                    "warning",
                    detail,
                    panel=claim["panel"],
                    line=claim["line"],
                    raw=claim["text"],
                    x=claim["x"],
                    y=claim["y"],
                )
            )
    return out


def sentences(text: str) -> list[str]:
    """The sentences of an item; a leading bold label ("**Baseline ("Before GRPO"):**")
    rides along with each later sentence, joined by an invisible separator, so that the
    panel it names is known (extract() keeps only the sentence as the claim's text)."""
    parts = [s for s in re.split(r"(?<=[.;!?])\s+(?=[A-Z0-9*(])", text) if s.strip()]
    label = re.match(r"^\s*(\*\*[^*]{1,120}?\*\*:?)", text)
    if not label or len(parts) < 2:
        return parts
    return parts[:1] + [f"{label.group(1)}{_CONTEXT}{p}" for p in parts[1:]]
