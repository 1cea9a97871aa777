"""validate_document: structural failures raise, data-quality problems become findings."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import textwrap

import pandas as pd
import pytest

from figdata import schemas, tables
from figdata.validate import (
    CHECKS,
    StructuralError,
    validate_document,
    validate_documents,
    validate_tables,
)

DOC = "fig_01"


def cell(x, y, value, line, panel=0, text=None, doc=DOC):
    return dict(
        doc=doc,
        panel=panel,
        panel_title=f"P{panel}",
        x=x,
        y=y,
        value=value,
        value_text=text if text is not None else str(value),
        line=line,
        layout="row_list",
    )


def panel(
    index, x_ticks=("a", "b"), y_ticks=("r1", "r2"), lo=0.0, hi=100.0, n_cells=4, line=None, doc=DOC
):
    declared = x_ticks is not None and y_ticks is not None
    return dict(
        doc=doc,
        panel=index,
        title=f"P{index}",
        chart_type="heatmap",
        x_label="X",
        y_label="Y",
        x_ticks=None if x_ticks is None else list(x_ticks),
        y_ticks=None if y_ticks is None else list(y_ticks),
        y_order="top-to-bottom",
        colorbar_min=lo,
        colorbar_max=hi,
        metric="score",
        n_cells=n_cells,
        n_expected=len(x_ticks) * len(y_ticks) if declared else None,
        line=line if line is not None else 2 + 10 * index,
    )


def finding(kind, panel=None, x=None, y=None, line=None, severity="warning", doc=DOC):
    return dict(
        doc=doc,
        panel=panel,
        line=line,
        kind=kind,
        severity=severity,
        detail=f"{kind} reported by the parser",
        raw=None,
        x=x,
        y=y,
        stage="parse",
    )


def claim(x, y, value=50.0, panel=0, line=20, kind="peak", doc=DOC):
    return dict(
        doc=doc,
        panel=panel,
        kind=kind,
        x=x,
        y=y,
        value=value,
        value_text=str(value),
        line=line,
        text=f"Peak {value} at {x}, {y}",
    )


def frames(cells=None, panels=None, findings=(), claims=()):
    if cells is None:
        cells = [
            cell("a", "r1", 10.0, 4),
            cell("b", "r1", 20.0, 4),
            cell("a", "r2", 30.0, 5),
            cell("b", "r2", 40.0, 5),
        ]
    if panels is None:
        panels = [panel(0, n_cells=len(cells))]
    return {
        "cells": tables.frame(cells, tables.CELLS),
        "panels": tables.frame(panels, tables.PANELS),
        "findings": tables.frame(findings, tables.FINDINGS),
        "claims": tables.frame(claims, tables.CLAIMS),
    }


def new_findings(result) -> pd.DataFrame:
    f = result.tables["findings"]
    return f[f["stage"] == "validate"].reset_index(drop=True)


def only_finding(result, kind) -> dict:
    f = new_findings(result)
    assert list(f["kind"]) == [kind], f.to_string()
    return f.iloc[0].to_dict()


def assert_contract(result):
    """Every output meets its validated model and keeps the writers' dtypes."""
    outputs = {**result.tables, "quarantine": result.quarantine}
    for name, df in outputs.items():
        schemas.MODELS[name].validate(df, lazy=True)
        assert list(df.columns) == list(schemas.COLUMNS[name])
        assert df.dtypes.astype(str).to_dict() == schemas.COLUMNS[name], name
    json.dumps(result.report, allow_nan=False)


# --- valid input -----------------------------------------------------------------------


def test_valid_frames_pass_unchanged():
    given = frames(
        findings=[finding("encoding", severity="info")],
        claims=[claim("b", "r2", 40.0), claim(None, None, None, panel=None, kind="range")],
    )
    result = validate_document(DOC, {k: v.copy() for k, v in given.items()})
    for name in tables.TABLES:
        pd.testing.assert_frame_equal(result.tables[name], given[name])
    assert result.quarantine.empty
    assert result.report["passed"] is True
    assert result.report["structural"] == "pass"
    assert all(
        c == {"failed_rows": 0, "findings": 0, "quarantined": 0}
        for c in result.report["checks"].values()
    )
    assert_contract(result)


def test_report_counts_every_check_and_the_panel_completeness():
    result = validate_document(DOC, frames())
    report = result.report
    assert set(report["checks"]) == set(schemas.CHECK_KINDS)
    assert report["panels"] == [
        {
            "panel": 0,
            "n_cells_raw": 4,
            "n_cells": 4,
            "n_expected": 4,
            "complete": True,
            "colorbar": True,
        }
    ]
    assert report["rows"]["cells"] == {"in": 4, "out": 4, "quarantined": 0}


