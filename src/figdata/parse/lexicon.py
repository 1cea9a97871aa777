"""The words the parser relies on, as data: one entry per concept, each with an example.

Recognisers read these entries instead of holding private word lists, so a new wording of a
known idea ("in the order", "listed leftward") is one more alternative here, tested by the
example that comes with it (``tests/test_parse_lexicon.py`` checks every example matches).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True)
class Entry:
    name: str
    pattern: str  # a regular-expression alternation, matched case-insensitively
    example: str  # a phrase the entry must match
    meaning: str

    @cached_property
    def regex(self) -> re.Pattern:
        return re.compile(rf"(?:{self.pattern})", re.I)

    def search(self, text: str) -> re.Match | None:
        return self.regex.search(text)


SUMMARY = Entry(
    "summary",
    # (not a unit: "vehicles/min"; not the first word of a name: "min-p 0.05", "key-value";
    # nor its last: "Mass-mean")
    r"(?<![/-])\b(?:peak|max(?:imum)?|min(?:imum)?|lowest|highest|range|trend|total|average|mean|sum|"
    r"best|worst|overall|note|observation|spread|median|global|"
    # ("Key observations"; not the attention key of "Query 6, key 5")
    r"key(?=\s+[a-z]+(?:s|ings?)\b))\b(?!-[A-Za-z])",
    "Peak Value",
    "a label that introduces a statement about the panel, never a row of cells",
)

#: the chart types whose y is a legend's series, not a vertical axis of ticks
LEGEND_CHARTS = ("line", "grouped_bar")

ORDER_BOTTOM_UP = Entry(
    "order_bottom_up",
    r"(?:from\s+)?bottom\s*(?:[- ]to[- ]|→|->|⟶)\s*top|upward|bottom row first|"
    r"from the bottom(?:\s+up)?|"
    # ("moving up", "climbing upward": any walk's verb before the direction)
    r"(?:listed|read(?:ing)?)\s+upwards?|[a-z]+ing\s+up(?:wards?)?\b",
    "listed from bottom to top",
    "the y ticks are listed starting at the bottom edge",
)
ORDER_LEFT_RIGHT = Entry(
    "order_left_right",
    r"(?:from\s+)?left\s*(?:[- ]to[- ]|→|->|⟶)\s*right|rightwards?|from the left",
    "40, 60, 80 (left → right)",
    "the ticks are listed along the horizontal axis, starting at the left edge",
)
ORDER_TOP_DOWN = Entry(
    "order_top_down",
    r"(?:from\s+)?top\s*(?:[- ]to[- ]|→|->|⟶)\s*bottom|downward|from the top(?:\s+down)?|"
    r"top row first|"
    r"(?:listed|read(?:ing)?)\s+downwards?|[a-z]+ing\s+down(?:wards?)?\b",
    "64 listed from the top",
    "the y ticks are listed starting at the top edge",
)
#: any of the three orders, as one alternation for patterns that accept whichever is told
ORDER_ANY = rf"(?:{ORDER_TOP_DOWN.pattern}|{ORDER_BOTTOM_UP.pattern}|{ORDER_LEFT_RIGHT.pattern})"
#: the words after a number that make it a place on the value axis, not a value
AXIS_MARK = Entry(
    "axis_mark",
    # ("nearly touches the 100 line": the line drawn at that value)
    r"grid\s*lines?\b|tick(?:\s+marks?)?\b|reference\s+line\b|lines?\b",
    "passes the 60 gridline by January",
    "a number read off the axis' marks: no cell",
)
#: a verb of moving along an axis, with or without its direction: no tick of the list
WALK_VERB = Entry(
    "walk_verb",
    r"(?:and\s+)?(?:ris|climb|increas|ascend|descend|fall|decreas|go|mov|run|step|proceed)"
    r"(?:ing|e?s)(?:\s+(?:up|down|upwards?|downwards?|rightwards?|leftwards?|across|along))?",
    "0.0 at the bottom and increases upward through 0.25, 0.5",
    "the words of a walk between the items of a list",
)

#: verbs by which prose ties an axis to what it shows ("the x axis has four ticks: ...")
AXIS_VERB = Entry(
    "axis_verb",
    # the plural too: "rows carry transects I, II, III"
    r"shows?|is|represents?|plots?|gives?|lists?|holds?|carr(?:y|ies)|has|have|spans?|covers?|"
    r"displays?|contains?|encodes?|runs?\s+over|ranges?\s+over|var(?:y|ies)|corresponds?\s+to|"
    r"are|denotes?|reads?|indicates?|:|=",
    "has",
    "the verb between an axis and its description in a sentence",
)

#: phrases that introduce or close a list of ticks and are not ticks themselves
LIST_LEAD = Entry(
    "list_lead",
    # ("(order de, fr, es on both axes)": the noun alone, opening the list)
    r"\b(?:in\s+(?:the\s+)?(?:this\s+|following\s+|same\s+)?order|^order|namely|(?:from\s+)?(?:left|right|top|"
    r"bottom)\s+to\s+(?:left|right|top|bottom)|(?:are|is)\s+(?:labell?ed|marked)|"
    # ("tick labels are printed as "Batch 64", "Batch 128"")
    r"(?:(?:ticks?|labels?)\s+)?(?:are\s+|is\s+)?printed\s+as|"
    # "labelled from the bottom up as 40°N, ...", "listed from the top row to the bottom row
    # as A, B"
    r"(?:labell?ed|marked|listed|lists|names)(?:\s+[a-z]+){1,8}?\s+as|"
    # ("printed from the top as 4, 8, 16": the walk's direction between the verb and "as")
    r"(?:printed|shown|written|given)(?:\s+(?:from|the|top|bottom|left|right|down|up|in|this|"
    r"that|order)){1,6}\s+as|(?:down|up)(?:wards?)?\s+as|labell?ed|marked|"
    # ("three ticks, which from the bottom up read 0, 60, 120": a relative clause's verb)
    # ("ordered 20, 10, 5, 0 from left to right": the participle opens the list)
    r"listed|ordered|arranged|sorted|which\s+are|which(?:\s+[a-z]+){1,5}?\s+(?:read|are|run)|as\s+follows|i\.e\.|"
    # ("from the top of the figure to the bottom they read 0.1 µM, 1 µM")
    r"(?:they|these)\s+(?:read|are|run|go)|(?:with|"
    + AXIS_VERB.pattern
    + r")\s+(?:\w+\s+)?(?:ticks?|labels?|columns?|rows?|categories|classes|levels|values|groups|"
    # ("with tick labels reading 0.0, 0.1")
    r"entries|markers)(?:\s+reading)?|(?:ticks|labels|columns|rows|categories|classes|levels|values|groups|"
    r"entries|markers|series)(?:\s+(?:are|at|of|reads?|reading|runs?|go(?:es)?))?|(?:lists|shows|spans|covers|includes|"
    r"gives|runs|are|is)(?:\s+the)?)(?:\s*[:\-–—])?\s+",
    "the classes in the order",
    "the words before the first item of a tick list",
)
#: a place on the figure's frame or grid, named beside a tick ("0-10 cm (top)", "Loam in the
#: middle") or after a list ("along the top edge of the plot")
PLACE = Entry(
    "place",
    r"(?:top|bottom|left|right|upper|lower|middle|cent(?:er|re))",
    "Sand at the bottom",
    "where a tick or a list stands on the figure, not part of its name",
)
LIST_TRAIL = Entry(
    "list_trail",
    # ("Sequential Read": a capital makes a name, not the remark "read left to right")
    # ("Repeated reading (dashed orange)": a name; "0.9, reading rightward": a remark)
    r"(?:(?:^|,?\s*(?:\(|\s))(?:listed|(?-i:read)(?:ing)?(?=\s+(?:from|left|right|top|bottom|"
    r"down|up|across|along|in|rightwards?|leftwards?|upwards?|downwards?)\b)|running|going|"
    r"ordered|drawn|arranged|"
    # ("`Bits=8` stacked above it": where the items stand, told by a participle)
    r"(?:stacked|placed|set|lined\s+up|laid\s+out)(?=\s+(?:above|below|under|over|beside|along|"
    r"across|on|in|at)\b)|"
    # ("Upper, Lower, starting at the top": a remark; "starting at the top with Normal, then
    # AF": the walk names its first item)
    r"sorted|(?-i:starting|beginning)(?![^,]*\bwith\b)|"
    r"from\s+(?:the\s+)?(?:top|bottom|left|right))\b.*|,?\s*\(?(?:\b(?:rows?|columns?)\s+)?"
    r"(?:from\s+)?(?:left|right|top|bottom)\s+to\s+(?:left|right|top|bottom)\b.*|"
    # "pt on both axes": where the list stands, not a part of its last item
    r",?\s+(?:on|for|along|across)\s+(?:both|the\s+two)\s+axes\b.*|,?\s*(?:respectively|etc\.?|"
    r"and\s+so\s+(?:on|forth)|in\s+(?:that|this|the\s+same)\s+order)\b.*|,?\s+(?:along|across|under|beneath|above|below|down)\s+the\s+"
    rf"(?:very\s+)?{PLACE.pattern}\s+(?:edge|side|axis|margin)\b.*|"
    # "1, 2, 3, 4 with 1 at the top": which item stands at an edge
    r",?\s+with\s+\S+\s+(?:at|on|in)\s+the\s+(?:top|bottom|left|right)\b.*)$",
    "0.9, reading rightward",
    "a remark after the last item of a tick list",
)

#: words that name a colour, hatching or style in a remark after a value or tick
COLOUR_WORDS = Entry(
    "colour_words",
    r"white|black|gr[ae]y|red|orange|yellow|green|blue|purple|violet|navy|teal|cream|brown|"
    r"pink|cyan|magenta|lavender|gold|salmon|coral|olive|maroon|beige|turquoise|indigo|crimson|"
    r"lime|amber|khaki|ochre|mauve|peach|silver|charcoal|"
    r"pale|dark|light|bright|deep|mid|medium|line|marker|bar|hatched|solid|dashed|dotted|"
    r"circles?|squares?|triangles?|diamonds?|crosses|stars?|dots?",
    "pale yellow",
    "a colour or drawing remark, not a tick",
)

#: "rows are the true class", "Actual \\ Predicted": which axis the rows follow
ROWS_ARE = Entry(
    "rows_are",
    r"\brows?\s+(?:are|=|represent|show|give|correspond\s+to|index|hold|list)\s+(?:the\s+)?"
    r"(?P<rows>[^,;.]+?)\s*(?:[,;.]|\band\b)\s*(?:the\s+)?columns?\s+(?:are|=|represent|show|give|"
    r"correspond\s+to|index|hold|list)?\s*(?:the\s+)?(?P<cols>[^,;.)]+)",
    "rows are the true class, columns the predicted class",
    "a sentence that says which quantity runs down the rows and which across the columns",
)

#: prepositions before a label that name where a value sits ("at 0.5", "to French")
POSITION_PREPOSITIONS = Entry(
    "position_prepositions",
    r"^(?:at|for|in|from|to|into|under|with|on)\s+",
    "to French",
    "a preposition before a tick; the tick follows it",
)

#: a sub-entry of an axis that describes it rather than listing a tick
AXIS_FIELD = Entry(
    "axis_field",
    r"\s*(?:label|title|name|scale|range|units?|type|ticks?|min(?:imum)?|max(?:imum)?|position|"
    r"orientation|format)\s*:",
    "Scale: Linear, 0 to 2000",
    "'* **Y-Axis:**' over '* **Label:** ...', '* **Scale:** ...': fields of the axis, not ticks",
)

#: a title entry that says there is none
NO_TITLE = Entry(
    "no_title",
    r"\s*(?:none|no\s+title|not\s+(?:printed|shown|given)|absent)\b",
    "none printed above the plot",
    "'**Chart title:** none printed above the plot': the figure has no title",
)

#: a count, then the name it is placed under: a value of the data, not a tick
VALUE_PLACED = Entry(
    "value_placed",
    r"^[~≈]?[-−+]?\d[\d.,]*\s*%?\s+(?:[a-z]+\s+)?(?:as|at|for|in|to|into|under|on)\s+\S",
    "37 correctly as warbler",
    "an item of a list that places a number under a name; such a list is data, not ticks",
)

ORDINALS: dict[str, int] = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "left": 1,
    "right": 2,
}
ORDINAL = Entry(
    "ordinal",
    r"\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last)\b",
    "the third row",
    "a position counted from the start (the last one from the end)",
)

NUMBER_WORDS: dict[str, int] = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}

#: words that are never ticks although they stand where a list item may
NOT_TICKS = frozenset(
    {
        "ordered",
        "running",
        "listed",
        "drawn",
        "read",
        "arranged",
        "sorted",
        "log scale",
        "log-scale",
        "log scaled",
        "incrementing",
        "increasing",
        "decreasing",
        "rotated",
        "shown",
        "labelled",
        "labeled",
        "respectively",
        "etc",
        "so on",
        "so forth",
        "…",
        "...",
        "each",
        "in the same order",
        "evenly spaced",
    }
)

#: which heading words open which zone of a description (first match wins, in this order)
ZONE_WORDS: list[tuple[str, str, str]] = [
    (
        "overview",
        r"overview|summary of the image|(?:image|figure|chart)\s+summary|image description|"
        # ("## 1. Chart identity": what the figure is)
        r"description|identification|(?:chart|figure|image)\s+identity",
        "Overview",
    ),
    (
        "components",
        # ("Data Labels (printed above each bar)": the values on the bars, not the axes' labels)
        r"component|axes|axis|legend|layout|dimension|structure|metadata|"
        r"(?<!data )(?<!value )labels|header|"
        r"colou?r\s*(?:bar|scale|map)",
        "Components/Axes",
    ),
    (
        "observations",
        r"observation|take-?aways?|finding|highlight|insight|summary\b|remarks|stands? out|"
        r"notable|key points",
        "Key Observations",
    ),
    (
        "interpretation",
        r"interpretation|conclusion|implication|discussion|analysis of trends",
        "Interpretation",
    ),
    (
        "data",
        r"analysis|extraction|data|content|values|table|transcription|details|grid|cells",
        "Detailed Analysis",
    ),
]

#: (an axis named by the edge it runs along: "Bottom axis", "Side axis")
AXIS_X = Entry(
    "axis_x",
    r"\b(?:x[- ]?axis|horizontal(?:\s+axis)?|(?:bottom|top)[- ]axis|columns?)\b",
    "X-axis",
    "the horizontal axis",
)
AXIS_Y = Entry(
    "axis_y",
    r"\b(?:y[- ]?axis|vertical(?:\s+axis)?|(?:left|side)[- ]axis|rows?)\b",
    "Vertical axis",
    "the rows",
)
#: a bar chart's axes by what they hold, whichever way the bars run: the categories are x
#: (the gold's convention), the value axis spans a range and lists no tick
CATEGORY_AXIS = Entry(
    "category_axis",
    # ("**Categories, top to bottom:** Cell & pack, ...": the noun alone heads the entry)
    # ("Category order on the axis (top to bottom): 18–29, 30–39")
    # ("Vertical (category) axis": the kind in brackets between the direction and "axis")
    r"\b\(?(?:category|categorical|group)\)?\s+axis\b|"
    r"^\W*categor(?:y|ies)(?:\s+(?:order|labels?|names?))?"
    r"(?:\s+(?:on|along)\s+the\s+(?:\w+\s+)?axis)?\s*(?:$|[,(:])",
    "Category axis (vertical): North, Central, South",
    "the axis of a bar chart's groups, x whichever way the bars run",
)
VALUE_AXIS_NAME = Entry(
    "value_axis_name",
    r"\b\(?value\)?\s+axis\b",
    'Value axis (horizontal): "Coverage (%)", 0 to 100',
    "the axis a bar chart's values are measured on; a span, not ticks",
)
LEGEND = Entry("legend", r"\b(?:legend|series)\b", "Legend", "the series of a bar or line chart")
COLOUR_BAR = Entry(
    "colour_bar",
    r"colou?r[- ]?(?:bar|scale|legend|map|mapping|gradient)s?|\bscale\b",
    "Colour bar",
    "the colour scale and its range",
)

#: words that make a sentence about one cell a claim (an extreme), not a statement of it
EXTREME = Entry(
    "extreme",
    r"(?<!/)\b(?:highest|lowest|largest|smallest|strongest|weakest|darkest|brightest|palest|best|worst|"
    r"peaks?|maximum|minimum|max|min|top|bottom)\b"
    # "the top-left corner", "the bottom row": a place on the grid, not an extreme
    r"(?![- ](?:left|right|row|edge|corner|of\s+the\s+(?:grid|map|plot|figure|chart)))",
    "The highest rate, 80.1, is LFU with 4 MB",
    "a sentence that names an extreme of the panel",
)

#: an end of the colour scale a cell is compared to: the extreme word names the scale, not a cell
SCALE_END = Entry(
    "scale_end",
    r"\b(?:top|bottom|end|maximum|minimum|max|min|upper\s+end|lower\s+end)\s+of\s+the\s+"
    r"(?:legend|colou?r\s*bar|colou?r\s+scale|scale|palette|gradient)\b",
    "reads 112, matching the top of the legend",
    "'the cell at the bottom of the colour bar' is no claim about the panel's extreme",
)

#: what follows a number that is a difference from another series ("16 pages above Control")
ABOVE_OTHER = Entry(
    "above_other",
    # (the other series' name capitalised: "above the dashed line" places, it does not compare)
    r"\s*(?:[A-Za-z%]+\s+)?(?:above|below)\s+(?:the\s+)?(?-i:[A-Z])",
    " WCPM above Control",
    "the number before it is how far one series lies from another, not a cell",
)

#: a sentence that compares two cells: its number is a difference, not a cell
COMPARISON = Entry(
    "comparison",
    r"\b(?:than|better|worse|higher|lower|more|less|fewer|increases?|decreases?|drops?|falls?|"
    r"rises?|gains?|improves?|improvement|points?|pp|difference|gap|delta|margin|ahead|behind|"
    r"times|ratio|between)\b|"
    # "ends 19 WCPM above Control": a number, its unit, then above or below another series
    rf"\d{ABOVE_OTHER.pattern}",
    "the 7B model at 4k is 10 points better than at 16k",
    "a clause whose number compares cells instead of stating one",
)

#: words before a number that make it a bound, not a value ("already below 50% by 4h")
BOUND = Entry(
    "bound",
    r"\b(?:below|above|under|over|beyond|past|within|exceeds?|exceeding|(?:less|more|fewer|greater|"
    r"lower|higher)\s+than|at\s+(?:least|most)|up\s+to|no\s+more\s+than|almost|nearly)\b",
    "stays above 0.9 after epoch 3",
    "the number after these words limits a cell; it does not state one",
)

#: verbs between a cell's name and its value ("Route 9 reached 75.4%", "the cell reads 0.12")
STATES = Entry(
    "states",
    r"\b(?:reads?|reached|reaches|is|was|sits\s+at|stands\s+at|shows?|gives?|scores?|scored|"
    r"hits?|equals?|comes\s+to|came\s+to|records?|recorded|measures?|measured|converted|"
    r"managed|peaks?\s+at|at|(?:is\s+|are\s+)?(?:printed|shown|given|marked)\s+as|"
    r"labell?ed|annotated(?:\s+with)?)\b",
    "while Route 9 reached 75.4%; its Summer bar is a stub labelled 0.3",
    "the words that tie a value to the cell named before it",
)

#: the fields of one series' description: properties of the series, never a series' name
SERIES_FIELD = Entry(
    "series_field",
    r"colou?r|marker(?:s|\s+(?:style|shape))?|(?:line\s+)?style|line|shape|pattern|fill|"
    # ("Approximate data points (Batch size, Throughput):": a word on how they were read)
    r"(?:(?:approximate|estimated|key|selected|printed|labell?ed|annotated|legible)\s+)?"
    r"(?:trend|shape\s+of\s+the\s+curve|data(?:\s+points?|\s+values?)?|points|values|"
    r"description|appearance|visual(?:\s+encoding)?)"
    # "Data points as (steps, BLEU)", "Values from 10k to 160k"
    r"(?:\s+(?:as|in|listed|given)|\s+from\s+\S+\s+to\s+\S+)?",
    "Color",
    "'- Color: Blue (solid)', '- Data Points:' under a series: fields of that series",
)

#: an axis that carries a continuous scale, whose range is not a list of ticks
VALUE_AXIS = Entry(
    "value_axis",
    r"\b(?:linear|log(?:arithmic)?(?:[- ]scaled?)?|gridlines?|scale\s+(?:from|of)|continuous)\b",
    "linear, 40 to 80, gridlines every 10",
    "a value axis; '40 to 80' is its range, not forty-one ticks",
)

#: the figure prints no value in its cells: prose numbers are colour readings, not cells
NO_VALUES = Entry(
    "no_values",
    r"\bno\s+(?:(?:cell|numerical|numeric|data)\s+)?(?:values?|numbers?|annotations?|labels?)\s+"
    r"(?:are\s+)?(?:printed|shown|"
    # ("the Wake/N3 square is blank, with no number printed in it": one cell, not the figure)
    r"written|annotated|given)\b(?!\s+(?:in|on|inside)\s+(?:it|that|this|the\s+(?:square|cell|tile))\b)"
    r"|\bno\s+printed\s+(?:(?:data|value)\s+)?(?:values?|numbers?|labels)\b|\b(?:cells\s+are|is)\s+"
    r"(?:not\s+annotated|unannotated)\b|\bno\s+(?:values?|numbers?)\s+(?:in|inside)\s+the\s+cells\b|"
    # ("The bars carry no value labels", "the cells have no annotations")
    r"\b(?:carry|carries|have|has|bear|bears|show|shows)\s+no\s+(?:(?:value|data|numeric)\s+)?"
    # (not "no annotations beyond the counts themselves")
    r"(?:labels|annotations|values|numbers)\b(?!\s+(?:beyond|besides|other\s+than|apart\s+from|except))|"
    # ("There are no data labels on the bars")
    r"\bthere\s+are\s+no\s+(?:(?:data|value|numeric)\s+)?(?:labels|annotations)\b",
    "No numbers are printed in the cells.",
    "the description reads values off the colours, so its numbers are ranges, not cells",
)

#: the diagonal of a square matrix carries no value on purpose
DIAGONAL = Entry(
    "diagonal",
    r"^\s*(?:(?:the|all|every)\s+)?(?:diagonal(?:\s+(?:cells?|entries|values))?|"
    r"self[- ]?(?:correlation|similarity|pairs?|agreement)?|itself|with\s+itself)\s*$",
    "Self-correlation",
    "a label naming the diagonal: the row's own column, or every diagonal cell",
)
DIAGONAL_BLANK = Entry(
    "diagonal_blank",
    r"\bdiagonal\b[^.;]{0,60}?\b(?:blank|empty|masked|gr[ae]y(?:ed)?|not\s+shown|omitted|no\s+(?:text|"
    r"values?|numbers?))\b|\bno\s+(?:values?|numbers?)\s+on\s+the\s+diagonal\b",
    "The diagonal cells are greyed out",
    "the diagonal cells are not part of the stated grid",
)

#: both axes list the same ticks ("each with the classes a, b, c")
BOTH_AXES = Entry(
    "both_axes",
    r"\b(?:each|both)\s+(?:axis\s+|axes\s+)?(?:with|list|lists|listing|show|showing|has|have|"
    r"having|carry|carrying|use|using|in\s+the\s+order|ordered|listed|sorted|follows?|"
    # ("each list follows the columns": "list" the noun, a data line's, not a verb of axes)
    r"following)\b(?<!each\slist)|"
    r"\bsame\s+(?:classes|labels|ticks|"
    r"categories)\s+on\s+both|\b(?:label|on|along)\s+both\s+axes\b|\bin\s+both\s+directions\s*:",
    "each with the classes book, cancel, ask",
    "the two axes carry the same ticks",
)

#: how prose names the horizontal and the vertical axis
PROSE_X = Entry(
    "prose_x",
    # "horizontal **p** (draft temperature: 0.2, 0.4)": the bare direction word
    # ("Horizontal: *Warmup steps* (0, 500)": the bare direction word before a colon)
    r"x[- ]?axis|horizontal(?:\s+axis|(?=\s*:)|(?=\s+[^\s(]+(?:\s+[^\s(]+){0,3}\s*\())|"
    r"(?<!by[- ])columns?(?![- ]by\b)|"
    r"bottom(?=\s*\()|bottom\s+(?:edge|axis)|"
    # "the axes: x is "Strength" (0, 1, 2)": the bare letter as the subject
    r"(?<![\w.×*])x(?=\s+(?:is|shows|gives|carries)\s)",
    "years along the bottom (2019, 2020)",
    "the horizontal axis, in a sentence",
)
PROSE_Y = Entry(
    "prose_y",
    r"y[- ]?axis|vertical(?:\s+axis|(?=\s*:)|(?=\s+[^\s(]+(?:\s+[^\s(]+){0,3}\s*\())|"
    r"(?<!by[- ])rows?(?![- ]by\b)|"
    r"side(?=\s*\()|side\s+axis|left\s+(?:edge|side)|"
    r"(?<![\w.×*])y(?=\s+(?:is|shows|gives|carries)\s)",
    "regions up the side (North, South)",
    "the vertical axis, in a sentence",
)

#: words between a count and the class it was assigned to ("3 were predicted as Granite")
ASSIGNED = Entry(
    "assigned",
    r"as|under|for|in|into|to|labell?ed|called|named|classified\s+as|identified\s+as",
    "5 sandstone samples were called Granite",
    "a count in prose and the column (predicted class) it was assigned to",
)

#: the line that opens one panel of several: a panel word and its number or letter
PANEL_OPENER = Entry(
    "panel_opener",
    r"^(?:(?:panel|chart|figure|subplot|sub-figure|heatmap|plot|map|graph|matrix)\s*\(?"
    r"(?:\d{1,2}|[a-h]|[ivx]{1,4})\)?|"
    # ("LEFT PANEL — GPCP observations": a panel named by where it stands)
    r"(?:left|right|top|bottom|upper|lower|middle|cent(?:re|er))[- ](?:panel|chart|heatmap|plot))$",
    "Chart 2",
    "a 'Chart 2: \"Away games\"' line names the panel whose values follow",
)

#: a field or a section named for the numbers it holds ("**Values:** 4K ≈ 0.82", "Notable
#: cells"): what follows is data, whatever else the heading says
VALUES_NAME = Entry(
    "values_name",
    r"cells|values|readings|numbers|data\s+points",
    "Notable cells",
    "a field or section that holds cell values, not a remark on them",
)

#: verbs that end the words before a row's values ("the full row reads 0.121, 0.109")
READS = Entry(
    "reads",
    r"reads?|is|are|shows?|gives?",
    "the full row reads",
    "words ending in one of these verbs introduce a list of values",
)

#: words that open a list inside a sentence and are not its first item
LIST_OPENING = Entry(
    "list_opening",
    r"(?:with|the|of|for|including|namely|like)\s",
    "with the species thrush, wren, finch",
    "'with the species thrush, wren': the words before the first item of a list in prose",
)

#: an entry about an element of the figure rather than its entries ("Legend placement")
#: a phrase that says where an element is drawn ("Legend: inside the plot area, top right")
ELEMENT_PLACE = Entry(
    "element_place",
    r"^\s*(?:(?:located|placed|positioned|shown|drawn|sits?)\s+(?=in|at|on|to|inside|outside|"
    r"above|below|under)|)(?:inside|outside|above|below|beneath|under|within|next\s+to|beside|"
    r"in\s+the\s+(?:center|centre|middle)|"
    r"(?:at|in|on|to)\s+the\s+(?:very\s+)?(?:top|bottom|left|right|upper|lower|corner|side|"
    r"plot|chart|figure|margin|lower|upper)|(?:upper|lower|top|bottom)[- ](?:left|right|"
    r"centre|center)\b|(?:top|bottom|left|right)\s+of\s+the\b)",
    "inside the plot area, not overlapping any data",
    "a legend or colour bar entry that tells where the element is, not what it lists",
)

ABOUT_ELEMENT = Entry(
    "about_element",
    r"\b(?:placement|position|location|orientation|font|styling|details|notes)\b",
    "Axis/legend details",
    "a label that describes how an element is drawn, not what it lists",
)

#: a remark that follows a stated cell ("reads 3.4, which is the smallest printed number")
WHICH_REMARK = Entry(
    "which_remark",
    r",\s+which\s+(?:is|was|makes|marks)\b",
    "Batch 64 at TP=1 reads 3.4, which is the smallest",
    "the clause after it comments on the cell; its numbers are no cell",
)

#: the words that can only name an axis in a sentence ("bottom" may be "from top to bottom")
AXIS_NAMED_X = Entry(
    "axis_named_x",
    r"x[- ]?axis|horizontal(?:\s+axis)?|(?<!by[- ])columns?(?![- ]by\b)|"
    r"(?<![\w.×*])x(?=\s+(?:is|shows|gives|carries)\s)",
    "horizontal axis",
    "names the horizontal axis wherever it stands",
)
AXIS_NAMED_Y = Entry(
    "axis_named_y",
    r"y[- ]?axis|vertical(?:\s+axis)?|(?<!by[- ])rows?(?![- ]by\b)|"
    r"(?<![\w.×*])y(?=\s+(?:is|shows|gives|carries)\s)",
    "vertical axis",
    "names the vertical axis wherever it stands",
)

#: the edges that name an axis after "along the" / "down the"
EDGE_X = Entry(
    "edge_x",
    r"bottom(?:\s+(?:axis|edge))?",
    "bottom edge",
    "an edge that carries the horizontal axis' ticks",
)
EDGE_Y = Entry(
    "edge_y",
    r"left(?:\s+(?:side|axis|edge))?",
    "left side",
    "an edge that carries the vertical axis' ticks",
)

#: the top edge, where a heatmap may print its column labels: in a sentence that lists
#: ticks, the horizontal axis (not in the older prose patterns of meta, which read it otherwise)
EDGE_TOP = Entry(
    "edge_top",
    r"top\s+(?:axis|edge)",
    "target languages sit along the top edge as en, pt, nl, pl",
    "an edge that carries the column labels",
)

#: what names one axis in a sentence: its words, or the edge it runs along ("down the left")
AXIS_OR_EDGE = {
    role: rf"\b(?:{named}|(?:along|down|up|across|on)\s+the\s+(?:{edge}))\b"
    for role, named, edge in (
        (
            "x",
            f"{AXIS_NAMED_X.pattern}|{CATEGORY_AXIS.pattern}",
            f"{EDGE_X.pattern}|{EDGE_TOP.pattern}",
        ),
        ("y", AXIS_NAMED_Y.pattern, EDGE_Y.pattern),
    )
}

#: a unit in words said once after a list's last item, for every item ("80+ (years)")
#: a bar chart, named as a chart or by its bars ("a grouped column chart", "grouped vertical bars")
BAR_CHART = Entry(
    "bar_chart",
    r"\b(?:bar|column)\s+(?:chart|graph|plot)|\b(?:grouped|stacked|clustered)\s+"
    r"(?:(?:vertical|horizontal)\s+)?bars\b",
    "grouped vertical bars",
    "the figure is a bar chart: categories on x, the legend's series on y",
)

#: the word after a tick for what the tick labels ("the Gov. bonds row", "the 1000 m row")
TICK_NOUN = Entry(
    "tick_noun",
    r"rows?|columns?|series|lines?|bars?|groups?|clusters?|bands?|tiles?|cells?|squares?|bins?",
    "row",
    "after a tick (and its unit), says the tick names a row, column or series",
)

UNIT_WORD = Entry(
    "unit_word",
    r"years?|yrs|months?|weeks?|days?|hours?|hrs|minutes?|mins|seconds?|secs|tokens|steps|"
    r"epochs|samples|people|patients|cells|points|percent",
    "years",
    "a unit in brackets after the last tick that applies to the whole list",
)

#: a label that says how the data is walked, not which axis it declares
READING_WALK = Entry(
    "reading_walk",
    r"^\s*(?:reading|read|going|moving|working|scanning|taken)\s+"
    r"(?:across|along|down|through|over|by|row\s+by|column\s+by)\b",
    "Reading across the rows",
    "the words before a colon that tell the order of the values after it; no axis is declared",
)

#: the verbs before "on the x-axis" ("Irrigation levels (low, high) are on the x-axis")
ON_AXIS_VERB = Entry(
    "on_axis_verb",
    r"are|is|run|runs|sit|sits|go|goes|appear|appears",
    "sit",
    "a verb that places a named list on an axis",
)

#: a field under a row's heading that holds the row's values ("**Values:** 4K ≈ 0.82")
VALUES_FIELD = Entry(
    "values_field",
    rf"{VALUES_NAME.pattern}|value|reading|data|points?",
    "Data",
    "a field whose body is the values of the row (or column) its heading names",
)

#: a count of the figure's own parts: how many there are, not a value of one
PARTS_COUNT = Entry(
    "parts_count",
    r"(?<![\w.])\d+\s+(?:(?:annotated|printed|labelled|numbered|coloured|shaded|visible)\s+)?"
    r"(?:cells|rows|columns|panels|ticks|squares|bars|markers|entries)\b",
    "Rather than transcribing all 20 cells",
    "the number counts the chart's cells, rows or marks; no cell holds it",
)

ENTRIES: tuple[Entry, ...] = (
    ORDER_LEFT_RIGHT,
    PANEL_OPENER,
    ASSIGNED,
    SUMMARY,
    ORDER_BOTTOM_UP,
    ORDER_TOP_DOWN,
    LIST_LEAD,
    LIST_TRAIL,
    COLOUR_WORDS,
    ROWS_ARE,
    POSITION_PREPOSITIONS,
    VALUE_PLACED,
    AXIS_FIELD,
    NO_TITLE,
    ORDINAL,
    AXIS_X,
    AXIS_Y,
    LEGEND,
    COLOUR_BAR,
    AXIS_VERB,
    BOTH_AXES,
    VALUE_AXIS,
    DIAGONAL,
    DIAGONAL_BLANK,
    PLACE,
    EXTREME,
    PROSE_X,
    PROSE_Y,
    CATEGORY_AXIS,
    VALUE_AXIS_NAME,
    NO_VALUES,
    PARTS_COUNT,
    ABOVE_OTHER,
    COMPARISON,
    BOUND,
    STATES,
    SCALE_END,
    SERIES_FIELD,
    VALUES_NAME,
    READS,
    LIST_OPENING,
    ABOUT_ELEMENT,
    ELEMENT_PLACE,
    WHICH_REMARK,
    AXIS_NAMED_X,
    AXIS_NAMED_Y,
    EDGE_X,
    EDGE_Y,
    EDGE_TOP,
    ON_AXIS_VERB,
    VALUES_FIELD,
    READING_WALK,
    UNIT_WORD,
    WALK_VERB,
    AXIS_MARK,
)
