"""The structural contract: a table that breaks it is a bug in the pipeline, not in the data.

Each raw table is checked against its pandera model in one lazy call for the
whole batch; every failure is reported with its document, table, column, check,
failing value, row, panel and line. pandera runs here whatever the environment
says (:func:`forced_validation`).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator, Mapping

import numpy as np
import pandas as pd
import pandera.pandas as pa
from pandera.config import ValidationDepth, config_context
from pandera.errors import SchemaError, SchemaErrors

from figdata import schemas, tables
from figdata.fileio import jsonable


class StructuralError(ValueError):
    """A table breaks its contract: a bug in the pipeline, not in the data.

    ``records`` holds the failure cases (document, table, column, check, failing
    value, row, panel, line) as plain dicts; ``failure_cases`` is pandera's table.
    """

    def __init__(self, message: str, records: list[dict], failure_cases: pd.DataFrame | None):
        super().__init__(message)
        self.records = records
        self.failure_cases = failure_cases


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


def _require_columns(df: pd.DataFrame, name: str, doc: str) -> None:
    """Raise unless ``df`` has exactly the columns of table ``name``, in any order."""
    if df.columns.is_unique and sorted(df.columns.tolist()) == sorted(tables.TABLES[name]):
        return
    # let pandera name every missing and extra column
    single = df.reset_index(drop=True)
    _validate(schemas.RAW_MODELS[name], name, single, np.zeros(len(single), int), [doc])
    raise _error(doc, name, [_record(doc, name, None, "columns", list(df.columns))])


def concatenated(name: str, pairs: list) -> tuple[pd.DataFrame, np.ndarray]:
    """One table of every document, concatenated, and each row's document position."""
    columns = tables.TABLES[name]
    parts, codes = [], []
    for i, (doc, frames) in enumerate(pairs):
        df = _table(doc, frames, name)
        _require_columns(df, name, doc)
        if len(df):
            parts.append(df)
            codes.append(np.full(len(df), i, dtype=np.int64))
    if not parts:
        return tables.empty(columns), np.zeros(0, dtype=np.int64)
    return pd.concat(parts, ignore_index=True)[list(columns)], np.concatenate(codes)


def located(name: str, frames: Mapping, docs: list[str]) -> tuple[pd.DataFrame, np.ndarray]:
    """One table of many documents, grouped by document, and each row's document position."""
    label = ", ".join(docs)
    df = _table(label, frames, name)
    _require_columns(df, name, label)
    code = pd.Index(docs, dtype=object).get_indexer(df["doc"].to_numpy(dtype=object))
    # rows of a document not in the batch: a position past the end, reported below
    code = np.where(code < 0, len(docs), code).astype(np.int64)
    order = np.argsort(code, kind="stable")
    df = df[list(tables.TABLES[name])].iloc[order].reset_index(drop=True)
    return df, code[order]


def checked(name: str, cat: pd.DataFrame, code: np.ndarray, docs: list[str]) -> pd.DataFrame:
    """The table checked against its raw model, with ``_d``: the row's document position."""
    named = [*docs, "(not in the batch)"]
    cat = _validate(schemas.RAW_MODELS[name], name, cat, code, named)
    wrong = cat["doc"].to_numpy(dtype=object) != np.asarray(named, dtype=object)[code]
    if wrong.any():
        raise _rows_error(name, cat, code, named, wrong, "doc", "doc_is_document")
    cat["_d"] = code
    return cat


def validated(model, name: str, df: pd.DataFrame, docs: list[str]) -> pd.DataFrame:
    """``df`` checked against ``model`` in one lazy call; a failure raises
    :class:`StructuralError` naming document, table, column and check.

    Each row's document is its ``doc`` (or ``doc_a``) value, expected among
    ``docs``; a table without one (a corpus summary) is reported as the corpus.
    Call inside :func:`forced_validation`.
    """
    df = df.reset_index(drop=True)
    key = next((c for c in ("doc", "doc_a") if c in df.columns), None)
    if key is None:
        return _validate(model, name, df, np.zeros(len(df), dtype=np.int64), ["(corpus)"])
    named = [*docs, "(not in the batch)"]
    code = pd.Index(docs, dtype=object).get_indexer(df[key].to_numpy(dtype=object))
    code = np.where(code < 0, len(docs), code).astype(np.int64)
    return _validate(model, name, df, code, named)


def _validate(model, name, df, code, docs) -> pd.DataFrame:
    try:
        return model.validate(df, lazy=True)
    except SchemaErrors as err:
        raise _structural(name, df, code, docs, model, err.failure_cases) from None


def check_references(raw: dict, docs: list[str]) -> None:
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
            value = {c: jsonable(df[c].iloc[int(row)]) for c in rules[check]}
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
        "failure_case": jsonable(value),
        "row": row,
        "panel": None,
        "line": None,
    }
    if df is not None and row is not None:
        for key in ("panel", "line"):
            if key in df.columns:
                rec[key] = jsonable(df[key].iloc[row])
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
