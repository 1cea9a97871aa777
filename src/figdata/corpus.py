"""Corpus-wide tables from the shards' files, with pyarrow alone.

The aggregate step runs after every change, so it stays light: it reads one
findings table and one summary table per shard, and never imports pandas.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from figdata import fileio, publish, tables

log = logging.getLogger("figdata")


def _read(paths: Sequence[fileio.PathLike]) -> pa.Table | None:
    parts = [pq.read_table(p) for p in paths]
    return pa.concat_tables(parts) if parts else None


def _sorted(data: pa.Table, table: str) -> pa.Table:
    keys = [(k, "ascending") for k in fileio.SORT_KEYS[table] if k in data.column_names]
    # stable, nulls last: ties keep the shard's order, as pandas' sort would
    order = pc.sort_indices(data, sort_keys=keys)
    return data.take(order)


def _empty(table: str) -> pa.Table:
    columns = tables.FINDINGS if table == "findings" else tables.SUMMARY
    return fileio.arrow_table(tables.empty(columns), table)


def tsv_text(data: pa.Table) -> str:
    """``data`` in the dialect of every TSV figdata writes (:func:`figdata.publish.tsv_text`)."""
    return publish.tsv_text(
        data.column_names, zip(*(c.to_pylist() for c in data.columns), strict=True)
    )


def aggregate(
    findings_paths: Sequence[fileio.PathLike],
    summary_paths: Sequence[fileio.PathLike],
    out_findings: fileio.PathLike,
    out_summary: fileio.PathLike,
) -> pa.Table:
    """Concatenate the shards' findings and per-document counts into corpus tables."""
    findings = _read(findings_paths)
    findings = _empty("findings") if findings is None else _sorted(findings, "findings")
    summary = _read(summary_paths)
    summary = _empty("summary") if summary is None else _sorted(summary, "summary")
    fileio.write_bytes(fileio.parquet_bytes(findings), out_findings)
    fileio.write_bytes(tsv_text(summary).encode("utf-8"), out_summary)
    totals = {c: pc.sum(summary[c]).as_py() or 0 for c in ("panels", "cells", *tables.SEVERITIES)}
    log.info(
        "corpus: %d documents, %d panels, %d cells, %d findings (%s)",
        summary.num_rows,
        totals["panels"],
        totals["cells"],
        findings.num_rows,
        ", ".join(f"{totals[s]} {s}" for s in tables.SEVERITIES),
    )
    return summary


def clear_orphans(
    results: fileio.PathLike,
    manifests: Sequence[fileio.PathLike],
    more_manifests: Sequence[fileio.PathLike] = (),
) -> int:
    """Remove the files of shards that have no job any more (see figdata.publish).

    ``manifests`` are the live shards' validate manifests (``results/shards/NNN/
    manifest.tsv``); ``more_manifests`` other live listings (the stats stage's),
    whose files are live too."""
    by_shard = {Path(m).parent.name: m for m in manifests}
    listings = {**by_shard, **{str(m): m for m in more_manifests if Path(m).is_file()}}
    removed = publish.collect_orphans(Path(results) / "shards", by_shard, listings)
    if removed:
        log.info("removed %d files of documents that left the corpus", removed)
    return removed
