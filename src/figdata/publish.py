"""Publishing a shard's per-document files all at once, and tracking them in a manifest.

Snakemake tracks a fixed handful of files per shard job; the per-document files
of the output contract (``results/cells/{doc}.parquet``, ...) are side outputs
of the validate job, listed with their checksum in the shard's manifest. A job
stages every file first and moves them into place only once the whole shard
has been validated and written, so a failing job leaves the previous
publication untouched rather than half replaced.

Snakemake deletes a job's declared outputs before running it, the manifest
included; a hidden copy (``.published.tsv`` next to it) therefore remembers
what the shard published last time, so that documents which left the shard
lose their files. No pandas here: the aggregate job uses this too.
"""

from __future__ import annotations

import csv
import hashlib
import os
import re
import shutil
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

PathLike = str | os.PathLike

MANIFEST_COLUMNS = ("doc", "table", "path", "rows", "sha256")
#: the per-document files, as (table name in the manifest, folder, suffix)
PER_DOC = (
    ("cells", "cells", ".parquet"),
    ("panels", "panels", ".parquet"),
    ("findings", "findings", ".parquet"),
    ("claims", "claims", ".parquet"),
    ("quarantine", "quarantine", ".parquet"),
    ("report", "validation", ".json"),
)
#: the stats stage's per-document files (its own manifest,
#: results/shards/NNN/stats/manifest.tsv): every stats table's rows of the document in
#: one JSON object, and its stats findings (claim_contradicted) as a findings table,
#: written only for a document that has some
STATS_PER_DOC = (
    ("stats", "stats", ".json"),
    ("stats_findings", "stats_findings", ".parquet"),
)
PUBLISHED = ".published.tsv"
STAGING = ".staging"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def shard_of(doc: str, shards: int) -> int:
    """Same assignment as the workflow (rules/common.smk): crc32 of the id."""
    return zlib.crc32(doc.encode("utf-8")) % shards


#: longest file name most file systems take, in bytes
NAME_MAX = 255
#: room kept for the longest suffix (".parquet") and fileio's ".{name}.tmp" while writing
_NAME_ROOM = NAME_MAX - len(".parquet") - len("..tmp")
_UNSAFE = re.compile(r"[\x00-\x1f\x7f/\\]")


def file_stem(doc: str) -> str:
    """The file name (without suffix) of a document's files: its id when that is safe.

    An id with a control character (tab, line break, ...), a slash or a
    backslash, one that is not valid Unicode (a file name in another
    encoding) or one too long for a file name once a suffix is added becomes
    a readable prefix plus ``~`` and 16 hex digits of the id's SHA-256, so
    two ids never share a file. The manifest lists the file of each document.
    """
    try:
        size = len(doc.encode("utf-8"))
    except UnicodeEncodeError:
        size = None
    if size is not None and size <= _NAME_ROOM and not _UNSAFE.search(doc) and doc[:1] != ".":
        return doc
    raw = doc.encode("utf-8", "surrogateescape")
    digest = hashlib.sha256(raw).hexdigest()[:16]
    prefix = _UNSAFE.sub("_", raw.decode("utf-8", "replace")).lstrip(".")
    while len(prefix.encode("utf-8")) > 120:
        prefix = prefix[:-1]
    return f"{prefix}~{digest}"


#: table -> (folder, suffix) of its per-document files
_DOC_FILES = {t: (f, s) for t, f, s in (*PER_DOC, *STATS_PER_DOC)}


def doc_path(results: PathLike, table: str, doc: str) -> str:
    folder, suffix = _DOC_FILES[table]
    return f"{_posix(results)}/{folder}/{file_stem(doc)}{suffix}"


@lru_cache(maxsize=16)
def _posix(results: PathLike) -> str:
    """``results`` as a POSIX path string, parsed once: a shard job asks 17,000 times."""
    return Path(results).as_posix()


@dataclass(frozen=True)
class Entry:
    doc: str
    table: str
    path: str
    rows: int | None
    sha256: str


_QUOTE = re.compile(r'[\t\n\r"]')


def _field(value) -> str:
    text = "" if value is None else str(value)
    if _QUOTE.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


def tsv_row(values: Iterable) -> str:
    """One line of :func:`tsv_text` (without its line break)."""
    return "\t".join(_field(v) for v in values)


