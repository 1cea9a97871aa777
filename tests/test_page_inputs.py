"""A shard's page keys are made again only when what they are made of changed."""

from __future__ import annotations

import pandas as pd

from figdata import cache, publish
from figdata.report import site


def _inputs(tmp_path, **change):
    digests = tmp_path / "digests.tsv"
    rows = [("a", "1" * 64, "ka"), ("b", "2" * 64, change.get("key_b", "kb"))]
    digests.write_text(publish.tsv_text(cache.DIGESTS_COLUMNS, rows))
    figures = tmp_path / "figures.tsv"
    figures.write_text(change.get("figures", "doc\tdigest\na\tx\n"))
    same = pd.DataFrame({"doc_a": ["a"], "doc_b": ["c"], "n_agree": [change.get("agree", 3)]})
    sources = {"a": "seeds/a.txt", "b": "seeds/b.txt"}
    config = {"figure_dpi": change.get("dpi", 100)}
    return site.page_inputs(digests, sources, figures, same, ["panel_stats"], config, "T")


def test_the_inputs_digest_follows_every_input(tmp_path):
    base = _inputs(tmp_path)
    assert base == _inputs(tmp_path)
    for change in (
        {"key_b": "kb2"},
        {"figures": "doc\tdigest\na\ty\n"},
        {"agree": 2},
        {"dpi": 120},
    ):
        assert _inputs(tmp_path, **change) != base, change
    assert site.page_inputs(None, {}, None, None, [], {}, "T") is None


def test_keys_are_kept_only_for_the_same_inputs(tmp_path):
    doc_cache = cache.DocCache(tmp_path / "cache")
    keys = {"a": "key-a", "b": "key-b"}
    doc_cache.store(keys, {site.PAGES_EXTRAS: b"{}", site.INPUTS_KEY: b"inputs-1"})
    assert site.kept_page_keys(doc_cache, "inputs-1", ["a", "b"]) == keys
    assert site.kept_page_keys(doc_cache, "inputs-2", ["a", "b"]) is None
    assert site.kept_page_keys(doc_cache, "inputs-1", ["a", "b", "c"]) is None
    assert site.kept_page_keys(doc_cache, None, ["a", "b"]) is None
    # a cache whose files do not match its index is not trusted
    (tmp_path / "cache" / site.INPUTS_KEY).write_text("inputs-2")
    assert site.kept_page_keys(doc_cache, "inputs-2", ["a", "b"]) is None
