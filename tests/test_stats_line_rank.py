"""Rows, columns and series of one panel ranked against each other ("Geriatrics is the
highest row", "By 16B tokens AdamW is best (2.87)"): read as `line_rank` claims and
fact-checked, with "best" read as the lowest value where the values are a loss."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from helpers import CORPUS_DOCS

from figdata.parse import parse_document
from figdata.stats.compute import compute
from figdata.stats.factcheck import Panel, check_line_rank

DOC = (Path(__file__).parent / "stats_docs" / "line_rank.txt").read_text()
LOSS = next(CORPUS_DOCS.glob("d16_*.txt")).read_text()


def _run(text: str):
    frames = parse_document("doc", text.encode()).frames()
    out = compute(frames["cells"], frames["panels"], frames["claims"])
    return frames["claims"], out["factcheck"], out["findings"]


def _verdicts(text: str, kind: str = "line_rank") -> list[str]:
    _, check, _ = _run(text)
    return check.loc[check["kind"] == kind, "verdict"].tolist()


def test_rows_ranked_are_read_as_records():
    claims, _, _ = _run(DOC)
    got = claims[["kind", "panel", "axis", "tick", "relation", "x", "value"]].values.tolist()
    assert [[None if pd.isna(v) else v for v in r] for r in got] == [
        ["line_rank", 0, "y", "Geriatrics", "highest", None, None],
        ["line_rank", 0, "y", "Oncology", "lowest", None, None],
        ["line_rank", 0, "y", "Geriatrics", "highest", "2023", 18.8],
    ]


def test_as_written_every_ranking_is_verified():
    _, check, found = _run(DOC)
    assert check["verdict"].tolist() == ["verified"] * 3
    assert "Geriatrics: 18.3333" in check["evidence"].iloc[0]
    assert check["computed"].tolist() == pytest.approx([55 / 3, 9.5, 18.8])
    assert len(found) == 0


@pytest.mark.parametrize(
    "old, new",
    [
        ("Geriatrics is the highest row", "Cardiology is the highest row"),
        ("Oncology has the lowest", "Geriatrics has the lowest"),
        ("Geriatrics is the highest (18.8)", "Oncology is the highest (9.5)"),
        # the right row, but the value it states is not its cell
        ("the highest (18.8)", "the highest (19.8)"),
    ],
)
def test_a_false_ranking_is_contradicted_and_a_finding(old, new):
    assert old in DOC
    _, check, found = _run(DOC.replace(old, new))
    assert sorted(check["verdict"].tolist()) == ["contradicted", "verified", "verified"]
    assert found["kind"].tolist() == ["claim_contradicted"]


def test_a_partial_grid_decides_only_what_stated_cells_decide():
    # Oncology's row loses a cell: every line mean could still move
    partial = DOC.replace("* Oncology: 9.2, 9.8, 9.5", "* Oncology: 9.2, 9.8")
    assert _verdicts(partial) == ["unverifiable", "unverifiable", "unverifiable"]
    # ... but a stated cell that beats the named row at the position contradicts
    beaten = partial.replace("Geriatrics: 18.3, 17.9, 18.8", "Geriatrics: 18.3, 17.9")
    beaten = beaten.replace("Cardiology: 12.1, 11.4, 10.9", "Cardiology: 12.1, 11.4, 19.9")
    assert _verdicts(beaten)[2] == "unverifiable"  # Geriatrics has no 2023 cell now
    beaten = partial.replace("Cardiology: 12.1, 11.4, 10.9", "Cardiology: 12.1, 11.4, 19.9")
    assert _verdicts(beaten)[2] == "contradicted"


def test_best_of_a_loss_is_the_lowest_series():
    claims, check, _ = _run(LOSS)
    row = claims[claims["kind"] == "line_rank"].iloc[0]
    assert (row["axis"], row["tick"], row["x"], row["relation"], row["value"]) == (
        "y", "AdamW", "16B", "best", 2.87,
    )  # fmt: skip
    verdict = check[check["kind"] == "line_rank"].iloc[0]
    assert verdict["verdict"] == "verified"
    assert "lower being better: lowest" in verdict["evidence"]
    assert _verdicts(LOSS.replace("AdamW is best (2.87)", "SGD-M is best (3.06)")) == [
        "contradicted"
    ]
    assert _verdicts(LOSS.replace("AdamW is best (2.87)", "AdamW is worst (2.87)")) == [
        "contradicted"
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Geriatrics and Oncology are the highest rows.",  # two rows: which one is unclear
        "Chunks of 512 tokens give the best recall for both models.",
        "The ward is the highest in 2022.",  # names no row
    ],
)
def test_no_line_rank_without_one_clear_line(sentence):
    text = DOC.replace("* Oncology has the lowest readmission rates.", f"* {sentence}")
    claims, _, _ = _run(text)
    assert claims.loc[claims["line"] == 13, "kind"].tolist() in ([], ["panel_rank"])


def _panel(labels: str) -> Panel:
    values = {("a", "r1"): 1.0, ("b", "r1"): 2.0, ("a", "r2"): 3.0, ("b", "r2"): 4.0}
    return Panel(0, "t", ["a", "b"], ["r1", "r2"], values, 4, None, None, labels)


@pytest.mark.parametrize(
    "labels, tick, verdict",
    [
        ("accuracy", "r2", "verified"),  # higher is better
        ("accuracy", "r1", "contradicted"),
        ("validation loss", "r1", "verified"),  # lower is better
        ("Word error rate", "r2", "contradicted"),
    ],
)
def test_best_follows_what_the_values_measure(labels, tick, verdict):
    claim = {"axis": "y", "tick": tick, "relation": "best", "text": "x", "value": None}
    assert check_line_rank(claim, _panel(labels)).verdict == verdict


def test_a_tick_the_panel_lacks_is_unverifiable():
    claim = {"axis": "y", "tick": "r9", "relation": "highest", "text": "x", "value": None}
    got = check_line_rank(claim, _panel(""))
    assert got.verdict == "unverifiable" and "no y tick r9" in got.evidence
