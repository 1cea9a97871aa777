"""The HTML report: jinja2 pages that open from disk, offline, with every text escaped.

``provenance`` says what produced a page, ``document`` and ``index`` build the
data a page shows (pure functions of the tables), ``html`` renders the templates
of ``figdata/templates`` and ``site`` writes a shard's pages or the index.
"""
