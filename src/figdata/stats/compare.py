"""Comparisons between the panels of one document.

Two panels are compared when they declare the same x tick set and the same y tick
set ("Before GRPO" against "After GRPO"); they are a *sweep of the same
parameters* when their normalised axis labels agree as well (one model on four
benchmarks). ``diff`` is always panel_b minus panel_a, panel_a the earlier panel,
and "improved" means a larger value in panel_b: the direction a reader compares in
when the later panel is the treatment.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from figdata.stats.grouped import Groups
from figdata.stats.panels import as_list, typed
from figdata.stats.text import norm_label
from figdata.tables import PANEL_DIFFS, PANEL_PAIRS

KEY = ["doc", "panel"]
MIN_RANK_CELLS = 3


def _signature(panels: pd.DataFrame) -> pd.DataFrame:
    p = panels[KEY + ["x_label", "y_label", "x_ticks", "y_ticks", "n_cells", "n_expected"]].copy()
    for axis in ("x", "y"):
        ticks = p[f"{axis}_ticks"].map(as_list)
        p[f"{axis}_sig"] = ticks.map(lambda t: "\x1f".join(sorted(t)) if t else None)
        p[f"{axis}_lab"] = p[f"{axis}_label"].map(norm_label)
    p["complete"] = p["n_expected"].notna() & (p["n_cells"] == p["n_expected"].fillna(-1))
    return p.dropna(subset=["x_sig", "y_sig"])


def panel_pairs(cells: pd.DataFrame, panels: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(PANEL_PAIRS, PANEL_DIFFS) for every pair of panels of a document sharing ticks."""
    sig = _signature(panels)
    pairs = sig.merge(sig, on=["doc", "x_sig", "y_sig"], suffixes=("_a", "_b"))
    pairs = pairs[pairs["panel_a"] < pairs["panel_b"]].reset_index(drop=True)
    if not len(pairs):
        return typed(pd.DataFrame(), PANEL_PAIRS), typed(pd.DataFrame(), PANEL_DIFFS)
    pairs["same_sweep"] = (
        pairs["x_lab_a"].notna()
        & pairs["y_lab_a"].notna()
        & (pairs["x_lab_a"] == pairs["x_lab_b"])
        & (pairs["y_lab_a"] == pairs["y_lab_b"])
    )
    c = cells[KEY + ["x", "y", "value"]]
    diffs = pairs[["doc", "panel_a", "panel_b"]].merge(
        c.rename(columns={"panel": "panel_a", "value": "value_a"}), on=["doc", "panel_a"]
    )
    diffs = diffs.merge(
        c.rename(columns={"panel": "panel_b", "value": "value_b"}),
        on=["doc", "panel_b", "x", "y"],
    )
    diffs["diff"] = diffs["value_b"] - diffs["value_a"]
    diffs = diffs.sort_values(["doc", "panel_a", "panel_b"], kind="stable")
    pk = ["doc", "panel_a", "panel_b"]
    g = diffs.groupby(pk)
    sign = np.sign(diffs["diff"])
    stats = pd.DataFrame(
        {
            "n_common": g.size(),
            "mean_diff": Groups(diffs, pk).mean(diffs["diff"]),
            "share_improved": (sign > 0).groupby([diffs[k] for k in pk]).mean(),
            "share_worse": (sign < 0).groupby([diffs[k] for k in pk]).mean(),
            "share_equal": (sign == 0).groupby([diffs[k] for k in pk]).mean(),
        }
    )
    big = diffs.assign(absd=diffs["diff"].abs()).sort_values(
        pk + ["absd"], ascending=[True, True, True, False], kind="stable"
    )
    big = big.groupby(pk).head(1).set_index(pk)
    stats["largest_change"] = big["diff"]
    stats["largest_change_x"] = big["x"]
    stats["largest_change_y"] = big["y"]
    stats["rank_corr"] = _rank_corr(diffs, pk)
    out = pairs.set_index(pk).join(stats, how="left")
    out["n_common"] = out["n_common"].fillna(0).astype("int64")
    out = out.reset_index()
    _best(out, cells)
    out["null_reasons"] = _pair_reasons(out)
    return typed(out, PANEL_PAIRS), typed(diffs, PANEL_DIFFS)


def _rank_corr(diffs: pd.DataFrame, pk: list[str]) -> pd.Series:
    d = diffs[pk + ["value_a", "value_b"]].copy()
    g = d.groupby(pk)
    d["ra"] = g["value_a"].rank(method="average")
    d["rb"] = g["value_b"].rank(method="average")
    groups = Groups(d, pk)
    d["ca"] = d["ra"] - groups.transform_mean(d["ra"])
    d["cb"] = d["rb"] - groups.transform_mean(d["rb"])
    d["ab"], d["aa"], d["bb"] = d["ca"] * d["cb"], d["ca"] ** 2, d["cb"] ** 2
    s = pd.DataFrame({c: groups.sum(d[c]) for c in ("ab", "aa", "bb")})
    n = g.size()
    denom = np.sqrt(s["aa"] * s["bb"])
    rho = (s["ab"] / denom.where(denom > 1e-12)).clip(-1, 1)
    return rho.where(n >= MIN_RANK_CELLS)


def _best(out: pd.DataFrame, cells: pd.DataFrame) -> None:
    """Best cells of each panel of a sweep pair, and whether they share a cell."""
    best: dict[tuple, tuple[list, list]] = {}
    if len(cells):
        top = cells[cells["value"] == cells.groupby(KEY)["value"].transform("max")]
        top = top.sort_values(KEY + ["line", "x", "y"])
        cols = (top[k].to_numpy(dtype=object) for k in ("doc", "panel", "x", "y"))
        for d, p, x, y in zip(*cols, strict=True):
            xs, ys = best.setdefault((d, p), ([], []))
            xs.append(x)
            ys.append(y)
    for side in ("a", "b"):
        keys = zip(
            out["doc"].to_numpy(dtype=object),
            out[f"panel_{side}"].to_numpy(dtype=object),
            strict=True,
        )
        found = [best.get(k, (None, None)) for k in keys]
        out[f"best_{side}_x"] = [f[0] for f in found]
        out[f"best_{side}_y"] = [f[1] for f in found]
    agree = []
    for row in out.itertuples():
        if not row.same_sweep or not (row.complete_a and row.complete_b):
            agree.append(None)
            continue
        a = set(zip(row.best_a_x or [], row.best_a_y or [], strict=True))
        b = set(zip(row.best_b_x or [], row.best_b_y or [], strict=True))
        agree.append(bool(a & b))
    out["best_agree"] = pd.array(agree, dtype="boolean")


def _pair_reasons(out: pd.DataFrame) -> pd.Series:
    reasons = []
    for row in out.itertuples():
        why = []
        if row.n_common == 0:
            why.append("mean_diff, shares, largest_change: no cell stated in both panels")
        if pd.isna(row.rank_corr):
            if row.n_common < MIN_RANK_CELLS:
                why.append(f"rank_corr: fewer than {MIN_RANK_CELLS} common cells")
            else:
                why.append("rank_corr: values constant in a panel")
        if pd.isna(row.best_agree):
            if not row.same_sweep:
                why.append("best_agree: axis labels differ (not the same sweep)")
            else:
                why.append("best_agree: a panel is incomplete, its best cell is unknown")
        reasons.append("; ".join(why) or None)
    return pd.Series(reasons, index=out.index, dtype="string")
