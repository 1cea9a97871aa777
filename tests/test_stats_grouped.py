"""A document's statistics are the same bytes whether it is computed alone (as the
per-document cache computes an edited document) or inside a shard of other documents."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from stats_frames import frames, grid_cells, panel_row

from figdata.stats.compare import panel_pairs
from figdata.stats.grouped import Groups
from figdata.stats.panels import axis_effects, panel_lines, panel_stats

XS, YS = ["1", "2", "3"], ["10", "20", "30"]
# Added one after the other, 60.3 62.7 61.8 60.8 average to 61.400000000000006 and the
# row 0.58 0.09 0.43 to 0.36666666666666664; with a compensated sum to 61.4 and
# 0.3666666666666667: the two ways pandas adds a group, chosen by the whole frame
TARGET = [
    [[60.3, 62.7, None], [61.8, 60.8, None], [None, None, None]],
    [[0.58, 0.09, 0.43], [0.4, 0.35, 0.9], [0.15, 0.6, 0.25]],
]


def _doc(name: str, grids) -> tuple[list[dict], list[dict]]:
    panels = [panel_row(name, i, XS, YS) for i in range(len(grids))]
    cells = [c for i, g in enumerate(grids) for c in grid_cells(name, i, XS, YS, g)]
    return panels, cells


def _shard(n_docs: int) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The target document among ``n_docs`` others, the panels of the shard in a shuffled
    order (each panel's cells together and in their order)."""
    rng = np.random.default_rng(9)
    panels, cells = _doc("doc-target", TARGET)
    for i in range(n_docs):
        p, c = _doc(f"doc-{i:05d}", rng.uniform(0, 100, (2, 3, 3)).round(1).tolist())
        panels += p
        cells += c
    c_df, p_df = frames(panels, cells)
    blocks = [b for _, b in c_df.groupby(["doc", "panel"], sort=False)]
    shuffled = [blocks[i] for i in rng.permutation(len(blocks))]
    return pd.concat(shuffled, ignore_index=True), p_df


def _target(df: pd.DataFrame) -> pd.DataFrame:
    return df[df["doc"] == "doc-target"].reset_index(drop=True)


def _assert_same_bytes(alone: pd.DataFrame, in_shard: pd.DataFrame) -> None:
    assert len(alone) and list(alone.columns) == list(in_shard.columns)
    pd.testing.assert_frame_equal(alone, in_shard, check_exact=True)
    for col in alone.columns:
        if alone[col].dtype == "float64":
            a, b = alone[col].to_numpy(), in_shard[col].to_numpy()
            assert a.tobytes() == b.tobytes(), (col, a.tolist(), b.tolist())


@pytest.fixture(scope="module")
def alone_and_shard():
    cells, panels = frames(*_doc("doc-target", TARGET))
    return (cells, panels), _shard(400)


@pytest.mark.parametrize("stat", [panel_stats, panel_lines, axis_effects])
def test_a_document_alone_gives_the_bytes_it_gives_in_a_shard(alone_and_shard, stat):
    (cells, panels), (shard_cells, shard_panels) = alone_and_shard
    _assert_same_bytes(stat(cells, panels), _target(stat(shard_cells, shard_panels)))


def test_panel_comparisons_alone_and_in_a_shard_are_the_same_bytes(alone_and_shard):
    (cells, panels), (shard_cells, shard_panels) = alone_and_shard
    alone, shard = panel_pairs(cells, panels), panel_pairs(shard_cells, shard_panels)
    for a, b in zip(alone, shard, strict=True):
        _assert_same_bytes(a, _target(b))


def test_a_group_gives_the_same_bytes_whatever_else_the_frame_holds():
    # alone the keys are sorted and no value is NaN; around it, other groups come before
    # and after it, the keys are not sorted and another group holds a NaN
    alone = pd.DataFrame({"k": ["m"] * 4, "v": [60.3, 62.7, 61.8, 60.8]})
    around = pd.DataFrame(
        {
            "k": ["z", "m", "a", "m", "m", "z", "b", "m"],
            "v": [1.5, 60.3, np.nan, 62.7, 61.8, 2.25, 0.1, 60.8],
        }
    )
    for how in ("sum", "mean", "std"):
        one = getattr(Groups(alone, ["k"]), how)(alone["v"])["m"]
        other = getattr(Groups(around, ["k"]), how)(around["v"])["m"]
        assert np.float64(one).tobytes() == np.float64(other).tobytes(), (how, one, other)
    one = Groups(alone, ["k"]).transform_mean(alone["v"])[0]
    other = Groups(around, ["k"]).transform_mean(around["v"])[1]
    assert np.float64(one).tobytes() == np.float64(other).tobytes()


def test_group_statistics_are_exactly_rounded_whatever_the_order_of_the_rows():
    values = [0.1, 0.2, -0.1, -0.2, 60.3, 62.7, 61.8, 60.8]
    frame = pd.DataFrame({"k": ["a"] * 4 + ["b"] * 4, "v": values})
    turned = frame.iloc[::-1].reset_index(drop=True)
    for how in ("sum", "mean", "std"):
        one = getattr(Groups(frame, ["k"]), how)(frame["v"])
        other = getattr(Groups(turned, ["k"]), how)(turned["v"])
        assert one.to_numpy().tobytes() == other.to_numpy().tobytes(), how
    # added one after the other these give 2.78e-17 and 245.60000000000002
    assert Groups(frame, ["k"]).sum(frame["v"]).tolist() == [0.0, 245.6]
    assert Groups(frame, ["k"]).mean(frame["v"]).tolist() == [0.0, 61.4]


def test_sums_of_quarters_and_of_any_values_are_both_exact():
    rng = np.random.default_rng(4)
    keys = np.sort(rng.integers(0, 50, 2000))
    for values in (rng.integers(-40, 40, 2000) / 4, rng.normal(0, 1e6, 2000)):
        frame = pd.DataFrame({"k": keys, "v": values})
        exact = [math.fsum(values[keys == k]) for k in range(50)]
        assert Groups(frame, ["k"]).sum(frame["v"]).tolist() == exact


def test_group_sums_means_and_stds_skip_nulls_like_pandas():
    frame = pd.DataFrame(
        {
            "k": ["a", "a", "a", "b", "b", "c", None, "d"],
            "v": [1.0, 2.0, 4.0, 5.0, np.nan, 7.0, 100.0, np.nan],
        }
    )
    g = Groups(frame, ["k"])
    assert list(g.index) == ["a", "b", "c", "d"]
    assert g.sum(frame["v"]).tolist() == [7.0, 5.0, 7.0, 0.0]
    mean = g.mean(frame["v"])
    assert mean.iloc[0] == pytest.approx(7 / 3) and mean.iloc[1:3].tolist() == [5.0, 7.0]
    assert math.isnan(mean.iloc[3])
    std = g.std(frame["v"], ddof=1)
    assert std.iloc[0] == pytest.approx(np.std([1.0, 2.0, 4.0], ddof=1))
    assert std.iloc[1:].isna().all()  # one value, one value, none
    expected = frame.groupby("k")["v"].transform("mean").to_numpy()
    assert np.allclose(g.transform_mean(frame["v"]), expected, equal_nan=True)
    assert g.count(frame["v"]).tolist() == [3, 1, 1, 0]
    assert g.size().tolist() == [3, 2, 1, 1]
