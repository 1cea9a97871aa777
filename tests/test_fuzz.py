"""Property-based fuzzing of the parser with hypothesis.

Each example takes a document of the development corpus (or a seed) and
applies a handful of random edits: delete, duplicate or swap lines, insert
unicode text, odd numbers or markup, re-encode, truncate at any byte. The
parser must then raise nothing, return the same tables when run twice, and
its tables must pass the structural contracts (pandera), as the validate
stage would check them.

Validation costs about 0.1 s per pandera call whatever the batch size, so the
examples' tables are validated in batches (`_Batch`): a structural failure
names the document, and the batch keeps each document's bytes to report it.

    pytest tests/test_fuzz.py                                 # a few hundred examples (CI)
    FIGDATA_FUZZ_EXAMPLES=100000 pytest tests/test_fuzz.py -q -s  # the long run
    (FIGDATA_FUZZ_PROGRESS=file appends the count so far to file every 5,000 examples)
"""

from __future__ import annotations

import math
import os
import time
from pathlib import Path

import pytest
from helpers import CORPUS_DOCS, SEEDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from figdata import tables, validate
from figdata.parse import parse_document

EXAMPLES = int(os.environ.get("FIGDATA_FUZZ_EXAMPLES", "300"))
#: a file the long run appends its count to every 5,000 examples
PROGRESS = os.environ.get("FIGDATA_FUZZ_PROGRESS")
BATCH = 200
SOURCES = sorted([*CORPUS_DOCS.glob("*.txt"), *SEEDS.glob("*.txt")])
DOCS = {p.name: p.read_bytes() for p in SOURCES}

NUMBERS = [
    "1e309",
    "-inf",
    "NaN",
    "9" * 400,
    "1e-400",
    "٣٫٥",
    "1 234.5",
    "1,234.5",
    "1_000",
    "0x1F",
    "−0.12",
    "87.5%",
    "~0.85",
    "71 ± 2",
    "1.5x",
    "-0",
    ".5",
    "5.",
    "1e5e5",
    "١٢٣",
]
MARKUP = ["**", "|", "| --- |", "#", "### ", "* ", "- ", "```", "<b>", "</td>", "\\n", "(", ")"]


def _mutation():
    line_op = st.tuples(
        st.sampled_from(["delete", "duplicate", "swap"]),
        st.integers(0, 10_000),
        st.integers(0, 10_000),
    )
    insert = st.tuples(
        st.just("insert"),
        st.integers(0, 10_000),
        st.one_of(
            st.text(max_size=30),
            st.sampled_from(NUMBERS),
            st.sampled_from(MARKUP),
            st.lists(st.sampled_from(NUMBERS + MARKUP + [" ", ", "]), max_size=8).map("".join),
        ),
    )
    truncate = st.tuples(st.just("truncate"), st.integers(0, 10**7), st.just(0))
    return st.one_of(line_op, insert, truncate)


def mutate(raw: bytes, ops: list[tuple]) -> bytes:
    """``raw`` with the edits ``ops`` applied in turn (positions taken modulo the size)."""
    for op, a, b in ops:
        lines = raw.split(b"\n")
        if op == "truncate":
            raw = raw[: a % (len(raw) + 1)]
        elif op == "delete":
            del lines[a % len(lines)]
            raw = b"\n".join(lines)
        elif op == "duplicate":
            i = a % len(lines)
            lines.insert(i, lines[i])
            raw = b"\n".join(lines)
        elif op == "swap":
            i, j = a % len(lines), b % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
            raw = b"\n".join(lines)
        elif op == "insert":
            i = a % (len(raw) + 1)
            raw = raw[:i] + b.encode("utf-8", "surrogatepass") + raw[i:]
    return raw


def _records(parsed) -> str:
    """The parsed rows as text, NaN spelled out so that two runs compare equal."""

    def norm(v):
        return "nan" if isinstance(v, float) and math.isnan(v) else v

    return repr(
        {
            t: [{k: norm(v) for k, v in row.items()} for row in getattr(parsed, t)]
            for t in ("cells", "panels", "findings", "claims")
        }
    )


