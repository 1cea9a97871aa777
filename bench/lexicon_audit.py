"""How many documents each wording of the parser's lexicon serves.

usage: python bench/lexicon_audit.py [CORPUS_DIR ...] [--max-docs N]

A lexicon entry is a regular-expression alternation; each top-level alternative is one wording.
For every alternative the script counts the documents (``*.txt`` under the folders given;
default: seeds/, tests/corpus/docs and tests/fresh/*/docs) in which it matches, and lists the
alternatives that serve at most ``--max-docs`` documents (default 1). A wording that only one
document uses is what a parser tuned document by document accumulates; each one listed is either
a word of the genre (keep it, with a second example in a fixture) or a patch (remove it).
Word tables (ordinals, number words, words that are never ticks, zone headings) are audited the
same way, word by word.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from figdata.parse import lexicon

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DIRS = [
    ROOT / "seeds",
    ROOT / "tests" / "corpus" / "docs",
    *sorted(ROOT.glob("tests/fresh/*/docs")),
]


def alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a regular expression (``a|b(c|d)|e`` -> a, b(c|d), e)."""
    out, depth, in_class, start, i = [], 0, False, 0, 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
        i += 1
    out.append(pattern[start:])
    return out


def _unwrap(pattern: str) -> str:
    """``\\b(?:a|b)\\b`` -> ``a|b``: an entry wrapped in one group is audited inside it."""
    # (a lookbehind before the group, "(?<!/)", or a lookahead after it, "(?!-[a-z])", guards
    # the entry, it names no wording)
    core = re.sub(r"^(\\b|\^|\(\?<!?[^()]*\))*", "", pattern)
    core = re.sub(r"(\\b|\$|\(\?[=!][^()]*\))*$", "", core)
    if core.startswith("(?:") and core.endswith(")") and len(alternatives(core[3:-1])) > 1:
        inner = core[3:-1]
        depth = 0
        for i, ch in enumerate(inner):
            depth += ch == "("
            depth -= ch == ")"
            if depth < 0 and inner[i - 1] != "\\":
                return pattern
        return inner
    return pattern


def wordings() -> list[tuple[str, str, re.Pattern]]:
    """(entry, wording, compiled) for every alternative and every word of the word tables."""
    out = []
    for entry in lexicon.ENTRIES:
        for alt in alternatives(_unwrap(entry.pattern)):
            # an anchored entry is matched against a label: here, a line's start after markup
            if alt.startswith("^"):
                alt_in_text = r"^[#*>\s-]*" + (
                    alt[1:-1] + r"(?!\w)" if alt.endswith("$") else alt[1:]
                )
            else:
                alt_in_text = rf"\b(?:{alt})"
            try:
                regex = re.compile(alt_in_text, re.I | re.M)
                out.append((entry.name, alt, regex))
            except re.error:
                out.append((entry.name, alt, re.compile(re.escape(alt), re.I)))
    tables = {"ordinals": lexicon.ORDINALS, "number_words": lexicon.NUMBER_WORDS}
    tables["not_ticks"] = dict.fromkeys(lexicon.NOT_TICKS)
    for name, words in tables.items():
        for word in words:
            out.append((name, word, re.compile(rf"\b{re.escape(word)}\b", re.I)))
    for zone, pattern, _ in lexicon.ZONE_WORDS:
        for alt in alternatives(pattern):
            out.append((f"zone:{zone}", alt, re.compile(rf"^#+.*\b(?:{alt})", re.I | re.M)))
    return out


def audit(texts: dict[str, str], max_docs: int) -> list[tuple[str, str, int, list[str]]]:
    rows = []
    for entry, alt, regex in wordings():
        docs = sorted(name for name, text in texts.items() if regex.search(text))
        if len(docs) <= max_docs:
            rows.append((entry, alt, len(docs), docs))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="*", type=Path)
    parser.add_argument("--max-docs", type=int, default=1)
    args = parser.parse_args(argv)
    dirs = args.dirs or DEFAULT_DIRS
    texts = {
        f"{d.parent.name}/{p.stem}" if d.name == "docs" else p.stem: p.read_text(errors="replace")
        for d in dirs
        for p in sorted(d.glob("*.txt"))
    }
    rows = audit(texts, args.max_docs)
    total = len(wordings())
    print(f"{len(texts)} documents, {total} wordings; {len(rows)} serve <= {args.max_docs}:")
    for entry, alt, n, docs in rows:
        print(f"  {entry:24s} {n:3d}  {alt!r:40s} {', '.join(docs[:3])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