# --- structural checks: one per schema check, each named in the error ------------------

_STRUCTURAL = [
    # (id, table, mutate the raw frame, column named, check named)
    ("missing column", "cells", lambda d: d.drop(columns="line"), "line", "column_in_dataframe"),
    ("extra column", "cells", lambda d: d.assign(colour="red"), "colour", "column_in_schema"),
    ("uncoercible type", "cells", lambda d: d.assign(panel="first"), "panel",
     "coerce_dtype('int64')"),
    ("null doc", "cells", lambda d: d.assign(doc=None), "doc", "not_nullable"),
    ("empty doc", "cells", lambda d: d.assign(doc=""), "doc", "str_length(1, None)"),
    ("negative panel", "cells", lambda d: d.assign(panel=-1), "panel",
     "greater_than_or_equal_to(0)"),
    ("null x", "cells", lambda d: d.assign(x=None), "x", "not_nullable"),
    ("empty y", "cells", lambda d: d.assign(y=""), "y", "str_length(1, None)"),
    ("empty value_text", "cells", lambda d: d.assign(value_text=""), "value_text",
     "str_length(1, None)"),
    ("line zero", "cells", lambda d: d.assign(line=0), "line", "greater_than_or_equal_to(1)"),
    ("null line", "cells", lambda d: d.assign(line=None), "line", "not_nullable"),
    ("empty layout", "cells", lambda d: d.assign(layout=""), "layout", "str_length(1, None)"),
    ("panel index", "panels", lambda d: d.assign(panel=-3), "panel",
     "greater_than_or_equal_to(0)"),
    ("chart type", "panels", lambda d: d.assign(chart_type="pie"), "chart_type", "isin"),
    ("tick not str", "panels", lambda d: d.assign(x_ticks=[[1, 2]], n_expected=4), "x_ticks",
     "tick_list"),
    ("repeated tick", "panels", lambda d: d.assign(y_ticks=[["r1", "r1"]]), "y_ticks",
     "tick_list"),
    ("y order", "panels", lambda d: d.assign(y_order="sideways"), "y_order", "isin"),
    ("colour bar inf", "panels", lambda d: d.assign(colorbar_max=math.inf), "colorbar_max",
     "finite"),
    ("colour bar reversed", "panels", lambda d: d.assign(colorbar_min=100.0, colorbar_max=0.0),
     "colorbar_min, colorbar_max", "colorbar_ordered"),
    ("negative n_cells", "panels", lambda d: d.assign(n_cells=-1), "n_cells",
     "greater_than_or_equal_to(0)"),
    ("null n_cells", "panels", lambda d: d.assign(n_cells=None), "n_cells", "not_nullable"),
    ("n_expected not grid", "panels", lambda d: d.assign(n_expected=5),
     "x_ticks, y_ticks, n_expected", "n_expected_is_grid"),
    ("panel line", "panels", lambda d: d.assign(line=0), "line", "greater_than_or_equal_to(1)"),
    ("panel twice", "panels", lambda d: pd.concat([d, d], ignore_index=True), "doc, panel",
     "multiple_fields_uniqueness"),
    ("finding severity", "findings", lambda d: d.assign(severity="fatal"), "severity", "isin"),
    ("finding kind", "findings", lambda d: d.assign(kind="Ragged Row"), "kind", "str_matches"),
    ("finding detail", "findings", lambda d: d.assign(detail=None), "detail", "not_nullable"),
    ("finding stage", "findings", lambda d: d.assign(stage=""), "stage", "str_matches"),
    ("finding panel", "findings", lambda d: d.assign(panel=-1), "panel",
     "greater_than_or_equal_to(0)"),
    ("finding line", "findings", lambda d: d.assign(line=0), "line", "greater_than_or_equal_to(1)"),
    ("validate kind", "findings", lambda d: d.assign(stage="validate"), "stage, kind",
     "validate_kind"),
    ("claim kind", "claims", lambda d: d.assign(kind=""), "kind", "str_matches"),
    ("claim panel", "claims", lambda d: d.assign(panel=-1), "panel",
     "greater_than_or_equal_to(0)"),
    ("claim tick", "claims", lambda d: d.assign(x=""), "x", "str_length(1, None)"),
    ("claim line", "claims", lambda d: d.assign(line=None), "line", "not_nullable"),
    ("claim text", "claims", lambda d: d.assign(text=""), "text", "str_length(1, None)"),
    ("doc of another document", "cells", lambda d: d.assign(doc="fig_02"), "doc",
     "doc_is_document"),
    ("cell of an unknown panel", "cells", lambda d: d.assign(panel=7), "panel", "in_panels"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("table", "mutate", "column", "check"),
    [case[1:] for case in _STRUCTURAL],
    ids=[case[0] for case in _STRUCTURAL],
)
def test_structural_failure_names_document_table_column_and_check(table, mutate, column, check):
    given = frames(findings=[finding("encoding")], claims=[claim("a", "r1")])
    given[table] = mutate(given[table])
    with pytest.raises(StructuralError) as err:
        validate_document(DOC, given)
    message = str(err.value)
    assert f"document '{DOC}'" in message
    assert f"table '{table}'" in message
    assert f"column '{column}' fails check '{check}" in message, message
    hits = [r for r in err.value.records if r["column"] == column and r["check"].startswith(check)]
    assert hits and all(r["doc"] == DOC and r["table"] == table for r in hits)


def test_structural_failure_points_at_the_row_panel_and_line():
    given = frames()
    given["cells"].loc[2, "line"] = 0
    with pytest.raises(StructuralError) as err:
        validate_document(DOC, given)
    assert "0 at row 2, panel 0, line 0" in str(err.value)
    (record,) = err.value.records
    assert (record["row"], record["panel"], record["check"]) == (
        2,
        0,
        "greater_than_or_equal_to(1)",
    )


def test_structural_validation_is_lazy_and_keeps_failure_cases():
    given = frames()
    given["cells"] = given["cells"].assign(panel=[0, -1, 0, -1], x=["a", None, "a", "b"])
    given["cells"].loc[0, "line"] = 0
    with pytest.raises(StructuralError) as err:
        validate_document(DOC, given)
    found = {(r["column"], r["check"], r["row"]) for r in err.value.records}
    assert found == {
        ("panel", "greater_than_or_equal_to(0)", 1),
        ("panel", "greater_than_or_equal_to(0)", 3),
        ("x", "not_nullable", 1),
        ("line", "greater_than_or_equal_to(1)", 0),
    }
    assert isinstance(err.value.failure_cases, pd.DataFrame)
    assert len(err.value.failure_cases) == 4


def test_a_missing_table_is_structural():
    given = frames()
    del given["claims"]
    with pytest.raises(StructuralError, match=r"document 'fig_01', table 'claims'.*table_present"):
        validate_document(DOC, given)


def test_an_unknown_table_is_structural():
    given = frames()
    given["stats"] = given["claims"]
    with pytest.raises(StructuralError, match=r"table 'stats'.*known_table"):
        validate_document(DOC, given)


def test_structural_error_in_a_batch_names_the_guilty_document():
    good = frames()
    bad = frames(cells=[cell("a", "r1", 1.0, 4, doc="fig_02")], panels=[panel(0, doc="fig_02")])
    bad["cells"].loc[0, "panel"] = -1
    with pytest.raises(StructuralError) as err:
        validate_documents([(DOC, good), ("fig_02", bad)])
    assert str(err.value).startswith("document 'fig_02', table 'cells'")
    assert {r["doc"] for r in err.value.records} == {"fig_02"}


def test_the_check_registry_runs_every_kind_in_the_schema_order():
    kinds = [kind for kind, _ in CHECKS]
    # a kind checked on two tables (cells, then claims) runs twice
    assert list(dict.fromkeys(kinds)) == list(schemas.CHECK_KINDS)
    assert all(callable(check) for _, check in CHECKS)


# --- data quality: non-finite values ---------------------------------------------------


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_non_finite_cell_is_quarantined_with_a_finding(value):
    cells = [cell("a", "r1", 10.0, 4), cell("b", "r1", value, 4, text="n/a?")]
    result = validate_document(DOC, frames(cells=cells))
    f = only_finding(result, "non_finite_value")
    assert (f["doc"], f["panel"], f["line"], f["x"], f["y"]) == (DOC, 0, 4, "b", "r1")
    assert f["severity"] == "warning" and "'n/a?'" in f["detail"]
    assert list(result.tables["cells"]["x"]) == ["a"]
    (q,) = result.quarantine.to_dict("records")
    assert (q["source"], q["reason"], q["x"], q["line"]) == ("cells", "non_finite_value", "b", 4)
    assert result.report["checks"]["non_finite_value"] == {
        "failed_rows": 1,
        "findings": 1,
        "quarantined": 1,
    }
    assert result.report["passed"] is False
    assert_contract(result)


def test_infinite_claim_is_quarantined_but_a_claim_without_number_is_kept():
    claims = [claim("a", "r1", math.inf, line=30), claim(None, None, None, kind="trend", line=31)]
    result = validate_document(DOC, frames(claims=claims))
    f = only_finding(result, "non_finite_value")
    assert (f["line"], f["raw"]) == (30, "Peak inf at a, r1")
    assert list(result.tables["claims"]["line"]) == [31]
    assert list(result.quarantine["source"]) == ["claims"]
    assert_contract(result)


# --- data quality: off-grid cells ------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "y", "axis"), [("c", "r1", "x tick 'c'"), ("a", "r9", "y tick 'r9'")]
)
def test_off_grid_cell_is_quarantined(x, y, axis):
    cells = [cell("a", "r1", 10.0, 4), cell(x, y, 11.0, 6)]
    result = validate_document(DOC, frames(cells=cells))
    f = only_finding(result, "off_grid_cell")
    assert (f["panel"], f["line"], f["x"], f["y"], f["severity"]) == (0, 6, x, y, "warning")
    assert f["detail"] == f"{axis} is not a declared tick of panel 0"
    assert list(result.quarantine["reason"]) == ["off_grid_cell"]
    assert len(result.tables["cells"]) == 1
    assert_contract(result)


