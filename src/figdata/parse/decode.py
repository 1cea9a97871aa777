"""Bytes to lines: the only place that knows about encodings and line ends."""

from __future__ import annotations

from dataclasses import dataclass, field

BOM = b"\xef\xbb\xbf"


@dataclass
class Decoded:
    lines: list[str]
    #: the raw bytes end with a line break (a missing one can mean truncation)
    ends_with_newline: bool
    findings: list[dict] = field(default_factory=list)


def _invalid_utf8_lines(raw: bytes) -> list[int]:
    """1-based numbers of the lines that hold bytes that are not valid UTF-8."""
    bad = []
    for number, chunk in enumerate(raw.split(b"\n"), start=1):
        try:
            chunk.decode("utf-8")
        except UnicodeDecodeError:
            bad.append(number)
    return bad


def decode(raw: bytes) -> Decoded:
    findings: list[dict] = []
    if raw.startswith(BOM):
        raw = raw[len(BOM) :]
        findings.append(
            _finding("info", "byte-order mark at the start of the file (removed)", line=1)
        )
    bad_lines = _invalid_utf8_lines(raw)
    if bad_lines:
        shown = ", ".join(str(n) for n in bad_lines[:10])
        findings.append(
            _finding(
                "warning",
                f"bytes that are not valid UTF-8 on line(s) {shown}; replaced by U+FFFD",
                line=bad_lines[0],
            )
        )
    text = raw.decode("utf-8", errors="replace")
    crlf = text.count("\r\n")
    lf_only = text.count("\n") - crlf
    if crlf:
        kind = "mixed CRLF and LF" if lf_only else "CRLF"
        findings.append(_finding("info", f"{kind} line endings ({crlf} CRLF, {lf_only} LF)"))
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return Decoded(
        lines=text.split("\n") if text else [],
        ends_with_newline=text.endswith("\n"),
        findings=findings,
    )


def _finding(severity: str, detail: str, line: int | None = None) -> dict:
    return {
        "panel": None,
        "line": line,
        "kind": "encoding",
        "severity": severity,
        "detail": detail,
        "raw": None,
        "x": None,
        "y": None,
        "stage": "parse",
    }
