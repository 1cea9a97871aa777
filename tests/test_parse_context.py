"""Context.transposed, the Python-literal grid reader and the swatch test, directly."""

from figdata.parse import jsonblock
from figdata.parse.model import Item
from figdata.parse.recognize import Context
from figdata.parse.swatches import is_swatch
from figdata.parse.ticks import AxisTicks
from figdata.parse.values import Value


def _context(x: list[str], y: list[str]) -> Context:
    return Context(0, AxisTicks("x", None, x), AxisTicks("y", None, y, list(y)), {}, None)


def test_transposed_moves_every_cell_finding_and_address():
    ctx = _context(["NMC", "LFP"], ["Cell", "Pack"])
    line = Item(3, "text", 0, "Cell: NMC 74.6, LFP 58.3")
    ctx.cell("NMC", "Cell", Value(74.6, "74.6"), line, "prose")
    ctx.finding("ragged_row", "warning", "row 'Pack'", line, x="LFP", y="Pack")
    out = ctx.transposed(
        AxisTicks("x", None, ["Cell", "Pack"]), AxisTicks("y", None, ["NMC", "LFP"])
    )
    assert [(c["x"], c["y"], c["value"]) for c in out.cells] == [("Cell", "NMC", 74.6)]
    assert [(f["x"], f["y"]) for f in out.findings] == [("Pack", "LFP")]
    assert out.addressed == {("Cell", "NMC")}
    assert out.rows_axis == "x" and ctx.cells[0]["x"] == "NMC"  # the original is untouched


def test_a_grid_typed_as_a_python_literal_with_comments_is_read():
    text = "# rows: a, b | cols: p, q\n[\n  [1.5, 2.0],   # a\n  [3.25, 4],   # b\n]"
    assert jsonblock._literal(jsonblock._COMMENT.sub("", text)) == [[1.5, 2.0], [3.25, 4]]
    assert jsonblock._literal("not a literal") is None
    assert jsonblock._literal("__import__('os')") is None


def test_swatches_are_colours_and_drawing_words_only():
    assert is_swatch("light teal bars") and is_swatch("Red, dashed, circles")
    assert not is_swatch("Red wine") and not is_swatch("open circles")
