"""A shard job's per-document cache: reuse the results of documents that did not change.

Snakemake reruns a shard's job when any one of its documents changes, so
without help an edit costs a whole shard's work. Each shard job therefore
keeps, per stage, a copy of the tables it wrote and the key of every document
in them (``results/shards/NNN/.cache/<stage>/``). A document's key is the
SHA-256 of its upstream key (for the extract stage: the document's id and the
digest of its bytes), the stage's code version (:func:`code_version`: the
bytes of the modules the rule declares as its code, the Python version and
the versions of the libraries that write the bytes) and nothing else. A
document whose key is in the cache takes its rows from there; the others are
computed, as one batch. Since rows are put in their canonical order
(:func:`figdata.fileio.sort_rows`) after joining, a cached rerun writes the
same bytes as a clean run; a test holds them equal.

The cache is rewritten at the end of every run of the job with exactly the
shard's documents, so a document that left has no entry (and no row) in it
any more; a shard that disappears takes its cache with it. Its index lists
the SHA-256 of every cached file: a cache that was half written (a killed
job) or altered does not match and is ignored, never trusted. Deleting
``.cache`` folders is always safe; the next run recomputes.
"""

from __future__ import annotations

import csv
import hashlib
import json
import logging
import platform
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

import pyarrow as pa

from figdata import fileio, layout, publish

if TYPE_CHECKING:
    import pandas as pd

log = logging.getLogger("figdata")

INDEX = "index.json"
#: libraries whose version can change a result byte (a Parquet file names its writer)
LIBRARIES = ("numpy", "pandas", "pyarrow", "pandera", "matplotlib", "jinja2")


