"""Bytes to lines: the only place that knows about encodings and line ends."""

from __future__ import annotations

from dataclasses import dataclass, field

from figdata.parse.findings import finding

BOM = b"\xef\xbb\xbf"
#: byte-order marks of the wide encodings, longest first (UTF-32 LE starts like UTF-16 LE)
WIDE_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)


def _wide(raw: bytes) -> tuple[bytes, list[dict]]:
    """UTF-16 or UTF-32 text (told by its byte-order mark) as UTF-8 bytes, with a finding."""
    for bom, codec in WIDE_BOMS:
        if raw.startswith(bom):
            body = raw[len(bom) :]
            text = body.decode(codec, errors="replace")
            note = f"{codec.upper()} text (byte-order mark); read as such"
            findings = [finding("encoding", "info", note, line=1)]
            if "\ufffd" in text and "\ufffd".encode(codec) not in body:
                findings.append(
                    finding(
                        "encoding",
                        "warning",
                        f"bytes that are not valid {codec.upper()}; replaced by U+FFFD",
                        line=text[: text.index("\ufffd")].count("\n") + 1,
                    )
                )
            return text.encode("utf-8"), findings
    return raw, []


def _nul_lines(raw: bytes) -> list[int]:
    return [n for n, chunk in enumerate(raw.split(b"\n"), start=1) if b"\x00" in chunk]


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
    raw, findings = _wide(raw)
    nul = _nul_lines(raw) if b"\x00" in raw else []
    if nul:
        # a NUL is never text: removed so that the value or title around it reads
        # as printed, and reported, since it may stand for a lost character
        shown = ", ".join(str(n) for n in nul[:10])
        findings.append(
            finding(
                "nul_byte",
                "warning",
                f"NUL bytes on line(s) {shown}; removed",
                line=nul[0],
            )
        )
        raw = raw.replace(b"\x00", b"")
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
