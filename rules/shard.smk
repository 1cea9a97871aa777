# The documents job lists a shard's documents with their digests (figdata.seeds): the
# documents are its inputs, so that Snakemake records their checksums for one small
# output rather than for each of the shard job's; the shard job reads the list, so that
# its command line does not grow with the shard.
#
# The shard job: extract, validate, stats and figures of one shard of documents in
# one process (see README, "How the work is cut"). Snakemake tracks a few files per
# shard, never one per document; the per-document files are side outputs, listed
# in the shard's manifests. Each stage keeps its own per-document cache, so a change
# to one stage's code or settings redoes that stage's work only.


rule documents:
    input:
        docs=shard_doc_paths,
        code=DOCUMENTS_CODE,
    output:
        **layout.files(shard_folder("{shard}"), layout.DOCUMENTS_FILES),
    log:
        log_file("documents", "{shard}"),
    localrule: True
    conda:
        "../envs/figdata.yaml"
    params:
        folder=documents_job_folder,
        seeds=config["seeds_dir"],
        shards=config["shards"],
        planned=shard_ids_digest,
    shell:
        "python -m figdata.cli documents --shard-dir {params.folder:q}"
        " --seeds-dir {params.seeds:q} --shards {params.shards} --planned {params.planned}"
        " 2> {log:q}"


rule shard:
    input:
        documents=documents_file("{shard}"),
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
        " {params.comparisons} --documents {input.documents:q} 2> {log:q}"
