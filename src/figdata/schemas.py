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

CLAIM_KINDS = (
    "max", "min", "range", "bound", "identical", "improved", "trend", "panel_rank", "line_rank",
)  # fmt: skip
CLAIM_RELATIONS = (
    "le", "lt", "ge", "gt", "higher", "lower", "increasing", "decreasing", "highest", "lowest",
    "best", "worst",
)  # fmt: skip
CHART_TYPES = ("heatmap", "grouped_bar", "line", "unknown")
Y_ORDERS = ("top-to-bottom", "bottom-to-top", "legend")
SEVERITIES = tables.SEVERITIES
#: finding kinds of the validate stage's data-quality checks (figdata.validate.quality.CHECKS)
CHECK_KINDS = (
    "non_finite_value",
    "underflow",
    "off_grid_cell",
    "duplicate_cell",
    "out_of_range",
    "empty_panel",
    "no_panels",
    "claim_unresolved",
)
#: finding kinds the validate stage emits: its checks', and ``contract_violation`` for a
#: document whose raw tables break the structural contract (figdata.batch)
VALIDATE_KINDS = (*CHECK_KINDS, "contract_violation")
#: finding kinds the parse stage emits (see figdata.parse and figdata.batch)
PARSE_KINDS = (
    "ragged_row",
    "ambiguous_axes",
    "truncated",
    "duplicate_cell",
    "conflict_with_summary",
    "missing_cell",
    "no_data",
    "empty",
    "encoding",
    "markup_in_text",
    "unplaced_number",
    "nul_byte",
    "parser_error",
    # a document whose text was never parsed (tables.UNREAD_KINDS, figdata.batch)
    "unreadable",
    "too_large",
    "outside_link",
    "timeout",
)
#: why a row sits in quarantine: the data-quality check that moved it there
QUARANTINE_REASONS = (
    "non_finite_value",
    "underflow",
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
        description="`bound`, `identical`, `line_rank`: axis of the named ticks (`y`: rows); "
        "`trend`: the axis the values move along.",
    )
    tick: Series[str] = pa.Field(
        nullable=True,
        str_length=_NON_EMPTY,
        description="`bound`, `identical`, `line_rank`: the row or column named; `trend`: the "
        "one line it is about, if one.",
    )
    tick2: Series[str] = pa.Field(
        nullable=True, str_length=_NON_EMPTY, description="`identical`: the second row or column."
    )
    relation: Series[str] = pa.Field(
        nullable=True,
        isin=CLAIM_RELATIONS,
        description="`bound`: le, lt, ge, gt; `improved`: higher, lower; `trend`: increasing, "
        "decreasing; `panel_rank`: highest, lowest; `line_rank`: highest, lowest, best, worst "
        "(best is the lowest value where lower is better: a loss, an error).",
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
    columns = {**COLUMNS, **STATS_COLUMNS}
    for name, model in {**MODELS, **STATS_MODELS}.items():
        schema = model.to_schema()
        dtypes = columns[name]
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


# --- the stats stage's tables (figdata.stats) ------------------------------------------
# Nulls are never data: a statistic that cannot be computed is null and a reason
# column says why. Column order and dtypes live in figdata.stats.columns.

VERDICTS = tables.VERDICTS
LINE_AXES = ("x", "y")


def _between(lo: float, hi: float, **kw):
    return pa.Field(nullable=True, ge=lo, le=hi, **kw)


class PanelStats(_Contract):
    """One row per panel: spread, extremes (every tied cell), completeness, axis effects."""

    doc: Series[str] = pa.Field(str_length=_NON_EMPTY, description="Document id.")
    panel: Series[np.int64] = pa.Field(ge=0, description="Panel index, as in `panels`.")
    title: Series[str] = pa.Field(nullable=True, description="Panel title, as in `panels`.")
    n_cells: Series[np.int64] = pa.Field(ge=0, description="Validated cells of the panel.")
    n_expected: Series[pd.Int64Dtype] = pa.Field(
        nullable=True, ge=0, description="Declared grid size; null without two tick lists."
    )
    completeness: Series[float] = _between(
        0, 1, description="n_cells / n_expected; null without a declared grid."
    )
    min: Series[float] = pa.Field(nullable=True, description="Smallest stated value.")
    max: Series[float] = pa.Field(nullable=True, description="Largest stated value.")
    mean: Series[float] = pa.Field(nullable=True, description="Mean of the stated values.")
    median: Series[float] = pa.Field(nullable=True, description="Median of the stated values.")
    std: Series[float] = pa.Field(
        nullable=True, ge=0, description="Sample standard deviation (ddof 1); null below 2 cells."
    )
    argmax_x: Series[object] = pa.Field(
        nullable=True, description="x ticks of every cell holding the max (ties all listed)."
    )
    argmax_y: Series[object] = pa.Field(
        nullable=True, description="y ticks of the same cells, in the same order."
    )
    argmin_x: Series[object] = pa.Field(nullable=True, description="x ticks of every min cell.")
    argmin_y: Series[object] = pa.Field(nullable=True, description="y ticks of the min cells.")
    best_margin: Series[float] = pa.Field(
        nullable=True, ge=0, description="max minus median: how far the best cell stands out."
    )
    x_effect: Series[float] = _between(
        -1, 1, description="Mean over rows of the Spearman correlation of value with x."
    )
    x_effect_agreement: Series[float] = _between(
        0, 1, description="Share of rows whose correlation has the sign of `x_effect`."
    )
    y_effect: Series[float] = _between(
        -1, 1, description="Mean over columns of the Spearman correlation of value with y."
    )
    y_effect_agreement: Series[float] = _between(
        0, 1, description="Share of columns whose correlation has the sign of `y_effect`."
    )
    null_reasons: Series[str] = pa.Field(
        nullable=True, description="Why statistics are null: `statistic: reason; ...`."
    )

    @pa.dataframe_check(name="ordered_stats", error="min <= median <= max and min <= mean <= max")
    def _ordered(cls, df: pd.DataFrame) -> Series[bool]:
        eps = 1e-9 * (1 + df["max"].abs().fillna(0))
        ok = (df["min"] <= df["median"] + eps) & (df["median"] <= df["max"] + eps)
        ok &= (df["min"] <= df["mean"] + eps) & (df["mean"] <= df["max"] + eps)
        return ok | df["min"].isna()

    @pa.dataframe_check(name="explained_nulls", error="a null statistic has a reason")
    def _explained(cls, df: pd.DataFrame) -> Series[bool]:
        gaps = df[["std", "completeness", "x_effect", "y_effect"]].isna().any(axis=1)
        return ~gaps | df["null_reasons"].notna()


class PanelLines(_Contract):
    """One row per row or column of a panel with a stated cell: its mean and trend."""

    doc: Series[str] = pa.Field(str_length=_NON_EMPTY, description="Document id.")
    panel: Series[np.int64] = pa.Field(ge=0, description="Panel index.")
    axis: Series[str] = pa.Field(
        isin=LINE_AXES, description="Fixed axis: `y` for a row (y tick fixed), `x` a column."
    )
    position: Series[np.int64] = pa.Field(ge=0, description="0-based place in the tick order.")
    tick: Series[str] = pa.Field(str_length=_NON_EMPTY, description="The fixed tick.")
    n_cells: Series[np.int64] = pa.Field(ge=1, description="Stated cells on the line.")
    mean: Series[float] = pa.Field(description="Mean of the line's values.")
    rho: Series[float] = _between(
        -1, 1, description="Spearman correlation of the values with the other axis's tick."
    )
    rho_reason: Series[str] = pa.Field(nullable=True, description="Why `rho` is null.")

    @pa.dataframe_check(name="explained_rho", error="a null rho has a reason")
    def _explained(cls, df: pd.DataFrame) -> Series[bool]:
        return df["rho"].notna() | df["rho_reason"].notna()


class PanelPairs(_Contract):
    """Pairs of panels of one document with the same x and y tick sets, compared."""

    doc: Series[str] = pa.Field(str_length=_NON_EMPTY, description="Document id.")
    panel_a: Series[np.int64] = pa.Field(ge=0, description="The earlier panel.")
    panel_b: Series[np.int64] = pa.Field(ge=0, description="The later panel.")
    same_sweep: Series[bool] = pa.Field(
        description="Same normalised axis labels too: one parameter sweep measured twice."
    )
    n_common: Series[np.int64] = pa.Field(ge=0, description="Cells stated in both panels.")
    mean_diff: Series[float] = pa.Field(nullable=True, description="Mean of b - a.")
    share_improved: Series[float] = _between(0, 1, description="Share of cells with b > a.")
    share_worse: Series[float] = _between(0, 1, description="Share of cells with b < a.")
    share_equal: Series[float] = _between(0, 1, description="Share of cells with b = a.")
    largest_change: Series[float] = pa.Field(
        nullable=True, description="The b - a of largest size (first in reading order on ties)."
    )
    largest_change_x: Series[str] = pa.Field(nullable=True, description="Its x tick.")
    largest_change_y: Series[str] = pa.Field(nullable=True, description="Its y tick.")
    best_a_x: Series[object] = pa.Field(nullable=True, description="x ticks of a's best cells.")
    best_a_y: Series[object] = pa.Field(nullable=True, description="y ticks of a's best cells.")
    best_b_x: Series[object] = pa.Field(nullable=True, description="x ticks of b's best cells.")
    best_b_y: Series[object] = pa.Field(nullable=True, description="y ticks of b's best cells.")
    best_agree: Series[pd.BooleanDtype] = pa.Field(
        nullable=True,
        description="The best configurations share a cell; null unless a sweep of the same "
        "parameters with both grids complete.",
    )
    rank_corr: Series[float] = _between(
        -1, 1, description="Spearman correlation of the common cells."
    )
    null_reasons: Series[str] = pa.Field(nullable=True, description="Why statistics are null.")

    @pa.dataframe_check(name="ordered_pair", error="panel_a < panel_b")
    def _ordered(cls, df: pd.DataFrame) -> Series[bool]:
        return df["panel_a"] < df["panel_b"]


class PanelDiffs(_Contract):
    """Cell-by-cell differences of the panel pairs: one row per common cell."""

    doc: Series[str] = pa.Field(str_length=_NON_EMPTY, description="Document id.")
    panel_a: Series[np.int64] = pa.Field(ge=0, description="The earlier panel.")
    panel_b: Series[np.int64] = pa.Field(ge=0, description="The later panel.")
    x: Series[str] = pa.Field(str_length=_NON_EMPTY, description="x tick of the cell.")
    y: Series[str] = pa.Field(str_length=_NON_EMPTY, description="y tick of the cell.")
    value_a: Series[float] = pa.Field(description="The cell in panel_a.")
    value_b: Series[float] = pa.Field(description="The cell in panel_b.")
    diff: Series[float] = pa.Field(description="value_b - value_a.")


class FactCheck(_Contract):
    """One verdict per claim (and per stated colour bar), with its evidence and tolerance."""

    doc: Series[str] = pa.Field(str_length=_NON_EMPTY, description="Document id.")
    claim: Series[pd.Int64Dtype] = pa.Field(
        nullable=True,
        ge=0,
        description="Row of the claim in the document's `claims` table; null for colour bars "
        "and for claims the validate stage quarantined.",
    )
    line: Series[np.int64] = pa.Field(ge=1, description="1-based source line.")
    kind: Series[str] = pa.Field(
        str_matches=IDENTIFIER, description="Claim kind, or `colorbar_range`."
    )
    panel: Series[pd.Int64Dtype] = pa.Field(
        nullable=True, ge=0, description="Panel checked against; null for the whole document."
    )
    text: Series[str] = pa.Field(str_length=_NON_EMPTY, description="The claim as written.")
    stated: Series[str] = pa.Field(nullable=True, description="The numbers it states, as printed.")
    verdict: Series[str] = pa.Field(
        isin=VERDICTS, description="`verified`, `contradicted` or `unverifiable`."
    )
    evidence: Series[str] = pa.Field(
        str_length=_NON_EMPTY,
        description="What the cells say: computed values, the cells concerned, coverage.",
    )
    computed: Series[float] = pa.Field(
        nullable=True, description="The computed number compared, when there is one."
    )
    tolerance: Series[float] = pa.Field(
        nullable=True, ge=0, description="Allowed difference (the rounding rule, README)."
    )


class SameFigure(_Contract):
    """Panels of different documents that describe one figure, compared cell by cell."""

    group: Series[np.int64] = pa.Field(ge=0, description="Same-figure group number.")
    doc_a: Series[str] = pa.Field(str_length=_NON_EMPTY, description="The group's first document.")
    panel_a: Series[np.int64] = pa.Field(ge=0, description="Its panel.")
    title_a: Series[str] = pa.Field(nullable=True, description="Its title.")
    doc_b: Series[str] = pa.Field(str_length=_NON_EMPTY, description="Another description.")
    panel_b: Series[np.int64] = pa.Field(ge=0, description="Its matching panel.")
    title_b: Series[str] = pa.Field(nullable=True, description="Its title.")
    title_similarity: Series[float] = pa.Field(
        ge=0, le=1, description="1 - edit distance / length of the normalised titles."
    )
    n_overlap: Series[np.int64] = pa.Field(ge=0, description="Cells both state.")
    n_agree: Series[np.int64] = pa.Field(ge=0, description="Of those, equal when rounded.")
    n_disagree: Series[np.int64] = pa.Field(ge=0, description="Of those, different.")
    agreement: Series[float] = _between(0, 1, description="n_agree / n_overlap.")
    disagreements: Series[str] = pa.Field(
        nullable=True, description="`x=.., y=..: a vs b; ...` (the first ten)."
    )

    @pa.dataframe_check(name="agreement_adds_up", error="n_agree + n_disagree = n_overlap")
    def _adds_up(cls, df: pd.DataFrame) -> Series[bool]:
        return df["n_agree"] + df["n_disagree"] == df["n_overlap"]


class StatsSummary(_Contract):
    """The corpus summary, long: one number per row."""

    section: Series[str] = pa.Field(
        str_length=_NON_EMPTY, description="Dotted path, e.g. `claims.by_verdict`."
    )
    key: Series[str] = pa.Field(str_length=_NON_EMPTY, description="Name of the number.")
    value: Series[float] = pa.Field(nullable=True, description="The number; null when none.")


#: stats table name -> model
STATS_MODELS: dict[str, type[pa.DataFrameModel]] = {
    "panel_stats": PanelStats,
    "panel_lines": PanelLines,
    "panel_pairs": PanelPairs,
    "panel_diffs": PanelDiffs,
    "factcheck": FactCheck,
    "same_figure": SameFigure,
    "stats_summary": StatsSummary,
}
STATS_COLUMNS: dict[str, dict[str, str]] = tables.STATS_CORPUS_TABLES
ROW_RULES.update(
    ordered_stats=("min", "median", "mean", "max"),
    explained_nulls=("std", "completeness", "x_effect", "y_effect", "null_reasons"),
    explained_rho=("rho", "rho_reason"),
    ordered_pair=("panel_a", "panel_b"),
    agreement_adds_up=("n_agree", "n_disagree", "n_overlap"),
)
