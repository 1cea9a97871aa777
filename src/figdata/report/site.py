"""Write the report: a shard's document pages, or the index with its overview.

Layout under the report folder (``results/report``)::

    index.html, index-2.html, ...   the documents, problems first, in pages
    overview.png, overview.svg      findings by kind, completeness
    report.css                      the one stylesheet
    docs/{doc}.html                 one page per document
    figures/{doc}.png, .svg, ...    written by the figures stage

A shard's pages are written by one job per shard, the index by one job over
the shards' small summary files, so an edit rewrites one shard's pages and the
index. A page is only rewritten when its bytes change.
"""

from __future__ import annotations

import csv
import io
import json
import logging
from collections.abc import Mapping, Sequence
from pathlib import Path

import pandas as pd

from figdata.figures.output import write_if_changed
from figdata.report import document, html, index, provenance

log = logging.getLogger("figdata")

TABLES = ("panels", "cells", "findings", "claims", "quarantine")
#: per-document statistics tables the pages show when the statistics stage made them
STATS_TABLES = ("panel_stats", "factcheck", "panel_pairs", "same_figure")
PAGES_CACHE = ".pages.tsv"
FIGURE_SUFFIXES = (".diff.png", ".diff.svg", ".sweep.png", ".sweep.svg", ".png", ".svg")
DEFAULT_TITLE = "figdata report"


def _rows_by(df: pd.DataFrame | None, *columns: str) -> dict[str, list[dict]]:
    """A table's rows as dicts, under each value of ``columns`` (a row may be under two)."""
    out: dict[str, list[dict]] = {}
    if df is None:
        return out
    for row in df.to_dict("records"):
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


def write_shard_pages(
    docs: Sequence[str],
    tables: Mapping[str, pd.DataFrame],
    sources: Mapping[str, str | Path],
    figure_manifest: str | Path | None,
    stats: Mapping[str, pd.DataFrame | None],
    report_dir: str | Path,
    manifest: str | Path,
    config: Mapping,
    title: str = DEFAULT_TITLE,
) -> dict[str, int]:
    """Write ``docs/{doc}.html`` for every document of a shard, and the shard's list of pages."""
    report_dir, manifest = Path(report_dir), Path(manifest)
    tables = with_stats_findings(tables, stats.get("stats_findings"))
    parts = {t: _rows_by(tables[t], "doc") for t in TABLES}
    stat_parts = {
        t: _rows_by(stats.get(t), *(("doc_a", "doc_b") if t == "same_figure" else ("doc",)))
        for t in STATS_TABLES
    }
    figures = read_figure_manifest(figure_manifest)
    env = provenance.environment()
    counts = {"written": 0, "unchanged": 0, "removed": 0}
    rows = [("doc", "status", "page")]
    for doc in sorted(docs):
        rows_ = {t: parts[t].get(doc, []) for t in TABLES}
        source = sources.get(doc)
        raw = Path(source).read_bytes() if source and Path(source).is_file() else None
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
        name = document.page_name(doc)
        changed = write_if_changed(report_dir / "docs" / name, page.encode())
        counts["written" if changed else "unchanged"] += 1
        rows.append((doc, ctx["status"], f"docs/{name}"))
    # pages of documents that left the shard
    cache = manifest.with_name(PAGES_CACHE)
    live = {r[0] for r in rows[1:]}
    if cache.is_file():
        for line in cache.read_text().splitlines()[1:]:
            doc = line.split("\t", 1)[0]
            if doc not in live:
                page = report_dir / "docs" / document.page_name(doc)
                if page.exists():
                    page.unlink()
                    counts["removed"] += 1
    data = _tsv(rows)
    write_if_changed(manifest, data)
    write_if_changed(cache, data)
    log.info(
        "report pages: %d written, %d unchanged, %d removed",
        counts["written"],
        counts["unchanged"],
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
            page.unlink()
            removed += 1
    for fig in (report_dir / "figures").glob("*"):
        doc = _figure_doc(fig.name)
        if fig.is_file() and doc is not None and doc not in live_docs:
            fig.unlink()
            removed += 1
    for extra in report_dir.glob("index-*.html"):
        number = extra.name[len("index-") : -len(".html")]
        if not number.isdigit() or int(number) > page_count:
            extra.unlink()
            removed += 1
    return removed


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
) -> dict[str, int]:
    """Write the index pages, the overview figure and the stylesheet; prune what left."""
    from figdata.figures import output, overview, style

    report_dir = Path(report_dir)
    rows = index.document_rows(summary)
    ov = index.overview(summary, findings, rows, stats_summary)
    prov = {"env": provenance.environment(), "config": dict(config)}
    page_list = index.pages(rows, page_size)
    for page in page_list:
        text = html.render(
            "index.html",
            o=ov,
            page=page,
            rows=page["rows"],
            root="",
            report_title=title,
            provenance=prov,
        )
        write_if_changed(report_dir / page["file"], text.encode())
    write_if_changed(report_dir / html.STYLESHEET, html.stylesheet())
    style.apply()
    fig = overview.overview_figure(findings, panels)
    dpi = int(style.settings(dict(settings or {}))["dpi"])
    write_if_changed(report_dir / "overview.png", output.png_bytes(fig, dpi))
    write_if_changed(report_dir / "overview.svg", output.svg_bytes(fig))
    removed = prune(report_dir, {r["doc"] for r in rows}, len(page_list))
    log.info(
        "report index: %d documents on %d pages; %d stale files removed",
        len(rows),
        len(page_list),
        removed,
    )
    return {"documents": len(rows), "pages": len(page_list), "removed": removed}


def read_stats_summary(path: str | Path | None) -> dict | None:
    if not path or not Path(path).is_file():
        return None
    return json.loads(Path(path).read_text())


def read_stats(pairs: Sequence[str]) -> dict[str, pd.DataFrame]:
    """``TABLE=PATH`` pairs as tables; a table not given is not computed."""
    tables: dict[str, pd.DataFrame] = {}
    for pair in pairs:
        name, sep, path = pair.partition("=")
        if not sep or not path:
            raise ValueError(f"statistics table {pair!r}: expected TABLE=PATH")
        tables[name] = pd.read_parquet(path)
    return tables
