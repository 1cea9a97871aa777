"""Fact-check every claim of a document against the document's own cells.

Verdicts: ``verified`` (the stated cells decide it and agree), ``contradicted`` (a
stated cell disagrees beyond the tolerance), ``unverifiable`` (the stated cells cannot
decide it: missing cells, a tick the panel does not have, ticks that are not numbers,
a panel the text does not name clearly). A claim is never verified on a partial
grid when an unstated cell could change the answer.

Rounding rule. A stated number is taken at its printed precision: ``49.3`` stands
for anything that rounds to it, so the tolerance is half a unit of its last printed
digit (0.05; ``24`` gives 0.5). A number the text hedges (``~``, ``≈``,
"approximately", "about", "around", "roughly", "nearly", on the number or anywhere
in the claim) gets one full unit of its last digit or 2 % of its size, whichever is
larger. Colour-bar ends are read off a gradient, so they are always hedged.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import pandas as pd

from figdata.stats.panels import as_list, tick_number, typed
from figdata.tables import FACTCHECK
from figdata.titles import panels_named

HEDGE = re.compile(r"~|≈|∼|\b(?:approx\w*|about|around|roughly|nearly|circa|ca\.)", re.I)
RELATIVE_HEDGE = 0.02


def tolerance(value_text: str | None, value: float, hedged: bool = False) -> float:
    """How far a value may be from a stated number that printed it as ``value_text``."""
    unit, hedge = _precision(value_text or "")
    if hedged or hedge:
        return max(unit, RELATIVE_HEDGE * abs(value))
    return unit / 2


@lru_cache(maxsize=65536)
def _precision(text: str) -> tuple[float, bool]:
    """One unit of the last printed digit, and whether the spelling hedges."""
    m = re.search(r"\d+(?:\.(\d+))?(?:[eE]([+\-−]?\d+))?", text)
    decimals = len(m.group(1) or "") if m else 0
    exponent = int(m.group(2).replace("−", "-")) if m and m.group(2) else 0
    return 10.0 ** (exponent - decimals), bool(HEDGE.search(text))


def _fmt(v: float) -> str:
    return f"{v:.6g}"


def _cells_text(xs, ys, limit: int = 6) -> str:
    pairs = [f"(x={x}, y={y})" for x, y in zip(xs or [], ys or [], strict=False)]
    more = f" and {len(pairs) - limit} more" if len(pairs) > limit else ""
    return ", ".join(pairs[:limit]) + more


@dataclass
class Panel:
    """What the checks need to know about one panel."""

    index: int
    title: str | None
    x_ticks: list[str]
    y_ticks: list[str]
    values: dict[tuple[str, str], float]
    n_expected: int | None
    colorbar: tuple[float, float] | None
    line: int | None
    #: title, metric and axis labels: what the values measure
    labels: str = ""

    @property
    def complete(self) -> bool:
        return self.n_expected is not None and len(self.values) >= self.n_expected > 0

    def coverage(self) -> str:
        expected = self.n_expected if self.n_expected is not None else "an unknown number"
        return f"{len(self.values)} of {expected} cells stated"

    def line_values(self, axis: str, tick: str) -> dict[str, float]:
        """The cells of the row (axis y) or column (axis x) at ``tick``, by the other tick."""
        if axis == "y":
            return {x: v for (x, y), v in self.values.items() if y == tick}
        return {y: v for (x, y), v in self.values.items() if x == tick}

    def ticks(self, axis: str) -> list[str]:
        return self.x_ticks if axis == "x" else self.y_ticks


@dataclass
class Verdict:
    verdict: str
    evidence: str
    computed: float | None = None
    tolerance: float | None = None


def _unverifiable(why: str, computed=None, tolerance=None) -> Verdict:
    return Verdict("unverifiable", why, computed, tolerance)


def shard_panels(cells: pd.DataFrame, panels: pd.DataFrame, docs: set[str]) -> dict:
    """doc -> {panel index -> Panel} for the documents in ``docs``, built in one pass."""
    values: dict[tuple[str, int], dict] = defaultdict(dict)
    c = cells[cells["doc"].isin(docs)] if len(cells) else cells
    cols = (c[k].to_numpy(dtype=object) for k in ("doc", "panel", "x", "y", "value"))
    for d, p, x, y, v in zip(*cols, strict=True):
        values[(d, int(p))][(x, y)] = float(v)
    out: dict[str, dict[int, Panel]] = {d: {} for d in docs}
    p = panels[panels["doc"].isin(docs)] if len(panels) else panels
    columns = ["doc", "panel", "title", "x_ticks", "y_ticks", "n_expected"]
    columns += ["colorbar_min", "colorbar_max", "line", "metric", "x_label", "y_label"]
    for d, i, title, xt, yt, n_exp, cmin, cmax, line, *labels in zip(
        *(p[c].to_numpy(dtype=object) for c in columns), strict=True
    ):
        i = int(i)
        bar = (float(cmin), float(cmax)) if pd.notna(cmin) and pd.notna(cmax) else None
        out[d][i] = Panel(
            i,
            title if isinstance(title, str) else None,
            as_list(xt) or [],
            as_list(yt) or [],
            values.get((d, i), {}),
            int(n_exp) if pd.notna(n_exp) else None,
            bar,
            int(line) if pd.notna(line) else None,
            " ".join(t for t in (title, *labels) if isinstance(t, str)),
        )
    return out


# --- one check per kind ------------------------------------------------------------


def check_extreme(claim: dict, panel: Panel) -> Verdict:
    """max / min: the stated value is the panel's extreme, at the named cell if one."""
    top = claim["kind"] == "max"
    stated = claim["value"]
    if stated is None or pd.isna(stated):
        return _unverifiable("the claim states no number")
    tol = tolerance(claim["value_text"], stated, bool(HEDGE.search(claim["text"] or "")))
    if not panel.values:
        return _unverifiable("the panel has no stated cell", tolerance=tol)
    word = "max" if top else "min"
    vals = panel.values
    best = max(vals.values()) if top else min(vals.values())
    at = [k for k, v in vals.items() if v == best]
    where = _cells_text([k[0] for k in at], [k[1] for k in at])
    seen = f"{word} of the stated cells {_fmt(best)} at {where}; {panel.coverage()}"
    beyond = best > stated + tol if top else best < stated - tol
    if beyond:
        return Verdict("contradicted", seen, best, tol)
    x, y = claim.get("x"), claim.get("y")
    if x is not None and y is not None:
        if (x, y) not in vals:
            return _unverifiable(f"the named cell (x={x}, y={y}) is not stated; {seen}", best, tol)
        cell = vals[(x, y)]
        if abs(cell - stated) > tol:
            return Verdict(
                "contradicted", f"the cell (x={x}, y={y}) holds {_fmt(cell)}; {seen}", best, tol
            )
    if not panel.complete:
        return _unverifiable(seen, best, tol)
    if abs(best - stated) > tol:
        return Verdict("contradicted", seen, best, tol)
    return Verdict("verified", seen, best, tol)


