"""The pandera models agree with the table contract and render it faithfully."""

from __future__ import annotations

import math

import pandas as pd
import pandera.pandas as pa
import pytest

from figdata import schemas, tables


def _cell(**over):
    row = dict(doc="d", panel=0, panel_title="T", x="a", y="r", value=1.5, value_text="1.5")
    row.update(line=3, layout="row_list")
    row.update(over)
    return row


def _quarantined(**over):
    row = dict(doc="d", source="cells", reason="off_grid_cell", detail="x tick 'z' is not declared")
    row.update(panel=0, line=4, x="z", y="r", value=2.0, value_text="2", panel_title=None)
    row.update(layout="row_list", claim_kind=None, text=None)
    row.update(over)
    return row


def _failures(model, df) -> pd.DataFrame:
    with pytest.raises(pa.errors.SchemaErrors) as err:
        model.validate(df, lazy=True)
    return err.value.failure_cases


@pytest.mark.parametrize("name", list(schemas.MODELS))
def test_models_have_the_contract_columns_in_order(name):
    schema = schemas.MODELS[name].to_schema()
    assert list(schema.columns) == list(schemas.COLUMNS[name])


@pytest.mark.parametrize("name", list(tables.TABLES))
def test_raw_models_have_the_contract_columns_in_order(name):
    schema = schemas.RAW_MODELS[name].to_schema()
    assert list(schema.columns) == list(tables.TABLES[name])


@pytest.mark.parametrize("model", [*schemas.MODELS.values(), *schemas.RAW_MODELS.values()])
def test_models_are_strict_coercing_and_described(model):
    schema = model.to_schema()
    assert schema.strict is True
    assert schema.coerce is True
    for name, column in schema.columns.items():
        assert column.description, f"{model.__name__}.{name} has no description"


@pytest.mark.parametrize("name", list(schemas.MODELS))
def test_nullability_follows_the_integer_dtypes_of_the_contract(name):
    # int64 columns cannot hold nulls, Int64 columns exist to hold them
    schema = schemas.MODELS[name].to_schema()
    for column, dtype in schemas.COLUMNS[name].items():
        if dtype == "int64":
            assert not schema.columns[column].nullable, column
        if dtype == "Int64":
            assert schema.columns[column].nullable, column


@pytest.mark.parametrize("name", list(schemas.MODELS))
def test_empty_tables_meet_their_contract(name):
    out = schemas.MODELS[name].validate(tables.empty(schemas.COLUMNS[name]), lazy=True)
    assert list(out.columns) == list(schemas.COLUMNS[name])


def test_validated_cells_reject_non_finite_values():
    df = tables.frame([_cell(value=math.inf), _cell(x="b", value=math.nan)], tables.CELLS)
    fc = _failures(schemas.Cells, df)
    assert set(zip(fc["column"], fc["check"], strict=True)) == {
        ("value", "value is finite"),
        ("value", "not_nullable"),
    }
    # the parser may emit them: quarantining them is a data-quality decision
    schemas.CellsRaw.validate(df, lazy=True)


def test_validated_cells_are_unique_per_panel_x_y():
    df = tables.frame([_cell(), _cell(line=9)], tables.CELLS)
    fc = _failures(schemas.Cells, df)
    assert set(fc["check"]) == {"(doc, panel, x, y) is unique"}
    assert set(fc["index"]) == {0, 1}


def test_validated_claims_reject_an_infinite_value_but_allow_none():
    row = dict(doc="d", panel=0, kind="peak", x="a", y="r", value=None, line=5, text="Peak")
    ok = tables.frame([row], tables.CLAIMS)
    schemas.Claims.validate(ok, lazy=True)
    fc = _failures(schemas.Claims, tables.frame([{**row, "value": -math.inf}], tables.CLAIMS))
    assert list(zip(fc["column"], fc["check"], strict=True)) == [("value", "finite when stated")]


def test_quarantine_accepts_cells_and_claims_rows():
    claim = _quarantined(source="claims", reason="claim_unresolved", x=None, y=None)
    claim.update(value_text=None, layout=None, claim_kind="peak", text="Peak 3 at q")
    df = tables.frame([_quarantined(value=math.nan), claim], tables.QUARANTINE)
    out = schemas.Quarantine.validate(df, lazy=True)
    assert len(out) == 2


@pytest.mark.parametrize(
    ("over", "column", "check"),
    [
        ({"source": "panels"}, "source", "isin(('cells', 'claims'))"),
        ({"reason": "ragged_row"}, "reason", "isin"),
        ({"detail": ""}, "detail", "str_length(1, None)"),
        ({"line": 0}, "line", "greater_than_or_equal_to(1)"),
        ({"panel": -2}, "panel", "greater_than_or_equal_to(0)"),
    ],
)
def test_quarantine_rejects(over, column, check):
    fc = _failures(schemas.Quarantine, tables.frame([_quarantined(**over)], tables.QUARANTINE))
    hits = fc[fc["check"].astype(str).str.startswith(check)]
    assert column in set(hits["column"]), fc.to_string()


@pytest.mark.parametrize(
    "over", [{"x": None}, {"source": "claims", "reason": "claim_unresolved"}], ids=["cell", "claim"]
)
def test_quarantine_rows_carry_the_fields_of_their_source(over):
    fc = _failures(schemas.Quarantine, tables.frame([_quarantined(**over)], tables.QUARANTINE))
    rule = "cells rows carry x, y and value_text; claims rows their text"
    assert set(fc["check"]) == {rule}
    assert set(fc["index"]) == {0}


def test_tick_lists_read_back_from_parquet_as_arrays_are_accepted(tmp_path):
    row = dict(doc="d", panel=0, x_ticks=["a", "b"], y_ticks=["r"], n_cells=0, n_expected=2)
    df = tables.frame([row], tables.PANELS)
    path = tmp_path / "p.parquet"
    df.to_parquet(path)
    back = pd.read_parquet(path)
    assert not isinstance(back["x_ticks"].iloc[0], list)
    schemas.Panels.validate(back, lazy=True)


def test_contract_markdown_renders_every_column_of_every_table():
    md = schemas.contract_markdown()
    for name, model in schemas.MODELS.items():
        assert f"### `{name}`" in md
        schema = model.to_schema()
        for column, dtype in schemas.COLUMNS[name].items():
            col = schema.columns[column]
            label = "list[str]" if dtype == "object" else dtype
            nullable = "yes" if col.nullable else "no"
            assert f"| `{column}` | {label} | {nullable} | {col.description} |" in md


def test_contract_markdown_names_the_checks():
    md = schemas.contract_markdown()
    lines = {line.split("|")[1].strip(): line for line in md.splitlines() if line.startswith("| `")}
    assert "in {`error`, `info`, `warning`}" in lines["`severity`"]
    assert ">= 1" in md and ">= 0" in md
    assert "in {`bottom-to-top`, `legend`, `top-to-bottom`}" in lines["`y_order`"]
    assert "null or a list of distinct strings" in lines["`x_ticks`"]
    assert "Row rules: (doc, panel) is unique; colorbar_min <= colorbar_max" in md


def test_contract_markdown_is_deterministic():
    assert schemas.contract_markdown() == schemas.contract_markdown()
