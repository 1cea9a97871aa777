"""``python -m figdata {verify,restore,archive}``: results archives (figdata.archive).

``verify`` and ``restore`` are for users; ``archive`` is the archive rule's job.
Each names every problem it finds and exits non-zero on any.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence

from figdata import archive, fileio, layout

log = logging.getLogger("figdata")


def _verify(args) -> int:
    problems = archive.verify(args.archive)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{args.archive}: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    contents = archive.read_contents(args.archive)
    print(f"{args.archive}: intact, {len(contents.digests)} members match {archive.MANIFEST}")
    return 0


def _restore(args) -> int:
    n = archive.restore(args.archive, args.dest, force=args.force)
    print(f"restored {n} files into {args.dest}")
    print("next: snakemake --cores 1 --touch   (marks the restored results up to date)")
    return 0


def _archive(args) -> int:
    fileio.configure_logging()
    config = json.loads(args.config)
    info = archive.write_archive(
        args.out_dir,
        args.docs,
        args.configfile,
        config,
        results=args.results,
        lock=args.lock,
        commit=args.commit or None,
    )
    fileio.write_json(info, args.index)
    log.info("%s: %d members, %d bytes", info["archive"], info["members"], info["size"])
    return 0


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m figdata", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)

    ve = sub.add_parser("verify", help="check an archive against its manifest")
    ve.add_argument("archive", help="results/archive/figdata-<digest>.tar.gz")
    ve.set_defaults(run=_verify)

    re_ = sub.add_parser("restore", help="verify an archive, then extract it into a folder")
    re_.add_argument("archive")
    re_.add_argument("dest", nargs="?", default=".", help="working directory (default: .)")
    re_.add_argument("--force", action="store_true", help="even if dest/results/ has files")
    re_.set_defaults(run=_restore)

    ar = sub.add_parser("archive", help="write the results archive (the archive rule's job)")
    ar.add_argument("--out-dir", required=True, help="folder of the archive")
    ar.add_argument("--index", required=True, help="JSON file describing the archive written")
    ar.add_argument("--results", default=layout.RESULTS)
    ar.add_argument("--config", required=True, help="the effective configuration, as JSON")
    ar.add_argument("--configfile", nargs="*", default=[], help="configuration files")
    ar.add_argument("--lock", help="requirements.lock: the pinned dependencies")
    ar.add_argument(
        "--commit", default="", help="git commit of the workflow ('-dirty' after it if so)"
    )
    ar.add_argument("docs", nargs="*", help="the seed documents")
    ar.set_defaults(run=_archive)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except (archive.ArchiveError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