def test_off_grid_names_both_axes_when_both_are_off():
    result = validate_document(DOC, frames(cells=[cell("zz", "qq", 1.0, 4)]))
    assert (
        "x tick 'zz' and y tick 'qq' are not declared ticks"
        in only_finding(result, "off_grid_cell")["detail"]
    )


def test_panel_without_declared_ticks_has_no_grid_to_be_off():
    panels = [panel(0, x_ticks=None, y_ticks=None, n_cells=1)]
    result = validate_document(DOC, frames(cells=[cell("any", "thing", 5.0, 4)], panels=panels))
    assert new_findings(result).empty and result.quarantine.empty


def test_only_the_undeclared_axis_is_unchecked():
    panels = [panel(0, x_ticks=("a",), y_ticks=None, n_cells=2)]
    cells = [cell("a", "free", 5.0, 4), cell("b", "free", 6.0, 5)]
    result = validate_document(DOC, frames(cells=cells, panels=panels))
    assert only_finding(result, "off_grid_cell")["x"] == "b"


# --- data quality: duplicates ----------------------------------------------------------


def test_duplicate_with_the_same_value_is_kept_once_with_an_info_finding():
    cells = [
        cell("a", "r1", 10.0, 4),
        cell("a", "r1", 10.0, 9, text="10.0"),
        cell("b", "r1", 20.0, 4),
    ]
    result = validate_document(DOC, frames(cells=cells))
    f = only_finding(result, "duplicate_cell")
    assert (f["severity"], f["panel"], f["x"], f["y"], f["line"]) == ("info", 0, "a", "r1", 4)
    assert "same value" in f["detail"] and "lines 4, 9" in f["detail"]
    kept = result.tables["cells"]
    assert list(zip(kept["x"], kept["line"], strict=True)) == [("a", 4), ("b", 4)]
    (q,) = result.quarantine.to_dict("records")
    assert (q["reason"], q["line"], q["detail"]) == (
        "duplicate_cell",
        9,
        "repeats the cell kept from line 4",
    )
    assert result.tables["panels"]["n_cells"].tolist() == [2]
    assert result.report["passed"] is False  # a row went to quarantine
    assert_contract(result)


