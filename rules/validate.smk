# Validate: check a shard's raw tables with the pandera contracts in one job.


for shard, docs in SHARDS.items():

    rule:
        name:
            f"validate_{shard_name(shard)}"
        input:
            cells=parsed_paths("cells", docs),
            panels=parsed_paths("panels", docs),
            findings=parsed_paths("findings", docs),
            claims=parsed_paths("claims", docs),
            code=VALIDATE_CODE,
        output:
            cells=result_paths("cells", docs),
            panels=result_paths("panels", docs),
            findings=result_paths("findings", docs),
            claims=result_paths("claims", docs),
            quarantine=quarantine_paths(docs),
            report=report_paths(docs),
            shard_findings=shard_file(shard, "findings.parquet"),
            shard_summary=shard_file(shard, "summary.parquet"),
        log:
            log_file("validate", shard),
        conda:
            "../envs/figdata.yaml"
        resources:
            mem_mb=1000,
        params:
            docs=docs,
        script:
            "../scripts/validate.py"
