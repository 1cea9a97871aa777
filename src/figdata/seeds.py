"""Which files of the seeds folder are documents, and the list of a shard's documents.

The workflow (rules/common.smk) discovers the documents with :func:`discover` when it
plans a run; the ``documents`` job of each shard discovers them again with the same
function and writes the shard's list with each document's SHA-256
(``results/shards/NNN/documents.tsv``). The shard job reads its documents from that
list rather than from its command line, which would grow with the shard (about 108 KB
of paths at 2,500 documents, near the 128 KB a single shell argument may hold); and
Snakemake tracks the documents as the inputs of that one small job, whose single output
it records, instead of as inputs of every output of the shard job. No pandas here: the
workflow imports this module whenever it parses the rules.
"""

from __future__ import annotations

import csv
import hashlib
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from figdata import publish

DOC_SUFFIXES = (".txt", ".md")
#: the workflow's own files, when seeds_dir is the project folder itself: skipped unsaid
SKIP_QUIETLY = re.compile(r"^(Snakefile|.*\.(smk|py|yaml|yml|toml|lock|cfg|json))$")
#: the columns of a shard's list of documents
COLUMNS = ("doc", "path", "sha256")


def skip_reason(path: Path, entry: os.DirEntry | None = None) -> str | None:
    """Why an entry of the seeds folder is not a document, or None when it is one.

    ``entry`` is the folder listing's entry for ``path`` (``os.scandir``), when there is
    one: it knows the kind of file the listing reported, so that a plain file costs no
    ``stat`` call (the same answers as ``path``'s, which follow links alike)."""
    name = path.name
    if name.startswith("."):
        # editor lock and swap files such as ".#a.txt"
        return "hidden"
    if entry.is_dir() if entry is not None else path.is_dir():
        return "a folder (sub-folders are not searched)"
    if path.suffix.lower() not in DOC_SUFFIXES:
        return "not *.txt or *.md"
    if any(c in path.stem for c in "{}"):
        return "braces in the name (Snakemake reads them as wildcards): rename it"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return "the name is not valid UTF-8: rename it"
    link = entry.is_symlink() if entry is not None else path.is_symlink()
    if link and not path.exists():
        return "broken symbolic link"
    if not (entry.is_file() if entry is not None else path.is_file()):
        # a FIFO or a device would block the job reading it
        return "not a regular file"
    return None


@dataclass
class Found:
    """The documents of a seeds folder (id -> path, sorted by id) and what was skipped."""

    docs: dict[str, str]
    #: (path, reason) of every skipped entry worth telling (not hidden, not the workflow's)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    hidden: int = 0


def discover(seeds_dir: str) -> Found:
    """Every *.txt / *.md in ``seeds_dir`` (suffixes in any case: UPPER.TXT), by id.

    A document's id is its file stem. Raises ValueError when ``seeds_dir`` is not a
    folder or two documents share an id.
    """
    folder = Path(seeds_dir)
    if not folder.is_dir():
        raise ValueError(
            f"seeds_dir {str(folder)!r} is not a folder (relative paths start at "
            f"the working directory {str(Path.cwd())!r})"
        )
    found = Found({})
    # by name, as the folder's paths sort: pathlib's comparisons of 10,000 paths, and a
    # stat call or three for each, cost a tenth of a second of every plan and documents job
    with os.scandir(folder) as listing:
        entries = sorted(listing, key=lambda e: e.name)
    for entry in entries:
        path = folder / entry.name
        reason = skip_reason(path, entry)
        if reason == "hidden":
            found.hidden += 1
            continue
        if reason:
            if not (reason == "not *.txt or *.md" and SKIP_QUIETLY.match(path.name)):
                found.skipped.append((str(path), reason))
            continue
        stem = path.stem
        if stem in found.docs:
            raise ValueError(
                f"two documents share the id {stem!r}: {found.docs[stem]} and {path}; "
                "a document's id is its file name without extension, rename one"
            )
        found.docs[stem] = str(path)
    found.docs = dict(sorted(found.docs.items()))
    return found


def ids_digest(docs) -> str:
    """A short fingerprint of a set of document ids (what the workflow planned)."""
    h = hashlib.sha256()
    for doc in sorted(docs):
        h.update(doc.encode("utf-8", "surrogateescape") + b"\x00")
    return h.hexdigest()[:16]


def shard_documents(seeds_dir: str, shards: int, shard: int) -> dict[str, str]:
    """The documents (id -> path) of shard number ``shard`` of ``shards``."""
    docs = discover(seeds_dir).docs
    return {d: p for d, p in docs.items() if publish.shard_of(d, shards) == shard}


def listing_text(docs: Mapping[str, str]) -> str:
    """The list of documents: id, path and the SHA-256 of the file's bytes, by id.

    The digests make the list change whenever a document's content does, so that the
    shard job, which reads the list, is out of date exactly then.
    """
    rows = []
    for doc, path in sorted(docs.items()):
        rows.append((doc, path, hashlib.sha256(Path(path).read_bytes()).hexdigest()))
    return publish.tsv_text(COLUMNS, rows)


def read_listing(path: str) -> dict[str, str]:
    """Document id -> its file, from a list :func:`listing_text` wrote."""
    with open(path, encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh, delimiter="\t"))
    if not rows or tuple(rows[0]) != COLUMNS or any(len(r) != len(COLUMNS) for r in rows[1:]):
        raise ValueError(f"{path}: not a list of documents ({', '.join(COLUMNS)})")
    return {doc: source for doc, source, _ in rows[1:]}


class ChangedSeeds(Exception):
    """The seeds folder holds other documents than the workflow planned with."""


def check_planned(docs: Mapping[str, str], expected: str, seeds_dir: str) -> None:
    """Raise :class:`ChangedSeeds` unless ``docs`` are the documents the workflow planned
    with (``expected``: their :func:`ids_digest`)."""
    if ids_digest(docs) != expected:
        raise ChangedSeeds(
            f"the documents in {seeds_dir!r} changed while the workflow ran (one was added, "
            "removed or renamed); run it again"
        )
