"""Command line of the workflow's jobs: ``python -m figdata.cli {extract,validate,stats,...}``.

The rules call this with ``shell:`` rather than ``script:``: a script job
first unpickles a Snakemake object (importing Snakemake) before any work, and
each stage imports only what it needs here (the aggregate never loads pandas).
A job is told its shard's folder, not every file: the file names come from
figdata.layout, the same definition the rules declare as outputs. Log lines
and any traceback go to stderr, which the rules send to the job's log.
"""

from __future__ import annotations

import argparse
import fcntl
import gc
import logging
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from figdata import files, gcpause, layout, publish, seeds

log = logging.getLogger("figdata")


@contextmanager
def shard_lock(folder: str) -> Iterator[None]:
    """Hold an exclusive lock on a shard's folder while a job works in it.

    After ``kill -9`` of Snakemake its jobs live on and finish writing; the
    job of the rerun that replaces one waits here for it, instead of staging
    and publishing into the same folder at the same time.
    """
    Path(folder).mkdir(parents=True, exist_ok=True)
    # the folder itself is locked (Linux and macOS lock a directory's descriptor): no
    # lock file joins the outputs
    fd = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log.info("%s: waiting for another job working in this folder", folder)
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _extract(args) -> None:
    with shard_lock(args.shard_dir):
        _extract_unlocked(args)


def _extract_unlocked(args) -> None:
    from figdata import batch

    limits = batch.Limits(
        max_bytes=None if args.max_doc_mb is None else int(args.max_doc_mb * 1_000_000),
        time_budget=args.time_budget or None,
        follow_outside_links=args.follow_outside_links,
    )
    outputs = layout.files(args.shard_dir, layout.EXTRACT_FILES)
    batch.extract_shard(args.docs, outputs, _cache(args, "extract"), limits)


def _validate(args) -> None:
    with shard_lock(args.shard_dir):
        _validate_unlocked(args)


def _validate_unlocked(args) -> None:
    from figdata import batch

    folder = Path(args.shard_dir)
    inputs = layout.files(args.shard_dir, layout.EXTRACT_FILES)
    outputs = layout.files(args.shard_dir, layout.VALIDATE_FILES)
    owns = _owner(args, folder)
    batch.validate_shard(
        args.docs, inputs, outputs, folder.parents[1], owns, _cache(args, "validate")
    )


def _owner(args, folder: Path):
    shard = int(folder.name) if args.shards is not None else None

    def owns(doc: str) -> bool:
        return shard is None or publish.shard_of(doc, args.shards) == shard

    return owns


def _stats(args) -> None:
    with shard_lock(args.shard_dir):
        _stats_unlocked(args)


def _stats_unlocked(args) -> None:
    from figdata.stats import job

    inputs, outputs, results = job.shard_paths(args.shard_dir)
    owns = _owner(args, Path(args.shard_dir))
    job.stats_shard(args.docs, inputs, outputs, results, owns, _cache(args, "stats"))


def _shard(args) -> None:
    """Every per-document stage of a shard in one process: extract, validate, stats and
    figures. Each stage keeps its own per-document cache, so when one stage's code or
    settings change the others take every document from their caches and keep their
    published files; one process instead of four saves three interpreter start-ups and
    imports, and three of Snakemake's job records, on every edit."""
    if args.documents:
        if args.docs:
            raise ValueError("documents given both as arguments and with --documents")
        args.docs = list(seeds.read_listing(args.documents).values())
    ids = argparse.Namespace(**{**vars(args), "docs": [files.doc_id(p) for p in args.docs]})
    # what both processes use (pandas, pyarrow, numpy) is imported once, before the child
    # is forked: it imports only matplotlib and the drawing code (importing pandas cost
    # each process 0.2 s)
    from figdata import batch

    del batch
    with shard_lock(args.shard_dir):
        # the figures need the validated tables only, not the statistics: a child drawing
        # them runs beside the statistics, on the second CPU; it imports matplotlib and
        # the drawing code while the documents are extracted and validated
        with Beside(_figures, args, prepare=_drawing_modules) as figures:
            _extract_unlocked(args)
            _validate_unlocked(ids)
            figures.start()
            _stats_unlocked(ids)


