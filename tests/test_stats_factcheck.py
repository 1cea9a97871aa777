"""Fact-check: every claim kind gets each verdict it can get, on hand-made panels."""

from __future__ import annotations

import pytest
from stats_frames import claim, claims_frame, frames, grid_cells, panel_row

from figdata import tables
from figdata.stats.compute import compute
from figdata.stats.factcheck import tolerance

XS, YS = ["1", "2", "3"], ["10", "20", "30"]
FULL = [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [2.0, 4.0, 6.0]]
AFTER = [[2.0, 3.0, 4.0], [3.0, 5.0, 7.0], [3.0, 5.0, 9.0]]
PARTIAL = [[1.0, None, 3.0], [None, 4.0, None], [2.0, None, None]]


def _doc(claims, grids=(FULL, AFTER), titles=("Before", "After"), bars=None):
    panels, cells = [], []
    for i, (grid, title) in enumerate(zip(grids, titles, strict=True)):
        bar = (bars or {}).get(i, (None, None))
        panels.append(
            panel_row("d", i, XS, YS, title, colorbar_min=bar[0], colorbar_max=bar[1], line=i + 1)
        )
        cells += grid_cells("d", i, XS, YS, grid, title)
    c, p = frames(panels, cells)
    out = compute(c, p, claims_frame(claims))
    return out["factcheck"], out["findings"]


def _verdicts(check):
    rows = check[check["claim"].notna()].sort_values("claim")
    return rows["verdict"].tolist()


def test_rounding_rule():
    assert tolerance("49.3", 49.3) == pytest.approx(0.05)
    assert tolerance("24", 24) == pytest.approx(0.5)
    assert tolerance("1.2e-3", 1.2e-3) == pytest.approx(0.5e-4)
    assert tolerance("~24", 24) == pytest.approx(1.0)  # one unit of the last digit
    assert tolerance("~88", 88) == pytest.approx(1.76)  # or 2 %, whichever is larger
    assert tolerance("49.3", 49.3, hedged=True) == pytest.approx(0.986)


def test_max_and_min_verdicts():
    check, findings = _doc(
        [
            claim(
                "d",
                "max",
                "Peak 6.0 at (3, 20)",
                panel=0,
                x="3",
                y="20",
                value=6.0,
                value_text="6.0",
            ),
            claim("d", "max", "Peak (6)", panel=0, value=6.0, value_text="6"),
            claim(
                "d",
                "max",
                "Peak 5.0 at (3, 20)",
                panel=0,
                x="3",
                y="20",
                value=5.0,
                value_text="5.0",
            ),
            claim(
                "d",
                "max",
                "Peak 4.0 at (2, 20)",
                panel=0,
                x="2",
                y="20",
                value=4.0,
                value_text="4.0",
            ),
            claim(
                "d", "min", "Lowest 1 at (1, 10)", panel=0, x="1", y="10", value=1.0, value_text="1"
            ),
            claim("d", "min", "Lowest ~1.5", panel=0, value=1.5, value_text="~1.5"),
        ]
    )
    assert _verdicts(check) == [
        "verified",  # both tied best cells hold 6.0
        "verified",
        "contradicted",  # cells above 5.0 exist
        "contradicted",  # the named cell holds 4.0, the max is 6.0
        "verified",
        "contradicted",  # ~1.5 widens to 0.1 (one unit of the last digit); the min 1 is 0.5 away
    ]
    assert (findings["kind"] == "claim_contradicted").sum() == 3
    assert set(findings["stage"]) == {"stats"}
    row = check[check["claim"] == 0].iloc[0]
    assert row["computed"] == 6.0 and row["tolerance"] == pytest.approx(0.05)
    assert "(x=3, y=20), (x=3, y=30)" in row["evidence"]


def test_extremes_on_a_partial_grid_are_unverifiable_unless_a_cell_contradicts():
    check, _ = _doc(
        [
            claim(
                "d", "max", "Peak 4 at (2, 20)", panel=0, x="2", y="20", value=4.0, value_text="4"
            ),
            claim("d", "max", "Peak 3.5", panel=0, value=3.5, value_text="3.5"),
            claim(
                "d", "max", "Peak 9 at (2, 10)", panel=0, x="2", y="10", value=9.0, value_text="9"
            ),
        ],
        grids=(PARTIAL, AFTER),
    )
    assert _verdicts(check) == ["unverifiable", "contradicted", "unverifiable"]
    assert "not stated" in check[check["claim"] == 2].iloc[0]["evidence"]


