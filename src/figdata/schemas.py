"""The data contracts of figdata's tables, as pandera models.

One model per table. The column names and order come from :mod:`figdata.tables`
(the tests hold the two together). ``CellsRaw`` and ``ClaimsRaw`` describe what
the parser may emit; ``Cells`` and ``Claims`` tighten them to what the validate
stage lets through, because a non-finite value is a data problem (quarantined
with a finding), not a broken pipeline.

Every check here is *structural*: a failure means the pipeline produced a table
that breaks its contract, and :func:`figdata.validate.validate_document` raises.
Data-quality problems (duplicates, off-grid cells, values outside the colour
bar...) live in :mod:`figdata.validate` and become findings instead.
"""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pandera.pandas as pa
from pandera.typing import Series

from figdata import tables

CLAIM_KINDS = ("max", "min", "range", "bound", "identical", "improved", "trend", "panel_rank")
CLAIM_RELATIONS = (
    "le", "lt", "ge", "gt", "higher", "lower", "increasing", "decreasing", "highest", "lowest",
)  # fmt: skip
CHART_TYPES = ("heatmap", "grouped_bar", "line", "unknown")
Y_ORDERS = ("top-to-bottom", "bottom-to-top", "legend")
SEVERITIES = tables.SEVERITIES
#: finding kinds the validate stage emits (see figdata.validate)
VALIDATE_KINDS = (
    "non_finite_value",
    "off_grid_cell",
    "duplicate_cell",
    "out_of_range",
    "empty_panel",
    "no_panels",
    "claim_unresolved",
)
#: finding kinds the parse stage emits (see figdata.parse and figdata.batch)
PARSE_KINDS = (
    "ragged_row",
    "truncated",
    "duplicate_cell",
    "conflict_with_summary",
    "missing_cell",
    "no_data",
    "empty",
    "encoding",
    "markup_in_text",
    "unplaced_number",
    "parser_error",
)
#: why a row sits in quarantine: the data-quality check that moved it there
QUARANTINE_REASONS = (
    "non_finite_value",
    "off_grid_cell",
    "duplicate_cell",
    "out_of_range",
    "claim_unresolved",
)
QUARANTINE_SOURCES = ("cells", "claims")

# kinds and stages are identifiers that code branches on, so one spelling only
IDENTIFIER = r"^[a-z][a-z0-9_]*$"
_NON_EMPTY = {"min_value": 1}


def _is_tick_list(value) -> bool:
    """None, or a sequence of distinct non-empty strings (a list, or an array after Parquet)."""
    if value is None:
        return True
    if not isinstance(value, list | tuple | np.ndarray):
        return False
    items = list(value)
    return all(isinstance(t, str) and t != "" for t in items) and len(set(items)) == len(items)


def _tick_count(value) -> float:
    return float(len(value)) if isinstance(value, list | tuple | np.ndarray) else np.nan


class _Contract(pa.DataFrameModel):
    class Config:
        strict = True
        coerce = True


class CellsRaw(_Contract):
    """Cells as the parser emits them: one row per value the text ties to one x and one y tick."""

    doc: Series[str] = pa.Field(
        str_length=_NON_EMPTY, description="Document: the file stem of the description."
    )
    panel: Series[np.int64] = pa.Field(
        ge=0, description="Panel index, 0-based, in order of appearance in the document."
    )
    panel_title: Series[str] = pa.Field(
        nullable=True, description="Title printed on the panel's chart; null when none is given."
    )
    x: Series[str] = pa.Field(
        str_length=_NON_EMPTY, description="Tick of the horizontal axis (the column), as printed."
    )
    y: Series[str] = pa.Field(
        str_length=_NON_EMPTY, description="Tick of the vertical axis (the row) or series name."
    )
    value: Series[float] = pa.Field(
        nullable=True, description="The stated number (may still be non-finite before validation)."
    )
    value_text: Series[str] = pa.Field(
        str_length=_NON_EMPTY, description="The number as printed, e.g. `87.5%`, `~0.85`."
    )
    line: Series[np.int64] = pa.Field(ge=1, description="1-based source line of the value.")
    layout: Series[str] = pa.Field(
        nullable=True,
        str_length=_NON_EMPTY,
        description="Name of the layout recogniser that read the cell.",
    )