def test_duplicate_with_different_values_quarantines_every_copy():
    cells = [cell("a", "r1", 10.0, 4), cell("a", "r1", 12.0, 9), cell("b", "r1", 20.0, 4)]
    result = validate_document(DOC, frames(cells=cells))
    f = only_finding(result, "duplicate_cell")
    assert (f["severity"], f["doc"], f["panel"], f["x"], f["y"]) == ("warning", DOC, 0, "a", "r1")
    assert "different values 10.0, 12.0" in f["detail"]
    assert list(result.tables["cells"]["x"]) == ["b"]
    assert sorted(result.quarantine["line"]) == [4, 9]
    assert set(result.quarantine["reason"]) == {"duplicate_cell"}
    assert result.report["checks"]["duplicate_cell"] == {
        "failed_rows": 2,
        "findings": 1,
        "quarantined": 2,
    }
    assert_contract(result)


def test_same_tick_in_another_panel_is_not_a_duplicate():
    cells = [cell("a", "r1", 10.0, 4), cell("a", "r1", 11.0, 14, panel=1)]
    panels = [panel(0, n_cells=1), panel(1, n_cells=1)]
    result = validate_document(DOC, frames(cells=cells, panels=panels))
    assert new_findings(result).empty


@pytest.mark.parametrize(
    "prior",
    [
        finding("duplicate_cell", panel=0, x="a", y="r1"),
        finding("duplicate_cell", panel=0, y="r1"),  # the whole row was printed twice
    ],
    ids=["cell", "row"],
)
def test_duplicate_already_reported_by_the_parser_is_not_reported_again(prior):
    cells = [cell("a", "r1", 10.0, 4), cell("a", "r1", 12.0, 9)]
    result = validate_document(DOC, frames(cells=cells, findings=[prior]))
    assert new_findings(result).empty
    assert list(result.tables["findings"]["kind"]) == ["duplicate_cell"]
    assert len(result.quarantine) == 2  # still never let through


