"""Normalised labels and titles, and how alike two titles are."""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from functools import lru_cache


def norm_label(label) -> str | None:
    """An axis label or title folded for comparison: case, accents, quotes and
    punctuation removed, runs of space collapsed ("Local Window  Size" -> "local window size")."""
    if label is None or not isinstance(label, str):
        return None
    return _norm(label)


@lru_cache(maxsize=65536)
def _norm(label: str) -> str | None:
    text = unicodedata.normalize("NFKD", label)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = re.sub(r"['’`\"]", "", text)
    text = re.sub(r"[^\w.]+", " ", text).replace("_", " ")
    text = re.sub(r"\s+", " ", text).strip()
    return text or None


def tokens(title) -> set[str]:
    text = norm_label(title)
    return set(text.split()) if text else set()


def similarity(a, b) -> float:
    """1.0 for equal normalised titles, down to 0.0; small edits ("Owen"/"Qwen",
    "AIME'24"/"AIME24") stay near 1."""
    na, nb = norm_label(a), norm_label(b)
    if na is None or nb is None:
        return 0.0
    return SequenceMatcher(None, na, nb, autojunk=False).ratio()
