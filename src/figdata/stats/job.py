"""The stats stage's jobs: one per shard (per-document tables, published like ``cells``)
and one for the corpus (corpus tables, same-figure groups, the summary)."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from figdata import cache, fileio, layout, publish, tables
from figdata.stats import samefig, samefig_memo
from figdata.stats.compute import compute
from figdata.stats.samefig import CELL_COLUMNS, match_components, same_figure_reusing
from figdata.stats.summary import corpus_summary, summary_table

log = logging.getLogger("figdata")


def _offsets(df: pd.DataFrame, order: Sequence[str]) -> np.ndarray:
    """Start of each document's rows in ``df`` (sorted by doc), plus the end."""
    return _doc_offsets(df["doc"].to_numpy(dtype=object), order)


def _doc_offsets(docs: np.ndarray, order: Sequence[str]) -> np.ndarray:
    starts = np.searchsorted(docs, np.array(order, dtype=object), side="left")
    return np.r_[starts, len(docs)]


def _cached_rows(reuse: cache.Reuse, table: str, docs: Sequence[str]) -> pd.DataFrame | None:
    """The cached rows of ``docs`` in pandas, typed as the table (None for no document)."""
    if not docs or table not in reuse.arrow:
        return None
    data = reuse.arrow[table]
    wanted = pc.is_in(data["doc"], value_set=pa.array(sorted(docs), type=data["doc"].type))
    return cache.typed_frame(data.filter(wanted), CACHED[table])


def stats_shard(
    docs: Sequence[str],
    inputs: Mapping[str, fileio.PathLike],
    outputs: Mapping[str, fileio.PathLike],
    results: fileio.PathLike = layout.RESULTS,
    owns: Callable[[str], bool] | None = None,
    doc_cache: cache.DocCache | None = None,
) -> dict[str, pd.DataFrame]:
    """Statistics and fact-check of a shard's validated tables.

    ``inputs`` are the validate job's outputs (layout.VALIDATE_FILES) and, for
    ``doc_cache``, the extract job's ``digests``; ``outputs`` the stats job's
    (layout.STATS_FILES). Each table is written once for the shard and sliced
    per document into ``results/stats/{doc}.json``, listed in the stats
    manifest; all of it is published at once (figdata.publish). With
    ``doc_cache``, documents whose key is cached are not computed again, and their
    rows go from the cache to the shard's tables without pandas. Returns the tables'
    rows of the documents whose files were written (in a clean run, every document).
    """
    order = sorted(docs)
    keys = cache.chained_keys(inputs.get("digests"), order, ("validate", "stats"))
    if doc_cache is None or keys is None:
        reuse = cache.Reuse(fresh=order)
    else:
        reuse = doc_cache.reuse(keys, CACHED, as_arrow=True)
    fresh = set(reuse.fresh)
    # only the rows of the documents to compute are converted to pandas
    wanted = sorted(fresh) if reuse.hits else None
    read = {
        t: fileio.read_parquet(inputs[t], wanted)
        for t in ("cells", "panels", "claims", "quarantine")
    }
    computed = compute(read["cells"], read["panels"], read["claims"], read["quarantine"])
    for table in CACHED:
        unknown = set(computed[table]["doc"].unique()) - set(order)
        if unknown:
            raise RuntimeError(
                f"{table}: rows of documents outside the shard: {sorted(unknown)[:5]}"
            )
    if fresh:
        # the cached rows met the contract when they were computed (by the same code: it
        # is in their key); pandera is imported only when a document is computed
        from figdata.stats.contract import check_tables

        check_tables(computed, sorted(fresh))
    pub = publish.Publication(outputs["manifest"], results)
    kept = {doc for doc in reuse.hits if pub.keep_doc_files(doc)}
    rest = [d for d in order if d not in kept]
    # the rows of the documents whose files are written: the computed ones, and the
    # cached ones of a document whose files were touched since (a clean run: all)
    again = [d for d in reuse.hits if d not in kept]
    out = {t: cache.joined(_cached_rows(reuse, t, again), computed[t], t) for t in CACHED}
    # the shard's tables as written: cached rows stay Arrow (cache.joined_table)
    data = {
        t: cache.joined_table(reuse.arrow[t], computed[t], t, columns)
        if t in reuse.arrow
        else fileio.arrow_table(out[t], t)
        for t, columns in CACHED.items()
    }
    per_doc: dict[str, dict[str, list]] = {doc: {"doc": doc} for doc in order}
    files = {}
    for table in tables.STATS_TABLES:
        files[f"{table}.parquet"] = fileio.parquet_bytes(data[table])
        pub.add_output(files[f"{table}.parquet"], outputs[table])
        # one JSON file per document, not one Parquet file per table: five small
        # Parquet files cost about 5 ms a document, more than all the statistics
        part = out[table]
        records = fileio.json_records(part)
        offsets = _offsets(part, rest)
        for i, doc in enumerate(rest):
            per_doc[doc][table] = records[offsets[i] : offsets[i + 1]]
    found = data["findings"]
    files["findings.parquet"] = fileio.parquet_bytes(found)
    pub.add_output(files["findings.parquet"], outputs["findings"])
    records = fileio.json_records(out["findings"])
    mine = _offsets(out["findings"], rest)
    everyone = _doc_offsets(found["doc"].to_numpy(zero_copy_only=False), order)
    for i, doc in enumerate(rest):
        per_doc[doc]["findings"] = records[mine[i] : mine[i + 1]]
    for i, doc in enumerate(order):
        if doc in kept:
            continue
        text = fileio.json_text(per_doc[doc], compact=True, plain=True)
        pub.add_doc_file(doc, "stats", text.encode("utf-8"), None)
        # a findings file only where there is a finding: a file per document would
        # cost about a millisecond each, most of them empty
        start, stop = everyone[i], everyone[i + 1]
        if stop > start:
            part = fileio.parquet_bytes(found.slice(start, stop - start))
            pub.add_doc_file(doc, "stats_findings", part, int(stop - start))
    removed = pub.commit(docs, owns or (lambda d: True))
    if doc_cache is not None and keys is not None:
        doc_cache.store(keys, files)
    _log_shard(sorted(fresh), computed)
    if reuse.hits:
        log.info("stats: %d documents unchanged, taken from the cache", len(reuse.hits))
    if removed:
        log.info("removed %d files of documents no longer in the shard", removed)
    return out


