"""Run a pipeline stage over a shard of documents in one process.

Starting Python and importing pandas, pyarrow and pandera costs seconds; one
document's work costs milliseconds, and so does every small file written. So a
job handles a whole shard, builds each table once for the shard, and writes
the shard's raw tables as one file per table. The validate job then publishes
the per-document files of the output contract from those shard tables (one
Arrow table per table, sliced per document), all at once (figdata.publish).
One document's failure never stops the others: a parser crash becomes an
``error`` finding of that document.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from figdata import fileio, publish, tables
from figdata.fileio import configure_logging  # noqa: F401  (the jobs' entry points use it)

log = logging.getLogger("figdata")

#: tables the extract stage writes (raw parser output), one file per shard each
RAW_TABLES = tuple(tables.TABLES)
#: tables the validate stage writes, per shard and per document
VALIDATED = (*RAW_TABLES, "quarantine")
COLUMNS = {**tables.TABLES, "quarantine": tables.QUARANTINE}
#: every output of a validate job besides the per-document files
VALIDATE_OUTPUTS = (*VALIDATED, "report", "summary", "manifest")
SUMMARY = tables.SUMMARY


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _line(name: str, panels: int, cells: int, findings: int, sev: Mapping[str, int]) -> str:
    parts = [_plural(sev.get(s, 0), s) for s in tables.SEVERITIES if sev.get(s, 0)]
    text = (
        f"{name}: {_plural(panels, 'panel')}, {_plural(cells, 'cell')}, "
        f"{_plural(findings, 'finding')}"
    )
    return f"{text} ({', '.join(parts)})" if parts else text


def _severities(values) -> dict[str, int]:
    counts = dict.fromkeys(tables.SEVERITIES, 0)
    for s in values:
        if s in counts:
            counts[s] += 1
    return counts


def describe(name: str, frames: Mapping) -> str:
    """One log line: ``name.txt: 3 panels, 120 cells, 2 findings (1 error, 1 warning)``."""
    findings = frames.get("findings", ())
    sev = _severities(findings["severity"]) if len(findings) else {}
    return _line(
        name, len(frames.get("panels", ())), len(frames.get("cells", ())), len(findings), sev
    )


# --- extract -------------------------------------------------------------------------


def parser_error_rows(doc: str, name: str, exc: BaseException) -> dict[str, list[dict]]:
    """No rows but one ``parser_error`` finding, for a document the parser choked on."""
    lines = traceback.format_exception_only(type(exc), exc)
    last = lines[-1].strip() if lines else type(exc).__name__
    finding = {
        "doc": doc,
        "kind": "parser_error",
        "severity": "error",
        "detail": f"{name}: the parser failed: {last}",
        "stage": "parse",
    }
    return {t: [finding] if t == "findings" else [] for t in RAW_TABLES}


def extract_rows(path: fileio.PathLike) -> dict[str, list[dict]]:
    """Parse one document file into its raw rows per table; never raises on bad content."""
    from figdata.parse import parse_document

    path = Path(path)
    doc = fileio.doc_id(path)
    raw = fileio.read_document(path)
    try:
        parsed = parse_document(doc, raw)
    except Exception as exc:  # one bad document must not stop the batch
        log.exception("%s: the parser raised; recording a parser_error finding", path.name)
        return parser_error_rows(doc, path.name, exc)
    return {t: [{**row, "doc": doc} for row in getattr(parsed, t)] for t in RAW_TABLES}


def extract_shard(
    doc_paths: Sequence[fileio.PathLike], out_paths: Mapping[str, fileio.PathLike]
) -> list[str]:
    """Parse every document and write the shard's raw tables, one file per table.

    ``out_paths`` maps cells, panels, findings and claims to their files.
    Returns the log lines, one per document.
    """
    missing = set(RAW_TABLES) - set(out_paths)
    if missing:
        raise ValueError(f"no output paths for tables {sorted(missing)}")
    docs = [fileio.doc_id(p) for p in doc_paths]
    if len(set(docs)) != len(docs):
        raise ValueError("two documents of the shard share an id")
    rows: dict[str, list[dict]] = {t: [] for t in RAW_TABLES}
    lines = []
    for path in doc_paths:
        doc_rows = extract_rows(path)
        for table in RAW_TABLES:
            rows[table].extend(doc_rows[table])
        findings = doc_rows["findings"]
        lines.append(
            _line(
                Path(path).name,
                len(doc_rows["panels"]),
                len(doc_rows["cells"]),
                len(findings),
                _severities(f.get("severity") for f in findings),
            )
        )
        log.info(lines[-1])
        for f in findings:
            # a problem names its file and line, so a user can go straight to it
            if f.get("severity") in ("error", "warning"):
                where = f"{Path(path).name}:{f['line']}" if f.get("line") else Path(path).name
                log.warning("%s: %s: %s", where, f["kind"], f["detail"])
    # one DataFrame per table and shard: building them per document cost more
    # than the parsing itself
    for table in RAW_TABLES:
        fileio.write_parquet(
            tables.frame(rows[table], tables.TABLES[table]), out_paths[table], table
        )
    return lines


# --- validate ------------------------------------------------------------------------


def _bounds(df: pd.DataFrame, docs: Sequence[str], table: str) -> dict[str, tuple[int, int]]:
    """Row range of each document in ``df``, whose rows are grouped by document."""
    values = df["doc"].to_numpy(dtype=object)
    if len(values) == 0:
        return {}
    starts = np.flatnonzero(np.r_[True, values[1:] != values[:-1]])
    stops = np.r_[starts[1:], len(values)]
    runs = {values[a]: (int(a), int(b)) for a, b in zip(starts, stops, strict=True)}
    if len(runs) != len(starts):
        raise ValueError(f"{table}: rows of one document are not contiguous")
    unknown = sorted(set(runs) - set(docs))
    if unknown:
        raise ValueError(f"{table}: rows of documents outside the shard: {unknown[:5]}")
    return runs


def split_by_doc(
    frames: Mapping[str, pd.DataFrame], docs: Sequence[str]
) -> list[tuple[str, dict[str, pd.DataFrame]]]:
    """The shard's tables as one set of frames per document, in ``docs`` order."""
    out: list[tuple[str, dict[str, pd.DataFrame]]] = [(d, {}) for d in docs]
    for table, df in frames.items():
        runs = _bounds(df, docs, table)
        for doc, parts in out:
            start, stop = runs.get(doc, (0, 0))
            piece = df.iloc[start:stop]
            # a fresh index instead of reset_index(): that one copies every column
            piece.index = pd.RangeIndex(stop - start)
            parts[table] = piece
    return out


