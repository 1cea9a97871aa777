"""Write the report: a shard's document pages, or the index with its overview.

Layout under the report folder (``results/report``)::

    index.html, index-2.html, ...   the documents, problems first, in pages
    overview.png, overview.svg      findings by kind, completeness
    report.css                      the one stylesheet
    docs/{doc}.html                 one page per document
    figures/{doc}.png, .svg, ...    written by the figures stage

A shard's pages are written by one job per shard, the index by one job over
the shards' small summary files, so an edit rewrites one shard's pages and the
index. A page is only rewritten when its bytes change, and a shard's job renders
only the pages whose key changed (:func:`page_keys`; the shard's per-document
cache, ``figdata.cache``, keeps the keys and each page's status).
"""

from __future__ import annotations

import csv
import io
import json
import logging
import os
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path

import pandas as pd

from figdata import cache, fileio, layout
from figdata.figures.output import write_if_changed
from figdata.report import document, html, index, provenance

log = logging.getLogger("figdata")

TABLES = ("panels", "cells", "findings", "claims", "quarantine")
#: per-document statistics tables the pages show when the statistics stage made them
STATS_TABLES = ("panel_stats", "factcheck", "panel_pairs", "same_figure")
PAGES_CACHE = ".pages.tsv"
#: the pages job's cached values: each page's status, for the shard's list of pages
PAGES_EXTRAS = "pages.json"
#: the key of the overview figure last drawn, under the report's cache folder
OVERVIEW_KEY = "overview.key"
FIGURE_SUFFIXES = (".diff.png", ".diff.svg", ".sweep.png", ".sweep.svg", ".png", ".svg")
DEFAULT_TITLE = "figdata report"


def _rows_by(df: pd.DataFrame | list[dict] | None, *columns: str) -> dict[str, list[dict]]:
    """A table's rows (or records) as dicts, under each value of ``columns`` (a row may be
    under two)."""
    out: dict[str, list[dict]] = {}
    if df is None:
        return out
    for row in df if isinstance(df, list) else df.to_dict("records"):
        for key in dict.fromkeys(str(row[c]) for c in columns):
            out.setdefault(key, []).append(row)
    return out


def with_stats_findings(
    tables: Mapping[str, pd.DataFrame], stats_findings: pd.DataFrame | None
) -> Mapping[str, pd.DataFrame]:
    """The validated tables with the statistics stage's findings (contradicted claims) added
    to ``findings``, so that a page lists every finding of its document in one table."""
    if stats_findings is None or stats_findings.empty:
        return tables
    findings = pd.concat([tables["findings"], stats_findings], ignore_index=True)
    return {**tables, "findings": findings}


def read_figure_manifest(path: str | Path | None) -> dict[str, dict]:
    if not path or not Path(path).is_file():
        return {}
    with open(path, newline="") as fh:
        return {row["doc"]: row for row in csv.DictReader(fh, delimiter="\t")}


def _tsv(rows: Sequence[Sequence[str]]) -> bytes:
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter="\t", lineterminator="\n")
    writer.writerows(rows)
    return buf.getvalue().encode()


def _read_source(source: str | Path | None) -> bytes | None:
    return Path(source).read_bytes() if source and Path(source).is_file() else None


