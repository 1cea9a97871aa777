"""Where a run's files live: one definition for the workflow's rules and the jobs.

The rules (rules/*.smk) declare these files as the jobs' outputs and the jobs
(figdata.cli) find them from the shard's folder alone, so no path is spelled
twice. No pandas here: the workflow imports this module whenever it parses
the rules, a dry run included.
"""

from __future__ import annotations

from figdata.tables import STATS_CORPUS_TABLES, STATS_TABLES, TABLES

#: the folder every output goes under, relative to the working directory
RESULTS = "results"
#: the tables the validate stage writes, per shard and per document
VALIDATED = (*TABLES, "quarantine")
#: the extract job's outputs, relative to the shard's folder: the raw tables, and per
#: document its bytes' digest and cache key (the validate job's cache keys on them)
EXTRACT_FILES: dict[str, str] = {
    **{t: f"parsed/{t}.parquet" for t in TABLES},
    "digests": "parsed/digests.tsv",
}
#: the validate job's outputs besides the per-document files, relative to the shard's folder
VALIDATE_FILES: dict[str, str] = {
    **{t: f"{t}.parquet" for t in VALIDATED},
    "report": "validation.json",
    "summary": "summary.parquet",
    "manifest": "manifest.tsv",
}
#: the stats job's outputs besides the per-document files, relative to the shard's folder:
#: its tables, the claim_contradicted findings and the manifest of its per-document files
STATS_FILES: dict[str, str] = {
    **{t: f"stats/{t}.parquet" for t in STATS_TABLES},
    "findings": "stats/findings.parquet",
    "manifest": "stats/manifest.tsv",
}
#: the stats corpus job's outputs, relative to the results folder
STATS_CORPUS_FILES: dict[str, str] = {
    **{t: f"corpus/{t}.parquet" for t in STATS_CORPUS_TABLES},
    "summary_json": "corpus/stats_summary.json",
}
#: the aggregate job's corpus-wide tables, relative to the results folder
CORPUS_FILES: dict[str, str] = {
    "findings": "corpus/findings.parquet",
    "summary": "corpus/summary.tsv",
}
#: the folders under RESULTS that hold what the stages publish for users (the output
#: contract); the archive takes every file under them. A stage that publishes
#: elsewhere adds its folder here.
PUBLISHED: tuple[str, ...] = (
    *VALIDATED,
    "validation",
    "stats",
    "stats_findings",
    "corpus",
    "report",
)
#: where the archive rule writes (never itself archived)
ARCHIVE = "archive"
#: a shard's per-document cache, relative to its folder: one folder per stage
CACHE = ".cache"

#: package modules (globs under src/figdata) that every job imports
CORE_CODE: tuple[str, ...] = (
    "__init__.py",
    "tables.py",
    "layout.py",
    "fileio.py",
    "files.py",
    "batch.py",
    "cli.py",
    "publish.py",
    "cache.py",
    "gcpause.py",
)
#: per stage, the modules (globs) that decide its results besides CORE_CODE: the
#: workflow declares them as the stage's inputs, so that changing them reruns it,
#: and the per-document cache keys on their bytes
STAGE_CODE: dict[str, tuple[str, ...]] = {
    "extract": ("parse/**/*.py",),
    "validate": ("validate/*.py", "schemas.py"),
    "aggregate": ("corpus.py",),
    "stats": ("stats/*.py", "titles.py"),
    "figures": ("figures/*.py",),
    "report": ("report/*.py", "templates/*"),
    "archive": ("archive.py", "__main__.py"),
    # the shard's list of documents (rules/shard.smk, rule documents)
    "documents": ("seeds.py", "publish.py", "files.py"),
}


def shard_name(shard: int) -> str:
    return f"{shard:03d}"


def shard_folder(results: str, shard: int | str) -> str:
    """``results/shards/NNN``; ``shard`` is a number or a name (or a wildcard pattern)."""
    name = shard if isinstance(shard, str) else shard_name(shard)
    return f"{results}/shards/{name}"


def files(folder: str, names: dict[str, str]) -> dict[str, str]:
    """``names`` (name -> path relative to ``folder``) as paths under ``folder``."""
    return {name: f"{folder}/{path}" for name, path in names.items()}


def folder_of(path: str, relative: str) -> str:
    """The folder ``path`` lies in as ``relative``: ``folder_of("r/x/a/b", "a/b") == "r/x"``."""
    head, sep, tail = str(path).rpartition("/" + relative)
    if not sep or tail:
        raise ValueError(f"{path!r} does not end with {relative!r}")
    return head


#: the report folder (pages, figures, stylesheet), relative to the results folder
REPORT = "report"
#: where the figures job writes a document's figures, relative to the results folder
FIGURES = f"{REPORT}/figures"
#: the figures job's output, relative to the shard's folder: the shard's list of figures
FIGURES_FILES: dict[str, str] = {"manifest": "figures.tsv"}
#: the report_pages job's output, relative to the shard's folder: the shard's list of pages
PAGES_FILES: dict[str, str] = {"manifest": "pages.tsv"}
#: the documents job's output, relative to the shard's folder: the shard's documents, their
#: files and digests (figdata.seeds), which the shard job and the corpus job read
DOCUMENTS_FILES: dict[str, str] = {"documents": "documents.tsv"}
#: the shard job's outputs (extract, validate, stats and figures of one shard in one
#: process), relative to the shard's folder
SHARD_FILES: dict[str, str] = {
    **{f"raw_{t}": EXTRACT_FILES[t] for t in TABLES},
    "digests": EXTRACT_FILES["digests"],
    **VALIDATE_FILES,
    **{f"stats_{name}": path for name, path in STATS_FILES.items()},
    "figures": FIGURES_FILES["manifest"],
}
#: the report (index) job's declared outputs, relative to the results folder
REPORT_FILES: dict[str, str] = {
    "index": f"{REPORT}/index.html",
    "overview": f"{REPORT}/overview.png",
}

#: what a runnable copy of the workflow needs besides the package and its inputs (the
#: benchmark and the end-to-end tests copy these into a scratch folder)
WORKFLOW_FILES: tuple[str, ...] = (
    "Snakefile",
    "rules",
    "config",
    "scripts",
    "envs",
    "profiles",
    "report",
    "requirements.lock",
)
