# The corpus job: everything that looks across shards, in one process: the corpus
# findings and summary (clearing what vanished shards published), the corpus
# statistics and same-figure groups, the report pages of every shard (a page is
# rendered only when its key changed) and the index with its overview figure.


rule corpus:
    input:
        **{
            name: all_shard_files(name)
            for name in layout.SHARD_FILES
            if name not in CORPUS_UNUSED
        },
        documents=[documents_file(s) for s in SHARDS],
        code=CORPUS_CODE,
    output:
        **corpus_files(),
        **stats_corpus_files(),
        pages=[shard_files(s, layout.PAGES_FILES)["manifest"] for s in SHARDS],
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
        log_file("corpus"),
    conda:
        "../envs/figdata.yaml"
    resources:
        mem_mb=2000,
    params:
        results=corpus_results_folder,
        shards=all_shard_names(),
        config=config_json,
        title=config["report_title"],
        page_size=config["report_page_size"],
        dpi=config["figure_dpi"],
    shell:
        "python -m figdata.cli corpus --results {params.results:q}"
        " --page-size {params.page_size} --dpi {params.dpi}"
        " --config {params.config:q} --title {params.title:q}"
        " -- {params.shards:q} 2> {log:q}"