def tsv_text(header: Sequence[str], rows: Iterable[Sequence]) -> str:
    """Tab-separated text, ``\\n`` line ends; a field holding a tab, a line break (``\\n``
    or ``\\r``) or a double quote is quoted CSV-style. The one dialect of manifest.tsv and
    summary.tsv: ``csv.reader(delimiter="\\t")`` and ``pandas.read_csv(sep="\\t")`` read it."""
    lines = ["\t".join(_field(v) for v in header)]
    lines += ["\t".join(_field(v) for v in row) for row in rows]
    return "\n".join(lines) + "\n"


def read_manifest(path: PathLike) -> list[Entry]:
    with open(path, encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh, delimiter="\t")
        if tuple(reader.fieldnames or ()) != MANIFEST_COLUMNS:
            raise ValueError(f"{path}: not a manifest (columns {reader.fieldnames})")
        return [
            Entry(
                r["doc"], r["table"], r["path"], int(r["rows"]) if r["rows"] else None, r["sha256"]
            )
            for r in reader
        ]


def manifest_text(entries: Iterable[Entry]) -> str:
    rows = sorted(entries, key=lambda e: (e.doc, e.table))
    return tsv_text(MANIFEST_COLUMNS, ((e.doc, e.table, e.path, e.rows, e.sha256) for e in rows))


# --- the commit journal ----------------------------------------------------------------
#
# A commit is a list of steps (move a staged file into place, remove a file),
# written to the staging folder as a journal before the first step runs. A
# job killed between two steps leaves the journal behind; the next job of the
# shard (or the aggregate, for a vanished shard) finds it and completes the
# steps that remain: the commit rolls forward. Without a journal nothing has
# moved yet, and the staged files are dropped: the commit rolls back.

JOURNAL = "journal.tsv"


def _journal_text(moves: Sequence[tuple[Path, Path]], removals: Sequence[str]) -> str:
    steps = [("move", str(tmp), str(dest)) for tmp, dest in moves]
    steps += [("remove", path, "") for path in removals]
    return tsv_text(("step", "path", "dest"), steps)


def _run_steps(steps: Iterable[dict]) -> int:
    removed = 0
    folders: set[Path] = set()
    for step in steps:
        if step["step"] == "move":
            # a move already done has no staged file left: done steps are skipped
            if os.path.lexists(step["path"]):
                folder = Path(step["dest"]).parent
                if folder not in folders:
                    folder.mkdir(parents=True, exist_ok=True)
                    folders.add(folder)
                os.replace(step["path"], step["dest"])
        else:
            removed += _unlink(step["path"])
    return removed


def recover(staging: PathLike) -> str | None:
    """Finish or drop what a killed job left in ``staging``: ``"forward"``, ``"back"`` or None."""
    staging = Path(staging)
    if not staging.exists():
        return None
    journal = staging / JOURNAL
    outcome = "back"
    if journal.is_file():
        with open(journal, encoding="utf-8", newline="") as fh:
            _run_steps(list(csv.DictReader(fh, delimiter="\t")))
        outcome = "forward"
    shutil.rmtree(staging, ignore_errors=True)
    return outcome