def test_parser_duplicate_elsewhere_does_not_silence_this_one():
    cells = [cell("a", "r1", 10.0, 4), cell("a", "r1", 12.0, 9)]
    prior = finding("duplicate_cell", panel=0, y="r2")
    result = validate_document(DOC, frames(cells=cells, findings=[prior]))
    assert only_finding(result, "duplicate_cell")["y"] == "r1"


# --- data quality: colour-bar range ----------------------------------------------------


@pytest.mark.parametrize(
    ("value", "finding_expected", "quarantined"),
    [
        (100.0, False, False),
        (120.0, False, False),  # exactly 20 % of the span beyond: a saturated bar
        (-20.0, False, False),
        (121.0, True, False),
        (130.0, True, False),
        (-40.0, True, False),
        (150.0, True, False),  # exactly 50 %: still a plausible misreading
        (151.0, True, True),
        (-250.0, True, True),
    ],
)
def test_values_beyond_the_colour_bar(value, finding_expected, quarantined):
    cells = [cell("a", "r1", 10.0, 4), cell("b", "r1", value, 7)]
    result = validate_document(DOC, frames(cells=cells))
    found = new_findings(result)
    if not finding_expected:
        assert found.empty and result.quarantine.empty
        return
    f = only_finding(result, "out_of_range")
    assert (f["severity"], f["panel"], f["line"], f["x"]) == ("warning", 0, 7, "b")
    assert ("above" if value > 100 else "below") in f["detail"]
    assert "(0 to 100)" in f["detail"]
    assert (7 in set(result.tables["cells"]["line"])) is not quarantined
    assert list(result.quarantine["reason"]) == (["out_of_range"] if quarantined else [])
    assert_contract(result)


def test_out_of_range_detail_gives_the_share_of_the_span():
    result = validate_document(
        DOC,
        frames(
            cells=[cell("a", "r1", 0.7, 4, text="0.70")],
            panels=[panel(0, lo=0.0, hi=0.5, n_cells=1)],
        ),
    )
    assert only_finding(result, "out_of_range")["detail"] == (
        "value '0.70' lies 40% of the span above the colour bar (0 to 0.5); kept"
    )


def test_colour_bar_contradicted_by_most_values_is_the_misreading():
    # "the scale ranges from approximately -52 to -88" over values of 40 to 52
    cells = [cell("a", "r1", 40.0, 4), cell("b", "r1", 47.3, 4), cell("a", "r2", 52.0, 5)]
    panels = [panel(0, lo=-88.0, hi=-52.0, n_cells=3, line=2)]
    result = validate_document(DOC, frames(cells=cells, panels=panels))
    f = only_finding(result, "out_of_range")
    assert (f["panel"], f["line"], f["severity"]) == (0, 2, "warning")
    assert pd.isna(f["x"]) and pd.isna(f["y"])
    assert f["detail"].startswith("3 of 3 values lie beyond the stated colour bar (-88 to -52)")
    assert result.quarantine.empty and len(result.tables["cells"]) == 3
    assert_contract(result)


def test_a_fraction_colour_bar_over_values_in_percent_is_one_scale():
    # "Color Scale: 0.0 to 1.0" over cells printed as "91 ± 3" (%)
    cells = [cell("a", "r1", 91.0, 4), cell("b", "r1", 72.0, 4), cell("a", "r2", 88.0, 5)]
    panels = [panel(0, lo=0.0, hi=1.0, n_cells=3, line=2)]
    result = validate_document(DOC, frames(cells=cells, panels=panels))
    assert new_findings(result).empty and result.quarantine.empty


def test_values_beyond_a_fraction_bar_even_in_percent_are_still_reported():
    cells = [cell("a", "r1", 91.0, 4), cell("b", "r1", 72.0, 4), cell("a", "r2", 480.0, 5)]
    panels = [panel(0, lo=0.0, hi=1.0, n_cells=3, line=2)]
    result = validate_document(DOC, frames(cells=cells, panels=panels))
    assert not new_findings(result).empty


