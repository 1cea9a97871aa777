"""The shard and corpus rules have measured resources in profiles/slurm, not the profile's
defaults, and never less memory than the rule itself declares."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]


def _rules() -> dict[str, dict]:
    """rule name -> {"local": bool, "mem_mb": int | None}, read from rules/*.smk (a
    checkpoint is a rule too)."""
    out = {}
    for path in sorted((ROOT / "rules").glob("*.smk")):
        text = path.read_text()
        for m in re.finditer(r"^(?:rule|checkpoint) (\w+):\n((?:[ \t]+.*\n|\n)*)", text, re.M):
            body = m.group(2)
            mem = re.search(r"mem_mb\s*=\s*(\d+)", body)
            out[m.group(1)] = {
                "local": bool(re.search(r"localrule:\s*True", body)),
                "mem_mb": int(mem.group(1)) if mem else None,
                # memory computed from the shard's input size (job_memory in common.smk)
                "derived_mem": bool(re.search(r"mem_mb\s*=\s*job_memory\(", body)),
            }
    return out


def _profile() -> dict:
    return yaml.safe_load((ROOT / "profiles" / "slurm" / "config.yaml").read_text())


def test_the_rules_are_read():
    rules = _rules()
    assert {"shard", "corpus", "archive"} <= set(rules)
    assert rules["archive"]["local"] and not rules["corpus"]["local"]
    assert rules["shard"]["derived_mem"] and not rules["corpus"]["derived_mem"]


MEASURED = ("shard", "corpus")


@pytest.mark.parametrize("rule", MEASURED)
def test_every_measured_rule_has_its_resources(rule):
    assert not _rules()[rule]["local"]
    resources = _profile()["set-resources"]
    assert rule in resources, f"{rule}: no entry in profiles/slurm set-resources"
    entry = resources[rule]
    if _rules()[rule]["derived_mem"]:
        # a fixed value would override the memory the rule derives from its input
        assert "mem_mb" not in entry, f"{rule}: the profile fixes memory the rule derives"
    else:
        assert entry["mem_mb"] >= (_rules()[rule]["mem_mb"] or 0)
    assert entry["runtime"] >= 1
    # the numbers the entry rests on are written next to it
    assert re.search(rf"^#\s+{rule}\s+\d+", (ROOT / "profiles/slurm/config.yaml").read_text(), re.M)


def test_a_rule_without_an_entry_would_be_caught(tmp_path):
    resources = dict(_profile()["set-resources"])
    resources.pop("shard")
    missing = [r for r in MEASURED if r not in resources]
    assert missing == ["shard"]
