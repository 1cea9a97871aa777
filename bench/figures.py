"""Panels per second: figdata's figure renderer against one new figure per panel.

    python bench/figures.py -n 200            # 200 synthetic documents
    python bench/figures.py -n 200 --profile  # and where figdata's time goes

Both renderers draw the same panels of the same synthetic corpus in this one
process, each writing a PNG and an SVG per figure. Times are the process's CPU
seconds, not wall seconds: on a shared machine the load changes between the two
passes, and CPU time is what it does not distort (only ratios measured in one
run mean something):

naive    for every panel, a new pyplot figure: imshow, one text per cell, a
         colour bar, ticks and title; saved, closed
figdata  figdata.figures.shard.render_shard, as the figures job runs it: one
         figure per document, documents of one layout in a row on one reused
         canvas (artists updated, not rebuilt); comparison figures off, so that
         both draw the same panels

The digest cache is not in play here (every document is drawn); a rerun with
nothing changed is measured separately as ``cached``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))


def corpus_tables(n: int, work: Path):
    """Parse and validate ``n`` synthetic documents in this process; tables and texts."""

    import synth  # bench/synth.py

    import bench  # bench/bench.py: the corpus templates and the stages' baseline
    from figdata.figures.shard import TABLES

    seeds = work / "seeds"
    synth.write_corpus(seeds, synth.generate(synth.load_templates(bench.TEMPLATES), n, bench.SEED))
    paths = sorted(p for p in seeds.iterdir() if p.suffix in (".txt", ".md"))
    docs = [p.stem for p in paths]
    out = work / "out"
    bench._extract(docs, paths, out)
    bench._validate(docs, paths, out)
    tables = bench._read_shard(out, TABLES)
    texts = {p.stem: p.read_bytes().decode("utf-8", "replace") for p in paths}
    return docs, tables, texts


def document_figures(docs, tables, texts):
    from figdata.figures import grid
    from figdata.figures.shard import TABLES, rows_by_doc

    parts = {t: rows_by_doc(tables[t]) for t in TABLES}
    figures = []
    for doc in docs:
        f = {t: parts[t].get(doc, []) for t in TABLES}
        fig = grid.figure_from_rows(
            doc, f["panels"], f["cells"], f["findings"], f["quarantine"], texts[doc]
        )
        if fig.drawable:
            figures.append(fig)
    return figures


def naive_panel(panel, scale, cmap: str) -> tuple[bytes, bytes]:
    """One panel the straightforward way: a new figure, drawn, saved twice, closed."""
    import matplotlib.pyplot as plt
    import numpy as np

    from figdata.figures import output
    from figdata.figures.grid import DATA

    ny, nx = panel.shape
    fig, ax = plt.subplots(figsize=(max(4.0, nx * 0.55 + 1.8), max(3.0, ny * 0.4 + 1.2)))
    data = np.ma.masked_where(panel.status != DATA, panel.values)
    image = ax.imshow(data, cmap=cmap, vmin=scale[0], vmax=scale[1], aspect="auto")
    for r in range(ny):
        for c in range(nx):
            ax.text(c, r, panel.labels[r][c], ha="center", va="center", fontsize=7)
    ax.set_xticks(range(nx), panel.x_ticks)
    ax.set_yticks(range(ny), panel.rows)
    ax.set_title(panel.title or "")
    fig.colorbar(image, ax=ax)
    fig.tight_layout()
    png, svg = output.png_bytes(fig, 100), output.svg_bytes(fig)
    plt.close(fig)
    return png, svg


def run_naive(figures, cmap: str, docs: int | None) -> tuple[int, float]:
    """The naive renderer over the first ``docs`` documents with a figure (all by default)."""
    panels, start = 0, time.process_time()
    for figure in figures[:docs]:
        for panel, scale in zip(figure.panels, figure.scales, strict=True):
            naive_panel(panel, scale, cmap)
            panels += 1
    return panels, time.process_time() - start


def run_figdata(docs, tables, texts, out: Path, profile=None) -> tuple[int, float, dict]:
    """figdata's shard renderer, comparison figures off: the same panels as the naive one."""
    from figdata.figures.shard import Renderer, render_shard

    renderer = Renderer(comparisons=False)
    start = time.process_time()
    if profile:
        profile.enable()
    render_shard(docs, tables, texts, out, out.with_suffix(".tsv"), renderer)
    if profile:
        profile.disable()
    elapsed = time.process_time() - start
    pool = {"built": renderer.pool.built, "reused": renderer.pool.reused}
    return renderer.panels_drawn, elapsed, pool


def run_shard(docs, tables, texts, work: Path) -> dict[str, float]:
    """The whole shard job's rendering (comparisons on), cold and then with nothing changed."""
    from figdata.figures.shard import Renderer, render_shard

    out, manifest = work / "figures", work / "figures.tsv"
    times = {}
    for step in ("cold", "cached"):
        start = time.process_time()
        render_shard(docs, tables, texts, out, manifest, Renderer())
        times[step] = time.process_time() - start
    return times


def profile_summary(profile: cProfile.Profile, top: int = 18) -> str:
    buf = io.StringIO()
    stats = pstats.Stats(profile, stream=buf)
    stats.sort_stats("tottime").print_stats(top)
    return buf.getvalue()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=200, help="synthetic documents")
    ap.add_argument(
        "--naive-docs",
        type=int,
        default=None,
        help="naive renderer over the first N documents only (its rate is per panel; "
        "documents cycle through the templates, so 140 cover each four times)",
    )
    ap.add_argument("--profile", action="store_true", help="profile figdata's renderer")
    ap.add_argument("--no-shard", action="store_true", help="skip the shard job's timing")
    args = ap.parse_args(argv)

    from figdata.figures import style

    style.apply()
    with tempfile.TemporaryDirectory(prefix="figdata-figbench-") as tmp:
        work = Path(tmp)
        docs, tables, texts = corpus_tables(args.n, work)
        figures = document_figures(docs, tables, texts)
        n_panels = sum(len(f.panels) for f in figures)
        print(f"N={args.n} documents, {len(figures)} with a figure, {n_panels} panels")
        mine_panels, mine_s, pool = run_figdata(docs, tables, texts, work / "plain")
        naive_panels, naive_s = run_naive(figures, style.settings()["cmap"], args.naive_docs)
        mine_rate, naive_rate = mine_panels / mine_s, naive_panels / naive_s
        print(
            f"  naive   {naive_panels:6d} panels {naive_s:8.2f} s {naive_rate:7.2f} panels/s (CPU)"
        )
        print(
            f"  figdata {mine_panels:6d} panels {mine_s:8.2f} s {mine_rate:7.2f} panels/s (CPU) "
            f"(canvases built {pool['built']}, reused {pool['reused']})"
        )
        print(f"  speed-up {mine_rate / naive_rate:.2f}x")
        if not args.no_shard:
            times = run_shard(docs, tables, texts, work)
            print(
                f"  shard job with comparison figures: cold {times['cold']:.2f} s "
                f"({n_panels / times['cold']:.2f} panels/s), "
                f"nothing changed {times['cached']:.2f} s"
            )
        if args.profile:
            # a second pass, profiled: cProfile slows Python code down several times,
            # so the timed passes above run without it
            profile = cProfile.Profile()
            run_figdata(docs, tables, texts, work / "profiled", profile)
            print(profile_summary(profile))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
