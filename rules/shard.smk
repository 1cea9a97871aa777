# The shard job: extract, validate, stats and figures of one shard of documents in
# one process (see README, "How the work is cut"). Snakemake tracks a few files per
# shard, never one per document; the per-document files are side outputs, listed
# in the shard's manifests. Each stage keeps its own per-document cache, so a change
# to one stage's code or settings redoes that stage's work only.


rule shard:
    input:
        docs=shard_doc_paths,
        code=SHARD_CODE,
    output:
        **shard_files("{shard}", layout.SHARD_FILES),
    log:
        log_file("shard", "{shard}"),
    conda:
        "../envs/figdata.yaml"
    resources:
        mem_mb=job_memory(SHARD_MEM_BASE_MB, SHARD_MEM_PER_INPUT_MB),
    params:
        folder=shard_job_folder,
        shards=config["shards"],
        max_doc_mb=config["max_doc_mb"],
        budget=config["doc_time_budget_s"],
        links="--follow-outside-links" if config["follow_outside_links"] else "",
        cmap=config["figure_cmap"],
        diverging=config["figure_diverging_cmap"],
        dpi=config["figure_dpi"],
        comparisons=comparison_flag,
    shell:
        "python -m figdata.cli shard --shard-dir {params.folder:q} --shards {params.shards}"
        " --max-doc-mb {params.max_doc_mb} --time-budget {params.budget} {params.links}"
        " --cmap {params.cmap:q} --diverging-cmap {params.diverging:q} --dpi {params.dpi}"
        " {params.comparisons} -- {input.docs:q} 2> {log:q}"