class _Batch:
    """Parsed documents waiting for one pandera validation of the lot.

    A batch that fails is validated again document by document, and every
    document that breaks the contract is recorded with the edits that made it
    (hypothesis cannot shrink across a batch); the module's teardown fails
    the run if any was found, after the long run has finished counting.
    """

    def __init__(self) -> None:
        self.rows: dict[str, list[dict]] = {t: [] for t in tables.TABLES}
        self.origin: dict[str, tuple] = {}
        self.count = 0
        self.failures: dict[str, tuple] = {}

    def add(self, doc: str, parsed, origin: tuple) -> None:
        # rows, not frames: one frame per table and batch, as the extract stage builds them
        for table in tables.TABLES:
            self.rows[table].extend({**row, "doc": doc} for row in getattr(parsed, table))
        self.origin[doc] = origin
        self.count += 1
        if len(self.origin) >= BATCH:
            self.flush()
            if PROGRESS and self.count % 5000 == 0:
                # the long run's count so far, should it be stopped before the end
                with open(PROGRESS, "a", encoding="utf-8") as fh:
                    fh.write(f"{time.strftime('%H:%M:%S')} {self.report().splitlines()[0]}\n")

    def _breaks(self, frames: dict, docs: list[str]) -> str | None:
        try:
            validate.validate_tables(frames, docs)
        except validate.StructuralError as exc:
            return str(exc).splitlines()[0]
        return None

    def flush(self) -> None:
        rows, self.rows = self.rows, {t: [] for t in tables.TABLES}
        origin, self.origin = self.origin, {}
        if not origin:
            return
        frames = {t: tables.frame(rows[t], tables.TABLES[t]) for t in tables.TABLES}
        if self._breaks(frames, list(origin)) is None:
            return
        for doc in origin:
            mine = {t: df[df["doc"] == doc].reset_index(drop=True) for t, df in frames.items()}
            error = self._breaks(mine, [doc])
            if error:
                self.failures[doc] = (*origin[doc], error)

    def report(self) -> str:
        lines = [
            f"fuzz: {self.count} mutated documents parsed twice and validated; "
            f"{len(self.failures)} broke the contract"
        ]
        for doc, (name, ops, encoding, error) in sorted(self.failures.items())[:20]:
            lines.append(f"  {doc}: {name} {encoding} {ops!r}\n    {error}")
        return "\n".join(lines)


@pytest.fixture(scope="module")
def batch():
    b = _Batch()
    yield b
    b.flush()
    print("\n" + b.report())
    if b.failures:
        pytest.fail(b.report())


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    name=st.sampled_from(sorted(DOCS)),
    ops=st.lists(_mutation(), min_size=1, max_size=6),
    encoding=st.sampled_from(["utf-8", "utf-8", "utf-8", "utf-16", "utf-8-sig", "latin-1"]),
)
def test_mutated_documents_parse_deterministically_and_pass_the_contract(
    batch, name, ops, encoding
):
    raw = rebuild(name, ops, encoding)
    doc = f"fuzz{batch.count:06d}"
    first = parse_document(doc, raw)
    second = parse_document(doc, raw)
    # equal rows compare equal at once; NaN (never equal to itself) needs the spelled-out form
    same = all(getattr(first, t) == getattr(second, t) for t in tables.TABLES)
    assert same or _records(first) == _records(second)
    batch.add(doc, first, (name, ops, encoding))


def rebuild(name: str, ops: list[tuple], encoding: str) -> bytes:
    """The bytes of a fuzzed example again, from what the report prints."""
    raw = mutate(DOCS[name], ops)
    if encoding != "utf-8":
        raw = raw.decode("utf-8", "replace").encode(encoding, "replace")
    return raw


def test_mutate_applies_every_edit():
    raw = b"a\nb\nc"
    assert mutate(raw, [("delete", 1, 0)]) == b"a\nc"
    assert mutate(raw, [("duplicate", 0, 0)]) == b"a\na\nb\nc"
    assert mutate(raw, [("swap", 0, 2)]) == b"c\nb\na"
    assert mutate(raw, [("insert", 1, "ü")]) == "aü\nb\nc".encode()
    assert mutate(raw, [("truncate", 3, 0)]) == b"a\nb"


def test_sources_exist():
    assert len(SOURCES) >= 30 and all(Path(p).is_file() for p in SOURCES)
