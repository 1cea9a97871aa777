"""Render the figures of a shard in one process, with a cache keyed by what is drawn.

For each document: its figure (PNG for the report, SVG for print), its
difference figure and its sweep's small multiples when it has any. A document's
*digest* is the SHA-256 of everything its figures draw, of the figure settings
and of the drawing code. The shard's previous digests are kept in a hidden file
next to its manifest (Snakemake deletes a job's declared outputs before it runs,
so the manifest itself cannot serve); a document whose digest and files are
unchanged is not drawn again, so a rerun of a shard after one edit draws one
document. Before that, a document whose *key* is unchanged (its bytes and the
code of the stages that made its rows, as every stage's cache keys them, with
the figure settings) is not even looked at: its rows are not read, its figure
not rebuilt, its row of the manifest comes from the cache.
"""

from __future__ import annotations

import csv
import hashlib
import io
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pandas as pd

from figdata import cache as doc_cache
from figdata import fileio, publish
from figdata.figures import charts, comparison, grid, output, style
from figdata.figures.canvas import CanvasPool, geometry

log = logging.getLogger("figdata")

#: the shard's list of figures; the same bytes whether a figure was drawn or kept, so a
#: rerun with nothing changed rewrites nothing (the log says what was drawn)
MANIFEST_COLUMNS = ("doc", "panels", "digest", "figure", "difference", "sweep")
CACHE_NAME = ".figures-cache.tsv"
TABLES = ("panels", "cells", "findings", "quarantine")


@cache
def code_digest() -> str:
    """SHA-256 of the drawing code: a change to it redraws every figure once."""
    h = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


@dataclass
class Renderer:
    """Draws documents; one per process, so canvases are reused across documents."""

    settings: dict = field(default_factory=style.settings)
    comparisons: bool = True

    def __post_init__(self) -> None:
        style.apply()
        self.pool = CanvasPool(self.settings["cmap"])
        self.diverging = CanvasPool(self.settings["diverging_cmap"])
        self.panels_drawn = 0

    def files(self, figure: grid.DocumentFigure, pairs) -> dict[str, bytes]:
        """The files of one document, by suffix: ``.png``, ``.svg``, ``.diff.png``, ..."""
        dpi = int(self.settings["dpi"])
        out: dict[str, bytes] = {}
        fig = charts.draw(figure, self.pool)
        out[".png"], out[".svg"] = output.png_bytes(fig, dpi), output.svg_bytes(fig)
        self.panels_drawn += len(figure.panels)
        if not self.comparisons:
            return out
        diff = comparison.difference_figure(figure, pairs)
        if diff is not None:
            fig = self.diverging.draw(diff)
            out[".diff.png"], out[".diff.svg"] = output.png_bytes(fig, dpi), output.svg_bytes(fig)
        groups = comparison.sweeps(figure)
        if groups:
            fig = comparison.small_multiples(max(groups, key=len), self.settings["cmap"])
            out[".sweep.png"], out[".sweep.svg"] = (
                output.png_bytes(fig, dpi),
                output.svg_bytes(fig),
            )
        return out


def rows_by_doc(df: pd.DataFrame) -> dict[str, list[dict]]:
    """A table's rows as dicts, by document: converted once for the whole shard."""
    out: dict[str, list[dict]] = {}
    for row in df.to_dict("records"):
        out.setdefault(str(row["doc"]), []).append(row)
    return out


@dataclass(frozen=True)
class Entry:
    """A document's figures as the previous run left them."""

    #: the document's key ("" when the run had none): equal keys, equal figures
    key: str
    #: SHA-256 of what its figures draw; "" for a document without a figure
    digest: str
    panels: int
    files: tuple[str, ...]


def read_cache(path: Path) -> dict[str, Entry]:
    """doc -> :class:`Entry` of the previous run of the shard (rows of another
    layout are left out: those documents are looked at again)."""
    try:
        text = path.read_text()
    except FileNotFoundError:
        return {}
    entries = {}
    for r in csv.reader(io.StringIO(text), delimiter="\t"):
        if len(r) == 5 and r[3].isdigit():
            entries[r[0]] = Entry(r[1], r[2], int(r[3]), tuple(f for f in r[4].split(" ") if f))
    return entries


def _cache_text(entries: Mapping[str, Entry]) -> str:
    return "".join(
        publish.tsv_row((doc, e.key, e.digest, str(e.panels), " ".join(e.files))) + "\n"
        for doc, e in sorted(entries.items())
    )


def doc_keys(
    upstream: Mapping[str, str], texts: Mapping[str, str], settings: Mapping
) -> dict[str, str]:
    """Each document's figures key: its upstream key (``figdata.cache.chained_keys``
    through the figures stage), the text it was parsed from and the figure settings."""
    setting = fileio.json_text(dict(settings), compact=True)
    return {
        doc: doc_cache.digest(key, setting, texts.get(doc, "")) for doc, key in upstream.items()
    }


def manifest_text(rows: Sequence[dict]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter="\t", lineterminator="\n")
    writer.writerow(MANIFEST_COLUMNS)
    for row in rows:
        writer.writerow([row.get(c, "") for c in MANIFEST_COLUMNS])
    return buf.getvalue()


def _row(doc: str, panels: int, digest: str, names: Sequence[str]) -> dict:
    if not digest:
        return {"doc": doc, "panels": panels}
    stem = publish.file_stem(doc)  # an id that cannot be a file name gets a safe one
    return {
        "doc": doc,
        "panels": panels,
        "digest": digest,
        "figure": f"{stem}.png",
        "difference": f"{stem}.diff.png" if f"{stem}.diff.png" in names else "",
        "sweep": f"{stem}.sweep.png" if f"{stem}.sweep.png" in names else "",
    }