#: the tables the stats job keeps in its per-document cache
CACHED = {**tables.STATS_TABLES, "findings": tables.FINDINGS}


def _log_shard(order: Sequence[str], out: Mapping[str, pd.DataFrame]) -> None:
    """One line per document (panels, verdicts); a warning per contradicted claim."""
    checks = out["factcheck"]
    counts = checks.groupby(["doc", "verdict"]).size() if len(checks) else pd.Series()
    panels = out["panel_stats"]["doc"].value_counts()
    for doc in order:
        verdicts = ", ".join(
            f"{int(counts.get((doc, v), 0))} {v}" for v in tables.VERDICTS if (doc, v) in counts
        )
        log.info(
            "%s: %d panels; fact-check: %s",
            doc,
            int(panels.get(doc, 0)),
            verdicts or "nothing to check",
        )
    for r in out["findings"].to_dict("records"):
        log.warning("%s:%s: %s: %s", r["doc"], r["line"], r["kind"], r["detail"])


#: the corpus tables of the shards' statistics that nothing in the corpus job reads (the
#: summary reads panel_stats and factcheck)
UNREAD = ("panel_lines", "panel_pairs", "panel_diffs")


def write_corpus_tables(
    results: fileio.PathLike, folders: Sequence[str], names: Sequence[str]
) -> None:
    """The corpus tables ``names`` of the shards' statistics (of :data:`UNREAD`), as
    :func:`stats_corpus` writes them."""
    out = layout.files(str(results), layout.STATS_CORPUS_FILES)
    stats = [layout.files(f, layout.STATS_FILES) for f in folders]
    for table in names:
        _write_corpus_table([s[table] for s in stats], table, out[table])


def _corpus_table(paths: Sequence[fileio.PathLike], table: str) -> pa.Table:
    """A statistics table of every shard: shards hold disjoint documents, each already in
    order, so the rows are sorted by doc only."""
    parts = [pq.read_table(p) for p in paths]
    if not parts:
        return fileio.arrow_table(tables.frame([], tables.STATS_TABLES[table]), table)
    data = pa.concat_tables(parts).combine_chunks()
    return data.take(pc.sort_indices(data, sort_keys=[("doc", "ascending")]))


def _write(data: pa.Table, path: fileio.PathLike) -> None:
    fileio.write_bytes(fileio.parquet_bytes(data), path)


def _write_corpus_table(paths: Sequence[fileio.PathLike], table: str, path) -> None:
    _write(_corpus_table(paths, table), path)


