"""The figure renderer: grids in the document's order, statuses, scales, hostile text,
deterministic files and the digest cache. Pure functions, no Snakemake."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pandas as pd
import pytest

from figdata import tables
from figdata.figures import charts, comparison, grid, labels, output, shard, style
from figdata.figures.canvas import CanvasPool

HOSTILE = (
    "<script>alert(1)</script> {{ 7*7 }} "
    + "عنوان طويل جدا "
    + "\u202e reversed \u200b 🔥🚀 "
    + "x" * 5000
)


def frame(rows, columns):
    return tables.frame(rows, columns)


def panel_row(doc="d", panel=0, **kw):
    row = {
        "doc": doc,
        "panel": panel,
        "title": kw.get("title", f"Panel {panel}"),
        "chart_type": kw.get("chart_type", "heatmap"),
        "x_label": kw.get("x_label", "Ratio"),
        "y_label": kw.get("y_label", "Window"),
        "x_ticks": kw.get("x_ticks", ["0.1", "0.2", "0.3"]),
        "y_ticks": kw.get("y_ticks", ["500", "1000"]),
        "y_order": kw.get("y_order", "bottom-to-top"),
        "colorbar_min": kw.get("colorbar_min"),
        "colorbar_max": kw.get("colorbar_max"),
        "metric": kw.get("metric", "Pass@1"),
        "n_cells": kw.get("n_cells", 0),
        "n_expected": kw.get("n_expected", 6),
        "line": kw.get("line", 3),
    }
    return row


def cell(x, y, value, line, doc="d", panel=0, text=None):
    return {
        "doc": doc,
        "panel": panel,
        "panel_title": None,
        "x": x,
        "y": y,
        "value": value,
        "value_text": text or f"{value:g}",
        "line": line,
        "layout": "row_list",
    }


def empty_findings():
    return frame([], tables.FINDINGS)


def empty_quarantine():
    return frame([], tables.QUARANTINE)


def figure_of(panels, cells, findings=None, quarantine=None, text=""):
    return grid.document_figure(
        "d",
        frame(panels, tables.PANELS),
        frame(cells, tables.CELLS),
        findings if findings is not None else empty_findings(),
        quarantine if quarantine is not None else empty_quarantine(),
        text,
    )


# --- labels -------------------------------------------------------------------


def test_fit_bounds_any_text_and_marks_the_cut():
    out = labels.fit(HOSTILE, 40, 2)
    lines = out.split("\n")
    assert len(lines) <= 2
    assert all(labels.width(line) <= 40 for line in lines)
    assert out.endswith(labels.ELLIPSIS)
    # bidi override and zero-width space are gone; emoji the font lacks are replaced
    assert "\u202e" not in out and "\u200b" not in out
    assert "🔥" not in labels.fit("fire 🔥", 20) and labels.MISSING_GLYPH in labels.fit("🔥", 5)


def test_fit_keeps_short_text_as_written():
    assert labels.fit("R1-Qwen | AIME'24", 40) == "R1-Qwen | AIME'24"
    assert labels.fit("<b>x</b>", 40) == "<b>x</b>"


@pytest.mark.parametrize(
    ("value", "text", "printed"),
    [
        (87.5, "87.5%", "87.5%"),
        (74.9, "approximately 74.9%", "74.9%"),
        (0.0028, "2.8e-3", "2.8e-3"),
        (1234567.0, "1,234,567 tokens", "1.2e+06"),
        (42.0, "42 ± 6", "42 ± 6"),
    ],
)
def test_cell_label(value, text, printed):
    assert labels.cell_label(value, text) == printed


# --- grids ----------------------------------------------------------------------


def test_rows_follow_the_document_y_direction():
    cells = [cell("0.1", "500", 1.0, 10), cell("0.1", "1000", 2.0, 11)]
    up = figure_of([panel_row(y_order="bottom-to-top")], cells).panels[0]
    assert up.rows == ("1000", "500")  # listed from the bottom: 500 is drawn at the bottom
    assert up.values[1, 0] == 1.0 and up.values[0, 0] == 2.0
    down = figure_of([panel_row(y_order="top-to-bottom")], cells).panels[0]
    assert down.rows == ("500", "1000")
    assert down.x_ticks == ("0.1", "0.2", "0.3")


def test_missing_quarantined_and_unknown_cells_are_not_data():
    findings = frame(
        [
            {
                "doc": "d",
                "panel": 0,
                "line": 12,
                "kind": "missing_cell",
                "severity": "info",
                "detail": "'—' printed",
                "raw": "—",
                "x": "0.2",
                "y": "500",
                "stage": "parse",
            }
        ],
        tables.FINDINGS,
    )
    quarantine = frame(
        [
            {
                "doc": "d",
                "source": "cells",
                "reason": "duplicate_cell",
                "detail": "copies",
                "panel": 0,
                "line": 13,
                "x": "0.3",
                "y": "500",
                "value": 9.0,
                "value_text": "9",
                "panel_title": None,
                "layout": "row_list",
                "claim_kind": None,
                "text": None,
            }
        ],
        tables.QUARANTINE,
    )
    fig = figure_of(
        [panel_row(y_order="top-to-bottom")], [cell("0.1", "500", 5.0, 11)], findings, quarantine
    )
    p = fig.panels[0]
    assert p.status.tolist() == [
        [grid.DATA, grid.MISSING, grid.QUARANTINED],
        [grid.UNKNOWN, grid.UNKNOWN, grid.UNKNOWN],
    ]
    assert np.isnan(p.values[0, 2])  # the quarantined 9 is not a value of the grid
    assert p.lines[0, 1] == 12 and p.lines[0, 2] == 13
    assert fig.drawable


def test_a_handful_of_cells_is_drawn_on_the_full_declared_grid():
    p = figure_of(
        [panel_row(x_ticks=[str(i) for i in range(10)], y_ticks=[str(i) for i in range(10)])],
        [cell("3", "4", 1.0, 5)],
    ).panels[0]
    assert p.shape == (10, 10) and p.n_data == 1 and p.count(grid.UNKNOWN) == 99


def test_no_cells_no_figure():
    assert not figure_of([panel_row()], []).drawable


def test_shared_scale_when_the_document_says_so():
    cells = [cell("0.1", "500", 10.0, 5), cell("0.1", "500", 90.0, 9, panel=1)]
    panels = [panel_row(), panel_row(panel=1)]
    separate = figure_of(panels, cells, text="Each heatmap has its own colour bar.")
    assert not separate.shared_scale and separate.scales[0] != separate.scales[1]
    said = figure_of(panels, cells, text="A consistent gradient is used across all charts.")
    assert said.shared_scale and said.scales[0] == said.scales[1] == (10.0, 90.0)
    same_bar = figure_of(
        [
            panel_row(colorbar_min=0.0, colorbar_max=100.0),
            panel_row(panel=1, colorbar_min=0.0, colorbar_max=100.0),
        ],
        cells,
    )
    assert same_bar.shared_scale and same_bar.scales[0] == (0.0, 100.0)


def test_a_colour_bar_that_misses_the_values_is_not_used():
    fig = figure_of(
        [panel_row(colorbar_min=-88.0, colorbar_max=-52.0)],
        [cell("0.1", "500", 40.0, 5), cell("0.2", "500", 48.0, 6)],
    )
    assert fig.scales[0] == (40.0, 48.0)
    assert any("does not overlap" in n for n in fig.notes)


def test_digest_changes_with_what_is_drawn_only():
    base = [cell("0.1", "500", 1.0, 10)]
    a = grid.digest(figure_of([panel_row()], base), {"cmap": "viridis"}, "code")
    assert a == grid.digest(figure_of([panel_row()], base), {"cmap": "viridis"}, "code")
    assert a != grid.digest(
        figure_of([panel_row()], [cell("0.1", "500", 1.5, 10)]), {"cmap": "viridis"}, "code"
    )
    assert a != grid.digest(figure_of([panel_row()], base), {"cmap": "magma"}, "code")
    assert a != grid.digest(figure_of([panel_row()], base), {"cmap": "viridis"}, "code2")


# --- drawing ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def renderer():
    return shard.Renderer()


def hostile_figure():
    ticks = [HOSTILE[:300], "<img src=x onerror=alert(1)>", "٣٠٠٠", "🔥"]
    panels = [
        panel_row(
            title=HOSTILE,
            x_label=HOSTILE,
            y_label=HOSTILE,
            metric=HOSTILE,
            x_ticks=ticks,
            y_ticks=ticks[::-1],
        )
    ]
    cells = [
        cell(ticks[i], ticks[::-1][j], float(i * 4 + j), 5 + i) for i in range(4) for j in range(4)
    ]
    return figure_of(panels, cells)


def test_hostile_text_neither_crashes_nor_overflows(renderer):
    fig = charts.draw(hostile_figure(), renderer.pool)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing glyph would warn
        png = output.png_bytes(fig, 100)
    assert png.startswith(b"\x89PNG")
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    canvas = FigureCanvasAgg(fig)
    r = canvas.get_renderer()
    page = fig.bbox
    texts = [
        t
        for t in fig.findobj(lambda a: a.__class__.__name__ == "Text")
        if t.get_visible() and t.get_text()
    ]
    assert texts
    for t in texts:
        box = t.get_window_extent(r)
        assert box.x0 >= page.x0 - 1 and box.x1 <= page.x1 + 1, t.get_text()[:60]
        assert box.y0 >= page.y0 - 1 and box.y1 <= page.y1 + 1, t.get_text()[:60]


def test_files_are_deterministic_and_carry_no_date_or_version(renderer):
    fig = hostile_figure()
    first = renderer.files(fig, [])
    second = shard.Renderer().files(fig, [])  # another renderer, fresh canvases
    assert first == second
    png, svg = first[".png"], first[".svg"].decode()
    assert b"Software" not in png and b"matplotlib" not in png.lower()
    assert "<dc:date>" not in svg and "Matplotlib v" not in svg
    import matplotlib

    assert matplotlib.__version__ not in svg


def test_the_canvas_is_reused_for_the_same_layout():
    pool = CanvasPool("viridis")
    style.apply()
    a = figure_of([panel_row()], [cell("0.1", "500", 1.0, 10)])
    b = figure_of([panel_row(title="other")], [cell("0.2", "1000", 7.0, 10)])
    assert pool.draw(a) is pool.draw(b)
    assert (pool.built, pool.reused) == (1, 1)


def test_bar_and_line_panels_are_drawn_with_missing_marked(renderer):
    panels = [
        panel_row(chart_type="grouped_bar", y_order="legend", y_ticks=["A", "B"]),
        panel_row(panel=1, chart_type="line", y_order="legend", y_ticks=["A", "B"]),
    ]
    cells = [
        cell("0.1", "A", 3.0, 5),
        cell("0.2", "B", 4.0, 6),
        cell("0.1", "A", 3.0, 7, panel=1),
        cell("0.3", "B", 2.0, 8, panel=1),
    ]
    fig = figure_of(panels, cells)
    assert not fig.heatmaps_only
    svg = renderer.files(fig, [])[".svg"].decode()
    assert 'id="panel-0"' in svg and 'id="panel-1"' in svg


def test_difference_figure_is_centred_on_zero():
    cells = [
        cell("0.1", "500", 10.0, 5),
        cell("0.2", "500", 20.0, 6),
        cell("0.1", "500", 13.0, 8, panel=1),
        cell("0.2", "500", 12.0, 9, panel=1),
    ]
    fig = figure_of([panel_row(), panel_row(panel=1)], cells)
    pairs = comparison.default_pairs(fig)
    assert pairs == [(0, 1)]
    diff = comparison.difference_figure(fig, pairs)
    p = diff.panels[0]
    assert p.values[1, 0] == 3.0 and p.values[1, 1] == -8.0  # rows: 1000 on top
    assert p.labels[1][0] == "+3" and diff.scales[0] == (-8.0, 8.0)


def test_best_cell_follows_lower_is_better():
    cells = [cell("0.1", "500", 3.0, 5), cell("0.2", "500", 1.0, 6)]
    high = figure_of([panel_row(title="accuracy")], cells).panels[0]
    low = figure_of([panel_row(title="validation loss")], cells).panels[0]
    assert comparison.best_cell(high) == (1, 0) and comparison.best_cell(low) == (1, 1)


# --- the shard renderer's cache ---------------------------------------------------------


def shard_tables(value=1.0):
    panels = [panel_row(doc=d) for d in ("a", "b", "c")]
    cells = [cell("0.1", "500", value if d == "a" else 2.0, 5, doc=d) for d in ("a", "b")]
    return {
        "panels": frame(panels, tables.PANELS),
        "cells": frame(cells, tables.CELLS),
        "findings": empty_findings(),
        "quarantine": empty_quarantine(),
    }


def test_shard_rerun_draws_only_changed_documents(tmp_path, renderer):
    out, manifest = tmp_path / "figures", tmp_path / "shard" / "figures.tsv"
    first = shard.render_shard(["a", "b", "c"], shard_tables(), {}, out, manifest, renderer)
    assert (first["drawn"], first["no_cells"]) == (2, 1)
    assert sorted(p.name for p in out.iterdir() if p.suffix == ".png") == ["a.png", "b.png"]
    again = shard.render_shard(["a", "b", "c"], shard_tables(), {}, out, manifest, renderer)
    assert (again["drawn"], again["cached"]) == (0, 2)
    edited = shard.render_shard(["a", "b", "c"], shard_tables(5.0), {}, out, manifest, renderer)
    assert (edited["drawn"], edited["cached"]) == (1, 1)
    rows = pd.read_csv(manifest, sep="\t", keep_default_na=False).set_index("doc")
    assert rows["figure"].to_dict() == {"a": "a.png", "b": "b.png", "c": ""}
    first_bytes = manifest.read_bytes()
    shard.render_shard(["a", "b", "c"], shard_tables(5.0), {}, out, manifest, renderer)
    assert manifest.read_bytes() == first_bytes  # drawn or kept: the same list
    (out / "b.svg").unlink()  # a lost file is drawn again
    assert (
        shard.render_shard(["a", "b"], shard_tables(5.0), {}, out, manifest, renderer)["drawn"] == 1
    )
    gone = shard.render_shard(["a"], shard_tables(5.0), {}, out, manifest, renderer)
    assert gone["removed"] >= 2 and not (out / "b.png").exists()


def test_manifest_lists_comparison_files(tmp_path, renderer):
    t = shard_tables()
    t["panels"] = frame([panel_row(doc="a"), panel_row(doc="a", panel=1)], tables.PANELS)
    t["cells"] = frame(
        [cell("0.1", "500", 1.0, 5, doc="a"), cell("0.1", "500", 4.0, 8, doc="a", panel=1)],
        tables.CELLS,
    )
    shard.render_shard(["a"], t, {}, tmp_path / "f", tmp_path / "m.tsv", renderer)
    row = pd.read_csv(tmp_path / "m.tsv", sep="\t", keep_default_na=False).iloc[0]
    assert row["difference"] == "a.diff.png" and row["sweep"] == "a.sweep.png"
    assert (tmp_path / "f" / "a.diff.svg").is_file()
    svg = (tmp_path / "f" / "a.diff.svg").read_text()
    assert re.search(r">\+3<", svg)
