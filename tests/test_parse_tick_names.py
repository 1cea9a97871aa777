"""A tick that carries its axis's word is the bare value; other ticks keep their words."""

import pytest

from figdata.parse.tick_names import bare_names
from figdata.parse.ticks import AxisTicks


@pytest.mark.parametrize(
    ("label", "ticks", "bare"),
    [
        ("Layer", ["Layer 0", "Layer 4", "Layer 8"], ["0", "4", "8"]),
        ("Lag (months)", ["lag 0", "lag 1", "lag 6"], ["0", "1", "6"]),
        ("Dropout rate", ["Dropout 0.0", "Dropout 0.1"], ["0.0", "0.1"]),
        ("Survey round", ["Round 1", "Round 2"], ["1", "2"]),
        ("Nitrogen rate (kg/ha)", ["N = 0 kg/ha", "N = 60 kg/ha"], ["0 kg/ha", "60 kg/ha"]),
        ("Batch size", ["batch=32", "batch=64"], ["32", "64"]),
    ],
)
def test_the_axis_word_is_dropped(label, ticks, bare):
    names = bare_names(AxisTicks("x", label, ticks))
    assert names is not None and list(names.values()) == bare


@pytest.mark.parametrize(
    ("label", "ticks"),
    [
        ("Site", ["Site 1 (coastal)", "Site 2 (ridge)"]),  # more than a value is left
        ("Steel grade", ["AISI 1045", "AISI 4140"]),  # the word does not name the axis
        ("Model", ["GPT 2", "Llama 2"]),  # not one word for all
        ("Layer", ["Layer 1", "Layer 1"]),  # the bare values would not tell the ticks apart
        ("Layer", ["Layer 1"]),  # one tick says nothing about a naming habit
        ("Quarter", ["Q1", "Q2", "Q3"]),  # nothing to drop
    ],
)
def test_ticks_that_are_not_word_and_value_stay(label, ticks):
    assert bare_names(AxisTicks("x", label, ticks)) is None


def test_an_unnamed_axis_is_named_by_its_ticks_word_an_unnamed_legend_is_not():
    layers = AxisTicks("x", None, ["Layer 0", "Layer 4"])
    assert bare_names(layers) == {"Layer 0": "0", "Layer 4": "4"}
    cohorts = AxisTicks("y", None, ["Cohort 2022", "Cohort 2023"])
    assert bare_names(cohorts, legend=True) is None
