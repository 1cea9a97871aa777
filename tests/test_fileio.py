"""figdata.fileio: reproducible table files and raw document bytes."""

from __future__ import annotations

import json
import math
import re

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from figdata import fileio, tables


def cells(rows):
    base = {"panel_title": None, "value_text": "1", "layout": "L02"}
    return tables.frame([{**base, **r} for r in rows], tables.CELLS)


ROWS = [
    {"doc": "d", "panel": 1, "x": "a", "y": "r", "value": 2.0, "line": 9},
    {"doc": "d", "panel": 0, "x": "b", "y": "r", "value": 1.5, "line": 4},
    {"doc": "d", "panel": 0, "x": "a", "y": "r", "value": 1.0, "line": 4},
]


def test_same_frame_gives_identical_bytes(tmp_path):
    a = fileio.write_parquet(cells(ROWS), tmp_path / "a.parquet", "cells")
    b = fileio.write_parquet(cells(ROWS), tmp_path / "b.parquet", "cells")
    assert a.read_bytes() == b.read_bytes()


def test_row_order_is_canonical_and_stable(tmp_path):
    a = fileio.write_parquet(cells(ROWS), tmp_path / "a.parquet", "cells")
    b = fileio.write_parquet(cells(ROWS[::-1]), tmp_path / "b.parquet", "cells")
    back = fileio.read_parquet(a)
    assert back[["panel", "line"]].values.tolist() == [[0, 4], [0, 4], [1, 9]]
    # ties keep the producer's order (x "b" was stated before "a" on line 4)
    assert back["x"].tolist() == ["b", "a", "a"]
    assert fileio.read_parquet(b)["x"].tolist() == ["a", "b", "a"]


def test_no_time_or_host_in_the_file(tmp_path):
    path = fileio.write_parquet(cells(ROWS), tmp_path / "c.parquet", "cells")
    meta = pq.read_metadata(path)
    assert set(meta.metadata) <= {b"pandas", b"ARROW:schema"}
    assert meta.created_by.startswith("parquet-cpp-arrow")
    # library versions are stored (they are part of the pinned stack), dates are not
    assert not re.search(rb"\d{4}-\d{2}-\d{2}|\d{2}:\d{2}:\d{2}", path.read_bytes())


def test_no_temporary_file_is_left(tmp_path):
    fileio.write_parquet(cells(ROWS), tmp_path / "t" / "c.parquet", "cells")
    fileio.write_json({"a": 1}, tmp_path / "t" / "r.json")
    assert sorted(p.name for p in (tmp_path / "t").iterdir()) == ["c.parquet", "r.json"]


@pytest.mark.parametrize("name", list(tables.TABLES))
def test_empty_tables_round_trip_with_their_types(tmp_path, name):
    columns = tables.TABLES[name]
    back = fileio.read_parquet(
        fileio.write_parquet(tables.empty(columns), tmp_path / "e.parquet", name)
    )
    assert list(back.columns) == list(columns)
    assert {c: str(t) for c, t in back.dtypes.items()} == {
        c: ("object" if t == "object" else t) for c, t in columns.items()
    }


def test_tick_lists_come_back_as_lists_and_empty_ones_keep_the_list_type(tmp_path):
    row = {"doc": "d", "panel": 0, "n_cells": 0, "x_ticks": ["a", "b"], "y_ticks": None}
    panels = tables.frame([row], tables.PANELS)
    back = fileio.read_parquet(fileio.write_parquet(panels, tmp_path / "p.parquet", "panels"))
    assert back.loc[0, "x_ticks"] == ["a", "b"]
    empty = fileio.write_parquet(tables.empty(tables.PANELS), tmp_path / "e.parquet", "panels")
    ticks = pq.read_schema(empty).field("x_ticks").type
    assert pa.types.is_list(ticks) and pa.types.is_large_string(ticks.value_type)


def test_nullable_integers_survive(tmp_path):
    row = {"doc": "d", "kind": "empty", "severity": "warning", "panel": None, "line": 3}
    findings = tables.frame([row], tables.FINDINGS)
    back = fileio.read_parquet(fileio.write_parquet(findings, tmp_path / "f.parquet", "findings"))
    assert back.loc[0, "panel"] is pd.NA and back.loc[0, "line"] == 3


def test_read_document_keeps_every_byte(tmp_path):
    raw = b"\xef\xbb\xbfTitle\r\nRow: 1\xe9, 2\n"
    (tmp_path / "x.txt").write_bytes(raw)
    assert fileio.read_document(tmp_path / "x.txt") == raw
    assert fileio.doc_id(tmp_path / "x05_encoding.txt") == "x05_encoding"


def test_json_is_strict_sorted_and_plain(tmp_path):
    report = {"z": np.int64(3), "a": [np.float64("nan"), math.inf, pd.NA, np.bool_(True)]}
    path = fileio.write_json(report, tmp_path / "r.json")
    text = path.read_text()

    def no_constants(name):
        raise AssertionError(f"non-standard JSON constant {name}")

    assert json.loads(text, parse_constant=no_constants) == {"a": [None, None, None, True], "z": 3}
    assert text.index('"a"') < text.index('"z"') and text.endswith("}\n")


def test_tsv_has_unix_line_ends_and_sorted_rows(tmp_path):
    df = pd.DataFrame({"doc": ["b", "a"], "cells": [2, 1]})
    path = fileio.write_tsv(df, tmp_path / "s.tsv", "summary")
    assert path.read_bytes() == b"doc\tcells\na\t1\nb\t2\n"


def test_concat_of_nothing_is_a_typed_empty_table():
    out = fileio.concat([], tables.FINDINGS)
    assert list(out.columns) == list(tables.FINDINGS) and out.empty
    assert fileio.concat([pd.DataFrame()], tables.FINDINGS).columns.tolist() == list(
        tables.FINDINGS
    )
