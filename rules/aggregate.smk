# Corpus-wide tables, built from one small file per shard so that an edit
# to one document does not make this step read every document's tables.


rule aggregate:
    input:
        findings=[shard_file(s, "findings.parquet") for s in SHARDS],
        summaries=[shard_file(s, "summary.parquet") for s in SHARDS],
    output:
        findings=f"{RESULTS}/corpus/findings.parquet",
        summary=f"{RESULTS}/corpus/summary.tsv",
    log:
        log_file("aggregate"),
    localrule: True
    conda:
        "../envs/figdata.yaml"
    script:
        "../scripts/aggregate.py"
