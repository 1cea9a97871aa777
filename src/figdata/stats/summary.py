"""The corpus summary: one JSON object, and the same numbers as a long table."""

from __future__ import annotations

import pandas as pd

from figdata.stats.panels import typed
from figdata.tables import STATS_SUMMARY, VERDICTS


def corpus_summary(
    panel_stats: pd.DataFrame,
    findings: pd.DataFrame,
    factcheck: pd.DataFrame,
    same_figure: pd.DataFrame,
    documents: list[str],
) -> dict:
    """Documents, panels, cells, completeness, findings by kind, claims by verdict and
    same-figure groups of the whole corpus. ``completeness`` is null without a panel
    that declares its grid."""
    expected = panel_stats["n_expected"].dropna()
    with_grid = panel_stats[panel_stats["n_expected"].notna() & (panel_stats["n_expected"] > 0)]
    stated_in_grid = int(with_grid["n_cells"].sum())
    total_expected = int(with_grid["n_expected"].sum())
    claims = factcheck[factcheck["kind"] != "colorbar_range"]
    bars = factcheck[factcheck["kind"] == "colorbar_range"]
    by_kind: dict[str, dict[str, int]] = {}
    for (kind, verdict), n in claims.groupby(["kind", "verdict"]).size().items():
        by_kind.setdefault(kind, dict.fromkeys(VERDICTS, 0))[verdict] = int(n)
    groups = same_figure.groupby("group") if len(same_figure) else None
    return {
        "documents": len(documents),
        "panels": len(panel_stats),
        "cells": int(panel_stats["n_cells"].sum()),
        "completeness": {
            "panels_with_grid": len(with_grid),
            "panels_complete": int((with_grid["n_cells"] >= with_grid["n_expected"]).sum()),
            "cells_stated_in_grids": stated_in_grid,
            "cells_expected": int(expected.sum()),
            "share": stated_in_grid / total_expected if total_expected else None,
        },
        "findings": {
            "total": len(findings),
            "by_kind": {k: int(n) for k, n in findings["kind"].value_counts().sort_index().items()},
            "by_severity": {
                k: int(n) for k, n in findings["severity"].value_counts().sort_index().items()
            },
        },
        "claims": {
            "total": len(claims),
            "by_verdict": {v: int((claims["verdict"] == v).sum()) for v in VERDICTS},
            "by_kind": dict(sorted(by_kind.items())),
        },
        "colour_bars": {v: int((bars["verdict"] == v).sum()) for v in VERDICTS},
        "same_figure": {
            "groups": int(same_figure["group"].nunique()) if len(same_figure) else 0,
            "documents": len(set(same_figure["doc_a"]) | set(same_figure["doc_b"])),
            "panel_pairs": len(same_figure),
            "cells_compared": int(same_figure["n_overlap"].sum()),
            "cells_agreeing": int(same_figure["n_agree"].sum()),
            "largest_group": int(groups["doc_b"].nunique().max()) + 1 if groups else 0,
        },
    }


def summary_table(summary: dict) -> pd.DataFrame:
    """The summary flattened: section (dotted path of the parent), key, value (null: none)."""
    rows = []

    def walk(prefix: str, node: dict) -> None:
        for key, value in node.items():
            if isinstance(value, dict):
                walk(f"{prefix}.{key}" if prefix else key, value)
            else:
                rows.append({"section": prefix or "corpus", "key": key, "value": value})

    walk("", summary)
    return typed(pd.DataFrame(rows, columns=list(STATS_SUMMARY)), STATS_SUMMARY)
