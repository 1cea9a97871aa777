"""Same figure, several descriptions: matched with agreement figures, never all pairs."""

from __future__ import annotations

import random

import pandas as pd
import pytest
from helpers import SEEDS
from stats_frames import frames, grid_cells, panel_row

from figdata.parse import parse_document
from figdata.stats import samefig
from figdata.stats.samefig import bounded_edits, same_figure

XS, YS = ["0.1", "0.2", "0.3"], ["500", "1000"]


def _seeds():
    parsed = [parse_document(p.stem, p.read_bytes()).frames() for p in sorted(SEEDS.glob("*.txt"))]
    return (
        pd.concat([f["panels"] for f in parsed], ignore_index=True),
        pd.concat([f["cells"] for f in parsed], ignore_index=True),
    )


def test_seeds_003_and_004_are_one_figure_and_no_other_pair_is():
    panels, cells = _seeds()
    out = same_figure(panels, cells)
    pairs = set(zip(out["doc_a"], out["doc_b"], strict=True))
    assert pairs == {("003_4bef295f338d59e0", "004_7287e729ebf072ec")}
    assert out["panel_a"].tolist() == [0, 1, 2, 3] and out["panel_b"].tolist() == [0, 1, 2, 3]
    assert out["title_b"].tolist() == [
        "R1-Qwen | AIME'24",
        "R1-Qwen | AIME'25",
        "R1-Qwen | AMC23",
        "R1-Qwen | GPQA_D",
    ]
    # 003 states ratios 0.1 and 0.5 on every window and 0.3, 0.4 on 1000; 004 has no 1500
    assert out["n_overlap"].tolist() == [8, 8, 8, 8]
    assert out["n_agree"].tolist() == [3, 2, 1, 2]
    assert (out["n_agree"] + out["n_disagree"] == out["n_overlap"]).all()
    assert "x=0.1, y=500: 40.0 vs 42.7" in out.iloc[0]["disagreements"]
    assert out["group"].nunique() == 1


def _doc(doc, titles, grids, xs=XS, ys=YS, **labels):
    panels = [panel_row(doc, i, xs, ys, t, **labels) for i, t in enumerate(titles)]
    cells = sum((grid_cells(doc, i, xs, ys, g) for i, g in enumerate(grids)), [])
    return panels, cells


def _corpus(*docs):
    panels = sum((d[0] for d in docs), [])
    cells = sum((d[1] for d in docs), [])
    c, p = frames(panels, cells)
    return same_figure(p, c)


G1 = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
G2 = [[1.0, 2.8, 3.0], [4.0, 5.0, 7.0]]  # two cells off by more than the rounding


def test_a_single_panel_needs_agreeing_values_a_pair_of_panels_does_not():
    agree = _corpus(_doc("a", ["Accuracy"], [G1]), _doc("b", ["Acuracy"], [G2]))
    assert len(agree) == 1
    r = agree.iloc[0]
    assert (r["n_overlap"], r["n_agree"], r["n_disagree"]) == (6, 4, 2)
    assert r["agreement"] == pytest.approx(4 / 6)
    other = [[9.0, 9.0, 9.0], [9.0, 9.0, 9.0]]
    assert len(_corpus(_doc("a", ["Accuracy"], [G1]), _doc("b", ["Accuracy"], [other]))) == 0
    two = _corpus(
        _doc("a", ["Model A", "Model B"], [G1, G1]),
        _doc("b", ["Model A", "Model B"], [other, other]),
    )
    assert len(two) == 2 and two["n_agree"].sum() == 0


def test_titles_axes_and_ticks_must_all_be_alike():
    base = _doc("a", ["R1-Qwen | AIME24"], [G1])
    assert len(_corpus(base, _doc("b", ["R1-Llama | AIME24"], [G1]))) == 0  # not a small edit
    assert len(_corpus(base, _doc("b", ["R1-Qwen | AIME24"], [G1], x_label="Temp"))) == 0
    assert len(_corpus(base, _doc("b", ["R1-Qwen | AIME24"], [G1], xs=["1", "2", "3"]))) == 0
    # "Owen" for "Qwen", an apostrophe, case: still the same title
    assert len(_corpus(base, _doc("b", ["r1-owen | aime'24"], [G1]))) == 1


