"""A cell reported as a record of named fields gives the record's one number."""

import pytest

from figdata.parse.values import record_value


@pytest.mark.parametrize(
    ("body", "value"),
    [
        ("Value = 0.712, Color = Light Blue", 0.712),
        ("value: 55%; shade: pale green", 55.0),
        ("Recall = 0.81", 0.81),
        ("AP: 42.5 (dark blue), Note: best cell", 42.5),
    ],
)
def test_the_records_only_number_is_the_value(body, value):
    assert record_value(body).value == value


@pytest.mark.parametrize(
    "body",
    [
        "Count = 12, Share = 40%",  # two numbers: which one is the cell is not said
        "0.71",  # a bare slot, not a record
        "Value = 0.7 to 0.8, Color = red",  # a range is not one value
        "light blue, 0.7",  # unnamed fields are not a record
        "Value = high, Color = red",  # no number at all
    ],
)
def test_a_record_without_exactly_one_value_gives_none(body):
    assert record_value(body) is None
