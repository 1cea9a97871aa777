# Validate: check a shard's raw tables with the pandera contracts in one job,
# then publish the per-document files of the contract all at once, listed in
# the shard's manifest (side outputs: Snakemake tracks the shard files only).


rule validate:
    input:
        **shard_files("{shard}", layout.EXTRACT_FILES),
        code=VALIDATE_CODE,
    output:
        **shard_files("{shard}", layout.VALIDATE_FILES),
    log:
        log_file("validate", "{shard}"),
    conda:
        "../envs/figdata.yaml"
    resources:
        mem_mb=job_memory(VALIDATE_MEM_BASE_MB, VALIDATE_MEM_PER_INPUT_MB),
    params:
        folder=validate_folder,
        docs=shard_docs,
        shards=config["shards"],
    shell:
        "python -m figdata.cli validate --shard-dir {params.folder:q}"
        " --shards {params.shards} -- {params.docs:q} 2> {log:q}"
