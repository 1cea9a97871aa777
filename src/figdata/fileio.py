"""Reading documents and writing tables, deterministically.

Every table figdata writes goes through :func:`write_parquet`, so a rerun on the
same input yields byte-identical files: rows are put in a fixed order, the
writer options are pinned here, and nothing time- or host-dependent is stored.
That keeps golden files and archives comparable and lets Snakemake's checksum
comparison see "nothing changed" where nothing did.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from figdata import tables
from figdata.files import PathLike as PathLike
from figdata.files import configure_logging as configure_logging
from figdata.files import doc_id as doc_id
from figdata.files import write_bytes
from figdata.files import write_if_changed as write_if_changed

if TYPE_CHECKING:
    import pandas as pd

#: the columns that give a table its row order; ties keep the producer's order
SORT_KEYS: dict[str, tuple[str, ...]] = {
    "cells": ("doc", "panel", "line"),
    "panels": ("doc", "panel"),
    "findings": ("doc", "panel", "line"),
    "claims": ("doc", "panel", "line"),
    "quarantine": ("doc", "panel", "line"),
    "summary": ("doc",),
    "panel_stats": ("doc", "panel"),
    "panel_lines": ("doc", "panel", "axis", "position"),
    "panel_pairs": ("doc", "panel_a", "panel_b"),
    "panel_diffs": ("doc", "panel_a", "panel_b"),
    "factcheck": ("doc",),
    "same_figure": ("group", "doc_a", "doc_b", "panel_a", "panel_b"),
}

# Pinned so that an upgrade of pyarrow's defaults cannot change the bytes
# silently; "zstd" keeps the many small files small without a speed cost.
WRITER_OPTIONS: dict = {
    "compression": "zstd",
    "compression_level": 3,
    "use_dictionary": True,
    "write_statistics": True,
    "version": "2.6",
    "data_page_version": "1.0",
    "use_deprecated_int96_timestamps": False,
}


#: the one Arrow type of the tick-list columns
LIST_TYPE = pa.list_(pa.large_string())


def read_document(path: PathLike) -> bytes:
    """The raw bytes of one document; decoding is the parser's job."""
    return Path(path).read_bytes()


def sort_rows(df: pd.DataFrame, table: str | None = None) -> pd.DataFrame:
    """``df`` in the canonical order of ``table`` (stable, so ties keep their order)."""
    keys = [c for c in SORT_KEYS.get(table or "", ()) if c in df.columns]
    if keys and len(df) > 1:
        df = df.sort_values(keys, kind="stable", na_position="last")
    return df.reset_index(drop=True)


def arrow_table(df: pd.DataFrame, table: str | None = None) -> pa.Table:
    """``df`` as an Arrow table, list columns typed as the table contract declares."""
    schema = pa.Schema.from_pandas(df, preserve_index=False)
    # A list column is typed from its values: an all-null one (ticks of a
    # document without panels) would be "null" and others list<string>. Pin
    # one type so every file of a table has the same schema, whatever its rows.
    spec = tables.TABLES.get(table or "") or tables.STATS_CORPUS_TABLES.get(table or "", {})
    for i, fld in enumerate(schema):
        if spec.get(fld.name) == "object":
            schema = schema.set(i, pa.field(fld.name, LIST_TYPE))
    return pa.Table.from_pandas(df, schema=schema, preserve_index=False)


def sort_table(data: pa.Table, table: str | None = None) -> pa.Table:
    """:func:`sort_rows` of an Arrow table: the same stable order, missing values last (in
    a pandas-written table a missing number is a null, as pandas' NaN and NA are)."""
    import pyarrow.compute as pc

    keys = [c for c in SORT_KEYS.get(table or "", ()) if c in data.column_names]
    if keys and data.num_rows > 1:
        order = pc.sort_indices(data, sort_keys=[(k, "ascending", "at_end") for k in keys])
        data = data.take(order)
    return data.combine_chunks()


def parquet_bytes(data: pa.Table) -> bytes:
    """The Parquet file of ``data`` with the pinned writer options, in memory."""
    sink = pa.BufferOutputStream()
    pq.write_table(data, sink, **WRITER_OPTIONS)
    return sink.getvalue().to_pybytes()


def write_parquet(df: pd.DataFrame, path: PathLike, table: str | None = None) -> Path:
    """Write ``df`` to ``path`` reproducibly; ``table`` names its sort order.

    The file appears atomically (written next to its target, then renamed),
    so a killed job never leaves a half-written table behind.
    """
    return write_bytes(parquet_bytes(arrow_table(sort_rows(df, table), table)), path)


def _as_list(value):
    return value.tolist() if isinstance(value, np.ndarray) else value


def read_parquet(path: PathLike, docs: Sequence[str] | None = None) -> pd.DataFrame:
    """Read a table written by :func:`write_parquet`, list cells as Python lists; with
    ``docs``, only those documents' rows (filtered before they are converted)."""
    return frame_of(read_arrow(path, docs))