def test_range_verdicts_including_four_of_a_hundred_cells():
    check, _ = _doc(
        [
            claim(
                "d",
                "range",
                "Range: 1 to 6",
                panel=0,
                value=1.0,
                value_text="1",
                value_hi=6.0,
                value_hi_text="6",
            ),
            claim(
                "d",
                "range",
                "Range: 1 to 5",
                panel=0,
                value=1.0,
                value_text="1",
                value_hi=5.0,
                value_hi_text="5",
            ),
            claim(
                "d",
                "range",
                "values span ~1-9",
                subject="all panels",
                value=1.0,
                value_text="~1",
                value_hi=9.0,
                value_hi_text="9",
            ),
            claim(
                "d",
                "range",
                "After: 3 to 9",
                subject="After",
                value=3.0,
                value_text="3",
                value_hi=9.0,
                value_hi_text="9",
            ),
            claim(
                "d",
                "range",
                "Range: 0 to 6",
                panel=1,
                value=0.0,
                value_text="0",
                value_hi=6.0,
                value_hi_text="6",
            ),
        ]
    )
    assert _verdicts(check) == [
        "verified",
        "contradicted",
        "verified",
        "contradicted",
        "contradicted",
    ]
    # a range over 4 of 100 stated cells: the missing cells could hold 1 or 38
    xs, ys = [str(i) for i in range(1, 11)], [str(i) for i in range(1, 11)]
    grid = [[None] * 10 for _ in range(10)]
    grid[0][0], grid[9][9], grid[0][1], grid[4][4] = 38, 6, 15, 5
    panels = [panel_row("e", 0, xs, ys, "Before GRPO")]
    c, p = frames(panels, grid_cells("e", 0, xs, ys, grid))
    claims = claims_frame(
        [
            claim(
                "e",
                "range",
                "Range: 1 to 38",
                panel=0,
                value=1.0,
                value_text="1",
                value_hi=38.0,
                value_hi_text="38",
            )
        ]
    )
    row = compute(c, p, claims)["factcheck"].iloc[0]
    assert row["verdict"] == "unverifiable"
    assert "4 of 100 cells stated" in row["evidence"]


def test_colour_bar_against_the_data():
    check, findings = _doc([], bars={0: (1.0, 6.0), 1: (-10.0, -1.0)})
    bars = check[check["kind"] == "colorbar_range"].set_index("panel")["verdict"]
    assert bars.to_dict() == {0: "verified", 1: "contradicted"}
    assert len(findings) == 1 and findings.iloc[0]["panel"] == 1
    check, _ = _doc([], grids=(PARTIAL, AFTER), bars={0: (1.0, 6.0)})
    assert check.iloc[0]["verdict"] == "unverifiable"


def test_bound_verdicts():
    check, _ = _doc(
        [
            claim(
                "d",
                "bound",
                "row 10 stays below 3 (≤3)",
                panel=0,
                axis="y",
                tick="10",
                relation="le",
                value=3.0,
                value_text="3",
            ),
            claim(
                "d",
                "bound",
                "row 20 ≤ 5",
                panel=0,
                axis="y",
                tick="20",
                relation="le",
                value=5.0,
                value_text="5",
            ),
            claim(
                "d",
                "bound",
                "column 1 ≥ 1",
                panel=0,
                axis="x",
                tick="1",
                relation="ge",
                value=1.0,
                value_text="1",
            ),
            claim(
                "d",
                "bound",
                "row 99 ≤ 5",
                panel=0,
                axis="y",
                tick="99",
                relation="le",
                value=5.0,
                value_text="5",
            ),
            claim(
                "d",
                "bound",
                "all values below 10",
                panel=1,
                relation="lt",
                value=10.0,
                value_text="10",
            ),
        ]
    )
    assert _verdicts(check) == ["verified", "contradicted", "verified", "unverifiable", "verified"]
    assert "no y tick 99" in check[check["claim"] == 3].iloc[0]["evidence"]
    check, _ = _doc(
        [
            claim(
                "d",
                "bound",
                "row 10 ≤ 3",
                panel=0,
                axis="y",
                tick="10",
                relation="le",
                value=3.0,
                value_text="3",
            )
        ],
        grids=(PARTIAL, AFTER),
    )
    assert _verdicts(check) == ["unverifiable"]


def test_identical_rows_verdicts():
    check, _ = _doc(
        [
            claim(
                "d",
                "identical",
                "rows 20 and 30 are identical",
                panel=0,
                axis="y",
                tick="20",
                tick2="30",
            ),
            claim(
                "d",
                "identical",
                "rows 10 and 20 are identical",
                panel=0,
                axis="y",
                tick="10",
                tick2="20",
            ),
            claim("d", "identical", "rows 20 and 40", panel=0, axis="y", tick="20", tick2="40"),
        ]
    )
    assert _verdicts(check) == ["verified", "contradicted", "unverifiable"]
    # the cells both rows state agree, but row 30 leaves two unstated
    partial = [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, None, None]]
    check, _ = _doc(
        [claim("d", "identical", "rows 10 and 30", panel=0, axis="y", tick="10", tick2="30")],
        grids=(partial, AFTER),
    )
    assert _verdicts(check) == ["unverifiable"]


