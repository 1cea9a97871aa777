# Report: one job per shard writes its documents' pages (side outputs, listed
# in the shard's pages.tsv); the index job writes the paginated index, the
# corpus overview figure and the stylesheet, and removes what documents that
# left the corpus had in the report.


rule report_pages:
    input:
        unpack(stats_page_inputs),
        **{
            t: shard_files("{shard}", layout.VALIDATE_FILES)[t]
            for t in ("panels", "cells", "findings", "claims", "quarantine")
        },
        figures=shard_files("{shard}", layout.FIGURES_FILES)["manifest"],
        # each document's key, for the cache of page keys (figdata.report.site)
        digests=shard_files("{shard}", layout.EXTRACT_FILES)["digests"],
        docs=shard_doc_paths,
        code=REPORT_CODE,
    output:
        **shard_files("{shard}", layout.PAGES_FILES),
    log:
        log_file("report_pages", "{shard}"),
    conda:
        "../envs/figdata.yaml"
    resources:
        mem_mb=1000,
    params:
        folder=pages_folder,
        stats=stats_page_args,
        config=config_json,
        title=config["report_title"],
    shell:
        "python -m figdata.cli report-pages --shard-dir {params.folder:q}"
        " --config {params.config:q} --title {params.title:q}"
        " --stats {params.stats} -- {input.docs:q} 2> {log:q}"


rule report:
    input:
        unpack(stats_summary_inputs),
        summaries=all_shard_files("summary"),
        panels=all_shard_files("panels"),
        pages=[shard_files(s, layout.PAGES_FILES)["manifest"] for s in SHARDS],
        findings=corpus_files()["findings"],
        code=REPORT_CODE,
    output:
        index=report(
            report_files()["index"],
            caption="../report/index.rst",
            category="Report",
        ),
        overview=report(
            report_files()["overview"],
            caption="../report/overview.rst",
            category="Corpus",
        ),
    log:
        log_file("report"),
    conda:
        "../envs/figdata.yaml"
    params:
        results=report_results_folder,
        stats=stats_summary_arg,
        shards=all_shard_names(),
        config=config_json,
        title=config["report_title"],
        page_size=config["report_page_size"],
        dpi=config["figure_dpi"],
    shell:
        "python -m figdata.cli report-index --results {params.results:q}"
        " --page-size {params.page_size} --dpi {params.dpi}"
        " --config {params.config:q} --title {params.title:q} {params.stats}"
        " -- {params.shards:q} 2> {log:q}"
