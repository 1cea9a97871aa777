# Corpus-wide tables, built from one small file per shard so that an edit
# to one document does not make this step read every document's tables. It
# also clears the files of shards that no longer have a job.


rule aggregate:
    input:
        findings=all_shard_files("findings.parquet"),
        summaries=all_shard_files("summary.parquet"),
        manifests=all_shard_files("manifest.tsv"),
        code=AGGREGATE_CODE,
    output:
        findings=f"{RESULTS}/corpus/findings.parquet",
        summary=f"{RESULTS}/corpus/summary.tsv",
    log:
        log_file("aggregate"),
    localrule: True
    conda:
        "../envs/figdata.yaml"
    params:
        results=results_root_of_corpus,
    shell:
        "python -m figdata.cli aggregate --log {log:q}"
        " --findings {input.findings:q} --summaries {input.summaries:q}"
        " --manifests {input.manifests:q}"
        " --out-findings {output.findings:q} --out-summary {output.summary:q}"
        " --results {params.results:q} --prune"