def test_a_few_values_against_the_colour_bar_are_still_the_suspects():
    cells = [cell("a", "r1", 10.0, 4), cell("b", "r1", 20.0, 4), cell("a", "r2", 30.0, 5),
             cell("b", "r2", 400.0, 5)]  # fmt: skip
    result = validate_document(DOC, frames(cells=cells))
    assert only_finding(result, "out_of_range")["x"] == "b"
    assert list(result.quarantine["value"]) == [400.0]


@pytest.mark.parametrize(("lo", "hi"), [(None, 100.0), (0.0, None), (5.0, 5.0)])
def test_colour_bar_with_an_unknown_span_is_not_checked(lo, hi):
    panels = [panel(0, lo=lo, hi=hi, n_cells=1)]
    result = validate_document(DOC, frames(cells=[cell("a", "r1", 1e6, 4)], panels=panels))
    assert new_findings(result).empty
    assert result.report["panels"][0]["colorbar"] is (lo is not None and hi is not None)


# --- data quality: completeness, empty panels, no panels -------------------------------


def test_incomplete_grid_is_recorded_in_the_report_without_a_finding():
    cells = [cell("a", "r1", 10.0, 4), cell("b", "r1", 20.0, 4), cell("a", "r2", 30.0, 5)]
    result = validate_document(DOC, frames(cells=cells))
    assert new_findings(result).empty
    (p,) = result.report["panels"]
    assert (p["n_cells"], p["n_expected"], p["complete"]) == (3, 4, False)


def test_completeness_counts_the_cells_left_after_quarantine():
    cells = [cell("a", "r1", 10.0, 4), cell("b", "r1", math.nan, 4)]
    result = validate_document(DOC, frames(cells=cells))
    (p,) = result.report["panels"]
    assert (p["n_cells_raw"], p["n_cells"]) == (2, 1)
    assert result.tables["panels"]["n_cells"].tolist() == [1]


def test_unexplained_empty_panel_is_reported():
    panels = [panel(0, n_cells=4), panel(1, n_cells=0, line=30)]
    result = validate_document(DOC, frames(panels=panels))
    f = only_finding(result, "empty_panel")
    assert (f["doc"], f["panel"], f["line"], f["severity"]) == (DOC, 1, 30, "warning")
    assert f["raw"] == "P1"
    assert result.report["checks"]["empty_panel"]["findings"] == 1
    assert result.quarantine.empty


@pytest.mark.parametrize(
    "prior",
    [
        finding("no_data"),
        finding("empty"),
        finding("missing_cell", panel=1),
        finding("truncated", panel=0),  # the file ended before panel 1 was reached
        finding("truncated", panel=1),
    ],
    ids=["no_data", "empty", "missing_cell here", "truncated before", "truncated here"],
)
def test_empty_panel_explained_by_the_parser_is_not_reported_again(prior):
    panels = [panel(0, n_cells=4), panel(1, n_cells=0)]
    result = validate_document(DOC, frames(panels=panels, findings=[prior]))
    assert new_findings(result).empty


@pytest.mark.parametrize(
    "prior",
    [finding("missing_cell", panel=0), finding("truncated", panel=2), finding("ragged_row")],
    ids=["missing_cell elsewhere", "truncated later", "other kind"],
)
def test_empty_panel_not_explained_by_unrelated_findings(prior):
    panels = [panel(0, n_cells=4), panel(1, n_cells=0), panel(2, n_cells=0)]
    result = validate_document(DOC, frames(panels=panels, findings=[prior]))
    assert 1 in set(new_findings(result)["panel"])


def test_document_without_panels_is_reported():
    result = validate_document(DOC, frames(cells=[], panels=[]))
    f = only_finding(result, "no_panels")
    assert (f["doc"], f["severity"]) == (DOC, "warning")
    assert pd.isna(f["panel"]) and pd.isna(f["line"])
    assert result.report["n_panels"] == 0
    assert result.report["checks"]["no_panels"]["findings"] == 1
    assert_contract(result)


@pytest.mark.parametrize("kind", ["empty", "no_data"])
def test_document_without_panels_explained_by_the_parser(kind):
    result = validate_document(DOC, frames(cells=[], panels=[], findings=[finding(kind)]))
    assert new_findings(result).empty
    assert result.report["n_panels"] == 0
    assert result.report["passed"] is True


# --- data quality: claims --------------------------------------------------------------


