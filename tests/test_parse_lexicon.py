"""The parser's words as data: every entry matches its own example, and the grammar of lists."""

from __future__ import annotations

import pytest

from figdata.parse import lexicon
from figdata.parse.axes import parse_axis
from figdata.parse.enumeration import read_enumeration, stepped_range


@pytest.mark.parametrize("entry", lexicon.ENTRIES, ids=[e.name for e in lexicon.ENTRIES])
def test_every_entry_matches_its_example(entry):
    assert entry.search(entry.example), f"{entry.name}: {entry.pattern!r} misses {entry.example!r}"


def test_entry_names_are_unique():
    names = [e.name for e in lexicon.ENTRIES]
    assert len(names) == len(set(names))


def test_zone_words_match_their_examples():
    import re

    for zone, words, example in lexicon.ZONE_WORDS:
        assert re.search(rf"\b(?:{words})", example.casefold()), zone


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("four ticks: 8, 16, 32 and 64", ["8", "16", "32", "64"]),
        ("A, B, C, and D", ["A", "B", "C", "D"]),
        ("A, B, C and D", ["A", "B", "C", "D"]),
        ("the classes in the order cat, dog, bird", ["cat", "dog", "bird"]),
        ("namely cat, dog and bird", ["cat", "dog", "bird"]),
        ("with columns 1B, 3B, 7B, 13B", ["1B", "3B", "7B", "13B"]),
        ("4, 8, 16, 64 listed from the top", ["4", "8", "16", "64"]),
        ("its ticks read 24, 18, 12 and 6 from top to bottom", ["24", "18", "12", "6"]),
        ("0.1, 0.5, 0.9, reading rightward", ["0.1", "0.5", "0.9"]),
        ("Temperature – 0.2, 0.4, 0.6", ["0.2", "0.4", "0.6"]),
        ("from 1 to 4", ["1", "2", "3", "4"]),
        ("Mar through Jun", ["Mar", "Apr", "May", "Jun"]),
        ("Mon to Wed", ["Mon", "Tue", "Wed"]),
        ("Monday–Wednesday", ["Monday", "Tuesday", "Wednesday"]),
        ("with ticks at 0 and 4 (top to bottom)", ["0", "4"]),
        ("en, de, sw (rows top to bottom, columns left to right)", ["en", "de", "sw"]),
        ("lists 500, 1000, 2000 and 4000 from top to bottom", ["500", "1000", "2000", "4000"]),
        ("<b>a, b</b>, c, d", ["<b>a, b</b>", "c", "d"]),
        ("New York, San Francisco and Paris", ["New York", "San Francisco", "Paris"]),
        ("Ours (600M), Base (1B), Tiny (60M)", ["Ours (600M)", "Base (1B)", "Tiny (60M)"]),
        ("Head 0 … Head 3", ["0", "1", "2", "3"]),
        ("1, 2, ..., 5", ["1", "2", "3", "4", "5"]),
        ("1, 2, 4, …, 16", ["1", "2", "4", "8", "16"]),
        ("0.1, 0.2, …", ["0.1", "0.2"]),
        # a walk told with a verb: neither the verb nor the words before the first end is a tick
        (
            "the chart sets 2 at the bottom and climbs through 4, 6 to 8 at the top",
            ["2", "4", "6", "8"],
        ),
        ("10 at the left, rising through 20, 30 to 40", ["10", "20", "30", "40"]),
        # several spans are the bins of a list, not one range to expand
        ("0-20', 21-40', 41-60'", ["0-20'", "21-40'", "41-60'"]),
    ],
)
def test_enumerations_are_read_as_a_grammar(text, items):
    assert read_enumeration(text) == items


def test_words_that_say_how_ticks_are_printed_open_the_list():
    axis = parse_axis('"Batch size" — tick labels are printed as "Batch 64", "Batch 128"')
    assert (axis.label, axis.ticks) == ("Batch size", ["Batch 64", "Batch 128"])


def test_a_range_with_a_step_spells_every_tick():
    assert stepped_range("0.5 to 2.5, step 0.5") == ["0.5", "1.0", "1.5", "2.0", "2.5"]
    assert stepped_range("0 to 100 in steps of 25") == ["0", "25", "50", "75", "100"]
    assert stepped_range("0.5 to 2.4, step 0.5") == []  # the step does not reach the end


def test_a_value_axis_range_is_not_a_tick_list():
    assert parse_axis('"Accuracy (%)", linear, 40 to 80, gridlines every 10').ticks == []
    assert parse_axis('"Layer", from 1 to 6').ticks == ["1", "2", "3", "4", "5", "6"]


def test_html_in_an_axis_name_is_one_atom():
    axis = parse_axis('<span style="color:red">Rate, log</span>, ticks 1e-4, 3e-4, 1e-3')
    assert axis.label == '<span style="color:red">Rate, log</span>'
    assert axis.ticks == ["1e-4", "3e-4", "1e-3"]


@pytest.mark.parametrize(
    ("text", "figure_without_values"),
    [
        ("No numbers are printed in the cells.", True),
        ("The cells are not annotated.", True),
        ("the Wake/N3 square is blank white with no number printed in it", False),
        ("one tile is grey, with no value shown in that tile", False),
    ],
)
def test_a_blank_square_is_no_figure_without_values(text, figure_without_values):
    assert bool(lexicon.NO_VALUES.search(text)) is figure_without_values


@pytest.mark.parametrize(
    ("heading", "zone"),
    [
        ("4. Data Labels (printed above each bar)", "data"),
        ("Data labels", "data"),
        ("Axis labels", "components"),
        ("Labels and legend", "components"),
    ],
)
def test_a_section_of_value_labels_holds_the_data(heading, zone):
    from figdata.parse.model import zone_of_heading

    assert zone_of_heading(heading) == zone


@pytest.mark.parametrize(
    "text",
    [
        "The lines have no markers and no printed data labels; all figures are ranges.",
        "The bars carry no value labels; the reader judges their height.",
    ],
)
def test_no_printed_labels_says_no_value_is_printed(text):
    assert lexicon.NO_VALUES.search(text)


def test_no_annotations_beyond_the_counts_prints_values():
    assert not lexicon.NO_VALUES.search("The figure has no annotations beyond the counts.")


def test_the_ends_named_in_brackets_after_every_tick_add_no_tick():
    # "0, 4, 8, 16 (0 at the top, 16 at the bottom)": the brackets place the ends, the list
    # is every tick (not the run from 0 to 16)
    axis = parse_axis('"Distractors", ticks 0, 4, 8, 16 (0 at the top, 16 at the bottom)')
    assert axis.ticks == ["0", "4", "8", "16"]
