"""Run a pipeline stage over a shard of documents in one process.

Starting Python and importing pandas, pyarrow and pandera costs seconds; one
document's work costs milliseconds, and so does every small file written. So a
job handles a whole shard, builds each table once for the shard, and writes
the shard's raw tables as one file per table. The validate job checks each
shard table as one frame, sorts it once, and publishes the per-document files
of the output contract as slices of it by row offsets, all at once
(figdata.publish).
One document's failure never stops the others: a parser crash becomes an
``error`` finding of that document.
"""

from __future__ import annotations

import logging
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from figdata import cache, fileio, layout, publish, tables

log = logging.getLogger("figdata")

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
    return {t: [finding] if t == "findings" else [] for t in tables.TABLES}


def extract_rows(path: fileio.PathLike, raw: bytes | None = None) -> dict[str, list[dict]]:
    """Parse one document file (or its bytes ``raw``) into its raw rows per table.

    Never raises on bad content.
    """
    from figdata.parse import parse_document

    path = Path(path)
    doc = fileio.doc_id(path)
    raw = fileio.read_document(path) if raw is None else raw
    try:
        parsed = parse_document(doc, raw)
    except Exception as exc:  # one bad document must not stop the batch
        log.exception("%s: the parser raised; recording a parser_error finding", path.name)
        return parser_error_rows(doc, path.name, exc)
    return {t: [{**row, "doc": doc} for row in getattr(parsed, t)] for t in tables.TABLES}


def extract_shard(
    doc_paths: Sequence[fileio.PathLike],
    out_paths: Mapping[str, fileio.PathLike],
    doc_cache: cache.DocCache | None = None,
) -> list[str]:
    """Parse every document and write the shard's raw tables, one file per table.

    ``out_paths`` maps cells, panels, findings and claims to their files, and
    optionally ``digests`` to the table of each document's digest and cache key
    (which the validate stage's cache keys on). With ``doc_cache``, documents
    whose key is cached are not parsed again. Returns the log lines, one per
    parsed document.
    """
    missing = set(tables.TABLES) - set(out_paths)
    if missing:
        raise ValueError(f"no output paths for tables {sorted(missing)}")
    docs = [fileio.doc_id(p) for p in doc_paths]
    if len(set(docs)) != len(docs):
        raise ValueError("two documents of the shard share an id")
    raw = {doc: fileio.read_document(p) for doc, p in zip(docs, doc_paths, strict=True)}
    sums = {doc: publish.sha256(data) for doc, data in raw.items()}
    version = cache.code_version("extract")
    keys = {doc: cache.digest(version, doc, sums[doc]) for doc in docs}
    reuse = doc_cache.reuse(keys, tables.TABLES) if doc_cache else cache.Reuse(fresh=docs)
    fresh = set(reuse.fresh)
    rows: dict[str, list[dict]] = {t: [] for t in tables.TABLES}
    lines = []
    for doc, path in zip(docs, doc_paths, strict=True):
        if doc not in fresh:
            continue
        doc_rows = extract_rows(path, raw[doc])
        for table in tables.TABLES:
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
    if reuse.hits:
        log.info("%s unchanged, taken from the cache", _plural(len(reuse.hits), "document"))
    # one DataFrame per table and shard: building them per document cost more
    # than the parsing itself
    files = {}
    for table, columns in tables.TABLES.items():
        df = cache.joined(reuse.tables.get(table), tables.frame(rows[table], columns), table)
        files[f"{table}.parquet"] = fileio.parquet_bytes(fileio.arrow_table(df, table))
        fileio.write_bytes(files[f"{table}.parquet"], out_paths[table])
    if "digests" in out_paths:
        fileio.write_bytes(
            cache.digests_text(docs, sums, keys).encode("utf-8"), out_paths["digests"]
        )
    if doc_cache:
        doc_cache.store(keys, files)
    return lines


# --- validate ------------------------------------------------------------------------


