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
import os
import signal
import stat
import threading
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa

from figdata import cache, fileio, layout, publish, tables
from figdata.gcpause import gc_paused

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


def document_error_rows(doc: str, kind: str, detail: str) -> dict[str, list[dict]]:
    """No rows but one ``error`` finding of ``kind``, for a document that could not be read."""
    finding = {"doc": doc, "kind": kind, "severity": "error", "detail": detail, "stage": "parse"}
    return {t: [finding] if t == "findings" else [] for t in tables.TABLES}


def parser_error_rows(doc: str, name: str, exc: BaseException) -> dict[str, list[dict]]:
    """No rows but one ``parser_error`` finding, for a document the parser choked on."""
    lines = traceback.format_exception_only(type(exc), exc)
    last = lines[-1].strip() if lines else type(exc).__name__
    return document_error_rows(doc, "parser_error", f"{name}: the parser failed: {last}")


@dataclass(frozen=True)
class Limits:
    """Bounds on one document (config keys ``max_doc_mb``, ``doc_time_budget_s``,
    ``follow_outside_links``)."""

    #: larger files are refused unread (``too_large``); None: no limit
    max_bytes: int | None = 10_000_000
    #: seconds of reading and parsing after which a document gets a ``timeout``; None: none
    time_budget: float | None = 120.0
    #: read a symbolic link whose target lies outside the document's folder
    follow_outside_links: bool = False


class DocumentTimeout(Exception):
    """Raised inside a document's parse when its time budget is spent."""


