"""The stats stage checks its own tables against their pandera models at run time:
a broken table fails the job, naming document, table, column and check, and nothing
is published; switching pandera off from the environment changes nothing."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from helpers import SEEDS, run_both_stages, shard_outputs
from pandera.config import config_context

from figdata import layout
from figdata.parse import parse_document
from figdata.stats import job
from figdata.stats.compute import compute
from figdata.stats.contract import CORPUS_MODELS, check_tables
from figdata.stats.samefig import same_figure
from figdata.validate import StructuralError

DOC = (Path(__file__).parent / "stats_docs" / "all_kinds.txt").read_text()


def _out():
    frames = parse_document("doc", DOC.encode()).frames()
    return compute(frames["cells"], frames["panels"], frames["claims"])


def test_the_tables_as_computed_pass():
    check_tables(_out(), ["doc"])


@pytest.mark.parametrize(
    "table, column, value, check",
    [
        ("factcheck", "verdict", "maybe", "isin"),
        ("panel_lines", "rho", 2.0, "less_than_or_equal_to(1)"),
        ("panel_stats", "completeness", -0.5, "greater_than_or_equal_to(0)"),
        ("panel_stats", "max", -100.0, "ordered_stats"),
        ("panel_pairs", "panel_b", 0, "ordered_pair"),
        ("findings", "severity", "fatal", "isin"),
    ],
)
def test_a_broken_table_names_document_table_column_and_check(table, column, value, check):
    out = _out()
    if table == "findings":
        out["findings"] = pd.DataFrame(
            [
                {
                    "doc": "doc", "panel": 0, "line": 3, "kind": "claim_contradicted",
                    "severity": "warning", "detail": "d", "raw": None, "x": None, "y": None,
                    "stage": "stats",
                }
            ]
        ).astype(out["findings"].dtypes.to_dict())  # fmt: skip
    out[table].loc[out[table].index[0], column] = value
    with pytest.raises(StructuralError) as err:
        check_tables(out, ["doc"])
    message = str(err.value)
    assert message.startswith(f"document 'doc', table '{table}'")
    assert check.split("(")[0] in message
    record = err.value.records[0]
    assert (record["doc"], record["table"], record["check"].split("(")[0]) == (
        "doc",
        table,
        check.split("(")[0],
    )
    assert column in record["column"]


def test_a_missing_column_is_named():
    out = _out()
    out["panel_stats"] = out["panel_stats"].drop(columns="median")
    with pytest.raises(StructuralError, match="table 'panel_stats'.*median"):
        check_tables(out, ["doc"])


def test_pandera_switched_off_by_the_environment_still_checks():
    out = _out()
    out["factcheck"].loc[0, "verdict"] = "maybe"
    with config_context(validation_enabled=False), pytest.raises(StructuralError):
        check_tables(out, ["doc"])


def test_corpus_tables_are_checked_and_name_the_documents():
    paths = sorted(SEEDS.glob("*.txt"))
    parsed = [parse_document(p.stem, p.read_bytes()).frames() for p in paths]
    groups = same_figure(
        pd.concat([f["panels"] for f in parsed], ignore_index=True),
        pd.concat([f["cells"] for f in parsed], ignore_index=True),
    )
    summary = pd.DataFrame({"section": ["claims"], "key": ["total"], "value": [3.0]})
    docs = [p.stem for p in paths]
    check_tables({"same_figure": groups, "stats_summary": summary}, docs, CORPUS_MODELS)
    groups.loc[0, "n_agree"] += 1
    with pytest.raises(StructuralError, match=r"document '003_\w+', table 'same_figure'"):
        check_tables({"same_figure": groups, "stats_summary": summary}, docs, CORPUS_MODELS)
    summary.loc[0, "key"] = ""
    with pytest.raises(StructuralError, match=r"document '\(corpus\)', table 'stats_summary'"):
        check_tables({"same_figure": groups[:0], "stats_summary": summary}, docs, CORPUS_MODELS)


def test_the_job_fails_and_publishes_nothing(tmp_path, monkeypatch):
    docs = sorted(SEEDS.glob("*.txt"))[:2]
    stems, _ = run_both_stages(tmp_path, docs)
    inputs = shard_outputs(tmp_path)
    outputs = {k: tmp_path / "shard" / v for k, v in layout.STATS_FILES.items()}
    real = job.compute

    def broken(*args):
        out = real(*args)
        out["panel_stats"].loc[out["panel_stats"].index[-1], "std"] = -1.0
        return out

    monkeypatch.setattr(job, "compute", broken)
    with pytest.raises(StructuralError, match=rf"document '{stems[1]}', table 'panel_stats'"):
        job.stats_shard(stems, inputs, outputs, results=tmp_path / "results")
    assert not (tmp_path / "results" / "stats").exists()
    assert not outputs["manifest"].exists()
    monkeypatch.setattr(job, "compute", real)
    job.stats_shard(stems, inputs, outputs, results=tmp_path / "results")
    assert sorted(p.stem for p in (tmp_path / "results" / "stats").iterdir()) == stems
