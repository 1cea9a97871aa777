"""Byte-stable PNG and SVG: no date, no software version, fixed SVG ids."""

from __future__ import annotations

import io
from pathlib import Path

from figdata import fileio

PNG_METADATA = {"Software": None}
SVG_METADATA = {"Date": None, "Creator": None}


def png_bytes(fig, dpi: int) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, metadata=PNG_METADATA)
    return buf.getvalue()


def svg_bytes(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="svg", metadata=SVG_METADATA)
    return buf.getvalue()


def write_if_changed(path: str | Path, data: bytes) -> bool:
    """Write ``data`` atomically unless the file already holds it; True when written."""
    path = Path(path)
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return False
    except FileNotFoundError:
        pass
    fileio.write_bytes(data, path)
    return True
