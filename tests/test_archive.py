"""figdata.archive and ``python -m figdata verify/restore``: archives checked member by member."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import tarfile
from pathlib import Path

import pytest
from helpers import REPO

from figdata import archive
from figdata.__main__ import main

CONFIG = {"seeds_dir": "seeds", "shards": 4}


def make_tree(root: Path) -> None:
    """A working directory with seeds, a config file and published results."""
    files = {
        "seeds/a.txt": b"## A heatmap\nRow a: 1, 2\n",
        "seeds/b.md": "## Ünïcode title\nRow b: 3\n".encode(),
        "config/config.yaml": b"seeds_dir: seeds\nshards: 4\n",
        "results/cells/a.parquet": b"PAR1 cells of a",
        "results/cells/b.parquet": b"PAR1 cells of b",
        "results/validation/a.json": b'{"doc": "a"}\n',
        "results/corpus/summary.tsv": b"doc\tcells\na\t2\nb\t1\n",
        "results/shards/000/manifest.tsv": b"doc\ttable\tpath\trows\tsha256\n",
        "results/shards/000/.published.tsv": b"doc\ttable\tpath\trows\tsha256\n",
        "results/shards/000/.cache/extract/index.json": b"{}",
        "results/unrelated/notes.txt": b"not published by any stage",
    }
    for name, data in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def build(root: Path, **kwargs) -> Path:
    with contextlib.chdir(root):
        info = archive.write_archive(
            "results/archive",
            ["seeds/a.txt", "seeds/b.md"],
            ["config/config.yaml"],
            kwargs.get("config", CONFIG),
            lock=REPO / "requirements.lock",
            commit=kwargs.get("commit"),
        )
    return root / "results" / "archive" / info["archive"]


@pytest.fixture
def built(tmp_path) -> Path:
    make_tree(tmp_path / "work")
    return build(tmp_path / "work")


def members_of(path: Path) -> dict[str, bytes]:
    with tarfile.open(path, "r:gz") as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers()}


def repack(path: Path, members: dict[str, bytes], dest: Path) -> Path:
    """``members`` (the manifest among them) as a new archive, in the given order."""
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as gz:
        with tarfile.open(fileobj=gz, mode="w") as tar:
            for name, data in members.items():
                info = tarfile.TarInfo(name)
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
    dest.write_bytes(raw.getvalue())
    return dest


def verify_cli(path: Path, capsys) -> tuple[int, str]:
    code = main(["verify", str(path)])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_the_archive_holds_what_was_published_and_its_manifest(built):
    members = members_of(built)
    names = list(members)
    assert names[0] == archive.MANIFEST and names[1:] == sorted(names[1:])
    assert set(names) == {
        "MANIFEST.json",
        "config/config.yaml",
        "seeds/a.txt",
        "seeds/b.md",
        "results/cells/a.parquet",
        "results/cells/b.parquet",
        "results/validation/a.json",
        "results/corpus/summary.tsv",
        "results/shards/000/manifest.tsv",
        "results/shards/000/.published.tsv",
    }
    manifest = json.loads(members["MANIFEST.json"])
    assert manifest["config"] == CONFIG
    assert manifest["git"] is None
    assert manifest["python"].count(".") == 2
    assert (
        manifest["dependencies"]["pandas"]["pinned"]
        == manifest["dependencies"]["pandas"]["installed"]
    )
    assert set(manifest["seeds"]) == {"a", "b"}
    assert manifest["members"]["seeds/a.txt"]["size"] == len(members["seeds/a.txt"])
    with tarfile.open(built, "r:gz") as tar:
        for info in tar.getmembers():
            assert (info.uid, info.gid, info.uname, info.gname) == (0, 0, "", "")
            assert (info.mode, info.mtime, info.isreg()) == (0o644, 0, True)
    header = built.read_bytes()[:10]
    assert header[3] & 0x08 == 0, "the gzip header names a file"
    assert header[4:8] == b"\0\0\0\0", "the gzip header holds a time"
    assert built.name.startswith("figdata-")


def test_the_same_results_give_the_same_bytes(tmp_path, built):
    make_tree(tmp_path / "elsewhere" / "deeper")
    again = build(tmp_path / "elsewhere" / "deeper")
    assert again.name == built.name and again.read_bytes() == built.read_bytes()
    (tmp_path / "elsewhere/deeper/results/cells/a.parquet").write_bytes(b"other")
    changed = build(tmp_path / "elsewhere" / "deeper")
    assert changed.name != built.name
    assert not again.exists(), "the older archive stays behind"


def test_the_git_commit_is_recorded(tmp_path):
    make_tree(tmp_path)
    path = build(tmp_path, commit="0123abc-dirty")
    manifest = json.loads(members_of(path)["MANIFEST.json"])
    assert manifest["git"] == {"commit": "0123abc", "dirty": True}


def test_an_intact_archive_verifies(built, capsys):
    code, out = verify_cli(built, capsys)
    assert code == 0 and "intact" in out and "10 members" in out


def test_an_altered_member_is_named(built, tmp_path, capsys):
    members = members_of(built)
    members["results/cells/b.parquet"] = b"PAR1 cells of someone else"
    bad = repack(built, members, tmp_path / built.name)
    code, out = verify_cli(bad, capsys)
    assert code == 1
    assert "altered: results/cells/b.parquet" in out
    assert [line for line in out.splitlines() if line.startswith("altered:")] == [
        line for line in out.splitlines() if "results/cells/b.parquet" in line
    ]


def test_a_missing_member_is_named(built, tmp_path, capsys):
    members = members_of(built)
    del members["seeds/b.md"]
    code, out = verify_cli(repack(built, members, tmp_path / "x.tar.gz"), capsys)
    assert code == 1 and "missing: seeds/b.md" in out


def test_an_extra_member_is_named(built, tmp_path, capsys):
    members = members_of(built)
    members["results/cells/intruder.parquet"] = b"PAR1"
    code, out = verify_cli(repack(built, members, tmp_path / "x.tar.gz"), capsys)
    assert code == 1 and "extra: results/cells/intruder.parquet" in out


@pytest.mark.parametrize("keep", [0.9, 0.5, 0.05])
def test_a_truncated_archive_is_caught(built, tmp_path, capsys, keep):
    data = built.read_bytes()
    cut = tmp_path / built.name
    cut.write_bytes(data[: int(len(data) * keep)])
    code, out = verify_cli(cut, capsys)
    assert code == 1 and "damaged:" in out and built.name in out
    # whatever could not be read is named as missing
    assert "missing: seeds/b.md" in out or "manifest" in out


def test_a_flipped_byte_is_caught(built, tmp_path, capsys):
    data = bytearray(built.read_bytes())
    data[len(data) // 2] ^= 0xFF
    bad = tmp_path / built.name
    bad.write_bytes(bytes(data))
    code, out = verify_cli(bad, capsys)
    assert code == 1 and ("damaged" in out or "altered" in out)


def test_a_renamed_archive_is_caught(built, tmp_path, capsys):
    other = tmp_path / "figdata-0000000000000000.tar.gz"
    other.write_bytes(built.read_bytes())
    code, out = verify_cli(other, capsys)
    assert code == 1 and "name: figdata-0000000000000000.tar.gz" in out


@pytest.mark.parametrize("name", ["/etc/evil", "../evil.txt", "results/../../evil", "a/./b"])
def test_members_that_climb_out_are_refused(built, tmp_path, capsys, name):
    members = members_of(built)
    manifest = json.loads(members["MANIFEST.json"])
    manifest["members"][name] = {"sha256": "0" * 64, "size": 4}
    members["MANIFEST.json"] = json.dumps(manifest).encode()
    members[name] = b"evil"
    bad = repack(built, members, tmp_path / "bad.tar.gz")
    code, out = verify_cli(bad, capsys)
    assert code == 1 and f"unsafe: {name}" in out
    dest = tmp_path / "dest"
    dest.mkdir()
    assert main(["restore", str(bad), str(dest)]) == 1
    assert "not restored" in capsys.readouterr().err
    assert not list(dest.rglob("*")) and not (tmp_path / "evil.txt").exists()


def test_a_symlink_member_is_refused(built, tmp_path, capsys):
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w:gz") as tar:
        for name, data in members_of(built).items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        link = tarfile.TarInfo("results/cells/link.parquet")
        link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
        tar.addfile(link)
    bad = tmp_path / "link.tar.gz"
    bad.write_bytes(raw.getvalue())
    code, out = verify_cli(bad, capsys)
    assert code == 1 and "unsafe: results/cells/link.parquet" in out


def test_restore_writes_every_member_into_a_fresh_folder(built, tmp_path, capsys):
    dest = tmp_path / "restored"
    assert main(["restore", str(built), str(dest)]) == 0
    members = members_of(built)
    del members["MANIFEST.json"]
    for name, data in members.items():
        assert (dest / name).read_bytes() == data, name
    stamps = {(dest / name).stat().st_mtime for name in members}
    assert len(stamps) == 1
    # a folder that already holds results is not overwritten by accident
    assert main(["restore", str(built), str(dest)]) == 1
    assert "already holds results" in capsys.readouterr().err
    assert main(["restore", str(built), str(dest), "--force"]) == 0


def test_a_damaged_archive_is_not_restored(built, tmp_path, capsys):
    cut = tmp_path / built.name
    cut.write_bytes(built.read_bytes()[:-100])
    dest = tmp_path / "restored"
    assert main(["restore", str(cut), str(dest)]) == 1
    assert "damaged" in capsys.readouterr().err and not dest.exists()


def test_a_path_outside_the_folder_cannot_be_archived(tmp_path):
    make_tree(tmp_path)
    with contextlib.chdir(tmp_path), pytest.raises(archive.ArchiveError, match="cannot be"):
        archive.write_archive("results/archive", ["../outside.txt"], [], CONFIG)
