"""The jinja2 environment of the report: autoescaping for every template, whatever its name.

Document text is data. With autoescaping on everywhere, ``<script>`` in a title
is printed as text and ``{{ 7*7 }}`` in a description is a string, never a
template (document text is only ever a value, never template source). Undefined
names fail loudly instead of printing nothing. The Content-Security-Policy of
every page forbids scripts, inline or not, and anything not local.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

CSP = (
    "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'none'; "
    "object-src 'none'; base-uri 'none'; form-action 'none'"
)
STYLESHEET = "report.css"


@cache
def environment():
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("figdata", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=False,
        keep_trailing_newline=True,
    )


def render(template: str, **context) -> str:
    return environment().get_template(template).render(csp=CSP, **context)


def stylesheet() -> bytes:
    return resources.files("figdata").joinpath("templates", STYLESHEET).read_bytes()
