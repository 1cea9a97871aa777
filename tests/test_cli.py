"""figdata.cli: the jobs' command line, told the shard's folder alone."""

from __future__ import annotations

import pytest
from helpers import SEEDS

from figdata import cli, layout


def test_the_command_line_runs_every_stage(tmp_path, capsys):
    docs = sorted(SEEDS.glob("*.txt"))[:2]
    results = tmp_path / "results"
    folder = layout.shard_folder(str(results), 0)
    assert cli.main(["extract", f"--shard-dir={folder}", *map(str, docs)]) == 0
    extract_log = capsys.readouterr().err
    assert cli.main(["validate", f"--shard-dir={folder}", "--", *(p.stem for p in docs)]) == 0
    validate_log = capsys.readouterr().err
    assert cli.main(["stats", f"--shard-dir={folder}", "--", *(p.stem for p in docs)]) == 0
    stats_log = capsys.readouterr().err
    assert cli.main(["aggregate", f"--results={results}", "--", "000"]) == 0
    assert cli.main(["stats-corpus", f"--results={results}", "--", "000"]) == 0
    corpus_files = {**layout.CORPUS_FILES, **layout.STATS_CORPUS_FILES}
    corpus_out = layout.files(str(results), corpus_files).values()
    assert all((tmp_path / p).is_file() for p in corpus_out)
    shard_out = layout.files(
        folder, {**layout.EXTRACT_FILES, **layout.VALIDATE_FILES, **layout.STATS_FILES}
    )
    assert all((tmp_path / p).is_file() for p in shard_out.values())
    assert [line.split(": ")[0].split()[-1] for line in stats_log.splitlines()] == [
        p.stem for p in docs
    ]
    info = [line for line in extract_log.splitlines() if " INFO " in f" {line} "]
    assert [line.split(": ")[0].split()[-1] for line in info] == [p.name for p in docs]
    lines = extract_log.splitlines()
    assert any("000_501d523b0ed066ee.txt:37: ragged_row" in line for line in lines)
    assert len(validate_log.splitlines()) == len(docs)


def test_the_command_line_logs_a_failure(tmp_path, capsys):
    folder = tmp_path / "results" / "shards" / "000"
    assert cli.main(["validate", f"--shard-dir={folder}"]) == 1
    log = capsys.readouterr().err
    assert "figdata validate failed" in log and "Traceback" in log
    assert "FileNotFoundError" in log and log.count("Traceback") == 1


def test_the_command_line_wants_a_shard_folder(tmp_path, capsys):
    with pytest.raises(SystemExit):
        cli.main(["extract", f"--shard-dir={tmp_path / 'parsed'}"])
    assert "is not a shard folder" in capsys.readouterr().err


def _fails() -> None:
    raise ValueError("drawing went wrong")


def test_work_beside_that_fails_fails_the_job(tmp_path):
    with pytest.raises(RuntimeError, match="fails, run beside, failed"):
        with cli.Beside(_fails) as beside:
            beside.start()


def test_work_beside_runs_once_started_and_not_after_an_error(tmp_path):
    marker = tmp_path / "worked"
    with cli.Beside(marker.write_text, "yes") as beside:
        beside.start()
    assert marker.read_text() == "yes"
    marker.unlink()
    with pytest.raises(KeyError):
        with cli.Beside(marker.write_text, "yes"):
            raise KeyError("the parent failed first")
    assert not marker.exists()
