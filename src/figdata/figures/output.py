"""Byte-stable PNG and SVG: no date, no software version, fixed SVG ids."""

from __future__ import annotations

import io

# the figures and the pages write through it: a file whose bytes do not change keeps its time
from figdata.fileio import write_if_changed

__all__ = ["png_bytes", "svg_bytes", "write_if_changed"]

SVG_METADATA = {"Date": None, "Creator": None}


def png_bytes(fig, dpi: int) -> bytes:
    """The figure as PNG: drawn by Agg on the figure's own canvas (its renderer is
    reused while the size stays), stored as RGB (figures are opaque) at zlib level 1,
    which encodes in about half the time of savefig's RGBA at level 6 for files
    about as small. No text chunks: no software, no date."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from PIL import Image

    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    fig.set_dpi(dpi)
    fig.canvas.draw()
    rgba = fig.canvas.buffer_rgba()
    image = Image.frombuffer("RGBA", (rgba.shape[1], rgba.shape[0]), rgba, "raw", "RGBA", 0, 1)
    buf = io.BytesIO()
    image.convert("RGB").save(buf, format="png", compress_level=1)
    return buf.getvalue()


def svg_bytes(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="svg", metadata=SVG_METADATA)
    return buf.getvalue()
