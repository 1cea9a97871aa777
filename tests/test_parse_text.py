"""The text helpers every recogniser leans on: quoted names and splits outside brackets."""

from figdata.parse.text import quoted, split_top


def test_quoted_finds_double_typographic_and_backtick_quotes():
    assert quoted('titled "Recall" and “Precision” over `top-k`') == [
        "Recall",
        "Precision",
        "top-k",
    ]


def test_quoted_skips_the_attributes_of_an_html_tag():
    text = '<div class="figure-desc"> The chart is titled "Cycling share <sup>(b)</sup>"'
    assert quoted(text) == ["Cycling share <sup>(b)</sup>"]


def test_split_top_keeps_brackets_and_quotes_whole():
    assert split_top('a (b, c), "d, e", f') == ["a (b, c)", ' "d, e"', " f"]


def test_split_top_splits_plain_text_on_every_separator():
    assert split_top("a, b,,c") == ["a", " b", "", "c"]
    assert split_top("a;b|c", ";|") == ["a", "b", "c"]
    assert split_top("") == [""]