def page_keys(
    digests: str | Path | None,
    sources: Mapping[str, str | Path],
    figure_manifest: str | Path | None,
    same_figure: pd.DataFrame | None,
    given: Sequence[str],
    config: Mapping,
    title: str = DEFAULT_TITLE,
) -> dict[str, str] | None:
    """Each document's page key: what its page shows, as one digest; None without digests.

    The document's rows in the validated and statistics tables follow from its
    bytes and the code of the stages that made them (the extract job's key with
    the code versions of validate, stats, figures and report, as every stage's
    cache keys them). The rest is named here: the document's bytes (the page
    shows them, even those no stage read), its row of the figures' list, its
    same-figure matches (found across the corpus), the statistics tables given
    (the others are "not computed"), the configuration, the title and the
    provenance of the environment. What all documents share is hashed once, so
    that a document costs one digest of its own parts; its matches are taken as
    text straight from the table's columns (:func:`match_texts`), so that a shard's
    keys cost a few hundredths of a second and are made on every run.
    """
    docs = sorted(sources)
    if digests is None or not Path(digests).is_file():
        return None
    recorded = _digest_rows(digests)
    if set(recorded) != set(docs):
        raise ValueError(f"{digests}: lists other documents than the shard's")
    figures = _figure_lines(figure_manifest)
    matches = match_texts(same_figure)
    shared = {
        "code": [cache.code_version(s) for s in PAGE_STAGES],
        "config": dict(config),
        "title": title,
        "given": sorted(given),
        "same_figure": same_figure is not None,
        "env": provenance.environment(),
    }
    setting = cache.digest(fileio.json_text(shared, compact=True))
    keys = {}
    for doc in docs:
        # the bytes' digest the extract job recorded; a document it did not read is read here
        sha, key = recorded[doc]
        if sha == "-":
            raw = _read_source(sources[doc])
            sha = "-" if raw is None else provenance.sha256_bytes(raw)
        keys[doc] = cache.digest(setting, key, sha, figures.get(doc, "-"), matches.get(doc, ""))
    return keys


def match_texts(same_figure: pd.DataFrame | None) -> dict[str, str]:
    """Each document's same-figure rows (those naming it as ``doc_a`` or ``doc_b``) as one
    text that only the same rows give: the columns and types, then each row's values'
    ``repr`` (strings quoted, floats to the last bit, None and NaN apart), in the
    table's order. No document has a text when the table has no row."""
    if same_figure is None or not len(same_figure):
        return {}
    columns = list(same_figure.columns)
    head = repr([(str(c), str(same_figure[c].dtype)) for c in columns])
    values = [_plain(same_figure[c]) for c in columns]
    a, b = columns.index("doc_a"), columns.index("doc_b")
    texts: dict[str, list[str]] = {}
    for row in zip(*values, strict=True):
        text = repr(row)
        for doc in dict.fromkeys((str(row[a]), str(row[b]))):
            texts.setdefault(doc, [head]).append(text)
    return {doc: "\n".join(rows) for doc, rows in texts.items()}


def _plain(column: pd.Series) -> list:
    """A column's values as Python objects, arrays as lists: numpy shortens a long
    array's ``repr``."""
    values = column.tolist()
    if column.dtype != object:
        return values
    return [v.tolist() if hasattr(v, "tolist") and hasattr(v, "ndim") else v for v in values]


#: the stages whose code makes what a page shows (the extract stage's is in its key)
PAGE_STAGES = ("validate", "stats", "figures", "report")


def _digest_rows(path: str | Path) -> dict[str, tuple[str, str]]:
    """``cache.read_digest_rows``, read once per version of the file."""
    info = os.stat(path)
    return _read_digest_rows(str(path), info.st_ino, info.st_mtime_ns, info.st_size)


@lru_cache(maxsize=8)
def _read_digest_rows(path: str, *version: int) -> dict[str, tuple[str, str]]:
    return cache.read_digest_rows(path)


def _figure_lines(path: str | Path | None) -> dict[str, str]:
    """Each document's row of the figures' list, as text."""
    if not path or not Path(path).is_file():
        return {}
    with open(path, encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh, delimiter="\t"))
    return {row[0]: "\x1f".join(row) for row in rows[1:] if row}


