"""Render the figures of a shard in one process, with a cache keyed by what is drawn.

For each document: its figure (PNG for the report, SVG for print), its
difference figure and its sweep's small multiples when it has any. A document's
*digest* is the SHA-256 of everything its figures draw, of the figure settings
and of the drawing code. The shard's previous digests are kept in a hidden file
next to its manifest (Snakemake deletes a job's declared outputs before it runs,
so the manifest itself cannot serve); a document whose digest and files are
unchanged is not drawn again, so a rerun of a shard after one edit draws one
document.
"""

from __future__ import annotations

import csv
import hashlib
import io
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pandas as pd

from figdata import publish
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


def read_cache(path: Path) -> dict[str, tuple[str, list[str]]]:
    """doc -> (digest, files) of the previous run of the shard."""
    try:
        text = path.read_text()
    except FileNotFoundError:
        return {}
    rows = csv.reader(io.StringIO(text), delimiter="\t")
    return {r[0]: (r[1], [f for f in r[2].split(" ") if f]) for r in rows if len(r) == 3}


def _cache_text(entries: Mapping[str, tuple[str, list[str]]]) -> str:
    return "".join(
        publish.tsv_row((doc, d, " ".join(files))) + "\n"
        for doc, (d, files) in sorted(entries.items())
    )


def manifest_text(rows: Sequence[dict]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, delimiter="\t", lineterminator="\n")
    writer.writerow(MANIFEST_COLUMNS)
    for row in rows:
        writer.writerow([row.get(c, "") for c in MANIFEST_COLUMNS])
    return buf.getvalue()


def _row(doc: str, figure: grid.DocumentFigure, key: str, names: list[str]) -> dict:
    stem = publish.file_stem(doc)  # an id that cannot be a file name gets a safe one
    return {
        "doc": doc,
        "panels": len(figure.panels),
        "digest": key,
        "figure": f"{stem}.png",
        "difference": f"{stem}.diff.png" if f"{stem}.diff.png" in names else "",
        "sweep": f"{stem}.sweep.png" if f"{stem}.sweep.png" in names else "",
    }


def render_shard(
    docs: Sequence[str],
    tables: Mapping[str, pd.DataFrame],
    texts: Mapping[str, str],
    out_dir: str | Path,
    manifest: str | Path,
    renderer: Renderer | None = None,
) -> dict[str, int]:
    """Write the figures of ``docs`` into ``out_dir`` and the shard's manifest.

    Returns counts: ``drawn``, ``cached`` (unchanged, not drawn again),
    ``no_cells`` (no figure) and ``removed`` (files of documents that left).
    """
    renderer = renderer or Renderer()
    out_dir, manifest = Path(out_dir), Path(manifest)
    cache_path = manifest.with_name(CACHE_NAME)
    previous = read_cache(cache_path)
    parts = {t: rows_by_doc(tables[t]) for t in TABLES}
    style_key = {k: renderer.settings[k] for k in sorted(renderer.settings)}
    style_key["comparisons"] = renderer.comparisons
    entries: dict[str, tuple[str, list[str]]] = {}
    rows: dict = {}
    counts = {"drawn": 0, "cached": 0, "no_cells": 0, "removed": 0}
    todo = []
    for doc in sorted(docs):
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
            rows[doc] = {"doc": doc, "panels": len(figure.panels)}
            counts["no_cells"] += 1
            continue
        pairs = comparison.default_pairs(figure)
        key = grid.digest(figure, {**style_key, "pairs": pairs}, code_digest())
        old = previous.get(doc)
        if old and old[0] == key and all((out_dir / f).is_file() for f in old[1]):
            entries[doc] = (key, old[1])
            rows[doc] = _row(doc, figure, key, old[1])
            counts["cached"] += 1
        else:
            todo.append((doc, figure, pairs, key, old))
    # documents of one layout one after the other: each canvas is built once
    todo.sort(key=lambda item: (not item[1].heatmaps_only, repr(geometry(item[1]))))
    for doc, figure, pairs, key, old in todo:
        files = renderer.files(figure, pairs)
        stem = publish.file_stem(doc)
        names = [f"{stem}{suffix}" for suffix in files]
        for suffix, data in files.items():
            output.write_if_changed(out_dir / f"{stem}{suffix}", data)
        for stale in set(old[1] if old else []) - set(names):
            (out_dir / stale).unlink(missing_ok=True)
        entries[doc] = (key, names)
        rows[doc] = _row(doc, figure, key, names)
        counts["drawn"] += 1
    rows = [rows[doc] for doc in sorted(rows)]
    # files of documents that are gone from the shard, or no longer have a figure
    for doc, (_, names) in previous.items():
        if doc not in entries:
            for name in names:
                if (out_dir / name).exists():
                    (out_dir / name).unlink()
                    counts["removed"] += 1
    output.write_if_changed(manifest, manifest_text(rows).encode())
    output.write_if_changed(cache_path, _cache_text(entries).encode())
    log.info(
        "figures: %d drawn, %d unchanged, %d without cells, %d files removed",
        counts["drawn"],
        counts["cached"],
        counts["no_cells"],
        counts["removed"],
    )
    return counts


def read_tables(paths: Mapping[str, str | Path]) -> dict[str, pd.DataFrame]:
    return {t: pd.read_parquet(paths[t]) for t in TABLES}
