# Helpers shared by every stage: document discovery, shard assignment, paths.
# Only functions and constants live here; the stage files hold the rules.

import json
import os
import subprocess
import sys
import threading
from importlib.util import find_spec
from pathlib import Path

from snakemake.exceptions import WorkflowError
from snakemake.logging import logger

# The file names, table names and shard assignment come from the package, so
# the workflow and the jobs cannot disagree. These modules import in a few
# hundredths of a second without pandas, so a dry run stays fast.
try:
    from figdata import gcpause, layout, seeds
    from figdata.publish import shard_of
except ImportError as exc:
    raise WorkflowError(
        f"the figdata package is not importable ({exc}): run `pip install -e .`"
    ) from exc

# Snakemake's own process collects cycles as rarely as a job's (figdata.gcpause): its
# plan of 10,000 documents makes hundreds of thousands of objects, and with Python's
# thresholds the cycle collector walked them again and again, 0.24 s of every run (a
# run with nothing to do too), most of it in full collections; with these, 0.10 s.
gcpause.for_a_job()

RESULTS = layout.RESULTS

# With --sdm conda, envs/figdata.post-deploy.sh installs figdata from here into
# the environment it creates (a relative path in the env file cannot say where).
os.environ.update(FIGDATA_SOURCE=workflow.basedir)


wildcard_constraints:
    doc=r"[^/.][^/]*",
    shard=r"\d\d\d+",


def discover_documents(seeds_dir):
    """Map doc id (file stem) -> path for every *.txt / *.md in seeds_dir, sorted.

    figdata.seeds.discover decides (the documents job of each shard calls it again);
    every other entry is logged once with the reason it was skipped (sub-folders,
    broken links, FIFOs, other suffixes); hidden files are counted, not listed.
    """
    try:
        found = seeds.discover(seeds_dir)
    except ValueError as exc:
        raise WorkflowError(str(exc)) from exc
    for path, reason in found.skipped:
        logger.info(f"skipped {path!r}: {reason}")
    if found.hidden:
        logger.info(f"skipped {found.hidden} hidden entries of {str(seeds_dir)!r}")
    if not found.docs:
        logger.warning(f"no *.txt or *.md documents in {str(seeds_dir)!r}")
    return found.docs


def assign_shards(docs, shards):
    """Non-empty shards only: shard number -> sorted doc ids."""
    assigned = {}
    for doc in sorted(docs):
        assigned.setdefault(shard_of(doc, shards), []).append(doc)
    return dict(sorted(assigned.items()))


def shard_docs(wildcards):
    """Document ids of the shard named by the wildcard."""
    shard = int(wildcards.shard)
    if shard not in SHARDS:
        raise WorkflowError(
            f"shard {wildcards.shard} holds no document (shards={config['shards']})"
        )
    return SHARDS[shard]


def shard_doc_paths(wildcards):
    return [DOCS[doc] for doc in shard_docs(wildcards)]


def shard_ids_digest(wildcards):
    """The fingerprint of the shard's documents as planned: the documents job checks that
    it finds the same ones."""
    return seeds.ids_digest(shard_docs(wildcards))


def documents_file(shard):
    """A shard's list of documents (the documents job's output)."""
    return layout.files(shard_folder(shard), layout.DOCUMENTS_FILES)["documents"]


def documents_job_folder(wildcards, output):
    return layout.folder_of(output.documents, layout.DOCUMENTS_FILES["documents"])


def shard_folder(shard):
    """A shard's folder; ``shard`` is a number or a wildcard pattern."""
    return layout.shard_folder(RESULTS, shard)


def shard_files(shard, names):
    """Files of a shard (names: figdata.layout.EXTRACT_FILES or VALIDATE_FILES)."""
    return layout.files(shard_folder(shard), names)


def all_shard_files(name):
    """One of the shard job's outputs (layout.SHARD_FILES), every shard."""
    return [shard_files(s, layout.SHARD_FILES)[name] for s in SHARDS]


# A job is told its folder, derived from its outputs rather than spelled
# again (and so that a job on a machine without shared storage gets it right).
def shard_job_folder(wildcards, output):
    return layout.folder_of(output.manifest, layout.SHARD_FILES["manifest"])


def corpus_results_folder(wildcards, output):
    return layout.folder_of(output.summary, layout.CORPUS_FILES["summary"])


def stats_corpus_files():
    return layout.files(RESULTS, layout.STATS_CORPUS_FILES)


def report_files():
    return layout.files(RESULTS, layout.REPORT_FILES)


#: shard outputs the corpus job does not read: the raw tables and the validation reports
CORPUS_UNUSED = {*(n for n in layout.SHARD_FILES if n.startswith("raw_")), "report"}


def comparison_flag(wildcards):
    return "" if config["comparison_figures"] else "--no-comparisons"


def config_json(wildcards):
    """The configuration as the report's footer shows it (a param: a change reruns).

    Without `shards`: the number of batches changes no result, so the pages must not
    differ by it (the results are byte-identical whatever `shards` is).
    """
    return json.dumps(
        {k: v for k, v in config.items() if k != "shards"}, sort_keys=True
    )


def full_config_json(wildcards):
    """The effective configuration, every key, as the archive's manifest records it."""
    return json.dumps(config, sort_keys=True)


def all_shard_names():
    return [layout.shard_name(s) for s in SHARDS]


def corpus_files():
    return layout.files(RESULTS, layout.CORPUS_FILES)