def test_claim_about_a_missing_panel_is_unresolved():
    result = validate_document(DOC, frames(claims=[claim("a", "r1", panel=3, line=22)]))
    f = only_finding(result, "claim_unresolved")
    assert (f["doc"], f["panel"], f["line"], f["severity"]) == (DOC, 3, 22, "warning")
    assert f["detail"] == "claim names panel 3, which does not exist"
    assert f["raw"] == "Peak 50.0 at a, r1"
    (q,) = result.quarantine.to_dict("records")
    assert (q["source"], q["reason"], q["claim_kind"]) == ("claims", "claim_unresolved", "peak")
    assert result.tables["claims"].empty
    assert_contract(result)


@pytest.mark.parametrize(
    ("x", "y", "axis"), [("c", "r1", "x tick 'c'"), ("a", "r7", "y tick 'r7'")]
)
def test_claim_about_a_missing_tick_is_unresolved(x, y, axis):
    result = validate_document(DOC, frames(claims=[claim(x, y)]))
    f = only_finding(result, "claim_unresolved")
    assert f["detail"] == f"claim names {axis}, which panel 0 does not have"
    assert (f["x"], f["y"]) == (x, y)


def test_claim_on_a_panel_without_declared_ticks_resolves_against_its_cells():
    panels = [panel(0, x_ticks=None, y_ticks=None, n_cells=2)]
    cells = [cell("u", "v", 1.0, 4), cell("w", "v", 500.0, 5)]  # 500 is quarantined
    claims = [claim("w", "v", line=20), claim("nope", "v", line=21)]
    result = validate_document(DOC, frames(cells=cells, panels=panels, claims=claims))
    assert list(result.tables["claims"]["line"]) == [20]
    unresolved = new_findings(result).query("kind == 'claim_unresolved'")
    assert list(unresolved["x"]) == ["nope"]


def test_claim_without_panel_resolves_against_any_panel():
    panels = [panel(0, n_cells=4), panel(1, x_ticks=("c",), y_ticks=("r1",), n_cells=1)]
    cells = frames()["cells"].to_dict("records") + [cell("c", "r1", 5.0, 14, panel=1)]
    claims = [claim("c", "r1", panel=None, line=20), claim("d", "r1", panel=None, line=21)]
    result = validate_document(DOC, frames(cells=cells, panels=panels, claims=claims))
    assert list(result.tables["claims"]["line"]) == [20]
    f = only_finding(result, "claim_unresolved")
    assert f["detail"] == "claim names x tick 'd', which no panel has" and pd.isna(f["panel"])


# --- batches, reports, pandera's switch ------------------------------------------------


def test_a_batch_gives_the_same_results_as_one_document_at_a_time():
    one = frames(
        cells=[cell("a", "r1", 10.0, 4), cell("a", "r1", 11.0, 5), cell("z", "r1", 1.0, 6)],
        claims=[claim("a", "r9")],
    )
    two = {k: v.assign(doc="fig_02") for k, v in frames(panels=[panel(0), panel(1)]).items()}
    three = {k: v.assign(doc="fig_03") for k, v in frames(cells=[], panels=[]).items()}
    batch = validate_documents({DOC: one, "fig_02": two, "fig_03": three})
    for doc, given in ((DOC, one), ("fig_02", two), ("fig_03", three)):
        alone = validate_document(doc, given)
        for name in tables.TABLES:
            pd.testing.assert_frame_equal(batch[doc].tables[name], alone.tables[name])
        pd.testing.assert_frame_equal(batch[doc].quarantine, alone.quarantine)
        assert batch[doc].report == alone.report
        assert_contract(batch[doc])
    assert set(new_findings(batch["fig_02"])["kind"]) == {"empty_panel"}
    assert set(new_findings(batch["fig_03"])["kind"]) == {"no_panels"}


def test_report_failure_cases_are_records_of_the_failing_rows():
    cells = [cell("a", "r1", 10.0, 4), cell("b", "r1", 130.0, 4), cell("q", "r1", 1.0, 5)]
    report = validate_document(DOC, frames(cells=cells)).report
    cases = {(c["check"], c["x"], c["action"]) for c in report["failure_cases"]}
    assert cases == {("off_grid_cell", "q", "quarantined"), ("out_of_range", "b", "kept")}
    assert all(c["table"] == "cells" and c["panel"] == 0 for c in report["failure_cases"])
    json.dumps(report, allow_nan=False)


def test_findings_keep_the_parser_rows_first():
    result = validate_document(
        DOC, frames(cells=[cell("z", "r1", 1.0, 4)], findings=[finding("encoding")])
    )
    assert list(result.tables["findings"]["stage"]) == ["parse", "validate"]


