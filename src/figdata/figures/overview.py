"""The corpus overview figure of the report's index: findings by kind, completeness."""

from __future__ import annotations

import numpy as np
import pandas as pd

from figdata.figures.labels import fit

SEVERITY_COLOURS = {"error": "#c0392b", "warning": "#e69f00", "info": "#7f8c8d"}
COMPLETENESS_BINS = np.linspace(0, 1, 11)


def findings_by_kind(findings: pd.DataFrame) -> pd.DataFrame:
    """Counts of findings, one row per kind, one column per severity, most frequent first."""
    if findings.empty:
        return pd.DataFrame(columns=list(SEVERITY_COLOURS))
    table = pd.crosstab(findings["kind"].astype(str), findings["severity"].astype(str))
    table = table.reindex(columns=list(SEVERITY_COLOURS), fill_value=0)
    order = table.sum(axis=1).sort_values(ascending=False, kind="stable").index
    return table.loc[order]


def completeness(panels: pd.DataFrame) -> np.ndarray:
    """Share of the declared grid that each panel states (panels with a declared grid)."""
    if panels.empty:
        return np.array([])
    expected = pd.to_numeric(panels["n_expected"], errors="coerce").astype(float)
    stated = pd.to_numeric(panels["n_cells"], errors="coerce").astype(float)
    ok = expected > 0
    return np.clip((stated[ok] / expected[ok]).to_numpy(), 0, 1)


def overview_data(findings: pd.DataFrame, panels: pd.DataFrame) -> dict:
    """Everything the overview figure draws, as plain JSON data (its cache key)."""
    kinds = findings_by_kind(findings)
    share = completeness(panels)
    return {
        "kinds": [[str(k), *(int(kinds.loc[k, s]) for s in SEVERITY_COLOURS)] for k in kinds.index],
        "bins": np.histogram(share, bins=COMPLETENESS_BINS)[0].tolist() if share.size else [],
        "full": int((share >= 1).sum()),
        "panels": int(share.size),
    }


def overview_figure(findings: pd.DataFrame, panels: pd.DataFrame):
    from matplotlib.figure import Figure

    kinds = findings_by_kind(findings)
    share = completeness(panels)
    height = max(2.6, 0.5 + 0.22 * len(kinds))
    fig = Figure(figsize=(10, height))
    ax = fig.add_axes((0.2, 0.18, 0.36, 0.7))
    ax.set_gid("findings-by-kind")
    if len(kinds):
        y = np.arange(len(kinds))
        left = np.zeros(len(kinds))
        for severity, colour in SEVERITY_COLOURS.items():
            counts = kinds[severity].to_numpy()
            if counts.any():
                ax.barh(y, counts, left=left, color=colour, label=severity, height=0.7)
            left += counts
        for yy, total in zip(y, left, strict=True):
            ax.text(total, yy, f" {int(total)}", va="center", fontsize=7)
        ax.set_yticks(y, [fit(k, 24) for k in kinds.index], fontsize=7)
        ax.invert_yaxis()
        ax.legend(fontsize=7, frameon=False, loc="lower right")
        ax.margins(x=0.15)
    else:
        ax.text(0.5, 0.5, "no findings", ha="center", va="center", transform=ax.transAxes)
        ax.set_yticks([])
    ax.set_title("Findings by kind", fontsize=9)
    ax.set_xlabel("findings")
    ax.spines[["top", "right"]].set_visible(False)

    bx = fig.add_axes((0.66, 0.18, 0.3, 0.7))
    bx.set_gid("completeness")
    if share.size:
        counts, _ = np.histogram(share, bins=COMPLETENESS_BINS)
        bx.bar(COMPLETENESS_BINS[:-1] * 100, counts, width=9.5, align="edge", color="#4C72B0")
        for x, n in zip(COMPLETENESS_BINS[:-1] * 100, counts, strict=True):
            if n:
                bx.text(x + 4.75, n, str(int(n)), ha="center", va="bottom", fontsize=7)
        bx.margins(y=0.12)
    else:
        bx.text(
            0.5, 0.5, "no panel declares its grid", ha="center", va="center", transform=bx.transAxes
        )
    full = int((share >= 1).sum())
    bx.set_title(f"Completeness: {full} of {share.size} panels fully stated", fontsize=9)
    bx.set_xlabel("stated cells, % of the declared grid")
    bx.set_ylabel("panels")
    bx.set_xlim(0, 100)
    bx.spines[["top", "right"]].set_visible(False)
    return fig
