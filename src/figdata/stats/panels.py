"""Per-panel statistics: spread, best and worst cells, row and column means, axis effects.

Vectorised over a whole shard: one groupby per statistic, never a loop over panels.
Inputs are the validated ``cells`` and ``panels`` tables (columns of figdata.tables).
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np
import pandas as pd

from figdata.stats.grouped import Groups
from figdata.tables import AXIS_EFFECTS, PANEL_LINES, PANEL_STATS

KEY = ["doc", "panel"]
#: fewest cells of a row or column for which a rank correlation says anything
MIN_EFFECT_CELLS = 3
_NUMERIC_TICK = re.compile(r"^\s*[-+−]?\d+(?:[.,]\d+)?(?:e[-+]?\d+)?\s*%?\s*$", re.I)


def typed(df: pd.DataFrame, columns: dict[str, str]) -> pd.DataFrame:
    """``df`` with exactly ``columns``, in order and typed (missing columns are null)."""
    out = pd.DataFrame(index=df.index)
    for name, dtype in columns.items():
        col = df[name] if name in df.columns else pd.Series(None, index=df.index, dtype=object)
        if dtype == "object":  # list columns; pandas may hold them as Arrow lists
            out[name] = pd.Series([as_list(v) for v in col], index=col.index, dtype=object)
        elif dtype in ("float64",):
            out[name] = pd.to_numeric(col, errors="coerce").astype("float64")
        else:
            out[name] = col.astype(dtype)
    return out.reset_index(drop=True)


def as_list(value) -> list[str] | None:
    """A list of strings from whatever a groupby or Parquet gave (None stays None)."""
    if value is None or value is pd.NA or isinstance(value, float | str):
        return None
    return [str(v) for v in value]


def tick_number(tick) -> float | None:
    """The number a tick label spells (``0.3``, ``1,000``, ``50%``), else None."""
    if tick is None or not isinstance(tick, str):
        return None
    return _tick_number(tick)


@lru_cache(maxsize=65536)
def _tick_number(tick: str) -> float | None:
    if not _NUMERIC_TICK.match(tick):
        return None
    text = tick.strip().rstrip("%").strip().replace("−", "-")
    if re.fullmatch(r"[-+]?\d{1,3}(,\d{3})+", text):
        text = text.replace(",", "")
    try:
        return float(text.replace(",", "."))
    except ValueError:
        return None


_TICKS: dict[tuple[int, str], tuple[pd.DataFrame, pd.DataFrame]] = {}


def tick_positions(panels: pd.DataFrame, axis: str) -> pd.DataFrame:
    """doc, panel, tick, position, number: one row per declared tick of ``axis``.

    Every statistic asks for these of the same panels table: the last answer per
    axis is kept (with the table it came from, so a new table is never mistaken
    for it)."""
    cached = _TICKS.get((id(panels), axis))
    if cached is not None and cached[0] is panels:
        return cached[1]
    rows = _tick_positions(panels, axis)
    if len(_TICKS) > 4:
        _TICKS.clear()
    _TICKS[(id(panels), axis)] = (panels, rows)
    return rows


def _tick_positions(panels: pd.DataFrame, axis: str) -> pd.DataFrame:
    col = f"{axis}_ticks"
    rows = panels[KEY + [col]].explode(col).dropna(subset=[col])
    rows = rows.rename(columns={col: "tick"})
    rows["position"] = rows.groupby(KEY).cumcount().astype("int64")
    rows["number"] = rows["tick"].map(tick_number).astype("float64")
    # a tick counts as numeric only when every tick of its axis is a number
    all_numeric = rows["number"].notna().groupby([rows[k] for k in KEY]).transform("all")
    rows.loc[~all_numeric.to_numpy(dtype=bool), "number"] = np.nan
    return rows.reset_index(drop=True)


def _reasons(parts: list[pd.Series]) -> pd.Series:
    """Join non-empty reason strings row by row with '; ' (null when none)."""
    joined = pd.Series("", index=parts[0].index, dtype=object)
    for part in parts:
        part = part.fillna("").astype(str)
        sep = np.where((joined != "") & (part != ""), "; ", "")
        joined = joined + sep + part
    return joined.where(joined != "", None).astype("string")


def _ties(cells: pd.DataFrame, extreme: pd.Series) -> pd.DataFrame:
    """Every (x, y) whose value equals its panel's ``extreme``, as two lists per panel."""
    hit = cells[cells["value"].to_numpy() == extreme.to_numpy()]
    hit = hit.sort_values(KEY + ["line", "x", "y"], kind="stable")
    xs: dict[tuple, list] = {}
    ys: dict[tuple, list] = {}
    for d, p, x, y in zip(hit["doc"], hit["panel"], hit["x"], hit["y"], strict=True):
        xs.setdefault((d, p), []).append(x)
        ys.setdefault((d, p), []).append(y)
    index = pd.MultiIndex.from_tuples(list(xs), names=KEY) if xs else None
    return pd.DataFrame({"xs": list(xs.values()), "ys": list(ys.values())}, index=index)


