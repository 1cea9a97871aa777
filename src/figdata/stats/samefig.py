"""Documents that describe the same figure: found, compared cell by cell, never merged.

Two writers describing one chart disagree: one reads "Qwen" as "Owen", prints other
ticks, misreads values. Two panels are *alike* when their normalised axis labels are
equal, each axis shares at least half of its ticks (Jaccard >= 0.5), and their titles
are equal up to small edits (Levenshtein distance of the normalised titles at most
``max(2, 15 % of the longer title)``; two untitled panels pass). Two documents
describe the same figure when their alike panels, paired one to one, cover every
panel of one of them, and either two or more panels pair up or the one pair agrees
on at least half of at least three overlapping cells (one panel titled "Accuracy" over
the same axes is too common to decide on alone).

Never all pairs: panels are indexed by blocking keys (axis labels with one tick set,
for each axis) and by title words; a panel is compared only with the earlier
*anchors* (the first panel of each cluster) that share a key and a title word, at
most ``MAX_CANDIDATES`` of them. A document that joins a group is compared with its
anchor document, so a group of k descriptions costs k comparisons, not k².
"""

from __future__ import annotations

import hashlib
import math
from collections import defaultdict
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np
import pandas as pd

from figdata.stats.factcheck import tolerance
from figdata.stats.panels import as_list, tick_number, typed
from figdata.stats.text import norm_label
from figdata.tables import SAME_FIGURE

MIN_TICK_JACCARD = 0.5
MAX_CANDIDATES = 8
#: a title trigram shared by more anchors of a block than this says nothing
MAX_POSTING = 256
MIN_OVERLAP_ALONE = 3
MIN_AGREEMENT_ALONE = 0.5
MAX_SHOWN = 10


@lru_cache(maxsize=65536)
def _tick_key(tick: str) -> str:
    number = tick_number(tick)
    return repr(number) if number is not None else (norm_label(tick) or tick)


@dataclass
class PanelSig:
    id: int
    doc: str
    panel: int
    title: str | None
    key: str | None  # normalised title
    #: the title's trigrams; None until the panel's component is matched (:func:`_match`)
    words: frozenset[str] | None
    xl: str
    yl: str
    xt: frozenset[str]
    yt: frozenset[str]
    store: object = None
    #: (x key, y key) -> (value, value as printed, x as printed, y as printed), when read
    loaded: dict | None = None


@lru_cache(maxsize=65536)
def trigrams(key: str | None) -> frozenset[str]:
    """Character trigrams of a normalised title: two titles a small edit apart share most."""
    if not key:
        return frozenset({"\x00untitled"})
    padded = f"  {key} "
    return frozenset(padded[i : i + 3] for i in range(len(padded) - 2))


def max_edits(a: str, b: str) -> int:
    return max(2, int(0.15 * max(len(a), len(b))))