def reusable_pages(
    docs: Sequence[str],
    doc_cache: cache.DocCache | None,
    keys: Mapping[str, str] | None,
    report_dir: str | Path,
) -> cache.Reuse:
    """The documents whose page can stay as it is, with their status; the others fresh.

    A page stays when its key is the cached one and the page is in place and no
    newer than the cache's index (written after every page it lists), as ``make``
    would judge it: a page deleted or edited by hand is written again.
    """
    docs = sorted(docs)
    if doc_cache is None or keys is None:
        return cache.Reuse(fresh=docs)
    reuse = doc_cache.reuse(keys, {}, PAGES_EXTRAS)
    stored = doc_cache.stored_at()
    hits = []
    # paths as strings: pathlib's parsing cost more than the 2,500 stat calls of a shard
    folder = f"{report_dir}/docs/"
    for doc in reuse.hits:
        try:
            if (
                stored is not None
                and os.stat(folder + document.page_name(doc)).st_mtime_ns <= stored
            ):
                hits.append(doc)
        except FileNotFoundError:
            pass
    kept = set(hits)
    return cache.Reuse(
        hits=hits,
        fresh=[d for d in docs if d not in kept],
        extras={d: reuse.extras[d] for d in hits},
    )


def write_shard_pages(
    docs: Sequence[str],
    tables: Mapping[str, pd.DataFrame | None],
    sources: Mapping[str, str | Path],
    figure_manifest: str | Path | None,
    stats: Mapping[str, pd.DataFrame | None],
    report_dir: str | Path,
    manifest: str | Path,
    config: Mapping,
    title: str = DEFAULT_TITLE,
    reused: cache.Reuse | None = None,
    doc_cache: cache.DocCache | None = None,
    keys: Mapping[str, str] | None = None,
) -> dict[str, int]:
    """Write ``docs/{doc}.html`` for every document of a shard, and the shard's list of pages.

    The documents in ``reused.hits`` keep their page (see :func:`reusable_pages`);
    ``tables`` and ``stats`` need to hold the rows of the others only. With
    ``doc_cache`` and ``keys``, the keys and each page's status are kept for the
    next run.
    """
    report_dir, manifest = Path(report_dir), Path(manifest)
    kept = dict(reused.extras) if reused is not None else {}
    tables = with_stats_findings(tables, stats.get("stats_findings"))
    parts = {t: _rows_by(tables.get(t), "doc") for t in TABLES}
    # the same-figure rows of the pages to write only: the table holds the whole corpus's
    todo = [d for d in docs if d not in kept]
    same = stats.get("same_figure")
    if same is not None and kept:
        same = same[same["doc_a"].isin(todo) | same["doc_b"].isin(todo)]
    stat_parts = {
        t: _rows_by(same, "doc_a", "doc_b") if t == "same_figure" else _rows_by(stats.get(t), "doc")
        for t in STATS_TABLES
    }
    figures = read_figure_manifest(figure_manifest)
    env = provenance.environment()
    counts = {"written": 0, "unchanged": 0, "kept": 0, "removed": 0}
    rows = [("doc", "status", "page")]
    statuses = {}
    for doc in sorted(docs):
        name = document.page_name(doc)
        if doc in kept:
            statuses[doc] = kept[doc]
            rows.append((doc, kept[doc], f"docs/{name}"))
            counts["kept"] += 1
            continue
        rows_ = {t: parts[t].get(doc, []) for t in TABLES}
        raw = _read_source(sources.get(doc))
        doc_stats = {
            t: None if stats.get(t) is None else stat_parts[t].get(doc, []) for t in STATS_TABLES
        }
        prov = {
            "env": env,
            "config": dict(config),
            "sha256": provenance.sha256_bytes(raw) if raw is not None else None,
        }
        ctx = document.document_context(doc, rows_, raw, figures.get(doc), doc_stats, prov)
        page = html.render("document.html", d=ctx, root="../", report_title=title, provenance=prov)
        changed = write_if_changed(report_dir / "docs" / name, page.encode())
        counts["written" if changed else "unchanged"] += 1
        statuses[doc] = ctx["status"]
        rows.append((doc, ctx["status"], f"docs/{name}"))
    # pages of documents that left the shard
    cache = manifest.with_name(PAGES_CACHE)
    live = {r[0] for r in rows[1:]}
    if cache.is_file():
        for line in cache.read_text().splitlines()[1:]:
            doc = line.split("\t", 1)[0]
            if doc not in live:
                # the index's prune, run beside the pages, may have removed it
                if _unlink(report_dir / "docs" / document.page_name(doc)):
                    counts["removed"] += 1
    data = _tsv(rows)
    write_if_changed(manifest, data)
    write_if_changed(cache, data)
    if doc_cache is not None and keys is not None:
        # the index goes last: the pages above are no newer than it
        files = {PAGES_EXTRAS: fileio.json_text(statuses, compact=True).encode("utf-8")}
        doc_cache.store({d: keys[d] for d in statuses}, files)
    log.info(
        "report pages: %d written, %d unchanged, %d kept without rendering, %d removed",
        counts["written"],
        counts["unchanged"],
        counts["kept"],
        counts["removed"],
    )
    return counts


