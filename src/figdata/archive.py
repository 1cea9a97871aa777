"""Results archives that can be checked years later, and restored safely.

An archive is a gzip-compressed tar file, ``results/archive/figdata-<digest>.tar.gz``
where ``<digest>`` begins the SHA-256 of the file's own bytes. It holds the
seeds, the configuration file, everything the stages published
(figdata.layout.PUBLISHED) and the shards' bookkeeping that lets Snakemake
accept restored results (``results/shards/``, without the per-document
caches), plus ``MANIFEST.json``: the SHA-256 and size of every member, the
seeds' digests, the effective configuration, the versions of Python and of
every pinned dependency, and the git commit when there is one.

The same results give the same bytes: members sorted (the manifest first),
owner 0/0 without names, mode 0644, mtime 0, PAX format, and a gzip header
without file name or time. No pandas here: archiving reads bytes only.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import platform
import re
import tarfile
import time
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath

from figdata import __version__, fileio, layout

MANIFEST = "MANIFEST.json"
FORMAT = "figdata-archive/1"
NAME = re.compile(r"figdata-([0-9a-f]{16})\.tar\.gz")
#: the hidden folders under results/ that are never archived (rebuilt on demand)
SKIPPED = (layout.CACHE, ".staging")


class ArchiveError(Exception):
    """An archive cannot be written, read or restored; the message says which file and why."""


# --- writing -----------------------------------------------------------------


def unsafe_reason(name: str) -> str | None:
    """Why a member name must not be restored (absolute, climbing out, odd), or None."""
    if not name or "\\" in name or "\0" in name:
        return "not a plain relative path"
    path = PurePosixPath(name)
    if path.is_absolute() or re.match(r"^[A-Za-z]:", name):
        return "absolute path"
    if any(part == ".." for part in path.parts):
        return "climbs out of the folder (..)"
    if any(part in ("", ".") for part in name.split("/")):
        return "not a normalised path"
    return None


def member_name(path: fileio.PathLike) -> str:
    """``path`` (relative to the working directory) as an archive member name."""
    name = Path(path).as_posix()
    reason = unsafe_reason(name)
    if reason:
        raise ArchiveError(f"{path}: cannot be archived ({reason}); keep it inside the folder")
    return name


def result_files(results: fileio.PathLike = layout.RESULTS) -> list[Path]:
    """Every file the stages published, and the shards' bookkeeping, sorted."""
    root = Path(results)
    found = []
    for folder in (*layout.PUBLISHED, "shards"):
        base = root / folder
        if not base.is_dir():
            continue
        for path in base.rglob("*"):
            parts = path.relative_to(root).parts
            if path.is_file() and not any(p in SKIPPED or p.endswith(".tmp") for p in parts):
                found.append(path)
    return sorted(found)


def pinned_versions(lock: fileio.PathLike | None) -> dict[str, dict]:
    """Each package pinned in ``lock`` (``name==version`` lines): pinned and installed."""
    out: dict[str, dict] = {}
    if lock is None:
        return out
    for line in Path(lock).read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" not in line:
            continue
        name, pinned = (p.strip() for p in line.split("==", 1))
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = None
        out[name.lower()] = {"pinned": pinned, "installed": installed}
    return dict(sorted(out.items()))


def build_manifest(
    members: Mapping[str, bytes],
    seeds: Mapping[str, str],
    config: Mapping,
    lock: fileio.PathLike | None,
    commit: str | None,
) -> dict:
    return {
        "format": FORMAT,
        "figdata": __version__,
        "python": platform.python_version(),
        "dependencies": pinned_versions(lock),
        "git": _git(commit),
        "config": dict(config),
        "seeds": dict(sorted(seeds.items())),
        "members": {
            name: {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}
            for name, data in sorted(members.items())
        },
    }


def _git(commit: str | None) -> dict | None:
    if not commit:
        return None
    head = commit.removesuffix("-dirty")
    return {"commit": head, "dirty": head != commit}


def _info(name: str, size: int) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.size = size
    info.mode = 0o644
    info.mtime = 0
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    info.type = tarfile.REGTYPE
    return info


def archive_bytes(members: Mapping[str, bytes], manifest: Mapping) -> bytes:
    """The tar.gz of ``members`` with ``manifest`` first, byte for byte reproducible."""
    raw = io.BytesIO()
    # mtime=0 and no file name: the gzip header holds neither a time nor a name
    with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=6, mtime=0) as gz:
        with tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
            text = fileio.json_text(manifest).encode("utf-8")
            tar.addfile(_info(MANIFEST, len(text)), io.BytesIO(text))
            for name in sorted(members):
                tar.addfile(_info(name, len(members[name])), io.BytesIO(members[name]))
    return raw.getvalue()


def write_archive(
    out_dir: fileio.PathLike,
    docs: Sequence[fileio.PathLike],
    configfiles: Sequence[fileio.PathLike],
    config: Mapping,
    results: fileio.PathLike = layout.RESULTS,
    lock: fileio.PathLike | None = None,
    commit: str | None = None,
) -> dict:
    """Write ``out_dir/figdata-<digest>.tar.gz`` and remove older archives there.

    Returns a description: the archive's file name, SHA-256, size and member count.
    """
    files = [*docs, *configfiles, *result_files(results)]
    members: dict[str, bytes] = {}
    for path in files:
        name = member_name(path)
        if name == MANIFEST or name in members:
            raise ArchiveError(f"{path}: archived twice or named like the manifest")
        members[name] = Path(path).read_bytes()
    seeds = {fileio.doc_id(p): hashlib.sha256(members[member_name(p)]).hexdigest() for p in docs}
    manifest = build_manifest(members, seeds, config, lock, commit)
    data = archive_bytes(members, manifest)
    digest = hashlib.sha256(data).hexdigest()
    name = f"figdata-{digest[:16]}.tar.gz"
    out = Path(out_dir)
    fileio.write_bytes(data, out / name)
    # one archive: a removed document's data must not stay under results/
    for old in out.glob("figdata-*.tar.gz"):
        if old.name != name:
            old.unlink()
    return {"archive": name, "sha256": digest, "size": len(data), "members": len(members) + 1}


