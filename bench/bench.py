"""Benchmark the workflow against the cost of its work, on a synthetic corpus.

    python bench/bench.py                  # N = 5, 100, 1000, 10000
    python bench/bench.py --skip-10k       # N = 5, 100, 1000
    python bench/bench.py -n 100 --no-write

For every N a copy of the workflow is made in a temporary folder with N
synthetic documents (bench/synth.py) as its seeds, and measured:

baseline  one Python process, imports once, runs every stage in STAGES over all
          documents sequentially: what the work itself costs
full      snakemake --cores 2 from clean
noop      the same command right after: nothing to do
edit1     after one document's content changed
add1      after one document was added

The goal for edit1 and add1 is the noop time plus at most 5 s at any N (the
ratios table gives both differences, wall and CPU, and every step the machine's
load average): every job reuses each unchanged document's result.

Wall time, CPU time (user + sys of the whole process tree) and peak memory
(the largest RSS of any process in the tree) come from wait4(2), so a
Snakemake run counts every job it started. The table goes to stdout and, with
the command that produced it, to docs/benchmark.md.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from figdata.layout import WORKFLOW_FILES

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = WORKFLOW_FILES
TEMPLATES = (ROOT / "seeds", ROOT / "tests" / "corpus" / "docs")
SIZES = (5, 100, 1000, 10000)
STEPS = ("baseline", "full", "noop", "edit1", "add1")
SEED = 0


# --- baseline: every stage's work in one process --------------------------------
# One entry per stage; a new stage is one more function and one more list entry.


def _extract(docs, paths, out):
    from figdata import batch, layout

    batch.extract_shard(paths, layout.files(f"{out}/shard", layout.EXTRACT_FILES))


def _validate(docs, paths, out):
    from figdata import batch, layout

    raw = layout.files(f"{out}/shard", layout.EXTRACT_FILES)
    outputs = layout.files(f"{out}/shard", layout.VALIDATE_FILES)
    batch.validate_shard(docs, raw, outputs, results=out)


def _aggregate(docs, paths, out):
    from figdata import corpus

    corpus.aggregate(
        [out / "shard" / "findings.parquet", out / "shard" / "stats" / "findings.parquet"],
        [out / "shard" / "summary.parquet"],
        out / "corpus" / "findings.parquet",
        out / "corpus" / "summary.tsv",
    )


def _stats(docs, paths, out):
    from figdata import layout
    from figdata.stats import job

    folder = f"{out}/shard"
    inputs = layout.files(folder, layout.VALIDATE_FILES)
    job.stats_shard(docs, inputs, layout.files(folder, layout.STATS_FILES), results=out)


def _read_shard(out, names):
    import pandas as pd

    from figdata import layout

    files = layout.files(f"{out}/shard", layout.VALIDATE_FILES)
    return {t: pd.read_parquet(files[t]) for t in names}


def _figures(docs, paths, out):
    from figdata import layout
    from figdata.figures import shard

    texts = {p.stem: p.read_bytes().decode("utf-8", errors="replace") for p in paths}
    manifest = layout.files(f"{out}/shard", layout.FIGURES_FILES)["manifest"]
    shard.render_shard(docs, _read_shard(out, shard.TABLES), texts, out / layout.FIGURES, manifest)


def _report(docs, paths, out):
    import pandas as pd

    from figdata import layout
    from figdata.report import site

    tables = _read_shard(out, (*site.TABLES, "summary"))
    stats_files = layout.files(f"{out}/shard", layout.STATS_FILES)
    corpus = layout.files(str(out), layout.STATS_CORPUS_FILES)
    stats = {
        t: pd.read_parquet(stats_files[t]) for t in ("panel_stats", "factcheck", "panel_pairs")
    }
    stats["same_figure"] = pd.read_parquet(corpus["same_figure"])
    shard_pages = layout.files(f"{out}/shard", layout.PAGES_FILES)["manifest"]
    site.write_shard_pages(
        docs,
        tables,
        {p.stem: p for p in paths},
        layout.files(f"{out}/shard", layout.FIGURES_FILES)["manifest"],
        stats,
        out / layout.REPORT,
        shard_pages,
        {},
    )
    site.write_index(
        tables["summary"],
        tables["findings"],
        tables["panels"],
        site.read_stats_summary(corpus["summary_json"]),
        out / layout.REPORT,
        {},
    )


def _stats_corpus(docs, paths, out):
    from figdata.stats import job

    # same-figure detection is measured on its own too: its goal is in seconds
    return job.stats_corpus(out, [f"{out}/shard"])["seconds"]


STAGES = [_extract, _validate, _stats, _aggregate, _stats_corpus, _figures, _report]


def run_baseline(seeds: Path, out: Path) -> dict[str, list[float]]:
    """Every stage over all documents in this process: stage -> [wall s, CPU s]."""
    from figdata import fileio

    out.mkdir(parents=True, exist_ok=True)
    fileio.configure_logging(out / "baseline.log")
    paths = sorted(p for p in seeds.iterdir() if p.suffix in (".txt", ".md"))
    docs = [fileio.doc_id(p) for p in paths]
    times = {}
    for stage in STAGES:
        wall, cpu = time.perf_counter(), time.process_time()
        extra = stage(docs, paths, out)
        times[stage.__name__.lstrip("_")] = [time.perf_counter() - wall, time.process_time() - cpu]
        for name, seconds in (extra or {}).items():
            times[name] = list(seconds)
    (out / "stage_times.json").write_text(json.dumps(times, indent=1))
    return times


# --- measuring ---------------------------------------------------------------


@dataclass
class Measure:
    n: int
    step: str
    wall: float
    cpu: float
    peak_mb: float
    jobs: int | None = None
    #: the machine's 1-minute load average when the step ended (others' work included)
    load: float | None = None


def measured(cmd: list[str], cwd: Path, log: Path) -> tuple[float, float, float]:
    """Run ``cmd``; wall seconds, CPU seconds and peak RSS (MB) of its process tree."""
    # the work folder's snapshot of the package: an edit of the repository's
    # package while the benchmark runs would otherwise rerun every job
    env = {**os.environ, "PYTHONPATH": str(cwd / "src")}
    with open(log, "w") as fh:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=fh, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{shlex.join(cmd)} failed in {cwd} (exit {proc.returncode}); see {log}")
    # Linux reports ru_maxrss in kilobytes
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def jobs_done(log: Path) -> int:
    text = log.read_text(errors="replace")
    return text.count("Finished jobid") or text.count("Finished job ")


def prepare(work: Path, n: int) -> list:
    import synth  # bench/synth.py, next to this script

    for name in WORKFLOW:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, work / name)
        elif src.exists():
            shutil.copy2(src, work / name)
    shutil.copytree(
        ROOT / "src" / "figdata",
        work / "src" / "figdata",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    templates = synth.load_templates(TEMPLATES)
    synth.write_corpus(work / "seeds", synth.generate(templates, n, SEED))
    return templates


def bench_one(n: int, base: Path, snakemake: list[str], baseline: bool = True) -> list[Measure]:
    work = base / f"n{n}"
    work.mkdir(parents=True)
    templates = prepare(work, n)
    logs = work / "bench-logs"
    logs.mkdir()
    rows = []

    def step(name, cmd):
        log = logs / f"{name}.log"
        wall, cpu, peak = measured(cmd, work, log)
        jobs = None if name == "baseline" else jobs_done(log)
        load = os.getloadavg()[0]
        rows.append(Measure(n, name, wall, cpu, peak, jobs, load))
        print(
            f"  N={n:<6} {name:<9} {wall:8.2f} s wall {cpu:8.2f} s cpu {peak:7.0f} MB"
            f" {jobs if jobs is not None else '':>4} jobs  load {load:.1f}",
            flush=True,
        )

    worker = [sys.executable, str(Path(__file__).resolve()), "--baseline-worker"]
    if baseline:
        step("baseline", [*worker, str(work / "seeds"), str(work / "baseline-out")])
        STAGE_TIMES[n] = json.loads((work / "baseline-out" / "stage_times.json").read_text())
        print("  " + stage_line(n, STAGE_TIMES[n]), flush=True)
    step("full", snakemake)
    incremental_steps(work, templates, step, snakemake)
    return rows


def incremental_steps(work: Path, templates: list, step, snakemake: list[str], variant: int = 1):
    """noop, edit1 (the first document becomes variant ``variant`` of its template) and
    add1 (one more document) in a work folder whose results are up to date."""
    import synth  # bench/synth.py, next to this script

    step("noop", snakemake)
    seeds = sorted((work / "seeds").iterdir())
    first, template = seeds[0], templates[0]
    assert first.name == synth.output_name(0, template)
    first.write_bytes(synth.synthesize(template, 0, SEED + variant))
    step("edit1", snakemake)
    ((name, raw),) = synth.generate(templates, 1, SEED, start=len(seeds))
    (work / "seeds" / name).write_bytes(raw)
    step("add1", snakemake)


def bench_again(work: Path, snakemake: list[str], variant: int) -> list[Measure]:
    """The incremental steps again in the work folder of an earlier run (``--again``),
    after a first run (``update``) that brings it up to date, e.g. after a code change."""
    import synth  # bench/synth.py, next to this script

    n = sum(1 for _ in (work / "seeds").iterdir())
    logs = work / f"bench-logs-again-{variant}"
    logs.mkdir()
    rows: list[Measure] = []

    def step(name, cmd):
        wall, cpu, peak = measured(cmd, work, logs / f"{name}.log")
        jobs, load = jobs_done(logs / f"{name}.log"), os.getloadavg()[0]
        rows.append(Measure(n, name, wall, cpu, peak, jobs, load))
        print(f"  N={n:<6} {name:<9} {wall:8.2f} s wall {cpu:8.2f} s cpu {peak:7.0f} MB"
              f" {jobs:>4} jobs  load {load:.1f}", flush=True)  # fmt: skip

    step("update", snakemake)
    incremental_steps(work, synth.load_templates(TEMPLATES), step, snakemake, variant)
    return rows


# --- report ------------------------------------------------------------------

#: N -> stage -> [wall s, CPU s] of the baseline (one process, every stage in turn)
STAGE_TIMES: dict[int, dict[str, list[float]]] = {}
#: the stats stage's goal: at most this share of extract + validate
STATS_SHARE_GOAL = 0.25


def stats_share(times: dict[str, list[float]]) -> float:
    """CPU of the stats stage (shard and corpus jobs' work) over extract + validate."""
    stats = times["stats"][1] + times["stats_corpus"][1]
    return stats / (times["extract"][1] + times["validate"][1])


def stage_line(n: int, times: dict[str, list[float]]) -> str:
    parts = ", ".join(f"{k} {v[1]:.2f}" for k, v in times.items())
    return f"N={n:<6} stage CPU s: {parts}; stats/(extract+validate) {stats_share(times):.3f}"


def stage_table() -> str:
    names = ["extract", "validate", "stats", "aggregate", "stats_corpus", "same_figure"]
    out = [
        "| N | " + " | ".join(names) + " | stats share |",
        "|---:|" + "---:|" * (len(names) + 1),
    ]
    for n, times in sorted(STAGE_TIMES.items()):
        cells = " | ".join(f"{times[k][1]:.2f}" for k in names)
        out.append(f"| {n} | {cells} | {stats_share(times):.3f} |")
    return "\n".join(out)


def table(rows: list[Measure]) -> str:
    out = [
        "| N | step | wall (s) | CPU (s) | peak RSS (MB) | jobs | load |",
        "|---:|:---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        jobs = "" if r.jobs is None else str(r.jobs)
        load = "" if r.load is None else f"{r.load:.1f}"
        out.append(
            f"| {r.n} | {r.step} | {r.wall:.2f} | {r.cpu:.2f} | {r.peak_mb:.0f} | {jobs} | {load} |"
        )
    return "\n".join(out)


def ratios(rows: list[Measure]) -> str:
    out = [
        "| N | full/baseline | full − baseline/2 (s) | edit1/full | add1/full "
        "| noop (s) | edit1 − noop (s) | add1 − noop (s) | edit1 − noop, CPU (s) "
        "| add1 − noop, CPU (s) | peak job (MB) |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n in sorted({r.n for r in rows}):
        by = {r.step: r for r in rows if r.n == n}
        f, noop = by["full"].wall, by["noop"].wall
        peak = max(by[s].peak_mb for s in STEPS if s in by and s != "baseline")
        if "baseline" in by:
            b = by["baseline"].wall
            against = f"{f / b:.2f} | {f - b / 2:.1f}"
        else:
            against = "– | –"
        out.append(
            f"| {n} | {against} | {by['edit1'].wall / f:.3f} "
            f"| {by['add1'].wall / f:.3f} | {noop:.2f} | {by['edit1'].wall - noop:.2f} "
            f"| {by['add1'].wall - noop:.2f} | {by['edit1'].cpu - by['noop'].cpu:.2f} "
            f"| {by['add1'].cpu - by['noop'].cpu:.2f} | {peak:.0f} |"
        )
    return "\n".join(out)


def machine() -> str:
    import platform

    import snakemake

    return (
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"Snakemake {snakemake.__version__}, {platform.system()} {platform.release()}"
    )


def write_doc(path: Path, command: str, rows: list[Measure], notes: str) -> None:
    text = f"""# Benchmark

Produced by

```
{command}
```

on {machine()}. Synthetic documents come from `bench/synth.py` (seed {SEED}),
made from `seeds/` and `tests/corpus/docs/` in turn, so every layout and every
malformation is in every corpus of 35 documents or more.

## Measurements

Wall and CPU seconds of the whole process tree; peak RSS is that of the largest
single process (a Snakemake job or Snakemake itself). `jobs` counts the jobs
Snakemake ran.

{table(rows)}

## Ratios

{ratios(rows)}

## Stages in the baseline

CPU seconds of each stage's work in one process (`same_figure` is the part of
`stats_corpus` that finds documents describing one figure). The
stats share is (`stats` + `stats_corpus`) / (`extract` + `validate`); its goal
is at most {STATS_SHARE_GOAL:.2f} at 10,000 documents, and same-figure detection at
most 5 s.

{stage_table()}
{notes}"""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, nargs="+", default=list(SIZES), help="corpus sizes")
    ap.add_argument("--skip-10k", action="store_true", help="leave out N >= 10000")
    ap.add_argument("--cores", type=int, default=2)
    ap.add_argument(
        "--no-baseline",
        action="store_true",
        help="leave out the one-process baseline (for measuring reruns only)",
    )
    ap.add_argument(
        "--snakemake-args", default="", help="extra Snakemake arguments, e.g. '--scheduler ilp'"
    )
    ap.add_argument(
        "--workdir",
        help="keep the work folders under this folder (default: a temporary one, removed)",
    )
    ap.add_argument("--out", default=str(ROOT / "docs" / "benchmark.md"))
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--notes", default="", help="file whose text is appended to the report")
    ap.add_argument(
        "--again",
        metavar="WORK",
        help="only noop, edit1 and add1, in the work folder of an earlier run (WORK/nN), "
        "after a run that brings it up to date (e.g. after a code change)",
    )
    ap.add_argument(
        "--variant", type=int, default=2, help="with --again: the edited document's variant"
    )
    ap.add_argument("--baseline-worker", nargs=2, metavar=("SEEDS", "OUT"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.baseline_worker:
        run_baseline(Path(args.baseline_worker[0]), Path(args.baseline_worker[1]))
        return 0
    sizes = [n for n in args.n if not (args.skip_10k and n >= 10000)]
    exe = Path(sys.executable).parent / "snakemake"
    snakemake = [str(exe), "--cores", str(args.cores), *shlex.split(args.snakemake_args)]
    rows: list[Measure] = []
    if args.again:
        rows = bench_again(Path(args.again), snakemake, args.variant)
        print()
        print(table(rows))
        return 0
    if args.workdir:
        # kept, so that the logs of a failed or surprising run can be read
        base = Path(tempfile.mkdtemp(prefix="figdata-bench-", dir=args.workdir))
        print(f"work folders in {base}")
        for n in sizes:
            rows.extend(bench_one(n, base, snakemake, not args.no_baseline))
    else:
        with tempfile.TemporaryDirectory(prefix="figdata-bench-") as tmp:
            for n in sizes:
                rows.extend(bench_one(n, Path(tmp), snakemake, not args.no_baseline))
    print()
    print(table(rows))
    print()
    print(ratios(rows))
    print()
    print(stage_table())
    if not args.no_write:
        command = "python bench/bench.py " + shlex.join(argv if argv is not None else sys.argv[1:])
        notes = Path(args.notes).read_text() if args.notes else ""
        write_doc(Path(args.out), command.strip(), rows, "\n" + notes if notes else "")
        print(f"\nwritten to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
