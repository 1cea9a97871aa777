"""Same-figure detection reuses the previous run's components, and the rows stay a clean run's."""

from __future__ import annotations

import contextlib
import json
import shutil

import pandas as pd
import pytest
from helpers import CORPUS_DOCS, SEEDS
from test_cache import all_bytes, corpus, differing, run_shard

from figdata import fileio, layout
from figdata.parse import parse_document
from figdata.stats import job, samefig, samefig_memo

EDITED = "004_7287e729ebf072ec"
OTHER = "d03_beam-length-penalty-bleu"  # a figure of its own, untouched by the edits below


def _frames(texts: dict[str, bytes]):
    parsed = [parse_document(doc, text).frames() for doc, text in sorted(texts.items())]
    return (
        pd.concat([f["panels"] for f in parsed], ignore_index=True),
        pd.concat([f["cells"] for f in parsed], ignore_index=True),
    )


def _texts() -> dict[str, bytes]:
    """The seeds, a figure of the development corpus, and copies of three of them under other
    names: several groups, one of which no edit below touches."""
    texts = {p.stem: p.read_bytes() for p in sorted(SEEDS.glob("*.txt"))}
    texts[OTHER] = (CORPUS_DOCS / f"{OTHER}.txt").read_bytes()
    for doc in ("001_9d53600add756bdd", "003_4bef295f338d59e0", OTHER):
        texts[f"{doc}_copy"] = texts[doc].replace(b"0.5", b"0.50", 1)
    return texts


def _edited(texts: dict[str, bytes]) -> dict[str, bytes]:
    out = dict(texts)
    out[EDITED] = out[EDITED].replace(b"42.7", b"41.9", 1)  # a value of a grouped panel
    out["000_zz_added"] = texts["003_4bef295f338d59e0"]  # joins the group of 003 and 004
    del out["001_9d53600add756bdd"]  # the leader of its group
    return out


@pytest.fixture
def counted(monkeypatch):
    """The documents matched from scratch, per call of the matcher."""
    calls: list[list[str]] = []
    real = samefig._match

    def spy(sigs, n_panels):
        calls.append(sorted({s.doc for s in sigs}))
        return real(sigs, n_panels)

    monkeypatch.setattr(samefig, "_match", spy)
    return calls


def test_a_rerun_after_an_edit_an_addition_and_a_removal_equals_a_clean_run(counted):
    before = _texts()
    _, memo = samefig.same_figure_reusing(*_frames(before), {})
    assert len(memo) == len(counted) > 2
    counted.clear()
    after = _frames(_edited(before))
    rerun, memo_rerun = samefig.same_figure_reusing(*after, memo)
    rematched = counted[:]
    clean, memo_clean = samefig.same_figure_reusing(*after, None)
    assert memo_clean == {}
    assert fileio.parquet_bytes(fileio.arrow_table(rerun)) == fileio.parquet_bytes(
        fileio.arrow_table(clean)
    )
    assert rerun.reset_index(drop=True).equals(clean.reset_index(drop=True))
    assert memo_rerun == samefig.same_figure_reusing(*after, {})[1]
    # the rows did change: the removed leader is gone, the added copy is matched
    docs = set(rerun["doc_a"]) | set(rerun["doc_b"])
    assert "000_zz_added" in docs and "001_9d53600add756bdd" not in docs
    # only the components of the edited, added and removed documents were matched again
    assert rematched and len(rematched) < len(memo_rerun)
    touched = {EDITED, "000_zz_added", "001_9d53600add756bdd_copy"}
    parts = samefig.components(samefig.signatures(*after))
    expected = [d for d in (sorted({s.doc for s in part}) for part in parts) if set(d) & touched]
    assert rematched == expected


def test_components_share_no_blocking_key_and_keep_document_order():
    panels, cells = _frames(_texts())
    sigs = samefig.signatures(panels, cells)
    parts = samefig.components(sigs)
    assert sorted(s.id for part in parts for s in part) == [s.id for s in sigs]
    owner = {}
    for i, part in enumerate(parts):
        assert [(s.doc, s.panel) for s in part] == sorted((s.doc, s.panel) for s in part)
        for s in part:
            for key in samefig._keys(s):
                assert owner.setdefault(key, i) == i
    assert [p[0].doc for p in parts] == sorted(p[0].doc for p in parts)


def test_a_document_key_follows_its_panels_and_cells():
    panels, cells = _frames(_texts())
    base = samefig.doc_digests(panels, cells)
    cells2 = cells.copy()
    row = cells2.index[cells2["doc"] == EDITED][0]
    cells2.loc[row, "value"] += 0.1
    titles = panels.copy()
    titles.loc[titles.index[titles["doc"] == EDITED][0], "title"] = "Another title"
    for changed in (samefig.doc_digests(panels, cells2), samefig.doc_digests(titles, cells)):
        assert {d for d in base if base[d] != changed[d]} == {EDITED}


