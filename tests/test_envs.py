"""The pinned environments: requirements, lock file and the conda environment of the rules."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib

from helpers import REPO


def pins(lines):
    found = {}
    for line in lines:
        m = re.match(r"^\s*-?\s*([A-Za-z0-9_.\-\[\]]+)==(\S+)\s*$", line)
        if m:
            # an extra (snakemake[reports]) is part of the pin, not of the package name
            found[re.sub(r"\[.*\]$", "", m.group(1)).lower()] = m.group(2)
    return found


def test_conda_env_pins_match_requirements():
    req = pins((REPO / "requirements.txt").read_text().splitlines())
    lock = pins((REPO / "requirements.lock").read_text().splitlines())
    env = pins((REPO / "envs" / "figdata.yaml").read_text().splitlines())
    assert env and all(req.get(name) == version for name, version in env.items())
    assert all(lock.get(name) == version for name, version in req.items())


POST_DEPLOY = REPO / "envs" / "figdata.post-deploy.sh"


def test_conda_post_deploy_names_what_is_missing(tmp_path):
    # the install itself needs conda and the network; what it is told is checked here
    env = {"PATH": os.environ["PATH"]}
    unset = subprocess.run(["bash", str(POST_DEPLOY)], env=env, capture_output=True, text=True)
    assert unset.returncode != 0 and "FIGDATA_SOURCE" in unset.stderr
    env["FIGDATA_SOURCE"] = str(tmp_path)
    elsewhere = subprocess.run(["bash", str(POST_DEPLOY)], env=env, capture_output=True, text=True)
    assert elsewhere.returncode == 1
    assert f"no pyproject.toml in {tmp_path}" in elsewhere.stderr


def test_conda_post_deploy_is_next_to_the_env_file():
    # Snakemake finds the script by this name only
    assert POST_DEPLOY.with_name("figdata.yaml").is_file()
    assert (REPO / "pyproject.toml").is_file()


def test_slurm_plugin_is_an_extra_pinned_in_the_lock():
    # Snakemake imports every installed executor plugin, and the SLURM one
    # queries the cluster while being imported: keep it out of the base install
    req = pins((REPO / "requirements.txt").read_text().splitlines())
    lock = pins((REPO / "requirements.lock").read_text().splitlines())
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    assert not any(name.startswith("snakemake-executor-plugin-slurm") for name in req)
    assert any(dep.startswith("snakemake-executor-plugin-slurm") for dep in extras["slurm"])
    assert "snakemake-executor-plugin-slurm" in lock
    assert "snakemake-executor-plugin-slurm-jobstep" in lock
