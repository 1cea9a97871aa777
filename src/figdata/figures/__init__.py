"""Figures redrawn from the validated tables (matplotlib, Agg, deterministic files).

``grid`` turns a document's tables into what is drawn (pure data), ``labels``
makes any text safe to print, ``canvas`` draws heatmap documents on reused
figures, ``charts`` bar and line panels, ``comparison`` and ``overview`` the
figures built on top, ``output`` writes byte-stable PNG and SVG, and ``shard``
renders a shard with a digest-keyed cache.
"""