def _shard_run(root, docs, use_memo=True):
    run_shard(root, docs)
    with contextlib.chdir(root):
        job.stats_corpus(layout.RESULTS, [layout.shard_folder(layout.RESULTS, 0)], use_memo)


def test_the_corpus_job_reruns_to_a_clean_runs_bytes(tmp_path, counted, caplog):
    docs = corpus(tmp_path / "docs", n=6)
    _shard_run(tmp_path / "a", docs)
    memo_file = samefig_memo.memo_path(tmp_path / "a" / layout.RESULTS)
    assert memo_file.is_file()
    edited = next(p for p in docs if p.stem == EDITED)
    edited.write_bytes(edited.read_bytes().replace(b"42.7", b"41.9", 1))
    added = tmp_path / "docs" / "000_zz_added.txt"
    shutil.copy(next(p for p in docs if p.stem.startswith("003_")), added)
    gone = next(p for p in docs if p.stem.startswith("001_"))
    gone.unlink()
    docs = sorted(tmp_path.joinpath("docs").iterdir())
    counted.clear()
    signed: list[str] = []
    real_rows = samefig.signature_rows

    def spy(panels):
        signed.extend(sorted(set(panels["doc"])))
        return real_rows(panels)

    caplog.clear()
    with pytest.MonkeyPatch.context() as patch, caplog.at_level("INFO", logger="figdata"):
        patch.setattr(samefig, "signature_rows", spy)
        _shard_run(tmp_path / "a", docs)
    assert len(counted) < len(json.loads(memo_file.read_text())["components"])
    # the log lists the matches of the components matched again, and counts the others
    again = {d for part in counted for d in part}
    lines = [line for message in caplog.messages for line in message.splitlines()]
    listed = [line for line in lines if line.startswith("same figure: ")]
    pairs = [line.split()[2] for line in listed]
    assert pairs and set(pairs) <= again
    groups = pd.read_parquet(tmp_path / "a" / layout.RESULTS / "corpus" / "same_figure.parquet")
    assert len(pairs) == int(groups["doc_a"].isin(again).sum())
    # the panels of the edited and the added document only are read for their signatures
    assert signed == ["000_zz_added", EDITED]
    _shard_run(tmp_path / "b", docs)  # clean, writing a memo of its own
    _shard_run(tmp_path / "c", docs, use_memo=False)
    a, b, c = (all_bytes(tmp_path / x, skip_cache=False) for x in "abc")
    assert differing(a, b) == []
    memo_key = f"corpus/{layout.CACHE}/{samefig_memo.NAME}"
    # without the memo: the same published bytes, and no memo written
    assert differing(all_bytes(tmp_path / "a"), all_bytes(tmp_path / "c")) == []
    assert memo_key not in c and b"001_9d53600add756bdd" not in a[memo_key]
    assert b"000_zz_added" in a[memo_key]
    signatures = f"corpus/{layout.CACHE}/{samefig_memo.SIGNATURES}"
    assert b"000_zz_added" in a[signatures] and b"001_9d53600add756bdd" not in a[signatures]


def test_a_stale_or_damaged_memo_is_ignored(tmp_path, caplog, monkeypatch):
    path = tmp_path / samefig_memo.NAME
    panels, cells = _frames(_texts())
    _, memo = samefig.same_figure_reusing(panels, cells, {})
    samefig_memo.store(path, memo)
    assert samefig_memo.load(path) == memo
    path.write_bytes(path.read_bytes()[:-20])
    assert samefig_memo.load(path) == {}
    assert "unreadable" in caplog.text
    samefig_memo.store(path, memo)
    monkeypatch.setattr(samefig_memo.cache, "code_version", lambda stage: "another")
    assert samefig_memo.load(path) == {}
    assert samefig_memo.load(tmp_path / "absent.json") == {}


def test_the_log_lists_the_matches_of_components_matched_again_only(caplog):
    def row(a, b):
        return {"doc_a": a, "panel_a": 0, "doc_b": b, "panel_b": 0, "n_agree": 3, "n_overlap": 4}

    kept = {"old": ([row("a", "b")], {}), "new": ([row("c", "d"), row("c", "e")], {})}
    groups = pd.DataFrame([row("a", "b"), row("c", "d"), row("c", "e")])
    with caplog.at_level("INFO", logger="figdata"):
        job._log_matches(groups, kept, {"old": kept["old"]})
    lines = [line for message in caplog.messages for line in message.splitlines()]
    assert lines == [
        "same figure: 1 matches of components unchanged since the previous run "
        "(in corpus/same_figure.parquet), 2 of components matched again:",
        "same figure: c panel 0 = d panel 0: 3 of 4 common cells agree",
        "same figure: c panel 0 = e panel 0: 3 of 4 common cells agree",
    ]
    caplog.clear()
    with caplog.at_level("INFO", logger="figdata"):
        job._log_matches(groups, kept, None)  # no memo: every match was found in this run
    assert len(caplog.messages[0].splitlines()) == 3
