"""The documents job: a shard's list of documents, which the shard job reads instead of a
command line that grows with the shard."""

from __future__ import annotations

import os
import re
import shutil

import pytest
from helpers import SEEDS, make_workspace, run_snakemake

from figdata import cli, layout, publish, seeds


def _listing(folder: str) -> str:
    return layout.files(folder, layout.DOCUMENTS_FILES)["documents"]


def test_the_list_names_each_document_of_the_shard_with_its_digest(tmp_path):
    docs = tmp_path / "seeds"
    shutil.copytree(SEEDS, docs)
    (docs / ".#lock.txt").write_text("an editor's lock file")
    (docs / "notes.csv").write_text("a,b")
    folder = str(tmp_path / "results" / "shards" / "001")
    args = ["documents", f"--shard-dir={folder}", f"--seeds-dir={docs}", "--shards=2"]
    assert cli.main(args) == 0
    listed = seeds.read_listing(_listing(folder))
    mine = sorted(p.stem for p in SEEDS.glob("*.txt") if publish.shard_of(p.stem, 2) == 1)
    assert mine and sorted(listed) == mine
    assert listed == {d: str(docs / f"{d}.txt") for d in mine}
    text = open(_listing(folder)).read()
    doc = mine[0]
    assert publish.sha256((docs / f"{doc}.txt").read_bytes()) in text
    # the same documents: the file keeps its bytes and time; an edit changes it
    before = os.stat(_listing(folder)).st_mtime_ns
    assert cli.main(args) == 0
    assert os.stat(_listing(folder)).st_mtime_ns == before
    (docs / f"{doc}.txt").write_bytes(b"Title: another figure\n")
    assert cli.main(args) == 0
    assert open(_listing(folder)).read() != text


def test_documents_other_than_the_planned_fail_the_job(tmp_path, capsys):
    docs = tmp_path / "seeds"
    shutil.copytree(SEEDS, docs)
    planned = seeds.ids_digest(p.stem for p in SEEDS.glob("*.txt"))
    folder = str(tmp_path / "results" / "shards" / "000")
    args = ["documents", f"--shard-dir={folder}", f"--seeds-dir={docs}", "--shards=1"]
    assert cli.main([*args, f"--planned={planned}"]) == 0
    (docs / "999_added_meanwhile.txt").write_text("Title: late\n")
    assert cli.main([*args, f"--planned={planned}"]) == 1
    assert "changed while the workflow ran" in capsys.readouterr().err


def test_a_damaged_list_is_refused(tmp_path):
    path = tmp_path / "documents.tsv"
    path.write_text("doc\tpath\na\tseeds/a.txt\n")
    with pytest.raises(ValueError, match="not a list of documents"):
        seeds.read_listing(path)


def test_discovery_skips_what_is_not_a_document(tmp_path):
    (tmp_path / "a.TXT").write_text("x")
    (tmp_path / "b.md").write_text("x")
    (tmp_path / "sub").mkdir()
    (tmp_path / "c{1}.txt").write_text("x")
    (tmp_path / ".hidden.txt").write_text("x")
    (tmp_path / "Snakefile").write_text("x")
    (tmp_path / "gone.txt").symlink_to(tmp_path / "missing.txt")
    found = seeds.discover(str(tmp_path))
    assert list(found.docs) == ["a", "b"]
    assert found.hidden == 1
    reasons = {os.path.basename(p): r for p, r in found.skipped}
    assert set(reasons) == {"sub", "c{1}.txt", "gone.txt"}
    assert "braces" in reasons["c{1}.txt"] and "broken" in reasons["gone.txt"]
    (tmp_path / "a.md").write_text("x")
    with pytest.raises(ValueError, match="share the id 'a'"):
        seeds.discover(str(tmp_path))


def test_the_folder_listing_answers_as_the_paths_do(tmp_path, monkeypatch):
    """discover asks the folder listing's entries (os.scandir) what kind of file each is,
    rather than every path: the same answer for every kind of entry, in the same order."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "far.txt").write_text("x")
    folder = tmp_path / "seeds"
    folder.mkdir()
    for name in ("b.txt", "A.TXT", "c.md", "d.txt.bak", "e.", "f{2}.md", ".swp.txt", "Snakefile"):
        (folder / name).write_text("x")
    (folder / "sub.txt").mkdir()
    (folder / "to_b.txt").symlink_to(folder / "b.txt")
    (folder / "to_far.md").symlink_to(outside / "far.txt")
    (folder / "to_dir.txt").symlink_to(outside)
    (folder / "gone.md").symlink_to(folder / "missing.md")
    os.mkfifo(folder / "pipe.txt")
    with os.scandir(folder) as listing:
        entries = list(listing)
    assert len(entries) == 14
    for entry in entries:
        path = folder / entry.name
        assert seeds.skip_reason(path, entry) == seeds.skip_reason(path), entry.name
    found = seeds.discover(str(folder))
    expected = {p.stem: str(p) for p in sorted(folder.iterdir()) if seeds.skip_reason(p) is None}
    assert found.docs == dict(sorted(expected.items()))
    assert list(found.docs) == ["A", "b", "c", "to_b", "to_far"]
    assert [os.path.basename(p) for p, _ in found.skipped] == [
        "d.txt.bak",
        "e.",
        "f{2}.md",
        "gone.md",
        "pipe.txt",
        "sub.txt",
        "to_dir.txt",
    ]
    assert found.hidden == 1
    # the paths are spelled as the folder was given
    assert seeds.discover(str(folder) + "/").docs["b"] == f"{folder}/b.txt"
    monkeypatch.chdir(folder)
    assert seeds.discover(".").docs["b"] == "b.txt"


@pytest.mark.e2e
def test_the_shard_job_command_line_does_not_grow_with_the_shard(tmp_path):
    workdir = make_workspace(tmp_path / "w")
    for i in range(300):
        shutil.copy(SEEDS / "000_501d523b0ed066ee.txt", workdir / "seeds" / f"copy_{i:04d}.txt")
    out = run_snakemake(workdir, "--dry-run", "--printshellcmds", "--forceall").stdout
    commands = re.findall(r"^(?:Shell command: )?(python -m figdata\.cli .*)$", out, re.M)
    shard = [c for c in commands if c.startswith("python -m figdata.cli shard ")]
    listing = [c for c in commands if c.startswith("python -m figdata.cli documents ")]
    assert shard and len(shard) == len(listing)
    for command in shard + listing:
        assert "seeds/" not in command and len(command) < 1000, command
    assert all("--documents results/shards/" in c for c in shard)
