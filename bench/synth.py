"""Synthetic corpora for benchmarks: many documents that parse like their templates.

A template is a real document (the seeds, the development corpus). A synthetic
document is a copy whose cell values are nudged by a seeded amount at the
printed precision and whose titles carry a variant tag, so that no output is a
byte-copy of an input while the parser still finds the same panels and cells:
the layout, the malformations (ragged, truncated, duplicated, empty, badly
encoded) and the workload per document stay those of the template.

Which numbers are cell values is asked of the parser once per template rather
than guessed with patterns: tick labels, axis ranges and years look exactly
like values, and changing one of them would change what the parser finds.
Each value spelling maps to one new spelling everywhere in the document, so
duplicated cells stay duplicates and a summary line ("Peak: 27.9") keeps
agreeing with the cell it quotes.

Deterministic: the same templates, ``n`` and ``seed`` give the same bytes.
"""

from __future__ import annotations

import argparse
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

DOC_SUFFIXES = (".txt", ".md")

# a number not glued to a word, a decimal point, an exponent or an "x=" tick
_NUMBER = re.compile(rb"(?<![\w.=^/])(-?)(\d+)(?:\.(\d+))?(?![\w.])")
_HEADING = re.compile(rb"^(\s*#{1,6}[ \t]+)(.*?)([ \t]*)(\r?\n|$)", re.M)
_LETTERS = "bcdfghjklmnpqrstvwxz"


@dataclass(frozen=True)
class Template:
    name: str  # file name, e.g. "d03_beam.txt"
    raw: bytes
    values: frozenset[bytes]  # spellings of cell values that are safe to change
    titles: tuple[bytes, ...]  # panel titles, longest first


def _utf8(text: str) -> bytes:
    return text.encode("utf-8")


def load_template(path: str | Path) -> Template:
    """Read one template and ask the parser which numbers are its cell values."""
    from figdata.parse import parse_document

    path = Path(path)
    raw = path.read_bytes()
    parsed = parse_document(path.stem, raw)
    ticks = {_utf8(t) for p in parsed.panels for k in ("x_ticks", "y_ticks") for t in p[k] or ()}
    values = {_utf8(c["value_text"]) for c in parsed.cells if c.get("value_text")}
    values = frozenset(v for v in values if _NUMBER.fullmatch(v) and v not in ticks)
    titles = sorted(
        {_utf8(p["title"]) for p in parsed.panels if p.get("title") and len(p["title"]) >= 4},
        key=lambda t: (-len(t), t),
    )
    return Template(path.name, raw, values, tuple(titles))


def template_paths(folders: Iterable[str | Path]) -> list[Path]:
    """Every *.txt / *.md document in ``folders``, in a stable order."""
    paths = []
    for folder in folders:
        paths.extend(
            p
            for p in sorted(Path(folder).iterdir())
            if p.suffix in DOC_SUFFIXES and p.is_file() and not p.name.startswith(".")
        )
    return paths


def load_templates(folders: Iterable[str | Path]) -> list[Template]:
    return [load_template(p) for p in template_paths(folders)]


def variant_tag(index: int) -> str:
    """A letters-only tag (digits in a title could read as a tick or a value)."""
    letters = []
    n = index
    for _ in range(4):
        n, r = divmod(n, len(_LETTERS))
        letters.append(_LETTERS[r])
    while n:
        n, r = divmod(n, len(_LETTERS))
        letters.append(_LETTERS[r])
    return "".join(reversed(letters))


def _nudge(spelling: bytes, rng: random.Random) -> bytes:
    m = _NUMBER.fullmatch(spelling)
    sign, whole, frac = m.group(1), m.group(2), m.group(3) or b""
    places = len(frac)
    units = int(whole + frac)
    step = rng.choice((-2, -1, 1, 2))
    new = units + step if units + step >= 0 else units - step
    digits = str(new).rjust(places + 1, "0")
    if places:
        text = f"{digits[:-places]}.{digits[-places:]}"
    else:
        text = digits
    if sign and new == 0:
        sign = b""  # "-0.0" would be a new spelling the template never had
    return sign + text.encode("ascii")


def synthesize(template: Template, index: int, seed: int = 0) -> bytes:
    """Synthetic document number ``index`` made from ``template``."""
    rng = random.Random(f"figdata-synth:{seed}:{index}:{template.name}")
    tag = variant_tag(index).encode("ascii")
    mapping = {v: _nudge(v, rng) for v in sorted(template.values)}

    def number(m: re.Match) -> bytes:
        return mapping.get(m.group(0), m.group(0))

    def heading(m: re.Match) -> bytes:
        if not m.group(2).strip():
            return m.group(0)
        return m.group(1) + m.group(2) + b" (variant " + tag + b")" + m.group(3) + m.group(4)

    out = _NUMBER.sub(number, template.raw)
    out = _HEADING.sub(heading, out, count=1)
    for title in template.titles:
        out = out.replace(title, title + b" " + tag)
    if out == template.raw:
        # nothing to vary (a whitespace-only file): spell the index in blanks
        out += bytes(b" \t"[int(bit)] for bit in f"1{index:b}")
    return out


def output_name(index: int, template: Template) -> str:
    stem, _, suffix = template.name.rpartition(".")
    return f"s{index:05d}_{stem}.{suffix}"


def generate(
    templates: Sequence[Template], n: int, seed: int = 0, start: int = 0
) -> list[tuple[str, bytes]]:
    """``n`` (file name, bytes) pairs, templates taken in turn so every layout appears."""
    if not templates:
        raise ValueError("no templates")
    return [
        (
            output_name(i, templates[i % len(templates)]),
            synthesize(templates[i % len(templates)], i, seed),
        )
        for i in range(start, start + n)
    ]


def write_corpus(out_dir: str | Path, docs: Iterable[tuple[str, bytes]]) -> list[Path]:
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, raw in docs:
        path = out / name
        path.write_bytes(raw)
        paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="folder to write the documents to")
    ap.add_argument("-n", type=int, default=100, help="number of documents")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--templates",
        nargs="+",
        default=["seeds", "tests/corpus/docs"],
        help="folders of template documents",
    )
    args = ap.parse_args(argv)
    templates = load_templates(args.templates)
    paths = write_corpus(args.out, generate(templates, args.n, args.seed))
    print(f"{len(paths)} documents from {len(templates)} templates in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
