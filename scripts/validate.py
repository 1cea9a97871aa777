"""Snakemake adapter for the validate stage: check one shard's raw tables."""

from figdata import batch


def main(docs, inputs, outputs, shard_findings, shard_summary, log_path=None):
    """``inputs``/``outputs`` map table names to per-document paths, in ``docs`` order."""
    batch.configure_logging(log_path)
    batch.validate_batch(
        list(docs),
        {t: list(inputs[t]) for t in batch.RAW_TABLES},
        {t: list(outputs[t]) for t in (*batch.RAW_TABLES, *batch.VALIDATE_EXTRA)},
        shard_findings=shard_findings,
        shard_summary=shard_summary,
    )


if "snakemake" in globals():
    snakemake = globals()["snakemake"]
    main(
        snakemake.params.docs,
        {t: snakemake.input[t] for t in batch.RAW_TABLES},
        {t: snakemake.output[t] for t in (*batch.RAW_TABLES, *batch.VALIDATE_EXTRA)},
        snakemake.output.shard_findings,
        snakemake.output.shard_summary,
        snakemake.log[0],
    )
