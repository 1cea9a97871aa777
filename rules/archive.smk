# Archive: the seeds, the configuration and every published result in one
# reproducible tar.gz with its manifest (figdata.archive). Not part of the
# default target: `snakemake --cores 4 archive`. Included after `rule all`,
# whose inputs (every stage's final outputs) it takes.


rule archive:
    input:
        rules.all.input,
        docs=list(DOCS.values()),
        lock=LOCK_FILE,
        code=ARCHIVE_CODE,
    output:
        index=f"{RESULTS}/{layout.ARCHIVE}/archive.json",
    log:
        log_file("archive"),
    localrule: True
    conda:
        "../envs/figdata.yaml"
    params:
        out_dir=archive_folder,
        config=full_config_json,
        configfiles=workflow.configfiles,
        commit=git_commit,
    shell:
        "python -m figdata archive --out-dir {params.out_dir:q} --index {output.index:q}"
        " --config {params.config:q} --configfile {params.configfiles:q}"
        " --lock {input.lock:q} --commit={params.commit:q} -- {input.docs:q} 2> {log:q}"