def stats_corpus(
    results: fileio.PathLike,
    folders: Sequence[str],
    use_memo: bool = True,
    later: list[Callable[[], object]] | None = None,
    written: Sequence[str] = (),
) -> dict:
    """Corpus tables of the stats stage from the shards' files (``folders``: the shard
    folders); returns the summary, with the wall and CPU seconds same-figure detection
    took under ``seconds``.

    Same-figure detection reads every shard's validated panels and cells: the one
    place where documents of different shards meet. With ``use_memo`` the results of
    components no document of which changed come from the previous run
    (``figdata.stats.samefig_memo``); the rows are the same.

    With ``later``, what nothing else in the corpus job reads (the corpus tables of the
    per-panel statistics, the memo and the signatures kept for the next run) is not
    written here but appended to it, as calls for the caller to make: the corpus job
    makes them while the report is written. The tables of ``written`` (of
    :data:`UNREAD`) are left to the caller (:func:`write_corpus_tables`).
    """
    deferred: list[Callable[[], object]] = [] if later is None else later
    validated = [layout.files(f, layout.VALIDATE_FILES) for f in folders]
    stats = [layout.files(f, layout.STATS_FILES) for f in folders]
    out = layout.files(str(results), layout.STATS_CORPUS_FILES)
    corpus = {}
    for table in tables.STATS_TABLES:
        paths = [s[table] for s in stats]
        if table not in UNREAD:
            corpus[table] = _corpus_table(paths, table)
            deferred.append(partial(_write, corpus[table], out[table]))
        elif table not in written:
            deferred.append(partial(_write_corpus_table, paths, table, out[table]))
    # every document has a row in its shard's summary, even one without panels
    counts = [pq.read_table(v["summary"], columns=["doc", "panels"]) for v in validated]
    by_shard = [t["doc"].to_pylist() for t in counts]
    documents = sorted(d for docs in by_shard for d in docs)
    n_panels = {
        d: n
        for t in counts
        for d, n in zip(t["doc"].to_pylist(), t["panels"].to_pylist(), strict=True)
        if n
    }
    start, cpu = time.perf_counter(), time.process_time()
    memo_file = samefig_memo.memo_path(results)
    memo = samefig_memo.load(memo_file) if use_memo else None
    prints = validated_keys(folders, by_shard) if use_memo else None
    if prints is None:
        # every document matched again (no memo), or no keys to trust: every row is read
        panels = pd.concat(
            [fileio.read_parquet(v["panels"]) for v in validated] or [pd.DataFrame()]
        )
        cells = (
            pa.concat_tables(
                [pq.read_table(v["cells"], columns=list(CELL_COLUMNS)) for v in validated]
            )
            if validated
            else tables.empty(tables.CELLS)
        )
        if not len(panels):
            panels, cells = tables.empty(tables.PANELS), tables.empty(tables.CELLS)
        groups, kept = same_figure_reusing(panels, cells, memo, prints)
    else:
        # the signatures of documents whose validated rows did not change come from the
        # previous run; only the panels of the others are read, and the cells only of the
        # components matched again
        rows = _signature_rows(results, validated, by_shard, prints, deferred)
        shard_of = {d: i for i, docs in enumerate(by_shard) for d in docs}

        def load_cells(docs: Sequence[str]) -> pa.Table | pd.DataFrame:
            wanted = [[d for d in docs if shard_of.get(d) == i] for i in range(len(validated))]
            found = _rows_of_docs([v["cells"] for v in validated], wanted, list(CELL_COLUMNS))
            return tables.empty(tables.CELLS) if found is None else found

        groups, kept = match_components(rows, n_panels, load_cells, memo, prints)
    if use_memo:
        deferred.append(partial(samefig_memo.store, memo_file, kept))
        log.info(
            "same-figure components: %d, %d from the previous run",
            len(kept),
            len(set(kept) & set(memo)),
        )
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    findings = pd.concat(
        [
            fileio.read_parquet(p)
            for v, s in zip(validated, stats, strict=True)
            for p in (v["findings"], s["findings"])
        ]
        or [tables.empty(tables.FINDINGS)]
    )
    summary = corpus_summary(
        corpus["panel_stats"].to_pandas(),
        findings,
        corpus["factcheck"].to_pandas(),
        groups,
        documents,
    )
    long = summary_table(summary)
    from figdata.stats.contract import CORPUS_MODELS, check_tables

    check_tables({"same_figure": groups, "stats_summary": long}, documents, CORPUS_MODELS)
    fileio.write_parquet(groups, out["same_figure"], "same_figure")
    fileio.write_bytes(fileio.json_text(summary).encode("utf-8"), out["summary_json"])
    fileio.write_parquet(long, out["stats_summary"], "stats_summary")
    log.info(
        "corpus: %d documents, %d claims (%s), %d same-figure groups",
        summary["documents"],
        summary["claims"]["total"],
        ", ".join(f"{n} {v}" for v, n in summary["claims"]["by_verdict"].items()),
        summary["same_figure"]["groups"],
    )
    log.info(
        "same-figure detection: %d panels in %.2f s (%.2f s CPU)",
        sum(n_panels.values()),
        seconds,
        cpu,
    )
    _log_matches(groups, kept, memo)
    if later is None:
        for call in deferred:
            call()
    return {**summary, "seconds": {"same_figure": [seconds, cpu]}}


