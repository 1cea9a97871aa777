"""A colour bar's range, however its stops are told."""

import pytest

from figdata.parse.axes import colour_ranges


@pytest.mark.parametrize(
    ("text", "ranges"),
    [
        ("0 to 1", [(0.0, 1.0)]),
        ("from 36 (pale green) to 43 (dark blue)", [(36.0, 43.0)]),
        # a diverging bar told stop by stop: its ends are the first and the last stop
        ("3.10 (dark blue) – 3.30 (white) – 3.50 (dark red)", [(3.1, 3.5)]),
        ("-1 (blue) to 0 (white) to +1 (red)", [(-1.0, 1.0)]),
        # two panels' bars, one after the other, stay two ranges
        ("left panel 0 to 5; right panel 10 to 20", [(0.0, 5.0), (10.0, 20.0)]),
    ],
)
def test_colour_ranges(text, ranges):
    assert colour_ranges(text) == ranges
