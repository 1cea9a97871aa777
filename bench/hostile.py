"""Hostile inputs, each mixed with the five seeds, run through the whole workflow.

Every case builds a fresh copy of the workflow (the checkout given by
``--repo``, default this one) in a scratch folder, adds its bad input to the
seeds and runs ``snakemake --cores 2``. It prints, per case, whether the run
succeeded, whether the seeds' files and the corpus tables were written, what
became of the bad input (its findings, or why it is missing), the wall time
and the peak memory of any one process of the run (GNU time's maximum
resident set size, which covers every reaped descendant).

    python bench/hostile.py                     # every case on this checkout
    python bench/hostile.py --repo /some/clone  # the same cases on another checkout
    python bench/hostile.py --only utf16 --size-mb 50

The same cases are tests (tests/test_hostile.py); this script exists to put
time and memory beside them, before and after a change.
"""

from __future__ import annotations

import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pyarrow.parquet as pq

REPO = Path(__file__).resolve().parents[1]
WORKFLOW = ("Snakefile", "rules", "config", "scripts", "envs", "profiles")
SEED = "000_501d523b0ed066ee"


def heatmap(rows: list[str], title: str = "Hostile", ticks: int = 3) -> str:
    """A small description whose data section is ``rows`` (``y=N: a, b, c`` lines)."""
    xs = ", ".join(str(i) for i in range(1, ticks + 1))
    head = (
        f"## Heatmap: {title}\n### Components/Axes\n"
        f'* **X-axis:** Labeled "x". Markers: {xs}.\n'
        f'* **Y-axis:** Labeled "y". Markers: {", ".join(str(i) for i in range(1, len(rows) + 1))} '
        "(top to bottom).\n### Detailed Analysis\n"
    )
    return head + "".join(f"* {r}\n" for r in rows)


def small() -> str:
    return heatmap(["y=1: 1, 2, 3", "y=2: 4, 5, 6"])


def big_table(n: int) -> str:
    """An ``n`` x ``n`` markdown table of numbers."""
    lines = [
        "## Heatmap: big",
        "### Components/Axes",
        f'* **X-axis:** Labeled "c". Markers: {", ".join(f"c{i}" for i in range(n))}.',
        f'* **Y-axis:** Labeled "r". Markers: {", ".join(f"r{i}" for i in range(n))}.',
        "### Detailed Analysis",
        "| r \\ c | " + " | ".join(f"c{i}" for i in range(n)) + " |",
        "|---" * (n + 1) + "|",
    ]
    for j in range(n):
        lines.append(f"| r{j} | " + " | ".join(f"{(i * 7 + j) % 100}.5" for i in range(n)) + " |")
    return "\n".join(lines) + "\n"


def panels(numbers) -> str:
    """The first seed's overview and axes, then a 10 x 10 panel per number: ``**N. Panel N**``."""
    seed = (REPO / "seeds" / f"{SEED}.txt").read_text(encoding="utf-8")
    head = seed.split("### Detailed Analysis")[0] + "### Detailed Analysis\n"
    rows = range(1, 11)
    return head + "".join(
        f"**{k}. Panel {k}**\n"
        + "".join(
            f"* y={r}: " + ", ".join(f"{(r * c + k) % 97}.{c}" for c in range(1, 11)) + "\n"
            for r in rows
        )
        for k in numbers
    )


def sized(mb: float) -> str:
    """A description of about ``mb`` megabytes (1,000,000 bytes): 10 x 10 panels."""
    one = len(panels([1]).encode("utf-8")) - len(panels([]).encode("utf-8"))
    return panels(range(1, 2 + int(mb * 1_000_000 / one)))


NUMBERS = [
    "1e309",
    "inf",
    "9" * 400,
    "٣٫٥",
    "1 234.5",
    "0x1F",
    "1_000",
    "1e-400",
]


@dataclass
class Case:
    name: str
    #: adds the bad input to the workspace's seeds; returns extra snakemake arguments
    setup: Callable[[Path], list[str]]
    #: the document id whose fate is reported, if any
    doc: str | None = None
    timeout: float = 600


def _write(ws: Path, name: str, data: str | bytes) -> list[str]:
    path = ws / "seeds" / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return []


def _allow_big(ws: Path) -> list[str]:
    # a checkout with a size limit gets one above the sizes measured
    schema = (ws / "config/schema.yaml").read_text(encoding="utf-8")
    return ["--config", "max_doc_mb=100"] if "max_doc_mb" in schema else []


def _numbers_list(ws: Path) -> list[str]:
    rows = [f"y={i + 1}: 1.5, {n}, 2.5" for i, n in enumerate(NUMBERS)]
    return _write(ws, "numbers.txt", heatmap(rows))