class Cells(CellsRaw):
    """Validated cells: finite values only; one row per (panel, x, y)."""

    value: Series[float] = pa.Field(description="The stated number, finite.")

    @pa.check("value", name="finite", error="value is finite")
    def _finite(cls, value: Series[float]) -> Series[bool]:
        return pd.Series(np.isfinite(value.to_numpy(dtype=float)), index=value.index)

    @pa.dataframe_check(name="unique_cell", error="(doc, panel, x, y) is unique")
    def _unique_cell(cls, df: pd.DataFrame) -> Series[bool]:
        return ~df.duplicated(["doc", "panel", "x", "y"], keep=False)


class Panels(_Contract):
    """One row per panel: its axes, declared ticks, colour bar and cell counts."""

    doc: Series[str] = pa.Field(
        str_length=_NON_EMPTY, description="Document: the file stem of the description."
    )
    panel: Series[np.int64] = pa.Field(
        ge=0, description="Panel index, 0-based; panels announced but never described keep theirs."
    )
    title: Series[str] = pa.Field(
        nullable=True, description="Title printed on the chart; null when none is given."
    )
    chart_type: Series[str] = pa.Field(
        nullable=True, isin=CHART_TYPES, description="Kind of chart the panel shows."
    )
    x_label: Series[str] = pa.Field(nullable=True, description="Label of the horizontal axis.")
    y_label: Series[str] = pa.Field(nullable=True, description="Label of the vertical axis.")
    x_ticks: Series[object] = pa.Field(
        nullable=True, description="Declared x ticks, left to right; null when not declared."
    )
    y_ticks: Series[object] = pa.Field(
        nullable=True, description="Declared y ticks, in the order named by `y_order`."
    )
    y_order: Series[str] = pa.Field(
        nullable=True,
        isin=Y_ORDERS,
        description="Edge the y tick list starts from, or `legend` when y holds series names.",
    )
    colorbar_min: Series[float] = pa.Field(
        nullable=True, description="Lower end of the colour bar the text states."
    )
    colorbar_max: Series[float] = pa.Field(
        nullable=True, description="Upper end of the colour bar the text states."
    )
    metric: Series[str] = pa.Field(nullable=True, description="Name of the plotted quantity.")
    n_cells: Series[np.int64] = pa.Field(
        ge=0, description="Cells of this panel in the cells table (after validation)."
    )
    n_expected: Series[pd.Int64Dtype] = pa.Field(
        nullable=True,
        ge=0,
        description="Declared x ticks times y ticks; null unless both axes declare ticks.",
    )
    line: Series[pd.Int64Dtype] = pa.Field(
        nullable=True, ge=1, description="1-based line where the panel starts; null if never."
    )

    class Config:
        unique = ["doc", "panel"]

    @pa.check("x_ticks", "y_ticks", name="tick_list", error="null or a list of distinct strings")
    def _tick_list(cls, ticks: Series[object]) -> Series[bool]:
        return ticks.map(_is_tick_list).astype(bool)

    @pa.check("colorbar_min", "colorbar_max", name="finite", error="finite when stated")
    def _finite_bound(cls, bound: Series[float]) -> Series[bool]:
        return pd.Series(np.isfinite(bound.to_numpy(dtype=float)), index=bound.index)

    @pa.dataframe_check(name="colorbar_ordered", error="colorbar_min <= colorbar_max")
    def _colorbar_ordered(cls, df: pd.DataFrame) -> Series[bool]:
        lo, hi = df["colorbar_min"], df["colorbar_max"]
        return (lo.isna() | hi.isna() | (lo <= hi)).astype(bool)

    @pa.dataframe_check(
        name="n_expected_is_grid",
        error="n_expected = len(x_ticks) * len(y_ticks) when both are declared, else null",
    )
    def _n_expected_is_grid(cls, df: pd.DataFrame) -> Series[bool]:
        nx = df["x_ticks"].map(_tick_count).astype(float)
        ny = df["y_ticks"].map(_tick_count).astype(float)
        grid = nx * ny
        declared = (nx > 0) & (ny > 0)
        expected = df["n_expected"].astype("Float64")
        ok = expected.eq(grid).fillna(False).astype(bool)
        return (ok & declared) | (~declared & expected.isna())


