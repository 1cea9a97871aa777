"""Score the parser on a folder of documents with gold, in the corpus's format.

usage: python bench/score_corpus.py CORPUS_DIR [OUT_DIR] [--per-doc]

CORPUS_DIR holds docs/<stem>.txt and gold/<stem>.csv + gold/<stem>.meta.json (the layout of
tests/corpus). Each document is parsed and validated exactly as the pipeline does; the
validated cells go to OUT_DIR/<stem>.csv and the finding kinds to OUT_DIR/<stem>.flags.json,
and the corpus's own compare.py prints precision, recall, F1 and the documents that differ.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from figdata import tables
from figdata.parse import parse_document
from figdata.validate import validate_tables

COMPARE = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "compare.py"
HEADER = ["panel_index", "panel_title", "x", "y", "value"]
#: findings that the gold format has no flag for: the parser's accounting of the numbers it
#: could not place is its own alarm (summary.tsv counts them), not a property of the document
PARSER_OWN_KINDS = {"unplaced_number"}


def write_outputs(corpus: Path, out: Path) -> None:
    write_many([(corpus, out)])


def write_many(pairs: list[tuple[Path, Path]]) -> None:
    """Parse and validate the documents of several folders, each folder's outputs to its own.

    Document stems must be distinct across the folders; one validation covers them all, as a
    shard is validated (pandera's fixed cost is paid once, not once per document or folder).
    """
    paths = {out: sorted((corpus / "docs").glob("*.txt")) for corpus, out in pairs}
    parsed_docs = _parse_all([path for folder in paths.values() for path in folder])
    # one frame per table for all documents, as a shard is validated: building four frames
    # per document would cost more than parsing it
    frames = {
        name: tables.frame(
            [{**row, "doc": stem} for stem, p in parsed_docs.items() for row in getattr(p, name)],
            columns,
        )
        for name, columns in tables.TABLES.items()
    }
    results = validate_tables(frames, list(parsed_docs))
    for out, folder in paths.items():
        out.mkdir(parents=True, exist_ok=True)
        for path in folder:
            _write_document(out, path.stem, parsed_docs[path.stem], results.document(path.stem))


def _parse_paths(paths: list[Path]) -> list:
    return [parse_document(path.stem, path.read_bytes()) for path in paths]


def _parse_all(paths: list[Path]) -> dict:
    """stem -> parsed document, in the order of ``paths``; on more than one CPU the parsing is
    shared among processes (thousands of documents in the fresh-batch tests), each document
    parsed as on its own, so the outputs do not depend on how many there are."""
    workers = min(os.cpu_count() or 1, 4)
    if workers < 2 or len(paths) < 200:
        return {path.stem: doc for path, doc in zip(paths, _parse_paths(paths), strict=True)}
    chunks = [paths[i::workers] for i in range(workers)]
    with ProcessPoolExecutor(workers) as pool:
        parsed = list(pool.map(_parse_paths, chunks))
    by_path = {
        path: doc
        for chunk, docs in zip(chunks, parsed, strict=True)
        for path, doc in zip(chunk, docs, strict=True)
    }
    return {path.stem: by_path[path] for path in paths}


def _write_document(out: Path, stem: str, parsed, validated) -> None:
    cells = validated.tables["cells"]
    titles = {int(p["panel"]): p["title"] or "" for p in parsed.panels}
    with open(out / f"{stem}.csv", "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(HEADER)
        for row in cells.itertuples():
            panel = int(row.panel)
            writer.writerow([panel, titles.get(panel, ""), row.x, row.y, row.value])
    kinds = sorted(set(validated.tables["findings"]["kind"]) - PARSER_OWN_KINDS)
    (out / f"{stem}.flags.json").write_text(json.dumps(kinds), encoding="utf-8")


def main(argv: list[str]) -> int:
    if not argv:
        sys.exit(__doc__)
    corpus = Path(argv[0])
    rest = [a for a in argv[1:] if not a.startswith("--")]
    flags = [a for a in argv[1:] if a.startswith("--")]
    out = Path(rest[0]) if rest else Path(tempfile.mkdtemp(prefix="figdata-score-"))
    write_outputs(corpus, out)
    cmd = [sys.executable, str(COMPARE), str(out), "--corpus", str(corpus), *flags]
    return subprocess.run(cmd, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