def _log_matches(groups: pd.DataFrame, kept: Mapping, memo: Mapping | None) -> None:
    """The matches of the components matched in this run, one line each; those taken
    from the previous run are counted only (every match is in same_figure.parquet):
    writing all of them cost a quarter of a second of every edit at 10,000 documents."""
    shown = groups
    if memo:
        again = {r["doc_a"] for key in kept if key not in memo for r in kept[key][0]}
        shown = groups[groups["doc_a"].isin(again)]
        if len(shown) < len(groups):
            log.info(
                "same figure: %d matches of components unchanged since the previous run "
                "(in corpus/same_figure.parquet), %d of components matched again:",
                len(groups) - len(shown),
                len(shown),
            )
    if len(shown):
        # one record: a logging call per pair cost a third of a second at 10,000 documents
        log.info(
            "\n".join(
                f"same figure: {r.doc_a} panel {r.panel_a} = {r.doc_b} panel {r.panel_b}: "
                f"{r.n_agree} of {r.n_overlap} common cells agree"
                for r in shown.itertuples()
            )
        )


def _rows_of_docs(paths: Sequence[str], docs: Sequence[Sequence[str]], columns: list[str]):
    """The rows of ``docs[i]`` of the table ``paths[i]``, for every i, as one Arrow table
    (None when no document is asked for); only files with a document asked for are read."""
    parts = []
    for path, mine in zip(paths, docs, strict=True):
        if not mine:
            continue
        data = pq.read_table(path, columns=columns)
        wanted = pc.is_in(data["doc"], value_set=pa.array(sorted(mine), type=data["doc"].type))
        parts.append(data.filter(wanted))
    return pa.concat_tables(parts).combine_chunks() if parts else None


def _signature_rows(results, validated, by_shard, prints: Mapping[str, str], later) -> dict:
    """Every document's same-figure signature rows (``samefig.signature_rows``): those of
    documents whose key is unchanged from the previous run's cache, the others from their
    panels; the cache is rewritten with exactly this run's documents when it changed (by
    a call appended to ``later``)."""
    path = samefig_memo.signatures_path(results)
    rows, stored = samefig_memo.load_signatures(path, prints)
    missing = [[d for d in docs if d not in rows] for docs in by_shard]
    if any(missing) or stored != set(prints):
        columns = list(samefig.PANEL_COLUMNS)
        panels = _rows_of_docs([v["panels"] for v in validated], missing, columns)
        fresh = samefig.signature_rows(panels.to_pandas()) if panels is not None else {}
        for docs in missing:
            for d in docs:
                rows[d] = fresh.get(d, [])
        rows = {d: rows[d] for d in prints}
        later.append(partial(samefig_memo.store_signatures, path, rows, prints))
    return rows


def validated_keys(folders: Sequence[str], docs: Sequence[Sequence[str]]) -> dict[str, str] | None:
    """Each document's key for the validate stage (``figdata.cache.chained_keys``): its
    validated rows are the same while it is; None when a shard has no digests table."""
    keys: dict[str, str] = {}
    for folder, mine in zip(folders, docs, strict=True):
        digests = layout.files(folder, layout.EXTRACT_FILES)["digests"]
        try:
            part = cache.chained_keys(digests, mine, ("validate",))
        except ValueError:  # a table of other documents: hash the rows instead
            part = None
        if part is None:
            return None
        keys.update(part)
    return keys


def shard_paths(shard_dir: str) -> tuple[dict[str, str], dict[str, str], Path]:
    """(inputs, outputs, results folder) of the stats job of the shard in ``shard_dir``."""
    digests = layout.files(shard_dir, layout.EXTRACT_FILES)["digests"]
    return (
        {**layout.files(shard_dir, layout.VALIDATE_FILES), "digests": digests},
        layout.files(shard_dir, layout.STATS_FILES),
        Path(shard_dir).parents[1],
    )