def _span(panels: list[Panel]) -> tuple[float, float, bool, str]:
    vals = [v for p in panels for v in p.values.values()]
    complete = all(p.complete for p in panels)
    cover = "; ".join(f"panel {p.index}: {p.coverage()}" for p in panels)
    return min(vals), max(vals), complete, cover


def check_range(lo: float, hi: float, tol_lo: float, tol_hi: float, panels: list[Panel]):
    if not any(p.values for p in panels):
        return _unverifiable("no stated cell in the panels concerned")
    mn, mx, complete, cover = _span(panels)
    seen = f"stated cells span {_fmt(mn)} to {_fmt(mx)} ({cover})"
    tol = max(tol_lo, tol_hi)
    if mn < lo - tol_lo or mx > hi + tol_hi:
        return Verdict("contradicted", seen, None, tol)
    if not complete:
        return _unverifiable(seen, None, tol)
    if abs(mn - lo) > tol_lo or abs(mx - hi) > tol_hi:
        return Verdict("contradicted", seen, None, tol)
    return Verdict("verified", seen, None, tol)


def check_colorbar(panel: Panel) -> Verdict:
    lo, hi = panel.colorbar
    tol_lo, tol_hi = tolerance(_fmt(lo), lo, True), tolerance(_fmt(hi), hi, True)
    if not panel.values:
        return _unverifiable("the panel has no stated cell")
    mn, mx, complete, cover = _span([panel])
    seen = (
        f"colour bar {_fmt(lo)} to {_fmt(hi)}; stated cells span {_fmt(mn)} to {_fmt(mx)} ({cover})"
    )
    tol = max(tol_lo, tol_hi)
    if mn < lo - tol_lo or mx > hi + tol_hi:
        return Verdict("contradicted", seen + ": cells outside the bar", None, tol)
    if not complete:
        return _unverifiable(seen, None, tol)
    return Verdict("verified", seen, None, tol)