def test_every_cell_improved_verdicts():
    check, _ = _doc([claim("d", "improved", "Every cell improved", relation="higher")])
    assert _verdicts(check) == ["verified"]
    row = check.iloc[0]
    assert row["panel"] == 1 and "panel 0 -> panel 1" in row["evidence"]
    worse = [r[:] for r in AFTER]
    worse[2][2] = 5.0
    check, _ = _doc(
        [claim("d", "improved", "Every cell improved", relation="higher")], grids=(FULL, worse)
    )
    assert _verdicts(check) == ["contradicted"]
    assert "(x=3, y=30) 6 -> 5" in check.iloc[0]["evidence"]
    check, _ = _doc(
        [claim("d", "improved", "Every cell improved", relation="higher")], grids=(PARTIAL, AFTER)
    )
    assert _verdicts(check) == ["unverifiable"]
    # three panels sharing ticks: which two are compared is not said
    panels = [panel_row("d", i, XS, YS, t) for i, t in enumerate(["A", "B", "C"])]
    cells = sum((grid_cells("d", i, XS, YS, FULL) for i in range(3)), [])
    c, p = frames(panels, cells)
    out = compute(
        c, p, claims_frame([claim("d", "improved", "all values rose", relation="higher")])
    )
    assert out["factcheck"].iloc[0]["verdict"] == "unverifiable"
    assert "unclear" in out["factcheck"].iloc[0]["evidence"]


def test_trend_verdicts():
    check, _ = _doc(
        [
            claim("d", "trend", "increases with width", panel=0, axis="x", relation="increasing"),
            claim("d", "trend", "decreases with width", panel=0, axis="x", relation="decreasing"),
            claim(
                "d",
                "trend",
                "at depth 10, rises with width",
                panel=0,
                axis="x",
                tick="10",
                relation="increasing",
            ),
            claim(
                "d",
                "trend",
                "at depth 99, rises with width",
                panel=0,
                axis="x",
                tick="99",
                relation="increasing",
            ),
            claim("d", "trend", "increases with depth", panel=0, axis="y", relation="increasing"),
        ]
    )
    assert _verdicts(check) == ["verified", "contradicted", "verified", "unverifiable", "verified"]
    check, _ = _doc(
        [claim("d", "trend", "increases with width", panel=0, axis="x", relation="increasing")],
        grids=(PARTIAL, AFTER),
    )
    assert _verdicts(check) == ["unverifiable"]


def test_trend_along_ticks_that_are_not_numbers_is_unverifiable():
    panels = [panel_row("d", 0, ["a", "b", "c"], YS)]
    c, p = frames(panels, grid_cells("d", 0, ["a", "b", "c"], YS, FULL))
    claims = claims_frame([claim("d", "trend", "rises", panel=0, axis="x", relation="increasing")])
    row = compute(c, p, claims)["factcheck"].iloc[0]
    assert row["verdict"] == "unverifiable" and "not all numbers" in row["evidence"]


def test_panel_rank_verdicts():
    check, _ = _doc(
        [
            claim("d", "panel_rank", "After is the highest", subject="After", relation="highest"),
            claim("d", "panel_rank", "After is the lowest", subject="After", relation="lowest"),
            claim("d", "panel_rank", "the model is best", subject="the model", relation="highest"),
        ]
    )
    assert _verdicts(check) == ["verified", "contradicted", "unverifiable"]
    check, _ = _doc(
        [claim("d", "panel_rank", "After is the highest", subject="After", relation="highest")],
        grids=(PARTIAL, AFTER),
    )
    assert _verdicts(check) == ["unverifiable"]


def test_quarantined_claims_are_unverifiable_with_the_reason():
    panels = [panel_row("d", 0, XS, YS)]
    c, p = frames(panels, grid_cells("d", 0, XS, YS, FULL))
    q = tables.frame(
        [
            {
                "doc": "d",
                "source": "claims",
                "reason": "claim_unresolved",
                "detail": "x tick 7 is not a tick of panel 0",
                "panel": 0,
                "line": 9,
                "x": "7",
                "y": "10",
                "value": 3.0,
                "value_text": "3",
                "claim_kind": "max",
                "text": "Peak 3 at (7, 10)",
            }
        ],
        tables.QUARANTINE,
    )
    out = compute(c, p, claims_frame([]), q)
    row = out["factcheck"].iloc[0]
    assert row["verdict"] == "unverifiable" and "claim_unresolved" in row["evidence"]
    assert row["line"] == 9 and len(out["findings"]) == 0
