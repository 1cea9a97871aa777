"""A failure injected at every file operation of a shard's commit, then the next run.

Run against any checkout: ``PYTHONPATH=<checkout>/src python bench/publish_crash.py``.
For each crash point it prints the state the crash left and, after the next
run of the shard (in which a document the crashed commit added was removed
meanwhile), whether the files under results/ are exactly the manifest's.
tests/test_hostile.py asserts the same on this checkout.
"""

from __future__ import annotations

import csv
import hashlib
import os
import sys
import tempfile
from pathlib import Path

from figdata import publish

VERSIONS = {1: ["a", "b", "c"], 2: ["a", "c", "d"], 3: ["a", "c"]}


def run(root: Path, version: int) -> None:
    pub = publish.Publication(root / "shard" / "manifest.tsv", root / "results")
    for doc in VERSIONS[version]:
        body = f"{doc}{version if doc == 'c' else ''}".encode()
        pub.add_doc_file(doc, "cells", body, 1)
        pub.add_doc_file(doc, "report", body + b"r", None)
    pub.add_output(f"summary {version}".encode(), root / "shard" / "summary.parquet")
    pub.commit(VERSIONS[version])


def consistent(root: Path) -> str:
    manifest = root / "shard" / "manifest.tsv"
    if not manifest.is_file():
        return "manifest missing"
    if (root / "shard" / publish.STAGING).exists():
        return "staging left"
    with open(manifest, encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    for r in rows:
        path = Path(r["path"])
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != r["sha256"]:
            return "a file differs from the manifest"
    if (root / "shard" / publish.PUBLISHED).read_text() != manifest.read_text():
        return ".published.tsv differs from the manifest"
    files = {str(p) for p in (root / "results").rglob("*") if p.is_file()}
    stale = files - {r["path"] for r in rows}
    return f"{len(stale)} stale files of a removed document" if stale else "ok"


class Crash:
    """Makes the ``step``-th rename or unlink of figdata.publish raise OSError."""

    def __init__(self, step: int) -> None:
        self.step, self.calls = step, 0
        self.real = os.replace, os.unlink

    def _wrap(self, real):
        def op(*args, **kwargs):
            self.calls += 1
            if self.calls == self.step:
                raise OSError(5, "injected failure")
            return real(*args, **kwargs)

        return op

    def __enter__(self):
        publish.os.replace, publish.os.unlink = (self._wrap(f) for f in self.real)

    def __exit__(self, *exc):
        publish.os.replace, publish.os.unlink = self.real


def main() -> int:
    bad, step = 0, 1
    while True:
        root = Path(tempfile.mkdtemp(prefix="figdata-crash-"))
        run(root, 1)
        try:
            with Crash(step):
                run(root, 2)
            break  # no operation left to fail
        except OSError:
            pass
        state = consistent(root)
        run(root, 3)
        after = consistent(root)
        print(f"step {step}: after the crash: {state}; after the next run: {after}")
        bad += after != "ok"
        step += 1
    print(f"{step - 1} crash points; after the next run {bad} leave stale or inconsistent files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
