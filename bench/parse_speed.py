"""Time the parser alone: N synthetic documents parsed in one process.

    python bench/parse_speed.py            # N = 1000
    python bench/parse_speed.py -n 300 --against /path/to/other/src

The documents come from bench/synth.py over the templates bench/bench.py uses (seed 0), so
that caches cannot serve a repeated document. With ``--against``, the same documents are also
parsed by the package under that source folder in a fresh process, and the ratio of the two
times is printed: on a shared machine only ratios measured in one run compare.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = [ROOT / "seeds", ROOT / "tests" / "corpus" / "docs"]


def _time(folder: str) -> dict:
    from figdata.parse import parse_document

    docs = [(p.stem, p.read_bytes()) for p in sorted(Path(folder).iterdir())]
    start, cpu = time.perf_counter(), time.process_time()
    cells = sum(len(parse_document(name, raw).cells) for name, raw in docs)
    return {
        "n": len(docs),
        "seconds": time.perf_counter() - start,
        "cpu": time.process_time() - cpu,
        "cells": cells,
    }


def _run(src: Path, folder: Path) -> dict:
    """Parse ``folder`` in a fresh process that imports figdata from ``src``."""
    code = (
        f"import sys, json; sys.path[:0] = [{str(src)!r}, {str(Path(__file__).parent)!r}]; "
        f"import parse_speed; print(json.dumps(parse_speed._time({str(folder)!r})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=1000)
    ap.add_argument("--against", type=Path, help="another checkout's src folder to compare")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "src"))
    import synth  # bench/synth.py, beside this script

    folder = Path(tempfile.mkdtemp(prefix="figdata-parse-speed-"))
    synth.write_corpus(folder, synth.generate(synth.load_templates(TEMPLATES), args.n, 0))
    mine = _run(ROOT / "src", folder)
    print(
        f"this parser: {mine['n']} documents in {mine['seconds']:.2f} s wall, "
        f"{mine['cpu']:.2f} s CPU ({mine['cells']} cells)"
    )
    if args.against:
        other = _run(args.against.resolve(), folder)
        print(
            f"{args.against}: {other['n']} documents in {other['seconds']:.2f} s wall, "
            f"{other['cpu']:.2f} s CPU ({other['cells']} cells); "
            f"ratio {mine['seconds'] / other['seconds']:.2f} wall, "
            f"{mine['cpu'] / other['cpu']:.2f} CPU"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