class Findings(_Contract):
    """One row per problem the parser or the validate stage found in a document."""

    doc: Series[str] = pa.Field(
        str_length=_NON_EMPTY, description="Document: the file stem of the description."
    )
    panel: Series[pd.Int64Dtype] = pa.Field(
        nullable=True, ge=0, description="Panel concerned; null for the whole document."
    )
    line: Series[pd.Int64Dtype] = pa.Field(
        nullable=True, ge=1, description="1-based source line; null when there is none."
    )
    kind: Series[str] = pa.Field(
        str_matches=IDENTIFIER, description="What went wrong, e.g. `ragged_row`, `out_of_range`."
    )
    severity: Series[str] = pa.Field(isin=SEVERITIES, description="`error`, `warning` or `info`.")
    detail: Series[str] = pa.Field(
        str_length=_NON_EMPTY, description="Explanation for a human reader."
    )
    raw: Series[str] = pa.Field(nullable=True, description="The source text concerned.")
    x: Series[str] = pa.Field(nullable=True, description="x tick concerned, if one.")
    y: Series[str] = pa.Field(nullable=True, description="y tick concerned, if one.")
    stage: Series[str] = pa.Field(
        str_matches=IDENTIFIER, description="Stage that found it: `parse`, `validate`, ..."
    )

    @pa.dataframe_check(name="validate_kind", error="validate-stage findings use a known kind")
    def _validate_kind(cls, df: pd.DataFrame) -> Series[bool]:
        return (df["stage"] != "validate") | df["kind"].isin(VALIDATE_KINDS)

    @pa.dataframe_check(name="parse_kind", error="parse-stage findings use a known kind")
    def _parse_kind(cls, df: pd.DataFrame) -> Series[bool]:
        return (df["stage"] != "parse") | df["kind"].isin(PARSE_KINDS)


