"""Columns of the tables the stats stage writes (name -> pandas dtype, in output order).

Kept free of pandas so the workflow and the aggregate can import the names cheaply.
A statistic that cannot be computed is null and its reason is in ``null_reasons``
(``statistic: reason; ...``): a null never stands for a number.
"""

from __future__ import annotations

PANEL_STATS: dict[str, str] = {
    "doc": "string",
    "panel": "int64",
    "title": "string",
    "n_cells": "int64",
    "n_expected": "Int64",
    "completeness": "float64",
    "min": "float64",
    "max": "float64",
    "mean": "float64",
    "median": "float64",
    "std": "float64",
    "argmax_x": "object",
    "argmax_y": "object",
    "argmin_x": "object",
    "argmin_y": "object",
    "best_margin": "float64",
    "x_effect": "float64",
    "x_effect_agreement": "float64",
    "y_effect": "float64",
    "y_effect_agreement": "float64",
    "null_reasons": "string",
}

#: one row per row or column of a panel that has a stated cell
PANEL_LINES: dict[str, str] = {
    "doc": "string",
    "panel": "int64",
    "axis": "string",
    "position": "int64",
    "tick": "string",
    "n_cells": "int64",
    "mean": "float64",
    "rho": "float64",
    "rho_reason": "string",
}

#: internal: Spearman correlation per line, ``axis`` the axis the value moves along
AXIS_EFFECTS: dict[str, str] = {
    "doc": "string",
    "panel": "int64",
    "axis": "string",
    "along": "string",
    "n_cells": "int64",
    "rho": "float64",
    "reason": "string",
}

PANEL_PAIRS: dict[str, str] = {
    "doc": "string",
    "panel_a": "int64",
    "panel_b": "int64",
    "same_sweep": "bool",
    "n_common": "int64",
    "mean_diff": "float64",
    "share_improved": "float64",
    "share_worse": "float64",
    "share_equal": "float64",
    "largest_change": "float64",
    "largest_change_x": "string",
    "largest_change_y": "string",
    "best_a_x": "object",
    "best_a_y": "object",
    "best_b_x": "object",
    "best_b_y": "object",
    "best_agree": "boolean",
    "rank_corr": "float64",
    "null_reasons": "string",
}

PANEL_DIFFS: dict[str, str] = {
    "doc": "string",
    "panel_a": "int64",
    "panel_b": "int64",
    "x": "string",
    "y": "string",
    "value_a": "float64",
    "value_b": "float64",
    "diff": "float64",
}

FACTCHECK: dict[str, str] = {
    "doc": "string",
    "claim": "Int64",
    "line": "int64",
    "kind": "string",
    "panel": "Int64",
    "text": "string",
    "stated": "string",
    "verdict": "string",
    "evidence": "string",
    "computed": "float64",
    "tolerance": "float64",
}

SAME_FIGURE: dict[str, str] = {
    "group": "int64",
    "doc_a": "string",
    "panel_a": "int64",
    "title_a": "string",
    "doc_b": "string",
    "panel_b": "int64",
    "title_b": "string",
    "title_similarity": "float64",
    "n_overlap": "int64",
    "n_agree": "int64",
    "n_disagree": "int64",
    "agreement": "float64",
    "disagreements": "string",
}

SUMMARY: dict[str, str] = {
    "section": "string",
    "key": "string",
    "value": "float64",
}

#: per-document tables of the stats stage, published as results/{table}/{doc}.parquet
PER_DOC: dict[str, dict[str, str]] = {
    "panel_stats": PANEL_STATS,
    "panel_lines": PANEL_LINES,
    "panel_pairs": PANEL_PAIRS,
    "panel_diffs": PANEL_DIFFS,
    "factcheck": FACTCHECK,
}

VERDICTS = ("verified", "contradicted", "unverifiable")
