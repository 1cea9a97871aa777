"""The index of the report: corpus overview and the documents, problems first, in pages.

A page lists at most ``page_size`` documents, so that with 10,000 documents no
page approaches 2 MB (a row is about 400 bytes).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import pandas as pd

from figdata.report.document import STATUS_ORDER, href, page_name, status_of

SEVERITIES = ("error", "warning", "info")


def document_rows(summary: pd.DataFrame) -> list[dict]:
    """One row per document with its status, problems first (errors, findings, clean),
    the most severe first within a status, then by id."""
    rows = []
    for rec in summary.to_dict("records"):
        counts = {k: int(rec.get(k, 0) or 0) for k in (*SEVERITIES, "quarantined")}
        row = {
            "doc": str(rec["doc"]),
            "href": href(page_name(str(rec["doc"]))),
            "status": status_of(counts),
            **{k: int(rec.get(k, 0) or 0) for k in ("panels", "cells", "claims")},
            **counts,
        }
        rows.append(row)
    rows.sort(
        key=lambda r: (STATUS_ORDER[r["status"]], -r["error"], -r["warning"], -r["info"], r["doc"])
    )
    return rows


def page_file(number: int) -> str:
    return "index.html" if number == 1 else f"index-{number}.html"


def pages(rows: list[dict], page_size: int) -> list[dict]:
    """The index pages: their rows and the pager's links."""
    count = max(1, math.ceil(len(rows) / page_size))
    links = [{"number": n, "href": page_file(n)} for n in range(1, count + 1)]
    out = []
    for n in range(1, count + 1):
        chunk = rows[(n - 1) * page_size : n * page_size]
        out.append(
            {
                "number": n,
                "count": count,
                "file": page_file(n),
                "first": (n - 1) * page_size + 1,
                "last": (n - 1) * page_size + len(chunk),
                "links": links,
                "rows": chunk,
            }
        )
    return out


def overview(
    summary: pd.DataFrame,
    findings: pd.DataFrame,
    rows: list[dict],
    stats_summary: Mapping | None,
) -> dict:
    """The corpus figures of the index; statistics are None where not computed."""
    by_kind = []
    if not findings.empty:
        table = pd.crosstab(findings["kind"].astype(str), findings["severity"].astype(str))
        table = table.reindex(columns=list(SEVERITIES), fill_value=0)
        table["total"] = table.sum(axis=1)
        table = table.sort_values("total", ascending=False, kind="stable")
        by_kind = [{"kind": k, **{c: int(v) for c, v in r.items()}} for k, r in table.iterrows()]
    by_status = {s: 0 for s in STATUS_ORDER}
    for r in rows:
        by_status[r["status"]] += 1
    total = {
        k: int(summary[k].sum()) if k in summary else 0
        for k in ("panels", "cells", "claims", "quarantined")
    }
    verdicts = bar_verdicts = groups = None
    if stats_summary is not None:
        verdicts = dict((stats_summary.get("claims") or {}).get("by_verdict") or {})
        # stated colour bars are checked against the cells too; their contradictions are
        # claim_contradicted findings, so the overview counts them beside the claims
        bar_verdicts = dict(stats_summary.get("colour_bars") or {})
        groups = (stats_summary.get("same_figure") or {}).get("groups")
    return {
        "documents": len(rows),
        **total,
        "by_status": by_status,
        "findings_by_kind": by_kind,
        "verdicts": verdicts,
        "colour_bar_verdicts": bar_verdicts,
        "same_figure_groups": groups,
    }
