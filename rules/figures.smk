# Figures: redraw every document of a shard from its validated tables in one
# job (PNG for the report, SVG for print, comparison figures), skipping the
# documents whose drawn data did not change (see figdata.figures.shard). The
# figure files are side outputs, listed in the shard's figures.tsv.


rule figures:
    input:
        panels=shard_files("{shard}", layout.VALIDATE_FILES)["panels"],
        cells=shard_files("{shard}", layout.VALIDATE_FILES)["cells"],
        findings=shard_files("{shard}", layout.VALIDATE_FILES)["findings"],
        quarantine=shard_files("{shard}", layout.VALIDATE_FILES)["quarantine"],
        docs=shard_doc_paths,
        code=FIGURES_CODE,
    output:
        **shard_files("{shard}", layout.FIGURES_FILES),
    log:
        log_file("figures", "{shard}"),
    conda:
        "../envs/figdata.yaml"
    resources:
        mem_mb=1500,
    params:
        folder=figures_folder,
        cmap=config["figure_cmap"],
        diverging=config["figure_diverging_cmap"],
        dpi=config["figure_dpi"],
        comparisons=comparison_flag,
    shell:
        "python -m figdata.cli figures --shard-dir {params.folder:q}"
        " --cmap {params.cmap:q} --diverging-cmap {params.diverging:q} --dpi {params.dpi}"
        " {params.comparisons} -- {input.docs:q} 2> {log:q}"