def check_bound(claim: dict, panel: Panel) -> Verdict:
    stated = claim["value"]
    tol = tolerance(claim["value_text"], stated, bool(HEDGE.search(claim["text"] or "")))
    axis, tick, rel = claim.get("axis"), claim.get("tick"), claim["relation"]
    if axis is not None:
        if tick not in panel.ticks(axis):
            return _unverifiable(f"the panel has no {axis} tick {tick}", tolerance=tol)
        vals = panel.line_values(axis, tick)
        expected = len(panel.ticks("x" if axis == "y" else "y"))
        where = f"{'row' if axis == 'y' else 'column'} {axis}={tick}"
        complete = expected > 0 and len(vals) >= expected
        cover = f"{len(vals)} of {expected} cells stated"
    else:
        vals = {f"{x}|{y}": v for (x, y), v in panel.values.items()}
        where, complete, cover = "the panel", panel.complete, panel.coverage()
    if not vals:
        return _unverifiable(f"no stated cell in {where}", tolerance=tol)
    upper = rel in ("le", "lt")
    extreme = max(vals.values()) if upper else min(vals.values())
    seen = f"{where}: {'max' if upper else 'min'} {_fmt(extreme)} ({cover})"
    if (upper and extreme > stated + tol) or (not upper and extreme < stated - tol):
        return Verdict("contradicted", seen, extreme, tol)
    if not complete:
        return _unverifiable(seen, extreme, tol)
    return Verdict("verified", seen, extreme, tol)


def check_identical(claim: dict, panel: Panel) -> Verdict:
    axis, a, b = claim.get("axis"), claim.get("tick"), claim.get("tick2")
    for t in (a, b):
        if t not in panel.ticks(axis):
            return _unverifiable(f"the panel has no {axis} tick {t}")
    va, vb = panel.line_values(axis, a), panel.line_values(axis, b)
    common = sorted(set(va) & set(vb), key=panel.ticks("x" if axis == "y" else "y").index)
    differ = [k for k in common if va[k] != vb[k]]
    what = "rows" if axis == "y" else "columns"
    if differ:
        shown = "; ".join(f"at {k}: {_fmt(va[k])} vs {_fmt(vb[k])}" for k in differ[:5])
        return Verdict("contradicted", f"{what} {a} and {b} differ {shown}", None, 0.0)
    expected = len(panel.ticks("x" if axis == "y" else "y"))
    seen = f"{len(common)} common cells of {expected} equal"
    if expected == 0 or len(va) < expected or len(vb) < expected:
        return _unverifiable(seen, None, 0.0)
    return Verdict("verified", seen, None, 0.0)


def check_improved(claim: dict, before: Panel, after: Panel) -> Verdict:
    higher = claim["relation"] == "higher"
    common = [k for k in after.values if k in before.values]
    bad = [
        k
        for k in common
        if (after.values[k] <= before.values[k] if higher else after.values[k] >= before.values[k])
    ]
    pair = f"panel {before.index} -> panel {after.index}"
    if bad:
        shown = "; ".join(
            f"(x={x}, y={y}) {_fmt(before.values[(x, y)])} -> {_fmt(after.values[(x, y)])}"
            for x, y in bad[:5]
        )
        return Verdict(
            "contradicted",
            f"{pair}: {len(bad)} of {len(common)} cells not {claim['relation']}: {shown}",
        )
    seen = (
        f"{pair}: {len(common)} common cells all {claim['relation']}; "
        f"before {before.coverage()}, after {after.coverage()}"
    )
    if not (before.complete and after.complete) or not common:
        return _unverifiable(seen)
    return Verdict("verified", seen)


