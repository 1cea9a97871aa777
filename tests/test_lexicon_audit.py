"""The lexicon audit splits each entry into its wordings and counts the documents they serve."""

import lexicon_audit  # bench/lexicon_audit.py: pyproject puts bench/ on the test path

from figdata.parse import lexicon


def test_alternatives_split_only_at_the_top_level():
    assert lexicon_audit.alternatives(r"a|b(?:c|d)|[|]e|f\|g") == ["a", "b(?:c|d)", "[|]e", r"f\|g"]


def test_an_entry_wrapped_in_one_group_is_audited_inside_it():
    assert lexicon_audit._unwrap(r"\b(?:peak|max(?:imum)?)\b") == "peak|max(?:imum)?"
    assert lexicon_audit._unwrap(r"(?:a)|(?:b)") == r"(?:a)|(?:b)"


def test_every_entry_gives_its_wordings():
    names = {entry for entry, _, _ in lexicon_audit.wordings()}
    assert {e.name for e in lexicon.ENTRIES} <= names


def test_a_wording_is_counted_per_document_and_listed_when_rare():
    texts = {"a": "the peak value and the range", "b": "the peak is 3", "c": "nothing here"}
    rows = {(entry, alt): n for entry, alt, n, _ in lexicon_audit.audit(texts, max_docs=1)}
    assert ("summary", "range") in rows and rows[("summary", "range")] == 1
    assert ("summary", "peak") not in rows  # two documents use it
    assert rows[("summary", "median")] == 0


def test_a_lookahead_after_the_group_names_no_wording():
    assert lexicon_audit._unwrap(r"\b(?:peak|min)\b(?!-[A-Za-z])") == "peak|min"
