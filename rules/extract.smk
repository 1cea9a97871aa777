# Extract: parse every document of a shard in one job, one raw table set per document.
# Snakemake outputs cannot be functions, so one rule per non-empty shard is
# generated with explicit lists; a document's shard is stable (see common.smk).

for shard, docs in SHARDS.items():

    rule:
        name:
            f"extract_{shard_name(shard)}"
        input:
            docs=[DOCS[doc] for doc in docs],
            code=EXTRACT_CODE,
        output:
            cells=parsed_paths("cells", docs),
            panels=parsed_paths("panels", docs),
            findings=parsed_paths("findings", docs),
            claims=parsed_paths("claims", docs),
        log:
            log_file("extract", shard),
        conda:
            "../envs/figdata.yaml"
        resources:
            mem_mb=1000,
        script:
            "../scripts/extract.py"
