"""The synthetic corpus behind the benchmark: varied bytes, unchanged parser workload."""

from pathlib import Path

import pytest
import synth  # bench/synth.py: pyproject puts bench/ on the test path

from figdata.parse import parse_document

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = [ROOT / "seeds", ROOT / "tests" / "corpus" / "docs"]


@pytest.fixture(scope="module")
def templates():
    return synth.load_templates(FOLDERS)


@pytest.fixture(scope="module")
def corpus(templates):
    # two rounds, so that every template is used with two different variants
    return synth.generate(templates, 2 * len(templates), seed=7)


def test_every_template_is_used(templates, corpus):
    assert len(templates) >= 30
    used = {name.split("_", 1)[1] for name, _ in corpus}
    assert used == {t.name for t in templates}


def test_same_seed_same_bytes(templates, corpus):
    assert synth.generate(templates, 2 * len(templates), seed=7) == corpus
    assert synth.generate(templates, 2 * len(templates), seed=8) != corpus


def test_no_output_copies_an_input_or_another_output(templates, corpus):
    inputs = {t.raw for t in templates}
    outputs = [raw for _, raw in corpus]
    assert not inputs & set(outputs)
    assert len(set(outputs)) == len(outputs)


def test_start_continues_the_same_sequence(templates, corpus):
    assert synth.generate(templates, 3, seed=7, start=5) == corpus[5:8]


@pytest.mark.parametrize("round_", [0, 1])
def test_synthetic_documents_parse_like_their_templates(templates, corpus, round_):
    n = len(templates)
    for i, template in enumerate(templates):
        name, raw = corpus[round_ * n + i]
        want = parse_document("doc", template.raw)
        got = parse_document("doc", raw)
        assert (len(got.panels), len(got.cells)) == (len(want.panels), len(want.cells)), name
        assert [c["layout"] for c in got.cells] == [c["layout"] for c in want.cells], name
        # the malformed ones stay malformed: the same kinds of error findings
        errors = sorted({f["kind"] for f in got.findings if f["severity"] == "error"})
        want_errors = sorted({f["kind"] for f in want.findings if f["severity"] == "error"})
        assert errors == want_errors, name


def test_values_change_but_ticks_do_not(templates, corpus):
    template = next(t for t in templates if t.name.startswith("d03_"))
    name, raw = next((n, r) for n, r in corpus if n.endswith(template.name))
    want = parse_document("doc", template.raw)
    got = parse_document("doc", raw)
    assert [p["x_ticks"] for p in got.panels] == [p["x_ticks"] for p in want.panels]
    assert [c["value"] for c in got.cells] != [c["value"] for c in want.cells]
    changed = [
        (a["value_text"], b["value_text"])
        for a, b in zip(want.cells, got.cells, strict=True)
        if a["value_text"] != b["value_text"]
    ]
    # the printed precision is kept
    assert all(len(a.partition(".")[2]) == len(b.partition(".")[2]) for a, b in changed)


def test_whitespace_only_stays_blank(templates):
    template = next(t for t in templates if not t.raw.strip())
    raw = synth.synthesize(template, 12)
    assert raw != template.raw and not raw.strip()


def test_cli_writes_the_corpus(tmp_path):
    out = tmp_path / "docs"
    assert synth.main([str(out), "-n", "3", "--templates", str(FOLDERS[0])]) == 0
    assert len(list(out.iterdir())) == 3
