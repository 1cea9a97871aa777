"""Parse one figure description into panels, cells, claims and findings.

Pure functions: bytes in, plain records out. No Snakemake, no file system.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import pandas as pd

from figdata import tables


@dataclass
class ParsedDocument:
    doc: str
    cells: list[dict] = field(default_factory=list)
    panels: list[dict] = field(default_factory=list)
    findings: list[dict] = field(default_factory=list)
    claims: list[dict] = field(default_factory=list)

    def frames(self) -> dict[str, pd.DataFrame]:
        """The four tables of this document, typed as in :mod:`figdata.tables`."""
        return {
            name: tables.frame(
                [{**row, "doc": self.doc} for row in getattr(self, name)], columns
            )
            for name, columns in tables.TABLES.items()
        }


def parse_document(doc: str, raw: bytes) -> ParsedDocument:
    """Parse the bytes of one document (``doc`` is its file stem)."""
    # placeholder until the recognisers land; keeps the pipeline runnable
    return ParsedDocument(doc=doc)


def parse_documents(items: Iterable[tuple[str, bytes]]) -> list[ParsedDocument]:
    """Parse many documents in one process (batches amortise start-up cost)."""
    return [parse_document(doc, raw) for doc, raw in items]