def panel_stats(cells: pd.DataFrame, panels: pd.DataFrame, effects=None) -> pd.DataFrame:
    """One row per panel of ``panels`` (PANEL_STATS columns)."""
    base = panels[KEY + ["title", "n_expected"]].copy().set_index(KEY)
    if len(cells):
        # count, extremes and median are exact in any frame; sums are not (figdata.stats.grouped)
        agg = cells.groupby(KEY)["value"].agg(
            n_cells="count", min="min", max="max", median="median"
        )
        groups = Groups(cells, KEY)
        agg["mean"] = groups.mean(cells["value"])
        agg["std"] = groups.std(cells["value"], ddof=1)
    else:
        agg = pd.DataFrame(
            columns=["n_cells", "min", "max", "mean", "median", "std"],
            index=pd.MultiIndex.from_arrays([[], []], names=KEY),
            dtype="float64",
        )
    out = base.join(agg, how="left")
    out["n_cells"] = out["n_cells"].fillna(0).astype("int64")
    expected = out["n_expected"].astype("Float64")
    out["completeness"] = (out["n_cells"] / expected.where(expected > 0)).astype("float64")
    if len(cells):
        per_cell = cells.join(out[["max", "min"]], on=KEY)
        top, low = _ties(per_cell, per_cell["max"]), _ties(per_cell, per_cell["min"])
        out["argmax_x"], out["argmax_y"] = top["xs"], top["ys"]
        out["argmin_x"], out["argmin_y"] = low["xs"], low["ys"]
    for col in ("argmax_x", "argmax_y", "argmin_x", "argmin_y"):
        if col not in out:
            out[col] = None
        out[col] = out[col].map(as_list)
    out["best_margin"] = (out["max"] - out["median"]).where(out["n_cells"] >= 2)
    effects = axis_effects(cells, panels) if effects is None else effects
    for axis in ("x", "y"):
        summary = effect_summary(effects, axis)
        out[f"{axis}_effect"] = summary["effect"]
        out[f"{axis}_effect_agreement"] = summary["agreement"]
    n = out["n_cells"]
    reasons = [
        pd.Series(np.where(n == 0, "min, max, mean, median: no cells", ""), index=out.index),
        pd.Series(
            np.where(n == 1, "std, best_margin: one cell", np.where(n == 0, "std: no cells", "")),
            index=out.index,
        ),
        pd.Series(
            np.where(out["n_expected"].isna(), "completeness: no declared tick grid", ""),
            index=out.index,
        ),
    ]
    for axis in ("x", "y"):
        why = _effect_reason(effects, panels, axis).reindex(out.index)
        reasons.append(
            why.where(out[f"{axis}_effect"].isna(), "")
            .fillna("")
            .map(lambda r, a=axis: f"{a}_effect: {r}" if r else "")
        )
    out["null_reasons"] = _reasons(reasons).to_numpy()
    return typed(out.reset_index(), PANEL_STATS)


def panel_lines(cells: pd.DataFrame, panels: pd.DataFrame, effects=None) -> pd.DataFrame:
    """Every row and column with a stated cell: its mean, and how its values move.

    ``axis`` is the axis whose tick is fixed: axis ``y`` and tick ``3`` is row y=3,
    with its mean and ``rho``, the Spearman correlation of its values with the x
    tick (null with ``rho_reason`` when x is not numeric, the row has fewer than
    three cells or constant values); axis ``x`` is a column, correlated with y.
    """
    frames = []
    for axis in ("x", "y"):
        if not len(cells):
            break
        groups = Groups(cells, KEY + [axis])
        g = pd.DataFrame(
            {"n_cells": groups.count(cells["value"]), "mean": groups.mean(cells["value"])}
        ).reset_index()
        g = g.rename(columns={axis: "tick"})
        pos = tick_positions(panels, axis)[KEY + ["tick", "position"]]
        g = g.merge(pos, on=KEY + ["tick"], how="left")
        # ticks outside the declared list (panels without ticks) follow in text order
        first = cells.groupby(KEY + [axis])["line"].min().rename("first").reset_index()
        g = g.merge(first.rename(columns={axis: "tick"}), on=KEY + ["tick"])
        g = g.sort_values(KEY + ["position", "first", "tick"], na_position="last")
        g["position"] = g.groupby(KEY).cumcount()
        g["axis"] = axis
        frames.append(g)
    if not frames:
        return typed(pd.DataFrame(columns=list(PANEL_LINES)), PANEL_LINES)
    out = pd.concat(frames)
    effects = axis_effects(cells, panels) if effects is None else effects
    e = effects.assign(axis=effects["axis"].map({"x": "y", "y": "x"}))
    e = e.rename(columns={"along": "tick", "reason": "rho_reason"})
    out = out.merge(
        e[KEY + ["axis", "tick", "rho", "rho_reason"]], on=KEY + ["axis", "tick"], how="left"
    )
    numeric = {
        a: set(
            map(
                tuple,
                tick_positions(panels, a)
                .dropna(subset=["number"])[KEY]
                .drop_duplicates()
                .to_numpy(),
            )
        )
        for a in ("x", "y")
    }
    other = out["axis"].map({"x": "y", "y": "x"})
    has_numbers = [
        (d, p) in numeric[o] for d, p, o in zip(out["doc"], out["panel"], other, strict=True)
    ]
    missing = out["rho_reason"].isna() & out["rho"].isna()
    out.loc[missing & ~pd.Series(has_numbers, index=out.index), "rho_reason"] = other.map(
        lambda o: f"{o} ticks are not all numbers"
    )
    out = out.sort_values(KEY + ["axis", "position"])
    return typed(out, PANEL_LINES)


