"""The tidy tables figdata writes, and how a parsed document becomes them.

Column order and dtypes live here once, so the parser, the writers and the
schemas agree. Every table carries ``doc`` so per-document files concatenate
into corpus-wide tables without losing provenance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

#: column name -> pandas dtype, in output order
CELLS: dict[str, str] = {
    "doc": "string",
    "panel": "int64",
    "panel_title": "string",
    "x": "string",
    "y": "string",
    "value": "float64",
    "value_text": "string",
    "line": "int64",
    "layout": "string",
}

PANELS: dict[str, str] = {
    "doc": "string",
    "panel": "int64",
    "title": "string",
    "chart_type": "string",
    "x_label": "string",
    "y_label": "string",
    "x_ticks": "object",
    "y_ticks": "object",
    "y_order": "string",
    "colorbar_min": "float64",
    "colorbar_max": "float64",
    "metric": "string",
    "n_cells": "int64",
    "n_expected": "Int64",
    "line": "Int64",
}

FINDINGS: dict[str, str] = {
    "doc": "string",
    "panel": "Int64",
    "line": "Int64",
    "kind": "string",
    "severity": "string",
    "detail": "string",
    "raw": "string",
    "x": "string",
    "y": "string",
    "stage": "string",
}

CLAIMS: dict[str, str] = {
    "doc": "string",
    "panel": "Int64",
    "kind": "string",
    "x": "string",
    "y": "string",
    "value": "float64",
    "value_text": "string",
    "line": "int64",
    "text": "string",
    "value_hi": "float64",
    "value_hi_text": "string",
    "axis": "string",
    "tick": "string",
    "tick2": "string",
    "relation": "string",
    "subject": "string",
}

TABLES: dict[str, dict[str, str]] = {
    "cells": CELLS,
    "panels": PANELS,
    "findings": FINDINGS,
    "claims": CLAIMS,
}

SEVERITIES = ("error", "warning", "info")


def frame(rows: Iterable[Mapping], columns: Mapping[str, str]) -> pd.DataFrame:
    """Rows (dicts) as a DataFrame with exactly ``columns``, in order, typed."""
    # imported here: the aggregate step needs the column lists, not pandas
    import pandas as pd

    df = pd.DataFrame(list(rows), columns=list(columns))
    for name, dtype in columns.items():
        if dtype == "object":
            df[name] = df[name].astype(object)
        else:
            df[name] = df[name].astype(dtype)
    return df.reset_index(drop=True)


def empty(columns: Mapping[str, str]) -> pd.DataFrame:
    return frame([], columns)


#: rows the validate stage takes out of cells or claims (written by the validate
#: stage, not by the parser, hence not in TABLES)
QUARANTINE: dict[str, str] = {
    "doc": "string",
    "source": "string",
    "reason": "string",
    "detail": "string",
    "panel": "Int64",
    "line": "int64",
    "x": "string",
    "y": "string",
    "value": "float64",
    "value_text": "string",
    "panel_title": "string",
    "layout": "string",
    "claim_kind": "string",
    "text": "string",
}


#: per-document counts written by the validate stage and gathered by the aggregate
SUMMARY: dict[str, str] = {
    "doc": "string",
    "panels": "int64",
    "cells": "int64",
    "claims": "int64",
    "quarantined": "int64",
    "findings": "int64",
    "error": "int64",
    "warning": "int64",
    "info": "int64",
    "unplaced": "int64",
}