class Publication:
    """Per-document files and shard outputs of one job, staged until :meth:`commit`."""

    def __init__(self, manifest: PathLike, results: PathLike) -> None:
        self.manifest = Path(manifest)
        self.results = Path(results)
        self.staging = self.manifest.parent / STAGING
        # a commit a killed job left half done is completed first (or, if it
        # had not started moving files, dropped)
        self.recovered = recover(self.staging)
        self.staging.mkdir(parents=True)
        self.entries: list[Entry] = []
        self._moves: list[tuple[Path, Path]] = []
        self._n = 0
        published = self.manifest.with_name(PUBLISHED)
        self.previous = read_manifest(published) if published.is_file() else []
        self._listed_at = published.stat().st_mtime_ns if self.previous else None
        self._before = {e.path: e.sha256 for e in self.previous}
        self._previous_by_doc: dict[str, list[Entry]] = {}
        for e in self.previous:
            self._previous_by_doc.setdefault(e.doc, []).append(e)

    def _stage(self, data: bytes, dest: PathLike) -> None:
        # numbered names: a document id may be anything a file name may be
        self._n += 1
        tmp = self.staging / f"{self._n:08d}"
        tmp.write_bytes(data)
        self._moves.append((tmp, Path(dest)))

    def add_doc_file(self, doc: str, table: str, data: bytes, rows: int | None) -> None:
        dest = doc_path(self.results, table, doc)
        digest = sha256(data)
        # an unchanged file is not rewritten: creating files is most of the cost
        # of publishing here, and its mtime stays meaningful for downstream tools
        if self._before.get(dest) != digest or _size(dest) != len(data):
            self._stage(data, dest)
        self.entries.append(Entry(doc, table, dest, rows, digest))

    def keep_doc_files(self, doc: str) -> bool:
        """List ``doc``'s previously published files again, if none was touched since.

        For a document whose result came from the cache, its files already hold
        what they would be rewritten with, as long as nobody changed them: each
        must exist and be no newer than the previous listing (written after
        every file it lists), as ``make`` would judge it; reading and hashing
        every file instead cost more than the rest of a cached rerun. Returns
        False, listing nothing, otherwise: the caller then writes the files.
        """
        entries = self._previous_by_doc.get(doc, [])
        if self._listed_at is None or not entries:
            return False
        for e in entries:
            try:
                if os.stat(e.path).st_mtime_ns > self._listed_at:
                    return False
            except FileNotFoundError:
                return False
            if e.path != doc_path(self.results, e.table, doc):
                return False
        self.entries.extend(entries)
        return True

    def add_output(self, data: bytes, dest: PathLike) -> None:
        """A declared output of the job (not listed in the manifest)."""
        self._stage(data, dest)

    def commit(self, docs: Iterable[str], owns: Callable[[str], bool] = lambda d: True) -> int:
        """Move everything into place, then drop the files published last time and not
        now: those of documents that left the shard, and a file a document of the
        shard no longer has (the stats findings of a document without any now).

        ``owns(doc)`` says whether a document still belongs to this shard; one
        that moved to another shard (``shards`` changed) is left to its new
        owner, which may already have published it. Returns the files removed.

        The steps are journaled first (see :func:`recover`): a crash between
        any two of them is completed by the next job of the shard. The
        manifest and then ``.published.tsv`` move last, so a manifest in
        place always lists files that are in place.
        """
        docs = set(docs)
        text = manifest_text(self.entries)
        self._stage(text.encode("utf-8"), self.manifest)
        self._stage(text.encode("utf-8"), self.manifest.with_name(PUBLISHED))
        live = {e.path for e in self.entries}
        removals = [
            e.path for e in self.previous if e.path not in live and (e.doc in docs or owns(e.doc))
        ]
        journal = self.staging / JOURNAL
        tmp = self.staging / f"{JOURNAL}.tmp"
        tmp.write_text(_journal_text(self._moves, removals), encoding="utf-8")
        os.replace(tmp, journal)
        with open(journal, encoding="utf-8", newline="") as fh:
            removed = _run_steps(list(csv.DictReader(fh, delimiter="\t")))
        shutil.rmtree(self.staging, ignore_errors=True)
        return removed


def _size(path: PathLike) -> int | None:
    try:
        return os.stat(path).st_size
    except FileNotFoundError:
        return None


def _unlink(path: PathLike) -> int:
    try:
        os.unlink(path)
    except FileNotFoundError:
        return 0
    return 1


def collect_orphans(shards_dir: PathLike, live_shards: Iterable[str], manifests: Mapping) -> int:
    """Remove what shards that no longer exist published, unless a live shard did too.

    A shard disappears when its last document is removed or ``shards`` changes;
    no job of it runs any more, so the aggregate step clears its files.
    ``manifests`` maps a key (a live shard) to a live manifest path: every file listed
    there stays. Returns files removed.
    """
    folder = Path(shards_dir)
    live_names = set(live_shards)
    orphans = (
        sorted(p for p in folder.iterdir() if p.is_dir() and p.name not in live_names)
        if folder.is_dir()
        else []
    )
    if not orphans:
        return 0
    live = {e.path for m in manifests.values() for e in read_manifest(m)}
    removed = 0
    for shard in orphans:
        # a commit a killed job left half done is completed first, so that what it
        # published is removed too
        for staging in sorted(shard.rglob(STAGING)):
            recover(staging)
        # the validate job's listing, and the stats job's in its subfolder
        for listing in sorted(shard.rglob(PUBLISHED)):
            for e in read_manifest(listing):
                if e.path not in live:
                    removed += _unlink(e.path)
        shutil.rmtree(shard)
    return removed
