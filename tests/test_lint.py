"""The gates: Snakemake's linter, snakefmt and ruff all clean on the repository."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest
from helpers import REPO, make_workspace


def run_module(module: str, *args: str, cwd=REPO, env=None) -> subprocess.CompletedProcess:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed in this environment")
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )


def assert_clean(proc: subprocess.CompletedProcess) -> None:
    assert proc.returncode == 0, f"{' '.join(proc.args)}\n{proc.stdout}\n{proc.stderr}"


@pytest.mark.e2e
def test_snakemake_lint(tmp_path):
    # in a scratch copy: linting runs the Snakefile, which must not touch the repo
    workdir = make_workspace(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(workdir / "src")}
    assert_clean(run_module("snakemake", "--lint", cwd=workdir, env=env))


def test_snakefmt():
    assert_clean(run_module("snakefmt", "--check", "."))


def test_ruff_check():
    assert_clean(run_module("ruff", "check", "."))


def test_ruff_format():
    assert_clean(run_module("ruff", "format", "--check", "."))
