# Statistics and fact-check: one job per shard computes the per-document tables
# from the validated ones and publishes them like the cells (listed in the
# shard's stats manifest); one corpus job gathers them, finds documents that
# describe the same figure and writes the corpus summary. The corpus job is a
# checkpoint: it also writes each shard's slice of the same-figure table where
# its bytes changed, and the pages jobs that read the slices are planned after
# it ran, so that only the shards whose slice changed write their pages again.


rule stats:
    input:
        **shard_files("{shard}", layout.VALIDATE_FILES),
        # each document's key, for the per-document cache (figdata.cache)
        digests=shard_files("{shard}", layout.EXTRACT_FILES)["digests"],
        code=STATS_CODE,
    output:
        **shard_files("{shard}", layout.STATS_FILES),
    log:
        log_file("stats", "{shard}"),
    conda:
        "../envs/figdata.yaml"
    resources:
        mem_mb=1000,
    params:
        folder=stats_folder,
        docs=shard_docs,
        shards=config["shards"],
    shell:
        "python -m figdata.cli stats --shard-dir {params.folder:q}"
        " --shards {params.shards} -- {params.docs:q} 2> {log:q}"


checkpoint stats_corpus:
    input:
        panels=all_shard_files("panels"),
        cells=all_shard_files("cells"),
        findings=all_shard_files("findings"),
        summaries=all_shard_files("summary"),
        stats=all_stats_files(),
        # the documents' keys: same-figure matches are kept for documents whose keys stay
        digests=all_digests(),
        code=STATS_CODE,
    output:
        **stats_corpus_files(),
    log:
        log_file("stats_corpus"),
    conda:
        "../envs/figdata.yaml"
    resources:
        mem_mb=2000,
    params:
        results=stats_results_folder,
        shards=all_shard_names(),
    shell:
        "python -m figdata.cli stats-corpus --results {params.results:q}"
        " -- {params.shards:q} 2> {log:q}"