def _numbers_table(ws: Path) -> list[str]:
    lines = ["| y \\ x | 1 | 2 | 3 |", "|---|---|---|---|"]
    lines += [f"| {i + 1} | 1.5 | {n} | 2.5 |" for i, n in enumerate(NUMBERS)]
    text = heatmap([f"y={i + 1}: 0, 0, 0" for i in range(len(NUMBERS))])
    head = text.split("### Detailed Analysis\n")[0]
    return _write(ws, "numtable.txt", head + "### Detailed Analysis\n" + "\n".join(lines) + "\n")


def _leading_dash(ws: Path) -> list[str]:
    for p in (ws / "seeds").iterdir():
        shutil.copy2(p, ws / p.name)
    (ws / "-rf.txt").write_text(small(), encoding="utf-8")
    return ["--config", "seeds_dir=."]


def _fifo(ws: Path) -> list[str]:
    os.mkfifo(ws / "seeds" / "pipe.txt")
    return []


def _links(ws: Path) -> list[str]:
    (ws / "seeds" / "passwd.txt").symlink_to("/etc/passwd")
    (ws / "seeds" / "broken.txt").symlink_to(ws / "seeds" / "nowhere.txt")
    (ws / "seeds" / "sub").mkdir()
    (ws / "seeds" / "sub" / "inner.txt").write_text("## Inner\n", encoding="utf-8")
    (ws / "seeds" / "UPPER.TXT").write_text(small(), encoding="utf-8")
    return []


def _utf(codec: str, bom: bytes) -> Callable[[Path], list[str]]:
    def setup(ws: Path) -> list[str]:
        text = heatmap(["y=1: 1.5, 2.5, 3.5", "y=2: 4.5, 5.5, 6.5"])
        return _write(ws, f"{codec}.txt", bom + text.encode(codec))

    return setup


def _nul(ws: Path) -> list[str]:
    text = heatmap(["y=1: 1.5, 2\x00.5, 3.5", "y=2: 4.5, 5.5, 6.5"], title="Ti\x00tle")
    return _write(ws, "nul.txt", text)


def _panels_100(ws: Path) -> list[str]:
    return _write(ws, "panels100.txt", panels(range(1, 103)))


def _quote(ws: Path) -> list[str]:
    return _write(ws, 'say "hi", ok.txt', small())


CASES = [
    Case("tab_in_name", lambda ws: _write(ws, "a\tb.txt", small()), "a\tb"),
    Case("newline_in_name", lambda ws: _write(ws, "a\nb.txt", small()), "a\nb"),
    Case("long_name", lambda ws: _write(ws, "n" * 250 + ".txt", small()), "n" * 250),
    Case("leading_dash", _leading_dash, "-rf"),
    Case("quote_in_name", _quote, 'say "hi", ok'),
    Case("numbers_list", _numbers_list, "numbers"),
    Case("numbers_table", _numbers_table, "numtable"),
    Case("utf16", _utf("utf-16-le", b"\xff\xfe"), "utf-16-le"),
    Case("utf32", _utf("utf-32-le", b"\xff\xfe\x00\x00"), "utf-32-le"),
    Case("nul_bytes", _nul, "nul"),
    Case("links_upper_subdir", _links, "passwd"),
    Case("fifo", _fifo, None, timeout=120),
    Case("panels_from_100", _panels_100, "panels100"),
    Case("table_1000x1000", lambda ws: _write(ws, "table1000.txt", big_table(1000)), "table1000"),
]


