"""How a series is drawn ("light teal bars", "Red, dashed, circles"), as against its name.

Legend readers in the metadata (parse/meta.py) and in sentences (parse/axis_sentences.py)
both need to tell a swatch from an entry's name; the words are spelt once here.
"""

from __future__ import annotations

import re

from figdata.parse import lexicon

#: the words that say how a mark is drawn, besides its colour
DRAWN = re.compile(
    r"(?:bars?|lines?|markers?|dots?|squares?|circles?|triangles?|diamonds?|crosses|swatch|"
    r"solid|dashed|dotted|dash-dot(?:ted)?|dash-dotted)"
)


def is_swatch(text: str) -> bool:
    """ "Blue", "light teal bars", "Red, dashed, circles": how a series is drawn, not its name."""
    words = [w for w in re.split(r"[\s,;/]+", text.lower()) if w]
    colour = lexicon.COLOUR_WORDS.regex
    return any(colour.fullmatch(w) for w in words) and all(
        colour.fullmatch(w) or DRAWN.fullmatch(w) for w in words
    )
