"""Per-document validation reports: rows in and out, each check's counts, panels, failures."""

from __future__ import annotations

import numpy as np
import pandas as pd

from figdata import schemas, tables
from figdata.fileio import jsonable

FAILURE_COLUMNS = (
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


PANEL_REPORT = ("panel", "n_cells_raw", "n_cells", "n_expected", "complete", "colorbar")


def counts(d: pd.Series | np.ndarray, n_docs: int) -> np.ndarray:
    return np.bincount(np.asarray(d, dtype=np.int64), minlength=n_docs)


def reports(docs, raw, result, new, quarantine, failures, n_raw) -> list[dict]:
    n = len(docs)
    rows_in = {name: counts(raw[name]["_d"], n) for name in tables.TABLES}
    rows_out = {name: counts(result[name]["_d"], n) for name in tables.TABLES}
    rows_q = {
        s: counts(quarantine["_d"][quarantine["source"] == s], n) for s in ("cells", "claims")
    }
    per_check = {}
    for kind in schemas.CHECK_KINDS:
        per_check[kind] = (
            counts(failures["_d"][failures["check"] == kind], n),
            counts(new["_d"][new["kind"] == kind], n),
            counts(quarantine["_d"][quarantine["reason"] == kind], n),
        )
    serious = counts(new["_d"][new["severity"] != "info"], n)
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
    panel_lists = {k: [jsonable(v) for v in col.tolist()] for k, col in panel_cols.items()}
    pstart = offsets_of(panels["_d"], n)
    fail_lists = {k: [jsonable(v) for v in failures[k].tolist()] for k in FAILURE_COLUMNS}
    fstart = offsets_of(failures["_d"], n)

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
                "panels": [{k: panel_lists[k][j] for k in PANEL_REPORT} for j in range(a, b)],
                "failure_cases": [
                    {k: fail_lists[k][j] for k in FAILURE_COLUMNS} for j in range(fa, fb)
                ],
            }
        )
    return reports


def offsets_of(d, n_docs: int) -> np.ndarray:
    """Row offsets of each document in a frame sorted by ``_d``."""
    return np.concatenate([[0], np.cumsum(counts(d, n_docs))])