def read_arrow(path: PathLike, docs: Sequence[str] | None = None) -> pa.Table:
    """A table as Arrow reads it; with ``docs``, only those documents' rows."""
    data = pq.read_table(path)
    if docs is not None:
        import pyarrow.compute as pc

        wanted = pc.is_in(data["doc"], value_set=pa.array(sorted(docs), type=data["doc"].type))
        data = data.filter(wanted)
    return data


def frame_of(data: pa.Table) -> pd.DataFrame:
    """An Arrow table written by :func:`write_parquet` as pandas reads it, list cells as
    Python lists."""
    df = data.to_pandas()
    for name in df.columns:
        if df[name].dtype == object and df[name].map(type).eq(np.ndarray).any():
            df[name] = df[name].map(_as_list)
    return df


def column_values(path: PathLike, column: str) -> set:
    """The distinct values of one column of a Parquet file (only that column is read)."""
    import pyarrow.compute as pc

    return set(pc.unique(pq.read_table(path, columns=[column])[column]).to_pylist())


def read_rows(path: PathLike, docs: Sequence[str]) -> pd.DataFrame:
    """The rows of ``docs`` of a table, in the file's order, as pandas reads it whole:
    only those rows are converted (a shard job that reuses most documents' results)."""
    import pyarrow.compute as pc

    data = pq.read_table(path)
    wanted = pc.is_in(data["doc"], value_set=pa.array(sorted(docs), type=data["doc"].type))
    return data.filter(wanted).to_pandas()


def jsonable(value):
    """``value`` as plain JSON data: numpy scalars unwrapped, NaN/NA/inf as null.

    The one conversion behind every JSON figdata writes (reports, structural
    failure records), so they agree on every value.
    """
    if isinstance(value, float):
        return float(value) if math.isfinite(value) else None
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, np.generic):
        return jsonable(value.item())
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | np.ndarray):
        return [jsonable(v) for v in value]
    # only pandas values get here: the aggregate step, which never loads pandas, does not
    import pandas as pd

    if value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, pd.DataFrame):
        return jsonable(value.to_dict(orient="records"))
    return str(value)


def json_records(df: pd.DataFrame) -> list[dict]:
    """The rows of ``df`` as plain JSON records, the same values :func:`jsonable` gives
    (NaN, NA and inf as null, numpy scalars and arrays unwrapped), converted column by
    column rather than value by value: the fast path for big tables."""

    columns = {}
    for name in df.columns:
        col = df[name]
        if col.dtype.kind == "f":
            values = col.to_numpy(dtype=float)
            ok = np.isfinite(values)
            columns[name] = [float(v) if k else None for v, k in zip(values, ok, strict=True)]
        elif col.dtype.kind in "iub" and not col.isna().any():
            columns[name] = col.to_numpy().tolist()
        else:
            values = col.to_numpy(dtype=object)
            missing = col.isna().to_numpy() if col.dtype != object else None
            out = []
            for i, v in enumerate(values):
                if missing is not None and missing[i]:
                    out.append(None)
                elif isinstance(v, str | bool | int) or v is None:
                    out.append(v)
                elif isinstance(v, list) and all(isinstance(t, str) for t in v):
                    out.append(v)  # tick lists, the common case
                else:
                    out.append(jsonable(v))
            columns[name] = out
    names = list(columns)
    return [dict(zip(names, row, strict=True)) for row in zip(*columns.values(), strict=True)]


def json_text(obj, compact: bool = False, plain: bool = False) -> str:
    """``obj`` as stable, valid JSON (sorted keys, no NaN, trailing newline).

    ``compact`` gives one line: json's C encoder only serves that form, which
    matters for big files (a shard's reports). ``plain`` says ``obj`` is plain
    JSON data already (:func:`json_records`), so the conversion walk is skipped.
    """
    data = obj if plain else jsonable(obj)
    if compact:
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    else:
        text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False)
    return text + "\n"


def write_json(obj, path: PathLike) -> Path:
    """Write ``obj`` as :func:`json_text`, atomically."""
    return write_bytes(json_text(obj).encode("utf-8"), path)


def write_tsv(df: pd.DataFrame, path: PathLike, table: str | None = None) -> Path:
    """Write ``df`` as a tab-separated file with ``\\n`` line ends, canonical order."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    sort_rows(df, table).to_csv(tmp, sep="\t", index=False, lineterminator="\n")
    os.replace(tmp, path)
    return path


def concat(frames: Sequence[pd.DataFrame], columns: Mapping[str, str] | None = None):
    """Concatenate frames; with ``columns``, an empty input gives a typed empty table."""
    import pandas as pd

    frames = [f for f in frames if len(f.columns)]
    if not frames:
        return tables.empty(columns) if columns is not None else pd.DataFrame()
    non_empty = [f for f in frames if len(f)]
    if not non_empty:
        return frames[0].iloc[0:0].reset_index(drop=True)
    return pd.concat(non_empty, ignore_index=True)
