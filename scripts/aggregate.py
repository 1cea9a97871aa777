"""Snakemake adapter for the corpus aggregates: concatenate the shards' tables."""

from figdata import batch


def main(findings_paths, summary_paths, out_findings, out_summary, log_path=None):
    batch.configure_logging(log_path)
    batch.aggregate(list(findings_paths), list(summary_paths), out_findings, out_summary)


if "snakemake" in globals():
    snakemake = globals()["snakemake"]
    main(
        snakemake.input.findings,
        snakemake.input.summaries,
        snakemake.output.findings,
        snakemake.output.summary,
        snakemake.log[0],
    )