def _merged(parts: Sequence[pd.DataFrame], docs: Sequence[str], table: str) -> pd.DataFrame:
    merged = fileio.sort_rows(fileio.concat(list(parts), COLUMNS[table]), table)
    # per-document files are slices of this one table: check they line up
    expected = np.repeat(np.array(docs, dtype=object), [len(p) for p in parts])
    if not np.array_equal(merged["doc"].to_numpy(dtype=object), expected):
        raise RuntimeError(f"{table}: rows are not grouped by document after sorting")
    return merged


def validate_shard(
    docs: Sequence[str],
    in_paths: Mapping[str, fileio.PathLike],
    outputs: Mapping[str, fileio.PathLike],
    results: fileio.PathLike = "results",
    owns: Callable[[str], bool] | None = None,
) -> list[str]:
    """Validate a shard's raw tables and publish the validated ones.

    ``in_paths`` maps cells, panels, findings, claims to the raw shard tables;
    ``outputs`` maps each name of :data:`VALIDATE_OUTPUTS` to a shard file: the
    five validated tables, ``report`` (every document's validation report),
    ``summary`` (counts per document) and ``manifest``. Besides them the
    per-document files go under ``results`` (``results/cells/{doc}.parquet``,
    ...), listed in the manifest. Files of documents the previous run of this
    shard published but that are no longer in ``docs`` are removed, if
    ``owns(doc)`` (default: always).

    A ``figdata.validate.StructuralError`` propagates before anything is
    written: it is a pipeline bug, the job must fail, and the previous
    publication stays as it was. Bad data never raises; it comes back as
    findings and quarantined rows.
    """
    from figdata import validate

    docs = list(docs)
    if len(set(docs)) != len(docs):
        raise ValueError("a document is listed twice")
    missing = set(VALIDATE_OUTPUTS) - set(outputs)
    if missing:
        raise ValueError(f"no output paths for {sorted(missing)}")
    raw = {t: fileio.read_parquet(in_paths[t]) for t in RAW_TABLES}
    checked = validate.validate_documents(split_by_doc(raw, docs))

    pub = publish.Publication(outputs["manifest"], results)
    order = sorted(docs)
    merged = {}
    for table in VALIDATED:
        parts = [
            checked[doc].quarantine if table == "quarantine" else checked[doc].tables[table]
            for doc in order
        ]
        merged[table] = _merged(parts, order, table)
        data = fileio.arrow_table(merged[table], table)
        offset = 0
        for doc, part in zip(order, parts, strict=True):
            n = len(part)
            pub.add_doc_file(doc, table, fileio.parquet_bytes(data.slice(offset, n)), n)
            offset += n
        pub.add_output(fileio.parquet_bytes(data), outputs[table])
    for doc in order:
        pub.add_doc_file(doc, "report", fileio.json_text(checked[doc].report).encode("utf-8"), None)
    reports = {doc: checked[doc].report for doc in order}
    pub.add_output(fileio.json_text(reports, compact=True).encode("utf-8"), outputs["report"])

    summary = summary_rows(order, merged)
    pub.add_output(
        fileio.parquet_bytes(fileio.arrow_table(tables.frame(summary, SUMMARY), "summary")),
        outputs["summary"],
    )
    removed = pub.commit(docs, owns or (lambda d: True))
    lines = []
    for row in summary:
        sev = {s: row[s] for s in tables.SEVERITIES}
        line = _line(row["doc"], row["panels"], row["cells"], row["findings"], sev)
        lines.append(f"{line}, {row['quarantined']} quarantined")
        log.info(lines[-1])
    if removed:
        log.info("removed %s of documents no longer in the shard", _plural(removed, "file"))
    return lines


def summary_rows(docs: Sequence[str], merged: Mapping[str, pd.DataFrame]) -> list[dict]:
    """Counts per document (see :data:`SUMMARY`) from the shard's validated tables."""
    sizes = {t: merged[t]["doc"].value_counts() for t in VALIDATED}
    findings = merged["findings"]
    sev = findings.groupby(["doc", "severity"], observed=True).size()
    rows = []
    for doc in docs:
        row = {
            "doc": doc,
            "panels": int(sizes["panels"].get(doc, 0)),
            "cells": int(sizes["cells"].get(doc, 0)),
            "claims": int(sizes["claims"].get(doc, 0)),
            "quarantined": int(sizes["quarantine"].get(doc, 0)),
            "findings": int(sizes["findings"].get(doc, 0)),
        }
        row.update({s: int(sev.get((doc, s), 0)) for s in tables.SEVERITIES})
        rows.append(row)
    return rows