def style_key(settings: Mapping, comparisons: bool) -> dict:
    """The figure settings a document's figures depend on, as part of their digest and key."""
    key = {k: settings[k] for k in sorted(settings)}
    key["comparisons"] = comparisons
    return key


def render_shard(
    docs: Sequence[str],
    tables: Mapping[str, pd.DataFrame] | Callable[[Sequence[str]], Mapping[str, pd.DataFrame]],
    texts: Mapping[str, str],
    out_dir: str | Path,
    manifest: str | Path,
    renderer: Renderer | None = None,
    keys: Mapping[str, str] | None = None,
) -> dict[str, int]:
    """Write the figures of ``docs`` into ``out_dir`` and the shard's manifest.

    ``tables`` are the shard's validated tables, or a function that reads the rows
    of the documents it is given: with ``keys`` (:func:`doc_keys`), a document
    whose key and files are unchanged is neither read nor looked at again.

    Returns counts: ``drawn``, ``cached`` (unchanged, not drawn again; of them
    ``kept``: the key unchanged, not even rebuilt), ``no_cells`` (no figure) and
    ``removed`` (files of documents that left).
    """
    renderer = renderer or Renderer()
    out_dir, manifest = Path(out_dir), Path(manifest)
    cache_path = manifest.with_name(CACHE_NAME)
    previous = read_cache(cache_path)
    entries: dict[str, Entry] = {}
    rows: dict = {}
    counts = {"drawn": 0, "cached": 0, "kept": 0, "no_cells": 0, "removed": 0}
    fresh = []
    folder = str(out_dir)

    def isfile(name: str) -> bool:
        # os.path on strings: pathlib's joins cost 0.2 s for a shard's 11,000 files
        return os.path.isfile(os.path.join(folder, name))

    for doc in sorted(docs):
        old = previous.get(doc)
        key = keys.get(doc, "") if keys is not None else ""
        if key and old and old.key == key and all(map(isfile, old.files)):
            entries[doc] = old
            rows[doc] = _row(doc, old.panels, old.digest, old.files)
            counts["kept"] += 1
            counts["cached" if old.digest else "no_cells"] += 1
        else:
            fresh.append(doc)
    if callable(tables):
        tables = tables(fresh)
    parts = {t: rows_by_doc(tables[t]) for t in TABLES}
    style = style_key(renderer.settings, renderer.comparisons)
    todo = []
    for doc in fresh:
        key = keys.get(doc, "") if keys is not None else ""
        rows_ = {t: parts[t].get(doc, []) for t in TABLES}
        figure = grid.figure_from_rows(
            doc,
            rows_["panels"],
            rows_["cells"],
            rows_["findings"],
            rows_["quarantine"],
            texts.get(doc, ""),
        )
        if not figure.drawable:
            entries[doc] = Entry(key, "", len(figure.panels), ())
            rows[doc] = _row(doc, len(figure.panels), "", ())
            counts["no_cells"] += 1
            continue
        pairs = comparison.default_pairs(figure)
        digest = grid.digest(figure, {**style, "pairs": pairs}, code_digest())
        old = previous.get(doc)
        if old and old.digest == digest and all(map(isfile, old.files)):
            entries[doc] = Entry(key, digest, len(figure.panels), old.files)
            rows[doc] = _row(doc, len(figure.panels), digest, old.files)
            counts["cached"] += 1
        else:
            todo.append((doc, figure, pairs, key, digest, old))
    # documents of one layout one after the other: each canvas is built once
    todo.sort(key=lambda item: (not item[1].heatmaps_only, repr(geometry(item[1]))))
    for doc, figure, pairs, key, digest, old in todo:
        files = renderer.files(figure, pairs)
        stem = publish.file_stem(doc)
        names = tuple(f"{stem}{suffix}" for suffix in files)
        for suffix, data in files.items():
            output.write_if_changed(out_dir / f"{stem}{suffix}", data)
        for stale in set(old.files if old else ()) - set(names):
            (out_dir / stale).unlink(missing_ok=True)
        entries[doc] = Entry(key, digest, len(figure.panels), names)
        rows[doc] = _row(doc, len(figure.panels), digest, names)
        counts["drawn"] += 1
    rows = [rows[doc] for doc in sorted(rows)]
    # files of documents that are gone from the shard, or no longer have a figure
    for doc, old in previous.items():
        if doc not in entries or not entries[doc].digest:
            for name in old.files:
                if (out_dir / name).exists():
                    (out_dir / name).unlink()
                    counts["removed"] += 1
    output.write_if_changed(manifest, manifest_text(rows).encode())
    output.write_if_changed(cache_path, _cache_text(entries).encode())
    log.info(
        "figures: %d drawn, %d unchanged (%d of them not looked at again), %d without cells, "
        "%d files removed",
        counts["drawn"],
        counts["cached"],
        counts["kept"],
        counts["no_cells"],
        counts["removed"],
    )
    return counts


def read_tables(
    paths: Mapping[str, str | Path], docs: Sequence[str] | None = None
) -> dict[str, pd.DataFrame]:
    """The tables the figures are drawn from; with ``docs``, only those documents' rows."""
    if docs is None:
        return {t: pd.read_parquet(paths[t]) for t in TABLES}
    return {t: fileio.read_rows(paths[t], docs) for t in TABLES}
