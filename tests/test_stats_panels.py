"""Per-panel statistics, row and column means, axis effects and comparisons within a
document, each on small hand-made panels whose answers are worked out by hand."""

from __future__ import annotations

import math

import pytest
from stats_frames import frames, grid_cells, panel_row

from figdata.stats.compare import panel_pairs
from figdata.stats.panels import axis_effects, panel_lines, panel_stats, tick_number

XS, YS = ["1", "2", "3"], ["10", "20"]
# row y=10: 1 2 3, row y=20: 4 6 6  -> min 1, max 6 (two cells), mean 11/3... see below
GRID = [[1, 2, 3], [4, 6, 6]]


def _one(stats, panel=0):
    return stats[stats["panel"] == panel].iloc[0]


def test_spread_extremes_and_margin_of_a_full_grid():
    cells, panels = frames([panel_row("d", 0, XS, YS)], grid_cells("d", 0, XS, YS, GRID))
    s = _one(panel_stats(cells, panels))
    assert (s["n_cells"], s["n_expected"], s["completeness"]) == (6, 6, 1.0)
    assert (s["min"], s["max"]) == (1.0, 6.0)
    assert s["mean"] == pytest.approx(22 / 6)
    assert s["median"] == pytest.approx(3.5)
    # sample standard deviation (ddof 1) of 1 2 3 4 6 6
    mean = 22 / 6
    var = sum((v - mean) ** 2 for v in [1, 2, 3, 4, 6, 6]) / 5
    assert s["std"] == pytest.approx(math.sqrt(var))
    # both tied best cells, in reading order; one worst cell
    assert (s["argmax_x"], s["argmax_y"]) == (["2", "3"], ["20", "20"])
    assert (s["argmin_x"], s["argmin_y"]) == (["1"], ["10"])
    assert s["best_margin"] == pytest.approx(6 - 3.5)
    assert s["null_reasons"] is None or s["null_reasons"] is math.nan or str(s["null_reasons"])


def test_row_and_column_means_in_declared_order_with_their_correlation():
    cells, panels = frames([panel_row("d", 0, XS, YS)], grid_cells("d", 0, XS, YS, GRID))
    m = panel_lines(cells, panels)
    rows = m[m["axis"] == "y"]
    cols = m[m["axis"] == "x"]
    assert rows["tick"].tolist() == ["10", "20"]
    assert rows["mean"].tolist() == pytest.approx([2.0, 16 / 3])
    assert cols["tick"].tolist() == ["1", "2", "3"]
    assert cols["mean"].tolist() == pytest.approx([2.5, 4.0, 4.5])
    assert cols["position"].tolist() == [0, 1, 2]
    assert rows["n_cells"].tolist() == [3, 3]
    # each row's values against x: 1 2 3 -> 1.0; 4 6 6 -> sqrt(3)/2
    assert rows["rho"].tolist() == pytest.approx([1.0, math.sqrt(3) / 2])
    assert cols["rho"].isna().all()
    assert set(cols["rho_reason"]) == {"fewer than 3 cells"}


def test_axis_effects_spearman_per_row_and_per_column():
    # value rises along x in every row; along y: 2 points per column only
    cells, panels = frames([panel_row("d", 0, XS, YS)], grid_cells("d", 0, XS, YS, GRID))
    e = axis_effects(cells, panels)
    along_x = e[e["axis"] == "x"].set_index("along")
    assert along_x.loc["10", "rho"] == pytest.approx(1.0)
    # 4 6 6 against 1 2 3: ranks 1 2.5 2.5 -> rho = sqrt(3)/2
    assert along_x.loc["20", "rho"] == pytest.approx(math.sqrt(3) / 2)
    along_y = e[e["axis"] == "y"]
    assert along_y["rho"].isna().all()
    assert set(along_y["reason"]) == {"fewer than 3 cells"}
    s = _one(panel_stats(cells, panels))
    assert s["x_effect"] == pytest.approx((1 + math.sqrt(3) / 2) / 2)
    assert s["x_effect_agreement"] == 1.0
    assert math.isnan(s["y_effect"])
    assert "y_effect: no row or column with 3 or more cells" in s["null_reasons"]


def test_a_falling_axis_gives_a_negative_effect_and_split_signs_lower_agreement():
    xs, ys = ["1", "2", "3"], ["a", "b", "c"]
    grid = [[3, 2, 1], [3, 2, 1], [1, 2, 3]]
    cells, panels = frames([panel_row("d", 0, xs, ys)], grid_cells("d", 0, xs, ys, grid))
    s = _one(panel_stats(cells, panels))
    assert s["x_effect"] == pytest.approx(-1 / 3)
    assert s["x_effect_agreement"] == pytest.approx(2 / 3)
    assert math.isnan(s["y_effect"])
    assert "y_effect: y ticks are not all numbers" in s["null_reasons"]
    lines = panel_lines(cells, panels)
    assert set(lines.loc[lines["axis"] == "x", "rho_reason"]) == {"y ticks are not all numbers"}


def test_one_cell_panel_has_no_spread_and_says_why():
    cells, panels = frames(
        [panel_row("d", 0, XS, YS)], grid_cells("d", 0, XS, YS, [[5, None, None], [None] * 3])
    )
    s = _one(panel_stats(cells, panels))
    assert (s["n_cells"], s["min"], s["max"], s["mean"], s["median"]) == (1, 5, 5, 5, 5)
    assert math.isnan(s["std"]) and math.isnan(s["best_margin"])
    assert "std, best_margin: one cell" in s["null_reasons"]
    assert s["completeness"] == pytest.approx(1 / 6)


