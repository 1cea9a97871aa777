"""The figures and the HTML report as a reader gets them, from a real workflow run.

One Snakemake run over the seeds and the hostile documents (x06 of the
development corpus, and tests/data/x07 with a template expression and an image
tag with an error handler in every text field) serves the tests of this module:
the SVG of every seed read back cell by cell, every page loaded in headless
Chromium, reruns and byte-identical rebuilds.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pandas as pd
import pytest
from browser import Chromium, find_chromium
from helpers import CORPUS_DOCS, SEEDS, doc_ids, make_workspace, planned_jobs, run_snakemake

from figdata import tables
from figdata.figures.labels import cell_label
from figdata.report import document, site

HERE = Path(__file__).parent
HOSTILE_DOCS = (
    CORPUS_DOCS / "x06_markup-injection.txt",
    HERE / "data" / "x07_template-injection.txt",
)
SVG = "{http://www.w3.org/2000/svg}"
SEED_IDS = doc_ids(SEEDS)
SEED_002, SEED_003 = "002_bb9874f3359bfc19", "003_4bef295f338d59e0"


e2e = pytest.mark.e2e  # runs Snakemake: `pytest -m "not e2e"` leaves it out


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    work = make_workspace(tmp_path_factory.mktemp("report"))
    for doc in HOSTILE_DOCS:
        shutil.copy(doc, work / "seeds" / doc.name)
    run_snakemake(work)
    return work


@pytest.fixture(scope="module")
def browser():
    binary = find_chromium()
    if binary is None:
        pytest.fail("headless Chromium is needed: apt-get install chromium (.ci/run does)")
    with Chromium(binary) as chromium:
        yield chromium


def url(path: Path) -> str:
    return path.resolve().as_uri()


# --- the run ------------------------------------------------------------------------


@e2e
def test_the_report_holds_every_document_and_nothing_is_left_to_do(run):
    report = run / "results" / "report"
    docs = doc_ids(run / "seeds")
    assert sorted(p.stem for p in (report / "docs").glob("*.html")) == docs
    for doc in SEED_IDS:
        for suffix in (".png", ".svg"):
            assert (report / "figures" / f"{doc}{suffix}").is_file()
    for name in ("index.html", "overview.png", "overview.svg", "report.css"):
        assert (report / name).is_file()
    assert planned_jobs(run) == {}


# --- the SVG of every seed, read back ---------------------------------------------------------


def _numbers(path_d: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path_d)]


def _texts(group) -> list[tuple[float, float, str]]:
    """(x, y, text) of every text element below ``group``: its left end and baseline."""
    out = []
    for el in group.iter(f"{SVG}text"):
        m = re.search(r"translate\(([-\d.]+) ([-\d.]+)\)", el.get("transform", ""))
        x, y = (
            (float(m.group(1)), float(m.group(2)))
            if m
            else (float(el.get("x")), float(el.get("y")))
        )
        out.append((x, y, "".join(el.itertext())))
    return out


def _group(root, gid: str):
    found = [g for g in root.iter(f"{SVG}g") if g.get("id") == gid]
    assert len(found) == 1, f"{gid}: {len(found)} groups"
    return found[0]


@e2e
@pytest.mark.parametrize("doc", SEED_IDS)
def test_every_printed_value_sits_in_its_row_and_column(run, doc):
    """Expected positions come from the tables alone: x ticks left to right, y ticks from
    the top, or reversed when the document lists them from the bottom."""
    results = run / "results"
    panels = pd.read_parquet(results / "panels" / f"{doc}.parquet")
    cells = pd.read_parquet(results / "cells" / f"{doc}.parquet")
    root = ET.parse(results / "report" / "figures" / f"{doc}.svg").getroot()
    checked = 0
    for panel in panels.itertuples():
        mine = cells[cells["panel"] == panel.panel]
        if mine.empty:
            continue
        x_ticks = list(panel.x_ticks)
        rows = list(panel.y_ticks)
        if not pd.isna(panel.y_order) and panel.y_order == "bottom-to-top":
            rows = rows[::-1]
        axes = _group(root, f"panel-{panel.panel}")
        patch = next(g for g in axes.iter(f"{SVG}g") if (g.get("id") or "").startswith("patch"))
        xs_ys = _numbers(patch.find(f"{SVG}path").get("d"))
        left, right = min(xs_ys[0::2]), max(xs_ys[0::2])
        top, bottom = min(xs_ys[1::2]), max(xs_ys[1::2])
        col_w, row_h = (right - left) / len(x_ticks), (bottom - top) / len(rows)
        # tick labels in the document's order
        x_labels = sorted(_texts(_group(axes, f"xticks-{panel.panel}")))
        assert [t for _, _, t in x_labels] == x_ticks
        y_labels = sorted(_texts(_group(axes, f"yticks-{panel.panel}")), key=lambda t: t[1])
        assert [t for _, _, t in y_labels] == rows
        printed = _texts(_group(axes, f"cells-{panel.panel}"))
        values = [p for p in printed if p[2] not in ("—", "✕")]
        assert len(values) == len(mine), f"panel {panel.panel}: {len(values)} printed"
        for c in mine.itertuples():
            col, row = x_ticks.index(c.x), rows.index(c.y)
            label = cell_label(c.value, c.value_text)
            assert float(re.sub(r"[^\d.eE+-]", "", label)) == pytest.approx(c.value)
            hits = [
                (x, y)
                for x, y, t in values
                if t == label
                and left + col * col_w <= x <= left + (col + 1) * col_w
                and top + row * row_h <= y <= top + (row + 1) * row_h
            ]
            assert len(hits) == 1, f"panel {panel.panel} x={c.x} y={c.y}: {label!r} not in place"
            checked += 1
    assert checked == len(cells)


# --- pages in Chromium --------------------------------------------------------------------


@e2e
def test_index_and_seed_pages_load_cleanly(run, browser, tmp_path):
    report = run / "results" / "report"
    pages = [report / "index.html", *(report / "docs" / f"{d}.html" for d in SEED_IDS)]
    shots = tmp_path / "screenshots"
    for page in pages:
        load, session = browser.load(url(page), screenshot=shots / f"{page.stem}.png")
        assert load.problems == [], f"{page.name}: {load.problems}"
        # every figure and the stylesheet were requested and none failed
        assert any(r.endswith("report.css") for r in load.requests)
        broken = browser.evaluate(
            session, "[...document.images].filter(i => !i.complete || !i.naturalWidth).length"
        )
        assert broken == 0, page.name
        assert (shots / f"{page.stem}.png").stat().st_size > 10_000
    print(f"screenshots in {shots}")


@e2e
def test_index_links_every_document_page(run, browser):
    load, session = browser.load(url(run / "results" / "report" / "index.html"))
    links = browser.evaluate(
        session, "[...document.querySelectorAll('table.docs a')].map(a => a.href)"
    )
    assert sorted(Path(link.removeprefix("file://")).stem for link in links) == doc_ids(
        run / "seeds"
    )


@pytest.mark.parametrize("doc", [d.stem for d in HOSTILE_DOCS])
@e2e
def test_hostile_documents_show_as_written_and_run_nothing(run, browser, tmp_path, doc):
    page = run / "results" / "report" / "docs" / f"{doc}.html"
    load, session = browser.load(url(page), screenshot=tmp_path / f"{doc}.png")
    assert load.dialogs == [] and load.problems == [], load.problems
    assert (
        browser.evaluate(
            session,
            "document.querySelectorAll('script, iframe, object, embed, [onerror], "
            "[onload], [onmouseover]').length",
        )
        == 0
    )
    assert browser.evaluate(session, "document.images.length") == browser.evaluate(
        session, "document.querySelectorAll('img[src$=\".png\"]').length"
    )
    text = browser.evaluate(session, "document.body.innerText")
    raw = Path(next(d for d in HOSTILE_DOCS if d.stem == doc)).read_text(errors="replace")
    expected = re.findall(
        r"<img src=x onerror=[^>]*>|\{\{ 7\*7 \}\}|</td><script>alert\(1\)"
        r"</script>",
        raw,
    )
    assert expected
    for fragment in set(expected):
        assert fragment in text, fragment
    if "{{ 7*7 }}" in raw:
        titles = browser.evaluate(
            session, "[...document.querySelectorAll('h3')].map(h => h.textContent)"
        )
        assert any("{{ 7*7 }}" in t for t in titles) and not any("49 accuracy" in t for t in titles)
    # the index lists it by its id, escaped too
    load, _ = browser.load(url(run / "results" / "report" / "index.html"))
    assert load.problems == []


def test_the_browser_check_sees_scripts_and_remote_requests(browser, tmp_path):
    """A control: a page breaking the rules must be reported, or the checks above prove
    nothing."""
    page = tmp_path / "bad.html"
    page.write_text(
        "<!DOCTYPE html><html><head><meta charset=utf-8>"
        '<meta http-equiv="Content-Security-Policy" content="script-src \'none\'">'
        "</head><body><img src='missing.png'><script>alert(1)</script></body></html>"
    )
    load, _ = browser.load(url(page))
    assert any("Content Security Policy" in p or "missing.png" in p for p in load.problems)
    unsafe = tmp_path / "unsafe.html"
    unsafe.write_text("<html><body><script>console.error('boom'); alert(2)</script></body></html>")
    load, _ = browser.load(url(unsafe))
    assert load.dialogs and any("boom" in p for p in load.problems)


# --- reruns and rebuilds -----------------------------------------------------------------


def digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@e2e
def test_an_edit_redraws_one_document(run):
    doc = run / "seeds" / "002_bb9874f3359bfc19.txt"
    original = doc.read_bytes()
    before = digests(run / "results" / "report")
    try:
        doc.write_bytes(original.replace(b"41.3, 42.7, 45.3", b"41.3, 42.9, 45.3", 1))
        jobs = planned_jobs(run)
        # its shard's list of documents, its shard's job (figures among its stages) and
        # the corpus job (pages, index)
        assert jobs == {"documents": 1, "shard": 1, "corpus": 1, "all": 1}, jobs
        run_snakemake(run)
        after = digests(run / "results" / "report")
        changed = {k for k in after if before.get(k) != after[k]}
        assert "figures/002_bb9874f3359bfc19.png" in changed
        assert "docs/002_bb9874f3359bfc19.html" in changed
        assert not {c for c in changed if c.startswith("figures/") and "002_" not in c}
        # other pages are rewritten only if what they show changed (same-figure matches)
        assert {c for c in changed if c.startswith("docs/")} <= {
            "docs/002_bb9874f3359bfc19.html",
            *(f"docs/{d}.html" for d in SEED_IDS),
        }
        shard_logs = list((run / "logs" / "shard").glob("*.log"))
        assert any("figures: 1 drawn," in log.read_text() for log in shard_logs)
    finally:
        doc.write_bytes(original)
        run_snakemake(run)


@e2e
def test_a_rebuild_from_scratch_is_byte_identical(run):
    report = run / "results" / "report"
    before = digests(report)
    shutil.rmtree(report)
    for cache in (run / "results" / "shards").glob("*/.*.tsv"):
        if cache.name in (".figures-cache.tsv", ".pages.tsv"):
            cache.unlink()
    run_snakemake(run, "--forcerun", "shard", "corpus")
    assert digests(report) == before


@e2e
def test_snakemake_report_archive(run):
    run_snakemake(run, "--report", "results/snakemake-report.zip")
    with zipfile.ZipFile(run / "results" / "snakemake-report.zip") as z:
        names = z.namelist()
    assert any(n.endswith("index.html") for n in names)
    assert any(n.endswith("overview.png") for n in names)


# --- page sizes and escaping, without a run ---------------------------------------------------


def test_no_index_page_reaches_2_mb_at_10000_documents(tmp_path):
    n = 10_000
    summary = pd.DataFrame(
        {
            "doc": [f"s{i:05d}_{'d' * 40}" for i in range(n)],
            "panels": 4,
            "cells": 80,
            "claims": 2,
            "quarantined": [i % 3 for i in range(n)],
            "findings": 3,
            "error": [int(i % 97 == 0) for i in range(n)],
            "warning": 1,
            "info": 1,
        }
    )
    findings = tables.frame(
        [
            {
                "doc": "s00000",
                "panel": 0,
                "line": 1,
                "kind": "ragged_row",
                "severity": "warning",
                "detail": "row",
                "raw": None,
                "x": None,
                "y": None,
                "stage": "parse",
            }
        ],
        tables.FINDINGS,
    )
    result = site.write_index(
        summary,
        findings,
        tables.frame([], tables.PANELS),
        None,
        tmp_path,
        {"shards": 64},
        page_size=500,
    )
    pages = sorted(tmp_path.glob("index*.html"))
    assert result["pages"] == len(pages) == 20
    assert max(p.stat().st_size for p in pages) < 2_000_000
    first = (tmp_path / "index.html").read_text()
    # problems first: a document with an error leads
    assert first.index("s00000_") < first.index("s00001_")
    # fewer documents: surplus pages are removed
    site.write_index(
        summary.head(600),
        findings,
        tables.frame([], tables.PANELS),
        None,
        tmp_path,
        {},
        page_size=500,
    )
    assert sorted(p.name for p in tmp_path.glob("index*.html")) == ["index-2.html", "index.html"]


def test_the_overview_is_drawn_again_only_when_what_it_shows_changed(tmp_path, monkeypatch):
    from figdata.figures import overview

    drawn = []
    real = overview.overview_figure
    monkeypatch.setattr(
        overview, "overview_figure", lambda f, p: drawn.append(len(f)) or real(f, p)
    )
    summary = pd.DataFrame({"doc": ["a"], "panels": 1, "cells": 1, "claims": 0,
                            "quarantined": 0, "findings": 0, "error": 0, "warning": 0,
                            "info": 0})  # fmt: skip
    panels = tables.frame([], tables.PANELS)
    finding = {"doc": "a", "panel": 0, "line": 1, "kind": "ragged_row", "severity": "warning",
               "detail": "row", "raw": None, "x": None, "y": None, "stage": "parse"}  # fmt: skip
    one, two = (tables.frame([finding] * n, tables.FINDINGS) for n in (1, 2))

    def index(findings):
        site.write_index(summary, findings, panels, None, tmp_path, {})
        return (tmp_path / "overview.png").read_bytes(), (tmp_path / "overview.svg").read_bytes()

    first = index(one)
    assert index(one) == first and drawn == [1]
    second = index(two)
    assert second != first and drawn == [1, 2]  # other counts: drawn again
    (tmp_path / "overview.svg").unlink()
    assert index(two) == second and drawn == [1, 2, 2]
    (tmp_path / "overview.png").write_bytes(b"edited by hand")
    assert index(two) == second and drawn == [1, 2, 2, 2]


def test_the_index_tables_come_from_the_memo_only_where_their_rows_are_the_same(
    tmp_path, monkeypatch
):
    from figdata.report import html

    n = 1_200
    summary = pd.DataFrame({"doc": [f"s{i:05d}" for i in range(n)], "panels": 2, "cells": 40,
                            "claims": 1, "quarantined": 0, "findings": 0, "error": 0,
                            "warning": 0, "info": 0})  # fmt: skip
    memo = tmp_path / ".cache"

    def tables_of(frame, memo_dir):
        return [str(p["rows_html"]) for p in site.index_listing(frame, 500, memo_dir)[1]]

    rendered = []
    template = html.environment().get_template("index_rows.html")
    real = type(template).render
    monkeypatch.setattr(
        type(template), "render", lambda self, *a, **k: rendered.append(1) or real(self, *a, **k)
    )
    clean = tables_of(summary, None)
    assert len(clean) == 3 and len(rendered) == 3
    assert tables_of(summary, memo) == clean and len(rendered) == 6  # the memo is made
    assert tables_of(summary, memo) == clean and len(rendered) == 6  # all three from it
    # one document's counts change: its page's table only is rendered, as a clean run does
    edited = summary.copy()
    edited.loc[700, "cells"] = 41
    assert tables_of(edited, memo) == tables_of(edited, None) and len(rendered) == 7 + 3
    assert tables_of(edited, memo) == tables_of(edited, None) and len(rendered) == 13
    # a document that left leaves no trace in the memo (it holds this run's tables only)
    gone = edited[edited["doc"] != "s00001"].reset_index(drop=True)
    assert tables_of(gone, memo) == tables_of(gone, None)
    assert "s00001" not in (memo / site.LISTING_MEMO).read_text()
    # another code version or a damaged memo: every table is rendered, right
    (memo / site.LISTING_MEMO).write_text('{"version": "other", "tables": {}}')
    before = len(rendered)
    assert tables_of(gone, memo) == tables_of(gone, None) and len(rendered) == before + 6
    (memo / site.LISTING_MEMO).write_text("{not json")
    assert tables_of(gone, memo) == tables_of(gone, None)


def test_a_huge_document_page_stays_small(tmp_path):
    raw = ("| row | " + "1.0 | " * 40 + "\n").encode() * 60_000  # about 15 MB
    lines, note = document.source_lines(raw)
    assert note and sum(len(line) for line in lines) <= document.MAX_SOURCE_CHARS


def test_document_text_is_escaped_in_every_field(tmp_path):
    hostile = "{{ 7*7 }} <img src=x onerror=alert(1)>"
    frames = {
        "panels": tables.frame(
            [
                {
                    "doc": "h",
                    "panel": 0,
                    "title": hostile,
                    "chart_type": "heatmap",
                    "x_label": hostile,
                    "y_label": hostile,
                    "x_ticks": [hostile],
                    "y_ticks": [hostile],
                    "y_order": "top-to-bottom",
                    "colorbar_min": None,
                    "colorbar_max": None,
                    "metric": hostile,
                    "n_cells": 1,
                    "n_expected": 1,
                    "line": 1,
                }
            ],
            tables.PANELS,
        ),
        "cells": tables.frame(
            [
                {
                    "doc": "h",
                    "panel": 0,
                    "panel_title": hostile,
                    "x": hostile,
                    "y": hostile,
                    "value": 1.0,
                    "value_text": "1",
                    "line": 2,
                    "layout": "table",
                }
            ],
            tables.CELLS,
        ),
        "findings": tables.frame(
            [
                {
                    "doc": "h",
                    "panel": 0,
                    "line": 1,
                    "kind": "markup_in_text",
                    "severity": "warning",
                    "detail": hostile,
                    "raw": hostile,
                    "x": hostile,
                    "y": hostile,
                    "stage": "parse",
                }
            ],
            tables.FINDINGS,
        ),
        "claims": tables.frame(
            [
                {
                    "doc": "h",
                    "panel": 0,
                    "kind": "max",
                    "x": hostile,
                    "y": hostile,
                    "value": 1.0,
                    "value_text": "1",
                    "line": 2,
                    "text": hostile,
                }
            ],
            tables.CLAIMS,
        ),
        "quarantine": tables.frame([], tables.QUARANTINE),
    }
    source = tmp_path / "h.txt"
    source.write_text(f"## {hostile}\n| a | {hostile} |\n")
    site.write_shard_pages(
        ["h"],
        frames,
        {"h": source},
        None,
        {},
        tmp_path / "r",
        tmp_path / "pages.tsv",
        {"report_title": hostile},
        title=hostile,
    )
    html = (tmp_path / "r" / "docs" / "h.html").read_text()
    assert "<img src=x" not in html and "onerror=alert(1)>" not in html.replace("&gt;", "")
    assert html.count("{{ 7*7 }}") >= 10 and "49" not in html.split("<footer")[0]
    assert "&lt;img src=x onerror=alert(1)&gt;" in html
    assert 'http-equiv="Content-Security-Policy"' in html and "script-src &#39;none&#39;" in html
    assert "not computed" in html
    assert "<script" not in html.lower().replace("&lt;script", "")


@e2e
def test_pages_carry_no_build_time(run):
    html = (run / "results" / "report" / "docs" / f"{SEED_IDS[0]}.html").read_text()
    assert not re.search(r"\b20\d\d-\d\d-\d\d[T ]\d\d:\d\d", html)
    sha = hashlib.sha256((run / "seeds" / f"{SEED_IDS[0]}.txt").read_bytes()).hexdigest()
    assert sha in html
    import platform

    assert platform.python_version() in html


def test_statistics_are_shown_where_computed(tmp_path):
    frames = {
        "panels": tables.frame(
            [
                {
                    "doc": "s",
                    "panel": 0,
                    "title": "T",
                    "chart_type": "heatmap",
                    "x_label": "x",
                    "y_label": "y",
                    "x_ticks": ["a"],
                    "y_ticks": ["b"],
                    "y_order": "top-to-bottom",
                    "colorbar_min": None,
                    "colorbar_max": None,
                    "metric": None,
                    "n_cells": 1,
                    "n_expected": 1,
                    "line": 1,
                }
            ],
            tables.PANELS,
        ),
        "cells": tables.frame(
            [
                {
                    "doc": "s",
                    "panel": 0,
                    "panel_title": "T",
                    "x": "a",
                    "y": "b",
                    "value": 4.5,
                    "value_text": "4.5",
                    "line": 2,
                    "layout": "table",
                }
            ],
            tables.CELLS,
        ),
        "findings": tables.frame([], tables.FINDINGS),
        "claims": tables.frame([], tables.CLAIMS),
        "quarantine": tables.frame([], tables.QUARANTINE),
    }
    stats = {
        "panel_stats": pd.DataFrame([{"doc": "s", "panel": 0, "title": "T", "best_margin": 1.25}]),
        "factcheck": pd.DataFrame(
            [{"doc": "s", "line": 2, "verdict": "contradicted", "evidence": "max is 4.5"}]
        ),
    }
    source = tmp_path / "s.txt"
    source.write_text("## T\n| b | 4.5 |\n")
    site.write_shard_pages(
        ["s"], frames, {"s": source}, None, stats, tmp_path / "r", tmp_path / "pages.tsv", {}
    )
    html = (tmp_path / "r" / "docs" / "s.html").read_text()
    assert "best_margin" in html and "1.25" in html
    assert "contradicted" in html and "max is 4.5" in html and 'href="#L2"' in html
    assert "panel statistics: not computed" not in html
    assert "fact-check verdicts: not computed" not in html
    assert "panel pair statistics: not computed" in html  # the one table not given


@e2e
def test_a_contradicted_claim_is_listed_with_the_documents_findings(run):
    """003's colour bar reads -88 to -52 over cells of 32 to 88: the statistics stage
    contradicts it, and the page lists that finding beside the parser's and validate's."""
    stats_findings = pd.read_parquet(run / "results" / "stats_findings" / f"{SEED_003}.parquet")
    contradicted = stats_findings[stats_findings["kind"] == "claim_contradicted"]
    assert len(contradicted) > 0
    page = (run / "results" / "report" / "docs" / f"{SEED_003}.html").read_text()
    findings_part = page[page.index(">Findings<") :]
    assert findings_part.count("claim_contradicted") >= len(contradicted)
    clean = (run / "results" / "report" / "docs" / f"{SEED_002}.html").read_text()
    assert "claim_contradicted" not in clean


@e2e
def test_the_index_counts_colour_bars_checked_beside_the_claims(run):
    """The index's claims-by-verdict counts prose claims; 003's contradicted colour bars are
    findings too, so the overview shows them in their own row, not as 'contradicted 0'."""
    factcheck = pd.read_parquet(run / "results" / "corpus" / "factcheck.parquet")
    bars = factcheck[factcheck["kind"] == "colorbar_range"]
    index = (run / "results" / "report" / "index.html").read_text()
    row = re.search(r"colour bars by verdict</th><td>([^<]*)</td>", index)
    assert row is not None
    shown = {verdict: int(n) for verdict, n in re.findall(r"(\w+) (\d+)", row[1]) if n != "0"}
    assert shown == bars["verdict"].value_counts().to_dict()
    assert shown.get("contradicted", 0) >= 4