class ClaimsRaw(_Contract):
    """Summary statements about a panel ("Peak 49.3 at Ratio 0.3, Window 2000"), as parsed."""

    doc: Series[str] = pa.Field(
        str_length=_NON_EMPTY, description="Document: the file stem of the description."
    )
    panel: Series[pd.Int64Dtype] = pa.Field(
        nullable=True, ge=0, description="Panel the claim is about; null when not said."
    )
    kind: Series[str] = pa.Field(
        str_matches=IDENTIFIER,
        description="Kind of claim: `max` / `min` (peak, lowest), `range` (values span lo to hi), "
        "`bound` (a row, column or panel stays below or above a number), `identical` (two rows "
        "or columns equal), `improved` (every cell higher or lower than in another panel), "
        "`trend` (values rise or fall along an axis), `panel_rank` (a panel highest or lowest).",
    )
    x: Series[str] = pa.Field(
        nullable=True, str_length=_NON_EMPTY, description="x tick the claim names, if one."
    )
    y: Series[str] = pa.Field(
        nullable=True, str_length=_NON_EMPTY, description="y tick the claim names, if one."
    )
    value: Series[float] = pa.Field(nullable=True, description="Number the claim states, if one.")
    value_text: Series[str] = pa.Field(nullable=True, description="The number as printed.")
    line: Series[np.int64] = pa.Field(ge=1, description="1-based source line of the claim.")
    text: Series[str] = pa.Field(str_length=_NON_EMPTY, description="The claim as written.")
    value_hi: Series[float] = pa.Field(
        nullable=True, description="`range`: the upper number (`value` is the lower)."
    )
    value_hi_text: Series[str] = pa.Field(nullable=True, description="The upper number as printed.")
    axis: Series[str] = pa.Field(
        nullable=True,
        isin=("x", "y"),
        description="`bound`, `identical`: axis of the named ticks (`y`: rows); `trend`: the axis "
        "the values move along.",
    )
    tick: Series[str] = pa.Field(
        nullable=True,
        str_length=_NON_EMPTY,
        description="`bound`, `identical`: the row or column named; `trend`: the one line it is "
        "about, if one.",
    )
    tick2: Series[str] = pa.Field(
        nullable=True, str_length=_NON_EMPTY, description="`identical`: the second row or column."
    )
    relation: Series[str] = pa.Field(
        nullable=True,
        isin=CLAIM_RELATIONS,
        description="`bound`: le, lt, ge, gt; `improved`: higher, lower; `trend`: increasing, "
        "decreasing; `panel_rank`: highest, lowest.",
    )
    subject: Series[str] = pa.Field(
        nullable=True,
        description="Words naming the panel(s) of a claim about several panels (resolved "
        "against the titles by the stats stage); null when `panel` says it.",
    )


class Claims(ClaimsRaw):
    """Validated claims: every panel and tick they name exists."""

    value: Series[float] = pa.Field(nullable=True, description="Number the claim states, finite.")

    @pa.check("value", name="finite", error="finite when stated")
    def _finite(cls, value: Series[float]) -> Series[bool]:
        return pd.Series(np.isfinite(value.to_numpy(dtype=float)), index=value.index)


class Quarantine(_Contract):
    """Rows the validate stage took out of cells or claims, with the reason; nothing is lost."""

    doc: Series[str] = pa.Field(
        str_length=_NON_EMPTY, description="Document: the file stem of the description."
    )
    source: Series[str] = pa.Field(
        isin=QUARANTINE_SOURCES, description="Table the row came from: `cells` or `claims`."
    )
    reason: Series[str] = pa.Field(
        isin=QUARANTINE_REASONS, description="The check that moved it (a finding kind)."
    )
    detail: Series[str] = pa.Field(str_length=_NON_EMPTY, description="Why, for a human reader.")
    panel: Series[pd.Int64Dtype] = pa.Field(
        nullable=True, ge=0, description="Panel of the row, as the source table gave it."
    )
    line: Series[np.int64] = pa.Field(ge=1, description="1-based source line of the row.")
    x: Series[str] = pa.Field(nullable=True, description="x tick of the row.")
    y: Series[str] = pa.Field(nullable=True, description="y tick of the row.")
    value: Series[float] = pa.Field(
        nullable=True, description="Value of the row, possibly non-finite (that may be the reason)."
    )
    value_text: Series[str] = pa.Field(nullable=True, description="The value as printed.")
    panel_title: Series[str] = pa.Field(nullable=True, description="Cells only: panel title.")
    layout: Series[str] = pa.Field(nullable=True, description="Cells only: layout recogniser.")
    claim_kind: Series[str] = pa.Field(nullable=True, description="Claims only: kind of claim.")
    text: Series[str] = pa.Field(nullable=True, description="Claims only: the claim as written.")

    @pa.dataframe_check(
        name="source_fields",
        error="cells rows carry x, y and value_text; claims rows their text",
    )
    def _source_fields(cls, df: pd.DataFrame) -> Series[bool]:
        is_cell = df["source"] == "cells"
        cell_ok = df["x"].notna() & df["y"].notna() & df["value_text"].notna()
        claim_ok = df["text"].notna() & df["claim_kind"].notna()
        return (is_cell & cell_ok) | (~is_cell & claim_ok)


