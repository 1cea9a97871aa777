"""The one shape every parser finding has (the findings table, minus ``doc``)."""

from __future__ import annotations


def finding(
    kind: str,
    severity: str,
    detail: str,
    *,
    panel: int | None = None,
    line: int | None = None,
    raw: str | None = None,
    x: str | None = None,
    y: str | None = None,
) -> dict:
    return {
        "panel": panel,
        "line": line,
        "kind": kind,
        "severity": severity,
        "detail": detail,
        "raw": raw,
        "x": x,
        "y": y,
        "stage": "parse",
    }