def _check_grouped(data: pd.DataFrame, docs: Sequence[str], offsets, table: str) -> None:
    """The per-document files are slices of ``data`` by ``offsets``: check they line up."""
    expected = np.repeat(np.array(docs, dtype=object), np.diff(offsets))
    if not np.array_equal(data["doc"].to_numpy(dtype=object), expected):
        raise RuntimeError(f"{table}: rows are not grouped by document after sorting")


def validate_shard(
    docs: Sequence[str],
    in_paths: Mapping[str, fileio.PathLike],
    outputs: Mapping[str, fileio.PathLike],
    results: fileio.PathLike = layout.RESULTS,
    owns: Callable[[str], bool] | None = None,
    doc_cache: cache.DocCache | None = None,
) -> list[str]:
    """Validate a shard's raw tables and publish the validated ones.

    ``in_paths`` maps cells, panels, findings, claims to the raw shard tables
    (and optionally ``digests`` to the extract job's keys, which ``doc_cache``
    needs); ``outputs`` maps each name of :data:`figdata.layout.VALIDATE_FILES`
    to a shard file: the five validated tables, ``report`` (every document's
    validation report), ``summary`` (counts per document) and ``manifest``.
    Besides them the per-document files go under ``results``
    (``results/cells/{doc}.parquet``, ...), listed in the manifest. Files of
    documents the previous run of this shard published but that are no longer
    in ``docs`` are removed, if ``owns(doc)`` (default: always). With
    ``doc_cache``, documents whose extract key is cached are not validated
    again, and their published files are kept when they still hold the bytes
    the previous manifest lists.

    A ``figdata.validate.StructuralError`` propagates before anything is
    written: it is a pipeline bug, the job must fail, and the previous
    publication stays as it was. Bad data never raises; it comes back as
    findings and quarantined rows.
    """
    docs = list(docs)
    if len(set(docs)) != len(docs):
        raise ValueError("a document is listed twice")
    missing = set(layout.VALIDATE_FILES) - set(outputs)
    if missing:
        raise ValueError(f"no output paths for {sorted(missing)}")
    raw = {t: fileio.read_parquet(in_paths[t]) for t in tables.TABLES}
    for table, df in raw.items():
        unknown = sorted(set(df["doc"].unique()) - set(docs))
        if unknown:
            raise ValueError(f"{table}: rows of documents outside the shard: {unknown[:5]}")
    # documents in sorted order, so that sorting a table by its keys (doc first)
    # keeps every document's rows together
    order = sorted(docs)
    reuse = _validate_reuse(order, in_paths, doc_cache)
    merged, reports = _validated(order, raw, reuse)

    pub = publish.Publication(outputs["manifest"], results)
    hits = set(reuse.hits)
    kept = {doc for doc in hits if pub.keep_doc_files(doc)}
    shard_files = {}
    for table in layout.VALIDATED:
        counts = _counts(merged[table])
        sizes = [counts.get(d, 0) for d in order]
        offsets = np.concatenate([[0], np.cumsum(sizes, dtype=np.int64)]).astype(np.int64)
        _check_grouped(merged[table], order, offsets, table)
        data = fileio.arrow_table(merged[table], table)
        for i, doc in enumerate(order):
            if doc not in kept:
                n = int(offsets[i + 1] - offsets[i])
                pub.add_doc_file(doc, table, fileio.parquet_bytes(data.slice(offsets[i], n)), n)
        shard_files[f"{table}.parquet"] = fileio.parquet_bytes(data)
        pub.add_output(shard_files[f"{table}.parquet"], outputs[table])
    for doc in order:
        if doc not in kept:
            text = fileio.json_text(reports[doc], plain=True)
            pub.add_doc_file(doc, "report", text.encode("utf-8"), None)
    shard_files[REPORTS] = fileio.json_text(reports, compact=True, plain=True).encode("utf-8")
    pub.add_output(shard_files[REPORTS], outputs["report"])

    summary = summary_rows(order, merged)
    pub.add_output(
        fileio.parquet_bytes(fileio.arrow_table(tables.frame(summary, SUMMARY), "summary")),
        outputs["summary"],
    )
    removed = pub.commit(docs, owns or (lambda d: True))
    if doc_cache and reuse.keys:
        doc_cache.store(reuse.keys, shard_files)
    lines = []
    for row in summary:
        if row["doc"] in hits:
            continue
        sev = {s: row[s] for s in tables.SEVERITIES}
        line = _line(row["doc"], row["panels"], row["cells"], row["findings"], sev)
        lines.append(f"{line}, {row['quarantined']} quarantined")
        log.info(lines[-1])
    if hits:
        log.info("%s unchanged, taken from the cache", _plural(len(hits), "document"))
    if removed:
        log.info("removed %s of documents no longer in the shard", _plural(removed, "file"))
    return lines


