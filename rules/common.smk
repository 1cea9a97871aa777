# Helpers shared by every stage: document discovery, shard assignment, paths.
# Only functions and constants live here; the stage files hold the rules.

import os
import sys
import zlib
from importlib.util import find_spec
from pathlib import Path

from snakemake.exceptions import WorkflowError
from snakemake.logging import logger

DOC_SUFFIXES = (".txt", ".md")
# Mirrors figdata.tables.TABLES; importing figdata here would load pandas
# into every Snakemake invocation, a dry run included (a test keeps them equal).
TABLES = ("cells", "panels", "findings", "claims")
RESULTS = "results"


wildcard_constraints:
    doc=r"[^/.][^/]*",
    shard=r"\d\d\d+",


def discover_documents(seeds_dir):
    """Map doc id (file stem) -> path for every *.txt / *.md in seeds_dir, sorted."""
    folder = Path(seeds_dir)
    if not folder.is_dir():
        raise WorkflowError(
            f"seeds_dir {str(folder)!r} is not a folder (relative paths start at "
            f"the working directory {str(Path.cwd())!r})"
        )
    docs = {}
    for path in sorted(folder.iterdir()):
        # hidden names cover editor lock and swap files such as ".#a.txt"
        if (
            path.suffix not in DOC_SUFFIXES
            or path.name.startswith(".")
            or not path.is_file()
        ):
            continue
        stem = path.stem
        if stem in docs:
            raise WorkflowError(
                f"two documents share the id {stem!r}: {docs[stem]} and {path}; "
                "a document's id is its file name without extension, rename one"
            )
        if any(c in stem for c in "{}"):
            raise WorkflowError(f"document name {path.name!r}: braces are not allowed")
        docs[stem] = str(path)
    if not docs:
        logger.warning(f"no *.txt or *.md documents in {str(folder)!r}")
    return docs


def shard_of(doc, shards):
    """A document's shard depends on its id only, so adding others never moves it."""
    return zlib.crc32(doc.encode("utf-8")) % shards


def assign_shards(docs, shards):
    """Non-empty shards only: shard number -> sorted doc ids."""
    assigned = {}
    for doc in sorted(docs):
        assigned.setdefault(shard_of(doc, shards), []).append(doc)
    return dict(sorted(assigned.items()))


def shard_name(shard):
    return f"{shard:03d}"


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


def shard_file(shard, name):
    """A shard's file; ``shard`` is a number or a wildcard pattern."""
    folder = shard if isinstance(shard, str) else shard_name(shard)
    return f"{RESULTS}/shards/{folder}/{name}"


def log_file(stage, shard=None):
    return f"logs/{stage}.log" if shard is None else f"logs/{stage}/{shard}.log"


def results_root_of_shard(wildcards, output):
    """The results folder, from a shard output (results/shards/NNN/manifest.tsv)."""
    return str(Path(output.manifest).parents[2])


def results_root_of_corpus(wildcards, output):
    """The results folder, from a corpus output (results/corpus/summary.tsv)."""
    return str(Path(output.summary).parents[1])


def all_shard_files(name):
    return [shard_file(s, name) for s in SHARDS]


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


DOCS = discover_documents(config["seeds_dir"])
SHARDS = assign_shards(DOCS, config["shards"])
CORE_CODE = package_sources(
    "__init__.py", "tables.py", "fileio.py", "batch.py", "cli.py", "publish.py"
)
EXTRACT_CODE = sorted({*CORE_CODE, *package_sources("parse/**/*.py")})
VALIDATE_CODE = sorted({*CORE_CODE, *package_sources("validate.py", "schemas.py")})
AGGREGATE_CODE = sorted({*CORE_CODE, *package_sources("corpus.py")})


# The jobs run `python -m figdata.cli`: resolve `python` to the interpreter
# running Snakemake (which has figdata), as `script:` would. The interpreter is
# kept out of the rules' text and params, so another path to it reruns nothing.
# Under --sdm conda the activated environment's bin comes first again.
envvars:
    "PATH",


os.environ["PATH"] = os.pathsep.join(
    [os.path.dirname(sys.executable), os.environ["PATH"]]
)
