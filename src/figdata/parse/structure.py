"""Document-level structure: panels, their titles, axes and colour bars."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from figdata.parse.axes import (
    Axis,
    axis_role,
    colour_metric,
    colour_ranges,
    is_colourbar_label,
    panel_count,
    parse_axis,
    tick_order,
)
from figdata.parse.model import Item, zone_of_heading
from figdata.parse.text import norm, quoted, strip_markdown
from figdata.parse.ticks import AxisTicks, match_tick

_GENERIC_HEADING = re.compile(
    r"^(?:data(?:\s+(?:points?|grid|table|extraction|values?))?|values?|table|grid|cells?|"
    r"transcription|corners?|interior|distribution|breakdown|details?|trend|notes?|"
    r"(?:visual\s+)?trends?|data\s+points\s*\(.*\))\s*:?$",
    re.I,
)
_POSITION_GROUP = re.compile(r"^(?:row|column|col|cell)\s*\d+\b|^from\s+\S+$", re.I)
_ENUM = re.compile(
    r"^\s*(?:\(?[a-z0-9]{1,2}[.)]\s+|\([a-z0-9]{1,2}\)\s*|"
    r"(?:panel|chart|figure|subplot|heatmap|plot|map|graph)\s*[\w]{0,3}\s*[:.–—-]\s*|"
    r"(?:left|right|center|centre|middle|top|bottom|upper|lower)(?:[- ](?:left|right))?\s+"
    r"(?:heatmap|panel|chart|plot|map|one)\b\s*[:.–—-]?\s*)",
    re.I,
)
_POSITION_REMARK = re.compile(
    r"\s*\((?=[^)]*\b(?:left|right|cent(?:er|re)|middle|top|bottom|heatmap|panel|colou?r|scale)\b)"
    r"[^)]*\)\s*",
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


@dataclass
class Meta:
    chart_type: str
    x: Axis
    y: Axis
    legend: Axis | None
    scoped_axes: dict[int, dict[str, Axis]]
    colours: list[tuple[float, float]]
    colour_by_title: dict[str, tuple[float, float]]
    metric: str | None
    titles: list[str]
    single_title: str | None
    untitled: bool
    announced: int | None


def clean_title(text: str) -> str:
    text = strip_markdown(text).strip()
    for _ in range(2):
        text = _ENUM.sub("", text, count=1).strip()
    text = _POSITION_REMARK.sub(" ", text).strip()
    text = re.split(r"\s+[—–]\s+", text)[0].strip()
    text = text.strip().rstrip(":.").strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    return text


def chart_type(text: str) -> str:
    t = text.lower()
    if re.search(r"\bbar (?:chart|graph|plot)", t):
        return "grouped_bar"
    if re.search(r"\bline (?:chart|graph|plot)", t):
        return "line"
    if re.search(r"heat ?map|confusion matrix|contact map|matrix|grid", t):
        return "heatmap"
    return "unknown"


def _nested_axis(items: list[Item], i: int) -> str:
    """An axis told as sub-bullets (Label: ..., Ticks: ...) as one description."""
    parent = items[i]
    parts: dict[str, str] = {}
    for child in items[i + 1 :]:
        if child.kind != "list" or child.level <= parent.level or not child.label:
            break
        key = strip_markdown(child.label).lower()
        if re.search(r"label|title|name", key):
            parts["label"] = child.body or ""
        elif re.search(r"tick|value|marker|categor|class|level|group|item", key):
            parts["ticks"] = child.body or ""
        elif re.search(r"order|direction|orientation|position", key):
            parts["order"] = child.body or ""
    if "ticks" not in parts:
        return ""
    label = strip_markdown(parts.get("label", "")).strip(" .\"'`")
    head = f'"{label}", ' if label else ""
    return f"{head}ticks {parts['ticks']} {parts.get('order', '')}".strip()


def _title_items(items: list[Item]) -> list[str]:
    """Titles listed under a 'Titles' / 'Panel titles' / 'Panels' entry."""
    titles: list[str] = []
    for i, item in enumerate(items):
        label = item.label or ""
        if item.kind not in ("list", "bold", "text") or not re.search(
            r"\btitles?\b|^panels?\s*(?:\(|$)", label, re.I
        ):
            continue
        body = item.body or ""
        found = quoted(body)
        if not found and body and not re.search(r"\be\.g\.|labell?ed with", body):
            found = [
                strip_markdown(p).strip(" .")
                for p in re.split(
                    r"\s*\((?:[a-z]|\d{1,2})\)\s*|,\s*(?=\((?:[a-z]|\d{1,2})\))", body
                )
                if p.strip(" .,")
            ]
            found = [f.rstrip(",").strip() for f in found if f]
        if not body:
            for child in items[i + 1 :]:
                if child.kind == "list" and not re.match(r"^\s*\*\*", child.text):
                    names = quoted(child.text) or [strip_markdown(child.body or child.text)]
                    found.append(names[0])
                else:
                    break
        titles.extend(strip_markdown(t).strip() for t in found if t.strip())
        if len(titles) > 1:
            return titles
    return titles


def _overview_titles(text: str) -> tuple[list[str], str | None, bool]:
    untitled = bool(re.search(r"\buntitled\b|\bno (?:chart )?title\b", text, re.I))
    titles: list[str] = []
    for sentence in re.split(r"(?<=[.;])\s+(?=[A-Z])", text):
        if re.search(
            r"\btitled\b|\btitle\b|\bone per\b|\b(?:left|right)\s+(?:one|panel)\b", sentence, re.I
        ):
            titles.extend(strip_markdown(q).strip().rstrip(",.") for q in quoted(sentence))
    single = titles[0] if titles else None
    if single is None:
        m = re.search(r"\b(?:heatmap|chart|plot|figure|matrix|map)\s*,\s*\"([^\"]+)\"", text, re.I)
        if m:
            single = m.group(1)
    return titles, single, untitled


def read_meta(items: list[Item]) -> Meta:
    meta_items = [it for it in items if it.zone in ("title", "overview", "components")]
    overview = " ".join(it.text for it in items if it.zone in ("title", "overview"))
    x, y, legend = Axis(), Axis(), None
    scoped: dict[int, dict[str, Axis]] = {}
    colours: list[tuple[float, float]] = []
    colour_by_title: dict[str, tuple[float, float]] = {}
    metric = None
    in_colour = False
    for i, item in enumerate(meta_items):
        if item.kind not in ("list", "bold", "text") or item.zone == "overview":
            continue
        label = strip_markdown(item.label or "")
        body = item.body or ""
        if label and not body and axis_role(label) is not None:
            body = _nested_axis(meta_items, i)
        if not label:
            if in_colour and item.kind == "list":
                colours.extend(colour_ranges(body))
            continue
        m = re.match(r"^(left|right|first|second|third|fourth|panel\s*\d|\([a-z]\))", label, re.I)
        if m and re.search(r"[xy]-?axis", body, re.I):
            key = m.group(1).lower()
            index = {"left": 0, "first": 0, "right": 1, "second": 1, "third": 2, "fourth": 3}.get(
                key, None
            )
            if index is None:
                digits = re.findall(r"\d", key)
                index = int(digits[0]) - 1 if digits else ord(key[1]) - ord("a")
            scoped[index] = {}
            for clause in re.split(r";\s*", body):
                cm = re.match(r"^\s*([xy])-?axis\b\s*(.*)$", clause, re.I)
                if cm:
                    scoped[index][cm.group(1).lower()] = parse_axis(cm.group(2))
            continue
        if is_colourbar_label(label):
            in_colour = True
            ranges = colour_ranges(body)
            colours.extend(ranges)
            metric = metric or colour_metric(body)
            continue
        if in_colour and item.kind == "list" and axis_role(label) is None:
            found = colour_ranges(body)
            if found:
                colour_by_title[norm(label)] = found[0]
                continue
        in_colour = False
        role = axis_role(label)
        if role is None:
            continue
        if re.search(r"\btick", label, re.I):
            parsed = parse_axis(body, with_label=False)
            parsed.order = parsed.order or tick_order(label, parsed.ticks)
        elif re.search(r"\blabel\b", label, re.I) and not re.search(r"\bticks?\b", body, re.I):
            parsed = Axis(
                label=strip_markdown(quoted(body)[0] if quoted(body) else body).strip(". ")
            )
        else:
            parsed = parse_axis(body, with_label=role != "legend")
        if role == "legend":
            legend = parsed
            legend.order = "legend"
            continue
        target = x if role == "x" else y
        named = re.search(r"\(([^()]+)\)", label)
        if (
            parsed.label is None
            and named
            and not re.search(
                r"\b(?:left|right|top|bottom|each|all|both|common|shared|panel|heatmap|[xy]-?axis)\b",
                named.group(1),
                re.I,
            )
        ):
            parsed.label = named.group(1).strip()
        target.label = target.label or parsed.label
        if parsed.ticks and not target.ticks:
            target.ticks = parsed.ticks
        target.order = target.order or parsed.order
        target.same_as_other = target.same_as_other or parsed.same_as_other
    for role, target in (("x", x), ("y", y)):
        if not target.ticks:
            found = _axis_in_prose(overview, role)
            if found is not None:
                target.label = target.label or found.label
                target.ticks = found.ticks
                target.order = target.order or found.order
    if x.same_as_other and not x.ticks:
        x.ticks = list(y.ticks)
    if y.same_as_other and not y.ticks:
        y.ticks = list(x.ticks)
    titles = _title_items(meta_items)
    over_titles, single, untitled = _overview_titles(overview)
    if not titles:
        titles = over_titles
    if titles and single is None:
        single = titles[0]
    return Meta(
        chart_type=chart_type(overview),
        x=x,
        y=y,
        legend=legend,
        scoped_axes=scoped,
        colours=colours,
        colour_by_title=colour_by_title,
        metric=metric,
        titles=titles,
        single_title=None if untitled else single,
        untitled=untitled,
        announced=panel_count(overview),
    )


_PROSE_AXIS = {
    "x": r"(?:x[- ]axis|horizontal axis|columns?)",
    "y": r"(?:y[- ]axis|vertical axis|rows?)",
}


def _axis_in_prose(text: str, role: str) -> Axis | None:
    """'the horizontal axis shows the weight λ1 (0.1, 0.5, 1.0)' in an overview."""
    for m in re.finditer(
        rf"\b{_PROSE_AXIS[role]}\s*(?:\([^)]*\)\s*)?(?:shows|is|represents|plots|gives|lists|"
        r"holds|carries|:)\s+(?:the\s+)?(?P<body>[^.;]+(?:\.\d[^.;]*)*)",
        text,
        re.I,
    ):
        body = re.split(r",?\s+and\s+the\s+(?:x|y|vertical|horizontal)\b", m.group("body"))[0]
        axis = parse_axis(body)
        if len(axis.ticks) >= 2:
            axis.order = axis.order or tick_order(text, axis.ticks)
            return axis
    return None


def _is_group_heading(text: str, meta: Meta) -> bool:
    clean = clean_title(text)
    raw = strip_markdown(text).strip().rstrip(":")
    if _GENERIC_HEADING.match(raw) or _POSITION_GROUP.match(raw):
        return True
    if zone_of_heading(raw) == "data" and len(raw.split()) <= 3:
        return True
    axes = [meta.x.ticks, meta.y.ticks, meta.legend.ticks if meta.legend else []]
    return any(match_tick(raw, t) or match_tick(clean, t) for t in axes if t)


def _match_title(heading: str, titles: list[str]) -> str:
    cleaned = clean_title(heading)
    best = None
    for title in titles:
        key = norm(title)
        rest = norm(cleaned)[len(key) :] if norm(cleaned).startswith(key) else None
        if key and rest is not None and (not rest or re.match(r"^\s*[(—–:|-]", rest)):
            if best is None or len(key) > len(norm(best)):
                best = title
    return best if best is not None else cleaned


def split_panels(items: list[Item], meta: Meta) -> list[Panel]:
    data = [it for it in items if it.zone == "data"]
    panels: list[Panel] = []
    head: list[Item] = []
    for item in data:
        if item.kind in ("heading", "bold"):
            text = item.text if item.kind == "heading" else item.label or item.text
            if zone_of_heading(text) is not None and item.kind == "heading" and not panels:
                if zone_of_heading(text) == "data" and not re.search(r"[:|–—]", text):
                    continue
            if not _is_group_heading(text, meta):
                panels.append(Panel(len(panels), _match_title(text, meta.titles), item.line))
                if item.kind == "bold" and item.body:
                    panels[-1].items.append(item)
                continue
        (panels[-1].items if panels else head).append(item)
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