def bounded_edits(a: str, b: str, limit: int) -> int | None:
    """Levenshtein distance of a and b, or None when it exceeds ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return None
    d = levenshtein(a, b)
    return d if d <= limit else None


def levenshtein(a: str, b: str) -> int:
    """Levenshtein distance of a and b, with one column of the table as the bits of an
    integer (Myers 1999, in Hyyro's form for Levenshtein distance): a step per character
    of ``b`` instead of one per cell, 3.5 times faster than the banded table it replaced
    for titles of 30 characters, with the results of the whole table
    (tests/test_stats_samefig.py)."""
    if not a or not b:
        return len(a) or len(b)
    masks: dict[str, int] = {}
    for i, c in enumerate(a):
        masks[c] = masks.get(c, 0) | (1 << i)
    full, high = (1 << len(a)) - 1, 1 << (len(a) - 1)
    pv, mv, score = full, 0, len(a)  # the column's +1 and -1 steps, its last cell
    for c in b:
        eq = masks.get(c, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | ~(xh | pv)
        mh = pv & xh
        if ph & high:
            score += 1
        elif mh & high:
            score -= 1
        ph = (ph << 1) | 1
        mh <<= 1
        pv = (mh | ~(xv | ph)) & full
        mv = ph & xv & full
    return score


def _jaccard(a: frozenset, b: frozenset) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def alike(a: PanelSig, b: PanelSig) -> float | None:
    """Title similarity (1 - edits / length) when the panels are alike, else None."""
    if a.xl != b.xl or a.yl != b.yl:
        return None
    if _jaccard(a.xt, b.xt) < MIN_TICK_JACCARD or _jaccard(a.yt, b.yt) < MIN_TICK_JACCARD:
        return None
    if a.key is None and b.key is None:
        return 1.0
    if a.key is None or b.key is None:
        return None
    limit = max_edits(a.key, b.key)
    # q-gram lemma: one edit destroys at most three trigrams, so titles within
    # ``limit`` edits share most of theirs; checking that is far cheaper than the DP
    if len(a.words & b.words) < max(len(a.words), len(b.words)) - 3 * limit:
        return None
    d = bounded_edits(a.key, b.key, limit)
    if d is None:
        return None
    return 1.0 - d / max(len(a.key), len(b.key), 1)


def signatures(panels: pd.DataFrame, cells: pd.DataFrame) -> list[PanelSig]:
    """One signature per panel with two declared tick lists, in (doc, panel) order."""
    return signatures_of(signature_rows(panels), _CellStore(cells) if len(cells) else None)


def signature_rows(panels: pd.DataFrame) -> dict[str, list[list]]:
    """What a document's signatures are made of, per document (plain JSON data, so that
    the corpus job can keep them for documents that did not change): for each panel with
    two declared tick lists, its number, title, normalised title and axis labels, and
    the sorted keys of its ticks."""
    p = panels.sort_values(["doc", "panel"], kind="stable")
    out: dict[str, list[list]] = {}
    for r in p[["doc", "panel", "title", "x_label", "y_label", "x_ticks", "y_ticks"]].itertuples(
        index=False
    ):
        xt, yt = as_list(r.x_ticks), as_list(r.y_ticks)
        if not xt or not yt:
            continue
        out.setdefault(r.doc, []).append(
            [
                int(r.panel),
                r.title if isinstance(r.title, str) else None,
                norm_label(r.title),
                norm_label(r.x_label) or "",
                norm_label(r.y_label) or "",
                sorted({_tick_key(t) for t in xt}),
                sorted({_tick_key(t) for t in yt}),
            ]
        )
    return out


def signatures_of(rows: dict[str, list[list]], store=None) -> list[PanelSig]:
    """The signatures from :func:`signature_rows` (of any documents), in (doc, panel) order."""
    sigs: list[PanelSig] = []
    for doc in sorted(rows):
        for panel, title, key, xl, yl, xt, yt in rows[doc]:
            sig = PanelSig(
                len(sigs),
                doc,
                panel,
                title,
                key,
                None,  # the trigrams of the panels matched again only: most are not
                xl,
                yl,
                frozenset(xt),
                frozenset(yt),
            )
            sig.store = store
            sigs.append(sig)
    return sigs


class _CellStore:
    """The cells of every panel, read into a panel's dict only when it is compared:
    most panels never are, and reading all cells cost more than the matching. The
    index is built at the first comparison: a run that takes every component from
    the memo compares nothing."""

    def __init__(self, cells: pd.DataFrame) -> None:
        self.frame = cells
        self.cols: list = []
        self.rows: dict = {}

    def _index(self) -> None:
        c = _frame(self.frame)
        doc, panel = c["doc"].to_numpy(dtype=object), c["panel"].to_numpy()
        if len(doc) > 1 and _unordered(doc, panel):
            c = c.sort_values(["doc", "panel"], kind="stable")
            doc, panel = c["doc"].to_numpy(dtype=object), c["panel"].to_numpy()
        self.cols = [c[k].to_numpy(dtype=object) for k in ("x", "y", "value", "value_text")]
        change = np.r_[True, (doc[1:] != doc[:-1]) | (panel[1:] != panel[:-1])]
        starts = np.flatnonzero(change)
        stops = np.r_[starts[1:], len(doc)]
        self.rows = {
            (doc[a], int(panel[a])): (int(a), int(b)) for a, b in zip(starts, stops, strict=True)
        }
        self.frame = None

    def cells(self, doc: str, panel: int) -> dict:
        if self.frame is not None:
            self._index()
        a, b = self.rows.get((doc, panel), (0, 0))
        xs, ys, vs, ts = (col[a:b] for col in self.cols)
        return {
            (_tick_key(x), _tick_key(y)): (float(v), t, x, y)
            for x, y, v, t in zip(xs, ys, vs, ts, strict=True)
        }


def _frame(cells) -> pd.DataFrame:
    """The cells as a DataFrame: the corpus job hands over an Arrow table of the columns
    matching reads, converted only when a component is matched again."""
    return cells if isinstance(cells, pd.DataFrame) else cells.to_pandas()


def _unordered(doc: np.ndarray, panel: np.ndarray) -> bool:
    """Whether some (doc, panel) has its rows in more than one run: the shards' tables,
    concatenated, keep each panel's rows together, and then no sort is needed."""
    change = np.r_[True, (doc[1:] != doc[:-1]) | (panel[1:] != panel[:-1])]
    starts = np.flatnonzero(change)
    pairs = set(zip(doc[starts], panel[starts].tolist(), strict=True))
    return len(pairs) != len(starts)


