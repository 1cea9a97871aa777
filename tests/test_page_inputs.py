"""A shard's page keys follow what each page is made of, document by document."""

from __future__ import annotations

import numpy as np
import pandas as pd

from figdata import cache, publish
from figdata.report import site


def _keys(tmp_path, **change):
    digests = tmp_path / "digests.tsv"
    rows = [
        ("a", "1" * 64, "ka"),
        ("b", "2" * 64, change.get("key_b", "kb")),
        ("c", "3" * 64, "kc"),
    ]
    digests.write_text(publish.tsv_text(cache.DIGESTS_COLUMNS, rows))
    figures = tmp_path / "figures.tsv"
    figures.write_text(change.get("figures", "doc\tdigest\na\tx\n"))
    same = pd.DataFrame(
        {
            "doc_a": ["a", "x"],
            "doc_b": ["c", "y"],
            "n_agree": [change.get("agree", 3), 4],
            "title_a": [change.get("title", None), "t"],
        }
    )
    sources = {"a": "seeds/a.txt", "b": "seeds/b.txt", "c": "seeds/c.txt"}
    config = {"figure_dpi": change.get("dpi", 100)}
    return site.page_keys(digests, sources, figures, same, ["panel_stats"], config, "T")


def test_a_key_follows_its_own_inputs_only(tmp_path):
    base = _keys(tmp_path)
    assert base == _keys(tmp_path)
    assert len(set(base.values())) == 3
    for change, moved in (
        ({"key_b": "kb2"}, {"b"}),
        ({"figures": "doc\tdigest\na\ty\n"}, {"a"}),
        # a match changes the pages of both its documents, and no other
        ({"agree": 2}, {"a", "c"}),
        ({"title": "None"}, {"a", "c"}),
        ({"dpi": 120}, {"a", "b", "c"}),
    ):
        keys = _keys(tmp_path, **change)
        assert {d for d in base if keys[d] != base[d]} == moved, change
    assert site.page_keys(None, {}, None, None, [], {}, "T") is None


def test_match_texts_tell_every_value_apart():
    def text(**column):
        frame = pd.DataFrame({"doc_a": ["a"], "doc_b": ["b"], **column})
        texts = site.match_texts(frame)
        assert texts["a"] == texts["b"]
        return texts["a"]

    assert text(v=[0.1]) != text(v=[0.1 + 1e-17 * 2])
    assert text(v=[None]) != text(v=["None"])
    assert text(v=[float("nan")]) != text(v=[None])
    assert text(v=[1]) != text(v=[1.0])
    assert text(v=["a', 'b"]) != text(v=["a"])
    # numpy abbreviates a long array's repr; the text keeps every value
    long = np.arange(5000)
    changed = long.copy()
    changed[2500] = -1
    assert text(v=[long]) != text(v=[changed])
    assert site.match_texts(None) == {}
    assert site.match_texts(pd.DataFrame(columns=["doc_a", "doc_b"])) == {}
