# figdata: figure descriptions in, validated tidy Parquet, statistics and fact-checks out.
# See README.md.

from snakemake.utils import min_version, validate

min_version("9.0")


configfile: "config/config.yaml"


validate(config, "config/schema.yaml")


report: "report/workflow.rst"


include: "rules/common.smk"
include: "rules/extract.smk"
include: "rules/validate.smk"
include: "rules/stats.smk"
include: "rules/aggregate.smk"
include: "rules/figures.smk"
include: "rules/report.smk"


rule all:
    default_target: True
    input:
        all_shard_files("manifest"),
        all_stats_files("manifest"),
        rules.aggregate.output,
        rules.stats_corpus.output,
        rules.report.output,


include: "rules/archive.smk"
