"""What a change reruns: a config value, a module, a touched file (dry runs in a scratch copy).

The expectations are written per rule: every rule of the workflow must be in
the full plan, every config key and every stage's code must have a case, so a
new stage or key that is not covered fails here until it is.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
import yaml
from helpers import (
    REPO,
    downstream,
    full_plan,
    make_workspace,
    planned_jobs,
    rule_graph,
    run_snakemake,
)

from figdata import layout

pytestmark = pytest.mark.e2e

SCHEMA = yaml.safe_load((REPO / "config" / "schema.yaml").read_text())

#: rules outside the default target (run on demand)
ON_DEMAND = {"archive"}


@pytest.fixture(scope="module")
def done(tmp_path_factory) -> Path:
    workdir = make_workspace(tmp_path_factory.mktemp("incremental"))
    shutil.copytree(workdir / "seeds", workdir / "other_seeds")
    run_snakemake(workdir)
    return workdir


@pytest.fixture(scope="module")
def plan(done) -> dict[str, int]:
    return full_plan(done)


def test_every_rule_is_in_the_full_plan(done, plan):
    proc = run_snakemake(done, "--list-rules")
    rules = set(re.findall(r"^(\w+)$", proc.stdout, flags=re.M))
    assert rules - ON_DEMAND == set(plan)


#: the corpus job writes the report, whose pages show the whole configuration (a parameter)
REPORT_RULES = {"corpus"}


def config_cases() -> dict[str, tuple[object, set[str] | None]]:
    """Config key -> (another value, the first rules it reruns; None: all of them)."""
    return {
        # another folder of the same documents: every path changes
        "seeds_dir": ("other_seeds", None),
        # documents move between shards: everything is redone
        "shards": (3, None),
        # the figures are drawn by the shard job (its other stages take every document
        # from their caches: test_a_rerun_for_one_stage_redoes_that_stage_only)
        "figure_cmap": ("magma", {"shard", *REPORT_RULES}),
        "figure_diverging_cmap": ("PuOr", {"shard", *REPORT_RULES}),
        "figure_dpi": (120, {"shard", *REPORT_RULES}),
        "comparison_figures": (False, {"shard", *REPORT_RULES}),
        "report_title": ("Another title", REPORT_RULES),
        "report_page_size": (20, REPORT_RULES),
        # the bounds on one document are the shard job's parameters (its extract stage)
        "max_doc_mb": (5, {"shard"}),
        "doc_time_budget_s": (60, {"shard"}),
        "follow_outside_links": (True, {"shard"}),
    }


def test_every_config_key_has_a_case():
    assert set(config_cases()) == set(SCHEMA["properties"])


@pytest.mark.parametrize("key", sorted(config_cases()))
def test_a_config_change_reruns_the_jobs_that_use_it(done, key):
    value, first = config_cases()[key]
    # a file, so that the value keeps its YAML type (--config gives a boolean as a string)
    override = done / f"override-{key}.yaml"
    override.write_text(yaml.safe_dump({key: value}))
    changed = planned_jobs(done, "--configfile", "config/config.yaml", override.name)
    expected = full_plan(done, "--configfile", "config/config.yaml", override.name)
    if first is not None:
        rules = downstream(rule_graph(done), first)
        expected = {r: n for r, n in expected.items() if r in rules}
    assert changed == expected
    assert planned_jobs(done) == {}


#: a module of each stage -> the first rules that must rerun when it changes
CODE_CASES = {
    "parse/values.py": {"shard"},
    "validate/quality.py": {"shard"},
    "schemas.py": {"shard"},
    "corpus.py": {"corpus"},
    "stats/factcheck.py": {"shard", "corpus"},
    "figures/output.py": {"shard", "corpus"},
    "templates/document.html": {"corpus"},
    "tables.py": {"shard"},
    "seeds.py": {"documents"},
}


def test_every_stage_has_a_code_case():
    root = REPO / "src" / "figdata"
    own = {
        stage: {p.relative_to(root).as_posix() for g in globs for p in root.glob(g)}
        for stage, globs in layout.STAGE_CODE.items()
    }
    covered = {stage for stage, modules in own.items() if modules & set(CODE_CASES)}
    assert covered >= set(layout.STAGE_CODE) - ON_DEMAND


@pytest.mark.parametrize("module", sorted(CODE_CASES))
def test_a_code_change_reruns_the_jobs_that_depend_on_it(done, plan, module):
    path = done / "src" / "figdata" / module
    original = path.read_bytes()
    try:
        path.write_bytes(original + b"\n# changed\n")
        changed = planned_jobs(done)
    finally:
        path.write_bytes(original)
    rules = downstream(rule_graph(done), CODE_CASES[module])
    # every shard's job of those rules (a full plan's counts), and no other rule
    assert changed == {r: n for r, n in plan.items() if r in rules}
    assert planned_jobs(done) == {}


def test_a_touch_without_change_reruns_nothing(done):
    touched = 0
    for folder in ("seeds", "config", "rules", "src"):
        for path in (done / folder).rglob("*"):
            if path.is_file():
                os.utime(path)
                touched += 1
    os.utime(done / "Snakefile")
    assert touched > 20
    assert planned_jobs(done) == {}


#: a change for one stage of the shard job -> the stages that must take every document
#: from their caches (a config override, or a module and the stage it belongs to)
ONE_STAGE_CASES = {
    "figure_cmap": ("extract", "validate", "stats"),
    "stats/factcheck.py": ("extract", "validate"),
}


@pytest.mark.parametrize("change", sorted(ONE_STAGE_CASES))
def test_a_rerun_for_one_stage_redoes_that_stage_only(tmp_path, change):
    """The shard job runs every per-document stage of its shard; a change that concerns
    one of them reruns the job, and the others take every document from their caches and
    leave every published file as it was (bytes and time)."""
    workdir = make_workspace(tmp_path)
    run_snakemake(workdir)
    published = [
        p
        for folder in ("cells", "panels", "findings", "validation")
        for p in (workdir / layout.RESULTS / folder).iterdir()
    ]
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in published}
    args: tuple[str, ...] = ()
    if change.endswith(".py"):
        path = workdir / "src" / "figdata" / change
        path.write_bytes(path.read_bytes() + b"\n# changed\n")
    else:
        (workdir / "override.yaml").write_text(yaml.safe_dump({change: "magma"}))
        args = ("--configfile", "config/config.yaml", "override.yaml")
    shards = sorted((workdir / "logs" / "shard").iterdir())
    run_snakemake(workdir, *args)
    for log in shards:
        text = log.read_text()
        n = len(read_manifest_docs(workdir, log.stem))
        for stage in ONE_STAGE_CASES[change]:
            assert re.search(rf"^INFO {stage}: {n} documents? unchanged", text, re.M), (
                stage,
                text[-2000:],
            )
        if change.endswith(".py"):
            assert "figures: 0 drawn" in text
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in published} == before


def read_manifest_docs(workdir: Path, shard: str) -> set[str]:
    folder = layout.shard_folder(str(workdir / layout.RESULTS), shard)
    text = Path(layout.files(folder, layout.DOCUMENTS_FILES)["documents"]).read_text()
    return {line.split("\t", 1)[0] for line in text.splitlines()[1:]}
