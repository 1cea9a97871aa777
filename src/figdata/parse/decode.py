"""Bytes to lines: the only place that knows about encodings and line ends."""

from __future__ import annotations

from dataclasses import dataclass, field

from figdata.parse.findings import finding

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
            finding(
                "encoding", "info", "byte-order mark at the start of the file (removed)", line=1
            )
        )
    bad_lines = _invalid_utf8_lines(raw)
    if bad_lines:
        shown = ", ".join(str(n) for n in bad_lines[:10])
        findings.append(
            finding(
                "encoding",
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
        detail = f"{kind} line endings ({crlf} CRLF, {lf_only} LF)"
        findings.append(finding("encoding", "info", detail))
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return Decoded(
        lines=text.split("\n") if text else [],
        ends_with_newline=text.endswith("\n"),
        findings=findings,
    )
