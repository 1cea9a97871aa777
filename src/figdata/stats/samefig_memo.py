"""Same-figure results of an earlier run, kept so that an edit rematches only what it touches.

``figdata.stats.samefig`` matches each component of documents (linked by shared blocking
keys) on its own; this file keeps each component's rows and groups under its key (its
documents and the digest of their panels and cells) in
``results/corpus/.cache/same_figure.json``, with the stats stage's code version. A file
of another code version, or one that cannot be read, is ignored (the run matches
everything, as a clean run); the file is rewritten after every run with exactly the
components of that run, so a removed document leaves no trace in it. Deleting it is
always safe.

Beside it, ``signatures.json`` keeps each document's same-figure signature rows under its
key (its validated rows are the same while the key is), so that an edit reads the panels
of the documents that changed only; it too is rewritten with exactly the run's documents.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from figdata import cache, fileio, layout

log = logging.getLogger("figdata")

NAME = "same_figure.json"


def memo_path(results: fileio.PathLike) -> Path:
    return Path(results) / "corpus" / layout.CACHE / NAME


def load(path: fileio.PathLike) -> dict:
    """Component key -> (rows, groups) from ``path``; empty when absent, stale or damaged."""
    path = Path(path)
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != cache.code_version("stats"):
            log.info("%s: another code version; matching every document", path)
            return {}
        return {
            key: ([dict(r) for r in entry["rows"]], dict(entry["groups"]))
            for key, entry in data["components"].items()
        }
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        log.warning("%s: unreadable (%s); matching every document", path, err)
        return {}


def store(path: fileio.PathLike, memo: dict) -> None:
    data = {
        "version": cache.code_version("stats"),
        "components": {k: {"rows": r, "groups": g} for k, (r, g) in sorted(memo.items())},
    }
    fileio.write_bytes(json.dumps(data, sort_keys=True).encode("utf-8"), path)


SIGNATURES = "signatures.json"


def signatures_path(results: fileio.PathLike) -> Path:
    return Path(results) / "corpus" / layout.CACHE / SIGNATURES


def load_signatures(
    path: fileio.PathLike, prints: dict[str, str]
) -> tuple[dict[str, list], set[str]]:
    """The signature rows (``samefig.signature_rows``) kept for each document whose key in
    ``prints`` is the one they were made under, and every document the file holds; both
    empty when it is absent, stale or damaged."""
    path = Path(path)
    if not path.is_file():
        return {}, set()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != cache.code_version("stats"):
            return {}, set()
        rows = {
            doc: entry[1]
            for doc, entry in data["docs"].items()
            if prints.get(doc) == entry[0] and isinstance(entry[1], list)
        }
        return rows, set(data["docs"])
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as err:
        log.warning("%s: unreadable (%s); reading every document's panels", path, err)
        return {}, set()


def store_signatures(path: fileio.PathLike, rows: dict[str, list], prints: dict[str, str]) -> None:
    data = {
        "version": cache.code_version("stats"),
        "docs": {doc: [prints[doc], rows[doc]] for doc in sorted(rows)},
    }
    fileio.write_bytes(json.dumps(data, sort_keys=True).encode("utf-8"), path)