#: row rule (dataframe-level check) -> the columns it reads, for error messages
ROW_RULES: dict[str, tuple[str, ...]] = {
    "unique_cell": ("doc", "panel", "x", "y"),
    "colorbar_ordered": ("colorbar_min", "colorbar_max"),
    "n_expected_is_grid": ("x_ticks", "y_ticks", "n_expected"),
    "validate_kind": ("stage", "kind"),
    "parse_kind": ("stage", "kind"),
    "source_fields": ("source", "x", "y", "value_text", "claim_kind", "text"),
}


def check_names(model: type[pa.DataFrameModel]) -> dict[str, str]:
    """pandera reports a check by its error text; map the texts of our own checks to names."""
    schema = model.to_schema()
    checks = [*schema.checks, *(c for col in schema.columns.values() for c in col.checks)]
    # built-in checks already report as name(argument), which says more than the name
    return {c.error: c.name for c in checks if c.error and not c.error.startswith(f"{c.name}(")}


def row_rules(model: type[pa.DataFrameModel]) -> dict[str, tuple[str, ...]]:
    """Row rules of ``model`` (by check name) and the columns each reads."""
    schema = model.to_schema()
    rules = {c.name: ROW_RULES[c.name] for c in schema.checks}
    if schema.unique:
        rules["multiple_fields_uniqueness"] = tuple(schema.unique)
    return rules


#: raw table name -> model the parser's output must meet
RAW_MODELS: dict[str, type[pa.DataFrameModel]] = {
    "cells": CellsRaw,
    "panels": Panels,
    "findings": Findings,
    "claims": ClaimsRaw,
}

#: output table name -> model of the validated table
MODELS: dict[str, type[pa.DataFrameModel]] = {
    "cells": Cells,
    "panels": Panels,
    "findings": Findings,
    "claims": Claims,
    "quarantine": Quarantine,
}

#: output table name -> column dtypes (the writers' contract in figdata.tables)
COLUMNS: dict[str, dict[str, str]] = {**tables.TABLES, "quarantine": tables.QUARANTINE}


def _describe_check(check: pa.Check) -> str:
    stats = check.statistics or {}
    name = check.name
    if name == "greater_than_or_equal_to":
        return f">= {stats['min_value']}"
    if name == "isin":
        return "in {" + ", ".join(f"`{v}`" for v in sorted(stats["allowed_values"])) + "}"
    if name == "str_length":
        return "non-empty" if stats.get("min_value") == 1 else f"length {stats}"
    if name == "str_matches":
        pattern = stats["pattern"]
        return f"matches `{pattern.pattern if isinstance(pattern, re.Pattern) else pattern}`"
    return check.error or name


def _dtype_label(column: str, dtype: str) -> str:
    if dtype == "object":
        return "list[str]"
    if dtype == "Int64":
        return "Int64"
    return dtype


def contract_markdown() -> str:
    """The output contract: a markdown table per table, rendered from the schemas."""
    parts = []
    for name, model in MODELS.items():
        schema = model.to_schema()
        dtypes = COLUMNS[name]
        parts.append(f"### `{name}`\n\n{(model.__doc__ or '').strip()}\n")
        parts.append("| column | dtype | nullable | description | checks |")
        parts.append("|---|---|---|---|---|")
        for column in dtypes:
            col = schema.columns[column]
            checks = "; ".join(_describe_check(c) for c in col.checks) or "-"
            nullable = "yes" if col.nullable else "no"
            parts.append(
                f"| `{column}` | {_dtype_label(column, dtypes[column])} | {nullable} "
                f"| {col.description} | {checks} |"
            )
        rules = [c.error or c.name for c in schema.checks]
        if schema.unique:
            rules.insert(0, "(" + ", ".join(schema.unique) + ") is unique")
        if rules:
            parts.append("")
            parts.append("Row rules: " + "; ".join(rules) + ".")
        parts.append("")
    return "\n".join(parts)