def workspace(repo: Path, dest: Path) -> Path:
    dest.mkdir(parents=True)
    for name in WORKFLOW:
        src = repo / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif src.exists():
            shutil.copy2(src, dest / name)
    shutil.copytree(repo / "src", dest / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(repo / "seeds", dest / "seeds")
    return dest


def fate(ws: Path, doc: str | None) -> str:
    """What the corpus tables say about ``doc``: its counts and finding kinds."""
    summary = ws / "results/corpus/summary.tsv"
    if not summary.is_file():
        return "no corpus tables"
    with open(summary, encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    seeds = sum(r["doc"].startswith("00") for r in rows)
    text = f"{len(rows)} docs ({seeds} seeds)"
    if doc is None:
        return text
    mine = [r for r in rows if r["doc"] in (doc, doc.replace("\\", "\\\\"))]
    findings = pq.read_table(ws / "results/corpus/findings.parquet").to_pylist()
    kinds = sorted({f["kind"] for f in findings if f["doc"] == doc})
    if not mine:
        return f"{text}; {doc[:20]!r} absent; kinds {kinds}"
    r = mine[0]
    text = f"{text}; cells={r['cells']} quarantined={r['quarantined']} kinds={kinds}"
    numbered = _numbered_titles(ws, doc)
    return f"{text}; {numbered} titles keep their number" if numbered else text


def _numbered_titles(ws: Path, doc: str) -> int:
    path = ws / "results/panels" / f"{doc}.parquet"
    try:
        if not path.is_file():
            return 0
    except OSError:  # a name too long for a file: this checkout publishes it under another
        return 0
    titles = pq.read_table(path).column("title").to_pylist()
    return sum(bool(t) and t.split(".")[0].isdigit() for t in titles)


def run_case(case: Case, repo: Path, root: Path, python: str) -> dict:
    ws = workspace(repo, root / case.name)
    extra = case.setup(ws)
    env = {**os.environ, "PYTHONPATH": str(ws / "src")}
    stats = ws / ".time"
    cmd = ["/usr/bin/time", "-f", "%M %e", "-o", str(stats)]
    cmd += [python, "-m", "snakemake", "--cores", "2", *extra]
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd,
        cwd=ws,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=case.timeout)
        code = str(proc.returncode)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        out, _ = proc.communicate()
        code = f"timeout {case.timeout:.0f}s"
    wall = time.perf_counter() - start
    # GNU time puts "Command exited with non-zero status N" before the figures
    figures = stats.read_text().split("\n")[-2].split() if stats.is_file() else []
    peak = figures[0] if figures else "?"
    seed_ok = (ws / f"results/cells/{SEED}.parquet").is_file()
    last = [ln for ln in out.splitlines() if "Error" in ln or "Exception" in ln][:1]
    return {
        "case": case.name,
        "exit": code,
        "seed files": "yes" if seed_ok else "NO",
        "fate": fate(ws, case.doc),
        "wall s": f"{wall:.1f}",
        "peak MB": f"{int(peak) / 1024:.0f}" if peak.isdigit() else peak,
        "error": last[0].strip()[:100] if last and code != "0" else "",
    }


RATE_SCRIPT = """
import sys, time
from figdata import batch
start = time.perf_counter()
cpu = time.process_time()
# no size or time limit: the measurement is of the parser (older checkouts have none)
limits = [batch.Limits(max_bytes=None, time_budget=None)] if hasattr(batch, "Limits") else []
rows = batch.extract_rows(sys.argv[1], *limits)
print(len(rows["cells"]), time.perf_counter() - start, time.process_time() - cpu)
"""


def parse_rate(repo: Path, sizes: list[float], python: str) -> list[dict]:
    """Read and parse one document of each size in a process of its own: time and memory."""
    rows = []
    with tempfile.TemporaryDirectory(prefix="figdata-rate-") as tmp:
        for mb in sizes:
            doc = Path(tmp) / f"big{mb:g}.txt"
            doc.write_text(sized(mb), encoding="utf-8")
            size = doc.stat().st_size / 1e6
            stats = Path(tmp) / "time"
            env = {**os.environ, "PYTHONPATH": str(repo / "src")}
            cmd = ["/usr/bin/time", "-f", "%M", "-o", str(stats), python, "-c", RATE_SCRIPT]
            out = subprocess.run(
                [*cmd, str(doc)], env=env, capture_output=True, text=True, check=True
            ).stdout.split()
            cells, wall, cpu = int(out[0]), float(out[1]), float(out[2])
            peak = int(stats.read_text().split()[-1]) / 1024
            rows.append(
                {
                    "MB": f"{size:.1f}",
                    "cells": f"{cells:,}",
                    "wall s": f"{wall:.1f}",
                    "cpu s": f"{cpu:.1f}",
                    "MB/s (cpu)": f"{size / cpu:.2f}",
                    "peak MB": f"{peak:.0f}",
                    "peak MB per input MB": f"{peak / size:.0f}",
                }
            )
            print("\t".join(rows[-1].values()), flush=True)
    return rows


def table(rows: list[dict]) -> None:
    cols = list(rows[0]) if rows else []
    print("| " + " | ".join(cols) + " |")
    print("|" + "---|" * len(cols))
    for r in rows:
        print(
            "| " + " | ".join(v.replace("|", "\\|").replace("\n", " ") for v in r.values()) + " |"
        )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", type=Path, default=REPO, help="checkout to run (default: this one)")
    ap.add_argument("--only", nargs="*", help="case names")
    ap.add_argument("--size-mb", type=float, nargs="*", default=[], help="add sized documents")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folders")
    ap.add_argument(
        "--parse-rate",
        type=float,
        nargs="*",
        metavar="MB",
        help="only measure reading and parsing one document of each size (MB/s, peak memory)",
    )
    args = ap.parse_args(argv)
    if args.parse_rate:
        table(parse_rate(args.repo.resolve(), args.parse_rate, sys.executable))
        return 0
    cases = list(CASES)
    for mb in args.size_mb:
        cases.append(
            Case(
                f"size_{mb:g}mb",
                lambda ws, mb=mb: _write(ws, f"big{mb:g}.txt", sized(mb)) + _allow_big(ws),
                f"big{mb:g}",
            )
        )
    if args.only:
        cases = [c for c in cases if c.name in args.only]
    root = Path(tempfile.mkdtemp(prefix="figdata-hostile-"))
    rows = []
    try:
        for case in cases:
            rows.append(run_case(case, args.repo.resolve(), root, sys.executable))
            print("\t".join(rows[-1].values()), flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    print()
    table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
