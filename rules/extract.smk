# Extract: parse every document of a shard in one job into the shard's raw
# tables, one file per table: Snakemake tracks a few files per shard, never
# one per document (see README, "How the work is cut"). File names come from
# figdata.layout; the job is told the shard's folder only.


rule extract:
    input:
        docs=shard_doc_paths,
        code=EXTRACT_CODE,
    output:
        **shard_files("{shard}", layout.EXTRACT_FILES),
    log:
        log_file("extract", "{shard}"),
    conda:
        "../envs/figdata.yaml"
    resources:
        mem_mb=job_memory(EXTRACT_MEM_BASE_MB, EXTRACT_MEM_PER_INPUT_MB),
    params:
        folder=extract_folder,
        max_doc_mb=config["max_doc_mb"],
        budget=config["doc_time_budget_s"],
        links="--follow-outside-links" if config["follow_outside_links"] else "",
    shell:
        "python -m figdata.cli extract --shard-dir {params.folder:q}"
        " --max-doc-mb {params.max_doc_mb} --time-budget {params.budget} {params.links}"
        " -- {input.docs:q} 2> {log:q}"
