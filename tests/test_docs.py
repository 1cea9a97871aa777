"""The README's output contract matches the code."""

from __future__ import annotations

import re

from helpers import REPO, SEEDS, load_script

from figdata import batch, fileio, tables
from figdata.parse import parse_document
from figdata.validate import validate_document

README = (REPO / "README.md").read_text(encoding="utf-8")


def documented_columns(section: str) -> list[str]:
    body = README.split(f"### `{section}`", 1)[1].split("\n### ", 1)[0]
    return re.findall(r"^\| `([^`]+)` \|", body, re.M)


def test_contract_section_is_current():
    assert load_script("contract_doc").render() in README, (
        "README.md is out of date: run python scripts/contract_doc.py"
    )


def test_every_column_of_every_table_is_documented():
    expected = {**tables.TABLES, "quarantine": tables.QUARANTINE, "summary.tsv": batch.SUMMARY}
    for name, columns in expected.items():
        assert documented_columns(name) == list(columns), name


def test_report_keys_are_documented():
    doc = sorted(SEEDS.glob("*.txt"))[0]
    result = validate_document(
        doc.stem, parse_document(doc.stem, fileio.read_document(doc)).frames()
    )
    assert set(result.report) == set(load_script("contract_doc").REPORT_DOC)
    assert set(result.report["rows"]) == set(tables.TABLES)
