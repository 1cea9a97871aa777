"""What produced a page: versions, the git commit, the configuration. Never a time.

A build time would make every rebuild differ; everything here is the same for
the same code, configuration and input.
"""

from __future__ import annotations

import hashlib
import platform
import subprocess
from functools import cache
from importlib import metadata
from pathlib import Path

import figdata

LIBRARIES = ("pandas", "pyarrow", "pandera", "matplotlib", "jinja2", "snakemake")


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


@cache
def git_commit(folder: str | None = None) -> str | None:
    """The commit of the checkout holding figdata's source, with ``+changes`` when it
    has uncommitted edits; None outside a git checkout or without git."""
    where = folder or str(Path(figdata.__file__).resolve().parent)
    try:
        head = subprocess.run(
            ["git", "-C", where, "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", where, "status", "--porcelain", "--untracked-files=no", "--", "."],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{head}+changes" if dirty else head or None


@cache
def environment() -> dict:
    """figdata's version and commit, Python's and the main libraries' versions."""
    return {
        "figdata": figdata.__version__,
        "commit": git_commit(),
        "python": platform.python_version(),
        "libraries": {name: _version(name) for name in LIBRARIES},
    }


def sha256_file(path: str | Path) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
