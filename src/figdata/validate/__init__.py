"""Validate the parser's raw tables: the structural contract first, then data quality.

Structural problems (a missing or extra column, a type that cannot be coerced, a
null where none is allowed, a broken range) are bugs in the pipeline: they raise
:class:`StructuralError`, naming document, table, column and check
(:mod:`.structural`). Data-quality problems never raise: they become findings
(``stage="validate"``) and the rows concerned move to the quarantine table, so
nothing is lost (:mod:`.quality`, one check per entry of its ``CHECKS``). Each
document gets a report of what was checked and found (:mod:`.report`).

pandera costs milliseconds per call and per column whatever the size of the
frame, so documents are validated in batches: :func:`validate_tables` takes a
shard as one frame per table (the pipeline's path), :func:`validate_documents`
a list of per-document frames, and :func:`validate_document` is a batch of one.
All data-quality checks are vectorised over the whole batch; ``_d`` is the
position of a row's document in the batch.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from figdata import tables
from figdata.gcpause import gc_paused
from figdata.validate.quality import CHECKS, data_quality
from figdata.validate.report import offsets_of, reports
from figdata.validate.structural import (
    StructuralError,
    check_references,
    checked,
    concatenated,
    forced_validation,
    located,
)

__all__ = [
    "CHECKS",
    "BatchResult",
    "StructuralError",
    "ValidationResult",
    "forced_validation",
    "validate_document",
    "validate_documents",
    "validate_tables",
]


@dataclass
class ValidationResult:
    tables: dict[str, pd.DataFrame]
    quarantine: pd.DataFrame
    report: dict = field(default_factory=dict)


@dataclass
class BatchResult:
    """Validated tables of many documents, each table's rows grouped by document.

    Documents come in the order of ``docs``; within a document rows keep their
    order (validate-stage findings after the parser's).
    """

    docs: list[str]
    tables: dict[str, pd.DataFrame]
    quarantine: pd.DataFrame
    reports: dict[str, dict]
    #: table name -> row offsets: document i owns rows offsets[i]:offsets[i + 1]
    offsets: dict[str, np.ndarray]

    def document(self, doc: str) -> ValidationResult:
        """One document's share, as :func:`validate_document` would return it."""
        i = self._position[doc]
        part = {}
        for name, df in (*self.tables.items(), ("quarantine", self.quarantine)):
            piece = df.iloc[self.offsets[name][i] : self.offsets[name][i + 1]]
            # a fresh index instead of reset_index(): that one copies every column
            piece.index = pd.RangeIndex(len(piece))
            part[name] = piece
        quarantine = part.pop("quarantine")
        return ValidationResult(tables=part, quarantine=quarantine, report=self.reports[doc])

    @functools.cached_property
    def _position(self) -> dict[str, int]:
        return {doc: i for i, doc in enumerate(self.docs)}


def validate_document(doc: str, frames: Mapping[str, pd.DataFrame]) -> ValidationResult:
    """Validate the raw tables (cells, panels, findings, claims) of document ``doc``.

    Each call pays pandera's fixed cost (about 0.1 s); loops over many documents
    belong in :func:`validate_documents` or :func:`validate_tables`.
    """
    return validate_documents([(doc, frames)])[doc]


def validate_documents(
    items: Iterable[tuple[str, Mapping[str, pd.DataFrame]]] | Mapping,
) -> dict[str, ValidationResult]:
    """Validate many documents at once; same results as one :func:`validate_document` each."""
    pairs = list(items.items()) if isinstance(items, Mapping) else list(items)
    docs = _names([doc for doc, _ in pairs])
    with gc_paused(), forced_validation():
        raw = {name: checked(name, *concatenated(name, pairs), docs) for name in tables.TABLES}
        batch = _run(raw, docs)
        return {doc: batch.document(doc) for doc in docs}


def validate_tables(frames: Mapping[str, pd.DataFrame], docs: Iterable[str]) -> BatchResult:
    """Validate the raw tables of many documents given as one frame per table.

    Each row belongs to the document its ``doc`` column names, which must be one of
    ``docs``; a document of ``docs`` may have no rows at all (it is reported as a
    document without panels, unless a finding explains it). This is the shard path:
    no splitting into per-document frames on the way in or out.
    """
    docs = _names(list(docs))
    with gc_paused(), forced_validation():
        raw = {name: checked(name, *located(name, frames, docs), docs) for name in tables.TABLES}
        return _run(raw, docs)


def _names(docs: list) -> list[str]:
    if len(set(docs)) != len(docs) or not all(isinstance(d, str) and d for d in docs):
        raise ValueError("document names must be distinct non-empty strings")
    return docs


def _run(raw: dict, docs: list[str]) -> BatchResult:
    check_references(raw, docs)
    out, quarantine, new, failures, n_raw = data_quality(raw, docs)
    per_doc = reports(docs, raw, out, new, quarantine, failures, n_raw)
    typed, offsets = {}, {}
    for name, columns in (*tables.TABLES.items(), ("quarantine", tables.QUARANTINE)):
        df = quarantine if name == "quarantine" else out[name]
        df = df.sort_values("_d", kind="stable", ignore_index=True)
        offsets[name] = offsets_of(df["_d"], len(docs))
        typed[name] = df.drop(columns="_d").astype(columns)
    quarantine = typed.pop("quarantine")
    return BatchResult(
        docs=docs,
        tables=typed,
        quarantine=quarantine,
        reports=dict(zip(docs, per_doc, strict=True)),
        offsets=offsets,
    )
