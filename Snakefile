# figdata: figure descriptions in, validated tidy Parquet, statistics and fact-checks out.
# See README.md.

from snakemake.utils import min_version, validate

min_version("9.0")


configfile: "config/config.yaml"


validate(config, "config/schema.yaml")


report: "report/workflow.rst"


include: "rules/common.smk"
include: "rules/shard.smk"
include: "rules/corpus.smk"


rule all:
    default_target: True
    input:
        all_shard_files("manifest"),
        all_shard_files("stats_manifest"),
        rules.corpus.output,


include: "rules/archive.smk"


onsuccess:
    end_without_waiting()


onerror:
    end_without_waiting()