#: the cached copy of a shard's reports, as the validate job writes them
REPORTS = "validation.json"
VALIDATED_COLUMNS = {**tables.TABLES, "quarantine": tables.QUARANTINE}


@dataclass
class _ValidateReuse(cache.Reuse):
    keys: dict[str, str] = field(default_factory=dict)


def _validate_reuse(
    order: list[str], in_paths: Mapping, doc_cache: cache.DocCache | None
) -> _ValidateReuse:
    """The cached documents: a document's key chains its extract key and the validate code."""
    keys = cache.chained_keys(in_paths.get("digests"), order, ("validate",))
    if doc_cache is None or keys is None:
        return _ValidateReuse(fresh=order)
    found = doc_cache.reuse(keys, VALIDATED_COLUMNS, extras=REPORTS)
    return _ValidateReuse(found.hits, found.fresh, found.tables, found.extras, keys)


def _validated(order: list[str], raw: Mapping[str, pd.DataFrame], reuse: cache.Reuse):
    """Every document's validated tables (sorted) and reports, cached or computed."""
    fresh = sorted(reuse.fresh)
    reports = dict(reuse.extras)
    computed: dict[str, pd.DataFrame] = {}
    if fresh:
        from figdata import validate

        if reuse.hits:
            keep = set(fresh)
            raw = {t: df[df["doc"].isin(keep)].reset_index(drop=True) for t, df in raw.items()}
        checked = validate.validate_tables(raw, fresh)
        computed = {**checked.tables, "quarantine": checked.quarantine}
        reports.update(fileio.jsonable(checked.reports))
    merged = {}
    for table, columns in VALIDATED_COLUMNS.items():
        fresh_rows = computed.get(table)
        if fresh_rows is None:
            fresh_rows = tables.empty(columns)
        merged[table] = cache.joined(reuse.tables.get(table), fresh_rows, table)
    return merged, {doc: reports[doc] for doc in order}


def _counts(df: pd.DataFrame) -> dict[str, int]:
    """Rows per document."""
    return {str(k): int(v) for k, v in df["doc"].value_counts().items()}


def summary_rows(docs: Sequence[str], merged: Mapping[str, pd.DataFrame]) -> list[dict]:
    """Counts per document (see :data:`SUMMARY`) from the shard's validated tables."""
    # plain dicts: a lookup in a pandas Series costs microseconds, per document and table
    sizes = {t: _counts(merged[t]) for t in layout.VALIDATED}
    findings = merged["findings"]
    sev = findings.groupby(["doc", "severity"], observed=True).size().to_dict()
    unplaced = _counts(findings.loc[findings["kind"] == "unplaced_number"])
    rows = []
    for doc in docs:
        row = {
            "doc": doc,
            "panels": sizes["panels"].get(doc, 0),
            "cells": sizes["cells"].get(doc, 0),
            "claims": sizes["claims"].get(doc, 0),
            "quarantined": sizes["quarantine"].get(doc, 0),
            "findings": sizes["findings"].get(doc, 0),
        }
        row.update({s: int(sev.get((doc, s), 0)) for s in tables.SEVERITIES})
        row["unplaced"] = unplaced.get(doc, 0)
        rows.append(row)
    return rows