@contextmanager
def time_budget(seconds: float | None) -> Iterator[None]:
    """Raise :class:`DocumentTimeout` in this thread after ``seconds`` of wall time.

    A real-time interval timer and SIGALRM: the parser is pure Python and
    regular expressions, both of which check for signals, so no worker
    process (and no second import of the parser) is needed. Only in the main
    thread, where Python delivers signals; elsewhere there is no budget.
    """
    if not seconds or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise DocumentTimeout(f"took more than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def refusal(path: Path, limits: Limits) -> tuple[str, str] | None:
    """Why ``path`` is not read, as (finding kind, detail), or None when it may be read.

    Decided on the file's metadata alone, before a byte is read: a FIFO would
    block the job, a link may point anywhere (``/etc/passwd``), a huge file
    would take the shard's time and memory.
    """
    name = path.name
    if path.is_symlink() and not limits.follow_outside_links:
        target = Path(os.path.realpath(path))
        folder = Path(os.path.realpath(path.parent))
        if not target.is_relative_to(folder):
            return (
                "outside_link",
                f"{name}: a symbolic link to {str(target)!r}, outside the documents' folder; "
                "not read (config follow_outside_links: true reads such links)",
            )
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        return "unreadable", f"{name}: not a regular file; not read"
    if limits.max_bytes is not None and st.st_size > limits.max_bytes:
        return (
            "too_large",
            f"{name}: {st.st_size:,} bytes, more than the limit of {limits.max_bytes:,} "
            "(config max_doc_mb); not read",
        )
    return None


def extract_rows(
    path: fileio.PathLike, limits: Limits = Limits(), raw: bytes | None = None
) -> dict[str, list[dict]]:
    """Parse one document file (or its bytes ``raw``) into its raw rows per table.

    Never raises on a bad document. Without ``raw`` the file is checked
    (:func:`refusal`) before it is read; with ``raw`` the caller has checked
    and read it.

    Whatever goes wrong with this one file (it cannot be read, it is refused,
    the parser raises or runs out of time) becomes an ``error`` finding of the
    document and the shard goes on.
    """
    from figdata.parse import parse_document

    path = Path(path)
    doc = fileio.doc_id(path)
    name = path.name
    if raw is None:
        raw, error_rows = read_checked(path, limits)
        if error_rows is not None:
            return error_rows
    try:
        with time_budget(limits.time_budget), gc_paused():
            parsed = parse_document(doc, raw)
            del raw
            out = {t: getattr(parsed, t) for t in tables.TABLES}
            # in place: a copy of every row would double a big document's memory
            for rows in out.values():
                for row in rows:
                    row["doc"] = doc
    except DocumentTimeout as exc:
        return document_error_rows(
            doc, "timeout", f"{name}: reading and parsing {exc} (config doc_time_budget_s)"
        )
    except Exception as exc:  # one bad document must not stop the batch
        log.exception("%s: the parser raised; recording a parser_error finding", name)
        return parser_error_rows(doc, name, exc)
    return out


def read_checked(
    path: Path, limits: Limits
) -> tuple[bytes, None] | tuple[None, dict[str, list[dict]]]:
    """The document's bytes, or None and its error rows when it is refused or unreadable.

    Nothing is read from a refused file (:func:`refusal`).
    """
    doc = fileio.doc_id(path)
    try:
        refused = refusal(path, limits)
        if refused:
            return None, document_error_rows(doc, *refused)
        return fileio.read_document(path), None
    except OSError as exc:
        detail = f"{path.name}: cannot be read: {exc.strerror or exc}"
        return None, document_error_rows(doc, "unreadable", detail)


#: findings that say nothing about a document's bytes but about the file or the
#: moment (a link, a size limit, a read error, a slow machine): such a document's
#: rows are never cached, and its key changes so that no later stage reuses them
#: for the document once it parses
UNCACHED_KINDS = frozenset({"outside_link", "unreadable", "too_large", "timeout"})


def _uncached_kind(doc_rows: Mapping[str, list[dict]]) -> dict | None:
    for f in doc_rows["findings"]:
        if f.get("kind") in UNCACHED_KINDS and f.get("stage", "parse") != "validate":
            return f
    return None


def extract_shard(
    doc_paths: Sequence[fileio.PathLike],
    out_paths: Mapping[str, fileio.PathLike],
    doc_cache: cache.DocCache | None = None,
    limits: Limits = Limits(),
) -> list[str]:
    """Parse every document and write the shard's raw tables, one file per table.

    ``out_paths`` maps cells, panels, findings and claims to their files, and
    optionally ``digests`` to the table of each document's digest and cache key
    (which the validate stage's cache keys on). With ``doc_cache``, documents
    whose key is cached are not parsed again. A document refused by ``limits``
    is never read and never cached, nor is one that could not be read or ran
    out of time: its finding is made again on every run. Returns the log
    lines, one per parsed document.
    """
    missing = set(tables.TABLES) - set(out_paths)
    if missing:
        raise ValueError(f"no output paths for tables {sorted(missing)}")
    docs = [fileio.doc_id(p) for p in doc_paths]
    if len(set(docs)) != len(docs):
        raise ValueError("two documents of the shard share an id")
    paths = {doc: Path(p) for doc, p in zip(docs, doc_paths, strict=True)}
    # each file is checked, then read once: its bytes give its key and are parsed
    raw: dict[str, bytes] = {}
    unread: dict[str, dict[str, list[dict]]] = {}
    for doc, path in paths.items():
        data, error_rows = read_checked(path, limits)
        if error_rows is None:
            raw[doc] = data
        else:
            unread[doc] = error_rows
    sums = {doc: publish.sha256(data) for doc, data in raw.items()}
    version = cache.code_version("extract")
    keys = {doc: cache.digest(version, doc, sums[doc]) for doc in raw}
    readable = [doc for doc in docs if doc in raw]
    if doc_cache:
        reuse = doc_cache.reuse(keys, tables.TABLES, as_arrow=True)
    else:
        reuse = cache.Reuse(fresh=readable)
    for doc in reuse.hits:
        del raw[doc]
    fresh = set(reuse.fresh) | set(unread)
    cached_keys = dict(keys)
    rows: dict[str, list[dict]] = {t: [] for t in tables.TABLES}
    lines = []
    for doc, path in paths.items():
        if doc not in fresh:
            continue
        doc_rows = unread.get(doc) or extract_rows(path, limits, raw.pop(doc))
        uncached = _uncached_kind(doc_rows)
        if uncached:
            # a key of its own, so that no stage's cache takes this outcome for the
            # document's, and no entry in this cache
            cached_keys.pop(doc, None)
            keys[doc] = cache.digest(
                version, doc, sums.get(doc, ""), uncached["kind"], uncached["detail"]
            )
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
        log.info(
            "extract: %s unchanged, taken from the cache", _plural(len(reuse.hits), "document")
        )
    # one DataFrame per table and shard: building them per document cost more
    # than the parsing itself
    files = {}
    for table, columns in tables.TABLES.items():
        with gc_paused():
            frame = tables.frame(rows[table], columns)
        data = cache.joined_table(reuse.arrow.get(table), frame, table, columns)
        files[f"{table}.parquet"] = fileio.parquet_bytes(data)
        fileio.write_bytes(files[f"{table}.parquet"], out_paths[table])
    if "digests" in out_paths:
        sums.update({doc: "-" for doc in unread})
        fileio.write_bytes(
            cache.digests_text(docs, sums, keys).encode("utf-8"), out_paths["digests"]
        )
    if doc_cache:
        doc_cache.store(cached_keys, files)
    return lines


# --- validate ------------------------------------------------------------------------


def _check_grouped(of_rows: np.ndarray, docs: Sequence[str], offsets, table: str) -> None:
    """The per-document files are slices by ``offsets`` of a table whose rows' documents
    are ``of_rows``: check they line up."""
    expected = np.repeat(np.array(docs, dtype=object), np.diff(offsets))
    if not np.array_equal(of_rows.astype(object), expected):
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
    for table in tables.TABLES:
        listed = fileio.column_values(in_paths[table], "doc")
        unknown = sorted(listed - set(docs))
        if unknown:
            raise ValueError(f"{table}: rows of documents outside the shard: {unknown[:5]}")
    # documents in sorted order, so that sorting a table by its keys (doc first)
    # keeps every document's rows together
    order = sorted(docs)
    reuse = _validate_reuse(order, in_paths, doc_cache)
    # only the rows of the documents to validate are converted to pandas
    wanted = reuse.fresh if reuse.hits else None
    raw = {t: fileio.read_parquet(in_paths[t], wanted) for t in tables.TABLES}
    computed, reports = _validated(order, raw, reuse)

    pub = publish.Publication(outputs["manifest"], results)
    hits = set(reuse.hits)
    kept = {doc for doc in hits if pub.keep_doc_files(doc)}
    shard_files = {}
    merged: dict[str, pa.Table] = {}
    for table in layout.VALIDATED:
        # the shard's table as written: cached rows stay Arrow (cache.joined_table)
        if table in reuse.arrow:
            columns = VALIDATED_COLUMNS[table]
            data = cache.joined_table(reuse.arrow[table], computed[table], table, columns)
        else:
            data = fileio.arrow_table(cache.joined(None, computed[table], table), table)
        merged[table] = data
        docs_of_rows = _docs_of_rows(data)
        counts = _counts(docs_of_rows)
        n_rows = [counts.get(d, 0) for d in order]
        offsets = np.concatenate([[0], np.cumsum(n_rows, dtype=np.int64)]).astype(np.int64)
        _check_grouped(docs_of_rows, order, offsets, table)
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
        log.info("validate: %s unchanged, taken from the cache", _plural(len(hits), "document"))
    if removed:
        log.info("removed %s of documents no longer in the shard", _plural(removed, "file"))
    return lines


def _rows_of(raw: Mapping[str, pd.DataFrame], docs: Sequence[str]) -> dict[str, pd.DataFrame]:
    keep = set(docs)
    return {t: df[df["doc"].isin(keep)].reset_index(drop=True) for t, df in raw.items()}


def withhold_breaking_documents(
    raw: Mapping[str, pd.DataFrame], docs: Sequence[str], error: Exception
) -> dict[str, pd.DataFrame]:
    """The raw tables without the rows of the documents that break the structural contract.

    Each such document keeps one ``contract_violation`` finding (severity
    error) naming the broken check, and its shard-mates are published as
    usual. The culprits are found by bisection, a few pandera calls per bad
    document. A failure that is not any document's (a column missing from the
    whole table, as after a pipeline bug) re-raises ``error``: the job fails
    and the previous publication stays.
    """
    from figdata import validate

    def breaks(subset: Sequence[str]) -> bool:
        try:
            validate.validate_tables(_rows_of(raw, subset), subset or ["_"])
        except validate.StructuralError:
            return True
        return False

    if breaks([]):
        raise error
    bad: list[str] = []
    pending = [list(docs)]
    while pending:
        group = pending.pop()
        if not breaks(group):
            continue
        if len(group) == 1:
            bad.append(group[0])
        else:
            half = len(group) // 2
            pending += [group[:half], group[half:]]
    if not bad:
        raise error
    bad.sort()
    kept = _rows_of(raw, sorted(set(docs) - set(bad)))
    notes = []
    for doc in bad:
        try:
            validate.validate_tables(_rows_of(raw, [doc]), [doc])
            why = str(error)
        except validate.StructuralError as exc:
            why = str(exc)
        first = why.strip().splitlines()[0] if why.strip() else type(error).__name__
        log.error("%s: the parser's tables break the contract; rows withheld: %s", doc, why)
        notes.append(
            {
                "doc": doc,
                "kind": "contract_violation",
                "severity": "error",
                "detail": f"the parser's tables for this document break the contract ({first}); "
                "its rows are withheld, the raw tables keep them",
                "stage": "validate",
            }
        )
    findings = tables.frame(notes, tables.TABLES["findings"])
    kept["findings"] = pd.concat([kept["findings"], findings], ignore_index=True)
    return kept


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
    found = doc_cache.reuse(keys, VALIDATED_COLUMNS, extras=REPORTS, as_arrow=True)
    return _ValidateReuse(
        hits=found.hits, fresh=found.fresh, extras=found.extras, arrow=found.arrow, keys=keys
    )


def _validated(order: list[str], raw: Mapping[str, pd.DataFrame], reuse: cache.Reuse):
    """The validated rows of the documents not in the cache (a typed empty table where
    none), and every document's report, cached or computed."""
    fresh = sorted(reuse.fresh)
    reports = dict(reuse.extras)
    computed: dict[str, pd.DataFrame] = {}
    if fresh:
        from figdata import validate

        if reuse.hits:
            keep = set(fresh)
            raw = {t: df[df["doc"].isin(keep)].reset_index(drop=True) for t, df in raw.items()}
        try:
            checked = validate.validate_tables(raw, fresh)
        except validate.StructuralError as exc:
            raw = withhold_breaking_documents(raw, fresh, exc)
            checked = validate.validate_tables(raw, fresh)
        computed = {**checked.tables, "quarantine": checked.quarantine}
        reports.update(fileio.jsonable(checked.reports))
    for table, columns in VALIDATED_COLUMNS.items():
        if computed.get(table) is None:
            computed[table] = tables.empty(columns)
    return computed, {doc: reports[doc] for doc in order}


def _counts(of_rows: np.ndarray) -> dict[str, int]:
    """Rows per document, from each row's document."""
    return {str(k): int(v) for k, v in Counter(of_rows.tolist()).items()}


def _docs_of_rows(data: pd.DataFrame | pa.Table) -> np.ndarray:
    if isinstance(data, pd.DataFrame):
        return data["doc"].to_numpy(dtype=object)
    return data["doc"].to_numpy(zero_copy_only=False)


def summary_rows(docs: Sequence[str], merged: Mapping[str, pd.DataFrame | pa.Table]) -> list[dict]:
    """Counts per document (see :data:`SUMMARY`) from the shard's validated tables (pandas
    or Arrow)."""
    import pyarrow.compute as pc

    # plain dicts: a lookup in a pandas Series costs microseconds, per document and table
    sizes = {t: _counts(_docs_of_rows(merged[t])) for t in layout.VALIDATED}
    findings = merged["findings"]
    if isinstance(findings, pd.DataFrame):
        findings = pa.Table.from_pandas(findings[["doc", "severity", "kind"]], preserve_index=False)
    sev: dict[tuple, int] = {}
    if len(findings):
        grouped = findings.group_by(["doc", "severity"]).aggregate([([], "count_all")])
        columns = (grouped[c].to_pylist() for c in ("doc", "severity", "count_all"))
        sev = {(d, s): int(n) for d, s, n in zip(*columns, strict=True)}
    unplaced_rows = findings.filter(pc.equal(findings["kind"], "unplaced_number"))
    unplaced = _counts(_docs_of_rows(unplaced_rows))
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