def digest(*parts: str) -> str:
    """SHA-256 of the parts, each one delimited (so ``("ab", "c") != ("a", "bc")``)."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def stage_sources(stage: str, root: Path | None = None) -> list[Path]:
    """The modules of ``stage`` (figdata.layout's CORE_CODE and STAGE_CODE), sorted."""
    root = root or Path(__file__).parent
    patterns = (*layout.CORE_CODE, *layout.STAGE_CODE[stage])
    return sorted({p for pattern in patterns for p in root.glob(pattern) if p.is_file()})


@cache
def code_version(stage: str) -> str:
    """What besides a document's input decides a stage's result for it, as one digest."""
    root = Path(__file__).parent
    parts = [stage, platform.python_version()]
    for path in stage_sources(stage, root):
        parts += [path.relative_to(root).as_posix(), hashlib.sha256(path.read_bytes()).hexdigest()]
    for name in LIBRARIES:
        try:
            parts += [name, metadata.version(name)]
        except metadata.PackageNotFoundError:
            parts += [name, "-"]
    return digest(*parts)


DIGESTS_COLUMNS = ("doc", "sha256", "key")


def digests_text(docs: Sequence[str], sums: Mapping[str, str], keys: Mapping[str, str]) -> str:
    """The extract job's record of each document: its bytes' SHA-256 and its cache key.

    In the dialect of manifest.tsv (:func:`figdata.publish.tsv_text`), so that an id
    holding a tab or a line break is recorded as it is.
    """
    rows = [(doc, sums[doc], keys[doc]) for doc in sorted(docs)]
    return publish.tsv_text(DIGESTS_COLUMNS, rows)


def read_digests(path: fileio.PathLike) -> dict[str, str]:
    """Document -> cache key, from an extract job's ``digests`` table."""
    return {doc: key for doc, (_, key) in read_digest_rows(path).items()}


def read_digest_rows(path: fileio.PathLike) -> dict[str, tuple[str, str]]:
    """Document -> (SHA-256 of its bytes, or "-" when they were not read; cache key)."""
    with open(path, encoding="utf-8", newline="") as fh:
        rows = list(csv.reader(fh, delimiter="\t"))
    if not rows or tuple(rows[0]) != DIGESTS_COLUMNS or any(len(r) != 3 for r in rows[1:]):
        raise ValueError(f"{path}: not a digests table")
    return {doc: (sha, key) for doc, sha, key in rows[1:]}


def bytes_digests(path: fileio.PathLike | None) -> dict[str, str]:
    """Document -> SHA-256 of its bytes as the extract job read them, for the documents
    it read (an empty mapping without a digests table)."""
    if path is None or not Path(path).is_file():
        return {}
    return {doc: sha for doc, (sha, _) in read_digest_rows(path).items() if sha != "-"}


def chained_keys(
    digests: fileio.PathLike | None, docs: Sequence[str], stages: Sequence[str]
) -> dict[str, str] | None:
    """Each document's key for the last of ``stages``, or None without a digests table.

    A stage's input for a document is decided by the document's bytes and the
    code of every stage before it, so its key folds the extract key (from the
    extract job's ``digests`` table) with the code version of each stage in turn.
    """
    if digests is None or not Path(digests).is_file():
        return None
    keys = read_digests(digests)
    if set(keys) != set(docs):
        raise ValueError(f"{digests}: lists other documents than the shard's")
    for stage in stages:
        version = code_version(stage)
        keys = {doc: digest(version, keys[doc]) for doc in docs}
    return keys


@dataclass
class Reuse:
    """What a job takes from its cache: the documents, their rows and their extras."""

    hits: list[str] = field(default_factory=list)
    fresh: list[str] = field(default_factory=list)
    #: table name -> the cached rows of the hits, typed as the table's columns
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    #: per-document JSON values kept beside the tables (e.g. validation reports)
    extras: dict[str, object] = field(default_factory=dict)
    #: table name -> the cached rows of the hits as Arrow read them (``as_arrow``)
    arrow: dict[str, pa.Table] = field(default_factory=dict)


class DocCache:
    """One stage's cache in one shard folder."""

    def __init__(self, folder: fileio.PathLike) -> None:
        self.folder = Path(folder)

    @classmethod
    def of_shard(cls, shard_dir: fileio.PathLike, stage: str) -> DocCache:
        return cls(Path(shard_dir) / layout.CACHE / stage)

    def stored_at(self) -> int | None:
        """Modification time (ns) of the index, written after everything it lists; None
        without one. A file the job wrote before storing is no newer than this."""
        try:
            return (self.folder / INDEX).stat().st_mtime_ns
        except FileNotFoundError:
            return None

    def index(self) -> dict:
        """The index (``docs``: document -> key, ``files``: name -> SHA-256) when every
        file it lists is there with its digest; else empty."""
        path = self.folder / INDEX
        try:
            index = json.loads(path.read_text(encoding="utf-8"))
            files = index["files"]
            for name, expected in files.items():
                data = (self.folder / name).read_bytes()
                if hashlib.sha256(data).hexdigest() != expected:
                    raise ValueError(f"{name} does not match the index")
            return index
        except FileNotFoundError:
            return {}
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("%s: ignoring the cache (%s); recomputing", self.folder, exc)
            return {}

    def reuse(
        self,
        keys: Mapping[str, str],
        tables: Mapping[str, Mapping[str, str]],
        extras: str | None = None,
        as_arrow: bool = False,
    ) -> Reuse:
        """Split the documents of ``keys`` into hits and fresh ones; load the hits' rows.

        ``tables`` maps a cached table's name to its columns (figdata.tables);
        ``extras`` names the cached JSON file of per-document values, if any. With
        ``as_arrow`` the rows stay Arrow tables (``Reuse.arrow``), for
        :func:`joined_table`.
        """
        index = self.index()
        cached = index.get("docs", {})
        files = index.get("files", {})
        wanted = [f"{t}.parquet" for t in tables] + ([extras] if extras else [])
        if any(name not in files for name in wanted):
            cached = {}
        hits = [d for d in keys if cached.get(d) == keys[d]]
        out = Reuse(hits=hits, fresh=[d for d in keys if cached.get(d) != keys[d]])
        if not hits:
            return out
        for name, columns in tables.items():
            # the hits' rows are picked in Arrow, before anything is converted to pandas
            data = fileio.read_arrow(self.folder / f"{name}.parquet", hits)
            if as_arrow:
                out.arrow[name] = data
            else:
                out.tables[name] = typed_frame(data, columns)
        if extras:
            values = json.loads((self.folder / extras).read_text(encoding="utf-8"))
            out.extras = {d: values[d] for d in hits}
        return out

    def store(self, keys: Mapping[str, str], files: Mapping[str, bytes]) -> None:
        """Keep ``files`` (name -> bytes) as the cache of exactly the documents of ``keys``.

        The index goes last: until it is written, the old index does not match
        the new files and the cache counts as empty.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        for name, data in files.items():
            fileio.write_bytes(data, self.folder / name)
        for stale in self.folder.iterdir():
            if stale.name not in files and stale.name != INDEX:
                stale.unlink()
        index = {
            "docs": dict(sorted(keys.items())),
            "files": {n: hashlib.sha256(d).hexdigest() for n, d in sorted(files.items())},
        }
        fileio.write_bytes(
            fileio.json_text(index, compact=True).encode("utf-8"), self.folder / INDEX
        )


def typed_frame(data: pa.Table, columns: Mapping[str, str]) -> pd.DataFrame:
    """Cached rows as pandas, typed as the table's columns."""
    df = fileio.frame_of(data)
    return df.astype({c: t for c, t in columns.items() if t != "object"})


def joined_table(
    cached: pa.Table | None, fresh: pd.DataFrame, table: str, columns: Mapping[str, str]
) -> pa.Table:
    """:func:`joined` as the Arrow table written (``fileio.arrow_table``), the cached rows
    (``Reuse.arrow``) never converted to pandas and back when that gives the same table.

    A clean run converts every document's rows to Arrow at once; here only the fresh
    rows are, and they join the cached ones when both parts have the same schema,
    metadata included: the same Arrow types and, in pandas' metadata, the same dtype
    and kind of values per column. Those follow from the table's declared columns
    (``fileio.arrow_table`` pins the types of list columns), not from the values, so
    the whole table of a clean run has them too, and the rows, sorted the same way,
    give the same file. Parts that differ (a cache written by another pandas, say),
    or a kind pandas inferred from the values ("mixed"), take the pandas path of
    :func:`joined`; a test holds both paths equal to a clean run.
    """
    if cached is None:
        return fileio.arrow_table(joined(None, fresh, table), table)
    part = fileio.arrow_table(fresh, table)
    if _joinable(cached.schema, part.schema):
        # a list read from Parquet names its values "element", one from pandas "item":
        # the file names them "element" either way
        cached = cached.cast(part.schema)
        return fileio.sort_table(pa.concat_tables([cached, part]), table)
    return fileio.arrow_table(joined(typed_frame(cached, columns), fresh, table), table)


def _joinable(cached: pa.Schema, fresh: pa.Schema) -> bool:
    if cached.metadata != fresh.metadata or cached.names != fresh.names:
        return False
    for a, b in zip(cached, fresh, strict=True):
        if a.nullable != b.nullable or a.metadata != b.metadata or not _same_type(a.type, b.type):
            return False
    meta = cached.pandas_metadata or {}
    kinds = [str(c.get("pandas_type")) for c in meta.get("columns", [])]
    return bool(kinds) and not any(k.startswith("mixed") for k in kinds)


def _same_type(a: pa.DataType, b: pa.DataType) -> bool:
    """Equal types, up to the name of a list's values."""
    if isinstance(a, pa.ListType | pa.LargeListType) and type(a) is type(b):
        return _same_type(a.value_type, b.value_type)
    return a.equals(b)


def joined(cached: pd.DataFrame | None, fresh: pd.DataFrame, table: str) -> pd.DataFrame:
    """Cached and fresh rows of a table in canonical order, as a clean run orders them.

    Rows are sorted by document first and the sort is stable, so each
    document's rows keep the order their computation gave them, wherever they
    come from.
    """
    parts: Sequence[pd.DataFrame] = [fresh] if cached is None else [cached, fresh]
    return fileio.sort_rows(fileio.concat(parts), table)
