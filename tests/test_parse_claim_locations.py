"""Where a summary states an extreme, and how its cell is found.

Written for three failure classes: a summary line above the axes, an axis named only by the
words its ticks carry in the data ("Depth 12", "w=8"), and one sentence naming both extremes.
"""

from __future__ import annotations

from figdata.parse import parse_document
from figdata.parse.axis_names import _learn

DOC = """## Heatmap: Tunnel airflow (m/s) by depth and fan setting

**Peak Value:** 9.6 at Depth 12, w=8

### Axes
* **X-axis:** fan setting w = 2, 4, 8
* **Y-axis:** Depth 4, 12, 20 (top to bottom)

### Values
| Depth | w=2 | w=4 | w=8 |
|---|---|---|---|
| **Depth 4** | 3.1 | 4.4 | 6.0 |
| **Depth 12** | 4.2 | 6.8 | 9.1 |
| **Depth 20** | 2.7 | 3.9 | 5.5 |

### Key Observations
* The best cell (Depth 12, w=8) is at 9.1, and the weakest (Depth 20, w=2) is at 2.7.
"""


def _parsed(text=DOC):
    return parse_document("airflow", text.encode())


def test_words_before_one_axis_s_ticks_name_that_axis():
    names = _learn(
        ["Depth 4", "Depth 12", "w=2", "w=8", "Depth 20"], ["2", "4", "8"], ["4", "12", "20"]
    )
    # "Depth 4" is no evidence (4 is on both axes); "Depth 12" and "Depth 20" are
    assert names == {"x": frozenset({"w"}), "y": frozenset({"depth"})}
    assert _learn(["w=2", "w=8", "w=2"], ["2", "4", "8"], ["4", "12"])["x"] == frozenset({"w"})


def test_a_word_seen_before_both_axes_names_neither():
    names = _learn(["at 12", "at 20", "at 2", "at 8"], ["2", "8"], ["12", "20"])
    assert names == {"x": frozenset(), "y": frozenset()}


def test_a_summary_line_above_the_axes_is_checked_against_the_cells():
    parsed = _parsed()
    peak = [c for c in parsed.claims if c["line"] == 3]
    assert [(c["kind"], c["x"], c["y"], c["value"]) for c in peak] == [("max", "8", "12", 9.6)]
    conflicts = [f for f in parsed.findings if f["kind"] == "conflict_with_summary"]
    assert [(f["line"], f["x"], f["y"]) for f in conflicts] == [(3, "8", "12")]


def test_one_sentence_naming_both_extremes_gives_one_claim_each():
    parsed = _parsed()
    both = [(c["kind"], c["x"], c["y"], c["value"]) for c in parsed.claims if c["line"] == 17]
    assert both == [("max", "8", "12", 9.1), ("min", "2", "20", 2.7)]


def test_a_sentence_with_two_values_and_one_extreme_stays_unread():
    text = DOC.replace("and the weakest", "and the next")
    parsed = _parsed(text)
    assert [c for c in parsed.claims if c["line"] == 17 and c["kind"] in ("max", "min")] == []


def test_a_clipped_axis_name_names_the_axis():
    from figdata.parse.ticks import AxisTicks, name_score

    mixture = AxisTicks("x", "Code share in mixture", ["10%", "30%"])
    assert name_score("Mix", mixture) > 0  # "Peak 33.1 at Mix 30%, Steps 40k"
    assert name_score("Temp", AxisTicks("y", "Temperature (°C)", [])) > 0
    assert name_score("Mixer", mixture) == 0  # a longer word is not a clipped form
    assert name_score("Window", mixture) == 0
