"""Validate the parser's raw tables: the structural contract first, then data quality.

Structural problems (a missing or extra column, a type that cannot be coerced, a
null where none is allowed, a broken range) are bugs in the pipeline: they raise
:class:`StructuralError`, naming document, table, column and check. Data-quality
problems never raise: they become findings (``stage="validate"``) and the rows
concerned move to the quarantine table, so nothing is lost.

pandera costs milliseconds per call and per column whatever the size of the
frame, so documents are validated in batches: :func:`validate_tables` takes a
shard as one frame per table (cheapest), :func:`validate_documents` a list of
per-document frames, and :func:`validate_document` is a batch of one. All
data-quality checks are vectorised over the whole batch; ``_d`` is the position
of a row's document in the batch.
"""

from __future__ import annotations

import contextlib
import functools
import gc
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np
import pandas as pd
import pandera.pandas as pa
from pandera.config import ValidationDepth, config_context
from pandera.errors import SchemaError, SchemaErrors

from figdata import schemas, tables

STAGE = "validate"
#: finding kinds of the data-quality checks, in the order they run
CHECKS = schemas.VALIDATE_KINDS
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
EXPLAINING_KINDS = ("empty", "no_data", "truncated", "missing_cell")


class StructuralError(ValueError):
    """A table breaks its contract: a bug in the pipeline, not in the data.

    ``records`` holds the failure cases (document, table, column, check, failing
    value, row, panel, line) as plain dicts; ``failure_cases`` is pandera's table.
    """

    def __init__(self, message: str, records: list[dict], failure_cases: pd.DataFrame | None):
        super().__init__(message)
        self.records = records
        self.failure_cases = failure_cases


@dataclass
class ValidationResult:
    tables: dict[str, pd.DataFrame]
    quarantine: pd.DataFrame
    report: dict = field(default_factory=dict)


@dataclass
class BatchResult:
    """Validated tables of many documents, each table's rows grouped by document.

    Documents come in the order of ``docs``; within a document rows keep their
    order (validate-stage findings after the parser's).
    """

    docs: list[str]
    tables: dict[str, pd.DataFrame]
    quarantine: pd.DataFrame
    reports: dict[str, dict]
    #: table name -> row offsets: document i owns rows offsets[i]:offsets[i + 1]
    offsets: dict[str, np.ndarray]

    def document(self, doc: str) -> ValidationResult:
        """One document's share, as :func:`validate_document` would return it."""
        i = self._position[doc]
        part = {}
        for name, df in (*self.tables.items(), ("quarantine", self.quarantine)):
            piece = df.iloc[self.offsets[name][i] : self.offsets[name][i + 1]]
            # a fresh index instead of reset_index(): that one copies every column
            piece.index = pd.RangeIndex(len(piece))
            part[name] = piece
        quarantine = part.pop("quarantine")
        return ValidationResult(tables=part, quarantine=quarantine, report=self.reports[doc])

    @functools.cached_property
    def _position(self) -> dict[str, int]:
        return {doc: i for i, doc in enumerate(self.docs)}


def validate_document(doc: str, frames: Mapping[str, pd.DataFrame]) -> ValidationResult:
    """Validate the raw tables (cells, panels, findings, claims) of document ``doc``.

    Each call pays pandera's fixed cost (about 0.1 s); loops over many documents
    belong in :func:`validate_documents` or :func:`validate_tables`.
    """
    return validate_documents([(doc, frames)])[doc]


def validate_documents(
    items: Iterable[tuple[str, Mapping[str, pd.DataFrame]]] | Mapping,
) -> dict[str, ValidationResult]:
    """Validate many documents at once; same results as one :func:`validate_document` each."""
    pairs = list(items.items()) if isinstance(items, Mapping) else list(items)
    docs = _names([doc for doc, _ in pairs])
    with _gc_paused(), forced_validation():
        raw = {name: _checked(name, *_concat(name, pairs), docs) for name in tables.TABLES}
        batch = _run(raw, docs)
        return {doc: batch.document(doc) for doc in docs}