def check_trend(claim: dict, panel: Panel, effects: list[tuple]) -> Verdict:
    """``effects``: (axis, along, rho, reason) of the panel's rows and columns."""
    axis, tick = claim["axis"], claim.get("tick")
    sign = 1 if claim["relation"] == "increasing" else -1
    numbers = [tick_number(t) for t in panel.ticks(axis)]
    if not numbers or any(n is None for n in numbers):
        return _unverifiable(f"the {axis} ticks are not all numbers")
    other = "y" if axis == "x" else "x"
    e = [t for t in effects if t[0] == axis]
    n_ticks = len(panel.ticks(axis))
    if tick is not None:
        if tick not in panel.ticks(other):
            return _unverifiable(f"the panel has no {other} tick {tick}")
        row = [t for t in e if t[1] == tick]
        n = len(panel.line_values(other, tick))
        if not row or pd.isna(row[0][2]):
            why = row[0][3] if row else "no stated cell"
            return _unverifiable(f"{other}={tick}: {why}")
        rho = float(row[0][2])
        seen = f"Spearman rho of value with {axis} at {other}={tick}: {rho:.2f}"
        seen += f" ({n} of {n_ticks} cells)"
        if n < n_ticks:
            return _unverifiable(seen, rho)
        return Verdict("verified" if sign * rho > 0 else "contradicted", seen, rho)
    rhos = [float(t[2]) for t in e if not _isna(t[2])]
    if not rhos:
        return _unverifiable(f"no row or column with 3 or more stated cells along {axis}")
    effect = sum(rhos) / len(rhos)
    agree = sum(1 for r in rhos if np.sign(r) == sign) / len(rhos)
    seen = (
        f"mean Spearman rho along {axis} {effect:.2f} over {len(rhos)} lines, "
        f"{agree:.0%} in the stated direction; {panel.coverage()}"
    )
    if not panel.complete:
        return _unverifiable(seen, effect)
    ok = sign * effect > 0 and agree >= 0.5
    return Verdict("verified" if ok else "contradicted", seen, effect)


def check_rank(claim: dict, named: Panel, panels: dict[int, Panel]) -> Verdict:
    with_cells = [p for p in panels.values() if p.values]
    means = {p.index: float(np.mean(list(p.values.values()))) for p in with_cells}
    if named.index not in means or len(means) < 2:
        return _unverifiable("fewer than two panels with stated cells to rank")
    listing = ", ".join(f"panel {i}: {_fmt(m)}" for i, m in sorted(means.items()))
    order = sorted(means, key=means.get, reverse=claim["relation"] == "highest")
    seen = f"panel means {listing}"
    if not all(p.complete for p in with_cells):
        return _unverifiable(seen + "; some panels are incomplete", means[named.index])
    ok = order[0] == named.index
    return Verdict("verified" if ok else "contradicted", seen, means[named.index])


#: what the values measure when lower is better: "best" then means the lowest value
LOWER_IS_BETTER = re.compile(
    r"\b(?:loss|error|errors|err|perplexity|ppl|latency|wer|cer|mae|mse|rmse|ece|"
    r"calibration error|runtime|regret|distance|cost)\b",
    re.I,
)


def check_line_rank(claim: dict, panel: Panel) -> Verdict:
    """A row or column (series) ranked against the others: by its cell at one position
    of the other axis when the claim names one, else by its mean over the whole line
    (decided only on a complete grid: an unstated cell could change a mean)."""
    axis, tick, relation = claim["axis"], claim["tick"], claim["relation"]
    other = "x" if axis == "y" else "y"
    if tick not in panel.ticks(axis):
        return _unverifiable(f"the panel has no {axis} tick {tick}")
    stated_as = relation
    if relation in ("best", "worst"):
        lower = bool(LOWER_IS_BETTER.search(panel.labels))
        relation = "lowest" if (relation == "best") == lower else "highest"
        stated_as = f"{stated_as}, {'lower' if lower else 'higher'} being better: {relation}"
    what = "row" if axis == "y" else "column"
    at = claim.get(other)
    if isinstance(at, str):
        by_line = {
            t: panel.values[(at, t) if axis == "y" else (t, at)]
            for t in panel.ticks(axis)
            if ((at, t) if axis == "y" else (t, at)) in panel.values
        }
        scope, expected = f"at {other}={at}", len(panel.ticks(axis))
    else:
        by_line = {
            t: float(np.mean(list(v.values())))
            for t in panel.ticks(axis)
            if (v := panel.line_values(axis, t))
        }
        scope = "line means"
        expected = len(panel.ticks(axis)) if panel.complete else None
    listing = ", ".join(f"{t}: {_fmt(v)}" for t, v in by_line.items())
    seen = f"{scope} {listing}" + (f"; {panel.coverage()}" if scope == "line means" else "")
    if tick not in by_line:
        return _unverifiable(f"{what} {tick} has no stated cell ({seen})")
    mine = by_line[tick]
    value = claim.get("value")
    if value is not None and not _isna(value):
        tol = tolerance(claim.get("value_text"), float(value), bool(HEDGE.search(claim["text"])))
        if abs(mine - float(value)) > tol:
            return Verdict("contradicted", f"{what} {tick}: {_fmt(mine)}; {seen}", mine, tol)
    sign = 1 if relation == "highest" else -1
    beaten = [t for t, v in by_line.items() if t != tick and sign * (v - mine) > 0]
    seen += f"; {stated_as} wanted" if stated_as != relation else f"; {relation} wanted"
    if beaten:
        return Verdict("contradicted", f"{seen}: {', '.join(beaten[:5])} beat {tick}", mine)
    if expected is None or len(by_line) < expected:
        return _unverifiable(seen + "; unstated cells could change the ranking", mine)
    ties = [t for t, v in by_line.items() if t != tick and v == mine]
    if ties:
        seen += f"; tied with {', '.join(ties[:5])}"
    return Verdict("verified", seen, mine)