def _figure_doc(name: str) -> str | None:
    for suffix in FIGURE_SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return None


def prune(report_dir: Path, live_docs: set[str], page_count: int) -> int:
    """Remove pages and figures of documents no longer in the corpus, and surplus index pages."""
    removed = 0
    for page in (report_dir / "docs").glob("*.html"):
        if page.name[: -len(".html")] not in live_docs:
            removed += _unlink(page)
    for fig in (report_dir / "figures").glob("*"):
        doc = _figure_doc(fig.name)
        if fig.is_file() and doc is not None and doc not in live_docs:
            removed += _unlink(fig)
    for extra in report_dir.glob("index-*.html"):
        number = extra.name[len("index-") : -len(".html")]
        if not number.isdigit() or int(number) > page_count:
            removed += _unlink(extra)
    return removed


def _unlink(path: Path) -> bool:
    """Remove ``path``; False when it was gone already (the corpus job writes the pages
    and the index, which both remove a page that left, in two processes at once)."""
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    return True


#: what the report folder was last pruned for (the live documents and the index pages)
PRUNED_KEY = "pruned.key"


def prune_once(report_dir: Path, live_docs: set[str], page_count: int) -> int:
    """:func:`prune`, unless the live documents and the number of index pages are those
    of the last completed prune: only a document leaving makes files stale, and listing
    the report's tens of thousands of files cost a third of a second at 10,000 documents."""
    key = cache.digest(str(page_count), *sorted(live_docs))
    memo = report_dir / layout.CACHE / PRUNED_KEY
    try:
        if memo.read_text() == key:
            return 0
    except FileNotFoundError:
        pass
    removed = prune(report_dir, live_docs, page_count)
    fileio.write_bytes(key.encode(), memo)
    return removed


#: the index pages' tables of documents as last rendered, under the digest of their rows
LISTING_MEMO = "index_rows.json"


def index_listing(
    summary: pd.DataFrame, page_size: int = 500, memo_dir: str | Path | None = None
) -> tuple[list[dict], list[dict]]:
    """The index's document rows and its pages, each page with its table of documents
    rendered (``rows_html``): what the index shows of the shards' summaries only, so
    that it can be made before the corpus tables are, and their numbers added after.

    With ``memo_dir`` (the report's cache folder) a page's table is rendered only when
    its rows are not those of a table rendered by the last run with the same code: an
    edit changes one page's rows or a few, and rendering all 10,000 rows cost 0.3 s.
    The memo is rewritten with exactly this run's tables (a removed document leaves no
    trace in it)."""
    from markupsafe import Markup

    rows = index.document_rows(summary)
    page_list = index.pages(rows, page_size)
    fragment = html.environment().get_template("index_rows.html")
    memo = Path(memo_dir) / LISTING_MEMO if memo_dir is not None else None
    version = cache.code_version("report")
    known = _read_listing_memo(memo, version) if memo is not None else {}
    made = {}
    for page in page_list:
        key = cache.digest(json.dumps(page["rows"], sort_keys=True))
        text = known.get(key)
        if text is None:
            text = fragment.render(rows=page["rows"])
        made[key] = text
        page["rows_html"] = Markup(text)
    if memo is not None and made != known:
        data = {"version": version, "tables": made}
        fileio.write_bytes(json.dumps(data, sort_keys=True).encode("utf-8"), memo)
    return rows, page_list