_SWITCHED_OFF = textwrap.dedent(
    """
    import pandas as pd
    import pandera.pandas as pa
    from figdata import tables
    from figdata.validate import StructuralError, validate_document

    # prove the environment really switches plain pandera off ...
    plain = pa.DataFrameSchema({"n": pa.Column(int, pa.Check.ge(0))})
    plain.validate(pd.DataFrame({"n": [-1]}))
    # ... and that figdata validates anyway
    cells = tables.frame([dict(doc="d", panel=-1, x="a", y="b", value=1.0, value_text="1",
                               line=1)], tables.CELLS)
    panels = tables.frame([dict(doc="d", panel=0, n_cells=0)], tables.PANELS)
    frames = dict(cells=cells, panels=panels, findings=tables.empty(tables.FINDINGS),
                  claims=tables.empty(tables.CLAIMS))
    try:
        validate_document("d", frames)
    except StructuralError as err:
        print("RAISED", err)
    else:
        print("PASSED SILENTLY")
    """
)


@pytest.mark.parametrize(
    "env",
    [
        {"PANDERA_VALIDATION_ENABLED": "False"},
        {"PANDERA_VALIDATION_DEPTH": "SCHEMA_ONLY"},
        {"PANDERA_VALIDATION_ENABLED": "0", "PANDERA_VALIDATION_DEPTH": "SCHEMA_ONLY"},
    ],
    ids=["disabled", "schema only", "both"],
)
def test_environment_cannot_switch_validation_off(env):
    # pandera reads these variables once, at import: only a fresh process is honest
    run = subprocess.run(
        [sys.executable, "-c", _SWITCHED_OFF],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    assert "RAISED document 'd', table 'cells': column 'panel' fails check " in run.stdout
    assert "greater_than_or_equal_to(0)" in run.stdout


# --- whole shards as one frame per table ------------------------------------------------


def _shard():
    one = frames(
        cells=[cell("a", "r1", 10.0, 4), cell("a", "r1", 11.0, 5), cell("z", "r1", 1.0, 6)],
        claims=[claim("a", "r9")],
        findings=[finding("encoding", severity="info")],
    )
    two = {k: v.assign(doc="fig_02") for k, v in frames(panels=[panel(0), panel(1)]).items()}
    return {DOC: one, "fig_02": two}


def _canon(df: pd.DataFrame) -> pd.DataFrame:
    keys = [c for c in df.columns if df[c].dtype != object]
    return df.sort_values(keys, kind="stable", ignore_index=True)


def _canon_report(report: dict) -> dict:
    return {
        **report,
        "panels": sorted(report["panels"], key=lambda p: p["panel"]),
        "failure_cases": sorted(report["failure_cases"], key=json.dumps),
    }


def test_validate_tables_matches_validate_documents():
    shard = _shard()
    docs = ["fig_02", DOC, "fig_03"]  # fig_03 has no rows at all
    # interleave the documents' rows: grouping is validate_tables' job
    combined = {
        name: pd.concat([shard["fig_02"][name], shard[DOC][name]], ignore_index=True)
        .iloc[::-1]
        .reset_index(drop=True)
        for name in tables.TABLES
    }
    batch = validate_tables(combined, docs)
    empty = {name: tables.empty(cols) for name, cols in tables.TABLES.items()}
    separate = validate_documents({**shard, "fig_03": empty})
    for doc in docs:
        got = batch.document(doc)
        want = separate[doc]
        for name in tables.TABLES:
            # the input order was reversed: compare as sets of rows
            pd.testing.assert_frame_equal(_canon(got.tables[name]), _canon(want.tables[name]))
        assert _canon_report(got.report) == _canon_report(want.report)
        assert_contract(got)
    assert list(batch.tables["panels"]["doc"].drop_duplicates()) == ["fig_02", DOC]
    assert list(batch.tables["findings"]["doc"].drop_duplicates()) == ["fig_02", DOC, "fig_03"]
    assert set(batch.reports) == set(docs)
    assert batch.document("fig_03").report["checks"]["no_panels"]["findings"] == 1


def test_validate_tables_rejects_a_row_of_a_document_outside_the_batch():
    combined = {name: df.assign(doc="fig_09") for name, df in frames().items()}
    with pytest.raises(StructuralError) as err:
        validate_tables(combined, [DOC])
    message = str(err.value)
    assert "table 'cells'" in message
    assert "column 'doc' fails check 'doc_is_document': 'fig_09'" in message


def test_validate_tables_names_a_missing_column():
    combined = frames()
    combined["panels"] = combined["panels"].drop(columns="y_order")
    with pytest.raises(StructuralError) as err:
        validate_tables(combined, [DOC])
    assert "table 'panels': column 'y_order' fails check 'column_in_dataframe'" in str(err.value)