def validate_tables(frames: Mapping[str, pd.DataFrame], docs: Iterable[str]) -> BatchResult:
    """Validate the raw tables of many documents given as one frame per table.

    Each row belongs to the document its ``doc`` column names, which must be one of
    ``docs``; a document of ``docs`` may have no rows at all (it is reported as a
    document without panels, unless a finding explains it). This is the shard path:
    no splitting into per-document frames on the way in or out.
    """
    docs = _names(list(docs))
    with _gc_paused(), forced_validation():
        raw = {name: _checked(name, *_locate(name, frames, docs), docs) for name in tables.TABLES}
        return _run(raw, docs)


def _names(docs: list) -> list[str]:
    if len(set(docs)) != len(docs) or not all(isinstance(d, str) and d for d in docs):
        raise ValueError("document names must be distinct non-empty strings")
    return docs


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cycle collector while a batch builds its many small frames.

    Each full collection walks every live object, including all input frames of the
    batch, and allocation-heavy work triggers collections in proportion: the cost
    grows with the square of the batch. The frames built here hold no cycles.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# --- pandera must run whatever the environment says ----------------------------------


@contextlib.contextmanager
def forced_validation() -> Iterator[None]:
    """Run pandera with validation on and at full depth, whatever the environment says.

    pandera reads ``PANDERA_VALIDATION_ENABLED`` and ``PANDERA_VALIDATION_DEPTH`` once,
    at import, into its global config; with ``False`` every ``validate`` returns its
    input unchecked. A data contract that an environment variable can switch off is
    no contract, so our calls override both in a context-local config, and a canary
    proves the override works before anything is trusted to it.
    """
    with config_context(validation_enabled=True, validation_depth=ValidationDepth.SCHEMA_AND_DATA):
        _canary()
        yield


@functools.cache
def _canary() -> None:
    # once per process: the override mechanism cannot change while we run
    schema = pa.DataFrameSchema({"n": pa.Column(int, pa.Check.ge(0))})
    try:
        schema.validate(pd.DataFrame({"n": [-1]}))
    except SchemaError:
        return
    raise RuntimeError(
        "pandera did not reject a known-bad frame: validation is switched off "
        "(PANDERA_VALIDATION_ENABLED / PANDERA_VALIDATION_DEPTH?) and could not be "
        "forced on; refusing to validate"
    )


# --- structural contract ---------------------------------------------------------------


def _table(doc, frames, name):
    unknown = sorted(set(frames) - set(tables.TABLES))
    if unknown:
        raise _error(doc, unknown[0], [_record(doc, unknown[0], None, "known_table", unknown)])
    if name not in frames:
        raise _error(doc, name, [_record(doc, name, None, "table_present", name)])
    df = frames[name]
    if not isinstance(df, pd.DataFrame):
        raise _error(doc, name, [_record(doc, name, None, "is_dataframe", type(df).__name__)])
    return df


def _columns_match(df: pd.DataFrame, name: str) -> bool:
    return df.columns.is_unique and sorted(df.columns.tolist()) == sorted(tables.TABLES[name])


def _concat(name: str, pairs: list) -> tuple[pd.DataFrame, np.ndarray]:
    """One table of every document, concatenated, and each row's document position."""
    columns = tables.TABLES[name]
    parts, codes = [], []
    for i, (doc, frames) in enumerate(pairs):
        df = _table(doc, frames, name)
        if not _columns_match(df, name):
            # let pandera name every missing and extra column, for this document alone
            single = df.reset_index(drop=True)
            _validate(schemas.RAW_MODELS[name], name, single, np.zeros(len(single), int), [doc])
            raise _error(doc, name, [_record(doc, name, None, "columns", list(df.columns))])
        if len(df):
            parts.append(df)
            codes.append(np.full(len(df), i, dtype=np.int64))
    if not parts:
        return tables.empty(columns), np.zeros(0, dtype=np.int64)
    return pd.concat(parts, ignore_index=True)[list(columns)], np.concatenate(codes)


