# Corpus-wide tables, built from one small file per shard so that an edit
# to one document does not make this step read every document's tables. It
# also clears the files of shards that no longer have a job.


rule aggregate:
    input:
        findings=all_shard_files("findings"),
        stats_findings=all_stats_files("findings"),
        stats_manifests=all_stats_files("manifest"),
        summaries=all_shard_files("summary"),
        manifests=all_shard_files("manifest"),
        code=AGGREGATE_CODE,
    output:
        **corpus_files(),
    log:
        log_file("aggregate"),
    localrule: True
    conda:
        "../envs/figdata.yaml"
    params:
        results=results_folder,
        shards=all_shard_names(),
    shell:
        "python -m figdata.cli aggregate --results {params.results:q} --prune"
        " -- {params.shards:q} 2> {log:q}"