def cells_of(sig: PanelSig) -> dict:
    if sig.loaded is None:
        sig.loaded = sig.store.cells(sig.doc, sig.panel) if sig.store is not None else {}
    return sig.loaded


def compare_cells(a: PanelSig, b: PanelSig) -> tuple[int, int, list[str]]:
    """(overlap, agree, disagreements) of two panels' cells, at the coarser printed precision."""
    ca, cb = cells_of(a), cells_of(b)
    common = [k for k in ca if k in cb]
    agree, shown = 0, []
    for k in common:
        (va, ta, x, y), (vb, tb, _, _) = ca[k], cb[k]
        if abs(va - vb) <= max(tolerance(ta, va), tolerance(tb, vb)) + 1e-9:
            agree += 1
        else:
            shown.append(f"x={x}, y={y}: {ta} vs {tb}")
    return len(common), agree, shown


def same_figure(panels: pd.DataFrame, cells: pd.DataFrame) -> pd.DataFrame:
    """SAME_FIGURE rows: every matched panel pair of documents that describe one figure."""
    return same_figure_reusing(panels, cells, None)[0]


def same_figure_reusing(
    panels: pd.DataFrame,
    cells: pd.DataFrame,
    memo: dict | None,
    prints: dict[str, str] | None = None,
) -> tuple[pd.DataFrame, dict]:
    """``same_figure`` and the memo of this run (empty when ``memo`` is None).

    Two panels can only meet when they share a blocking key, so documents fall into
    components (linked through shared keys) that are matched independently, each in
    document order. ``memo`` maps a component's key (its documents with the digest of
    their panels and cells) to its rows and groups from an earlier run: a component none
    of whose documents changed is not matched again. The rows equal a clean run's.
    ``prints`` (document -> a digest that changes whenever its panels or cells may)
    stand in for :func:`doc_digests`, which hashes every row.
    """
    n_panels = panels.groupby("doc").size().to_dict() if len(panels) else {}
    if memo is None:
        prints = {}
    elif prints is None:
        prints = doc_digests(panels, _frame(cells))
    return match_components(signature_rows(panels), n_panels, lambda docs: cells, memo, prints)


def match_components(
    rows: dict[str, list[list]],
    n_panels: dict[str, int],
    load_cells,
    memo: dict | None,
    prints: dict[str, str],
) -> tuple[pd.DataFrame, dict]:
    """:func:`same_figure_reusing` from the documents' :func:`signature_rows` and panel
    counts; ``load_cells(docs)`` gives (at least) the cells of ``docs``, and is called
    once, for the documents of the components to match again, only if there is one."""
    sigs = signatures_of(rows)
    memo, kept = memo or {}, {}
    parts = [(part, component_key(part, prints) if prints else None) for part in components(sigs)]
    todo = sorted({s.doc for part, key in parts if key not in memo for s in part})
    if todo:
        cells = load_cells(todo)
        store = _CellStore(cells) if len(cells) else None
        for part, key in parts:
            if key not in memo:
                for s in part:
                    s.store = store
    found: list[dict] = []
    group_of: dict[str, str] = {}
    for part, key in parts:
        if key is not None and key in memo:
            found_rows, found_groups = memo[key]
        else:
            found_rows, found_groups = _match(
                [replace(s, id=i) for i, s in enumerate(part)], n_panels
            )
        if key is not None:
            kept[key] = (found_rows, found_groups)
        found += found_rows
        group_of.update(found_groups)
    return _assemble(found, group_of), kept


