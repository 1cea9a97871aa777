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
#: parse findings of a document whose text was never parsed (figdata.batch): the file
#: was refused or could not be read, or the parser failed or ran out of time
UNREAD_KINDS = ("unreadable", "too_large", "outside_link", "timeout", "parser_error")


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


# --- the stats stage's tables (figdata.stats) ----------------------------------------
# A statistic that cannot be computed is null and its reason is in a reason
# column (``null_reasons``: ``statistic: reason; ...``): a null never stands for
# a number.

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

STATS_SUMMARY: dict[str, str] = {
    "section": "string",
    "key": "string",
    "value": "float64",
}

#: per-document tables of the stats stage, published as results/{table}/{doc}.parquet
STATS_TABLES: dict[str, dict[str, str]] = {
    "panel_stats": PANEL_STATS,
    "panel_lines": PANEL_LINES,
    "panel_pairs": PANEL_PAIRS,
    "panel_diffs": PANEL_DIFFS,
    "factcheck": FACTCHECK,
}

#: the corpus-wide tables of the stats stage (results/corpus/{table}.parquet)
STATS_CORPUS_TABLES: dict[str, dict[str, str]] = {
    **STATS_TABLES,
    "same_figure": SAME_FIGURE,
    "stats_summary": STATS_SUMMARY,
}

VERDICTS = ("verified", "contradicted", "unverifiable")
