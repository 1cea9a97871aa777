# Extract: parse every document of a shard in one job into the shard's raw
# tables, one file per table: Snakemake tracks a few files per shard, never
# one per document (see README, "How the work is cut").


rule extract:
    input:
        docs=shard_doc_paths,
        code=EXTRACT_CODE,
    output:
        cells=shard_file("{shard}", "parsed/cells.parquet"),
        panels=shard_file("{shard}", "parsed/panels.parquet"),
        findings=shard_file("{shard}", "parsed/findings.parquet"),
        claims=shard_file("{shard}", "parsed/claims.parquet"),
    log:
        log_file("extract", "{shard}"),
    conda:
        "../envs/figdata.yaml"
    resources:
        mem_mb=1000,
    shell:
        "python -m figdata.cli extract --log {log:q}"
        " --cells {output.cells:q} --panels {output.panels:q}"
        " --findings {output.findings:q} --claims {output.claims:q}"
        " {input.docs:q}"