# --- reading -----------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    kind: str  # missing, extra, altered, unsafe, damaged, manifest, name
    member: str
    detail: str

    def __str__(self) -> str:
        where = f"{self.member}: " if self.member else ""
        return f"{self.kind}: {where}{self.detail}"


@dataclass
class Contents:
    """What could be read of an archive: members' digests and sizes, and the manifest."""

    digests: dict[str, tuple[str, int]]
    unsafe: list[Problem]
    manifest: dict | None
    damage: str | None


_READ_ERRORS = (tarfile.TarError, EOFError, OSError, zlib.error, gzip.BadGzipFile)


def read_contents(path: fileio.PathLike, keep: dict[str, bytes] | None = None) -> Contents:
    """Stream through the archive once; ``keep`` collects the members' bytes if given."""
    digests: dict[str, tuple[str, int]] = {}
    unsafe: list[Problem] = []
    manifest = None
    damage = None
    try:
        with tarfile.open(path, mode="r|gz") as tar:
            for info in tar:
                reason = unsafe_reason(info.name)
                if reason is None and not info.isreg():
                    reason = "not a regular file (link, folder or device)"
                if reason:
                    unsafe.append(Problem("unsafe", info.name, reason))
                    continue
                if info.name in digests:
                    unsafe.append(Problem("unsafe", info.name, "stored twice"))
                    continue
                fh = tar.extractfile(info)
                data = fh.read() if fh else b""
                if len(data) != info.size:
                    raise EOFError(f"{info.name} ends early")
                digests[info.name] = (hashlib.sha256(data).hexdigest(), len(data))
                if info.name == MANIFEST:
                    manifest = json.loads(data)
                elif keep is not None:
                    keep[info.name] = data
    except _READ_ERRORS as exc:
        damage = f"{type(exc).__name__}: {exc}".rstrip(": ")
    except ValueError as exc:  # the manifest is not JSON
        damage = f"{MANIFEST} is not valid JSON ({exc})"
    return Contents(digests, unsafe, manifest, damage)


def verify(path: fileio.PathLike, keep: dict[str, bytes] | None = None) -> list[Problem]:
    """Every difference between an archive and its manifest; empty when it is intact."""
    path = Path(path)
    if not path.is_file():
        return [Problem("missing", "", f"{path} is not a file")]
    problems: list[Problem] = []
    contents = read_contents(path, keep)
    if contents.damage:
        problems.append(
            Problem("damaged", "", f"{path.name} cannot be read to its end ({contents.damage})")
        )
    problems += contents.unsafe
    manifest = contents.manifest
    if not isinstance(manifest, dict) or not isinstance(manifest.get("members"), dict):
        return [*problems, Problem("manifest", MANIFEST, "missing or unreadable")]
    if manifest.get("format") != FORMAT:
        problems.append(Problem("manifest", MANIFEST, f"unknown format {manifest.get('format')!r}"))
    listed: Mapping[str, dict] = manifest["members"]
    found = {n: d for n, d in contents.digests.items() if n != MANIFEST}
    for name in sorted(listed):
        entry = listed[name]
        if name not in found:
            why = "not in the archive" if not contents.damage else "not readable (damaged)"
            problems.append(Problem("missing", name, why))
        elif found[name] != (entry.get("sha256"), entry.get("size")):
            sha, size = found[name]
            problems.append(
                Problem(
                    "altered",
                    name,
                    f"sha256 {sha[:16]}…, {size} bytes; the manifest says "
                    f"{str(entry.get('sha256'))[:16]}…, {entry.get('size')} bytes",
                )
            )
    for name in sorted(set(found) - set(listed)):
        problems.append(Problem("extra", name, "in the archive but not in the manifest"))
    match = NAME.fullmatch(path.name)
    if match and not problems:
        actual = hashlib.sha256(path.read_bytes()).hexdigest()
        if not actual.startswith(match.group(1)):
            problems.append(
                Problem("name", path.name, f"the file's sha256 begins {actual[:16]}, not its name")
            )
    return problems


def restore(archive: fileio.PathLike, dest: fileio.PathLike, force: bool = False) -> int:
    """Extract a verified archive into ``dest``; returns the files written.

    Refuses an archive with any problem, a member whose path is absolute or
    climbs out of ``dest``, and a ``dest`` that already holds results (unless
    ``force``). Every restored file gets one modification time, now.
    """
    members: dict[str, bytes] = {}
    problems = verify(archive, members)
    if problems:
        raise ArchiveError(
            f"{archive}: not restored, the archive does not match its manifest:\n"
            + "\n".join(f"  {p}" for p in problems)
        )
    root = Path(dest).resolve()
    existing = root / layout.RESULTS
    if not force and existing.is_dir() and any(existing.iterdir()):
        raise ArchiveError(
            f"{existing} already holds results: restore into a working directory "
            "without results/ (or pass --force to overwrite)"
        )
    for name in members:
        target = (root / name).resolve()
        if root not in target.parents:
            raise ArchiveError(f"{archive}: member {name!r} would be written outside {root}")
    stamp = time.time()
    for name, data in sorted(members.items()):
        target = root / name
        fileio.write_bytes(data, target)
        os.utime(target, (stamp, stamp))
    return len(members)