def _locate(name: str, frames: Mapping, docs: list[str]) -> tuple[pd.DataFrame, np.ndarray]:
    """One table of many documents, grouped by document, and each row's document position."""
    label = ", ".join(docs)
    df = _table(label, frames, name)
    if not _columns_match(df, name):
        single = df.reset_index(drop=True)
        _validate(schemas.RAW_MODELS[name], name, single, np.zeros(len(single), int), [label])
        raise _error(label, name, [_record(label, name, None, "columns", list(df.columns))])
    code = pd.Index(docs, dtype=object).get_indexer(df["doc"].to_numpy(dtype=object))
    # rows of a document not in the batch: a position past the end, reported below
    code = np.where(code < 0, len(docs), code).astype(np.int64)
    order = np.argsort(code, kind="stable")
    df = df[list(tables.TABLES[name])].iloc[order].reset_index(drop=True)
    return df, code[order]


def _checked(name: str, cat: pd.DataFrame, code: np.ndarray, docs: list[str]) -> pd.DataFrame:
    """The table checked against its raw model, with ``_d``: the row's document position."""
    named = [*docs, "(not in the batch)"]
    cat = _validate(schemas.RAW_MODELS[name], name, cat, code, named)
    wrong = cat["doc"].to_numpy(dtype=object) != np.asarray(named, dtype=object)[code]
    if wrong.any():
        raise _rows_error(name, cat, code, named, wrong, "doc", "doc_is_document")
    cat["_d"] = code
    return cat


def _run(raw: dict, docs: list[str]) -> BatchResult:
    _check_references(raw, docs)
    out, quarantine, reports = _data_quality(raw, docs)
    typed, offsets = {}, {}
    for name, columns in (*tables.TABLES.items(), ("quarantine", tables.QUARANTINE)):
        df = quarantine if name == "quarantine" else out[name]
        df = df.sort_values("_d", kind="stable", ignore_index=True)
        offsets[name] = _bounds(df["_d"], len(docs))
        typed[name] = df.drop(columns="_d").astype(columns)
    quarantine = typed.pop("quarantine")
    return BatchResult(
        docs=docs,
        tables=typed,
        quarantine=quarantine,
        reports=dict(zip(docs, reports, strict=True)),
        offsets=offsets,
    )


def _validate(model, name, df, code, docs) -> pd.DataFrame:
    try:
        return model.validate(df, lazy=True)
    except SchemaErrors as err:
        raise _structural(name, df, code, docs, model, err.failure_cases) from None


def _check_references(raw: dict, docs: list[str]) -> None:
    cells, panels = raw["cells"], raw["panels"]
    known = pd.MultiIndex.from_arrays([panels["_d"], panels["panel"]])
    orphan = ~pd.MultiIndex.from_arrays([cells["_d"], cells["panel"]]).isin(known)
    if orphan.any():
        raise _rows_error(
            "cells", cells, cells["_d"].to_numpy(), docs, orphan, "panel", "in_panels"
        )


def _structural(name, df, code, docs, model, fc: pd.DataFrame) -> StructuralError:
    names = schemas.check_names(model)
    rules = schemas.row_rules(model)
    records, seen = [], set()
    for case in fc.to_dict("records"):
        column, value = case["column"], case["failure_case"]
        check = names.get(str(case["check"]), str(case["check"]))
        if check in ("column_in_schema", "column_in_dataframe"):
            column = value
        row = case["index"]
        has_row = row is not None and not pd.isna(row) and 0 <= int(row) < len(df)
        if has_row and check in rules:
            # pandera repeats a failing row once per column; one record says it all
            if (int(row), check) in seen:
                continue
            seen.add((int(row), check))
            column = ", ".join(rules[check])
            value = {c: _json(df[c].iloc[int(row)]) for c in rules[check]}
        if has_row:
            row = int(row)
            records.append(_record(docs[int(code[row])], name, column, check, value, row, df))
        else:
            for doc in sorted({docs[int(c)] for c in code}) or docs:
                records.append(_record(doc, name, column, check, value))
    docs_hit = sorted({r["doc"] for r in records})
    return _error(", ".join(docs_hit), name, records, fc)