def _read_listing_memo(path: Path, version: str) -> dict[str, str]:
    """Digest of a page's rows -> its rendered table, from ``path``; empty when the file
    is absent, of another code version or unreadable (every table is rendered)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != version:
            return {}
        return {str(k): v for k, v in data["tables"].items() if isinstance(v, str)}
    except FileNotFoundError:
        return {}
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        log.warning("%s: unreadable (%s); rendering every index table", path, err)
        return {}


def write_index(
    summary: pd.DataFrame,
    findings: pd.DataFrame,
    panels: pd.DataFrame,
    stats_summary: Mapping | None,
    report_dir: str | Path,
    config: Mapping,
    page_size: int = 500,
    title: str = DEFAULT_TITLE,
    settings: Mapping | None = None,
    listing: tuple[list[dict], list[dict]] | None = None,
) -> dict[str, int]:
    """Write the index pages, the overview figure and the stylesheet; prune what left.
    ``listing`` is :func:`index_listing` of ``summary`` and ``page_size``, when made."""
    from figdata.figures import output, overview, style

    report_dir = Path(report_dir)
    rows, page_list = listing or index_listing(summary, page_size)
    ov = index.overview(summary, findings, rows, stats_summary)
    prov = {"env": provenance.environment(), "config": dict(config)}
    for page in page_list:
        text = html.render(
            "index.html",
            o=ov,
            page=page,
            rows_html=page["rows_html"],
            root="",
            report_title=title,
            provenance=prov,
        )
        write_if_changed(report_dir / page["file"], text.encode())
    write_if_changed(report_dir / html.STYLESHEET, html.stylesheet())
    dpi = int(style.settings(dict(settings or {}))["dpi"])
    key = cache.digest(
        cache.code_version("figures"),
        str(dpi),
        fileio.json_text(overview.overview_data(findings, panels), compact=True),
    )
    memo = report_dir / layout.CACHE / OVERVIEW_KEY
    drawn = [report_dir / "overview.png", report_dir / "overview.svg"]
    if not _unchanged_since(memo, key, drawn):
        # matplotlib is imported and the figure drawn only when what it shows changed
        style.apply()
        fig = overview.overview_figure(findings, panels)
        write_if_changed(drawn[0], output.png_bytes(fig, dpi))
        write_if_changed(drawn[1], output.svg_bytes(fig))
        fileio.write_bytes(key.encode(), memo)
    removed = prune_once(report_dir, {r["doc"] for r in rows}, len(page_list))
    log.info(
        "report index: %d documents on %d pages; %d stale files removed",
        len(rows),
        len(page_list),
        removed,
    )
    return {"documents": len(rows), "pages": len(page_list), "removed": removed}


def _unchanged_since(memo: Path, key: str, files: Sequence[Path]) -> bool:
    """Whether ``memo`` holds ``key`` and every file is in place and no newer than it."""
    try:
        if memo.read_text() != key:
            return False
        stored = memo.stat().st_mtime_ns
        return all(f.stat().st_mtime_ns <= stored for f in files)
    except FileNotFoundError:
        return False


def read_stats_summary(path: str | Path | None) -> dict | None:
    if not path or not Path(path).is_file():
        return None
    return json.loads(Path(path).read_text())


def stats_paths(pairs: Sequence[str]) -> dict[str, str]:
    """``TABLE=PATH`` pairs as {table: path}; a table not given is not computed."""
    paths: dict[str, str] = {}
    for pair in pairs:
        name, sep, path = pair.partition("=")
        if not sep or not path:
            raise ValueError(f"statistics table {pair!r}: expected TABLE=PATH")
        paths[name] = path
    return paths


def read_table(path: str | Path, docs: Sequence[str] | None = None) -> pd.DataFrame:
    """A table, or only the rows of ``docs`` (:func:`figdata.fileio.read_rows`)."""
    return pd.read_parquet(path) if docs is None else fileio.read_rows(path, docs)