def log_file(stage, shard=None):
    return f"logs/{stage}.log" if shard is None else f"logs/{stage}/{shard}.log"


def package_sources(*patterns):
    """Source files of the installed figdata package matching the glob patterns.

    Snakemake's code trigger sees the script file only, not the modules it
    imports; declaring them as inputs makes a parser or schema change rerun
    the stage. The installed package is looked up (not ./src) because that is
    the code the scripts actually import, wherever the workflow is run from.
    """
    spec = find_spec("figdata")
    if spec is None or not spec.submodule_search_locations:
        raise WorkflowError(
            "the figdata package is not installed: run `pip install -e .`"
        )
    root = Path(list(spec.submodule_search_locations)[0])
    files = {str(p) for pattern in patterns for p in root.glob(pattern) if p.is_file()}
    return sorted(files)


# A shard job's memory: Python with pandas, pyarrow, pandera and matplotlib, plus
# a share per MB of the shard's documents. bench/hostile.py measured a peak of
# 190 to 280 MB per MB of a document dense in numbers while parsing (150,000
# cells per MB) and 1.2 GB to validate a 7 MB table of 1,000,000 cells; the
# share below is those peaks rounded up (README, "Bounds"). The stages run one
# after the other; the base is what drawing the figures asks for (1500 MB), above
# the 700 MB that validating needs besides the share.
SHARD_MEM_BASE_MB = 1500
SHARD_MEM_PER_INPUT_MB = 300


def shard_input_mb(wildcards):
    """Megabytes of the shard's documents: a job's memory grows with them."""
    return sum(os.path.getsize(path) for path in shard_doc_paths(wildcards)) / 1e6


def job_memory(base_mb, per_input_mb):
    """``resources: mem_mb=`` of a shard job: a base plus a share per MB of its documents.

    The factors come from bench/hostile.py's measurements (see README, "Bounds").
    """

    def mem_mb(wildcards, attempt):
        return int(base_mb + per_input_mb * shard_input_mb(wildcards)) * attempt

    return mem_mb


DOCS = discover_documents(config["seeds_dir"])
SHARDS = assign_shards(DOCS, config["shards"])
# the same lists the per-document cache keys on (figdata.cache.code_version)
CORE_CODE = package_sources(*layout.CORE_CODE)


def stage_code(stage):
    return sorted({*CORE_CODE, *package_sources(*layout.STAGE_CODE[stage])})


def stages_code(*stages):
    return sorted({path for stage in stages for path in stage_code(stage)})


# the documents job: which documents the shard has (its own modules only: the list does
# not depend on any stage's code)
DOCUMENTS_CODE = package_sources(*layout.STAGE_CODE["documents"])
# the shard job's stages; each keys its per-document cache on its own code only
SHARD_CODE = stages_code("extract", "validate", "stats", "figures")
# the corpus job's: the corpus tables, same-figure groups, pages and index; a page shows
# the figures, so a change to the drawing code redoes the pages too
CORPUS_CODE = stages_code("aggregate", "stats", "figures", "report")
ARCHIVE_CODE = stage_code("archive")
# the pinned dependencies, whose versions the archive's manifest records
LOCK_FILE = os.path.join(workflow.basedir, "requirements.lock")


def archive_folder(wildcards, output):
    return os.path.dirname(output.index)


def git_commit(wildcards):
    """The workflow's git commit, "-dirty" after it when tracked files differ; "" outside git."""

    def git(*args):
        return subprocess.run(
            ["git", "-C", workflow.basedir, *args],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
        )

    try:
        top = git("rev-parse", "--show-toplevel")
        if top.returncode or Path(top.stdout.strip()) != Path(workflow.basedir):
            return ""  # not a checkout of its own (a copy inside another repository)
        head = git("rev-parse", "HEAD").stdout.strip()
        dirty = git("status", "--porcelain", "--untracked-files=no").stdout.strip()
    except OSError:
        return ""
    return f"{head}-dirty" if dirty else head


# The jobs run `python -m figdata.cli`: resolve `python` to the interpreter
# running Snakemake (which has figdata), as `script:` would. The interpreter is
# kept out of the rules' text and params, so another path to it reruns nothing.
# This changes PATH for every job of the run, so it is said in the log; under
# --sdm conda the activated environment's bin comes first again.
envvars:
    "PATH",


PYTHON_BIN = os.path.dirname(sys.executable)
JOB_PATH = os.environ["PATH"]
if JOB_PATH.split(os.pathsep)[0] != PYTHON_BIN:
    logger.info(
        f"jobs run `python` from {PYTHON_BIN}, the interpreter running Snakemake"
    )
    JOB_PATH = os.pathsep.join([PYTHON_BIN, JOB_PATH])
    os.environ["PATH"] = JOB_PATH


def end_without_waiting():
    """Stop the timers Snakemake's job scheduler leaves behind, so that the run ends at once.

    Each scheduling round of a run with jobs starts a one-second ``threading.Timer``
    (the job rate limiter's next look, ``--max-jobs-per-timespan``, whose smallest
    timespan is 1 s); the timer is not a daemon, so Python waits for it at exit: 1.0 s
    of an edit's run at 10,000 documents was that wait. When the run has ended no job
    is left to schedule, and a cancelled timer only skips that look.
    """
    for thread in threading.enumerate():
        if isinstance(thread, threading.Timer):
            thread.cancel()