def _rows_error(name, df, code, docs, mask, column, check) -> StructuralError:
    rows = np.flatnonzero(np.asarray(mask))
    records = [
        _record(docs[int(code[r])], name, column, check, df[column].iloc[r], int(r), df)
        for r in rows
    ]
    return _error(", ".join(sorted({r["doc"] for r in records})), name, records)


def _record(doc, table, column, check, value, row=None, df=None) -> dict:
    rec = {
        "doc": doc,
        "table": table,
        "column": column,
        "check": check,
        "failure_case": _json(value),
        "row": row,
        "panel": None,
        "line": None,
    }
    if df is not None and row is not None:
        for key in ("panel", "line"):
            if key in df.columns:
                rec[key] = _json(df[key].iloc[row])
    return rec


def _error(doc, table, records, failure_cases=None) -> StructuralError:
    groups: dict[tuple, list[dict]] = {}
    for rec in records:
        groups.setdefault((rec["column"], rec["check"]), []).append(rec)
    parts = []
    for (column, check), recs in groups.items():
        where = f"column '{column}'" if column is not None else "the table"
        examples = []
        for rec in recs[:3]:
            at = [f"{k} {rec[k]}" for k in ("row", "panel", "line") if rec[k] is not None]
            examples.append(f"{rec['failure_case']!r}" + (f" at {', '.join(at)}" if at else ""))
        more = f" and {len(recs) - 3} more" if len(recs) > 3 else ""
        parts.append(f"{where} fails check '{check}': {'; '.join(examples)}{more}")
    names = doc.split(", ")
    if len(names) > 5:
        doc = ", ".join(names[:5]) + f" and {len(names) - 5} more"
    message = f"document '{doc}', table '{table}': " + " | ".join(parts)
    return StructuralError(message, records, failure_cases)


# --- data quality ------------------------------------------------------------------------


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


def _data_quality(raw: dict, docs: list[str]):
    cells, panels, findings, claims = (raw[n] for n in ("cells", "panels", "findings", "claims"))
    out = _Collector()
    pidx = pd.MultiIndex.from_arrays([panels["_d"], panels["panel"]])
    cpos = pidx.get_indexer(pd.MultiIndex.from_arrays([cells["_d"], cells["panel"]]))
    alive = np.ones(len(cells), dtype=bool)
    ticks = _Ticks(panels)

    alive &= ~_non_finite(out, cells, "cells")
    alive &= ~_off_grid(out, cells, alive, ticks)
    alive &= ~_duplicates(out, cells, alive, findings)
    alive &= ~_out_of_range(out, cells, alive, panels, cpos)

    n_raw = np.bincount(cpos, minlength=len(panels))
    n_valid = np.bincount(cpos[alive], minlength=len(panels))
    panels = panels.assign(n_cells=n_valid)
    _empty(out, panels, n_raw, findings, len(docs))

    claims_alive = ~_non_finite(out, claims, "claims")
    claims_alive &= ~_unresolved(out, claims, claims_alive, panels, pidx, ticks, cells, len(docs))

    new = _frame(out.findings, tables.FINDINGS, docs, stage=STAGE)
    result = {
        "cells": cells[alive],
        "panels": panels,
        "findings": pd.concat([findings, new], ignore_index=True),
        "claims": claims[claims_alive],
    }
    quarantine = _frame(out.quarantine, tables.QUARANTINE, docs)
    failures = _frame(out.failures, dict.fromkeys(_FAILURE_COLUMNS, "object"), docs)
    reports = _reports(docs, raw, result, new, quarantine, failures, n_raw)
    return result, quarantine, reports


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


def _empty(out, panels, n_raw, findings, n_docs) -> None:
    why = _explainers(findings)
    empty = panels[n_raw == 0]
    if len(empty):
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
            "panel "
            + lonely["panel"].astype(str)
            + " has no cells and no parse finding explains why"
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
    has_panels = np.bincount(panels["_d"], minlength=n_docs) > 0
    explained = np.bincount(why["_d"], minlength=n_docs) > 0
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
    n_panels = _counts(panels["_d"], n_docs)
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
        n_checkable = _counts(checkable.get_level_values(0), n_docs)
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