def test_a_document_must_cover_all_panels_of_one_side():
    # one shared title of two and three panels (seeds 000 and 001 "Before GRPO")
    a = _doc("a", ["Before", "After T=1.25", "After T=1.0"], [G1, G1, G1])
    b = _doc("b", ["Before", "After"], [G2, G2])
    assert len(_corpus(a, b)) == 0


def test_several_descriptions_form_one_group_compared_with_its_first():
    docs = [_doc(f"d{i}", ["Model A", "Model B"], [G1, G1]) for i in range(5)]
    out = _corpus(*docs)
    assert set(out["doc_a"]) == {"d0"}
    assert sorted(set(out["doc_b"])) == ["d1", "d2", "d3", "d4"]
    assert out["group"].nunique() == 1


def test_candidates_come_from_blocks_not_from_all_pairs(monkeypatch):
    calls = []
    real = samefig.alike

    def counting(a, b):
        calls.append((a.doc, b.doc))
        return real(a, b)

    monkeypatch.setattr(samefig, "alike", counting)
    docs = []
    for i in range(60):  # 60 figures with their own ticks and titles
        xs = [str(i * 10 + k) for k in range(3)]
        docs.append(_doc(f"f{i:02d}", [f"Figure {i}"], [G1], xs=xs))
    docs.append(_doc("g", ["Figure 7"], [G1], xs=["70", "71", "72"]))
    out = _corpus(*docs)
    assert set(zip(out["doc_a"], out["doc_b"], strict=True)) == {("f07", "g")}
    # every panel shares the y ticks and the word "Figure": each is compared with at most
    # MAX_CANDIDATES earlier anchors, so the work grows linearly with the corpus
    assert len(calls) <= samefig.MAX_CANDIDATES * len(docs)
    assert ("g", "f07") in calls


def test_bounded_edits():
    assert bounded_edits("r1 owen aime24", "r1 qwen aime24", 2) == 1
    assert bounded_edits("r1 llama aime24", "r1 qwen aime24", 2) is None
    assert bounded_edits("abc", "abcdef", 2) is None
    assert bounded_edits("", "", 0) == 0


def table_edits(a: str, b: str) -> int:
    """Levenshtein distance by the whole table: the reference."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def test_edits_are_those_of_the_whole_table():
    rng = random.Random(7)
    letters = "ab c1\u00e9\U0001f600"
    for _ in range(3000):
        a = "".join(rng.choice(letters) for _ in range(rng.randint(0, 14)))
        b = list(a)
        for _ in range(rng.randint(0, 5)):
            i = rng.randint(0, len(b))
            b[i : i + rng.randint(0, 1)] = rng.choice(["", rng.choice(letters)])
        b = "".join(b)
        d = table_edits(a, b)
        assert samefig.levenshtein(a, b) == d, (a, b)
        for limit in (0, 1, 2, 4):
            assert bounded_edits(a, b, limit) == (d if d <= limit else None), (a, b, limit)
    # longer than a machine word
    a = "x" * 70 + "abc" * 20
    b = "x" * 69 + "abd" * 20 + "q"
    assert samefig.levenshtein(a, b) == table_edits(a, b)


def test_panels_without_ticks_and_untitled_panels():
    none = _doc("a", [None], [G1])
    assert len(_corpus(none, _doc("b", [None], [G1]))) == 1  # untitled: values decide
    assert len(_corpus(none, _doc("b", ["Accuracy"], [G1]))) == 0
    p = [panel_row("a", 0, None, None), panel_row("b", 0, None, None)]
    c, pf = frames(p, [])
    assert len(same_figure(pf, c)) == 0