def _drawing_modules() -> None:
    from figdata.figures import shard, style

    style.preload()
    del shard


class Beside:
    """``work(*args)`` in a forked child, started when the parent says so (:meth:`start`)
    and awaited when the ``with`` block ends; the block fails when the child failed.

    The child is forked when the block is entered, before the parent's libraries start
    threads (pyarrow starts its pool at the first read), and runs ``prepare()`` (its
    imports) at once, so that its start-up overlaps the parent's work too. Leaving the
    block without :meth:`start` (an exception) tells the child to exit without working.
    Its log lines go to the same stderr as the parent's.
    """

    def __init__(self, work, *args, prepare=None) -> None:
        self.work, self.args, self.prepare = work, args, prepare
        self.pid: int | None = None
        self.pipe: int | None = None

    def __enter__(self) -> Beside:
        read, write = os.pipe()
        sys.stderr.flush()
        # what exists now is left out of every later collection, in both processes: the
        # child's collections would otherwise walk the parent's heap (and so copy it, page
        # by page)
        gc.freeze()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            os.close(write)
            code = 1
            try:
                if self.prepare is not None:
                    self.prepare()
                go = os.read(read, 1) == b"1"
                if go:
                    self.work(*self.args)
                code = 0
            except BaseException:
                log.exception("figdata: %s failed", getattr(self.work, "__name__", "work"))
            finally:
                sys.stderr.flush()
                os._exit(code)
        os.close(read)
        self.pid, self.pipe = pid, write
        return self

    def start(self) -> None:
        try:
            os.write(self.pipe, b"1")
        except BrokenPipeError:  # the child failed while preparing: reported at the end
            pass
        os.close(self.pipe)
        self.pipe = None

    def __exit__(self, kind, value, tb) -> None:
        if self.pipe is not None:  # not started: the child exits without working
            try:
                os.write(self.pipe, b"0")
            except BrokenPipeError:
                pass
            os.close(self.pipe)
            self.pipe = None
        _, status = os.waitpid(self.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        if code != 0 and kind is None:
            name = getattr(self.work, "__name__", "work").lstrip("_")
            raise RuntimeError(f"{name}, run beside, failed (exit status {code}): see above")


def _documents(args) -> None:
    """The shard's list of documents (figdata.seeds), written only when it changed."""
    shard = int(Path(args.shard_dir).name)
    docs = seeds.shard_documents(args.seeds_dir, args.shards, shard)
    if args.planned is not None:
        seeds.check_planned(docs, args.planned, args.seeds_dir)
    path = layout.files(args.shard_dir, layout.DOCUMENTS_FILES)["documents"]
    Path(args.shard_dir).mkdir(parents=True, exist_ok=True)
    written = files.write_if_changed(path, seeds.listing_text(docs).encode("utf-8"))
    log.info("%s: %d documents%s", path, len(docs), "" if written else ", unchanged")


def read_documents(folder: str) -> dict[str, str]:
    """Document id -> its file, as the documents job listed them (figdata.seeds)."""
    return seeds.read_listing(layout.files(folder, layout.DOCUMENTS_FILES)["documents"])


def _stats_corpus(args) -> None:
    from figdata.stats import job

    folders = [layout.shard_folder(args.results, s) for s in args.shards]
    job.stats_corpus(args.results, folders, use_memo=not args.no_cache)


def _cache(args, stage: str):
    from figdata import cache

    return None if args.no_cache else cache.DocCache.of_shard(args.shard_dir, stage)


def _aggregate(args) -> None:
    from figdata import corpus

    folders = [layout.shard_folder(args.results, name) for name in args.shards]
    shard_files = [layout.files(f, layout.VALIDATE_FILES) for f in folders]
    stats_files = [layout.files(f, layout.STATS_FILES) for f in folders]
    out = layout.files(args.results, layout.CORPUS_FILES)
    with shard_lock(f"{args.results}/shards"):
        # the stats stage's claim_contradicted findings join the corpus findings
        corpus.aggregate(
            [f["findings"] for f in shard_files] + [f["findings"] for f in stats_files],
            [f["summary"] for f in shard_files],
            out["findings"],
            out["summary"],
        )
        if args.prune:
            corpus.clear_orphans(
                args.results,
                [f["manifest"] for f in shard_files],
                [f["manifest"] for f in stats_files],
            )


class Texts(Mapping):
    """The documents' texts by id, each file read when its text is first asked for: a
    figure needs the text of the documents it draws only."""

    def __init__(self, paths: Sequence[str]) -> None:
        self.paths = {Path(p).stem: p for p in paths}
        self.read: dict[str, str] = {}

    def __getitem__(self, doc: str) -> str:
        if doc not in self.read:
            raw = Path(self.paths[doc]).read_bytes()
            self.read[doc] = raw.decode("utf-8", errors="replace")
        return self.read[doc]

    def __iter__(self):
        return iter(self.paths)

    def __len__(self) -> int:
        return len(self.paths)


def _figures(args) -> None:
    from figdata import cache
    from figdata.figures import shard, style

    folder = args.shard_dir
    validated = layout.files(folder, layout.VALIDATE_FILES)
    settings = style.settings(
        {"cmap": args.cmap, "diverging_cmap": args.diverging_cmap, "dpi": args.dpi}
    )
    docs = sorted(Path(p).stem for p in args.docs)
    texts = Texts(args.docs)
    keys = None
    if not args.no_cache:
        digests = layout.files(folder, layout.EXTRACT_FILES)["digests"]
        upstream = cache.chained_keys(digests, docs, ("validate", "figures"))
        if upstream is not None:
            comparisons = not args.no_comparisons
            # a document's bytes as the extract job hashed them, rather than reading every
            # file of the shard again; the text itself where they were not read
            sums = cache.bytes_digests(digests)
            told = {d: f"sha256:{sums[d]}" if d in sums else texts[d] for d in docs}
            keys = shard.doc_keys(upstream, told, shard.style_key(settings, comparisons))
    results = str(Path(folder).parents[1])
    renderer = shard.Renderer(settings, comparisons=not args.no_comparisons)
    shard.render_shard(
        docs,
        lambda fresh: shard.read_tables({t: validated[t] for t in shard.TABLES}, fresh),
        texts,
        f"{results}/{layout.FIGURES}",
        layout.files(folder, layout.FIGURES_FILES)["manifest"],
        renderer,
        keys,
    )


def _report_pages(args) -> None:
    import json

    from figdata.report import site

    given = site.stats_paths(args.stats)
    # the same-figure matches (a shard's slice) are small: read whole, they are in the keys
    same_figure = site.read_table(given["same_figure"]) if "same_figure" in given else None
    write_pages(
        args.shard_dir,
        {Path(p).stem: p for p in args.docs},
        given,
        same_figure,
        json.loads(args.config or "{}"),
        args.title,
        use_cache=not args.no_cache,
    )


def write_pages(folder, sources, given, same_figure, config, title, use_cache=True) -> None:
    """The pages of one shard's documents (``sources``: id -> file); ``given`` names the
    statistics tables shown (table -> path), ``same_figure`` is that table's rows."""
    from figdata import cache
    from figdata.report import site

    validated = layout.files(folder, layout.VALIDATE_FILES)
    results = str(Path(folder).parents[1])
    report_dir = f"{results}/{layout.REPORT}"
    figure_manifest = layout.files(folder, layout.FIGURES_FILES)["manifest"]
    doc_cache = cache.DocCache.of_shard(folder, "report") if use_cache else None
    keys = None
    if doc_cache is not None:
        digests = layout.files(folder, layout.EXTRACT_FILES)["digests"]
        keys = site.page_keys(
            digests, sources, figure_manifest, same_figure, list(given), config, title
        )
    reused = site.reusable_pages(sorted(sources), doc_cache, keys, report_dir)
    # only the pages to write need their documents' rows, and no table is read for none
    fresh = reused.fresh
    stats = {t: site.read_table(p, fresh) for t, p in given.items() if fresh and t != "same_figure"}
    if same_figure is not None:
        stats["same_figure"] = same_figure
    site.write_shard_pages(
        sorted(sources),
        {t: site.read_table(validated[t], fresh) for t in site.TABLES} if fresh else {},
        sources,
        figure_manifest,
        stats,
        report_dir,
        layout.files(folder, layout.PAGES_FILES)["manifest"],
        config,
        title,
        reused,
        doc_cache,
        keys,
    )


def _report_index(args) -> None:
    import json

    write_index(
        args.results,
        args.shards,
        args.stats_summary,
        json.loads(args.config or "{}"),
        args.title,
        args.page_size,
        args.dpi,
    )


def write_index(results, shards, stats_summary, config, title, page_size, dpi, shown=None) -> None:
    """The report's index pages and overview figure, from the shards' small tables and
    the corpus's; ``shown`` is :func:`index_shards` of the same shards, when made."""
    import pandas as pd

    from figdata.report import site

    summary, panels, listing = shown or index_shards(results, shards, page_size)
    corpus = layout.files(results, layout.CORPUS_FILES)
    site.write_index(
        summary,
        pd.read_parquet(corpus["findings"]),
        panels,
        site.read_stats_summary(stats_summary),
        f"{results}/{layout.REPORT}",
        config,
        page_size,
        title,
        {"dpi": dpi},
        listing,
    )


def index_shards(results, shards, page_size, use_memo=False):
    """What the index takes from the shards' own tables (their summaries and panels, with
    the index's listing of documents, ``site.index_listing``, its tables taken from the
    report's memo with ``use_memo``): none of it waits for the corpus tables."""
    import pandas as pd

    from figdata.report import site

    folders = [layout.shard_folder(results, name) for name in shards]
    shard_files = [layout.files(f, layout.VALIDATE_FILES) for f in folders]

    def concat(paths):
        frames = [pd.read_parquet(p) for p in paths]
        return pd.concat(frames, ignore_index=True) if frames else None

    summary = concat(f["summary"] for f in shard_files)
    summary = summary if summary is not None else pd.DataFrame(columns=["doc"])
    panels = concat(f["panels"] for f in shard_files)
    if panels is None:
        panels = pd.DataFrame(columns=["n_cells", "n_expected"])
    memo = f"{results}/{layout.REPORT}/{layout.CACHE}" if use_memo else None
    return summary, panels, site.index_listing(summary, page_size, memo)


#: the statistics tables a document's page shows, from its shard's stats job
PAGE_STATS = ("panel_stats", "factcheck", "panel_pairs")


def _corpus(args) -> None:
    """Every corpus-wide step in one process: the corpus findings and summary (with the
    clearing of vanished shards' files), the corpus statistics and same-figure groups,
    the pages of every shard (only those whose key changed are rendered) and the index.
    One process instead of seven on every edit, and no checkpoint: the pages are
    written where the same-figure table is made."""
    import json

    from figdata.stats import job

    config = json.loads(args.config or "{}")
    corpus = layout.files(args.results, layout.STATS_CORPUS_FILES)
    folders = [layout.shard_folder(args.results, s) for s in args.shards]
    index_args = (args.results, args.shards, corpus["summary_json"], config, args.title)
    # The index and the pages need the corpus tables, not each other: once the parent
    # has made the tables, a child writes the index and its overview figure while a
    # grandchild writes pages, one on each CPU, and each takes the next shard's pages
    # from one queue (a pipe) until none is left. The child was forked at
    # the start and did its imports (matplotlib, the templates, the font's characters)
    # meanwhile; the grandchild is forked from it, its imports done too.
    queue, fill = os.pipe()
    # what the child makes while it waits: its imports, the index's listing of the
    # documents (the shards' summaries, rendered as tables), which the corpus tables
    # do not change, and the corpus tables of statistics that nothing in the job reads
    shown: dict = {}

    def prepare() -> None:
        _index_modules()
        shown["index"] = index_shards(
            args.results, args.shards, args.page_size, use_memo=not args.no_cache
        )
        job.write_corpus_tables(args.results, folders, job.UNREAD)

    try:
        with Beside(
            _index_then_pages,
            (*index_args, args.page_size, args.dpi, shown),
            (args, folders, corpus, config),
            (queue, fill),
            prepare=prepare,
        ) as child:
            _aggregate(argparse.Namespace(results=args.results, shards=args.shards, prune=True))
            later: list = []
            job.stats_corpus(
                args.results, folders, not args.no_cache, later=later, written=job.UNREAD
            )
            for i in range(len(folders)):
                os.write(fill, i.to_bytes(4, "big"))
            os.close(fill)
            fill = -1
            child.start()
            # what the report does not read is written while it is made
            for call in later:
                call()
    finally:
        os.close(queue)
        if fill >= 0:
            os.close(fill)


def _index_then_pages(index_args, pages_args, pipe) -> None:
    queue, fill = pipe
    os.close(fill)  # the child's copy: the queue ends when the parent's is closed too
    *index_args, shown = index_args
    with Beside(_write_pages_from, queue, *pages_args) as pages:
        pages.start()
        write_index(*index_args, shown=shown.get("index"))
        _write_pages_from(queue, *pages_args)


def _write_pages_from(queue: int, args, folders, corpus, config) -> None:
    """The pages of the shards whose numbers (4 bytes each) this process reads first from
    ``queue``, until it is empty and closed."""
    same_figure = None
    while len(token := os.read(queue, 4)) == 4:
        if same_figure is None:
            same_figure = _same_figure_rows(corpus)
        _write_shard_pages(args, folders[int.from_bytes(token, "big")], corpus, config, same_figure)


def _index_modules() -> None:
    """What the index and the pages need first: matplotlib, the templates, the font's
    characters (which a page's figure labels are checked against), and what every
    shard's page keys share (the code versions, the environment with its git calls):
    made once here, before the page writer is forked from this process."""
    from figdata import cache
    from figdata.figures import labels, output, overview, style
    from figdata.report import html, provenance, site

    style.preload()  # the overview is drawn again when what it shows changed
    for template in ("index.html", "index_rows.html", "document.html"):
        html.environment().get_template(template)  # compiled once, before the work
    labels.clean("0")
    for stage in site.PAGE_STAGES:
        cache.code_version(stage)
    provenance.environment()
    del output, overview


def _same_figure_rows(corpus: Mapping[str, str]):
    """The corpus's same-figure matches, for the pages."""
    from figdata.report import site

    same_figure = site.read_table(corpus["same_figure"])
    # plain objects: pandas iterates Arrow-backed strings a value at a time, and the pages
    # take these rows as dicts (the same values either way)
    strings = [c for c in same_figure.columns if same_figure[c].dtype == "string"]
    return same_figure.astype(dict.fromkeys(strings, object))


def _write_shard_pages(args, folder: str, corpus: Mapping[str, str], config, same_figure) -> None:
    """The pages of one shard's documents, with the same-figure matches that name them."""
    stats = layout.files(folder, layout.STATS_FILES)
    given = {t: stats[t] for t in PAGE_STATS}
    given.update(same_figure=corpus["same_figure"], stats_findings=stats["findings"])
    sources = read_documents(folder)
    # the matches that name one of the shard's documents: what its pages show
    ids = list(sources)
    mine = same_figure["doc_a"].isin(ids) | same_figure["doc_b"].isin(ids)
    matches = same_figure[mine].reset_index(drop=True)
    write_pages(folder, sources, given, matches, config, args.title, not args.no_cache)


def _shard_dir(value: str) -> str:
    if not Path(value).name.isdigit() or len(Path(value).parents) < 2:
        raise argparse.ArgumentTypeError(f"{value!r} is not a shard folder (results/shards/NNN)")
    return value


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m figdata.cli", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    shard_dir = {
        "type": _shard_dir,
        "required": True,
        "help": "the shard's folder, results/shards/NNN (file names: figdata.layout)",
    }

    no_cache = {
        "action": "store_true",
        "help": "compute every document, neither reading nor writing the shard's cache",
    }

    limits = {
        "--max-doc-mb": {
            "type": float,
            "default": 10.0,
            "help": "refuse larger documents with a too_large finding (default 10)",
        },
        "--time-budget": {
            "type": float,
            "default": 120.0,
            "help": "seconds per document before a timeout finding; 0: none (default 120)",
        },
        "--follow-outside-links": {
            "action": "store_true",
            "help": "read symbolic links that point outside the documents' folder",
        },
    }
    drawing = {
        "--cmap": {"default": "viridis", "help": "colour map of the heatmaps"},
        "--diverging-cmap": {"default": "RdBu_r", "help": "colour map of differences"},
        "--dpi": {"type": int, "default": 100, "help": "resolution of the PNG files"},
        "--no-comparisons": {"action": "store_true", "help": "no comparison figures"},
    }

    ex = sub.add_parser("extract", help="parse a shard of documents into its raw tables")
    ex.add_argument("--shard-dir", **shard_dir)
    for flag, spec in limits.items():
        ex.add_argument(flag, **spec)
    ex.add_argument("--no-cache", **no_cache)
    ex.add_argument("docs", nargs="*", help="document files")
    ex.set_defaults(run=_extract)

    # the stages that publish per-document files take the same arguments
    for name, run, text in (
        ("validate", _validate, "validate a shard and publish its per-document files"),
        ("stats", _stats, "statistics and fact-check of a shard, published per document"),
    ):
        stage = sub.add_parser(name, help=text)
        stage.add_argument("--shard-dir", **shard_dir)
        stage.add_argument(
            "--shards",
            type=int,
            help="number of shards (documents that moved to another shard keep their files)",
        )
        stage.add_argument("--no-cache", **no_cache)
        stage.add_argument("docs", nargs="*", help="document ids of the shard")
        stage.set_defaults(run=run)

    sc = sub.add_parser("stats-corpus", help="corpus statistics, same-figure groups, summary")
    sc.add_argument("--results", default=layout.RESULTS, help="the results folder")
    sc.add_argument(
        "--no-cache",
        action="store_true",
        help="match every document, neither reading nor writing the same-figure memo",
    )
    sc.add_argument("shards", nargs="*", help="names (NNN) of the shards to gather")
    sc.set_defaults(run=_stats_corpus)

    ag = sub.add_parser("aggregate", help="corpus tables from the shards' files")
    ag.add_argument("--results", default=layout.RESULTS, help="the results folder")
    ag.add_argument(
        "--prune",
        action="store_true",
        help="remove what shards not listed published (the workflow's call: it lists every "
        "live shard)",
    )
    ag.add_argument("shards", nargs="*", help="names (NNN) of the shards to gather")
    ag.set_defaults(run=_aggregate)

    fi = sub.add_parser("figures", help="draw a shard's figures (PNG and SVG), cached")
    fi.add_argument("--shard-dir", **shard_dir)
    for flag, spec in drawing.items():
        fi.add_argument(flag, **spec)
    fi.add_argument(
        "--no-cache",
        action="store_true",
        help="look at every document again (figures whose drawn data is unchanged are "
        "still not drawn again)",
    )
    fi.add_argument("docs", nargs="*", help="document files of the shard")
    fi.set_defaults(run=_figures)

    report = {
        "config": {"help": "the workflow configuration (JSON), shown in the pages' footer"},
        "title": {"default": "figdata report", "help": "title of the report"},
    }
    rp = sub.add_parser("report-pages", help="write the report pages of a shard's documents")
    rp.add_argument("--shard-dir", **shard_dir)
    rp.add_argument(
        "--stats",
        nargs="*",
        default=[],
        metavar="TABLE=PATH",
        help="statistics tables of the shard (tables not given are shown as not computed)",
    )
    rp.add_argument("--config", **report["config"])
    rp.add_argument("--title", **report["title"])
    rp.add_argument(
        "--no-cache",
        action="store_true",
        help="write every page, neither reading nor writing the shard's cache of page keys",
    )
    rp.add_argument("docs", nargs="*", help="document files of the shard")
    rp.set_defaults(run=_report_pages)

    def index_arguments(command: argparse.ArgumentParser) -> None:
        """What the index is written with (report-index and corpus)."""
        command.add_argument("--results", default=layout.RESULTS, help="the results folder")
        command.add_argument("--page-size", type=int, default=500, help="documents per index page")
        command.add_argument("--dpi", type=int, default=100, help="resolution of the overview PNG")
        command.add_argument("--config", **report["config"])
        command.add_argument("--title", **report["title"])

    ri = sub.add_parser("report-index", help="write the report's index and overview figure")
    index_arguments(ri)
    ri.add_argument("--stats-summary", help="the statistics stage's summary (JSON), if any")
    ri.add_argument("shards", nargs="*", help="names (NNN) of the shards to list")
    ri.set_defaults(run=_report_index)

    sh = sub.add_parser(
        "shard", help="extract, validate, stats and figures of a shard in one process, cached"
    )
    sh.add_argument("--shard-dir", **shard_dir)
    for flag, spec in limits.items():
        sh.add_argument(flag, **spec)
    sh.add_argument("--shards", type=int, help="number of shards (see validate)")
    for flag, spec in drawing.items():
        sh.add_argument(flag, **spec)
    sh.add_argument("--no-cache", **no_cache)
    sh.add_argument(
        "--documents",
        help="the shard's list of documents (the documents command's output), instead of "
        "the files as arguments",
    )
    sh.add_argument("docs", nargs="*", help="document files of the shard")
    sh.set_defaults(run=_shard)

    do = sub.add_parser(
        "documents", help="list a shard's documents with their digests (documents.tsv)"
    )
    do.add_argument("--shard-dir", **shard_dir)
    do.add_argument("--seeds-dir", required=True, help="the folder of the documents")
    do.add_argument("--shards", type=int, required=True, help="number of shards")
    do.add_argument(
        "--planned",
        help="fingerprint of the shard's document ids as the workflow planned them "
        "(figdata.seeds.ids_digest): another set fails the job",
    )
    do.set_defaults(run=_documents)

    co = sub.add_parser(
        "corpus", help="corpus tables, same-figure groups, every shard's pages and the index"
    )
    index_arguments(co)
    co.add_argument(
        "--no-cache",
        action="store_true",
        help="match every document again and write every page (no memo, no page keys)",
    )
    co.add_argument("shards", nargs="*", help="names (NNN) of the shards to gather")
    co.set_defaults(run=_corpus)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    files.configure_logging()
    gcpause.for_a_job()
    try:
        args.run(args)
    except Exception:
        # once, in the job's log next to the documents' lines (re-raising
        # would print it a second time to the same stderr)
        log.exception("figdata %s failed", args.command)
        return 1
    return 0


def exit_now(code: int) -> None:
    """End the job's process at once, once its log is flushed.

    Every output is written atomically and closed before :func:`main` returns, so
    nothing is left to do but the interpreter's teardown: freeing the tables of a
    whole corpus or shard, pyarrow's thread pools, the modules. At 10,000 documents that
    took 0.26 to 0.30 s of the corpus job's end and 0.08 s of a shard job's, with
    nothing written.
    """
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    exit_now(main())