# --- per-document results and reports -----------------------------------------------------

_FAILURE_COLUMNS = (
    "check",
    "table",
    "panel",
    "line",
    "x",
    "y",
    "value",
    "value_text",
    "action",
    "detail",
)
_PANEL_REPORT = ("panel", "n_cells_raw", "n_cells", "n_expected", "complete", "colorbar")


def _counts(d: pd.Series | np.ndarray, n_docs: int) -> np.ndarray:
    return np.bincount(np.asarray(d, dtype=np.int64), minlength=n_docs)


def _reports(docs, raw, result, new, quarantine, failures, n_raw) -> list[dict]:
    n = len(docs)
    rows_in = {name: _counts(raw[name]["_d"], n) for name in tables.TABLES}
    rows_out = {name: _counts(result[name]["_d"], n) for name in tables.TABLES}
    rows_q = {
        s: _counts(quarantine["_d"][quarantine["source"] == s], n) for s in ("cells", "claims")
    }
    per_check = {}
    for kind in CHECKS:
        per_check[kind] = (
            _counts(failures["_d"][failures["check"] == kind], n),
            _counts(new["_d"][new["kind"] == kind], n),
            _counts(quarantine["_d"][quarantine["reason"] == kind], n),
        )
    serious = _counts(new["_d"][new["severity"] != "info"], n)
    q_total = rows_q["cells"] + rows_q["claims"]

    panels = result["panels"]
    expected = panels["n_expected"]
    complete = (panels["n_cells"] == expected).astype("boolean")
    has_bar = panels["colorbar_min"].notna() & panels["colorbar_max"].notna()
    panel_cols = {
        "panel": panels["panel"],
        "n_cells_raw": pd.Series(n_raw, index=panels.index),
        "n_cells": panels["n_cells"],
        "n_expected": expected,
        "complete": complete,
        "colorbar": has_bar,
    }
    panel_lists = {k: [_json(v) for v in col.tolist()] for k, col in panel_cols.items()}
    pstart = _bounds(panels["_d"], n)
    fail_lists = {k: [_json(v) for v in failures[k].tolist()] for k in _FAILURE_COLUMNS}
    fstart = _bounds(failures["_d"], n)

    reports = []
    for i, doc in enumerate(docs):
        a, b = pstart[i], pstart[i + 1]
        fa, fb = fstart[i], fstart[i + 1]
        reports.append(
            {
                "doc": doc,
                "passed": bool(q_total[i] == 0 and serious[i] == 0),
                "structural": "pass",
                "rows": {
                    name: {
                        "in": int(rows_in[name][i]),
                        "out": int(rows_out[name][i]),
                        "quarantined": int(rows_q[name][i]) if name in rows_q else 0,
                    }
                    for name in tables.TABLES
                },
                "checks": {
                    kind: {
                        "failed_rows": int(r[i]),
                        "findings": int(f[i]),
                        "quarantined": int(q[i]),
                    }
                    for kind, (r, f, q) in per_check.items()
                },
                "n_panels": int(b - a),
                "panels": [{k: panel_lists[k][j] for k in _PANEL_REPORT} for j in range(a, b)],
                "failure_cases": [
                    {k: fail_lists[k][j] for k in _FAILURE_COLUMNS} for j in range(fa, fb)
                ],
            }
        )
    return reports


def _bounds(d, n_docs: int) -> np.ndarray:
    """Row offsets of each document in a frame sorted by ``_d``."""
    return np.concatenate([[0], np.cumsum(_counts(d, n_docs))])


def _json(value):
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float):
        if np.isnan(value):
            return None
        return value if np.isfinite(value) else str(value)
    if isinstance(value, list | tuple | np.ndarray):
        return [_json(v) for v in value]
    if isinstance(value, bool | int | str):
        return value
    return str(value)
