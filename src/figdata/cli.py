"""Command line of the workflow's jobs: ``python -m figdata.cli {extract,validate,aggregate}``.

The rules call this with ``shell:`` rather than ``script:``: a script job
first unpickles a Snakemake object (importing Snakemake) before any work, and
each stage imports only what it needs here (the aggregate never loads pandas).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from figdata import fileio, publish

log = logging.getLogger("figdata")
RAW = ("cells", "panels", "findings", "claims")
VALIDATED = (*RAW, "quarantine")


def _extract(args) -> None:
    from figdata import batch

    batch.extract_shard(args.docs, {t: getattr(args, t) for t in RAW})


def _validate(args) -> None:
    from figdata import batch

    outputs = {t: getattr(args, t) for t in VALIDATED}
    outputs.update(report=args.report, summary=args.summary, manifest=args.manifest)
    inputs = {t: getattr(args, f"raw_{t}") for t in RAW}

    def owns(doc: str) -> bool:
        return args.shards is None or publish.shard_of(doc, args.shards) == args.shard

    batch.validate_shard(args.docs, inputs, outputs, args.results, owns)


def _aggregate(args) -> None:
    from figdata import corpus

    corpus.aggregate(args.findings, args.summaries, args.out_findings, args.out_summary)
    if args.prune:
        corpus.clear_orphans(args.results, args.manifests)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m figdata.cli", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)

    ex = sub.add_parser("extract", help="parse a shard of documents into its raw tables")
    for t in RAW:
        ex.add_argument(f"--{t}", required=True, help=f"raw {t} table of the shard (Parquet)")
    ex.add_argument("docs", nargs="*", help="document files")
    ex.set_defaults(run=_extract)

    va = sub.add_parser("validate", help="validate a shard and publish its per-document files")
    for t in RAW:
        va.add_argument(f"--raw-{t}", required=True, help=f"raw {t} table of the shard")
    for t in VALIDATED:
        va.add_argument(f"--{t}", required=True, help=f"validated {t} table of the shard")
    va.add_argument("--report", required=True, help="the shard's validation reports (JSON)")
    va.add_argument("--summary", required=True, help="counts per document (Parquet)")
    va.add_argument("--manifest", required=True, help="per-document files published (TSV)")
    va.add_argument("--results", default="results", help="root of the per-document files")
    va.add_argument("--shard", type=int, help="this shard's number")
    va.add_argument(
        "--shards",
        type=int,
        help="number of shards (documents that moved to another shard keep their files)",
    )
    va.add_argument("docs", nargs="*", help="document ids of the shard")
    va.set_defaults(run=_validate)

    ag = sub.add_parser("aggregate", help="corpus tables from the shards' files")
    ag.add_argument("--findings", nargs="*", default=[], help="shard findings tables")
    ag.add_argument("--summaries", nargs="*", default=[], help="shard summary tables")
    ag.add_argument("--manifests", nargs="*", default=[], help="manifests of the live shards")
    ag.add_argument("--out-findings", required=True)
    ag.add_argument("--out-summary", required=True)
    ag.add_argument("--results", default="results", help="root of the per-document files")
    ag.add_argument(
        "--prune",
        action="store_true",
        help="remove what shards missing from --manifests published (the workflow's call: "
        "--manifests lists every live shard)",
    )
    ag.set_defaults(run=_aggregate)

    for p in (ex, va, ag):
        p.add_argument("--log", help="log file (default: stderr)")
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    fileio.configure_logging(args.log)
    try:
        args.run(args)
    except Exception:
        # the traceback belongs in the job's log, next to the documents' lines
        log.exception("figdata %s failed", args.command)
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
