"""Axes told one sentence at a time (figdata.parse.axis_sentences): hypotheses for reconcile."""

from __future__ import annotations

from figdata.parse.axis_sentences import read


def test_each_sentence_lists_one_axis():
    text = (
        "The horizontal axis shows every second month: **Jan, Mar, May**. The vertical axis"
        " lists the sites from top to bottom: **Ridge, Valley Floor, Lake**."
    )
    found = {role: axis for role, axis in read(text)}
    assert found["x"].ticks == ["Jan", "Mar", "May"]
    assert found["y"].ticks == ["Ridge", "Valley Floor", "Lake"]
    assert found["y"].order == "top-to-bottom"


def test_the_list_starts_after_its_lead_words():
    [(role, axis)] = read("The column labels along the top read 2 h, 4 h, 8 h and 16 h.")
    assert role == "x"
    assert axis.ticks == ["2 h", "4 h", "8 h", "16 h"]


def test_the_axis_letter_outweighs_a_direction_word():
    [(role, axis)] = read("Across the hall (y), the horizontal bands are labelled A, B and C.")
    assert role == "y"
    assert axis.ticks == ["A", "B", "C"]


def test_a_sentence_about_both_axes_or_none_gives_nothing():
    assert read("Rows are the regions and columns the months: Jan, Feb, Mar.") == []
    assert read("The palette runs from white through orange, red and brown.") == []


def test_a_row_of_values_told_in_words_is_no_tick_list():
    text = "In the first row, 41 were labelled correctly, 3 went to wren and 6 went to robin."
    assert read(text) == []


def test_one_list_for_both_axes():
    text = "The order on both axes is fox, hare, owl (rows from the top, columns from the left)."
    found = read(text)
    assert [role for role, _ in found] == ["x", "y"]
    assert all(axis.ticks == ["fox", "hare", "owl"] for _, axis in found)


def test_row_and_column_order_in_the_singular_is_both_axes():
    found = read("Row and column order is the same: Welsh, Irish, Breton.")
    assert [role for role, _ in found] == ["x", "y"]


def test_values_told_in_words_and_units_are_told_apart():
    from figdata.parse.axis_sentences import told_values

    assert told_values(["robin 47 times", "thrush 6 times", "wren 2 times"])
    assert not told_values(["0 kg/ha", "60 kg/ha", "120 kg/ha"])
    assert not told_values(["Layer 12 MLP", "Layer 24 MLP"])


def test_a_legend_told_in_a_sentence():
    from figdata.parse.axis_sentences import legend_list

    text = "The legend in the upper left lists, in order, Apex, Borealis and Cobalt."
    assert legend_list(text) == ["Apex", "Borealis", "Cobalt"]
    assert legend_list("The legend sits in the lower right, beside the grid.") == []
