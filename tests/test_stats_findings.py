"""A contradicted claim shows where a document's findings are read: the stats job
publishes results/stats_findings/{doc}.parquet (same columns as the validate stage's
results/findings/{doc}.parquet) for a document with a stats finding, lists it in the
stats manifest, and removes it when an edit resolves the contradiction."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
from helpers import run_both_stages, shard_outputs, write_docs

from figdata import layout, publish
from figdata.stats import job

DOC = (Path(__file__).parent / "stats_docs" / "all_kinds.txt").read_text()
FALSE = DOC.replace("**Peak Value:** 6.0", "**Peak Value:** 5.0").replace(
    "**Lowest:** 2.0", "**Lowest:** 3.0"
)


def _run(root: Path, contents: dict[str, str]):
    paths = write_docs(root / "seeds", {k: v.encode() for k, v in contents.items()})
    stems, _ = run_both_stages(root, paths)
    outputs = {k: root / "shard" / v for k, v in layout.STATS_FILES.items()}
    out = job.stats_shard(stems, shard_outputs(root), outputs, results=root / "results")
    return out, publish.read_manifest(outputs["manifest"])


def _file(root: Path, doc: str) -> Path:
    return root / "results" / "stats_findings" / f"{doc}.parquet"


def test_contradicted_claims_are_in_the_documents_own_findings(tmp_path):
    out, manifest = _run(tmp_path, {"false": FALSE, "true": DOC})
    own = pd.read_parquet(_file(tmp_path, "false"))
    assert own["kind"].tolist() == ["claim_contradicted"] * 3  # two peak cells, one low
    assert own["line"].tolist() == [12, 12, 19] and set(own["stage"]) == {"stats"}
    # the document without a contradiction gets no file
    assert not _file(tmp_path, "true").exists()
    # same schema as the validate stage's file: the two concatenate, or glob, as one table
    validate_file = tmp_path / "results" / "findings" / "false.parquet"
    assert pq.read_schema(_file(tmp_path, "false")) == pq.read_schema(validate_file)
    entries = [e for e in manifest if e.table == "stats_findings"]
    assert [(e.doc, e.rows) for e in entries] == [("false", 3)]
    shard = pd.read_parquet(tmp_path / "shard" / layout.STATS_FILES["findings"])
    pd.testing.assert_frame_equal(own, shard[shard["doc"] == "false"].reset_index(drop=True))


def test_an_edit_that_resolves_the_contradiction_removes_the_file(tmp_path):
    _run(tmp_path, {"false": FALSE, "true": DOC})
    assert _file(tmp_path, "false").is_file()
    _, manifest = _run(tmp_path, {"false": DOC, "true": DOC})
    assert not _file(tmp_path, "false").exists()
    assert not [e for e in manifest if e.table == "stats_findings"]
    # and one that introduces a contradiction publishes it
    _run(tmp_path, {"false": DOC, "true": FALSE})
    assert sorted(p.stem for p in (tmp_path / "results" / "stats_findings").iterdir()) == ["true"]


def test_other_files_of_a_document_that_stays_are_kept(tmp_path):
    # commit() removes only what is no longer published: nothing of a staying document else
    _run(tmp_path, {"false": FALSE, "true": DOC})
    before = sorted(p.name for p in (tmp_path / "results").rglob("*.*"))
    _run(tmp_path, {"false": FALSE, "true": DOC})
    assert sorted(p.name for p in (tmp_path / "results").rglob("*.*")) == before
