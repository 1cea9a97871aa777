"""All per-document statistics of a shard, from its validated tables, in one call."""

from __future__ import annotations

import pandas as pd

from figdata import tables
from figdata.stats.compare import panel_pairs
from figdata.stats.factcheck import factcheck
from figdata.stats.panels import axis_effects, panel_lines, panel_stats


def compute(
    cells: pd.DataFrame,
    panels: pd.DataFrame,
    claims: pd.DataFrame,
    quarantine: pd.DataFrame | None = None,
) -> dict[str, pd.DataFrame]:
    """The stats stage's per-document tables for every document of the shard, plus
    ``findings`` (claim_contradicted, findings columns)."""
    effects = axis_effects(cells, panels)
    stats = panel_stats(cells, panels, effects)
    pairs, diffs = panel_pairs(cells, panels)
    checks, found = factcheck(claims, cells, panels, pairs, effects, quarantine)
    return {
        "panel_stats": stats,
        "panel_lines": panel_lines(cells, panels, effects),
        "panel_pairs": pairs,
        "panel_diffs": diffs,
        "factcheck": checks,
        "findings": tables.frame(found, tables.FINDINGS),
    }