def axis_effects(cells: pd.DataFrame, panels: pd.DataFrame) -> pd.DataFrame:
    """Spearman correlation of value with the numeric tick of ``axis``, per row or column.

    ``axis`` x: one row per y tick (``along``), the correlation of value with x in that
    row; ``axis`` y: per column. ``rho`` is null with a reason when the line has fewer
    than three cells or constant values.
    """
    frames = []
    for axis, other in (("x", "y"), ("y", "x")):
        pos = tick_positions(panels, axis).dropna(subset=["number"])
        if not len(cells) or not len(pos):
            continue
        df = cells[KEY + ["x", "y", "value"]].merge(
            pos[KEY + ["tick", "number"]].rename(columns={"tick": axis}), on=KEY + [axis]
        )
        if not len(df):
            continue
        line = KEY + [other]
        df["rv"] = df.groupby(line)["value"].rank(method="average")
        df["rt"] = df.groupby(line)["number"].rank(method="average")
        g = Groups(df, line)
        n = g.size()
        df["cv"] = df["rv"] - g.transform_mean(df["rv"])
        df["ct"] = df["rt"] - g.transform_mean(df["rt"])
        df["cvt"], df["cvv"], df["ctt"] = df["cv"] * df["ct"], df["cv"] ** 2, df["ct"] ** 2
        s = pd.DataFrame({c: g.sum(df[c]) for c in ("cvt", "cvv", "ctt")})
        denom = np.sqrt(s["cvv"] * s["ctt"])
        rho = (s["cvt"] / denom.where(denom > 1e-12)).clip(-1, 1)
        reason = np.where(
            n < MIN_EFFECT_CELLS,
            f"fewer than {MIN_EFFECT_CELLS} cells",
            np.where(s["cvv"] <= 1e-12, "values constant", ""),
        )
        res = pd.DataFrame(
            {"n_cells": n, "rho": rho.where(n >= MIN_EFFECT_CELLS), "reason": reason}
        ).reset_index()
        res = res.rename(columns={other: "along"})
        res["axis"] = axis
        frames.append(res)
    if not frames:
        return typed(pd.DataFrame(columns=list(AXIS_EFFECTS)), AXIS_EFFECTS)
    out = pd.concat(frames)
    out["reason"] = out["reason"].where(out["reason"] != "", None)
    pos_other = pd.concat(
        [tick_positions(panels, a).assign(axis=b) for a, b in (("y", "x"), ("x", "y"))]
    )[KEY + ["axis", "tick", "position"]].rename(columns={"tick": "along"})
    out = out.merge(pos_other, on=KEY + ["axis", "along"], how="left")
    out = out.sort_values(KEY + ["axis", "position", "along"], na_position="last")
    return typed(out, AXIS_EFFECTS)


def effect_summary(effects: pd.DataFrame, axis: str) -> pd.DataFrame:
    """Per panel: mean rho over its lines (``effect``) and the share agreeing in sign."""
    e = effects[(effects["axis"] == axis) & effects["rho"].notna()]
    if not len(e):
        return pd.DataFrame(
            {"effect": pd.Series(dtype="float64"), "agreement": pd.Series(dtype="float64")}
        )
    effect = Groups(e, KEY).mean(e["rho"])
    sign = np.sign(e.set_index(KEY)["rho"])
    agree = (sign == np.sign(effect.reindex(sign.index)).to_numpy()).groupby(level=KEY).mean()
    return pd.DataFrame({"effect": effect, "agreement": agree.astype("float64")})


def _effect_reason(effects: pd.DataFrame, panels: pd.DataFrame, axis: str) -> pd.Series:
    """Why a panel has no effect along ``axis``."""
    idx = panels.set_index(KEY).index
    numeric = tick_positions(panels, axis).dropna(subset=["number"]).groupby(KEY).size()
    why = pd.Series(f"{axis} ticks are not all numbers", index=idx, dtype=object)
    why[idx.isin(numeric.index)] = f"no row or column with {MIN_EFFECT_CELLS} or more cells"
    e = effects[effects["axis"] == axis]
    const = (e["reason"] == "values constant").groupby([e[k] for k in KEY]).any()
    const = const[const]
    why[idx.isin(const.index)] = "values constant along every line"
    return why
