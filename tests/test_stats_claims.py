"""Claims of every kind read from a hand-made document, and their verdicts end to end:
all verified as written, all contradicted when the prose is falsified, unverifiable
when the grids are only partly stated."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from figdata.parse import parse_document
from figdata.stats.compute import compute

DOC = (Path(__file__).parent / "stats_docs" / "all_kinds.txt").read_text()

# kind, panel, x, y, value, value_hi, axis, tick, tick2, relation
EXPECTED = [
    ("max", 0, "3", "20", 6.0, None, None, None, None, None),
    ("max", 0, "3", "30", 6.0, None, None, None, None, None),
    ("range", 0, None, None, 1.0, 6.0, None, None, None, None),
    ("trend", 0, None, None, None, None, "x", None, None, "increasing"),
    ("min", 1, "1", "10", 2.0, None, None, None, None, None),
    ("identical", 0, None, None, None, None, "y", "20", "30", None),
    ("bound", 0, None, None, 3.0, None, "y", "10", None, "le"),
    ("bound", 0, None, None, 3.0, None, "y", "40", None, "le"),
    ("improved", None, None, None, None, None, None, None, None, "higher"),
    ("range", None, None, None, 2.0, 9.0, None, None, None, None),
    ("panel_rank", None, None, None, None, None, None, None, None, "highest"),
]
FIELDS = ("kind", "panel", "x", "y", "value", "value_hi", "axis", "tick", "tick2", "relation")


def _run(text: str):
    frames = parse_document("doc", text.encode()).frames()
    return frames["claims"], compute(frames["cells"], frames["panels"], frames["claims"])


def _plain(v):
    return None if pd.isna(v) else v


def test_every_kind_is_read_as_a_structured_record():
    claims, _ = _run(DOC)
    got = [tuple(_plain(r[f]) for f in FIELDS) for r in claims.to_dict("records")]
    assert got == EXPECTED
    assert claims["line"].tolist() == [12, 12, 13, 14, 19, 21, 21, 21, 22, 23, 23]
    assert claims.loc[9, "value_text"] == "~2"
    assert "After Tuning" in claims.loc[10, "subject"]


def test_as_written_every_claim_is_verified_but_the_unknown_tick():
    _, out = _run(DOC)
    check = out["factcheck"]
    claims = check[check["claim"].notna()].sort_values("claim")
    verdicts = claims["verdict"].tolist()
    assert verdicts == ["verified"] * 7 + ["unverifiable"] + ["verified"] * 3
    assert "no y tick 40" in claims.iloc[7]["evidence"]
    assert len(out["findings"]) == 0


FALSIFIED = {
    "**Peak Value:** 6.0": "**Peak Value:** 5.0",
    "**Range:** 1.0 to 6.0": "**Range:** 1.0 to 5.0",
    "increases with increasing Width": "decreases with increasing Width",
    "**Lowest:** 2.0": "**Lowest:** 3.0",
    "Depth=20 and Depth=30 are identical": "Depth=10 and Depth=20 are identical",
    "uniformly low (≤3). Accuracy": "uniformly low (≤2). Accuracy",
    "Every cell improved": "Every cell declined",
    "After Tuning is the highest": "After Tuning is the lowest",
    "spanning ~2 to 9": "spanning ~2 to 12",
}


def test_falsified_claims_are_contradicted_and_become_findings():
    text = DOC
    for old, new in FALSIFIED.items():
        assert old in text
        text = text.replace(old, new)
    claims, out = _run(text)
    check = out["factcheck"]
    rows = check[check["claim"].notna()].sort_values("claim")
    kinds = dict(zip(rows["claim"], rows["kind"], strict=True))
    verdicts = dict(zip(rows["claim"], rows["verdict"], strict=True))
    # the Depth=40 bound stays unverifiable; every other claim is now false
    assert [verdicts[i] for i in sorted(verdicts) if i != 7] == ["contradicted"] * 10, kinds
    findings = out["findings"]
    assert len(findings) == 10
    assert set(findings["kind"]) == {"claim_contradicted"}
    assert set(findings["line"]) == {12, 13, 14, 19, 21, 22, 23}


def test_partly_stated_grids_leave_the_claims_unverifiable():
    text = DOC.replace("* Depth 30: 2.0, 4.0, 6.0\n", "").replace("* Depth 30: 3.0, 5.0, 9.0\n", "")
    text = text.replace("(Width=3, Depth=20) and (Width=3, Depth=30)", "(Width=3, Depth=20)")
    text = text.replace("spanning ~2 to 9", "spanning ~2 to 7")
    _, out = _run(text)
    check = out["factcheck"]
    rows = check[check["claim"].notna()].sort_values("claim")
    got = dict(zip(rows["kind"] + ":" + rows["claim"].astype(str), rows["verdict"], strict=True))
    # a complete row still decides a bound on itself; everything about the whole grid waits
    assert got == {
        "max:0": "unverifiable",
        "range:1": "unverifiable",
        "trend:2": "unverifiable",
        "min:3": "unverifiable",
        "identical:4": "unverifiable",
        "bound:5": "verified",
        "bound:6": "unverifiable",
        "improved:7": "unverifiable",
        "range:8": "unverifiable",
        "panel_rank:9": "unverifiable",
    }


@pytest.mark.parametrize(
    "sentence, kind",
    [
        ("Values span ~24–31 across the grid.", "range"),
        ("Performance for y=10 is uniformly poor (≤4).", "bound"),
        ("The identical rows for y=9 and y=10 suggest saturation.", "identical"),
        ("All values increased post-GRPO.", "improved"),
        ("Performance increases with window size.", "trend"),
        ("AMC23 is the highest of the four.", "panel_rank"),
        ("Peak Value: 49.3, achieved at two points", "max"),
        ("The lowest value is 3.", "min"),
        ("The colour scheme is blue.", None),
    ],
)
def test_claim_kind_of_a_sentence(sentence, kind):
    from figdata.parse.claims import claim_kind

    assert claim_kind(sentence) == kind


def test_every_stats_table_meets_its_contract():
    from figdata import schemas

    _, out = _run(DOC)
    for name, model in schemas.STATS_MODELS.items():
        if name in out:
            model.validate(out[name], lazy=True)
            assert list(out[name].columns) == list(schemas.STATS_COLUMNS[name])


def test_claims_are_read_from_the_interpretation_too():
    text = DOC + (
        "### Interpretation\n"
        "Tuning helps most where it was weakest. The identical rows for Depth=20 and "
        "Depth=30 in the Before Tuning chart suggest saturation.\n"
    )
    claims, out = _run(text)
    last = claims.iloc[-1]
    assert (last["kind"], last["panel"], last["tick"], last["tick2"]) == (
        "identical",
        0,
        "20",
        "30",
    )
    assert last["line"] == 25
    check = out["factcheck"]
    assert check.loc[check["claim"] == len(claims) - 1, "verdict"].tolist() == ["verified"]


def test_the_overview_and_components_are_not_read_as_claims():
    # they describe the figure, not its numbers: "the rows ... are identical" there is no claim
    text = DOC.replace(
        "show accuracy for combinations of Width and Depth.",
        "show accuracy for combinations of Width and Depth; the rows for Depth=10 and "
        "Depth=20 are identical.",
    )
    claims, _ = _run(text)
    assert len(claims) == len(EXPECTED)
    assert 3 not in claims["line"].tolist()


def test_seed_000_identical_rows_in_the_interpretation_are_verified():
    from helpers import SEEDS

    path = next(SEEDS.glob("000_*.txt"))
    frames = parse_document(path.stem, path.read_bytes()).frames()
    claims = frames["claims"]
    row = claims[claims["kind"] == "identical"]
    assert row[["line", "panel", "axis", "tick", "tick2"]].values.tolist() == [
        [63, 2, "y", "9", "10"]
    ]
    out = compute(frames["cells"], frames["panels"], claims)
    check = out["factcheck"]
    assert check.loc[check["kind"] == "identical", "verdict"].tolist() == ["verified"]


@pytest.mark.parametrize(
    "text, hits",
    [
        ("The T=1.0 chart fails on the diagonal.", [2]),
        ("At T = 1.25 scores are high.", [1]),
        ("T=1.25 helps, while T=1.0 splits the grid.", [1, 2]),
        # a setting no title makes, or a name no title word begins with: no panel
        ("The T=1.5 chart is not shown.", []),
        ("Rows with y=1.0 are low.", []),
        ("The T=1.02 chart is not shown.", []),
    ],
)
def test_a_parameter_setting_names_the_panel_whose_title_sets_it(text, hits):
    from figdata.titles import panels_named

    titles = ["Before GRPO", "After GRPO Temperature: 1.25", "After GRPO Temperature: 1.0"]
    assert panels_named(text, titles) == hits
