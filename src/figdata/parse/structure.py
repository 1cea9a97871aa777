"""Document-level structure: the panels of the data part and their titles."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from figdata.parse import lexicon
from figdata.parse.meta import Meta
from figdata.parse.model import (
    NAMES_A_PANEL,
    PANEL_LETTER,
    PANEL_PLACE,
    Item,
    opener_parts,
    split_label,
    states_values,
    zone_of_heading,
)
from figdata.parse.text import REMARK_ONLY, is_bold_only, norm, quoted, strip_markdown
from figdata.parse.ticks import AxisTicks, match_tick, name_score, resolve, without_part_word

_GENERIC_HEADING = re.compile(
    r"^(?:data(?:\s+(?:points?|grid|table|extraction|values?))?|values?|table|grid|cells?|"
    r"transcription|corners?|interior|distribution|breakdown|details?|trend|notes?|"
    r"(?:visual\s+)?trends?|data\s+points\s*\(.*\))\s*:?$",
    re.I,
)
_POSITION_GROUP = re.compile(r"^(?:row|column|col|cell)\s*\d+\b|^from\s+\S+$", re.I)
_ENUM = re.compile(
    r"^\s*(?:\(?(?:[a-z0-9]{1,2}|\d{3,4})[.)]\s+|\((?:[a-z0-9]{1,2}|\d{3,4})\)\s*|"
    r"(?:panel|chart|figure|subplot|heatmap|plot|map|graph)\s*(?:\(\w{1,3}\)|\w{0,3})\s*[:.–—-]\s*|"
    r"(?:left|right|center|centre|middle|top|bottom|upper|lower)(?:[- ](?:left|right))?\s+"
    r"(?:heatmap|panel|chart|plot|map|one)\b\s*[:.–—-]?\s*)",
    re.I,
)
_POSITION_REMARK = re.compile(
    r"\s*\((?=[^)]*\b(?:left|right|cent(?:er|re)|middle|top|bottom|heatmap|panel|colou?r|scale)\b)"
    r"[^)]*\)\s*",
    re.I,
)


_PANEL_WORD = NAMES_A_PANEL
# "El Niño panel": a title, then the word for a panel
_PANEL_AFTER = re.compile(r"\s+(?:panel|chart|heatmap|map|plot)\s*:?\s*$", re.I)
# "Left panel", "Top chart", "Panel 2": a panel named by its place or number alone
_PLACED_PANEL = re.compile(
    rf"(?:(?:{PANEL_PLACE})"
    r"(?:[- ](?:left|right))?\s+(?:panel|chart|plot|heatmap|map)|(?:panel|chart|plot)\s+"
    r"(?:\d{1,2}|[a-h]))",
    re.I,
)


@dataclass
class Panel:
    index: int
    title: str | None
    line: int | None
    items: list[Item] = field(default_factory=list)
    x: AxisTicks | None = None
    y: AxisTicks | None = None
    y_order: str | None = None
    colour: tuple[float, float] | None = None
    metric: str | None = None


_PLACE_IN_LINE = re.compile(rf"\b(?:{_PLACED_PANEL.pattern})\b", re.I)
# "Left panel, 2016 event" on a line of its own: the panel's place before its title
_PANEL_BEFORE = re.compile(rf"^\s*(?:{_PLACED_PANEL.pattern})\s*[,:–—-]\s*", re.I)


def clean_title(text: str) -> str:
    text = strip_markdown(text).strip()
    for _ in range(2):
        text = _ENUM.sub("", text, count=1).strip()
    text = _POSITION_REMARK.sub(" ", text).strip()
    text = re.split(r"\s+[—–]\s+", text)[0].strip()
    text = text.strip().rstrip(":.").strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    if m := re.fullmatch(r"[\"“']([^\"“”']+)[\"”']", text):
        text = m.group(1).strip()  # 'Panel (a): "LongBench avg. score"': the name, unquoted
    return text


def _is_group_heading(text: str, meta: Meta) -> bool:
    clean = clean_title(text)
    raw = strip_markdown(text).strip().rstrip(":")
    if _GENERIC_HEADING.match(raw) or _POSITION_GROUP.match(raw):
        return True
    # "Values by row (Winter | Spring | Summer)": the remark in brackets adds no title words
    bare = re.sub(r"\([^()]*\)", " ", raw).strip()
    if zone_of_heading(raw) == "data" and len(bare.split()) <= 3:
        return True
    axes = [meta.x, meta.y, *([meta.legend] if meta.legend else [])]
    for name, axis in zip("xyy", axes, strict=False):
        if not axis.ticks:
            continue
        if match_tick(raw, axis.ticks) or match_tick(clean, axis.ticks):
            return True
        # "pH 8.0", "Window 3000": a tick after the axis' name groups the lines below it
        # "LinProbe (First Column)": a tick and a remark on where it stands
        # ("PPO (Red (solid line, circle markers))": a remark may hold brackets of its own)
        remarked = re.match(
            r"^(.+?)\s*\((?:[^()]|\([^()]*\))*\)$", _ENUM.sub("", raw, count=1).strip()
        )
        if remarked and match_tick(remarked.group(1), axis.ticks):
            return True
        # "**1. Region: North**": the enumerator counts the groups
        counted = re.sub(r"^\(?\d{1,2}[.)]\s+", "", raw)
        found = resolve(counted, AxisTicks(name, axis.label, axis.ticks))
        if found is not None and name_score(found.prefix, AxisTicks(name, axis.label, [])) > 0:
            return True
        # "**Cu film**" over the lines of the row Cu of the axis "Film": the name after the tick
        after = raw[len(found.tick) :].strip() if found and raw.startswith(found.tick) else ""
        if after and name_score(after, AxisTicks(name, axis.label, [])) > 0:
            return True
        # "**Layer 0**" over an axis told without a name ("six layers (columns: 0, 4, 8)"):
        # one word and a tick of the axis name a group, not a panel
        if (
            not axis.label
            and found is not None
            and re.fullmatch(r"[A-Za-z]+", found.prefix.strip())
        ):
            return True
    return False


_NAMED_NUMBER = re.compile(r"^(?P<name>.+?)\s*[:=]?\s+[~≈]?[-+−]?\d[\d.,]*\s*%?$")


def _heads_series_lines(data: list[Item], index: int, meta: Meta) -> bool:
    """'**Suite A**' over '- Draft: 61.5', '- Final: 70.2': in a bar or line chart, a head
    whose lines are named by the legend's entries is a category of the chart, not a panel
    (so is '**Algebra** — Cohort A 72.5%, Cohort B 80.1%', a head whose own values the
    entries name)."""
    if meta.chart_type not in lexicon.LEGEND_CHARTS or not meta.legend:
        return False
    entries = meta.legend.ticks
    body = re.sub(r"^\s*[—–:-]\s*", "", strip_markdown(data[index].body or ""))
    own = [p.strip() for p in re.split(r"[,;|]", body)]
    named_own = [m.group("name") for p in own if (m := _NAMED_NUMBER.match(p))]
    if len(own) >= 2 and len(named_own) == len(own):
        return all(match_tick(name.strip(), entries) for name in named_own)
    return _lines_named(data, index, entries, drawn=True)


def _lines_named(data: list[Item], index: int, ticks: list[str], drawn: bool = False) -> bool:
    """Whether two or more lines follow the head at ``index``, each named by one of ``ticks``
    (the head's own lines end where a line names nothing). ``drawn``: a legend's entry may be
    named with the word for what draws it ("- U18 bar: 71 s")."""
    named = 0
    for item in data[index + 1 :]:
        if item.kind in ("heading", "bold") or item.label is None:
            break
        name = strip_markdown(item.label).strip()
        bare = without_part_word(name) if drawn else name
        if not match_tick(name, ticks) and not (bare != name and match_tick(bare, ticks)):
            return False
        named += 1
    return named >= 2


def _heads_tick_lines(data: list[Item], index: int, text: str, meta: Meta) -> bool:
    """'**Left channel**' over '- Final third → 68.4%', '- Middle third → 81.9%': a head
    that opens with a tick of one axis, over lines each named by a tick of the other, is a
    group of the grid, not a panel."""
    raw = strip_markdown(text).strip().rstrip(":").casefold()
    for axis, other in ((meta.x, meta.y), (meta.y, meta.x)):
        if not axis.ticks or not other.ticks:
            continue
        if not any(
            raw.startswith(t.casefold()) and not raw[len(t) : len(t) + 1].isalnum()
            for t in axis.ticks
        ):
            continue
        return _lines_named(data, index, other.ticks)
    return False


def _match_title(heading: str, titles: list[str]) -> str:
    cleaned = clean_title(heading)
    # the heading before a dash is cut off: "Chart 1: Site A – Loam" is matched whole too
    whole = _ENUM.sub("", strip_markdown(heading).strip(), count=1).strip()
    best = None
    for title in titles:
        key = norm(title)
        for text in (cleaned, whole):
            if norm(text).startswith(key):
                rest = norm(text)[len(key) :]
                break
        else:
            rest = None
        if key and rest is not None and (not rest or re.match(r"^\s*[(—–:|-]", rest)):
            if best is None or len(key) > len(norm(best)):
                best = title
    return best if best is not None else cleaned


def _candidates(items: list[Item]) -> tuple[list[Item], list[Item]]:
    """The lines in a part named like data, and the lines before the observations that may
    hold data too (all but the line that names the figure and the parts' headings)."""
    data = [it for it in items if it.zone == "data"]
    # the line that names the figure opens the document; a bold line after paragraphs
    # ('**Column "0-10 cm"** (top to bottom):') heads data
    first = items[0] if items and items[0].kind in ("heading", "bold") else None
    if first is not None and _opening(first) is not None:
        first = None  # "**Panel 1: FP16**" opens a panel; it does not name the figure
    fallback = [
        it
        for it in items
        if it.zone in ("title", "overview", "components")
        and it is not first
        and not (it.kind == "heading" and zone_of_heading(it.text) is not None)
    ]
    return data, fallback


def widens(items: list[Item], xs: list[str], ys: list[str]) -> bool:
    """Whether a candidate line outside ``data_items`` names a tick of each axis beside a
    number ("at Dropout 0.1 with Weight decay 1e-4 the cell reads 0.786")."""
    taken = {it.line for it in data_items(items)}
    return any(
        it.line not in taken
        and _holds_data(it)
        and ((_names(it.text, xs) and _names(it.text, ys)) or _row_of(it, xs, ys))
        for it in _candidates(items)[1]
    )


# a number standing alone in a line's body ("251", "−0.38", "27.1%"), not inside a name or a time
_BARE_NUMBER = re.compile(r"(?<![\w.:])[-−+]?\d+(?:\.\d+)?%?(?![\w.:])")


def _row_of(item: Item, xs: list[str], ys: list[str]) -> bool:
    """ "Sub-3h group: 251, 250, 252": a line labelled with a tick of one axis that holds one
    number for each tick of the other."""
    label = strip_markdown(item.label or "").strip()
    count = len(_BARE_NUMBER.findall(item.body or ""))
    return (label in ys and count == len(xs) >= 2) or (label in xs and count == len(ys) >= 2)


def _names(text: str, ticks: list[str]) -> bool:
    """A tick stands in ``text`` as a word of its own ("0.1", not the "0.1" of "0.15")."""
    for tick in ticks:
        at = text.find(tick) if tick else -1
        while at >= 0:
            before = text[at - 1] if at else " "
            after = text[at + len(tick)] if at + len(tick) < len(text) else " "
            if not (before.isalnum() or before == "." or after.isalnum() or after == "."):
                return True
            at = text.find(tick, at + 1)
    return False


def data_items(items: list[Item], widen: bool = False) -> list[Item]:
    """The data part; a description without one states its data among the prose.

    Without a section that names the data, every line before the observations is a
    candidate (the recognisers decide), except the line that names the figure. ``widen``
    takes every candidate, for a part named like data in which nothing was read.
    """
    data, fallback = _candidates(items)
    if widen:
        return sorted(fallback + data, key=lambda it: it.line)
    if data and any(_holds_data(it) for it in data):
        if not _listed_data(data) and _listed_data([it for it in fallback if it.zone == "title"]):
            # "Additional details: the colour bar ..." after untitled bullets of values: a
            # paragraph named like data holds notes; the bullets are the data
            return sorted(fallback + data, key=lambda it: it.line)
        # a grid typed as a table right under the axes' declarations, before any data
        # heading, is data too ("**Y-axis:** ...", then the table, then "### Trend Verification")
        # (or before any heading at all: "Below is the grid ..." over a code block)
        grids = _number_tables(
            [it for it in items if it.zone in ("title", "overview", "components")]
        )
        # "**Panel 1 — ...**" over its axes, then "Approximate values:" and the rows, then
        # "**Panel 2 — ...**": the first panel opened before the part named like data
        if any(_opening(it) is not None for it in data):
            grids += [it for it in fallback if it.line < data[0].line and _opening(it) is not None]
        return sorted(data + grids, key=lambda it: it.line) if grids else data
    if not data or not any(_holds_data(it) for it in fallback):
        return data or fallback
    # a section named like data ("Reading Notes") holds none, and a table stands elsewhere:
    # the section names are soft evidence, the data lines are not
    return sorted(fallback + data, key=lambda it: it.line)


def _listed_data(items: list[Item]) -> bool:
    """Two or more list items, table rows or code lines that tie numbers to something."""
    return sum(it.kind in ("list", "table", "code") and _holds_data(it) for it in items) >= 2


def _number_tables(items: list[Item]) -> list[Item]:
    """The rows of the tables, and the lines of the code blocks, among ``items`` whose rows
    mostly hold two or more numbers."""
    out: list[Item] = []
    block: list[Item] = []
    for item in [*items, None]:
        if (
            item is not None
            and item.kind in ("table", "code")
            and (not block or (item.kind == block[-1].kind and item.line == block[-1].line + 1))
        ):
            block.append(item)
            continue
        numeric = [it for it in block if _number_row(it)]
        if len(numeric) >= 2 and len(numeric) * 2 >= len(block) - 2:
            out.extend(block)
        block = [item] if item is not None and item.kind in ("table", "code") else []
    return out


def _number_row(item: Item) -> bool:
    if item.kind == "table":
        return len(_NUMBER_CELL.findall(item.text)) >= 2
    # "lp=1.2  | 27.1  27.9  28.3": the numbers after the row's label
    return len(_BARE_NUMBER.findall(item.body or "")) >= 2


_NUMBER_CELL = re.compile(r"\|\s*[~≈*]*[-−+]?\d+(?:\.\d+)?\s*%?[*]*\s*(?=\|)")


def _holds_data(item: Item) -> bool:
    """A table row, or a line that ties a number to something ("Ratio 0.1, Window 500: 40.0")."""
    if item.kind == "table":
        return True
    numbers = re.findall(r"\d+(?:\.\d+)?", item.text)
    return item.kind in ("list", "text", "code") and len(numbers) >= 2


# ("**(a) AA6061**": the title unquoted, a few words without a sentence's stop)
# 'Left panel, titled "Leaf tissue"': the panel by its place, then its quoted title
_PLACE_THEN_PANEL = re.compile(rf"\s*(?:{PANEL_PLACE})\s+panel\b", re.I)
_LETTER_THEN_TITLE = re.compile(
    rf"^\s*{PANEL_LETTER}\s+"
    r"(?P<title>[\"“][^\"“”]+[\"”]|[^\s.:;,][^.:;,]*?(?:\s+[^\s.:;,]+){0,5})\s*$"
)


def _opening(item: Item) -> str | None:
    """``Chart 2: "Away games"``: the name after a panel opener on a line of its own.

    Also ``**Panel 1: FP16** (subtitle "7B")``: the opener inside the bold part, a remark after.
    """
    bold_bullet = item.kind == "list" and is_bold_only(item.text)
    if (item.kind == "bold" and item.label) or bold_bullet:
        # "**Panel 1: FP16**", "**Panel 1 – DJF anomaly** (°C ...)": the opener, then the name
        # ("- **Panel 1 — HCT116**" over the panel's bullets: the same, as a bullet)
        label = strip_markdown(item.label or item.text)
        parts = opener_parts(label)
        if len(parts) == 2 and lexicon.PANEL_OPENER.search(parts[0].strip()) and parts[1].strip():
            # ("**Figure 4 — two heatmaps, ...**" names the whole figure, not one panel)
            if ":" in label or not re.match(r"\s*fig", parts[0], re.I):
                return parts[1]
        # ('* **(a) "NaturalQuestions EM"**' over the panel's bullets: its letter, its title)
        if lettered := _LETTER_THEN_TITLE.match(label):
            return lettered.group("title")
    if item.kind == "text" and item.label is not None and not (item.body or "").strip():
        # 'Left panel, "SGD":' on a line of its own: a panel word and the panel's quoted name
        label = strip_markdown(item.label)
        names = quoted(label)
        if len(names) == 1 and _PANEL_WORD.search(label.replace(names[0], " ")):
            return f'"{names[0]}"'
        return None
    if (
        item.kind == "text"
        and item.label is None
        and (_PANEL_WORD.match(strip_markdown(item.text)) or _PLACE_THEN_PANEL.match(item.text))
        and len(quoted(item.text)) == 1
        and len(item.text) <= 80
    ):
        # 'Panel (a), titled "LFP / graphite"' on a line of its own: the panel opens, its
        # title quoted
        return item.text
    if item.kind == "text" and len(item.text.split()) <= 12:
        # "Panel 1 — Needle depth: 10%" on a line of its own, without markup
        parts = opener_parts(item.text)
        if len(parts) == 2 and lexicon.PANEL_OPENER.search(parts[0].strip()) and parts[1].strip():
            if not re.match(r"\s*fig", parts[0], re.I):
                return parts[1]
    if item.kind != "text" or item.label is None or not (item.body or "").strip():
        return None
    return item.body if lexicon.PANEL_OPENER.search(strip_markdown(item.label).strip()) else None


# "3. Spatial Grounding", "2.1 Notes": a document's section numbers, not a panel's letter
_SECTION_NUMBER = re.compile(r"^\d+(?:\.\d+)*[.)]?\s")


def _opens_panel(data: list[Item], index: int, text: str, meta: Meta) -> bool:
    """Whether a heading starts a panel: it names one, or the section under it holds data.

    Descriptions add sections of notes under headings of their own choosing ("Visual Style",
    "Open Questions"); a heading is a panel's title when the text says so (a panel word, an
    enumeration, a title the overview names) or when values follow it before the next heading.
    """
    raw = strip_markdown(text).strip()
    if _PANEL_WORD.search(raw) or (_ENUM.match(raw) and not _SECTION_NUMBER.match(raw)):
        return True
    if _match_title(text, meta.titles) in meta.titles:
        return True
    for item in data[index + 1 :]:
        if item.kind == "heading" or (item.kind == "bold" and not (item.body or "").strip()):
            return False
        if states_values(item):
            return True
    return False


def _without_empty_repeats(panels: list[Panel]) -> list[Panel]:
    """'Panel 1: "LSM-tree"' in a list of the titles, then "Panel 1 — LSM-tree" over its
    values: a panel named again later, with nothing of its own the first time, is one panel."""

    def holds(panel: Panel) -> bool:
        return any(states_values(it) for it in panel.items)

    keep = [
        panel
        for i, panel in enumerate(panels)
        if holds(panel)
        or panel.title is None
        or not any(
            later.title is not None and norm(later.title) == norm(panel.title) and holds(later)
            for later in panels[i + 1 :]
        )
    ]
    for index, panel in enumerate(keep):
        panel.index = index
    return keep


def split_panels(items: list[Item], meta: Meta, widen: bool = False) -> list[Panel]:
    data = data_items(items, widen)
    panels: list[Panel] = []
    head: list[Item] = []
    for index, item in enumerate(data):
        # "**Plot 1:** 6.18 → 6.36" where "Plot 1" is a declared tick: a row, not "Plot 1: name"
        if (opening := _opening(item)) is not None and not (
            item.label and _is_group_heading(item.label, meta)
        ):
            body = strip_markdown(opening)
            title = quoted(body)[0] if quoted(body) else clean_title(body)
            panels.append(Panel(len(panels), _match_title(title, meta.titles), item.line))
            continue
        if (
            item.kind == "text"
            and len(meta.titles) >= 2
            and norm(_PANEL_BEFORE.sub("", _PANEL_AFTER.sub("", strip_markdown(item.text))))
            in {norm(t) for t in meta.titles}
        ):
            # 'Site 1: Sandy loam (Kano)' on a line of its own, a title the overview gave one
            # of its panels: that panel's values follow
            panels.append(Panel(len(panels), _match_title(item.text, meta.titles), item.line))
            continue
        if (
            item.kind == "text"
            and item.label is not None
            and not (item.body or "").strip()
            and _PLACE_IN_LINE.search(strip_markdown(item.label))
            # (a paragraph that ends in a colon is no panel's head: 'It contains two heatmaps,
            # labelled "Panel 1" and "Panel 2" ... Both share the same axes:')
            and not re.search(r"[.!?]\s", item.label)
        ):
            # "Cells, left panel (FP16), given as BLOCK_M × BLOCK_N:" over the panel's lines:
            # the panel by its place, its title the one the overview names in that place
            at = len(panels)
            panels.append(Panel(at, meta.titles[at] if at < len(meta.titles) else None, item.line))
            continue
        if (
            item.kind == "bold"
            and (item.body or "").strip()
            and _PLACED_PANEL.fullmatch(strip_markdown(item.label or "").strip(" .:"))
        ):
            # "**Left panel.** With 8 clients ... 0.9": the panel by its place, its title the
            # one the overview names in that place
            at = len(panels)
            title = meta.titles[at] if at < len(meta.titles) else None
            body = item.body or ""
            text = Item(item.line, "text", 0, body, item.zone, *split_label(body))
            panels.append(Panel(at, title, item.line, [text]))
            continue
        if (
            item.kind == "bold"
            and (item.body or "").strip()
            and re.match(r"\s*\([a-h]\)\s", strip_markdown(item.label or ""))
            and _opens_panel(data, index, item.label or "", meta)
        ):
            # "**(a) CIFAR-100 top-1 (%)** — colour bar 60 to 80.": a lettered panel's title, a
            # remark on it, its values below
            panels.append(
                Panel(len(panels), _match_title(item.label or "", meta.titles), item.line)
            )
            panels[-1].items.append(item)
            continue
        if (
            item.kind == "bold"
            and item.zone != "data"
            and (item.body or "").strip()
            # ("**Update-to-weight ratio** (median over the final 1k steps)": a head and a
            # remark on it, no paragraph)
            and not REMARK_ONLY.fullmatch(strip_markdown(item.body or ""))
        ):
            head.append(item) if not panels else panels[-1].items.append(item)
            continue  # "**Axes.** The x-axis ...": a paragraph, not a panel title
        if item.kind in ("heading", "bold"):
            text = item.text if item.kind == "heading" else item.label or item.text
            if zone_of_heading(text) is not None and item.kind == "heading" and not panels:
                if zone_of_heading(text) == "data" and not re.search(r"[:|–—]", text):
                    continue
            # ('### Chart 1: "25 °C"' over one line per series: a panel named as one opens
            # it, whatever its lines hold)
            named = lexicon.PANEL_OPENER.search(opener_parts(strip_markdown(text))[0].strip())
            if (
                not _is_group_heading(text, meta)
                and (named or not _heads_series_lines(data, index, meta))
                and (named or not _heads_tick_lines(data, index, text, meta))
                and _opens_panel(data, index, text, meta)
            ):
                panels.append(Panel(len(panels), _match_title(text, meta.titles), item.line))
                if item.kind == "bold" and item.body:
                    panels[-1].items.append(item)
                continue
        (panels[-1].items if panels else head).append(item)
    panels = _without_empty_repeats(panels)
    if not panels:
        panels = [Panel(0, meta.single_title, None, head)]
    elif head:
        panels[0].items[:0] = head
    if len(panels) == 1 and (meta.announced or 1) <= 1:
        panels[0].title = meta.single_title or panels[0].title
    announced = meta.announced or 0
    if announced > len(panels) and len(meta.titles) == announced:
        for title in meta.titles[len(panels) :]:
            panels.append(Panel(len(panels), title, None))
    for panel in panels:
        if panel.title is not None and not panel.title.strip():
            panel.title = None
    return panels
