"""Snakemake adapter for the extract stage: parse one shard of documents."""

from figdata import batch


def main(doc_paths, outputs, log_path=None):
    """``outputs`` maps cells/panels/findings/claims to per-document paths."""
    batch.configure_logging(log_path)
    batch.extract_batch(list(doc_paths), {t: list(outputs[t]) for t in batch.RAW_TABLES})


if "snakemake" in globals():
    snakemake = globals()["snakemake"]
    main(
        snakemake.input.docs,
        {t: snakemake.output[t] for t in batch.RAW_TABLES},
        snakemake.log[0],
    )
