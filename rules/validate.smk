# Validate: check a shard's raw tables with the pandera contracts in one job,
# then publish the per-document files of the contract all at once, listed in
# the shard's manifest (side outputs: Snakemake tracks the shard files only).


rule validate:
    input:
        cells=shard_file("{shard}", "parsed/cells.parquet"),
        panels=shard_file("{shard}", "parsed/panels.parquet"),
        findings=shard_file("{shard}", "parsed/findings.parquet"),
        claims=shard_file("{shard}", "parsed/claims.parquet"),
        code=VALIDATE_CODE,
    output:
        cells=shard_file("{shard}", "cells.parquet"),
        panels=shard_file("{shard}", "panels.parquet"),
        findings=shard_file("{shard}", "findings.parquet"),
        claims=shard_file("{shard}", "claims.parquet"),
        quarantine=shard_file("{shard}", "quarantine.parquet"),
        report=shard_file("{shard}", "validation.json"),
        summary=shard_file("{shard}", "summary.parquet"),
        manifest=shard_file("{shard}", "manifest.tsv"),
    log:
        log_file("validate", "{shard}"),
    conda:
        "../envs/figdata.yaml"
    resources:
        mem_mb=1000,
    params:
        docs=shard_docs,
        shards=config["shards"],
        results=results_root_of_shard,
    shell:
        "python -m figdata.cli validate --log {log:q}"
        " --raw-cells {input.cells:q} --raw-panels {input.panels:q}"
        " --raw-findings {input.findings:q} --raw-claims {input.claims:q}"
        " --cells {output.cells:q} --panels {output.panels:q}"
        " --findings {output.findings:q} --claims {output.claims:q}"
        " --quarantine {output.quarantine:q} --report {output.report:q}"
        " --summary {output.summary:q} --manifest {output.manifest:q}"
        " --results {params.results:q}"
        " --shard {wildcards.shard} --shards {params.shards}"
        " -- {params.docs:q}"