def test_all_equal_cells_tie_everywhere_and_have_no_effect():
    cells, panels = frames(
        [panel_row("d", 0, XS, YS)], grid_cells("d", 0, XS, YS, [[7, 7, 7], [7, 7, 7]])
    )
    s = _one(panel_stats(cells, panels))
    assert s["std"] == 0.0 and s["best_margin"] == 0.0
    assert len(s["argmax_x"]) == 6 and len(s["argmin_x"]) == 6
    assert math.isnan(s["x_effect"])
    assert "x_effect: values constant along every line" in s["null_reasons"]
    e = axis_effects(cells, panels)
    assert set(e.loc[e["axis"] == "x", "reason"]) == {"values constant"}


def test_panel_without_cells_or_grid_gives_nulls_with_reasons():
    cells, panels = frames(
        [panel_row("d", 0, XS, YS), panel_row("d", 1, None, None)],
        [],
    )
    stats = panel_stats(cells, panels)
    empty, gridless = _one(stats, 0), _one(stats, 1)
    assert empty["n_cells"] == 0 and math.isnan(empty["max"])
    assert "min, max, mean, median: no cells" in empty["null_reasons"]
    assert empty["argmax_x"] is None
    assert math.isnan(gridless["completeness"])
    assert "completeness: no declared tick grid" in gridless["null_reasons"]


def test_tick_numbers():
    assert tick_number("0.3") == 0.3
    assert tick_number("1,000") == 1000
    assert tick_number("50%") == 50
    assert tick_number("−2") == -2
    assert tick_number("GPT-4") is None
    assert tick_number("1x1") is None


# --- comparisons within a document -----------------------------------------------------

BEFORE = [[1, 2, 3], [4, 6, 6]]
AFTER = [[2, 2, 5], [3, 9, 8]]  # diffs +1 0 +2 / -1 +3 +2


def _pair(before=BEFORE, after=AFTER, **labels):
    p = [panel_row("d", 0, XS, YS, "Before"), panel_row("d", 1, XS, YS, "After", **labels)]
    c = grid_cells("d", 0, XS, YS, before) + grid_cells("d", 1, XS, YS, after)
    return frames(p, c)


def test_panels_sharing_ticks_get_cell_differences_and_shares():
    cells, panels = _pair()
    pairs, diffs = panel_pairs(cells, panels)
    assert len(pairs) == 1
    r = pairs.iloc[0]
    assert (r["panel_a"], r["panel_b"], r["n_common"]) == (0, 1, 6)
    assert r["mean_diff"] == pytest.approx(7 / 6)
    assert (r["share_improved"], r["share_worse"], r["share_equal"]) == pytest.approx(
        (4 / 6, 1 / 6, 1 / 6)
    )
    assert (r["largest_change"], r["largest_change_x"], r["largest_change_y"]) == (3.0, "2", "20")
    assert sorted(diffs["diff"].tolist()) == [-1, 0, 1, 2, 2, 3]
    # a sweep of the same parameters: best cells (2,20)/(3,20) against (2,20) agree
    assert r["same_sweep"] and r["best_agree"]
    assert (r["best_b_x"], r["best_b_y"]) == (["2"], ["20"])
    # ranks of before 1 2 3 4 5.5 5.5 against after 1.5 1.5 4 3 6 5
    assert r["rank_corr"] == pytest.approx(15.5 / 17)


def test_panels_with_other_labels_are_compared_but_not_a_sweep():
    cells, panels = _pair(x_label="Height")
    r = panel_pairs(cells, panels)[0].iloc[0]
    assert not r["same_sweep"]
    assert r["best_agree"] is None or str(r["best_agree"]) == "<NA>"
    assert "best_agree: axis labels differ" in r["null_reasons"]


def test_incomplete_panels_do_not_decide_the_best_cell():
    cells, panels = _pair(after=[[2, None, 5], [3, None, 8]])
    r = panel_pairs(cells, panels)[0].iloc[0]
    assert r["n_common"] == 4
    assert str(r["best_agree"]) == "<NA>"
    assert "best_agree: a panel is incomplete" in r["null_reasons"]


def test_panels_with_other_ticks_are_not_compared_and_disjoint_cells_say_so():
    p = [panel_row("d", 0, XS, YS), panel_row("d", 1, ["1", "2"], YS)]
    c = grid_cells("d", 0, XS, YS, BEFORE) + grid_cells("d", 1, ["1", "2"], YS, [[1, 2], [3, 4]])
    cells, panels = frames(p, c)
    pairs, diffs = panel_pairs(cells, panels)
    assert len(pairs) == 0 and len(diffs) == 0
    cells, panels = _pair(before=[[1, None, None], [None] * 3], after=[[None, 2, 3], [None] * 3])
    r = panel_pairs(cells, panels)[0].iloc[0]
    assert r["n_common"] == 0 and math.isnan(r["mean_diff"])
    assert "no cell stated in both panels" in r["null_reasons"]


def test_an_empty_shard_and_a_panel_without_cells_give_empty_or_null_results():
    from stats_frames import claims_frame

    from figdata import tables
    from figdata.stats.compute import compute

    empty = compute(tables.empty(tables.CELLS), tables.empty(tables.PANELS), claims_frame([]), None)
    for name, columns in tables.STATS_TABLES.items():
        assert empty[name].empty and list(empty[name].columns) == list(columns), name
    cells, panels = frames([panel_row("d", 0, XS, YS, colorbar_min=0.0, colorbar_max=1.0)], [])
    out = compute(cells, panels, claims_frame([]))
    assert out["panel_stats"].iloc[0]["n_cells"] == 0
    check = out["factcheck"].iloc[0]
    assert check["verdict"] == "unverifiable" and "no stated cell" in check["evidence"]
