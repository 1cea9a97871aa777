"""figdata.corpus: the corpus tables from the shards' files, and vanished shards cleared."""

from __future__ import annotations

import pandas as pd
from helpers import CORPUS_DOCS, run_both_stages

from figdata import batch, corpus, fileio, publish, tables


def test_aggregate_concatenates_the_shards(tmp_path):
    first = sorted(CORPUS_DOCS.glob("*.txt"))
    run_both_stages(tmp_path / "s1", first[:3])
    run_both_stages(tmp_path / "s2", first[3:5])
    corpus.aggregate(
        [tmp_path / s / "shard" / "findings.parquet" for s in ("s2", "s1")],
        [tmp_path / s / "shard" / "summary.parquet" for s in ("s2", "s1")],
        tmp_path / "corpus" / "findings.parquet",
        tmp_path / "corpus" / "summary.tsv",
    )
    tsv = pd.read_csv(tmp_path / "corpus" / "summary.tsv", sep="\t")
    assert tsv["doc"].tolist() == sorted(p.stem for p in first[:5])
    assert list(tsv.columns) == list(batch.SUMMARY)
    findings = fileio.read_parquet(tmp_path / "corpus" / "findings.parquet")
    assert len(findings) == tsv["findings"].sum()
    assert findings["doc"].is_monotonic_increasing
    expected = fileio.sort_rows(
        fileio.concat(
            [fileio.read_parquet(tmp_path / s / "shard" / "findings.parquet") for s in ("s1", "s2")]
        ),
        "findings",
    )
    pd.testing.assert_frame_equal(findings, expected)


def test_aggregate_of_no_shards_writes_empty_tables(tmp_path):
    corpus.aggregate([], [], tmp_path / "f.parquet", tmp_path / "s.tsv")
    assert (tmp_path / "s.tsv").read_text() == "\t".join(batch.SUMMARY) + "\n"
    assert list(fileio.read_parquet(tmp_path / "f.parquet").columns) == list(tables.FINDINGS)


def test_orphan_shards_are_cleared_but_not_what_a_live_shard_published(tmp_path):
    results = tmp_path / "results"
    for name, docs in (("000", ["a", "b"]), ("001", ["c"])):
        pub = publish.Publication(results / "shards" / name / "manifest.tsv", results)
        for doc in docs:
            pub.add_doc_file(doc, "cells", doc.encode(), 1)
        pub.commit(docs)
    # "b" moved to shard 002 (the number of shards changed); 000 and 001 are gone
    pub = publish.Publication(results / "shards" / "002" / "manifest.tsv", results)
    pub.add_doc_file("b", "cells", b"b2", 1)
    pub.commit(["b"])
    live = [results / "shards" / "002" / "manifest.tsv"]
    assert corpus.clear_orphans(results, live) == 2
    assert sorted(p.name for p in (results / "cells").iterdir()) == ["b.parquet"]
    assert (results / "cells" / "b.parquet").read_bytes() == b"b2"
    assert sorted(p.name for p in (results / "shards").iterdir()) == ["002"]
