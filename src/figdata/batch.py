"""Run a pipeline stage over a list of documents in one process.

Starting Python and importing pandas, pyarrow and pandera costs seconds; one
document's work costs milliseconds. The workflow therefore hands each job a
whole shard of documents, and these functions do the per-document work in a
loop while still writing one set of files per document (so that an edited
document only reruns its own shard). One document's failure never stops the
others: a parser crash becomes an ``error`` finding of that document.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Mapping, Sequence
from pathlib import Path

import pandas as pd

from figdata import io, tables

log = logging.getLogger("figdata")

#: tables the extract stage writes per document (raw parser output)
RAW_TABLES = tuple(tables.TABLES)
#: files the validate stage writes per document, besides the four tables
VALIDATE_EXTRA = ("quarantine", "report")

#: per-document counts written by the validate stage and summed up by ``aggregate``
SUMMARY: dict[str, str] = {
    "doc": "string",
    "panels": "int64",
    "cells": "int64",
    "claims": "int64",
    "quarantined": "int64",
    "findings": "int64",
    "error": "int64",
    "warning": "int64",
    "info": "int64",
}


def _severity_counts(findings: pd.DataFrame) -> dict[str, int]:
    if "severity" not in findings.columns or findings.empty:
        return dict.fromkeys(tables.SEVERITIES, 0)
    counts = findings["severity"].value_counts()
    return {s: int(counts.get(s, 0)) for s in tables.SEVERITIES}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe(name: str, frames: Mapping[str, pd.DataFrame]) -> str:
    """One log line: ``name.txt: 3 panels, 120 cells, 2 findings (1 error, 1 warning)``."""
    findings = frames.get("findings", pd.DataFrame())
    sev = _severity_counts(findings)
    parts = [_plural(n, s) for s, n in sev.items() if n]
    text = (
        f"{name}: {_plural(len(frames.get('panels', ())), 'panel')}, "
        f"{_plural(len(frames.get('cells', ())), 'cell')}, "
        f"{_plural(len(findings), 'finding')}"
    )
    return f"{text} ({', '.join(parts)})" if parts else text


def _check_aligned(docs: Sequence[str], paths: Mapping[str, Sequence], suffix: str = "") -> None:
    # Outputs are matched to documents by position; a mismatch would silently
    # write one document's tables under another's name.
    for table, table_paths in paths.items():
        if len(table_paths) != len(docs):
            raise ValueError(f"{table}: {len(table_paths)} paths for {len(docs)} documents")
        for doc, p in zip(docs, table_paths, strict=True):
            if Path(p).stem != doc:
                raise ValueError(f"{table}: path {p} does not belong to document {doc!r}")


def parser_error_frames(doc: str, name: str, exc: BaseException) -> dict[str, pd.DataFrame]:
    """Empty tables plus one ``parser_error`` finding for a document the parser choked on."""
    lines = traceback.format_exception_only(type(exc), exc)
    last = lines[-1].strip() if lines else type(exc).__name__
    frames = {t: tables.empty(cols) for t, cols in tables.TABLES.items()}
    frames["findings"] = tables.frame(
        [
            {
                "doc": doc,
                "kind": "parser_error",
                "severity": "error",
                "detail": f"{name}: the parser failed: {last}",
                "stage": "parse",
            }
        ],
        tables.FINDINGS,
    )
    return frames


def extract_one(path: io.PathLike) -> dict[str, pd.DataFrame]:
    """Parse one document file into its four raw tables; never raises on bad content."""
    from figdata.parse import parse_document

    path = Path(path)
    doc = io.doc_id(path)
    raw = io.read_document(path)
    try:
        return parse_document(doc, raw).frames()
    except Exception as exc:  # one bad document must not stop the batch
        log.exception("%s: the parser raised; recording a parser_error finding", path.name)
        return parser_error_frames(doc, path.name, exc)


def extract_batch(
    doc_paths: Sequence[io.PathLike],
    out_paths_by_table: Mapping[str, Sequence[io.PathLike]],
) -> list[str]:
    """Parse every document and write its raw tables.

    ``out_paths_by_table[table][i]`` is where document ``doc_paths[i]`` writes
    ``table`` (one of cells, panels, findings, claims). Returns the log lines.
    """
    docs = [io.doc_id(p) for p in doc_paths]
    missing = set(RAW_TABLES) - set(out_paths_by_table)
    if missing:
        raise ValueError(f"no output paths for tables {sorted(missing)}")
    _check_aligned(docs, {t: out_paths_by_table[t] for t in RAW_TABLES})
    lines = []
    for i, path in enumerate(doc_paths):
        frames = extract_one(path)
        for table in RAW_TABLES:
            io.write_parquet(frames[table], out_paths_by_table[table][i], table)
        lines.append(describe(Path(path).name, frames))
        log.info(lines[-1])
    return lines


def summary_row(doc: str, frames: Mapping[str, pd.DataFrame], quarantine: pd.DataFrame) -> dict:
    findings = frames["findings"]
    return {
        "doc": doc,
        "panels": len(frames["panels"]),
        "cells": len(frames["cells"]),
        "claims": len(frames["claims"]),
        "quarantined": len(quarantine),
        "findings": len(findings),
        **_severity_counts(findings),
    }


def validate_batch(
    docs: Sequence[str],
    in_paths_by_table: Mapping[str, Sequence[io.PathLike]],
    out_paths: Mapping[str, Sequence[io.PathLike]],
    shard_findings: io.PathLike | None = None,
    shard_summary: io.PathLike | None = None,
) -> list[str]:
    """Validate the raw tables of every document and write the validated ones.

    ``in_paths_by_table`` maps cells, panels, findings, claims to the raw files,
    ``out_paths`` maps the same four plus ``quarantine`` and ``report`` to the
    validated files, position ``i`` belonging to ``docs[i]``. The optional
    shard files collect the shard's findings and per-document counts so that
    the corpus aggregates read one file per shard, not several per document.

    A ``figdata.validate.StructuralError`` propagates: it is a pipeline bug,
    and the job must fail so that Snakemake keeps none of its outputs. Bad
    data never raises; it comes back as findings and quarantined rows.
    """
    from figdata import validate

    _check_aligned(docs, {t: in_paths_by_table[t] for t in RAW_TABLES})
    _check_aligned(docs, {t: out_paths[t] for t in (*RAW_TABLES, *VALIDATE_EXTRA)})
    raw = [
        (doc, {t: io.read_parquet(in_paths_by_table[t][i]) for t in RAW_TABLES})
        for i, doc in enumerate(docs)
    ]
    # pandera's cost is per call, not per row: validate the shard in one call
    # where the validator offers it, one document at a time otherwise.
    if hasattr(validate, "validate_documents"):
        results = validate.validate_documents(raw)
    else:
        results = {doc: validate.validate_document(doc, frames) for doc, frames in raw}
    lines, all_findings, summaries = [], [], []
    for i, doc in enumerate(docs):
        result = results[doc]
        for table in RAW_TABLES:
            io.write_parquet(result.tables[table], out_paths[table][i], table)
        io.write_parquet(result.quarantine, out_paths["quarantine"][i], "quarantine")
        io.write_json(result.report, out_paths["report"][i])
        all_findings.append(result.tables["findings"])
        summaries.append(summary_row(doc, result.tables, result.quarantine))
        line = describe(doc, result.tables)
        lines.append(f"{line}, {len(result.quarantine)} quarantined")
        log.info(lines[-1])
    if shard_findings is not None:
        io.write_parquet(io.concat(all_findings, tables.FINDINGS), shard_findings, "findings")
    if shard_summary is not None:
        io.write_parquet(tables.frame(summaries, SUMMARY), shard_summary, "summary")
    return lines


def aggregate(
    findings_paths: Sequence[io.PathLike],
    summary_paths: Sequence[io.PathLike],
    out_findings: io.PathLike,
    out_summary: io.PathLike,
) -> pd.DataFrame:
    """Concatenate the shards' findings and per-document counts into corpus tables."""
    findings = io.concat([io.read_parquet(p) for p in findings_paths], tables.FINDINGS)
    summary = io.concat([io.read_parquet(p) for p in summary_paths], SUMMARY)
    io.write_parquet(findings, out_findings, "findings")
    io.write_tsv(summary, out_summary, "summary")
    log.info(
        "corpus: %d documents, %d panels, %d cells, %d findings (%s)",
        len(summary),
        int(summary["panels"].sum()),
        int(summary["cells"].sum()),
        len(findings),
        ", ".join(f"{int(summary[s].sum())} {s}" for s in tables.SEVERITIES),
    )
    return summary


def configure_logging(path: io.PathLike | None = None, level: int = logging.INFO) -> None:
    """Send figdata's log lines to ``path`` (a job's log file), or to stderr."""
    handler = logging.FileHandler(path, mode="w", encoding="utf-8") if path else None
    logging.basicConfig(
        level=level,
        format="%(levelname)s %(message)s",
        handlers=[handler] if handler else None,
        force=True,
    )