def components(sigs: list[PanelSig]) -> list[list[PanelSig]]:
    """The signatures, split into groups of documents linked by shared blocking keys,
    each in (doc, panel) order; groups ordered by their first document."""
    parent: dict = {}

    def root(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for s in sigs:
        for key in _keys(s):
            a, b = root(("key", key)), root(("doc", s.doc))
            if a != b:
                parent[a] = b
    parts: dict = defaultdict(list)
    for s in sigs:
        parts[root(("doc", s.doc))].append(s)
    return sorted(parts.values(), key=lambda part: (part[0].doc, part[0].panel))


def doc_digests(panels: pd.DataFrame, cells: pd.DataFrame) -> dict[str, str]:
    """SHA-256 of each document's panel and cell rows (the columns matching reads)."""
    out: dict[str, list[bytes]] = defaultdict(list)
    for frame, cols in ((panels, _PANEL_COLS), (cells, _CELL_COLS)):
        if not len(frame):
            continue
        f = frame[list(cols)].sort_values(["doc", "panel"], kind="stable")
        # tick lists cannot be hashed by pandas: panels go through text (few rows),
        # cells (strings, numbers, None) are hashed as they are
        plain = f if frame is cells else pd.DataFrame({c: f[c].map(_text) for c in cols})
        hashed = pd.util.hash_pandas_object(plain, index=False).to_numpy()
        docs = f["doc"].to_numpy(dtype=object)
        change = np.r_[True, docs[1:] != docs[:-1]]
        starts = np.flatnonzero(change)
        for a, b in zip(starts, np.r_[starts[1:], len(docs)], strict=True):
            out[docs[a]].append(hashed[a:b].tobytes())
        for d in out:
            out[d].append(b"|")
    return {d: hashlib.sha256(b"".join(parts)).hexdigest() for d, parts in out.items()}


def _text(v) -> str:
    if isinstance(v, str):
        return "s" + v
    if isinstance(v, (list, tuple, np.ndarray)):
        return "l" + "\x1f".join(_text(x) for x in v)
    return "v" + repr(v)


def component_key(part: list[PanelSig], prints: dict[str, str]) -> str:
    h = hashlib.sha256()
    for doc in sorted({s.doc for s in part}):
        h.update(f"{doc}\x1f{prints[doc]}\x1e".encode())
    return h.hexdigest()


_PANEL_COLS = ("doc", "panel", "title", "x_label", "y_label", "x_ticks", "y_ticks")
_CELL_COLS = ("doc", "panel", "x", "y", "value", "value_text")
#: the cell and panel columns same-figure detection reads
CELL_COLUMNS = _CELL_COLS
PANEL_COLUMNS = _PANEL_COLS


def _match(sigs: list[PanelSig], n_panels: dict) -> tuple[list[dict], dict[str, str]]:
    """Rows (without group) and each matched document's group leader; ``sigs`` numbered
    0..n-1 in (doc, panel) order."""
    by_doc: dict[str, list[PanelSig]] = defaultdict(list)
    for s in sigs:
        if s.words is None:
            s.words = trigrams(s.key)
        by_doc[s.doc].append(s)
    blocks: dict[tuple, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    anchor_of: dict[int, int] = {}
    group_of: dict[str, str] = {}
    rows = []
    for doc in sorted(by_doc):
        mine = by_doc[doc]
        best: dict[int, tuple[float, int]] = {}  # my panel -> (similarity, anchor panel)
        for s in mine:
            scores = _candidates(s, blocks)
            for cand in scores:
                other = sigs[cand]
                if other.doc == doc:
                    continue
                sim = alike(s, other)
                if sim is not None and (s.id not in best or sim > best[s.id][0]):
                    best[s.id] = (sim, cand)
        matched = _match_documents(doc, mine, best, sigs, n_panels)
        if matched is not None:
            other_doc, pairs = matched
            group_of[doc] = group_of.get(other_doc, other_doc)
            for s, o, sim in pairs:
                anchor_of[s.id] = o.id
                n, agree, shown = compare_cells(o, s)
                rows.append(_row(o, s, sim, n, agree, shown))
        for s in mine:
            # a panel alike to an anchor stays out of the index even when its document
            # was not matched: later descriptions meet the anchor, and blocks stay small
            if s.id in anchor_of or s.id in best:
                continue
            for key in _keys(s):
                for w in s.words:
                    blocks[key][w].append(s.id)
    return rows, group_of


def _assemble(rows: list[dict], group_of: dict[str, str]) -> pd.DataFrame:
    out = pd.DataFrame(rows, columns=[c for c in SAME_FIGURE if c != "group"])
    if not len(out):
        return typed(pd.DataFrame(columns=list(SAME_FIGURE)), SAME_FIGURE)
    leaders = sorted({group_of.get(d, d) for d in out["doc_a"]})
    number = {d: i for i, d in enumerate(leaders)}
    out["group"] = [number[group_of.get(d, d)] for d in out["doc_a"]]
    out = out.sort_values(["group", "doc_a", "doc_b", "panel_a", "panel_b"], kind="stable")
    return typed(out, SAME_FIGURE)


def _keys(s: PanelSig) -> list[tuple]:
    return [("x", s.xl, s.yl, s.xt), ("y", s.xl, s.yl, s.yt)]


def _candidates(s: PanelSig, blocks) -> list[int]:
    """Anchors sharing a blocking key and title trigrams, those sharing most first."""
    counts: dict[int, int] = defaultdict(int)
    for key in _keys(s):
        block = blocks.get(key)
        if not block:
            continue
        for w in s.words:
            posting = block.get(w, ())
            if len(posting) > MAX_POSTING:
                continue
            for cand in posting:
                counts[cand] += 1
    ranked = sorted(counts, key=lambda c: (-counts[c], c))
    return ranked[:MAX_CANDIDATES]


def _match_documents(doc, mine, best, sigs, n_panels):
    """The anchor document ``doc`` describes again, with the panel pairs, or None."""
    by_other: dict[str, list[tuple[float, PanelSig, PanelSig]]] = defaultdict(list)
    for s in mine:
        if s.id in best:
            sim, cand = best[s.id]
            by_other[sigs[cand].doc].append((sim, s, sigs[cand]))
    for other_doc in sorted(by_other, key=lambda d: (-len(by_other[d]), d)):
        taken_a, taken_b, pairs = set(), set(), []
        for sim, s, o in sorted(by_other[other_doc], key=lambda t: (-t[0], t[1].id)):
            if s.id in taken_a or o.id in taken_b:
                continue
            taken_a.add(s.id)
            taken_b.add(o.id)
            pairs.append((s, o, sim))
        covers = len(pairs) >= min(n_panels.get(doc, 0), n_panels.get(other_doc, 0))
        if not pairs or not covers:
            continue
        if len(pairs) == 1:
            n, agree, _ = compare_cells(pairs[0][1], pairs[0][0])
            if n < MIN_OVERLAP_ALONE or agree / n < MIN_AGREEMENT_ALONE:
                continue
        return other_doc, sorted(pairs, key=lambda t: t[0].panel)
    return None


def _row(a: PanelSig, b: PanelSig, sim: float, n: int, agree: int, shown: list[str]) -> dict:
    more = f"; and {len(shown) - MAX_SHOWN} more" if len(shown) > MAX_SHOWN else ""
    return {
        "doc_a": a.doc,
        "panel_a": a.panel,
        "title_a": a.title,
        "doc_b": b.doc,
        "panel_b": b.panel,
        "title_b": b.title,
        "title_similarity": round(sim, 4),
        "n_overlap": n,
        "n_agree": agree,
        "n_disagree": n - agree,
        "agreement": agree / n if n else math.nan,
        "disagreements": "; ".join(shown[:MAX_SHOWN]) + more if shown else None,
    }