# --- the whole document ---------------------------------------------------------------


def _named(claim: dict, panels: dict[int, Panel]) -> list[int]:
    if claim.get("subject") is None or (isinstance(claim["subject"], float)):
        return []
    titles = [panels[i].title if i in panels else None for i in range(max(panels) + 1)]
    return [i for i in panels_named(claim["subject"], titles) if i in panels]


def _stated(claim: dict) -> str:
    parts = [claim.get("value_text"), claim.get("value_hi_text")]
    return " to ".join(p for p in parts if isinstance(p, str)) or None


def check_claim(
    claim: dict, panels: dict[int, Panel], pairs, effects
) -> tuple[Verdict, int | None]:
    """The verdict of one claim, and the panel it was checked against."""
    kind = claim["kind"]
    panel_id = claim["panel"] if pd.notna(claim["panel"]) else None
    named = _named(claim, panels)
    if panel_id is None and len(named) == 1:
        panel_id = named[0]
    if panel_id is None and len(panels) == 1 and kind != "improved":
        panel_id = next(iter(panels))
    if kind == "range":
        tol_lo = tolerance(claim["value_text"], claim["value"], bool(HEDGE.search(claim["text"])))
        tol_hi = tolerance(
            claim["value_hi_text"],
            claim["value_hi"],
            bool(HEDGE.search(claim["text"])) or bool(HEDGE.search(claim["value_text"] or "")),
        )
        scope = [panels[panel_id]] if panel_id is not None else list(panels.values())
        if not scope:
            return _unverifiable("the document has no panel"), None
        return check_range(claim["value"], claim["value_hi"], tol_lo, tol_hi, scope), panel_id
    if kind == "improved":
        return _improved(claim, panels, pairs, panel_id, named)
    if kind == "panel_rank":
        if len(named) != 1:
            what = "names no panel" if not named else "names several panels"
            return _unverifiable(f"the sentence {what} by its title"), None
        return check_rank(claim, panels[named[0]], panels), named[0]
    if panel_id is None or panel_id not in panels:
        return _unverifiable("the claim names no panel of the document"), None
    panel = panels[panel_id]
    if kind in ("max", "min"):
        return check_extreme(claim, panel), panel_id
    if kind == "bound":
        return check_bound(claim, panel), panel_id
    if kind == "identical":
        return check_identical(claim, panel), panel_id
    if kind == "trend":
        return check_trend(claim, panel, effects.get(panel_id, [])), panel_id
    if kind == "line_rank":
        return check_line_rank(claim, panel), panel_id
    return _unverifiable(f"no check for claims of kind {kind}"), panel_id


def _improved(claim, panels, shared: list[tuple[int, int]], panel_id, named):
    if len(named) == 2:
        a, b = sorted(named)
        candidates = [(a, b)] if (a, b) in shared else []
    elif panel_id is not None:
        candidates = [p for p in shared if panel_id in p]
    else:
        candidates = shared
    if len(candidates) != 1:
        why = "no two panels share their ticks" if not candidates else "several pairs of panels"
        return _unverifiable(f"which panels are compared is unclear ({why})"), panel_id
    a, b = candidates[0]
    return check_improved(claim, panels[a], panels[b]), b


