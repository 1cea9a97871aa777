"""Data-quality checks: findings and quarantined rows, never an exception.

Every check runs over the whole batch at once and is one entry of
:data:`CHECKS`, in the order they run: a later check sees only the rows the
earlier ones left alive (a cell quarantined as off-grid is not also reported as
a duplicate). A check reports through a :class:`_Collector`: one finding per
problem, the rows it takes out (quarantine), and its failure cases for the
report.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
import pandas as pd

from figdata import tables
from figdata.validate.report import FAILURE_COLUMNS, counts

STAGE = "validate"

#: colour bars saturate and their printed ends are approximate (descriptions
#: read "~40 to ~48" off the last labelled ticks while cells reach 49.3): a value
#: may pass an end by this share of the span before it is worth a warning ...
RANGE_TOLERANCE = 0.20
#: ... and beyond this share it cannot be a reading of the chart at all
RANGE_GARBLED = 0.50
#: ... unless most values of the panel (and at least this many) disagree with the
#: bar: then the stated bar is the misreading, and the values are kept
DISTRUST_SHARE = 0.5
DISTRUST_MIN = 3
# exact decimal boundaries (110 on a 0-100 bar) must not tip over by rounding
_EPS = 1e-9
#: parse findings that already explain why a panel or document has no cells
EXPLAINING_KINDS = ("empty", "no_data", "truncated", "missing_cell", *tables.UNREAD_KINDS)


class _Collector:
    """Findings, quarantined rows and failure cases, piece by piece, as frames."""

    def __init__(self) -> None:
        self.findings: list[pd.DataFrame] = []
        self.quarantine: list[pd.DataFrame] = []
        self.failures: list[pd.DataFrame] = []

    def finding(self, d, panel, line, kind, severity, detail, raw=None, x=None, y=None):
        self.findings.append(
            pd.DataFrame(
                {
                    "_d": _arr(d),
                    "panel": _arr(panel),
                    "line": _arr(line),
                    "kind": kind,
                    "severity": _arr(severity),
                    "detail": _arr(detail),
                    "raw": _arr(raw),
                    "x": _arr(x),
                    "y": _arr(y),
                }
            )
        )

    def quarantine_rows(self, source: str, rows: pd.DataFrame, reason: str, detail) -> None:
        q = pd.DataFrame(index=rows.index)
        for column in tables.QUARANTINE:
            q[column] = rows[column] if column in rows.columns else None
        q["source"] = source
        q["reason"] = reason
        q["detail"] = _arr(detail)
        if source == "claims":
            q["claim_kind"] = rows["kind"]
            q["panel_title"] = None
            q["layout"] = None
        q["_d"] = rows["_d"]
        self.quarantine.append(q)

    def failure(self, check, table, rows: pd.DataFrame, action, detail) -> None:
        f = pd.DataFrame(index=rows.index)
        f["_d"] = rows["_d"]
        f["check"] = check
        f["table"] = table
        for column in ("panel", "line", "x", "y", "value", "value_text"):
            f[column] = rows[column] if column in rows.columns else None
        f["action"] = _arr(action)
        f["detail"] = _arr(detail)
        self.failures.append(f)

    def reject(self, table: str, rows: pd.DataFrame, kind: str, detail, raw) -> None:
        """One warning finding per row, the rows quarantined, the failure recorded."""
        self.finding(
            rows["_d"],
            rows["panel"],
            rows["line"],
            kind,
            "warning",
            detail,
            raw,
            rows["x"],
            rows["y"],
        )
        self.quarantine_rows(table, rows, kind, detail)
        self.failure(kind, table, rows, "quarantined", detail)


def _arr(value):
    return value.to_numpy(dtype=object) if isinstance(value, pd.Series) else value


def _frame(pieces, columns: Mapping[str, str], docs: list[str], **const) -> pd.DataFrame:
    pieces = [p for p in pieces if len(p)]
    if not pieces:
        df = pd.DataFrame({c: pd.Series(dtype=object) for c in columns})
        df["_d"] = np.zeros(0, dtype=np.int64)
    else:
        df = pd.concat(pieces, ignore_index=True)
    for column, value in const.items():
        df[column] = value
    if "doc" in columns:
        df["doc"] = np.asarray(docs, dtype=object)[df["_d"].to_numpy(dtype=np.int64)]
    for column in columns:
        if column not in df.columns:
            df[column] = None
    # rows of one document stay together, in the order the checks found them
    df = df.sort_values("_d", kind="stable", ignore_index=True)
    return df[[*columns, "_d"]]


class _Ticks:
    """Declared ticks of every panel, as index lookups."""

    def __init__(self, panels: pd.DataFrame) -> None:
        self.x = self._axis(panels, "x_ticks")
        self.y = self._axis(panels, "y_ticks")
        self.has_x = self._declared(panels, "x_ticks")
        self.has_y = self._declared(panels, "y_ticks")

    @staticmethod
    def _declared(panels, column) -> pd.MultiIndex:
        mask = panels[column].map(lambda t: t is not None and len(t) > 0).astype(bool)
        return pd.MultiIndex.from_arrays([panels["_d"][mask], panels["panel"][mask]])

    @staticmethod
    def _axis(panels, column) -> pd.MultiIndex:
        long = panels[["_d", "panel", column]].explode(column).dropna(subset=[column])
        return pd.MultiIndex.from_arrays(
            [long["_d"].astype(np.int64), long["panel"].astype(np.int64), long[column].astype(str)]
        )


def _keys(df, *columns) -> pd.MultiIndex:
    return pd.MultiIndex.from_arrays([df[c].to_numpy(dtype=object) for c in columns])


def _q(series: pd.Series) -> pd.Series:
    """Quote values for a detail message (vectorised)."""
    return "'" + series.astype(str) + "'"


def _non_finite(out: _Collector, df: pd.DataFrame, table: str) -> np.ndarray:
    value = df["value"].to_numpy(dtype=float)
    if table == "cells":
        bad = ~np.isfinite(value)
    else:  # a claim may state no number at all (null); only a stated non-finite one is bad
        bad = ~np.isfinite(value) & ~np.isnan(value)
    if not bad.any():
        return bad
    rows = df[bad]
    shown = rows["value_text"].fillna(rows["value"].astype(str))
    detail = "value " + _q(shown) + " is not a finite number"
    raw = rows["value_text"] if table == "cells" else rows["text"]
    out.reject(table, rows, "non_finite_value", detail, raw)
    return bad


# a mantissa with a non-zero digit: the printed number is not zero
_NONZERO_MANTISSA = r"^[^eE]*[1-9]"


def _underflow(out: _Collector, df: pd.DataFrame, table: str) -> np.ndarray:
    """Rows whose printed number is not zero but too small for a float64 (read as 0.0)."""
    value = df["value"].to_numpy(dtype=float)
    zero = value == 0
    if not zero.any():
        return zero
    text = df["value_text"].astype("string").fillna("")
    bad = zero & text.str.contains(_NONZERO_MANTISSA, regex=True).to_numpy(dtype=bool)
    if not bad.any():
        return bad
    rows = df[bad]
    detail = "value " + _q(rows["value_text"]) + " is too small for a float64 (it would read 0.0)"
    raw = rows["value_text"] if table == "cells" else rows["text"]
    out.reject(table, rows, "underflow", detail, raw)
    return bad


def _off_grid(out: _Collector, cells: pd.DataFrame, alive: np.ndarray, ticks: _Ticks):
    panel = _keys(cells, "_d", "panel")
    off_x = panel.isin(ticks.has_x) & ~_keys(cells, "_d", "panel", "x").isin(ticks.x)
    off_y = panel.isin(ticks.has_y) & ~_keys(cells, "_d", "panel", "y").isin(ticks.y)
    bad = alive & (off_x | off_y)
    if not bad.any():
        return bad
    rows = cells[bad]
    bx, by = off_x[bad], off_y[bad]
    x_text, y_text = "x tick " + _q(rows["x"]), "y tick " + _q(rows["y"])
    both = x_text + " and " + y_text + " are not declared ticks"
    one = x_text.where(bx, y_text) + " is not a declared tick"
    detail = both.where(bx & by, one) + " of panel " + rows["panel"].astype(str)
    out.reject("cells", rows, "off_grid_cell", detail, rows["value_text"])
    return bad


_CELL = ["_d", "panel", "x", "y"]


def _duplicates(out, cells, alive, findings) -> np.ndarray:
    bad = np.zeros(len(cells), dtype=bool)
    live = cells[alive]
    dup = live.duplicated(_CELL, keep=False).to_numpy()
    if not dup.any():
        return bad
    # the copy printed first in the text is the one kept, whatever the row order
    rows = live[dup].sort_values("line", kind="stable")
    grouped = rows.groupby(_CELL, sort=False)
    conflict = grouped["value"].transform("nunique").to_numpy() > 1
    first = ~rows.duplicated(_CELL, keep="first").to_numpy()
    kept_line = grouped["line"].transform("first").astype(str)
    # one finding per duplicated cell, not per copy
    summary = grouped.agg(
        line=("line", "first"),
        n=("line", "size"),
        lines=("line", lambda s: ", ".join(map(str, s))),
        values=("value_text", lambda s: ", ".join(s)),
        conflict=("value", lambda s: s.nunique() > 1),
    ).reset_index()
    explained = _explained_duplicates(summary, findings)
    summary = summary[~explained]
    conflicting = summary["conflict"].to_numpy(dtype=bool)
    stated = (
        "cell ("
        + _q(summary["x"])
        + ", "
        + _q(summary["y"])
        + ") given "
        + summary["n"].astype(str)
        + " times"
    )
    differ = (
        stated
        + " with different values "
        + summary["values"]
        + " (lines "
        + summary["lines"]
        + "); all copies quarantined"
    )
    same = stated + " with the same value (lines " + summary["lines"] + "); kept once"
    detail = differ.where(conflicting, same)
    severity = np.where(conflicting, "warning", "info").astype(object)
    out.finding(
        summary["_d"],
        summary["panel"],
        summary["line"],
        "duplicate_cell",
        severity,
        detail,
        summary["values"],
        summary["x"],
        summary["y"],
    )
    drop = conflict | ~first
    moved = rows[drop]
    why = ("repeats the cell kept from line " + kept_line[drop]).where(
        ~conflict[drop], "conflicting copies of one cell"
    )
    out.quarantine_rows("cells", moved, "duplicate_cell", why)
    out.failure("duplicate_cell", "cells", moved, "quarantined", why)
    bad[cells.index.get_indexer(moved.index)] = True
    return bad


def _explained_duplicates(summary: pd.DataFrame, findings: pd.DataFrame) -> np.ndarray:
    """Duplicates the parser already reported: same panel/x/y, or its null (whole row, ...)."""
    prior = findings[findings["kind"] == "duplicate_cell"]
    if prior.empty:
        return np.zeros(len(summary), dtype=bool)
    g = summary[_CELL].assign(_g=np.arange(len(summary)))
    m = g.merge(prior[_CELL], on="_d", suffixes=("", "_f"))
    ok = np.ones(len(m), dtype=bool)
    for column in ("panel", "x", "y"):
        theirs = m[column + "_f"]
        wild = theirs.isna().to_numpy()
        mine = m[column].astype(str).to_numpy(dtype=object)
        ok &= wild | (theirs.astype(str).to_numpy(dtype=object) == mine)
    return np.isin(np.arange(len(summary)), m["_g"].to_numpy()[ok])


def _out_of_range(out, cells, alive, panels, cpos) -> np.ndarray:
    lo = panels["colorbar_min"].to_numpy(dtype=float)[cpos]
    hi = panels["colorbar_max"].to_numpy(dtype=float)[cpos]
    value = cells["value"].to_numpy(dtype=float)
    percent = _percent_of_fraction_bar(lo, hi, value, alive, cpos, len(panels))
    lo, hi = np.where(percent, lo * 100, lo), np.where(percent, hi * 100, hi)
    span = hi - lo
    with np.errstate(invalid="ignore", divide="ignore"):
        checkable = np.isfinite(lo) & np.isfinite(hi) & (span > 0)
        excess = np.where(checkable, np.maximum(lo - value, value - hi) / span, 0.0)
    warn = alive & checkable & (excess > RANGE_TOLERANCE + _EPS)
    # when most of a panel disagrees with its colour bar, the bar is what was misread
    n_warn = np.bincount(cpos[warn], minlength=len(panels))
    n_checked = np.bincount(cpos[alive & checkable], minlength=len(panels))
    distrusted = (n_warn >= DISTRUST_MIN) & (n_warn > DISTRUST_SHARE * n_checked)
    if distrusted.any():
        _distrusted_colorbar(out, panels[distrusted], n_warn[distrusted], n_checked[distrusted])
        warn &= ~distrusted[cpos]
    garbled = warn & (excess > RANGE_GARBLED + _EPS)
    if not warn.any():
        return garbled
    rows = cells[warn]
    share = pd.Series(np.round(excess[warn] * 100).astype(int), index=rows.index).astype(str)
    side = pd.Series(np.where(value[warn] > hi[warn], "above", "below"), index=rows.index)
    bounds = pd.Series(
        [f"{a:g} to {b:g}" for a, b in zip(lo[warn], hi[warn], strict=True)], index=rows.index
    )
    g = garbled[warn]
    action = pd.Series(np.where(g, "; quarantined as garbled", "; kept"), index=rows.index)
    detail = (
        "value "
        + _q(rows["value_text"])
        + " lies "
        + share
        + "% of the span "
        + side
        + " the colour bar ("
        + bounds
        + ")"
        + action
    )
    out.finding(
        rows["_d"],
        rows["panel"],
        rows["line"],
        "out_of_range",
        "warning",
        detail,
        rows["value_text"],
        rows["x"],
        rows["y"],
    )
    out.failure("out_of_range", "cells", rows, np.where(g, "quarantined", "kept"), detail)
    if g.any():
        out.quarantine_rows("cells", rows[g], "out_of_range", detail[g])
    return garbled


def _percent_of_fraction_bar(lo, hi, value, alive, cpos, n_panels) -> np.ndarray:
    """Per cell: its panel's bar runs 0 to 1 while the values are that range in percent.

    "Colour scale 0.0 to 1.0" over cells printed as "91 ± 3" (%) is one quantity in two
    units, not a panel of values beyond their colour bar.
    """
    finite = alive & np.isfinite(value)
    top = np.full(n_panels, -np.inf)
    bottom = np.full(n_panels, np.inf)
    np.maximum.at(top, cpos[finite], value[finite])
    np.minimum.at(bottom, cpos[finite], value[finite])
    with np.errstate(invalid="ignore"):
        fraction_bar = (lo >= 0) & (hi <= 1) & (hi > lo)
        in_percent = (top[cpos] > 1) & (top[cpos] <= hi * 100 * (1 + RANGE_TOLERANCE))
        return fraction_bar & in_percent & (bottom[cpos] >= lo * 100 - RANGE_TOLERANCE * 100)


def _distrusted_colorbar(out, panels, n_warn, n_checked) -> None:
    bounds = pd.Series(
        [
            f"{a:g} to {b:g}"
            for a, b in zip(panels["colorbar_min"], panels["colorbar_max"], strict=True)
        ],
        index=panels.index,
    )
    detail = (
        pd.Series(n_warn, index=panels.index).astype(str)
        + " of "
        + pd.Series(n_checked, index=panels.index).astype(str)
        + " values lie beyond the stated colour bar ("
        + bounds
        + "): the colour bar, not the values, looks misread; values kept"
    )
    out.finding(panels["_d"], panels["panel"], panels["line"], "out_of_range", "warning", detail)
    out.failure("out_of_range", "panels", panels, "reported", detail)


def _explainers(findings: pd.DataFrame) -> pd.DataFrame:
    f = findings[findings["kind"].isin(EXPLAINING_KINDS)]
    return f[["_d", "panel", "kind"]]


def _empty_panels(out, panels, n_raw, findings) -> None:
    why = _explainers(findings)
    empty = panels[n_raw == 0]
    if not len(empty):
        return
    m = empty[["_d", "panel"]].assign(_g=np.arange(len(empty)))
    m = m.merge(why, on="_d", suffixes=("", "_f"))
    theirs = m["panel_f"].astype("Float64")
    ok = (
        theirs.isna()
        | theirs.eq(m["panel"]).fillna(False)
        | ((m["kind"] == "truncated") & theirs.le(m["panel"]).fillna(False))
    )
    lonely = empty[~np.isin(np.arange(len(empty)), m["_g"][ok.to_numpy(dtype=bool)])]
    detail = (
        "panel " + lonely["panel"].astype(str) + " has no cells and no parse finding explains why"
    )
    out.finding(
        lonely["_d"],
        lonely["panel"],
        lonely["line"],
        "empty_panel",
        "warning",
        detail,
        lonely["title"],
    )
    out.failure("empty_panel", "panels", lonely, "reported", detail)


def _bare_documents(out, panels, findings, n_docs) -> None:
    has_panels = np.bincount(panels["_d"], minlength=n_docs) > 0
    explained = np.bincount(_explainers(findings)["_d"], minlength=n_docs) > 0
    bare = np.flatnonzero(~has_panels & ~explained)
    if len(bare):
        detail = "the document has no panels and no parse finding explains why"
        out.finding(bare, None, None, "no_panels", "warning", detail)
        rows = pd.DataFrame({"_d": bare})
        out.failure("no_panels", "panels", rows, "reported", detail)


def _unresolved(out, claims, alive, panels, pidx, ticks, cells, n_docs) -> np.ndarray:
    bad = np.zeros(len(claims), dtype=bool)
    if not len(claims):
        return bad
    # a panel that declares no ticks is known by the ticks its cells use: an axis
    # position exists even when the value read there was quarantined
    cell_panel = _keys(cells, "_d", "panel")
    n_panels = counts(panels["_d"], n_docs)
    has_panel = claims["panel"].notna().to_numpy()
    panel = claims["panel"].fillna(-1).astype(np.int64)
    claim_panel = pd.MultiIndex.from_arrays([claims["_d"], panel])
    exists = pidx.get_indexer(claim_panel) >= 0
    reason = pd.Series("", index=claims.index, dtype=object)
    gone = alive & has_panel & ~exists
    reason[gone] = "claim names panel " + panel.astype(str)[gone] + ", which does not exist"
    owner = ("panel " + panel.astype(str) + " does not have").where(has_panel, "no panel has")
    for axis, declared, has in (("x", ticks.x, ticks.has_x), ("y", ticks.y, ticks.has_y)):
        observed = _keys(cells, "_d", "panel", axis)[~cell_panel.isin(has)]
        known = declared.append(observed).unique()
        checkable = has.append(cell_panel).unique()
        tick = claims[axis]
        at = pd.MultiIndex.from_arrays([claims["_d"], panel, tick.fillna("").astype(str)])
        in_panel = at.isin(known)
        in_doc = at.droplevel(1).isin(known.droplevel(1))
        # without a panel, a tick is missing only if every panel's axis is known
        n_checkable = counts(checkable.get_level_values(0), n_docs)
        doc_checkable = np.isin(
            claims["_d"].to_numpy(), np.flatnonzero((n_checkable == n_panels) & (n_panels > 0))
        )
        missing = np.where(
            has_panel, exists & claim_panel.isin(checkable) & ~in_panel, doc_checkable & ~in_doc
        )
        new = alive & tick.notna().to_numpy() & missing & (reason == "").to_numpy()
        if new.any():
            reason[new] = f"claim names {axis} tick " + _q(tick[new]) + ", which " + owner[new]
    bad = (reason != "").to_numpy()
    if not bad.any():
        return bad
    rows = claims[bad]
    detail = reason[bad]
    out.reject("claims", rows, "claim_unresolved", detail, rows["text"])
    return bad


# --- the checks, in the order they run ------------------------------------------------


@dataclass
class _Batch:
    """The raw tables of a batch and what the checks have decided so far."""

    docs: list[str]
    cells: pd.DataFrame
    panels: pd.DataFrame
    findings: pd.DataFrame
    claims: pd.DataFrame
    out: _Collector
    #: cells (claims) not taken out by an earlier check
    alive: np.ndarray
    claims_alive: np.ndarray
    #: (document, panel) of every panel, each cell's panel row, the declared ticks
    pidx: pd.MultiIndex
    cpos: np.ndarray
    ticks: _Ticks
    #: cells per panel as parsed
    n_raw: np.ndarray


def _cells_non_finite(b: _Batch) -> None:
    b.alive &= ~_non_finite(b.out, b.cells, "cells")


def _cells_underflow(b: _Batch) -> None:
    b.alive &= ~_underflow(b.out, b.cells, "cells")


def _claims_underflow(b: _Batch) -> None:
    b.claims_alive &= ~_underflow(b.out, b.claims, "claims")


def _cells_off_grid(b: _Batch) -> None:
    b.alive &= ~_off_grid(b.out, b.cells, b.alive, b.ticks)


def _cells_duplicated(b: _Batch) -> None:
    b.alive &= ~_duplicates(b.out, b.cells, b.alive, b.findings)


def _cells_out_of_range(b: _Batch) -> None:
    b.alive &= ~_out_of_range(b.out, b.cells, b.alive, b.panels, b.cpos)


def _panels_empty(b: _Batch) -> None:
    _empty_panels(b.out, b.panels, b.n_raw, b.findings)


def _documents_without_panels(b: _Batch) -> None:
    _bare_documents(b.out, b.panels, b.findings, len(b.docs))


def _claims_non_finite(b: _Batch) -> None:
    b.claims_alive &= ~_non_finite(b.out, b.claims, "claims")


def _claims_unresolved(b: _Batch) -> None:
    bad = _unresolved(
        b.out, b.claims, b.claims_alive, b.panels, b.pidx, b.ticks, b.cells, len(b.docs)
    )
    b.claims_alive &= ~bad


#: (finding kind, check), in the order they run; a kind checked on two tables
#: appears twice. Every kind of schemas.CHECK_KINDS is here (a test says so).
CHECKS: tuple[tuple[str, Callable[[_Batch], None]], ...] = (
    ("non_finite_value", _cells_non_finite),
    ("underflow", _cells_underflow),
    ("off_grid_cell", _cells_off_grid),
    ("duplicate_cell", _cells_duplicated),
    ("out_of_range", _cells_out_of_range),
    ("empty_panel", _panels_empty),
    ("no_panels", _documents_without_panels),
    ("non_finite_value", _claims_non_finite),
    ("underflow", _claims_underflow),
    ("claim_unresolved", _claims_unresolved),
)


def data_quality(raw: Mapping[str, pd.DataFrame], docs: list[str]):
    """Run every check of :data:`CHECKS` over the batch.

    Returns the tables that passed (each row still carrying ``_d``), the
    quarantine, the new findings, the failure cases and the cells per panel as
    parsed.
    """
    cells, panels = raw["cells"], raw["panels"]
    pidx = pd.MultiIndex.from_arrays([panels["_d"], panels["panel"]])
    cpos = pidx.get_indexer(pd.MultiIndex.from_arrays([cells["_d"], cells["panel"]]))
    b = _Batch(
        docs=docs,
        cells=cells,
        panels=panels,
        findings=raw["findings"],
        claims=raw["claims"],
        out=_Collector(),
        alive=np.ones(len(cells), dtype=bool),
        claims_alive=np.ones(len(raw["claims"]), dtype=bool),
        pidx=pidx,
        cpos=cpos,
        ticks=_Ticks(panels),
        n_raw=np.bincount(cpos, minlength=len(panels)),
    )
    for _kind, check in CHECKS:
        check(b)

    new = _frame(b.out.findings, tables.FINDINGS, docs, stage=STAGE)
    result = {
        "cells": cells[b.alive],
        "panels": panels.assign(n_cells=np.bincount(cpos[b.alive], minlength=len(panels))),
        "findings": pd.concat([b.findings, new], ignore_index=True),
        "claims": b.claims[b.claims_alive],
    }
    quarantine = _frame(b.out.quarantine, tables.QUARANTINE, docs)
    failures = _frame(b.out.failures, dict.fromkeys(FAILURE_COLUMNS, "object"), docs)
    return result, quarantine, new, failures, b.n_raw