def factcheck(
    claims: pd.DataFrame,
    cells: pd.DataFrame,
    panels: pd.DataFrame,
    pairs: pd.DataFrame,
    effects: pd.DataFrame,
    quarantine: pd.DataFrame | None = None,
) -> tuple[pd.DataFrame, list[dict]]:
    """(FACTCHECK rows, claim_contradicted findings) for every document of the shard."""
    rows: list[dict] = []
    findings: list[dict] = []
    records = claims.to_dict("records") if len(claims) else []
    by_doc: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        by_doc[r["doc"]].append({k: (None if _isna(v) else v) for k, v in r.items()})
    with_bar = panels["colorbar_min"].notna() & panels["colorbar_max"].notna()
    docs = sorted(set(by_doc) | set(panels.loc[with_bar, "doc"]))
    wanted = set(docs)
    all_panels = shard_panels(cells, panels, wanted)
    shared: dict[str, list[tuple[int, int]]] = defaultdict(list)
    cols = (pairs[k].to_numpy(dtype=object) for k in ("doc", "panel_a", "panel_b"))
    for d, a, b in zip(*cols, strict=True):
        if d in wanted:
            shared[d].append((int(a), int(b)))
    lines: dict[str, dict[int, list]] = defaultdict(lambda: defaultdict(list))
    e = effects[effects["doc"].isin(wanted)] if len(effects) else effects
    cols = (e[k].to_numpy(dtype=object) for k in ("doc", "panel", "axis", "along", "rho", "reason"))
    for d, p, axis, along, rho, reason in zip(*cols, strict=True):
        lines[d][int(p)].append((axis, along, rho, reason))
    for doc in docs:
        doc_panels = all_panels[doc]
        for index, claim in enumerate(by_doc.get(doc, [])):
            verdict, panel = check_claim(claim, doc_panels, shared[doc], lines[doc])
            rows.append(_row(doc, index, claim, verdict, panel))
        for p in doc_panels.values():
            if p.colorbar is not None:
                lo, hi = p.colorbar
                claim = {
                    "kind": "colorbar_range",
                    "line": p.line or 1,
                    "text": f"colour bar from {_fmt(lo)} to {_fmt(hi)}",
                    "value_text": _fmt(lo),
                    "value_hi_text": _fmt(hi),
                }
                rows.append(_row(doc, None, claim, check_colorbar(p), p.index))
    if quarantine is not None and len(quarantine):
        q = quarantine[quarantine["source"] == "claims"]
        for r in q.to_dict("records"):
            claim = {
                "kind": r["claim_kind"],
                "line": r["line"],
                "text": r["text"],
                "value_text": r["value_text"] if isinstance(r["value_text"], str) else None,
            }
            why = f"quarantined by the validate stage ({r['reason']}): {r['detail']}"
            panel = r["panel"] if pd.notna(r["panel"]) else None
            rows.append(_row(r["doc"], None, claim, _unverifiable(why), panel))
    out = pd.DataFrame(rows, columns=list(FACTCHECK))
    if len(out):
        out = out.sort_values(["doc", "line", "claim"], kind="stable", na_position="last")
        for r in out[out["verdict"] == "contradicted"].to_dict("records"):
            findings.append(_finding(r))
    return typed(out, FACTCHECK), findings


def _isna(v) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v)) or v is pd.NA


def _row(doc, index, claim, verdict: Verdict, panel) -> dict:
    return {
        "doc": doc,
        "claim": index,
        "line": int(claim["line"]),
        "kind": claim["kind"],
        "panel": panel,
        "text": claim["text"],
        "stated": _stated(claim),
        "verdict": verdict.verdict,
        "evidence": verdict.evidence,
        "computed": verdict.computed,
        "tolerance": verdict.tolerance,
    }


def _finding(r: dict) -> dict:
    stated = f" ({r['stated']})" if isinstance(r["stated"], str) else ""
    return {
        "doc": r["doc"],
        "panel": r["panel"] if pd.notna(r["panel"]) else None,
        "line": r["line"],
        "kind": "claim_contradicted",
        "severity": "warning",
        "detail": f"the {r['kind']} claim{stated} disagrees with the cells: {r['evidence']}",
        "raw": r["text"],
        "x": None,
        "y": None,
        "stage": "stats",
    }
